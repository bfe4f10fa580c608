/* test_solo.c: a solo room (solo.h), one person and bots without a
 * server, as the page plays it in the WebAssembly module: it answers what
 * a server's room answers and pushes what a room pushes, and a saved game
 * goes on where it stopped. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/json_print.h"
#include "partyfood/replay.h"
#include "partyfood/seating.h"
#include "partyfood/solo.h"
#include "partyfood/story.h"
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
    cJSON *answer = pf_test_json(pf_solo_handle(r, line, strlen(line), now, &p));
    *push = p ? pf_test_json(p) : NULL;
    return answer;
}

/* Lets the bots play the moves due by now, one push each (a page's clock
 * ticking); the number of pushes. */
static int bots(pf_solo *r, int64_t now)
{
    int n = 0;
    for (int64_t due; (due = pf_solo_due(r)) >= 0 && due <= now; n++) {
        char *push = pf_solo_tick(r, now);
        assert_non_null(push);
        free(push);
    }
    return n;
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
                 "{\"game\":\"%s\",\"seed\":%d,\"fixed_order\":true,"
                 "\"seating\":[\"bot:medium\",\"ana\",\"bot:easy\"]}",
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
            push = pf_test_json(p);
            check_push(push, "steps");
            const cJSON *st;
            /* The person's step, and each bot's reply, in a push of its own,
             * as a server's room sends them. */
            if (!g->real_time)
                assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(push, "steps")), 1);
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
    pf_solo *r = create("{\"game\":\"pizza\",\"seed\":7,\"fixed_order\":true,\"seating\":[\"ana\",\"bot:memory\"],"
                        "\"options\":{\"switches\":false,\"extra_slices\":false,\"kinds\":2}}",
                        0);
    cJSON *push, *a = ask(r, "{\"cmd\":\"act\",\"action\":\"flip 5\"}", 10, &push);
    assert_true(ok(a));
    char *text = pf_json_print(push);
    assert_non_null(strstr(text, "\"ana (you) turned over cell 5: onion\""));
    free(text);
    cJSON_Delete(push);
    cJSON_Delete(a);
    text = pf_solo_tick(r, 10); /* the bot's reply, in a push of its own */
    assert_non_null(strstr(text, "\"bot memory turned over cell 6: pepper\""));
    free(text);
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
        cJSON *e = pf_test_json(error);
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
    cJSON *sync1 = pf_test_json(pf_solo_sync(r, 900));
    cJSON *sync2 = pf_test_json(pf_solo_sync(back, 50000));
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
    cJSON *e = pf_test_json(error);
    assert_string_equal(code_of(e), "bad_replay");
    cJSON_Delete(e);
    free(save);
    pf_solo_destroy(back);
    pf_solo_destroy(r);
}

/* The seating a solo room's description lists, "bot:LEVEL" for a bot. */
static void seats_of(pf_solo *r, char out[][32], int *n)
{
    cJSON *room = pf_test_json(pf_solo_room(r));
    const cJSON *x;
    *n = 0;
    cJSON_ArrayForEach(x, cJSON_GetObjectItem(room, "seats"))
    {
        const char *kind = cJSON_GetObjectItem(x, "kind")->valuestring;
        snprintf(out[(*n)++], 32, "%s%s", strcmp(kind, "bot") == 0 ? "bot:" : "",
                 cJSON_GetObjectItem(x, "name")->valuestring);
    }
    cJSON_Delete(room);
}

/* The seating `list` drawn as a server's room draws it from seed (C-1). */
static void drawn(const char *list, uint64_t seed, char out[][32])
{
    pf_seating s;
    pf_error err;
    assert_int_equal(pf_seating_parse(&s, pf_game_find("pizza"), list, &err), 0);
    pf_seating_shuffle(&s, seed);
    for (int i = 0; i < s.n; i++)
        snprintf(out[i], 32, "%s%s", s.bot[i] ? "bot:" : "", s.name[i]);
}

/* Ruling C-1: the seats' order is drawn from the game's seed, as a server's
 * room draws it, unless the person fixes it; a fresh secret seed draws too
 * (the save holds it, and the drawn seating), and a resumed game keeps it. */
static void seats_drawn_from_the_seed(void **state)
{
    (void)state;
    static const char list[] = "ana,bot:easy,bot:medium,bot:hard";
    bool person_at[4] = {false};
    for (int seed = 1; seed <= 24; seed++) {
        char config[256], got[4][32], want[4][32];
        int n;
        snprintf(config, sizeof config,
                 "{\"game\":\"pizza\",\"seed\":%d,"
                 "\"seating\":[\"ana\",\"bot:easy\",\"bot:medium\",\"bot:hard\"]}",
                 seed);
        pf_solo *r = create(config, 0);
        seats_of(r, got, &n);
        drawn(list, (uint64_t)seed, want);
        assert_int_equal(n, 4);
        for (int i = 0; i < 4; i++) {
            assert_string_equal(got[i], want[i]);
            person_at[i] |= strcmp(got[i], "ana") == 0;
        }
        cJSON *push, *a = ask(r, "{\"cmd\":\"hello\"}", 0, &push);
        assert_string_equal(got[cJSON_GetObjectItem(a, "seat")->valueint], "ana");
        cJSON_Delete(a);
        cJSON_Delete(push);
        pf_solo_destroy(r);
    }
    for (int i = 0; i < 4; i++)
        assert_true(person_at[i]); /* the person's seat is drawn, not always the first */

    char got[4][32], want[4][32], back[4][32];
    int n;
    pf_solo *r = create("{\"game\":\"pizza\",\"seed\":5,\"fixed_order\":true,"
                        "\"seating\":[\"ana\",\"bot:easy\",\"bot:medium\",\"bot:hard\"]}",
                        0);
    seats_of(r, got, &n);
    assert_string_equal(got[0], "ana");
    assert_string_equal(got[3], "bot:hard");
    pf_solo_destroy(r);

    r = create("{\"game\":\"pizza\",\"seating\":[\"ana\",\"bot:easy\",\"bot:medium\",\"bot:hard\"]}",
               0);
    seats_of(r, got, &n);
    char *save = pf_solo_save(r);
    cJSON *o = cJSON_Parse(save);
    uint64_t seed;
    assert_true(pf_seed_from_json(cJSON_GetObjectItem(o, "seed"), &seed));
    drawn(list, seed, want);
    for (int i = 0; i < 4; i++) {
        assert_string_equal(got[i], want[i]);
        assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(o, "seating"), i)->valuestring,
                            want[i]);
    }
    cJSON_Delete(o);
    char *error = NULL;
    pf_solo *again = pf_solo_resume(save, strlen(save), 100, &error);
    assert_non_null(again);
    seats_of(again, back, &n);
    for (int i = 0; i < 4; i++)
        assert_string_equal(back[i], got[i]);
    free(save);
    pf_solo_destroy(again);
    pf_solo_destroy(r);
}

/* Plays ana's first legal actions (the bots answering each on the clock)
 * until one of her legal actions starts with prefix. */
static void play_until(pf_solo *r, const char *prefix, int64_t now)
{
    for (int round = 0;; round++) {
        assert_true(round < 100);
        bots(r, now);
        cJSON *push, *a = ask(r, "{\"cmd\":\"legal\"}", now, &push);
        const cJSON *x, *actions = cJSON_GetObjectItem(a, "actions");
        cJSON_ArrayForEach(x, actions) if (strncmp(x->valuestring, prefix, strlen(prefix)) == 0)
        {
            cJSON_Delete(a);
            return;
        }
        char line[256];
        snprintf(line, sizeof line, "{\"cmd\":\"act\",\"action\":\"%s\"}",
                 cJSON_GetArrayItem(actions, 0)->valuestring);
        cJSON_Delete(a);
        cJSON_Delete(ask(r, line, now, &push));
        cJSON_Delete(push);
    }
}

/* A new meter at now: its id. */
static void meter(pf_solo *r, int64_t now, char id[17])
{
    cJSON *push, *a = ask(r, "{\"cmd\":\"meter\",\"id\":4}", now, &push);
    assert_true(ok(a));
    assert_null(push);
    const cJSON *m = cJSON_GetObjectItem(a, "meter");
    /* Its id, kind, period and issue on the game clock, nothing of the game. */
    assert_int_equal(cJSON_GetArraySize(m), 4);
    assert_int_equal(cJSON_GetObjectItem(m, "issued")->valueint, now - 1000);
    assert_string_equal(cJSON_GetObjectItem(m, "kind")->valuestring, "toss");
    assert_int_equal(cJSON_GetObjectItem(m, "period_ms")->valueint, 2400);
    snprintf(id, 17, "%s", cJSON_GetObjectItem(m, "id")->valuestring);
    cJSON_Delete(a);
}

/* A stop of meter id after e ms, sent at now: the refusal's code, or "" and
 * the action played. */
static void stop(pf_solo *r, const char *action, const char *id, int e, int64_t now,
                 const char *code, const char *played)
{
    char line[256];
    snprintf(line, sizeof line,
             "{\"cmd\":\"act\",\"action\":\"%s\",\"meter\":{\"id\":\"%s\",\"stop_ms\":%d}}",
             action, id, e);
    cJSON *push, *a = ask(r, line, now, &push);
    if (strcmp(code_of(a), code) != 0)
        fail_msg("%s after %d ms at %lld: %s, not %s", action, e, (long long)now, code_of(a),
                 code[0] ? code : "ok");
    if (played) {
        const cJSON *st = cJSON_GetArrayItem(cJSON_GetObjectItem(push, "steps"), 0);
        assert_string_equal(cJSON_GetObjectItem(st, "action")->valuestring, played);
    } else {
        assert_null(push);
    }
    cJSON_Delete(a);
    cJSON_Delete(push);
}

/* Ruling C-4: a solo room issues meters as a server does and reads the
 * number off them, with the server's checks; a number in the action is
 * still taken (the person's own game: partyfood engine's way). */
static void skill_by_meter(void **state)
{
    (void)state;
    pf_solo *r = create("{\"game\":\"pancake\",\"seed\":3,\"fixed_order\":true,"
                        "\"seating\":[\"ana\",\"bot:easy\"]}",
                        1000);
    play_until(r, "toss ", 1000);
    char id[17], old[17];
    meter(r, 2000, id);
    stop(r, "toss", "0123456789abcdef", 600, 2700, "bad_meter", NULL);  /* not this meter */
    stop(r, "toss", id, 600, 2700, "", "toss 0.50");                     /* e 600: the peak's half */
    snprintf(old, sizeof old, "%s", id);
    cJSON *push, *a = ask(r, "{\"cmd\":\"meter\"}", 3000, &push);
    assert_string_equal(code_of(a), "not_your_turn"); /* nothing to toss now */
    cJSON_Delete(a);
    play_until(r, "toss ", 3000);
    meter(r, 10000, id);
    stop(r, "toss", old, 600, 10700, "bad_meter", NULL); /* an older meter */
    meter(r, 10000, id);
    stop(r, "toss", id, 50, 10100, "bad_meter", NULL); /* faster than a person */
    meter(r, 10000, id);
    stop(r, "toss", id, 900, 10500, "bad_meter", NULL); /* later than its issue allows */
    meter(r, 10000, id);
    stop(r, "toss", id, 200, 10900, "late_meter", NULL); /* more than the lag cap before */
    meter(r, 10000, id);
    stop(r, "toss", id, 1200, 71300, "bad_meter", NULL); /* expired */
    meter(r, 10000, id);
    stop(r, "pick", id, 300, 10350, "bad_action", NULL); /* not a skill action */
    stop(r, "toss", id, 1200, 11230, "", "toss 0.90");  /* the top of the sweep */
    stop(r, "toss", id, 1300, 11330, "bad_meter", NULL); /* each meter stops once */
    play_until(r, "toss ", 12000);
    a = ask(r, "{\"cmd\":\"act\",\"action\":\"toss 0.30\"}", 12000, &push);
    assert_true(ok(a));
    cJSON_Delete(a);
    cJSON_Delete(push);
    pf_solo_destroy(r);

    r = create("{\"game\":\"pizza\",\"seating\":[\"ana\",\"bot:easy\"]}", 0);
    a = ask(r, "{\"cmd\":\"meter\"}", 10, &push);
    assert_string_equal(code_of(a), "bad_request"); /* no skill numbers in Pizza Party */
    cJSON_Delete(a);
    pf_solo_destroy(r);
}

/* A finished game's story for the replay viewer, from its save: each step
 * as the seat saw it (the server's story's shape), or with everything
 * shown; refused while the game is on, for a seat it does not have, for a
 * damaged file; a replay without a seating names no one. */
static void a_finished_games_story(void **state)
{
    (void)state;
    pf_solo *r = create("{\"game\":\"pizza\",\"seed\":11,\"fixed_order\":true,"
                        "\"seating\":[\"ana\",\"bot:easy\"],"
                        "\"options\":{\"switches\":false,\"extra_slices\":false,\"kinds\":2}}",
                        0);
    char *save = pf_solo_save(r), *text = pf_story_text(save, strlen(save), 0);
    cJSON *o = pf_test_json(text);
    assert_string_equal(code_of(o), "bad_request");
    cJSON_Delete(o);
    free(save);
    cJSON *push = NULL, *last = NULL;
    for (int64_t now = 10; !last || !cJSON_IsTrue(cJSON_GetObjectItem(last, "over")); now += 10) {
        assert_true(now < 10000);
        for (int64_t due; (due = pf_solo_due(r)) >= 0 && due <= now;) {
            cJSON_Delete(last);
            last = pf_test_json(pf_solo_tick(r, now));
        }
        if (cJSON_IsTrue(cJSON_GetObjectItem(last, "over")))
            break;
        cJSON *a = ask(r, "{\"cmd\":\"legal\"}", now, &push);
        char line[128];
        snprintf(line, sizeof line, "{\"cmd\":\"act\",\"action\":\"%s\"}",
                 cJSON_GetArrayItem(cJSON_GetObjectItem(a, "actions"), 0)->valuestring);
        cJSON_Delete(a);
        cJSON_Delete(ask(r, line, now, &push));
        if (push) {
            cJSON_Delete(last);
            last = push;
        }
    }
    save = pf_solo_save(r);
    cJSON *mine = pf_test_json(pf_story_text(save, strlen(save), 0));
    cJSON *all = pf_test_json(pf_story_text(save, strlen(save), -1));
    const cJSON *steps = cJSON_GetObjectItem(mine, "steps");
    assert_int_equal(cJSON_GetArraySize(steps), cJSON_GetObjectItem(last, "step_count")->valueint);
    assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(mine, "names"), 0)->valuestring,
                        "ana");
    assert_string_equal(cJSON_GetObjectItem(all, "seat")->valuestring, "all");
    const cJSON *st = cJSON_GetArrayItem(steps, 1);
    assert_int_equal(cJSON_GetObjectItem(st, "seat")->valueint, 1);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(st, "by_bot")));
    /* The end as the seat saw it in its last push, texts and view alike. */
    char *a1 = pf_json_print(cJSON_GetObjectItem(cJSON_GetArrayItem(steps, -1 +
                                                   cJSON_GetArraySize(steps)), "view"));
    char *a2 = pf_json_print(cJSON_GetObjectItem(last, "view"));
    assert_string_equal(a1, a2);
    free(a1), free(a2);
    a1 = pf_json_print(cJSON_GetObjectItem(mine, "setup"));
    a2 = pf_json_print(cJSON_GetObjectItem(all, "setup"));
    assert_string_not_equal(a1, a2); /* the setup's view hides the grid from ana */
    free(a1), free(a2);
    text = pf_json_print(mine);
    assert_non_null(strstr(text, "ana (you) turned over"));
    free(text);
    cJSON_Delete(mine);
    cJSON_Delete(all);
    cJSON_Delete(last);

    o = pf_test_json(pf_story_text(save, strlen(save), 2));
    assert_string_equal(code_of(o), "bad_seat");
    cJSON_Delete(o);
    cJSON *bare = cJSON_Parse(save);
    cJSON_DeleteItemFromObject(bare, "seating");
    assert_true(pf_replay_seal(bare));
    text = pf_json_print(bare);
    o = pf_test_json(pf_story_text(text, strlen(text), -1));
    assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(o, "names"), 0)->valuestring, "");
    text[strlen(text) / 2] ^= 1;
    cJSON *e = pf_test_json(pf_story_text(text, strlen(text), -1));
    assert_string_equal(code_of(e), "bad_replay");
    cJSON_Delete(e);
    cJSON_Delete(o);
    free(text);
    cJSON_Delete(bare);
    free(save);
    pf_solo_destroy(r);
}

/* A hint in a memory game is a memory aid: a new game started with the
 * aid gives one at once (its table is told, as a resumed save's is), one
 * without says why not. */
static void hints_need_the_memory_aid(void **state)
{
    (void)state;
    static const char *const setups[][2] = {
        {"{\"game\":\"pizza\",\"seed\":4,\"fixed_order\":true,\"memory_aid\":true,"
         "\"seating\":[\"ana\",\"bot:easy\"]}", ""},
        {"{\"game\":\"pizza\",\"seed\":4,\"fixed_order\":true,"
         "\"seating\":[\"ana\",\"bot:easy\"]}", "no_hint"},
    };
    for (size_t i = 0; i < sizeof setups / sizeof setups[0]; i++) {
        pf_solo *r = create(setups[i][0], 0);
        cJSON *push;
        cJSON *a = ask(r, "{\"cmd\":\"plan\",\"hint\":true}", 0, &push);
        assert_string_equal(code_of(a), setups[i][1]);
        assert_null(push);
        cJSON_Delete(a);
        cJSON *room = pf_test_json(pf_solo_room(r));
        assert_int_equal(cJSON_IsTrue(cJSON_GetObjectItem(room, "memory_aid")), i == 0);
        cJSON_Delete(room);
        pf_solo_destroy(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_games_against_bots),
        cmocka_unit_test(texts_name_the_seats),
        cmocka_unit_test(refusals),
        cmocka_unit_test(a_save_goes_on),
        cmocka_unit_test(seats_drawn_from_the_seed),
        cmocka_unit_test(skill_by_meter),
        cmocka_unit_test(a_finished_games_story),
        cmocka_unit_test(hints_need_the_memory_aid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
