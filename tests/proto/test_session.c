/* test_session.c: the engine protocol, request by request, on Pizza Party.
 *
 * Every command answers; every kind of bad input gets its error code and
 * leaves the session's game exactly as it was. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/session.h"
#include "pf_test.h"


static bool ok(const cJSON *r)
{
    return cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
}

static const char *error_code(const cJSON *r)
{
    const cJSON *e = cJSON_GetObjectItem(r, "error");
    return e ? cJSON_GetObjectItem(e, "code")->valuestring : "";
}

static void expect_error(pf_session *s, const char *line, const char *code)
{
    cJSON *r = pf_test_ask(s, line);
    assert_false(ok(r));
    if (strcmp(error_code(r), code) != 0)
        fail_msg("%s: expected %s, got %s", line, code, error_code(r));
    assert_true(strlen(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "error"), "message")
                           ->valuestring) > 0);
    cJSON_Delete(r);
}

static const char *const NEW_GAME =
    "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":3,\"seed\":5,"
    "\"options\":{\"switches\":false}}";

static void new_legal_act_view_result(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON *r = pf_test_ask(&s, NEW_GAME);
    assert_true(ok(r));
    assert_string_equal(cJSON_GetObjectItem(r, "game")->valuestring, "pizza");
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "to_act"), 0)->valueint, 0);
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(r, "over")));
    cJSON_Delete(r);
    /* Mid-game a save holds the seed: marked as a spoiler. */
    r = pf_test_ask(&s, "{\"cmd\":\"save\"}");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "spoiler")));
    cJSON_Delete(r);

    r = pf_test_ask(&s, "{\"cmd\":\"legal\",\"seat\":0}");
    assert_true(ok(r));
    cJSON *acts = cJSON_GetObjectItem(r, "actions");
    assert_int_equal(cJSON_GetArraySize(acts), 24); /* 24 toppings, no switch pieces */
    char line[200];
    snprintf(line, sizeof line, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"%s\",\"t\":10}",
             cJSON_GetArrayItem(acts, 0)->valuestring);
    cJSON_Delete(r);

    r = pf_test_ask(&s, line);
    assert_true(ok(r));
    assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(r, "events")) >= 1);
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "to_act"), 0)->valueint, 1);
    cJSON_Delete(r);

    r = pf_test_ask(&s, "{\"cmd\":\"view\",\"seat\":-1}");
    assert_true(ok(r));
    assert_true(cJSON_IsObject(cJSON_GetObjectItem(r, "view")));
    cJSON_Delete(r);

    r = pf_test_ask(&s, "{\"cmd\":\"result\"}");
    assert_true(ok(r));
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(r, "over")));
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(r, "results")));
    cJSON_Delete(r);
    pf_session_fini(&s);
}

static void bots_play_to_the_end_then_save_and_load(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON_Delete(pf_test_ask(&s, NEW_GAME));
    int moves = 0;
    for (;;) {
        cJSON *r = pf_test_ask(&s, "{\"cmd\":\"result\"}");
        bool over = cJSON_IsTrue(cJSON_GetObjectItem(r, "over"));
        if (over) {
            assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(r, "results")), 3);
            cJSON_Delete(r);
            break;
        }
        cJSON_Delete(r);
        r = pf_test_ask(&s, "{\"cmd\":\"view\",\"seat\":0}");
        cJSON_Delete(r);
        /* Whoever is to act plays the random bot. */
        char line[100];
        for (int seat = 0; seat < 3; seat++) {
            snprintf(line, sizeof line, "{\"cmd\":\"bot\",\"seat\":%d,\"bot\":\"random\"}",
                     seat);
            r = pf_test_ask(&s, line);
            if (ok(r)) {
                assert_true(cJSON_IsString(cJSON_GetObjectItem(r, "action")));
                moves++;
                if (cJSON_IsTrue(cJSON_GetObjectItem(r, "over"))) {
                    cJSON_Delete(r);
                    break;
                }
            } else {
                assert_string_equal(error_code(r), "not_your_turn");
            }
            cJSON_Delete(r);
        }
        assert_true(moves < 5000);
    }
    expect_error(&s, "{\"cmd\":\"bot\",\"seat\":0}", "game_over");
    expect_error(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 0\"}", "game_over");

    cJSON *saved = pf_test_ask(&s, "{\"cmd\":\"save\"}");
    cJSON *replay = cJSON_GetObjectItem(saved, "replay");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(replay, "actions")), moves);
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(saved, "spoiler"))); /* over: no secret */
    cJSON *load = cJSON_CreateObject();
    cJSON_AddStringToObject(load, "cmd", "load");
    cJSON_AddItemReferenceToObject(load, "replay", replay);
    char *line = cJSON_PrintUnformatted(load);
    pf_session s2;
    pf_session_init(&s2);
    cJSON *r = pf_test_ask(&s2, line);
    assert_true(ok(r));
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "over")));
    cJSON_Delete(r);
    /* The loaded game and the original have the same state. */
    assert_memory_equal(pf_session_match(&s)->state, pf_session_match(&s2)->state, pf_session_match(&s)->game->state_size);
    free(line);
    cJSON_Delete(load);
    cJSON_Delete(saved);
    pf_session_fini(&s2);
    pf_session_fini(&s);
}

static void bad_input_gets_errors_and_loses_nothing(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    expect_error(&s, "{\"cmd\":\"legal\",\"seat\":0}", "no_game");
    cJSON_Delete(pf_test_ask(&s, NEW_GAME));
    void *before = malloc(pf_session_match(&s)->game->state_size);
    memcpy(before, pf_session_match(&s)->state, pf_session_match(&s)->game->state_size);

    static const struct {
        const char *line, *code;
    } rows[] = {
        {"garbage", "bad_json"},
        {"", "bad_json"},
        {"[1,2]", "bad_json"},
        {"{\"cmd\":", "bad_json"},
        {"{}", "bad_request"},
        {"{\"cmd\":7}", "bad_request"},
        {"{\"cmd\":\"dance\"}", "unknown_command"},
        {"{\"cmd\":\"new\"}", "bad_request"},
        {"{\"cmd\":\"new\",\"game\":\"chess\",\"seats\":2}", "unknown_game"},
        {"{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":9}", "bad_seats"},
        {"{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"options\":{\"nope\":1}}",
         "bad_option"},
        {"{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"options\":{\"kinds\":9}}",
         "bad_option"},
        {"{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":-4}", "bad_request"},
        {"{\"cmd\":\"legal\"}", "bad_request"},
        {"{\"cmd\":\"legal\",\"seat\":\"0\"}", "bad_request"},
        {"{\"cmd\":\"legal\",\"seat\":3}", "bad_seat"},
        {"{\"cmd\":\"legal\",\"seat\":-1}", "bad_seat"},
        {"{\"cmd\":\"view\",\"seat\":-2}", "bad_seat"},
        {"{\"cmd\":\"view\",\"seat\":1.5}", "bad_request"},
        {"{\"cmd\":\"act\",\"seat\":0}", "bad_request"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"dance\"}", "unknown_action"},
        {"{\"cmd\":\"act\",\"seat\":1,\"action\":\"flip 0\"}", "not_your_turn"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"switch blue\"}", "illegal_action"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 0\",\"t\":\"x\"}", "bad_request"},
        /* Found by fuzz/engine: a time past int64_t was cast regardless. */
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 0\",\"t\":1e300}", "bad_request"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 0\",\"t\":2.5}", "bad_request"},
        {"{\"cmd\":\"bot\",\"seat\":0,\"bot\":\"genius\"}", "unknown_bot"},
        {"{\"cmd\":\"load\"}", "bad_request"},
        {"{\"cmd\":\"load\",\"replay\":{}}", "bad_replay"},
        {"{\"cmd\":\"load\",\"replay\":{\"game\":\"pizza\",\"seats\":2,\"seed\":1,"
         "\"actions\":[[0,\"flip 99\",0]]}}",
         "bad_replay"},
        /* A seed or a step time no integer holds: refused, never cast. */
        {"{\"cmd\":\"load\",\"replay\":{\"game\":\"pizza\",\"seats\":2,\"seed\":1e300,"
         "\"actions\":[]}}",
         "bad_replay"},
        {"{\"cmd\":\"load\",\"replay\":{\"game\":\"pizza\",\"seats\":2,\"seed\":1,"
         "\"actions\":[[0,\"flip 0\",-1e300]]}}",
         "bad_replay"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        expect_error(&s, rows[i].line, rows[i].code);
        assert_memory_equal(before, pf_session_match(&s)->state, pf_session_match(&s)->game->state_size);
        assert_int_equal(pf_session_match(&s)->nsteps, 0);
    }
    free(before);
    pf_session_fini(&s);
}

static void request_id_is_echoed(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON *r = pf_test_ask(&s, "{\"id\":42,\"cmd\":\"games\"}");
    assert_true(ok(r));
    assert_int_equal(cJSON_GetObjectItem(r, "id")->valueint, 42);
    assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(r, "games")) >= 1);
    assert_int_equal(cJSON_GetObjectItem(r, "protocol")->valueint, PF_PROTOCOL_VERSION);
    cJSON_Delete(r);
    r = pf_test_ask(&s, "{\"id\":\"a\",\"cmd\":\"nope\"}");
    assert_string_equal(cJSON_GetObjectItem(r, "id")->valuestring, "a");
    cJSON_Delete(r);
    pf_session_fini(&s);
}

/* The seed of the session's game, from its replay. */
static char *seed_of(pf_session *s)
{
    cJSON *r = pf_test_ask(s, "{\"cmd\":\"save\"}");
    char *seed = strdup(
        cJSON_GetObjectItem(cJSON_GetObjectItem(r, "replay"), "seed")->valuestring);
    cJSON_Delete(r);
    return seed;
}

/* "new" answers with the public events of the steps played at setup (here
 * Pancake's first draw), as "act" does; without a seed, each game gets a
 * fresh secret one, not 0 nor the clock's. */
static void new_carries_setup_events_and_a_fresh_seed(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON *r = pf_test_ask(&s, "{\"cmd\":\"new\",\"game\":\"pancake\",\"seats\":2,\"seed\":4}");
    assert_true(ok(r));
    const cJSON *ev = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "events"), 0);
    assert_string_equal(cJSON_GetObjectItem(ev, "kind")->valuestring, "draw");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(ev, "private")));
    cJSON_Delete(r);
    char *fixed = seed_of(&s);
    assert_string_equal(fixed, "4");
    free(fixed);

    char *seeds[2];
    for (int i = 0; i < 2; i++) {
        r = pf_test_ask(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2}");
        assert_true(ok(r));
        assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(r, "events")), 0);
        assert_null(cJSON_GetObjectItem(r, "seed"));
        cJSON_Delete(r);
        seeds[i] = seed_of(&s);
        assert_string_not_equal(seeds[i], "0");
    }
    assert_string_not_equal(seeds[0], seeds[1]); /* equal once in 2^64 */
    free(seeds[0]);
    free(seeds[1]);
    pf_session_fini(&s);
}

/* The rules word a real-time refusal (PAKU-10's busy hands, an action
 * timed before the last one), not the table, which would raise an early
 * time to the last one's and word busy hands its own way: the answers are
 * what they were before the table. */
static void real_time_refusals_are_the_rules_own(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    static const char *const lines[][2] = {
        {"{\"cmd\":\"new\",\"game\":\"pakupaku\",\"seats\":2,\"seed\":1,"
         "\"options\":{\"dice\":\"P,D,1,2,1\",\"jitter\":\"0\"}}", NULL},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"roll\",\"t\":800}", NULL},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"stack cup 0.25\",\"t\":1400}",
         "{\"ok\":false,\"error\":{\"code\":\"hands_busy\",\"message\":\"'stack cup 0.25' is "
         "not legal at t=1400: the seat's hands are busy until t=1600\",\"until\":1600}}"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"stack cup 0.25\",\"t\":2100}", NULL},
        {"{\"cmd\":\"act\",\"seat\":1,\"action\":\"roll\",\"t\":2000}",
         "{\"ok\":false,\"error\":{\"code\":\"time_backwards\",\"message\":\"'roll' is not "
         "legal now: the action's time is earlier than the last one\"}}"},
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        char *answer = pf_session_handle(&s, lines[i][0], strlen(lines[i][0]));
        if (lines[i][1])
            assert_string_equal(answer, lines[i][1]);
        else
            assert_non_null(strstr(answer, "\"ok\":true"));
        free(answer);
    }
    assert_int_equal(pf_session_match(&s)->nsteps, 2);
    pf_session_fini(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(new_legal_act_view_result),
        cmocka_unit_test(bots_play_to_the_end_then_save_and_load),
        cmocka_unit_test(bad_input_gets_errors_and_loses_nothing),
        cmocka_unit_test(request_id_is_echoed),
        cmocka_unit_test(new_carries_setup_events_and_a_fresh_seed),
        cmocka_unit_test(real_time_refusals_are_the_rules_own),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
