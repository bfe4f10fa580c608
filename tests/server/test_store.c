/* test_store.c: the server's SQLite store (src/server/store_sqlite.c):
 * durable settings checked at open, rooms and steps written and read back,
 * an undo's removal, and a step index stored twice refused. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pf_test.h"
#include "server/store.h"

static char dir[] = "/tmp/pf-store-XXXXXX";
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

/* A database that cannot run in WAL mode (in memory) is refused: it could
 * lose acknowledged steps. */
static void test_needs_wal_and_full_sync(void **state)
{
    (void)state;
    pf_error err;
    assert_null(pf_store_open(":memory:", &err));
    assert_int_equal(err.code, PF_E_IO);
    assert_non_null(strstr(err.msg, "journal_mode=memory"));
}

typedef struct seen {
    int rooms, steps;
    char game[16], settings[64];
    uint64_t seed;
    pf_store_step step[8];
} seen;

static void each_room(void *arg, const pf_store_room *r)
{
    seen *s = arg;
    s->rooms++;
    snprintf(s->game, sizeof s->game, "%s", r->game);
    snprintf(s->settings, sizeof s->settings, "%s", r->settings);
    s->seed = r->seed;
}

static pf_err each_step(void *arg, const pf_store_step *st, pf_error *err)
{
    (void)err;
    seen *s = arg;
    s->step[s->steps++] = *st;
    return PF_E_OK;
}

static pf_store_step step(int index, int seat, const char *name, int64_t t)
{
    pf_store_step s = {.index = index, .seat = seat, .t_ms = t};
    snprintf(s.name, sizeof s.name, "%s", name);
    return s;
}

static void test_rooms_and_steps_come_back(void **state)
{
    (void)state;
    pf_error err;
    pf_store *s = pf_store_open(path, &err);
    assert_non_null(s);
    pf_store_room r = {.code = "ACDEFG", .game = "pizza", .options = "{}",
                       .seed = UINT64_MAX - 5, .seating = "[]", .settings = "{\"turn_ms\":0}",
                       .started = true, .engine_version = "0.2.0", .protocol = 3,
                       .created = 1};
    assert_int_equal(pf_store_room_put(s, &r, &err), PF_E_OK);
    pf_store_step batch[] = {step(0, 0, "flip 1", 10), step(1, 1, "flip 2", 20),
                             step(2, 0, "flip 3", 30)};
    assert_int_equal(pf_store_steps_put(s, r.code, batch, 3, &err), PF_E_OK);
    /* An undo of step 2, then another step 2, in one transaction. */
    pf_store_step redo[] = {{.undo = true, .index = 2}, step(2, 0, "flip 4", 40)};
    assert_int_equal(pf_store_steps_put(s, r.code, redo, 2, &err), PF_E_OK);
    /* A step index stored twice is refused, and nothing of its batch stays. */
    pf_store_step twice[] = {step(3, 1, "flip 5", 50), step(1, 1, "flip 6", 60)};
    assert_int_equal(pf_store_steps_put(s, r.code, twice, 2, &err), PF_E_IO);
    pf_store_close(s);

    s = pf_store_open(path, &err);
    assert_non_null(s);
    seen got = {0};
    assert_int_equal(pf_store_rooms_unfinished(s, each_room, &got, &err), PF_E_OK);
    assert_int_equal(got.rooms, 1);
    assert_string_equal(got.game, "pizza");
    assert_string_equal(got.settings, "{\"turn_ms\":0}");
    assert_true(got.seed == UINT64_MAX - 5);
    assert_int_equal(pf_store_steps_of(s, "ACDEFG", each_step, &got, &err), PF_E_OK);
    assert_int_equal(got.steps, 3);
    assert_string_equal(got.step[1].name, "flip 2");
    assert_string_equal(got.step[2].name, "flip 4");
    assert_int_equal(got.step[2].t_ms, 40);
    /* A finished room is no longer restored. */
    r.finished = 2;
    assert_int_equal(pf_store_room_put(s, &r, &err), PF_E_OK);
    got.rooms = 0;
    assert_int_equal(pf_store_rooms_unfinished(s, each_room, &got, &err), PF_E_OK);
    assert_int_equal(got.rooms, 0);
    pf_store_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_needs_wal_and_full_sync),
        cmocka_unit_test(test_rooms_and_steps_come_back),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
