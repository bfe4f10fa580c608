/* store_sqlite.c: the server's store in SQLite (store.h).
 *
 * WAL with synchronous=FULL: a committed transaction survives a crash of
 * the program or the machine. One transaction per call: the server's group
 * commit gives the steps of every room that changed in a turn of its loop
 * at once, so one fsync serves them all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "server/store.h"

struct pf_store {
    sqlite3 *db;
    /* the commit's statements, prepared once */
    sqlite3_stmt *insert, *remove, *finish;
};

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS rooms ("
    " code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,"
    " seed TEXT NOT NULL, seating TEXT NOT NULL, settings TEXT NOT NULL,"
    " started INTEGER NOT NULL, engine_version TEXT NOT NULL, protocol INTEGER NOT NULL,"
    " created INTEGER NOT NULL, finished INTEGER);"
    "CREATE TABLE IF NOT EXISTS steps ("
    " room TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,"
    " t INTEGER NOT NULL, UNIQUE(room, idx));";

static pf_err fail(pf_store *s, pf_error *err, const char *what)
{
    return pf_error_set(err, PF_E_IO, "the database failed to %s: %s", what,
                        sqlite3_errmsg(s->db));
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
static bool durable(pf_store *s, const char *path, pf_error *err)
{
    char mode[16] = "", sync[16] = "";
    if (!pragma(s->db, "PRAGMA journal_mode=WAL", mode, sizeof mode) ||
        sqlite3_exec(s->db, "PRAGMA synchronous=FULL", NULL, NULL, NULL) != SQLITE_OK ||
        !pragma(s->db, "PRAGMA synchronous", sync, sizeof sync)) {
        pf_error_set(err, PF_E_IO, "cannot set up the database %s: %s", path,
                     sqlite3_errmsg(s->db));
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

pf_store *pf_store_open(const char *path, pf_error *err)
{
    pf_store *s = calloc(1, sizeof *s);
    if (!s) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    if (sqlite3_open(path, &s->db) != SQLITE_OK) {
        pf_error_set(err, PF_E_IO, "cannot open the database %s: %s", path,
                     s->db ? sqlite3_errmsg(s->db) : "out of memory");
        pf_store_close(s);
        return NULL;
    }
    /* The server's loop and its committer each have a connection: a writer
     * waits for the other's transaction (at most one commit). */
    sqlite3_busy_timeout(s->db, 10000);
    if (!durable(s, path, err)) {
        pf_store_close(s);
        return NULL;
    }
    if (sqlite3_exec(s->db, schema, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "INSERT INTO steps VALUES(?,?,?,?,?)", -1, &s->insert,
                           NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "DELETE FROM steps WHERE room = ? AND idx >= ?", -1,
                           &s->remove, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "UPDATE rooms SET finished = ? WHERE code = ?", -1,
                           &s->finish, NULL) != SQLITE_OK) {
        fail(s, err, "create its tables");
        pf_store_close(s);
        return NULL;
    }
    return s;
}

void pf_store_close(pf_store *s)
{
    if (s) {
        sqlite3_finalize(s->insert);
        sqlite3_finalize(s->remove);
        sqlite3_finalize(s->finish);
        sqlite3_close(s->db);
        free(s);
    }
}

pf_err pf_store_room_put(pf_store *s, const pf_store_room *r, pf_error *err)
{
    sqlite3_stmt *st = NULL;
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    if (sqlite3_prepare_v2(s->db,
                           "INSERT OR REPLACE INTO rooms VALUES(?,?,?,?,?,?,?,?,?,?,?)", -1,
                           &st, NULL) != SQLITE_OK)
        return fail(s, err, "prepare a room");
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
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? PF_E_OK : fail(s, err, "write a room");
}

/* Runs a prepared statement once more with what is bound; true when done. */
static bool run(sqlite3_stmt *st)
{
    bool ok = sqlite3_step(st) == SQLITE_DONE;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return ok;
}

static bool put_change(pf_store *s, const pf_store_change *c)
{
    bool ok = true;
    for (int i = 0; ok && i < c->nsteps; i++) {
        const pf_store_step *step = &c->steps[i];
        sqlite3_stmt *st = step->undo ? s->remove : s->insert;
        sqlite3_bind_text(st, 1, c->room, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, step->index);
        if (!step->undo) {
            sqlite3_bind_int(st, 3, step->seat);
            sqlite3_bind_text(st, 4, step->name, -1, SQLITE_STATIC);
            sqlite3_bind_int64(st, 5, step->t_ms);
        }
        ok = run(st);
    }
    if (ok && c->finished) {
        sqlite3_bind_int64(s->finish, 1, c->finished);
        sqlite3_bind_text(s->finish, 2, c->room, -1, SQLITE_STATIC);
        ok = run(s->finish);
    }
    return ok;
}

/* Runs body in one transaction: all it wrote, or nothing when it failed. */
static pf_err in_transaction(pf_store *s, bool (*body)(pf_store *, const void *),
                             const void *arg, const char *what, pf_error *err)
{
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return fail(s, err, "begin a transaction");
    if (body(s, arg) && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK)
        return PF_E_OK;
    pf_err e = fail(s, err, what);
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return e;
}

typedef struct batch {
    const pf_store_change *changes;
    int n;
} batch;

static bool put_batch(pf_store *s, const void *arg)
{
    const batch *b = arg;
    bool ok = true;
    for (int i = 0; ok && i < b->n; i++)
        ok = put_change(s, &b->changes[i]);
    return ok;
}

pf_err pf_store_commit(pf_store *s, const pf_store_change *changes, int n, pf_error *err)
{
    batch b = {changes, n};
    return in_transaction(s, put_batch, &b, "write steps", err);
}

static const char *text(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return t ? (const char *)t : "";
}

/* Calls each for every room the query (its ? bound to key, when not NULL) reads. */
static pf_err rooms_where(pf_store *s, const char *where, const char *key,
                          pf_store_room_fn *each, void *arg, pf_error *err)
{
    char sql[256];
    sqlite3_stmt *st = NULL;
    snprintf(sql, sizeof sql,
             "SELECT code, game, options, seed, seating, settings, started,"
             " engine_version, protocol, created, finished FROM rooms WHERE %s",
             where);
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
        return fail(s, err, "read rooms");
    if (key)
        sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
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
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? PF_E_OK : fail(s, err, "read rooms");
}

pf_err pf_store_rooms_unfinished(pf_store *s, pf_store_room_fn *each, void *arg,
                                 pf_error *err)
{
    return rooms_where(s, "finished IS NULL ORDER BY created", NULL, each, arg, err);
}

pf_err pf_store_room_get(pf_store *s, const char *code, pf_store_room_fn *each, void *arg,
                         pf_error *err)
{
    return rooms_where(s, "code = ?", code, each, arg, err);
}

static bool drop(pf_store *s, const void *code)
{
    static const char *const sql[] = {"DELETE FROM steps WHERE room = ?",
                                      "DELETE FROM rooms WHERE code = ?"};
    bool ok = true;
    for (int i = 0; ok && i < 2; i++) {
        sqlite3_stmt *st = NULL;
        ok = sqlite3_prepare_v2(s->db, sql[i], -1, &st, NULL) == SQLITE_OK;
        if (ok) {
            sqlite3_bind_text(st, 1, code, -1, SQLITE_STATIC);
            ok = sqlite3_step(st) == SQLITE_DONE;
        }
        sqlite3_finalize(st);
    }
    return ok;
}

pf_err pf_store_room_drop(pf_store *s, const char *code, pf_error *err)
{
    return in_transaction(s, drop, code, "drop a room", err);
}

pf_err pf_store_steps_of(pf_store *s, const char *room, pf_store_step_fn *each, void *arg,
                         pf_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT idx, seat, name, t FROM steps WHERE room = ? ORDER BY idx",
                           -1, &st, NULL) != SQLITE_OK)
        return fail(s, err, "read steps");
    sqlite3_bind_text(st, 1, room, -1, SQLITE_STATIC);
    int rc;
    pf_err e = PF_E_OK;
    while (!e && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        pf_store_step step = {
            .index = sqlite3_column_int(st, 0),
            .seat = sqlite3_column_int(st, 1),
            .t_ms = sqlite3_column_int64(st, 3),
        };
        snprintf(step.name, sizeof step.name, "%s", text(st, 2));
        e = each(arg, &step, err);
    }
    if (!e && rc != SQLITE_DONE)
        e = fail(s, err, "read steps");
    sqlite3_finalize(st);
    return e;
}
