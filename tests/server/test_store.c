/* test_store.c: the server's store (src/server/store*.c) on SQLite, and on
 * PostgreSQL when PF_TEST_PG names a database (ctest runs it so through
 * scripts/with_pg.sh as server_test_store_pg): durable settings checked at
 * open, the schema's version and migration, rooms and steps written and
 * read back, an undo's removal, a step index stored twice refused, a commit
 * across rooms all or nothing, a room found by code and dropped, the
 * leases that give each room one node (issue 18), and a twin handle (the
 * committer's) used beside its store. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include "pf_test.h"
#include "server/store.h"

static char dir[] = "/tmp/pf-store-XXXXXX";
static char path[64];
static const char *pg; /* the PostgreSQL URL, or NULL: SQLite at path */

static const char *where(void)
{
    return pg ? pg : path;
}

/* Runs sql on the database directly, beside the store. */
static void raw(const char *sql)
{
    if (pg) {
        PGconn *c = PQconnectdb(pg);
        assert_int_equal(PQstatus(c), CONNECTION_OK);
        PGresult *res = PQexec(c, sql);
        ExecStatusType st = PQresultStatus(res);
        assert_true(st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK);
        PQclear(res);
        PQfinish(c);
    } else {
        sqlite3 *db = NULL;
        assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
        assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(db);
    }
}

static int group_setup(void **state)
{
    (void)state;
    pg = getenv("PF_TEST_PG");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/rooms.db", dir);
    return 0;
}

static void remove_sqlite(void)
{
    char f[80];
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(f, sizeof f, "%s%s", path, suffix[i]);
        unlink(f);
    }
}

/* Every test starts from an empty database. */
static int fresh(void **state)
{
    (void)state;
    if (pg)
        raw("DROP TABLE IF EXISTS rooms, steps, act_keys, chat, leases, schema_version");
    else
        remove_sqlite();
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    remove_sqlite();
    rmdir(dir);
    return 0;
}

/* A database that could lose acknowledged steps is refused: SQLite in
 * memory cannot run in WAL mode. */
static void test_needs_wal_and_full_sync(void **state)
{
    (void)state;
    if (pg)
        skip();
    pf_error err;
    assert_null(pf_store_open(":memory:", &err));
    assert_int_equal(err.code, PF_E_IO);
    assert_non_null(strstr(err.msg, "journal_mode=memory"));
}

/* An address that reaches no database is a clear error, not a crash. */
static void test_an_unreachable_postgresql_is_an_error(void **state)
{
    (void)state;
    pf_error err;
    assert_null(pf_store_open("postgresql://nobody@/none?host=/nonexistent-dir", &err));
    assert_int_equal(err.code, PF_E_IO);
    assert_non_null(strstr(err.msg, "failed to connect"));
}

/* A database's password is never printed. */
static void test_a_password_is_never_shown(void **state)
{
    (void)state;
    char out[128];
    pf_store_where_shown("postgresql://ana:s3cret@db.example/party", out, sizeof out);
    assert_string_equal(out, "postgresql://ana:***@db.example/party");
    pf_store_where_shown("postgresql://db/party?user=ana&password=s3cret&sslmode=require", out,
                         sizeof out);
    assert_string_equal(out, "postgresql://db/party?user=ana&password=***&sslmode=require");
    pf_store_where_shown("postgresql://a:b@h/p?password=c", out, sizeof out);
    assert_string_equal(out, "postgresql://a:***@h/p?password=***");
    pf_store_where_shown("/tmp/rooms.db", out, sizeof out);
    assert_string_equal(out, "/tmp/rooms.db");
    pf_store_where_shown("postgresql://ana:s3cret@db.example/party", out, 20);
    assert_null(strstr(out, "s3cret"));
}

typedef struct seen {
    int rooms, steps;
    char game[16], settings[64], code[PF_ROOM_CODE_LEN + 1];
    uint64_t seed;
    pf_store_step step[8];
} seen;

static void each_room(void *arg, const pf_store_room *r)
{
    seen *s = arg;
    s->rooms++;
    snprintf(s->game, sizeof s->game, "%s", r->game);
    snprintf(s->settings, sizeof s->settings, "%s", r->settings);
    snprintf(s->code, sizeof s->code, "%s", r->code);
    s->seed = r->seed;
}

static void each_lease(void *arg, const char *room, int64_t epoch)
{
    seen *s = arg;
    s->rooms++;
    snprintf(s->code, sizeof s->code, "%s", room);
    s->seed = (uint64_t)epoch;
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

static pf_store_room a_room(const char *code)
{
    pf_store_room r = {.game = "pizza", .options = "{}", .seed = UINT64_MAX - 5,
                       .seating = "[]", .settings = "{\"turn_ms\":0}", .started = true,
                       .engine_version = "0.2.0", .protocol = 3, .created = 1};
    snprintf(r.code, sizeof r.code, "%s", code);
    return r;
}

static pf_store *open_store(void)
{
    pf_error err;
    pf_store *s = pf_store_open(where(), &err);
    if (!s)
        fail_msg("%s", err.msg);
    return s;
}

static void test_rooms_and_steps_come_back(void **state)
{
    (void)state;
    pf_error err;
    pf_store *s = open_store();
    pf_store_room r = a_room("ACDEFG");
    assert_int_equal(pf_store_room_put(s, &r, &err), PF_E_OK);
    pf_store_step batch[] = {step(0, 0, "flip 1", 10), step(1, 1, "flip 2", 20),
                             step(2, 0, "flip 3", 30)};
    pf_store_change c = {r.code, batch, 3, 0, NULL};
    assert_int_equal(pf_store_commit(s, &c, 1, NULL, &err), PF_E_OK);
    /* An undo of step 2, then another step 2, in one transaction. */
    pf_store_step redo[] = {{.undo = true, .index = 2}, step(2, 0, "flip 4", 40)};
    c = (pf_store_change){r.code, redo, 2, 0, NULL};
    assert_int_equal(pf_store_commit(s, &c, 1, NULL, &err), PF_E_OK);
    /* A step index stored twice is refused as a copy behind the database
     * (ELSEWHERE, the change named), and nothing of its batch stays. */
    pf_store_step twice[] = {step(3, 1, "flip 5", 50), step(1, 1, "flip 6", 60)};
    c = (pf_store_change){r.code, twice, 2, 0, NULL};
    int lost = -1;
    assert_int_equal(pf_store_commit(s, &c, 1, &lost, &err), PF_E_ELSEWHERE);
    assert_int_equal(lost, 0);
    pf_store_close(s);

    s = open_store();
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

typedef struct nested {
    pf_store *other;
    seen got;
} nested;

/* A listing's callback that reads the steps through the other handle. */
static void steps_within(void *arg, const pf_store_room *r)
{
    nested *n = arg;
    pf_error err;
    assert_int_equal(pf_store_steps_of(n->other, r->code, each_step, &n->got, &err), PF_E_OK);
}

/* The committer's handle (pf_store_twin) writes what its store reads, may
 * be called from within a listing of the store (SQLite: the shared lock is
 * taken again by the same thread), and outlives the store closed first. */
static void test_a_twin_works_beside_its_store(void **state)
{
    (void)state;
    pf_error err;
    pf_store *s = open_store();
    pf_store *twin = pf_store_twin(s, where(), NULL, &err);
    assert_non_null(twin);
    pf_store_room r = a_room("ACDEFG");
    assert_int_equal(pf_store_room_put(s, &r, &err), PF_E_OK);
    pf_store_step batch[] = {step(0, 0, "flip 1", 10), step(1, 1, "flip 2", 20)};
    pf_store_change c = {r.code, batch, 2, 0, NULL};
    assert_int_equal(pf_store_commit(twin, &c, 1, NULL, &err), PF_E_OK);
    nested n = {.other = twin};
    assert_int_equal(pf_store_rooms_unfinished(s, steps_within, &n, &err), PF_E_OK);
    assert_int_equal(n.got.steps, 2);
    assert_string_equal(n.got.step[1].name, "flip 2");
    pf_store_close(s);
    pf_store_step more[] = {step(2, 0, "flip 3", 30)};
    c = (pf_store_change){r.code, more, 1, 0, NULL};
    assert_int_equal(pf_store_commit(twin, &c, 1, NULL, &err), PF_E_OK);
    pf_store_close(twin);
    s = open_store();
    seen got = {0};
    assert_int_equal(pf_store_steps_of(s, r.code, each_step, &got, &err), PF_E_OK);
    assert_int_equal(got.steps, 3);
    pf_store_close(s);
}

typedef struct within {
    pf_store *s;
    seen outer, inner;
} within;

/* A room read while another read of a room is under way. */
static void room_within(void *arg, const pf_store_room *r)
{
    within *w = arg;
    pf_error err;
    each_room(&w->outer, r);
    assert_int_equal(pf_store_room_get(w->s, "BCDEFG", each_room, &w->inner, &err), PF_E_OK);
}

/* A listing's callback may run the same query again on the same handle
 * (SQLite prepares its statements once: the nested call must not take
 * over the one still stepping). */
static void test_a_query_may_run_within_itself(void **state)
{
    (void)state;
    pf_error err;
    pf_store *s = open_store();
    pf_store_room a = a_room("ACDEFG"), b = a_room("BCDEFG");
    b.game = "pancake";
    assert_int_equal(pf_store_room_put(s, &a, &err), PF_E_OK);
    assert_int_equal(pf_store_room_put(s, &b, &err), PF_E_OK);
    within w = {.s = s};
    assert_int_equal(pf_store_room_get(s, "ACDEFG", room_within, &w, &err), PF_E_OK);
    assert_int_equal(w.outer.rooms, 1);
    assert_string_equal(w.outer.code, "ACDEFG");
    assert_int_equal(w.inner.rooms, 1);
    assert_string_equal(w.inner.code, "BCDEFG");
    assert_string_equal(w.inner.game, "pancake");
    /* And the query prepared once still answers afterwards. */
    seen again = {0};
    assert_int_equal(pf_store_room_get(s, "BCDEFG", each_room, &again, &err), PF_E_OK);
    assert_int_equal(again.rooms, 1);
    assert_string_equal(again.game, "pancake");
    pf_store_close(s);
}

/* The keys read back with the steps, as "index:key:answer" joined by
 * spaces (the strings live only during the call). */
static pf_err each_key(void *arg, const pf_store_step *st, pf_error *err)
{
    (void)err;
    char *out = arg;
    if (st->key)
        snprintf(out + strlen(out), 512 - strlen(out), "%s%d:%s:%s", *out ? " " : "", st->index,
                 st->key, st->answer);
    return PF_E_OK;
}

/* Each seat's last 8 keyed acts keep their keys and answers with their
 * steps (docs/protocol.md "Sending an act again"); older ones and the
 * steps an undo takes back lose theirs. */
static void test_act_keys_are_kept_with_their_steps(void **state)
{
    (void)state;
    pf_error err;
    pf_store *s = open_store();
    pf_store_room r = a_room("KYKYKY");
    assert_int_equal(pf_store_room_put(s, &r, &err), PF_E_OK);
    pf_store_step batch[11];
    char keys[11][8];
    for (int i = 0; i < 11; i++) {
        batch[i] = step(i, i == 5, "flip", i);
        snprintf(keys[i], sizeof keys[i], "k%d", i);
        batch[i].key = keys[i];
        batch[i].answer = "{\"ok\":true}";
    }
    batch[7].key = NULL; /* an act sent without a key */
    pf_store_change c = {r.code, batch, 11, 0, NULL};
    assert_int_equal(pf_store_commit(s, &c, 1, NULL, &err), PF_E_OK);
    pf_store_step undo[] = {{.undo = true, .index = 10}};
    c = (pf_store_change){r.code, undo, 1, 0, NULL};
    assert_int_equal(pf_store_commit(s, &c, 1, NULL, &err), PF_E_OK);
    char got[512] = "";
    assert_int_equal(pf_store_steps_of(s, r.code, each_key, got, &err), PF_E_OK);
    /* seat 0 keyed nine acts (k5 is seat 1's, step 7 had none): k0 went
     * as the ninth came, and the undo took k10 back */
    assert_string_equal(got, "1:k1:{\"ok\":true} 2:k2:{\"ok\":true} 3:k3:{\"ok\":true} 4:k4:{\"ok\":true} "
                             "5:k5:{\"ok\":true} 6:k6:{\"ok\":true} 8:k8:{\"ok\":true} "
                             "9:k9:{\"ok\":true}");
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
    pf_store *s = open_store();
    const char *codes[] = {"CCCCCC", "DDDDDD", "EEEEEE"};
    for (int i = 0; i < 3; i++) {
        pf_store_room r = {.game = "pizza", .options = "{}", .seating = "[]",
                           .settings = "{}", .started = true, .engine_version = "0.2.0",
                           .protocol = 3, .created = 1};
        snprintf(r.code, sizeof r.code, "%s", codes[i]);
        assert_int_equal(pf_store_room_put(s, &r, &err), PF_E_OK);
    }
    pf_store_step first[] = {step(0, 0, "flip 1", 10)};
    pf_store_change before = {codes[2], first, 1, 0, NULL};
    assert_int_equal(pf_store_commit(s, &before, 1, NULL, &err), PF_E_OK);

    pf_store_step a[] = {step(0, 0, "flip 1", 10), step(1, 1, "flip 2", 20)};
    pf_store_step b[] = {step(0, 1, "flip 3", 10)};
    pf_store_step again[] = {step(0, 0, "flip 9", 30)}; /* step 0 of EEEEEE is stored */
    pf_store_change bad[] = {{codes[0], a, 2, 0, NULL}, {codes[1], b, 1, 77, NULL},
                             {codes[2], again, 1, 0, NULL}};
    int lost = -1;
    assert_int_equal(pf_store_commit(s, bad, 3, &lost, &err), PF_E_ELSEWHERE);
    assert_int_equal(lost, 2);
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
    assert_int_equal(pf_store_commit(s, bad, 3, NULL, &err), PF_E_OK);
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

/* A database written by a newer server is not touched by an older one. */
static void test_a_newer_schema_is_refused(void **state)
{
    (void)state;
    pf_store_close(open_store());
    raw(pg ? "UPDATE schema_version SET version = 99" : "PRAGMA user_version = 99");
    pf_error err;
    assert_null(pf_store_open(where(), &err));
    assert_int_equal(err.code, PF_E_IO);
    assert_non_null(strstr(err.msg, "schema version 99"));
}

/* A database made by the first server (rooms and steps, no version, no
 * leases) is migrated in place and keeps its steps. */
static void test_a_first_server_database_is_migrated(void **state)
{
    (void)state;
    raw("CREATE TABLE rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,"
        " seed TEXT NOT NULL, seating TEXT NOT NULL, settings TEXT NOT NULL,"
        " started INTEGER NOT NULL, engine_version TEXT NOT NULL, protocol INTEGER NOT NULL,"
        " created INTEGER NOT NULL, finished INTEGER);"
        "CREATE TABLE steps (room TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL,"
        " name TEXT NOT NULL, t INTEGER NOT NULL, UNIQUE(room, idx));"
        "INSERT INTO steps VALUES('OLDOLD', 0, 1, 'flip 7', 5)");
    if (pg) /* a first PostgreSQL database would have had version 1 recorded */
        raw("CREATE TABLE schema_version (version integer NOT NULL);"
            "INSERT INTO schema_version VALUES (1)");
    pf_store *s = open_store();
    pf_error err;
    seen got = {0};
    assert_int_equal(pf_store_steps_of(s, "OLDOLD", each_step, &got, &err), PF_E_OK);
    assert_int_equal(got.steps, 1);
    assert_string_equal(got.step[0].name, "flip 7");
    int64_t epoch = 0;
    char owner[PF_NODE_NAME_MAX + 1];
    assert_int_equal(pf_store_lease_take(s, "OLDOLD", "node-a", 1000, &epoch, owner, &err),
                     PF_E_OK);
    pf_store_close(s);
}

/* Each room is played by one node: the lease, its epoch, and the fence on
 * writes (issue 18). A lease taken for 0 ms has expired at once, which
 * stands for a node that stopped renewing. */
static void test_a_lease_gives_a_room_one_node(void **state)
{
    (void)state;
    pf_error err;
    pf_store *a = open_store(), *b = open_store();
    pf_store_room r = a_room("LEASED");
    assert_int_equal(pf_store_room_put(a, &r, &err), PF_E_OK);

    int64_t ea = 0, eb = 0;
    char owner[PF_NODE_NAME_MAX + 1] = "";
    assert_int_equal(pf_store_lease_take(a, r.code, "node-a", 60000, &ea, owner, &err),
                     PF_E_OK);
    assert_int_equal(ea, 1);
    /* Node b is sent to node a while a's lease lives. */
    assert_int_equal(pf_store_lease_take(b, r.code, "node-b", 60000, &eb, owner, &err),
                     PF_E_ELSEWHERE);
    assert_string_equal(owner, "node-a");
    assert_non_null(strstr(err.msg, "node-a"));
    /* Taking it again, a keeps its epoch; a's writes pass the fence. */
    assert_int_equal(pf_store_lease_take(a, r.code, "node-a", 0, &ea, owner, &err), PF_E_OK);
    assert_int_equal(ea, 1);
    pf_store_owner as_a = {"node-a", ea};
    pf_store_step first[] = {step(0, 0, "flip 1", 10)};
    pf_store_change c = {r.code, first, 1, 0, &as_a};
    assert_int_equal(pf_store_commit(a, &c, 1, NULL, &err), PF_E_OK);

    /* a's lease ran out (0 ms): b takes the room over with a new epoch. */
    assert_int_equal(pf_store_lease_take(b, r.code, "node-b", 60000, &eb, owner, &err),
                     PF_E_OK);
    assert_int_equal(eb, 2);
    assert_int_equal(pf_store_lease_take(a, r.code, "node-a", 60000, &ea, owner, &err),
                     PF_E_ELSEWHERE);
    assert_string_equal(owner, "node-b");

    /* a, back from a pause, renews nothing and cannot write: nothing of
     * its batch is stored. b writes on. */
    seen renewed = {0};
    assert_int_equal(pf_store_leases_renew(a, "node-a", 60000, each_lease, &renewed, &err),
                     PF_E_OK);
    assert_int_equal(renewed.rooms, 0);
    pf_store_room other = a_room("OTHERS");
    assert_int_equal(pf_store_room_put(a, &other, &err), PF_E_OK);
    pf_store_step late[] = {step(1, 1, "flip 2", 20)}, elsewhere[] = {step(0, 0, "flip 8", 5)};
    pf_store_change both[] = {{other.code, elsewhere, 1, 0, NULL}, {r.code, late, 1, 0, &as_a}};
    int lost = -1;
    assert_int_equal(pf_store_commit(a, both, 2, &lost, &err), PF_E_ELSEWHERE);
    assert_int_equal(lost, 1);
    assert_non_null(strstr(err.msg, "lost its lease"));
    seen none = {0};
    assert_int_equal(pf_store_steps_of(a, other.code, each_step, &none, &err), PF_E_OK);
    assert_int_equal(none.steps, 0);
    pf_store_owner as_b = {"node-b", eb};
    pf_store_step next[] = {step(1, 1, "flip 3", 30)};
    c = (pf_store_change){r.code, next, 1, 0, &as_b};
    assert_int_equal(pf_store_commit(b, &c, 1, NULL, &err), PF_E_OK);
    assert_int_equal(pf_store_leases_renew(b, "node-b", 60000, each_lease, &renewed, &err),
                     PF_E_OK);
    assert_int_equal(renewed.rooms, 1);
    assert_string_equal(renewed.code, "LEASED");
    assert_int_equal(renewed.seed, 2); /* the epoch */
    /* An expired lease is not renewed (a room let go stays free). */
    pf_store_room gone = a_room("LETGO1");
    assert_int_equal(pf_store_room_put(b, &gone, &err), PF_E_OK);
    int64_t eg;
    assert_int_equal(pf_store_lease_take(b, gone.code, "node-b", 0, &eg, owner, &err), PF_E_OK);
    renewed.rooms = 0;
    assert_int_equal(pf_store_leases_renew(b, "node-b", 60000, each_lease, &renewed, &err),
                     PF_E_OK);
    assert_int_equal(renewed.rooms, 1);
    assert_string_equal(renewed.code, "LEASED");
    assert_int_equal(pf_store_lease_take(a, gone.code, "node-a", 60000, &eg, owner, &err),
                     PF_E_OK);
    /* A finished room's lease is not renewed. */
    r.finished = 3;
    assert_int_equal(pf_store_room_put(b, &r, &err), PF_E_OK);
    renewed.rooms = 0;
    assert_int_equal(pf_store_leases_renew(b, "node-b", 60000, each_lease, &renewed, &err),
                     PF_E_OK);
    assert_int_equal(renewed.rooms, 0);
    assert_false(pf_store_shared(a) != (pg != NULL));

    seen got = {0};
    assert_int_equal(pf_store_steps_of(a, r.code, each_step, &got, &err), PF_E_OK);
    assert_int_equal(got.steps, 2);
    assert_string_equal(got.step[1].name, "flip 3");
    pf_store_close(a);
    pf_store_close(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_needs_wal_and_full_sync, fresh),
        cmocka_unit_test_setup(test_an_unreachable_postgresql_is_an_error, fresh),
        cmocka_unit_test(test_a_password_is_never_shown),
        cmocka_unit_test_setup(test_rooms_and_steps_come_back, fresh),
        cmocka_unit_test_setup(test_commit_across_rooms_is_all_or_nothing, fresh),
        cmocka_unit_test_setup(test_a_twin_works_beside_its_store, fresh),
        cmocka_unit_test_setup(test_a_query_may_run_within_itself, fresh),
        cmocka_unit_test_setup(test_act_keys_are_kept_with_their_steps, fresh),
        cmocka_unit_test_setup(test_a_newer_schema_is_refused, fresh),
        cmocka_unit_test_setup(test_a_first_server_database_is_migrated, fresh),
        cmocka_unit_test_setup(test_a_lease_gives_a_room_one_node, fresh),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
