/* test_store.c: the server's SQLite store (src/server/store_sqlite.c):
 * durable settings checked at open, rooms and steps written and read back,
 * an undo's removal, a step index stored twice refused, a commit across
 * rooms all or nothing, a room found by code and dropped. */
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
    pf_store_change c = {r.code, batch, 3, 0};
    assert_int_equal(pf_store_commit(s, &c, 1, &err), PF_E_OK);
    /* An undo of step 2, then another step 2, in one transaction. */
    pf_store_step redo[] = {{.undo = true, .index = 2}, step(2, 0, "flip 4", 40)};
    c = (pf_store_change){r.code, redo, 2, 0};
    assert_int_equal(pf_store_commit(s, &c, 1, &err), PF_E_OK);
    /* A step index stored twice is refused, and nothing of its batch stays. */
    pf_store_step twice[] = {step(3, 1, "flip 5", 50), step(1, 1, "flip 6", 60)};
    c = (pf_store_change){r.code, twice, 2, 0};
    assert_int_equal(pf_store_commit(s, &c, 1, &err), PF_E_IO);
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

static void count_room(void *arg, const pf_store_room *r)
{
    seen *s = arg;
    s->rooms++;
    s->seed = (uint64_t)r->finished;
}

static int steps_of(pf_store *s, const char *room)
{
    seen got = {0};
    pf_error err;
    assert_int_equal(pf_store_steps_of(s, room, each_step, &got, &err), PF_E_OK);
    return got.steps;
}

/* The group commit: the changes of several rooms go in one transaction,
 * all of them or none. A failure in the last room's part leaves the first
 * rooms' steps (and a game's end) unwritten, so the server may tell every
 * requester of the batch that it failed, and the rooms stay as they were. */
static void test_commit_across_rooms_is_all_or_nothing(void **state)
{
    (void)state;
    pf_error err;
    pf_store *s = pf_store_open(path, &err);
    assert_non_null(s);
    const char *codes[] = {"CCCCCC", "DDDDDD", "EEEEEE"};
    for (int i = 0; i < 3; i++) {
        pf_store_room r = {.game = "pizza", .options = "{}", .seating = "[]",
                           .settings = "{}", .started = true, .engine_version = "0.2.0",
                           .protocol = 3, .created = 1};
        snprintf(r.code, sizeof r.code, "%s", codes[i]);
        assert_int_equal(pf_store_room_put(s, &r, &err), PF_E_OK);
    }
    pf_store_step first[] = {step(0, 0, "flip 1", 10)};
    pf_store_change before = {codes[2], first, 1, 0};
    assert_int_equal(pf_store_commit(s, &before, 1, &err), PF_E_OK);

    pf_store_step a[] = {step(0, 0, "flip 1", 10), step(1, 1, "flip 2", 20)};
    pf_store_step b[] = {step(0, 1, "flip 3", 10)};
    pf_store_step again[] = {step(0, 0, "flip 9", 30)}; /* step 0 of EEEEEE is stored */
    pf_store_change bad[] = {{codes[0], a, 2, 0}, {codes[1], b, 1, 77}, {codes[2], again, 1, 0}};
    assert_int_equal(pf_store_commit(s, bad, 3, &err), PF_E_IO);
    assert_int_equal(steps_of(s, codes[0]), 0);
    assert_int_equal(steps_of(s, codes[1]), 0);
    assert_int_equal(steps_of(s, codes[2]), 1);
    seen got = {0};
    assert_int_equal(pf_store_room_get(s, codes[1], count_room, &got, &err), PF_E_OK);
    assert_int_equal(got.rooms, 1);
    assert_int_equal(got.seed, 0); /* not finished */

    /* The same batch without the clash: every room's part is written. */
    pf_store_step next[] = {step(1, 0, "flip 9", 30)};
    bad[2].steps = next;
    assert_int_equal(pf_store_commit(s, bad, 3, &err), PF_E_OK);
    assert_int_equal(steps_of(s, codes[0]), 2);
    assert_int_equal(steps_of(s, codes[1]), 1);
    assert_int_equal(steps_of(s, codes[2]), 2);
    got = (seen){0};
    assert_int_equal(pf_store_room_get(s, codes[1], count_room, &got, &err), PF_E_OK);
    assert_int_equal(got.seed, 77); /* finished, read back by code */

    /* A room dropped is gone, with its steps. */
    assert_int_equal(pf_store_room_drop(s, codes[0], &err), PF_E_OK);
    got = (seen){0};
    assert_int_equal(pf_store_room_get(s, codes[0], count_room, &got, &err), PF_E_OK);
    assert_int_equal(got.rooms, 0);
    assert_int_equal(steps_of(s, codes[0]), 0);
    pf_store_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_needs_wal_and_full_sync),
        cmocka_unit_test(test_rooms_and_steps_come_back),
        cmocka_unit_test(test_commit_across_rooms_is_all_or_nothing),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
