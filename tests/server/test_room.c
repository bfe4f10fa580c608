/* test_room.c: a room's seats (src/server/room.c) against a real store:
 * when the game cannot start as the last place is taken (here a trigger
 * planted in the database refuses the start), the joiner gets the error
 * and the place is free again; before, the place stayed taken, the room
 * never started and refused everyone for good. And an error answer with
 * no message of its own says its code's message (it passed NULL on to
 * strlen: UBSan stopped the server). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "pf_test.h"
#include "server/room.h"

static char dir[] = "/tmp/pf-room-XXXXXX";
static char path[64];

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/rooms.db", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char f[80];
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(f, sizeof f, "%s%s", path, suffix[i]);
        unlink(f);
    }
    rmdir(dir);
    return 0;
}

/* Runs sql on the database through a connection of its own. */
static void sql(const char *text)
{
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, text, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

static pf_err join(pf_room *r, const char *name, int *place, pf_error *err)
{
    char token[PF_TOKEN_HEX + 1];
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "name", name);
    pf_err e = pf_room_join(r, req, token, place, err);
    cJSON_Delete(req);
    return e;
}

static void test_a_start_that_fails_gives_the_place_back(void **state)
{
    (void)state;
    pf_error err;
    pf_store *s = pf_store_open(path, &err);
    assert_non_null(s);
    cJSON *req = cJSON_Parse("{\"game\":\"pancake\",\"seats\":[\"person\",\"person\"]}");
    char host_token[PF_TOKEN_HEX + 1];
    pf_room *r = pf_room_create(s, "ACDEFG", req, host_token, &err);
    cJSON_Delete(req);
    assert_non_null(r);
    int place;
    assert_int_equal(join(r, "ana", &place, &err), PF_E_OK);
    assert_int_equal(place, 0);

    sql("CREATE TRIGGER planted BEFORE INSERT ON rooms WHEN NEW.started = 1"
        " BEGIN SELECT RAISE(ABORT, 'planted failure'); END;");
    assert_int_equal(join(r, "bo", &place, &err), PF_E_IO);
    assert_non_null(strstr(err.msg, "planted failure"));
    assert_false(r->started);
    assert_false(r->place[1].taken);

    sql("DROP TRIGGER planted;");
    assert_int_equal(join(r, "cy", &place, &err), PF_E_OK);
    assert_int_equal(place, 1);
    assert_true(r->started);
    assert_non_null(r->table);
    pf_room_destroy(r);
    pf_store_close(s);
}

static void test_an_error_without_a_message_says_its_code_s(void **state)
{
    (void)state;
    char *text = pf_room_error(NULL, PF_E_GAME_OVER, NULL);
    assert_non_null(text);
    char want[256];
    snprintf(want, sizeof want, "\"message\":\"%s\"", pf_strerror(PF_E_GAME_OVER));
    assert_non_null(strstr(text, "\"code\":\"game_over\""));
    assert_non_null(strstr(text, want));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_start_that_fails_gives_the_place_back),
        cmocka_unit_test(test_an_error_without_a_message_says_its_code_s),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
