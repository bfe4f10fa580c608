/* store_sqlite.c: the server's store in SQLite (store.h).
 *
 * WAL with synchronous=FULL: a committed transaction survives a crash of
 * the program or the machine. One transaction per call; the server calls
 * it once per change of a room (an action and the bots' replies). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "server/store.h"

struct pf_store {
    sqlite3 *db;
};

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS rooms ("
    " code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,"
    " seed TEXT NOT NULL, seating TEXT NOT NULL, settings TEXT NOT NULL,"
    " started INTEGER NOT NULL, engine_version TEXT NOT NULL, protocol INTEGER NOT NULL,"
    " created INTEGER NOT NULL, finished INTEGER);"
    "CREATE TABLE IF NOT EXISTS steps ("
    " room TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,"
    " t INTEGER NOT NULL, UNIQUE(room, idx));"
    "CREATE TABLE IF NOT EXISTS chat ("
    " room TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,"
    " text TEXT NOT NULL, t INTEGER NOT NULL, UNIQUE(room, idx));";

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
    if (!durable(s, path, err)) {
        pf_store_close(s);
        return NULL;
    }
    if (sqlite3_exec(s->db, schema, NULL, NULL, NULL) != SQLITE_OK) {
        fail(s, err, "create its tables");
        pf_store_close(s);
        return NULL;
    }
    return s;
}

void pf_store_close(pf_store *s)
{
    if (s) {
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

pf_err pf_store_steps_put(pf_store *s, const char *room, const pf_store_step *steps, int n,
                          pf_error *err)
{
    sqlite3_stmt *ins = NULL, *del = NULL;
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return fail(s, err, "begin a transaction");
    bool ok = sqlite3_prepare_v2(s->db, "INSERT INTO steps VALUES(?,?,?,?,?)", -1, &ins,
                                 NULL) == SQLITE_OK &&
              sqlite3_prepare_v2(s->db, "DELETE FROM steps WHERE room = ? AND idx >= ?", -1,
                                 &del, NULL) == SQLITE_OK;
    for (int i = 0; ok && i < n; i++) {
        sqlite3_stmt *st = steps[i].undo ? del : ins;
        sqlite3_reset(st);
        sqlite3_bind_text(st, 1, room, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, steps[i].index);
        if (!steps[i].undo) {
            sqlite3_bind_int(st, 3, steps[i].seat);
            sqlite3_bind_text(st, 4, steps[i].name, -1, SQLITE_STATIC);
            sqlite3_bind_int64(st, 5, steps[i].t_ms);
        }
        ok = sqlite3_step(st) == SQLITE_DONE;
    }
    pf_err e = ok ? PF_E_OK : fail(s, err, "write steps");
    sqlite3_finalize(ins);
    sqlite3_finalize(del);
    if (!ok || sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        if (!e)
            e = fail(s, err, "commit steps");
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    }
    return e;
}

static const char *text(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return t ? (const char *)t : "";
}

pf_err pf_store_rooms_unfinished(pf_store *s, pf_store_room_fn *each, void *arg,
                                 pf_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT code, game, options, seed, seating, settings, started,"
                           " engine_version, protocol, created FROM rooms"
                           " WHERE finished IS NULL ORDER BY created",
                           -1, &st, NULL) != SQLITE_OK)
        return fail(s, err, "read rooms");
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
        };
        snprintf(r.code, sizeof r.code, "%s", text(st, 0));
        each(arg, &r);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? PF_E_OK : fail(s, err, "read rooms");
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

pf_err pf_store_chat_put(pf_store *s, const char *room, const pf_store_chat *m, pf_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO chat VALUES(?,?,?,?,?,?)", -1, &st, NULL) !=
        SQLITE_OK)
        return fail(s, err, "prepare a chat message");
    sqlite3_bind_text(st, 1, room, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, m->index);
    sqlite3_bind_int(st, 3, m->seat);
    sqlite3_bind_text(st, 4, m->name, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, m->text, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 6, m->t_ms);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? PF_E_OK : fail(s, err, "write a chat message");
}

pf_err pf_store_chat_of(pf_store *s, const char *room, int last, pf_store_chat_fn *each,
                        void *arg, pf_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT idx, seat, name, text, t FROM (SELECT * FROM chat"
                           " WHERE room = ? ORDER BY idx DESC LIMIT ?) ORDER BY idx",
                           -1, &st, NULL) != SQLITE_OK)
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
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? PF_E_OK : fail(s, err, "read the chat");
}
