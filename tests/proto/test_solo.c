/* test_solo.c: a solo room (solo.h), one person and bots without a
 * server, as the page plays it in the WebAssembly module: it answers what
 * a server's room answers and pushes what a room pushes, and a saved game
 * goes on where it stopped. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/json_print.h"
#include "partyfood/solo.h"
#include "pf_test.h"

static cJSON *parse(char *text)
{
    assert_non_null(text);
    cJSON *o = cJSON_Parse(text);
    assert_non_null(o);
    free(text);
    return o;
}

static bool ok(const cJSON *r)
{
    return cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
}

static const char *code_of(const cJSON *r)
{
    const cJSON *e = cJSON_GetObjectItem(r, "error");
    return e ? cJSON_GetObjectItem(e, "code")->valuestring : "";
}

static pf_solo *create(const char *config, int64_t now)
{
    char *error = NULL;
    pf_solo *r = pf_solo_create(config, strlen(config), now, &error);
    if (!r)
        fail_msg("%s: refused: %s", config, error ? error : "(no memory)");
    return r;
}

/* Sends line; returns the answer and sets *push (either may be NULL). */
static cJSON *ask(pf_solo *r, const char *line, int64_t now, cJSON **push)
{
    char *p = NULL;
    cJSON *answer = parse(pf_solo_handle(r, line, strlen(line), now, &p));
    *push = p ? parse(p) : NULL;
    return answer;
}

/* The fields every sync and steps push carries, with the seat's view and
 * legal actions (docs/server.md, "Pushes"). */
static void check_push(const cJSON *push, const char *kind)
{
    assert_non_null(push);
    assert_string_equal(cJSON_GetObjectItem(push, "push")->valuestring, kind);
    static const char *const fields[] = {"to_act", "over", "results", "step_count", "clock",
                                         "view", "legal"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (!cJSON_GetObjectItem(push, fields[i]))
            fail_msg("a %s push without \"%s\"", kind, fields[i]);
}

/* A whole game against the game's medium bots, the person choosing at
 * random; real-time bots move when the page's clock reaches their time.
 * Every step reaches the person once, in order, in the pushes. */
static void whole_games_against_bots(void **state)
{
    (void)state;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        char config[256];
        snprintf(config, sizeof config,
                 "{\"game\":\"%s\",\"seed\":%d,\"seating\":[\"bot:medium\",\"ana\",\"bot:easy\"]}",
                 g->id, 40 + i);
        int64_t now = 5000; /* the page's clock: the game's starts at 0 */
        pf_solo *r = create(config, now);
        cJSON *push, *a = ask(r, "{\"cmd\":\"hello\",\"id\":0}", now, &push);
        assert_true(ok(a));
        assert_int_equal(cJSON_GetObjectItem(a, "seat")->valueint, 1);
        check_push(push, "sync");
        assert_int_equal(cJSON_GetObjectItem(push, "clock")->valueint, 0);
        int heard = cJSON_GetObjectItem(push, "step_count")->valueint;
        bool over = cJSON_IsTrue(cJSON_GetObjectItem(push, "over"));
        cJSON_Delete(a);
        cJSON_Delete(push);
        pf_rng rng;
        pf_rng_seed(&rng, (uint64_t)i);
        int rounds = 0;
        while (!over) {
            assert_true(++rounds < 20000);
            now += 1 + pf_rng_below(&rng, 300);
            int64_t due = pf_solo_due(r);
            char *p = NULL;
            if (due >= 0 && due <= now) {
                p = pf_solo_tick(r, due);
            } else {
                a = ask(r, "{\"cmd\":\"legal\"}", now, &push);
                assert_null(push);
                const cJSON *actions = cJSON_GetObjectItem(a, "actions");
                int n = cJSON_GetArraySize(actions);
                if (n) {
                    char line[256];
                    snprintf(line, sizeof line, "{\"cmd\":\"act\",\"action\":\"%s\"}",
                             cJSON_GetArrayItem(actions, (int)pf_rng_below(&rng, (uint32_t)n))
                                 ->valuestring);
                    cJSON *b = ask(r, line, now, &push);
                    assert_true(ok(b) == (push != NULL));
                    p = push ? pf_json_print(push) : NULL;
                    cJSON_Delete(push);
                    cJSON_Delete(b);
                }
                cJSON_Delete(a);
            }
            if (!p)
                continue;
            push = parse(p);
            check_push(push, "steps");
            const cJSON *st;
            cJSON_ArrayForEach(st, cJSON_GetObjectItem(push, "steps"))
                assert_int_equal(cJSON_GetObjectItem(st, "step")->valueint, heard++);
            assert_int_equal(cJSON_GetObjectItem(push, "step_count")->valueint, heard);
            assert_true(cJSON_GetObjectItem(push, "clock")->valuedouble <= (double)(now - 5000));
            over = cJSON_IsTrue(cJSON_GetObjectItem(push, "over"));
            cJSON_Delete(push);
        }
        a = ask(r, "{\"cmd\":\"result\"}", now, &push);
        assert_true(cJSON_IsArray(cJSON_GetObjectItem(a, "results")));
        cJSON_Delete(a);
        assert_int_equal(pf_solo_due(r), -1);
        print_message("%s: %d steps against bots, every one pushed once\n", g->id, heard);
        pf_solo_destroy(r);
    }
}

/* The texts name the seats as a server's room does (pf_seating_names):
 * the person's name with "(you)", the bots by their level. */
static void texts_name_the_seats(void **state)
{
    (void)state;
    pf_solo *r = create("{\"game\":\"pizza\",\"seed\":7,\"seating\":[\"ana\",\"bot:memory\"],"
                        "\"options\":{\"switches\":false,\"extra_slices\":false,\"kinds\":2}}",
                        0);
    cJSON *push, *a = ask(r, "{\"cmd\":\"act\",\"action\":\"flip 5\"}", 10, &push);
    assert_true(ok(a));
    char *text = pf_json_print(push);
    assert_non_null(strstr(text, "\"ana (you) turned over cell 5: onion\""));
    assert_non_null(strstr(text, "\"bot memory turned over cell 6: pepper\""));
    free(text);
    cJSON_Delete(push);
    cJSON_Delete(a);
    char *sync = pf_solo_sync(r, 20);
    assert_non_null(strstr(sync, "\"ana (you) put the onion on the red slice: 1 of 6 (rule a)\""));
    free(sync);
    pf_solo_destroy(r);
}

/* What a room refuses, it refuses here too; a bad setup is refused with
 * the protocol's codes and nothing is made. */
static void refusals(void **state)
{
    (void)state;
    static const char *const setups[][2] = {
        {"[1]", "bad_request"},
        {"{\"game\":\"pizza\",\"seats\":2}", "bad_request"},
        {"{\"game\":\"pizza\",\"seating\":\"ana\"}", "bad_request"},
        {"{\"game\":\"pizza\",\"seating\":[\"ana\",\"bo\"]}", "bad_seats"},
        {"{\"game\":\"pizza\",\"seating\":[\"bot:easy\",\"bot:easy\"]}", "bad_seats"},
        {"{\"game\":\"nope\",\"seating\":[\"ana\",\"bot:easy\"]}", "unknown_game"},
        {"{\"game\":\"pizza\",\"seating\":[\"ana\",\"bot:nope\"]}", "unknown_bot"},
        {"{\"game\":\"pizza\",\"seating\":[\"ana\",\"bot:easy\"],\"options\":{\"x\":1}}",
         "bad_option"},
    };
    for (size_t i = 0; i < sizeof setups / sizeof setups[0]; i++) {
        char *error = NULL;
        assert_null(pf_solo_create(setups[i][0], strlen(setups[i][0]), 0, &error));
        cJSON *e = parse(error);
        if (strcmp(code_of(e), setups[i][1]) != 0)
            fail_msg("%s: refused with %s, not %s", setups[i][0], code_of(e), setups[i][1]);
        cJSON_Delete(e);
    }
    pf_solo *r = create("{\"game\":\"pancake\",\"seed\":3,\"seating\":[\"ana\",\"bot:easy\"]}", 0);
    static const char *const refused[] = {"new", "load", "save", "bot", "wait"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        char line[64];
        snprintf(line, sizeof line, "{\"cmd\":\"%s\",\"id\":7}", refused[i]);
        cJSON *push, *a = ask(r, line, 10, &push);
        assert_null(push);
        assert_string_equal(code_of(a), "unknown_command");
        assert_int_equal(cJSON_GetObjectItem(a, "id")->valueint, 7);
        cJSON_Delete(a);
    }
    cJSON *push, *a = ask(r, "{\"cmd\":\"legal\",\"seat\":1}", 10, &push);
    assert_string_equal(code_of(a), "not_your_seat");
    cJSON_Delete(a);
    a = ask(r, "not json", 10, &push);
    assert_string_equal(code_of(a), "bad_json");
    cJSON_Delete(a);
    pf_solo_destroy(r);
}

/* A saved game goes on where it stopped: the same sync (but the clock,
 * which goes on from the last step), the same bots, the same next moves. */
static void a_save_goes_on(void **state)
{
    (void)state;
    pf_solo *r = create("{\"game\":\"passfood\",\"seed\":8,\"memory_aid\":true,"
                        "\"seating\":[\"ana\",\"bot:medium\",\"bot:hard\"]}",
                        100);
    cJSON *push, *a = ask(r, "{\"cmd\":\"legal\"}", 200, &push);
    char line[256];
    snprintf(line, sizeof line, "{\"cmd\":\"act\",\"action\":\"%s\"}",
             cJSON_GetArrayItem(cJSON_GetObjectItem(a, "actions"), 0)->valuestring);
    cJSON_Delete(a);
    cJSON_Delete(ask(r, line, 900, &push));
    cJSON_Delete(push);
    char *save = pf_solo_save(r);
    cJSON *s = cJSON_Parse(save);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(s, "memory_aid")));
    assert_non_null(cJSON_GetObjectItem(s, "check"));
    cJSON_Delete(s);
    char *error = NULL;
    pf_solo *back = pf_solo_resume(save, strlen(save), 50000, &error);
    assert_non_null(back);
    cJSON *sync1 = parse(pf_solo_sync(r, 900)), *sync2 = parse(pf_solo_sync(back, 50000));
    assert_int_equal(cJSON_GetObjectItem(sync2, "clock")->valueint, 800);
    cJSON_DeleteItemFromObject(sync1, "clock");
    cJSON_DeleteItemFromObject(sync2, "clock");
    char *t1 = pf_json_print(sync1), *t2 = pf_json_print(sync2);
    assert_string_equal(t1, t2);
    free(t1), free(t2);
    cJSON_Delete(sync1), cJSON_Delete(sync2);
    char *room1 = pf_solo_room(r), *room2 = pf_solo_room(back);
    assert_string_equal(room1, room2);
    assert_non_null(strstr(room1, "\"memory_aid\":true"));
    free(room1), free(room2);
    /* A damaged save is refused. */
    save[strlen(save) / 2] ^= 1;
    assert_null(pf_solo_resume(save, strlen(save), 0, &error));
    cJSON *e = parse(error);
    assert_string_equal(code_of(e), "bad_replay");
    cJSON_Delete(e);
    free(save);
    pf_solo_destroy(back);
    pf_solo_destroy(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_games_against_bots),
        cmocka_unit_test(texts_name_the_seats),
        cmocka_unit_test(refusals),
        cmocka_unit_test(a_save_goes_on),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
