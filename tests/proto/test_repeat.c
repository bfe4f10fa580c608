/* test_repeat.c: an act sent again with its "key" (repeat.h, docs/protocol.md
 * "Sending an act again"): the first answer comes back marked "repeat",
 * with the new request's id, and nothing is played; another key plays;
 * each seat keeps its own last PF_REPEAT_KEEP keys and no more; a refused
 * act is not remembered; a new game forgets them; a bad key is refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/repeat.h"
#include "partyfood/session.h"
#include "pf_test.h"

static const char *const NEW_GAME = "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":5}";

static bool ok(const cJSON *r)
{
    return cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
}

static bool repeat(const cJSON *r)
{
    return cJSON_IsTrue(cJSON_GetObjectItem(r, "repeat"));
}

static int steps(pf_session *s)
{
    return (int)pf_session_match(s)->nsteps;
}

/* seat's first legal action now. */
static void first_legal(pf_session *s, int seat, char *name, size_t size)
{
    char line[64];
    snprintf(line, sizeof line, "{\"cmd\":\"legal\",\"seat\":%d}", seat);
    cJSON *r = pf_test_ask(s, line);
    const cJSON *a = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "actions"), 0);
    assert_non_null(a);
    snprintf(name, size, "%s", a->valuestring);
    cJSON_Delete(r);
}

/* Whether seat may act now. */
static bool may_act(pf_session *s, int seat)
{
    char line[64];
    snprintf(line, sizeof line, "{\"cmd\":\"legal\",\"seat\":%d}", seat);
    cJSON *r = pf_test_ask(s, line);
    bool may = cJSON_GetArraySize(cJSON_GetObjectItem(r, "actions")) > 0;
    cJSON_Delete(r);
    return may;
}

/* seat acts (its first legal action) with key (NULL: none) and id, the
 * other seat playing without keys until it is seat's turn. */
static cJSON *act(pf_session *s, int seat, const char *key, int id)
{
    char name[64], line[256];
    while (!may_act(s, seat)) {
        first_legal(s, 1 - seat, name, sizeof name);
        snprintf(line, sizeof line, "{\"cmd\":\"act\",\"seat\":%d,\"action\":\"%s\"}", 1 - seat,
                 name);
        cJSON *r = pf_test_ask(s, line);
        assert_true(ok(r));
        cJSON_Delete(r);
    }
    first_legal(s, seat, name, sizeof name);
    if (key)
        snprintf(line, sizeof line,
                 "{\"id\":%d,\"cmd\":\"act\",\"seat\":%d,\"action\":\"%s\",\"key\":\"%s\"}", id,
                 seat, name, key);
    else
        snprintf(line, sizeof line, "{\"id\":%d,\"cmd\":\"act\",\"seat\":%d,\"action\":\"%s\"}",
                 id, seat, name);
    return pf_test_ask(s, line);
}

static void a_repeat_gets_the_first_answer_and_plays_nothing(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON_Delete(pf_test_ask(&s, NEW_GAME));
    cJSON *first = act(&s, 0, "tap-1", 7);
    assert_true(ok(first));
    assert_false(repeat(first));
    int played = steps(&s);
    /* The same act again, numbered from 1 (a client after reconnecting). */
    cJSON *again = pf_test_ask(
        &s, "{\"id\":1,\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 0\",\"key\":\"tap-1\"}");
    assert_true(ok(again) && repeat(again));
    assert_int_equal(cJSON_GetObjectItem(again, "id")->valueint, 1);
    assert_int_equal(steps(&s), played);
    /* Everything else is the first answer's. */
    cJSON_DeleteItemFromObject(again, "repeat");
    cJSON_DeleteItemFromObject(again, "id");
    cJSON_DeleteItemFromObject(first, "id");
    assert_true(cJSON_Compare(first, again, true));
    /* Another key plays (seat 1's turn now); an act without a key too. */
    cJSON *other = act(&s, 1, "tap-1", 8); /* the same text, another seat's: its own */
    assert_true(ok(other) && !repeat(other));
    assert_int_equal(steps(&s), played + 1);
    cJSON *plain = act(&s, 0, NULL, 9);
    assert_true(ok(plain) && !repeat(plain));
    assert_int_equal(steps(&s), played + 2);
    cJSON_Delete(first), cJSON_Delete(again), cJSON_Delete(other), cJSON_Delete(plain);
    pf_session_fini(&s);
}

static void a_seat_keeps_its_last_keys_only(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON_Delete(pf_test_ask(&s, NEW_GAME));
    char key[16];
    for (int i = 0; i <= PF_REPEAT_KEEP; i++) {
        snprintf(key, sizeof key, "k%d", i);
        cJSON *r = act(&s, 0, key, i);
        assert_true(ok(r) && !repeat(r));
        cJSON_Delete(r);
    }
    /* k0 was the oldest of nine: forgotten, so it plays; k8 is kept. */
    cJSON *kept = act(&s, 0, "k8", 50);
    int before = steps(&s);
    assert_true(repeat(kept));
    cJSON *gone = act(&s, 0, "k0", 51);
    assert_true(ok(gone) && !repeat(gone));
    assert_int_equal(steps(&s), before + 1);
    cJSON_Delete(kept), cJSON_Delete(gone);
    pf_session_fini(&s);
}

static void a_refused_act_and_an_old_game_are_not_remembered(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON_Delete(pf_test_ask(&s, NEW_GAME));
    /* Seat 1 out of turn: refused, so the key is free for its real act. */
    cJSON *r = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":1,\"action\":\"flip 0\",\"key\":\"x\"}");
    assert_false(ok(r));
    cJSON_Delete(r);
    cJSON_Delete(act(&s, 0, NULL, 1));
    r = act(&s, 1, "x", 2);
    assert_true(ok(r) && !repeat(r));
    cJSON_Delete(r);
    /* A new game: the old game's keys mean nothing in it. */
    cJSON_Delete(pf_test_ask(&s, NEW_GAME));
    cJSON_Delete(act(&s, 0, NULL, 3));
    r = act(&s, 1, "x", 4);
    assert_true(ok(r) && !repeat(r));
    cJSON_Delete(r);
    pf_session_fini(&s);
}

static void a_bad_key_is_refused(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON_Delete(pf_test_ask(&s, NEW_GAME));
    char line[256], long_key[PF_REPEAT_KEY_MAX + 2];
    memset(long_key, 'k', sizeof long_key - 1);
    long_key[sizeof long_key - 1] = '\0';
    snprintf(line, sizeof line, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 0\",\"key\":\"%s\"}",
             long_key);
    const char *bad[] = {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 0\",\"key\":\"\"}",
                         "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 0\",\"key\":5}", line};
    for (int i = 0; i < 3; i++) {
        cJSON *r = pf_test_ask(&s, bad[i]);
        assert_false(ok(r));
        assert_string_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "error"), "code")->valuestring,
                            "bad_request");
        cJSON_Delete(r);
    }
    assert_int_equal(steps(&s), 0);
    pf_session_fini(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_repeat_gets_the_first_answer_and_plays_nothing),
        cmocka_unit_test(a_seat_keeps_its_last_keys_only),
        cmocka_unit_test(a_refused_act_and_an_old_game_are_not_remembered),
        cmocka_unit_test(a_bad_key_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
