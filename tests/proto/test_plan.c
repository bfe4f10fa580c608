/* test_plan.c: the protocol's "plan": a bot's next move and its time,
 * answered without playing it, so a real-time client can schedule it and a
 * person's earlier action still goes first. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/session.h"
#include "pf_test.h"


static bool ok(const cJSON *r)
{
    return cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
}

static const char *code_of(const cJSON *r)
{
    const cJSON *e = cJSON_GetObjectItem(r, "error");
    return e ? cJSON_GetObjectItem(e, "code")->valuestring : "";
}

/* Sends a line that must succeed; frees the answer. */
static void must(pf_session *s, const char *line)
{
    cJSON *r = pf_test_ask(s, line);
    if (!ok(r))
        fail_msg("%s: refused with %s", line, code_of(r));
    cJSON_Delete(r);
}

/* Plans seat's move with bot; writes the action's name and its time. */
static void plan(pf_session *s, int seat, const char *bot, char *action, size_t n, double *t)
{
    char line[128];
    snprintf(line, sizeof line, "{\"cmd\":\"plan\",\"seat\":%d,\"bot\":\"%s\"}", seat, bot);
    cJSON *r = pf_test_ask(s, line);
    if (!ok(r))
        fail_msg("%s: refused with %s", line, code_of(r));
    snprintf(action, n, "%s", cJSON_GetObjectItem(r, "action")->valuestring);
    *t = cJSON_GetObjectItem(r, "t")->valuedouble;
    cJSON_Delete(r);
}

static const char *const PAKU = "{\"cmd\":\"new\",\"game\":\"pakupaku\",\"seats\":2,\"seed\":4}";

/* Planning changes nothing: the state's bytes, the history and the clock. */
static void plan_changes_nothing(void **state)
{
    (void)state;
    static const char *const games[] = {
        "{\"cmd\":\"new\",\"game\":\"pakupaku\",\"seats\":3,\"seed\":9}",
        "{\"cmd\":\"new\",\"game\":\"pancake\",\"seats\":2,\"seed\":9}"};
    for (int g = 0; g < 2; g++) {
        pf_session s;
        pf_session_init(&s);
        must(&s, games[g]);
        size_t size = pf_session_match(&s)->game->state_size;
        void *before = malloc(size);
        memcpy(before, pf_session_match(&s)->state, size);
        char action[96];
        double t;
        plan(&s, 0, "hard", action, sizeof action, &t);
        plan(&s, 0, "hard", action, sizeof action, &t);
        assert_memory_equal(before, pf_session_match(&s)->state, size);
        assert_int_equal(pf_session_match(&s)->nsteps, 0);
        assert_int_equal(pf_session_match(&s)->now, 0);
        free(before);
        pf_session_fini(&s);
    }
}

/* The planned move, sent as "act" at its time, is legal and is exactly the
 * move "bot" would have played. */
static void planned_move_plays_like_bot(void **state)
{
    (void)state;
    pf_session planned, direct;
    pf_session_init(&planned);
    pf_session_init(&direct);
    must(&planned, PAKU);
    must(&direct, PAKU);
    for (int step = 0; step < 6; step++) {
        int seat = step % 2;
        char action[96], line[256];
        double t;
        plan(&planned, seat, "adult", action, sizeof action, &t);
        snprintf(line, sizeof line, "{\"cmd\":\"act\",\"seat\":%d,\"action\":\"%s\",\"t\":%.0f}",
                 seat, action, t);
        must(&planned, line);
        snprintf(line, sizeof line, "{\"cmd\":\"bot\",\"seat\":%d,\"bot\":\"adult\"}", seat);
        cJSON *r = pf_test_ask(&direct, line);
        assert_true(ok(r));
        assert_string_equal(cJSON_GetObjectItem(r, "action")->valuestring, action);
        assert_true(cJSON_GetObjectItem(r, "t")->valuedouble == t);
        cJSON_Delete(r);
        assert_memory_equal(pf_session_match(&planned)->state, pf_session_match(&direct)->state,
                            pf_session_match(&planned)->game->state_size);
    }
    pf_session_fini(&planned);
    pf_session_fini(&direct);
}

/* A bot's move planned for later does not lock out a person's earlier
 * action; "bot" does (it plays the move at once, moving the clock on). */
static void plan_leaves_the_person_first(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    must(&s, PAKU);
    char action[96], line[256];
    double t;
    plan(&s, 1, "adult", action, sizeof action, &t);
    assert_true(t > 100);
    must(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"roll\",\"t\":100}");
    /* The bot's seat still acts at its time when the person's roll left its move legal. */
    snprintf(line, sizeof line, "{\"cmd\":\"act\",\"seat\":1,\"action\":\"%s\",\"t\":%.0f}",
             action, t);
    must(&s, line);

    must(&s, PAKU);
    must(&s, "{\"cmd\":\"bot\",\"seat\":1,\"bot\":\"adult\"}");
    cJSON *r = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"roll\",\"t\":100}");
    assert_false(ok(r));
    assert_string_equal(code_of(r), "time_backwards");
    cJSON_Delete(r);
    pf_session_fini(&s);
}

/* Bad plans get the same errors as "bot" and change nothing. */
static void bad_plans_are_refused(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    static const struct {
        const char *line, *code;
    } cases[] = {
        {"{\"cmd\":\"plan\",\"seat\":0}", "no_game"},
        {"{\"cmd\":\"new\",\"game\":\"pancake\",\"seats\":2}", ""},
        {"{\"cmd\":\"plan\",\"seat\":1,\"bot\":\"hard\"}", "not_your_turn"},
        {"{\"cmd\":\"plan\",\"seat\":5,\"bot\":\"hard\"}", "bad_seat"},
        {"{\"cmd\":\"plan\",\"seat\":0,\"bot\":\"genius\"}", "unknown_bot"},
        {"{\"cmd\":\"plan\",\"seat\":0,\"bot\":3}", "bad_request"},
        {"{\"cmd\":\"plan\",\"bot\":\"hard\"}", "bad_request"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cJSON *r = pf_test_ask(&s, cases[i].line);
        if (strcmp(code_of(r), cases[i].code) != 0)
            fail_msg("%s: expected '%s', got '%s'", cases[i].line, cases[i].code, code_of(r));
        cJSON_Delete(r);
    }
    assert_int_equal(pf_session_match(&s)->nsteps, 0);
    pf_session_fini(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plan_changes_nothing),
        cmocka_unit_test(planned_move_plays_like_bot),
        cmocka_unit_test(plan_leaves_the_person_first),
        cmocka_unit_test(bad_plans_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
