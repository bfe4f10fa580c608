/* test_binding.c: who a session speaks for, and the bots that sit at its
 * table.
 *
 * A session bound to one seat may name no other (not_your_seat), a
 * spectator's only watches, and neither gets a save while the game is on;
 * the dispatcher checks these once for every command, after "is there a
 * game" and "is it a seat". With "seating", bots play their seats by
 * themselves after each request, and every answer that changes the game
 * carries the steps applied, as the session's seat may see them. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/session.h"
#include "pf_test.h"

static const char *code_of(const cJSON *r)
{
    const cJSON *e = cJSON_GetObjectItem(r, "error");
    return e ? cJSON_GetObjectItem(e, "code")->valuestring : "ok";
}

/* Sends line and checks the answer's code ("ok" when it went through). */
static void expect(pf_session *s, const char *line, const char *code)
{
    cJSON *r = pf_test_ask(s, line);
    if (strcmp(code_of(r), code) != 0)
        fail_msg("%s: expected %s, got %s", line, code, cJSON_PrintUnformatted(r));
    cJSON_Delete(r);
}

static const char *const PIZZA =
    "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":3,\"seed\":5,\"options\":{\"switches\":false}}";

/* Every command that names a seat refuses another seat's, for a bound
 * session; its own seat goes through. */
static void a_bound_seat_speaks_for_itself_only(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    pf_session_bind(&s, 1);
    expect(&s, PIZZA, "ok");
    static const char *const others[] = {
        "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\"}",
        "{\"cmd\":\"legal\",\"seat\":0}",
        "{\"cmd\":\"view\",\"seat\":2}",
        "{\"cmd\":\"bot\",\"seat\":0}",
        "{\"cmd\":\"plan\",\"seat\":0}",
        "{\"cmd\":\"undo\",\"seat\":0}",
    };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        expect(&s, others[i], "not_your_seat");
    assert_int_equal(pf_session_match(&s)->nsteps, 0);
    expect(&s, "{\"cmd\":\"legal\",\"seat\":1}", "ok");
    expect(&s, "{\"cmd\":\"view\",\"seat\":1}", "ok");
    expect(&s, "{\"cmd\":\"view\",\"seat\":-1}", "ok"); /* what everyone sees */
    expect(&s, "{\"cmd\":\"act\",\"seat\":1,\"action\":\"flip 1\"}", "not_your_turn");
    expect(&s, "{\"cmd\":\"result\"}", "ok");
    expect(&s, "{\"cmd\":\"games\"}", "ok");
    pf_session_fini(&s);
}

/* The dispatcher's order: no game, then a seat that does not exist, then
 * whose seat it is. */
static void the_dispatcher_checks_game_then_seat_then_owner(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    pf_session_bind(&s, 1);
    expect(&s, "{\"cmd\":\"legal\",\"seat\":0}", "no_game");
    expect(&s, "{\"cmd\":\"save\"}", "no_game");
    expect(&s, PIZZA, "ok");
    expect(&s, "{\"cmd\":\"legal\",\"seat\":7}", "bad_seat");
    expect(&s, "{\"cmd\":\"legal\",\"seat\":\"0\"}", "bad_request");
    expect(&s, "{\"cmd\":\"act\",\"seat\":-1,\"action\":\"flip 1\"}", "bad_seat");
    expect(&s, "{\"cmd\":\"legal\",\"seat\":0}", "not_your_seat");
    pf_session_fini(&s);
}

/* A spectator views as -1, asks for the result and the games, and nothing
 * else that concerns a seat. */
static void a_spectator_only_watches(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    pf_session_bind(&s, PF_SEAT_SPECTATOR);
    expect(&s, PIZZA, "ok");
    expect(&s, "{\"cmd\":\"view\",\"seat\":-1}", "ok");
    expect(&s, "{\"cmd\":\"result\"}", "ok");
    expect(&s, "{\"cmd\":\"games\"}", "ok");
    static const char *const refused[] = {
        "{\"cmd\":\"view\",\"seat\":0}",
        "{\"cmd\":\"legal\",\"seat\":0}",
        "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\"}",
        "{\"cmd\":\"bot\",\"seat\":0}",
        "{\"cmd\":\"plan\",\"seat\":0}",
        "{\"cmd\":\"undo\",\"seat\":0}",
        "{\"cmd\":\"wait\",\"t\":100}",
        "{\"cmd\":\"save\"}",
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        expect(&s, refused[i], "not_your_seat");
    assert_int_equal(pf_session_match(&s)->nsteps, 0);
    pf_session_fini(&s);
}

/* A save holds the seed, the whole deal: a bound session gets it only once
 * the game is over, and "new" and "load" keep the binding. */
static void a_save_waits_for_the_end(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    pf_session_bind(&s, 0);
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seed\":2,\"seating\":[\"ana\",\"random\"]}",
           "ok");
    expect(&s, "{\"cmd\":\"save\"}", "not_your_seat");
    while (!pf_match_over(pf_session_match(&s), NULL))
        expect(&s, "{\"cmd\":\"bot\",\"seat\":0}", "ok");
    cJSON *r = pf_test_ask(&s, "{\"cmd\":\"save\"}");
    assert_string_equal(code_of(r), "ok");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(r, "spoiler")));
    /* Loading it back keeps the session bound: the game is over, so the
     * save is still allowed, but another seat is not. */
    cJSON *load = cJSON_CreateObject();
    cJSON_AddStringToObject(load, "cmd", "load");
    cJSON_AddItemReferenceToObject(load, "replay", cJSON_GetObjectItem(r, "replay"));
    char *text = cJSON_PrintUnformatted(load);
    expect(&s, text, "ok");
    expect(&s, "{\"cmd\":\"view\",\"seat\":1}", "not_your_seat");
    free(text);
    cJSON_Delete(load);
    cJSON_Delete(r);
    /* A game without the bound seat is refused, and the old one stays. */
    const pf_match *before = pf_session_match(&s);
    pf_session_bind(&s, 4);
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2}", "bad_seats");
    assert_ptr_equal(pf_session_match(&s), before);
    pf_session_fini(&s);
}

/* The number of the answer's "steps", and the seat of the last one. */
static int steps_of(const cJSON *r, int *last_seat)
{
    const cJSON *steps = cJSON_GetObjectItem(r, "steps");
    assert_true(cJSON_IsArray(steps));
    int n = cJSON_GetArraySize(steps);
    if (n > 0 && last_seat)
        *last_seat = cJSON_GetObjectItem(cJSON_GetArrayItem(steps, n - 1), "seat")->valueint;
    return n;
}

/* Turn-based: after the person's move the bots play until the person must
 * act again, and the answer lists every step, theirs too. */
static void bots_play_their_turns(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON *r = pf_test_ask(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seed\":9,"
                               "\"seating\":[\"ana\",\"bot:memory\",\"random\"]}");
    assert_string_equal(code_of(r), "ok");
    assert_int_equal(cJSON_GetObjectItem(r, "seats")->valueint, 3);
    assert_int_equal(steps_of(r, NULL), 1); /* the setup */
    cJSON_Delete(r);
    r = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 0\"}");
    assert_string_equal(code_of(r), "ok");
    int last = -1, n = steps_of(r, &last);
    const pf_match *m = pf_session_match(&s);
    if (!pf_match_over(m, NULL)) {
        assert_true(n >= 3); /* ana, then both bots */
        assert_int_equal(last, 2);
        assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "to_act"), 0)->valueint, 0);
    }
    assert_int_equal(m->nsteps, n);
    /* The answer's own events are the person's step's, as before. */
    assert_true(cJSON_Compare(cJSON_GetObjectItem(r, "events"),
                              cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "steps"), 0),
                                                  "events"),
                              true));
    cJSON_Delete(r);
    /* Bots only: the game plays to its end inside "new". */
    r = pf_test_ask(&s, "{\"cmd\":\"new\",\"game\":\"pancake\",\"seed\":4,"
                        "\"seating\":[\"bot:medium\",\"random\",\"random\"]}");
    assert_string_equal(code_of(r), "ok");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "over")));
    assert_int_equal(steps_of(r, NULL), pf_session_match(&s)->nsteps + 1);
    cJSON_Delete(r);
    pf_session_fini(&s);
}

/* Real time: the bots' moves due by the request's time are played, in
 * time order, before and after the person's; none later. */
static void bots_play_in_real_time_up_to_t(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pakupaku\",\"seed\":4,"
               "\"seating\":[\"ana\",\"bot:adult\"]}", "ok");
    assert_int_equal(pf_session_match(&s)->nsteps, 0);
    expect(&s, "{\"cmd\":\"wait\"}", "bad_request");
    expect(&s, "{\"cmd\":\"wait\",\"t\":-1}", "bad_request");
    int64_t until = 0;
    int bot_steps = 0;
    for (int round = 0; round < 12; round++) {
        until += 700;
        char line[160];
        if (round % 3 == 2)
            snprintf(line, sizeof line,
                     "{\"cmd\":\"act\",\"seat\":0,\"action\":\"roll\",\"t\":%lld}",
                     (long long)until);
        else
            snprintf(line, sizeof line, "{\"cmd\":\"wait\",\"t\":%lld}", (long long)until);
        cJSON *r = pf_test_ask(&s, line);
        const cJSON *steps = cJSON_GetObjectItem(r, "steps");
        double previous = 0;
        for (const cJSON *st = steps ? steps->child : NULL; st; st = st->next) {
            double t = cJSON_GetObjectItem(st, "t")->valuedouble;
            assert_true(t <= (double)until);
            assert_true(t >= previous);
            previous = t;
            bot_steps += cJSON_GetObjectItem(st, "seat")->valueint == 1;
        }
        cJSON_Delete(r);
        if (pf_match_over(pf_session_match(&s), NULL))
            break;
    }
    assert_true(bot_steps > 0);
    /* The bot's next move is due after the last time asked for. */
    const pf_match *m = pf_session_match(&s);
    assert_true(m->now <= until);
    pf_session_fini(&s);
}

/* "seating" is read strictly and must agree with "seats". */
static void seating_is_checked(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seating\":\"ana,bob\"}", "bad_request");
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seating\":[\"ana\",2]}", "bad_request");
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seating\":[\"ana\",\"\"]}", "bad_seats");
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seating\":[\"ana\",\"b,c\"]}",
           "bad_seats");
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seating\":[\"ana\",\"bot:nobody\"]}",
           "unknown_bot");
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":3,\"seating\":[\"ana\",\"bob\"]}",
           "bad_seats");
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seating\":[\"ana\"]}", "bad_seats");
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seating\":[\"a\",\"b\",\"c\",\"d\",\"e\","
               "\"f\",\"g\",\"h\",\"i\"]}", "bad_seats");
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seating\":[\"ana\",\"a name far too long "
               "for a seat at any table\"]}", "bad_seats");
    assert_null(pf_session_match(&s));
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seating\":[\"ana\",\"bob\"]}",
           "ok");
    pf_session_fini(&s);
}

/* The shapes of the steps: the setup has no action, an undo its own. */
static void steps_have_their_shapes(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    pf_session_bind(&s, 0);
    cJSON *r = pf_test_ask(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":3}");
    const cJSON *setup = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "steps"), 0);
    assert_int_equal(cJSON_GetObjectItem(setup, "step")->valueint, -1);
    assert_null(cJSON_GetObjectItem(setup, "action"));
    assert_true(cJSON_IsArray(cJSON_GetObjectItem(setup, "events")));
    cJSON_Delete(r);
    /* Pizza Party's flips show a piece: never fair to take back. */
    expect(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 3\"}", "ok");
    expect(&s, "{\"cmd\":\"undo\",\"seat\":0}", "illegal_action");
    assert_int_equal(pf_session_match(&s)->nsteps, 1);
    pf_session_fini(&s);

    /* Asking a seat about a pancake shows nothing yet: fair to take back. */
    pf_session_init(&s);
    pf_session_bind(&s, 0);
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pancake\",\"seats\":2,\"seed\":1}", "ok");
    expect(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"toss 0.50\"}", "ok");
    expect(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"pick\"}", "ok");
    r = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"ask 2\"}");
    const cJSON *step = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "steps"), 0);
    assert_int_equal(cJSON_GetObjectItem(step, "step")->valueint, 2);
    assert_string_equal(cJSON_GetObjectItem(step, "action")->valuestring, "ask 2");
    cJSON_Delete(r);
    expect(&s, "{\"cmd\":\"undo\",\"seat\":1}", "not_your_seat");
    r = pf_test_ask(&s, "{\"cmd\":\"undo\",\"seat\":0}");
    assert_string_equal(code_of(r), "ok");
    step = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "steps"), 0);
    assert_int_equal(cJSON_GetObjectItem(step, "undo")->valueint, 2);
    assert_int_equal(cJSON_GetObjectItem(step, "seat")->valueint, 0);
    assert_null(cJSON_GetObjectItem(step, "events"));
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "to_act"), 0)->valueint, 0);
    assert_int_equal(pf_session_match(&s)->nsteps, 2);
    cJSON_Delete(r);
    pf_session_fini(&s);
}

/* The real program: --seat and --spectator bind the engine, strictly. */
static void the_engine_binds_from_its_flags(void **state)
{
    (void)state;
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "printf '%%s\\n' '{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":1}' "
             "'{\"cmd\":\"legal\",\"seat\":0}' '{\"cmd\":\"legal\",\"seat\":1}' | %s engine "
             "--seat 1",
             pf_test_bin());
    char *out = pf_test_run(cmd);
    const char *second = strchr(out, '\n') + 1, *third = strchr(second, '\n') + 1;
    assert_true(strncmp(second, "{\"ok\":false,\"error\":{\"code\":\"not_your_seat\"", 42) == 0);
    assert_true(strncmp(third, "{\"actions\":", 11) == 0);
    free(out);
    snprintf(cmd, sizeof cmd,
             "printf '%%s\\n' '{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":1}' "
             "'{\"cmd\":\"save\"}' | %s engine --spectator",
             pf_test_bin());
    out = pf_test_run(cmd);
    assert_non_null(strstr(strchr(out, '\n'), "not_your_seat"));
    free(out);
    /* Unbound by default: the owner saves mid-game. */
    snprintf(cmd, sizeof cmd,
             "printf '%%s\\n' '{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":1}' "
             "'{\"cmd\":\"save\"}' | %s engine",
             pf_test_bin());
    out = pf_test_run(cmd);
    assert_non_null(strstr(out, "\"spoiler\":true"));
    free(out);
    static const char *const bad[] = {"--seat", "--seat 8", "--seat 1x", "--seat 0 --spectator",
                                      "--spectator --spectator", "--watch"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(cmd, sizeof cmd, "%s engine %s </dev/null 2>/dev/null; echo \"status $?\"",
                 pf_test_bin(), bad[i]);
        out = pf_test_run(cmd);
        if (strcmp(out, "status 2\n") != 0)
            fail_msg("engine %s: %s", bad[i], out);
        free(out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_bound_seat_speaks_for_itself_only),
        cmocka_unit_test(the_dispatcher_checks_game_then_seat_then_owner),
        cmocka_unit_test(a_spectator_only_watches),
        cmocka_unit_test(a_save_waits_for_the_end),
        cmocka_unit_test(bots_play_their_turns),
        cmocka_unit_test(bots_play_in_real_time_up_to_t),
        cmocka_unit_test(seating_is_checked),
        cmocka_unit_test(steps_have_their_shapes),
        cmocka_unit_test(the_engine_binds_from_its_flags),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
