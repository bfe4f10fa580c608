/* store_sqlite.c: the server's store in SQLite (store.h), the default.
 *
 * WAL with synchronous=FULL: a committed transaction survives a crash of
 * the program or the machine. One transaction per call: the server's group
 * commit gives the steps of every room that changed in a turn of its loop
 * at once, so one fsync serves them all. Leases work as in PostgreSQL (on
 * this machine's clock), so the server needs no case for a single node. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "partyfood/repeat.h"
#include "server/store_backend.h"

/* A connection and what goes with it, shared by a handle and its twins
 * (pf_store_twin): the server's loop and its committer. One connection,
 * not one each, because a write by another connection makes SQLite drop
 * its whole page cache at the next transaction: the loop writes a room
 * row for each room made and each seat taken (about six for each group
 * commit under `partyfood bench server`), and the committer then read
 * back every page of the steps' index it touched. Its lock is recursive:
 * a listing's callback may call the store again. */
/* A seat's stored keys beyond its last ?3 (repeat.h keeps as many). */
#define KEY_TRIM_SQL                                                                    \
    "DELETE FROM act_keys WHERE room = ?1 AND seat = ?2 AND idx NOT IN"                \
    " (SELECT idx FROM act_keys WHERE room = ?1 AND seat = ?2 ORDER BY idx DESC LIMIT ?3)"

/* The statements the server runs often, prepared once at the open: under
 * `partyfood bench server` parsing them again at every call was 4% of the
 * server's CPU (the rooms made, joined and read back, the commit's BEGIN
 * and COMMIT). */
typedef enum {
    ST_BEGIN,
    ST_COMMIT,
    ST_ROLLBACK,
    ST_INSERT,
    ST_REMOVE,
    ST_FINISH,
    ST_OWNED,
    ST_KEY_PUT,
    ST_KEY_TRIM,
    ST_KEYS_REMOVE,
    ST_ROOM_PUT,
    ST_ROOM_GET,
    ST_ROOMS_UNFINISHED,
    ST_STEPS_OF,
    ST_CHAT_PUT,
    ST_CHAT_OF,
    ST_COUNT
} statement;

/* The rooms' columns, in the order pf_store_room is read. */
#define ROOM_COLUMNS                                                                           \
    "code, game, options, seed, seating, settings, started, engine_version, protocol, created," \
    " finished"

static const char *const statement_sql[ST_COUNT] = {
    [ST_BEGIN] = "BEGIN IMMEDIATE",
    [ST_COMMIT] = "COMMIT",
    [ST_ROLLBACK] = "ROLLBACK",
    [ST_INSERT] = "INSERT INTO steps(room, idx, seat, name, t, epoch, hint) VALUES(?,?,?,?,?,?,?)",
    [ST_REMOVE] = "DELETE FROM steps WHERE room = ? AND idx >= ?",
    [ST_FINISH] = "UPDATE rooms SET finished = ? WHERE code = ?",
    [ST_OWNED] = "SELECT 1 FROM leases WHERE room = ? AND node = ? AND epoch = ?",
    [ST_KEY_PUT] = "INSERT INTO act_keys VALUES(?1,?2,?3,?4,?5)",
    [ST_KEY_TRIM] = KEY_TRIM_SQL,
    [ST_KEYS_REMOVE] = "DELETE FROM act_keys WHERE room = ? AND idx >= ?",
    /* An upsert, not INSERT OR REPLACE: the row is rewritten where it is,
     * not deleted and inserted again at the table's end with its index
     * entry moved (a seat taken, the start, the end). */
    [ST_ROOM_PUT] = "INSERT INTO rooms(" ROOM_COLUMNS ") VALUES(?,?,?,?,?,?,?,?,?,?,?)"
                    " ON CONFLICT(code) DO UPDATE SET game = excluded.game,"
                    " options = excluded.options, seed = excluded.seed,"
                    " seating = excluded.seating, settings = excluded.settings,"
                    " started = excluded.started, engine_version = excluded.engine_version,"
                    " protocol = excluded.protocol, created = excluded.created,"
                    " finished = excluded.finished",
    [ST_ROOM_GET] = "SELECT " ROOM_COLUMNS " FROM rooms WHERE code = ?",
    [ST_ROOMS_UNFINISHED] = "SELECT " ROOM_COLUMNS " FROM rooms WHERE finished IS NULL"
                            " ORDER BY created, code",
    [ST_STEPS_OF] = "SELECT s.idx, s.seat, s.name, s.t, s.hint, k.key, k.answer FROM steps s"
                    " LEFT JOIN act_keys k ON k.room = s.room AND k.idx = s.idx"
                    " WHERE s.room = ? ORDER BY s.idx",
    [ST_CHAT_PUT] = "INSERT INTO chat VALUES(?,?,?,?,?,?)",
    [ST_CHAT_OF] = ("SELECT idx, seat, name, text, t FROM (SELECT * FROM chat"
                    " WHERE room = ? ORDER BY idx DESC LIMIT ?) ORDER BY idx"),
};

typedef struct sqlite_conn {
    sqlite3 *db;
    sqlite3_stmt *st[ST_COUNT];
    /* A reading statement running, its rows handed to a callback that may
     * call the store again: a nested call prepares a statement of its own. */
    bool running[ST_COUNT];
    pthread_mutex_t lock;
    int handles;
} sqlite_conn;

typedef struct sqlite_store {
    pf_store base;
    sqlite_conn *c;
} sqlite_store;

static sqlite_conn *of(pf_store *s)
{
    return ((sqlite_store *)s)->c;
}

static sqlite3 *db_of(pf_store *s)
{
    return of(s)->db;
}

/* The database's clock in ms since 1970, as SQL. */
#define NOW_MS "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"

/* Version 1 (the first server) had rooms and steps; version 2 adds the
 * leases and each step's epoch; version 3 the rooms' chat; version 4 each
 * step's hint mark; version 5 the keys of the last keyed acts with their
 * answers. Each migration runs in one transaction. */
static const char *const migrations[PF_STORE_SCHEMA] = {
    "CREATE TABLE IF NOT EXISTS rooms ("
    " code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,"
    " seed TEXT NOT NULL, seating TEXT NOT NULL, settings TEXT NOT NULL,"
    " started INTEGER NOT NULL, engine_version TEXT NOT NULL, protocol INTEGER NOT NULL,"
    " created INTEGER NOT NULL, finished INTEGER);"
    "CREATE TABLE IF NOT EXISTS steps ("
    " room TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,"
    " t INTEGER NOT NULL, UNIQUE(room, idx));",
    "CREATE TABLE leases (room TEXT PRIMARY KEY, node TEXT NOT NULL,"
    " epoch INTEGER NOT NULL, expires INTEGER NOT NULL);"
    "ALTER TABLE steps ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;",
    "CREATE TABLE IF NOT EXISTS chat ("
    " room TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,"
    " text TEXT NOT NULL, t INTEGER NOT NULL, UNIQUE(room, idx));",
    "ALTER TABLE steps ADD COLUMN hint INTEGER NOT NULL DEFAULT 0;",
    "CREATE TABLE IF NOT EXISTS act_keys ("
    " room TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, key TEXT NOT NULL,"
    " answer TEXT NOT NULL, UNIQUE(room, idx));",
};

static pf_err fail(pf_store *s, pf_error *err, const char *what)
{
    return pf_error_set(err, PF_E_IO, "the database failed to %s: %s", what,
                        sqlite3_errmsg(db_of(s)));
}

/* The value of a PRAGMA as text into out (n bytes); false when it fails. */
static bool pragma(sqlite3 *db, const char *sql, char *out, size_t n)
{
    sqlite3_stmt *st = NULL;
    bool ok = sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
              sqlite3_step(st) == SQLITE_ROW;
    if (ok)
        snprintf(out, n, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return ok;
}

/* WAL and synchronous=FULL, read back: a database that cannot have them
 * (in memory, some file systems) would lose acknowledged steps. */
static bool durable(sqlite3 *db, const char *path, pf_error *err)
{
    char mode[16] = "", sync[16] = "";
    if (!pragma(db, "PRAGMA journal_mode=WAL", mode, sizeof mode) ||
        sqlite3_exec(db, "PRAGMA synchronous=FULL", NULL, NULL, NULL) != SQLITE_OK ||
        !pragma(db, "PRAGMA synchronous", sync, sizeof sync)) {
        pf_error_set(err, PF_E_IO, "cannot set up the database %s: %s", path,
                     sqlite3_errmsg(db));
        return false;
    }
    if (strcmp(mode, "wal") != 0 || strcmp(sync, "2") != 0) {
        pf_error_set(err, PF_E_IO,
                     "the database %s runs with journal_mode=%s, synchronous=%s: the server "
                     "needs WAL and FULL (2) so that no acknowledged step is lost",
                     path, mode, sync);
        return false;
    }
    return true;
}

/* Brings the schema to PF_STORE_SCHEMA (PRAGMA user_version counts the
 * migrations run; the first one also fits a database made before it). */
static bool migrate(sqlite3 *db, const char *path, pf_error *err)
{
    char v[16] = "";
    if (!pragma(db, "PRAGMA user_version", v, sizeof v))
        goto failed;
    int have = atoi(v);
    if (have > PF_STORE_SCHEMA) {
        pf_error_set(err, PF_E_IO,
                     "the database %s has schema version %d, newer than this server's %d: "
                     "run a newer partyfood",
                     path, have, PF_STORE_SCHEMA);
        return false;
    }
    for (int i = have; i < PF_STORE_SCHEMA; i++) {
        char bump[40];
        snprintf(bump, sizeof bump, "PRAGMA user_version=%d", i + 1);
        if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
            goto failed;
        if (sqlite3_exec(db, migrations[i], NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_exec(db, bump, NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
            pf_error_set(err, PF_E_IO, "cannot bring the database %s to schema version %d: %s",
                         path, i + 1, sqlite3_errmsg(db));
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            return false;
        }
    }
    return true;
failed:
    pf_error_set(err, PF_E_IO, "cannot read the schema of the database %s: %s", path,
                 sqlite3_errmsg(db));
    return false;
}

static const pf_store_ops sqlite_ops;

/* A handle on c, counted. */
static pf_store *handle(sqlite_conn *c, pf_error *err)
{
    sqlite_store *s = calloc(1, sizeof *s);
    if (!s) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    s->base.ops = &sqlite_ops;
    s->base.lock = &c->lock;
    s->c = c;
    pthread_mutex_lock(&c->lock);
    c->handles++;
    pthread_mutex_unlock(&c->lock);
    return &s->base;
}

static void conn_close(sqlite_conn *c)
{
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(c->st[i]);
    sqlite3_close(c->db);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

/* The connection to the database at path, durable, migrated, its
 * statements prepared; NULL with err set. */
static sqlite_conn *conn_open(const char *path, pf_error *err)
{
    sqlite_conn *c = calloc(1, sizeof *c);
    pthread_mutexattr_t recursive;
    if (!c || pthread_mutexattr_init(&recursive) != 0) {
        free(c);
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    pthread_mutexattr_settype(&recursive, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&c->lock, &recursive);
    pthread_mutexattr_destroy(&recursive);
    if (sqlite3_open(path, &c->db) != SQLITE_OK) {
        pf_error_set(err, PF_E_IO, "cannot open the database %s: %s", path,
                     c->db ? sqlite3_errmsg(c->db) : "out of memory");
        conn_close(c);
        return NULL;
    }
    /* Another process (a second node) may share the file: a writer waits
     * for the other's transaction (at most one commit). */
    sqlite3_busy_timeout(c->db, 10000);
    if (!durable(c->db, path, err) || !migrate(c->db, path, err)) {
        conn_close(c);
        return NULL;
    }
    for (int i = 0; i < ST_COUNT; i++)
        if (sqlite3_prepare_v2(c->db, statement_sql[i], -1, &c->st[i], NULL) != SQLITE_OK) {
            pf_error_set(err, PF_E_IO, "the database failed to prepare its statements: %s",
                         sqlite3_errmsg(c->db));
            conn_close(c);
            return NULL;
        }
    return c;
}

pf_store *pf_store_sqlite_open(const char *path, pf_error *err)
{
    sqlite_conn *c = conn_open(path, err);
    pf_store *s = c ? handle(c, err) : NULL;
    if (c && !s)
        conn_close(c);
    return s;
}

static pf_store *sqlite_twin(pf_store *s, pf_error *err)
{
    return handle(of(s), err);
}

/* The last handle closes the connection. */
static void sqlite_close(pf_store *s)
{
    sqlite_conn *c = of(s);
    pthread_mutex_lock(&c->lock);
    bool last = --c->handles == 0;
    pthread_mutex_unlock(&c->lock);
    if (last)
        conn_close(c);
    free(s);
}

/* Runs a prepared statement once more with what is bound: SQLITE_DONE,
 * SQLITE_ROW or an error. */
static int run(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc;
}

/* A reading statement to step through: the one prepared, or a new one when
 * that one is running further up the stack. NULL when it cannot be
 * prepared. Given back with reader_done. */
static sqlite3_stmt *reader(sqlite_conn *c, statement which)
{
    sqlite3_stmt *st = NULL;
    if (!c->running[which]) {
        c->running[which] = true;
        return c->st[which];
    }
    sqlite3_prepare_v2(c->db, statement_sql[which], -1, &st, NULL);
    return st;
}

static void reader_done(sqlite_conn *c, statement which, sqlite3_stmt *st)
{
    if (st != c->st[which]) {
        sqlite3_finalize(st);
        return;
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    c->running[which] = false;
}

static pf_err sqlite_room_put(pf_store *s, const pf_store_room *r, pf_error *err)
{
    sqlite3_stmt *st = of(s)->st[ST_ROOM_PUT];
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    sqlite3_bind_text(st, 1, r->code, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, r->game, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, r->options, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, seed, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, r->seating, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, r->settings, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 7, r->started);
    sqlite3_bind_text(st, 8, r->engine_version, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 9, r->protocol);
    sqlite3_bind_int64(st, 10, r->created);
    if (r->finished)
        sqlite3_bind_int64(st, 11, r->finished);
    else
        sqlite3_bind_null(st, 11);
    return run(st) == SQLITE_DONE ? PF_E_OK : fail(s, err, "write a room");
}

/* Whether c's owner (if any) still holds its room's lease. */
static bool owned(pf_store *s, const pf_store_change *c)
{
    if (!c->owner)
        return true;
    sqlite3_stmt *st = of(s)->st[ST_OWNED];
    sqlite3_bind_text(st, 1, c->room, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, c->owner->node, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, c->owner->epoch);
    return run(st) == SQLITE_ROW;
}

/* A keyed act's key and answer, and its seat's keys past the last
 * PF_REPEAT_KEEP dropped; or, for an undo, the keys of the steps it
 * removed. */
static bool put_key(pf_store *s, const pf_store_change *c, const pf_store_step *step)
{
    sqlite3_stmt *st = step->undo ? of(s)->st[ST_KEYS_REMOVE] : of(s)->st[ST_KEY_PUT];
    sqlite3_bind_text(st, 1, c->room, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, step->index);
    if (step->undo)
        return run(st) == SQLITE_DONE;
    sqlite3_bind_int(st, 3, step->seat);
    sqlite3_bind_text(st, 4, step->key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, step->answer, -1, SQLITE_STATIC);
    if (run(st) != SQLITE_DONE)
        return false;
    st = of(s)->st[ST_KEY_TRIM];
    sqlite3_bind_text(st, 1, c->room, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, step->seat);
    sqlite3_bind_int(st, 3, PF_REPEAT_KEEP);
    return run(st) == SQLITE_DONE;
}

static bool put_change(pf_store *s, const pf_store_change *c)
{
    bool ok = true;
    for (int i = 0; ok && i < c->nsteps; i++) {
        const pf_store_step *step = &c->steps[i];
        sqlite3_stmt *st = step->undo ? of(s)->st[ST_REMOVE] : of(s)->st[ST_INSERT];
        sqlite3_bind_text(st, 1, c->room, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, step->index);
        if (!step->undo) {
            sqlite3_bind_int(st, 3, step->seat);
            sqlite3_bind_text(st, 4, step->name, -1, SQLITE_STATIC);
            sqlite3_bind_int64(st, 5, step->t_ms);
            sqlite3_bind_int64(st, 6, c->owner ? c->owner->epoch : 0);
            sqlite3_bind_int(st, 7, step->hint);
        }
        ok = run(st) == SQLITE_DONE && (!(step->undo || step->key) || put_key(s, c, step));
    }
    if (ok && c->finished) {
        sqlite3_bind_int64(of(s)->st[ST_FINISH], 1, c->finished);
        sqlite3_bind_text(of(s)->st[ST_FINISH], 2, c->room, -1, SQLITE_STATIC);
        ok = run(of(s)->st[ST_FINISH]) == SQLITE_DONE;
    }
    return ok;
}

static pf_err sqlite_commit(pf_store *s, const pf_store_change *changes, int n, int *lost,
                            pf_error *err)
{
    sqlite3 *db = db_of(s);
    if (run(of(s)->st[ST_BEGIN]) != SQLITE_DONE)
        return fail(s, err, "begin a transaction");
    pf_err e = PF_E_OK;
    for (int i = 0; !e && i < n; i++) {
        if (!owned(s, &changes[i])) {
            *lost = i;
            e = pf_error_set(err, PF_E_ELSEWHERE,
                             "room %s: this node (%s) lost its lease (epoch %lld) to another",
                             changes[i].room, changes[i].owner->node,
                             (long long)changes[i].owner->epoch);
        } else if (!put_change(s, &changes[i])) {
            if (sqlite3_extended_errcode(db) == SQLITE_CONSTRAINT_UNIQUE) {
                /* A step stored already: the room's copy writing it is
                 * behind the database (store.h). */
                *lost = i;
                e = pf_error_set(err, PF_E_ELSEWHERE,
                                 "room %s: a step is stored already: this node's copy is behind",
                                 changes[i].room);
            } else
                e = fail(s, err, "write steps");
        }
    }
    if (!e && run(of(s)->st[ST_COMMIT]) != SQLITE_DONE)
        e = fail(s, err, "commit steps");
    if (e)
        run(of(s)->st[ST_ROLLBACK]);
    return e;
}

static const char *text(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return t ? (const char *)t : "";
}

static pf_err sqlite_rooms(pf_store *s, pf_store_rooms which, const char *code,
                           pf_store_room_fn *each, void *arg, pf_error *err)
{
    statement query = which == PF_ROOMS_CODE ? ST_ROOM_GET : ST_ROOMS_UNFINISHED;
    sqlite3_stmt *st = reader(of(s), query);
    if (!st)
        return fail(s, err, "read rooms");
    if (code)
        sqlite3_bind_text(st, 1, code, -1, SQLITE_STATIC);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        pf_store_room r = {
            .game = text(st, 1),
            .options = text(st, 2),
            .seed = strtoull(text(st, 3), NULL, 10),
            .seating = text(st, 4),
            .settings = text(st, 5),
            .started = sqlite3_column_int(st, 6) != 0,
            .engine_version = text(st, 7),
            .protocol = sqlite3_column_int(st, 8),
            .created = sqlite3_column_int64(st, 9),
            .finished = sqlite3_column_int64(st, 10),
        };
        snprintf(r.code, sizeof r.code, "%s", text(st, 0));
        each(arg, &r);
    }
    pf_err e = rc == SQLITE_DONE ? PF_E_OK : fail(s, err, "read rooms");
    reader_done(of(s), query, st);
    return e;
}

static pf_err sqlite_room_drop(pf_store *s, const char *code, pf_error *err)
{
    static const char *const sql[] = {"DELETE FROM steps WHERE room = ?",
                                      "DELETE FROM act_keys WHERE room = ?",
                                      "DELETE FROM chat WHERE room = ?",
                                      "DELETE FROM leases WHERE room = ?",
                                      "DELETE FROM rooms WHERE code = ?"};
    sqlite3 *db = db_of(s);
    if (run(of(s)->st[ST_BEGIN]) != SQLITE_DONE)
        return fail(s, err, "begin a transaction");
    bool ok = true;
    for (size_t i = 0; ok && i < sizeof sql / sizeof *sql; i++) {
        sqlite3_stmt *st = NULL;
        ok = sqlite3_prepare_v2(db, sql[i], -1, &st, NULL) == SQLITE_OK;
        if (ok) {
            sqlite3_bind_text(st, 1, code, -1, SQLITE_STATIC);
            ok = sqlite3_step(st) == SQLITE_DONE;
        }
        sqlite3_finalize(st);
    }
    if (ok && run(of(s)->st[ST_COMMIT]) == SQLITE_DONE)
        return PF_E_OK;
    pf_err e = fail(s, err, "drop a room");
    run(of(s)->st[ST_ROLLBACK]);
    return e;
}

static pf_err sqlite_steps_of(pf_store *s, const char *room, pf_store_step_fn *each, void *arg,
                              pf_error *err)
{
    sqlite3_stmt *st = reader(of(s), ST_STEPS_OF);
    if (!st)
        return fail(s, err, "read steps");
    sqlite3_bind_text(st, 1, room, -1, SQLITE_STATIC);
    int rc;
    pf_err e = PF_E_OK;
    while (!e && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        pf_store_step step = {
            .index = sqlite3_column_int(st, 0),
            .seat = sqlite3_column_int(st, 1),
            .t_ms = sqlite3_column_int64(st, 3),
            .hint = sqlite3_column_int(st, 4) != 0,
            .key = (const char *)sqlite3_column_text(st, 5),
            .answer = (const char *)sqlite3_column_text(st, 6),
        };
        snprintf(step.name, sizeof step.name, "%s", text(st, 2));
        e = each(arg, &step, err);
    }
    if (!e && rc != SQLITE_DONE)
        e = fail(s, err, "read steps");
    reader_done(of(s), ST_STEPS_OF, st);
    return e;
}

static pf_err sqlite_chat_put(pf_store *s, const char *room, const pf_store_chat *m,
                              pf_error *err)
{
    sqlite3_stmt *st = of(s)->st[ST_CHAT_PUT];
    sqlite3_bind_text(st, 1, room, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, m->index);
    sqlite3_bind_int(st, 3, m->seat);
    sqlite3_bind_text(st, 4, m->name, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, m->text, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 6, m->t_ms);
    return run(st) == SQLITE_DONE ? PF_E_OK : fail(s, err, "write a chat message");
}

static pf_err sqlite_chat_of(pf_store *s, const char *room, int last, pf_store_chat_fn *each,
                             void *arg, pf_error *err)
{
    sqlite3_stmt *st = reader(of(s), ST_CHAT_OF);
    if (!st)
        return fail(s, err, "read the chat");
    sqlite3_bind_text(st, 1, room, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, last);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        pf_store_chat m = {.index = sqlite3_column_int64(st, 0),
                           .seat = sqlite3_column_int(st, 1),
                           .name = text(st, 2),
                           .text = text(st, 3),
                           .t_ms = sqlite3_column_int64(st, 4)};
        each(arg, &m);
    }
    pf_err e = rc == SQLITE_DONE ? PF_E_OK : fail(s, err, "read the chat");
    reader_done(of(s), ST_CHAT_OF, st);
    return e;
}

/* The node holding room's lease into owner ("" when none). */
static pf_err lease_holder(pf_store *s, const char *room, char *owner, pf_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db_of(s), "SELECT node FROM leases WHERE room = ?", -1, &st,
                           NULL) != SQLITE_OK)
        return fail(s, err, "read a lease");
    sqlite3_bind_text(st, 1, room, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    snprintf(owner, PF_NODE_NAME_MAX + 1, "%s", rc == SQLITE_ROW ? text(st, 0) : "");
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? PF_E_OK : fail(s, err, "read a lease");
}

static pf_err sqlite_lease_take(pf_store *s, const char *room, const char *node, int ttl_ms,
                                int64_t *epoch, char *owner, pf_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(
            db_of(s),
            "INSERT INTO leases VALUES(?1, ?2, 1, " NOW_MS " + ?3)"
            " ON CONFLICT(room) DO UPDATE SET"
            " epoch = CASE WHEN node = excluded.node THEN epoch ELSE epoch + 1 END,"
            " node = excluded.node, expires = excluded.expires"
            " WHERE node = excluded.node OR expires <= " NOW_MS " RETURNING epoch",
            -1, &st, NULL) != SQLITE_OK)
        return fail(s, err, "take a lease");
    sqlite3_bind_text(st, 1, room, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, node, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 3, ttl_ms);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *epoch = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW)
        return PF_E_OK;
    if (rc != SQLITE_DONE)
        return fail(s, err, "take a lease");
    pf_err e = lease_holder(s, room, owner, err);
    return e ? e
             : pf_error_set(err, PF_E_ELSEWHERE, "room %s is played by node %s", room, owner);
}

static pf_err sqlite_leases_renew(pf_store *s, const char *node, int ttl_ms,
                                  pf_store_lease_fn *each, void *arg, pf_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db_of(s),
                           "UPDATE leases SET expires = " NOW_MS " + ?2"
                           " WHERE node = ?1 AND expires > " NOW_MS " AND room IN"
                           " (SELECT code FROM rooms WHERE finished IS NULL) RETURNING room, epoch",
                           -1, &st, NULL) != SQLITE_OK)
        return fail(s, err, "renew leases");
    sqlite3_bind_text(st, 1, node, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, ttl_ms);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        each(arg, text(st, 0), sqlite3_column_int64(st, 1));
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? PF_E_OK : fail(s, err, "renew leases");
}

static const pf_store_ops sqlite_ops = {
    .close = sqlite_close,
    .room_put = sqlite_room_put,
    .commit = sqlite_commit,
    .rooms = sqlite_rooms,
    .room_drop = sqlite_room_drop,
    .steps_of = sqlite_steps_of,
    .chat_put = sqlite_chat_put,
    .chat_of = sqlite_chat_of,
    .lease_take = sqlite_lease_take,
    .leases_renew = sqlite_leases_renew,
    .twin = sqlite_twin,
    .shared = false, /* one file, one machine: leases work but are not needed */
};
