/* store_pg.c: the server's store in PostgreSQL (store.h), through libpq,
 * for several server nodes sharing one database (issue 18).
 *
 * The same tables as store_sqlite.c. Durability: the server refuses a
 * database whose fsync or synchronous_commit is off, as it refuses SQLite
 * without WAL and FULL. Leases use the database's clock, so the nodes'
 * clocks need not agree. A step write locks the room's lease row (FOR
 * SHARE) and checks the writer's epoch in the same transaction: a take-over
 * (an UPDATE of that row) waits for it or makes it find no row. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libpq-fe.h>

#include "partyfood/repeat.h"
#include "server/store_backend.h"

typedef struct pg_store {
    pf_store base;
    PGconn *conn;
    char sqlstate[6]; /* of the last statement that failed */
} pg_store;

static PGconn *conn_of(pf_store *s)
{
    return ((pg_store *)s)->conn;
}

/* One text per schema version; each runs in one transaction holding an
 * advisory lock, so two nodes starting at once migrate once. */
static const char *const migrations[PF_STORE_SCHEMA] = {
    "CREATE TABLE rooms ("
    " code text PRIMARY KEY, game text NOT NULL, options text NOT NULL,"
    " seed text NOT NULL, seating text NOT NULL, settings text NOT NULL,"
    " started boolean NOT NULL, engine_version text NOT NULL, protocol integer NOT NULL,"
    " created bigint NOT NULL, finished bigint);"
    "CREATE TABLE steps ("
    " room text NOT NULL, idx integer NOT NULL, seat integer NOT NULL, name text NOT NULL,"
    " t bigint NOT NULL, UNIQUE(room, idx));",
    "CREATE TABLE leases (room text PRIMARY KEY, node text NOT NULL,"
    " epoch bigint NOT NULL, expires timestamptz NOT NULL);"
    "ALTER TABLE steps ADD COLUMN epoch bigint NOT NULL DEFAULT 0;",
    "CREATE TABLE chat ("
    " room text NOT NULL, idx bigint NOT NULL, seat integer NOT NULL, name text NOT NULL,"
    " text text NOT NULL, t bigint NOT NULL, UNIQUE(room, idx));",
    "ALTER TABLE steps ADD COLUMN hint boolean NOT NULL DEFAULT false;",
    "CREATE TABLE act_keys ("
    " room text NOT NULL, idx integer NOT NULL, seat integer NOT NULL, key text NOT NULL,"
    " answer text NOT NULL, UNIQUE(room, idx));",
};

/* An io error naming what failed, with the server's message (of res, or
 * else of the connection) on one line. */
static pf_err fail(pf_store *s, const PGresult *res, pf_error *err, const char *what)
{
    char msg[200];
    const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
    pg_store *pg = (pg_store *)s;
    snprintf(pg->sqlstate, sizeof pg->sqlstate, "%s", state ? state : "");
    snprintf(msg, sizeof msg, "%s",
             res ? PQresultErrorMessage(res) : PQerrorMessage(conn_of(s)));
    msg[strcspn(msg, "\n")] = '\0';
    return pf_error_set(err, PF_E_IO, "the database failed to %s: %s", what, msg);
}

/* Runs sql with text parameters; the result, or NULL (err set) unless its
 * status is want. */
static PGresult *run(pf_store *s, const char *what, ExecStatusType want, const char *sql,
                     int n, const char *const *params, pf_error *err)
{
    PGresult *res = PQexecParams(conn_of(s), sql, n, NULL, params, NULL, NULL, 0);
    if (PQresultStatus(res) == want)
        return res;
    fail(s, res, err, what);
    PQclear(res);
    return NULL;
}

/* Runs sql, which may hold several commands and no parameters. */
static bool exec(pf_store *s, const char *what, const char *sql, pf_error *err)
{
    PGresult *res = PQexec(conn_of(s), sql);
    bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    if (!ok)
        fail(s, res, err, what);
    PQclear(res);
    return ok;
}

static void rollback(pf_store *s)
{
    PQclear(PQexec(conn_of(s), "ROLLBACK"));
}

/* A connection lost (the database restarted) is made again before a call;
 * the call itself is never repeated, so nothing is written twice. */
static void reconnect(pf_store *s)
{
    if (PQstatus(conn_of(s)) == CONNECTION_BAD)
        PQreset(conn_of(s));
}

/* Whether setting (fsync, synchronous_commit) is on. */
static bool setting_on(pf_store *s, const char *setting, pf_error *err)
{
    const char *p[] = {setting};
    PGresult *res = run(s, "read its settings", PGRES_TUPLES_OK,
                        "SELECT current_setting($1)", 1, p, err);
    if (!res)
        return false;
    bool on = strcmp(PQgetvalue(res, 0, 0), "on") == 0;
    if (!on)
        pf_error_set(err, PF_E_IO,
                     "the database runs with %s=%s: the server needs it on so that no "
                     "acknowledged step is lost",
                     setting, PQgetvalue(res, 0, 0));
    PQclear(res);
    return on;
}

static bool migrate(pf_store *s, pf_error *err)
{
    if (!exec(s, "begin a migration", "BEGIN", err))
        return false;
    PGresult *res = run(s, "lock the schema", PGRES_TUPLES_OK,
                        "SELECT pg_advisory_xact_lock(7231)", 0, NULL, err);
    bool ok = res != NULL;
    PQclear(res);
    ok = ok && exec(s, "keep the schema version",
                    "CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL);"
                    "INSERT INTO schema_version SELECT 0"
                    " WHERE NOT EXISTS (SELECT 1 FROM schema_version)",
                    err);
    int have = 0;
    if (ok && (res = run(s, "read the schema version", PGRES_TUPLES_OK,
                         "SELECT version FROM schema_version", 0, NULL, err))) {
        have = atoi(PQgetvalue(res, 0, 0));
        PQclear(res);
    } else {
        ok = false;
    }
    if (ok && have > PF_STORE_SCHEMA) {
        pf_error_set(err, PF_E_IO,
                     "the database has schema version %d, newer than this server's %d: run a "
                     "newer partyfood",
                     have, PF_STORE_SCHEMA);
        ok = false;
    }
    for (int i = have; ok && i < PF_STORE_SCHEMA; i++) {
        char bump[64];
        snprintf(bump, sizeof bump, "UPDATE schema_version SET version = %d", i + 1);
        ok = exec(s, "migrate its schema", migrations[i], err) &&
             exec(s, "migrate its schema", bump, err);
    }
    if (!ok) {
        rollback(s);
        return false;
    }
    return exec(s, "commit a migration", "COMMIT", err);
}

static const pf_store_ops pg_ops;

pf_store *pf_store_pg_open(const char *url, const pf_store_waits *waits, pf_error *err)
{
    pg_store *s = calloc(1, sizeof *s);
    if (!s) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    s->base.ops = &pg_ops;
    /* The waits as the session's settings (options), kept by PQreset; the
     * connection's own: a database that stops answering is given up on
     * after a statement's time (unacknowledged data, tcp_user_timeout) or
     * a few seconds of silence (keepalives), not the system's minutes. */
    char options[160], user_timeout[16];
    snprintf(options, sizeof options,
             "-c lock_timeout=%d -c statement_timeout=%d "
             "-c idle_in_transaction_session_timeout=%d",
             waits->lock_ms, waits->statement_ms, waits->idle_ms);
    snprintf(user_timeout, sizeof user_timeout, "%d", waits->statement_ms);
    const char *const keys[] = {"dbname",          "options",         "connect_timeout",
                                "tcp_user_timeout", "keepalives_idle", "keepalives_interval",
                                "keepalives_count", NULL};
    const char *const values[] = {url, options, "10", user_timeout, "5", "2", "3", NULL};
    s->conn = PQconnectdbParams(keys, values, 1); /* 1: dbname, the URL, expanded */
    if (PQstatus(s->conn) != CONNECTION_OK) {
        /* The message names the host, never the password. */
        fail(&s->base, NULL, err, "connect");
        pf_store_close(&s->base);
        return NULL;
    }
    PQclear(PQexec(s->conn, "SET client_min_messages = warning"));
    if (!setting_on(&s->base, "fsync", err) ||
        !setting_on(&s->base, "synchronous_commit", err) || !migrate(&s->base, err)) {
        pf_store_close(&s->base);
        return NULL;
    }
    return &s->base;
}

static void pg_close(pf_store *s)
{
    PQfinish(conn_of(s));
    free(s);
}

static pf_err pg_room_put(pf_store *s, const pf_store_room *r, pf_error *err)
{
    reconnect(s);
    char seed[24], protocol[16], created[24], finished[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    snprintf(protocol, sizeof protocol, "%d", r->protocol);
    snprintf(created, sizeof created, "%lld", (long long)r->created);
    snprintf(finished, sizeof finished, "%lld", (long long)r->finished);
    const char *p[] = {r->code,     r->game,    r->options,           seed,
                       r->seating,  r->settings, r->started ? "t" : "f", r->engine_version,
                       protocol,    created,    r->finished ? finished : NULL};
    PGresult *res = run(s, "write a room", PGRES_COMMAND_OK,
                        "INSERT INTO rooms VALUES($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)"
                        " ON CONFLICT (code) DO UPDATE SET game = $2, options = $3, seed = $4,"
                        " seating = $5, settings = $6, started = $7, engine_version = $8,"
                        " protocol = $9, created = $10, finished = $11",
                        11, p, err);
    PQclear(res);
    return res ? PF_E_OK : err->code;
}

/* Whether c's owner (if any) still holds its room's lease, the lease row
 * locked until the transaction ends; PF_E_ELSEWHERE when not. */
static pf_err owned(pf_store *s, const pf_store_change *c, pf_error *err)
{
    if (!c->owner)
        return PF_E_OK;
    char epoch[24];
    snprintf(epoch, sizeof epoch, "%lld", (long long)c->owner->epoch);
    const char *p[] = {c->room, c->owner->node, epoch};
    PGresult *res = run(s, "read a lease", PGRES_TUPLES_OK,
                        "SELECT 1 FROM leases WHERE room = $1 AND node = $2 AND epoch = $3"
                        " FOR SHARE",
                        3, p, err);
    if (!res)
        return err->code;
    int rows = PQntuples(res);
    PQclear(res);
    if (rows == 1)
        return PF_E_OK;
    return pf_error_set(err, PF_E_ELSEWHERE,
                        "room %s: this node (%s) lost its lease (epoch %lld) to another",
                        c->room, c->owner->node, (long long)c->owner->epoch);
}

/* A keyed act's key and answer, and its seat's keys past the last
 * PF_REPEAT_KEEP dropped; or, for an undo, the keys of the steps it
 * removed. */
static pf_err put_key(pf_store *s, const pf_store_change *c, const pf_store_step *step,
                      pf_error *err)
{
    char idx[16], seat[16], keep[16];
    snprintf(idx, sizeof idx, "%d", step->index);
    snprintf(seat, sizeof seat, "%d", step->seat);
    snprintf(keep, sizeof keep, "%d", PF_REPEAT_KEEP);
    const char *put[] = {c->room, idx, seat, step->key, step->answer};
    const char *trim[] = {c->room, seat, keep};
    PGresult *res =
        step->undo ? run(s, "write keys", PGRES_COMMAND_OK,
                         "DELETE FROM act_keys WHERE room = $1 AND idx >= $2", 2, put, err)
                   : run(s, "write keys", PGRES_COMMAND_OK,
                         "INSERT INTO act_keys VALUES($1,$2,$3,$4,$5)", 5, put, err);
    if (res && !step->undo) {
        PQclear(res);
        res = run(s, "write keys", PGRES_COMMAND_OK,
                  "DELETE FROM act_keys WHERE room = $1 AND seat = $2 AND idx NOT IN"
                  " (SELECT idx FROM act_keys WHERE room = $1 AND seat = $2"
                  " ORDER BY idx DESC LIMIT $3)",
                  3, trim, err);
    }
    if (!res)
        return err->code;
    PQclear(res);
    return PF_E_OK;
}

static pf_err put_change(pf_store *s, const pf_store_change *c, pf_error *err)
{
    char epoch[24];
    snprintf(epoch, sizeof epoch, "%lld", (long long)(c->owner ? c->owner->epoch : 0));
    for (int i = 0; i < c->nsteps; i++) {
        const pf_store_step *step = &c->steps[i];
        char idx[16], seat[16], t[24];
        snprintf(idx, sizeof idx, "%d", step->index);
        snprintf(seat, sizeof seat, "%d", step->seat);
        snprintf(t, sizeof t, "%lld", (long long)step->t_ms);
        const char *ins[] = {c->room, idx, seat, step->name, t, epoch, step->hint ? "t" : "f"};
        const char *del[] = {c->room, idx};
        PGresult *res = step->undo
                            ? run(s, "write steps", PGRES_COMMAND_OK,
                                  "DELETE FROM steps WHERE room = $1 AND idx >= $2", 2, del, err)
                            : run(s, "write steps", PGRES_COMMAND_OK,
                                  "INSERT INTO steps(room, idx, seat, name, t, epoch, hint)"
                                  " VALUES($1,$2,$3,$4,$5,$6,$7)",
                                  7, ins, err);
        if (!res && strcmp(((pg_store *)s)->sqlstate, "23505") == 0)
            /* A unique violation: the room has this step already, written
             * by another node that took it over while this one was stalled
             * (or by this one before a commit whose end it never heard).
             * Its copy here is behind the database: the room is let go as
             * on a lost lease, and its clients reconnect to a fresh copy. */
            return pf_error_set(err, PF_E_ELSEWHERE,
                                "room %s: step %d is stored already: this node's copy is behind",
                                c->room, step->index);
        if (!res)
            return err->code;
        PQclear(res);
        pf_err e = step->undo || step->key ? put_key(s, c, step, err) : PF_E_OK;
        if (e)
            return e;
    }
    if (c->finished) {
        char finished[24];
        snprintf(finished, sizeof finished, "%lld", (long long)c->finished);
        const char *p[] = {finished, c->room};
        PGresult *res = run(s, "write a room's end", PGRES_COMMAND_OK,
                            "UPDATE rooms SET finished = $1 WHERE code = $2", 2, p, err);
        if (!res)
            return err->code;
        PQclear(res);
    }
    return PF_E_OK;
}

static int by_room(const void *x, const void *y)
{
    return strcmp((*(const pf_store_change *const *)x)->room,
                  (*(const pf_store_change *const *)y)->room);
}

/* The test gate (PF_SERVE_TEST_COMMIT_STOP=FILE, tests only): when FILE
 * is there, it is removed and the node stops (SIGSTOP) holding its rooms'
 * lease rows, as a node frozen inside a commit would, until SIGCONT. */
static void test_stop(void)
{
    const char *file = getenv("PF_SERVE_TEST_COMMIT_STOP");
    if (file && unlink(file) == 0)
        raise(SIGSTOP);
}

static pf_err pg_commit(pf_store *s, const pf_store_change *changes, int n, int *lost,
                        pf_error *err)
{
    /* The lease rows are locked in the rooms' order, the order the renewal
     * locks them in: in any other, a commit and the node's own renewal
     * could each wait for the other (PostgreSQL's "deadlock detected"). */
    const pf_store_change **order = malloc((size_t)(n ? n : 1) * sizeof *order);
    if (!order)
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    for (int i = 0; i < n; i++)
        order[i] = &changes[i];
    qsort(order, (size_t)n, sizeof *order, by_room);
    reconnect(s);
    if (!exec(s, "begin a transaction", "BEGIN", err)) {
        free(order);
        return err->code;
    }
    pf_err e = PF_E_OK;
    for (int i = 0; !e && i < n; i++)
        if ((e = owned(s, order[i], err)) == PF_E_ELSEWHERE)
            *lost = (int)(order[i] - changes);
    free(order);
    if (!e)
        test_stop();
    for (int i = 0; !e && i < n; i++)
        if ((e = put_change(s, &changes[i], err)) == PF_E_ELSEWHERE)
            *lost = i;
    if (e || !exec(s, "commit steps", "COMMIT", err)) {
        rollback(s);
        return e ? e : err->code;
    }
    return PF_E_OK;
}

static pf_err pg_rooms(pf_store *s, pf_store_rooms which, const char *code,
                       pf_store_room_fn *each, void *arg, pf_error *err)
{
    static const char *const where[] = {
        [PF_ROOMS_UNFINISHED] = "finished IS NULL ORDER BY created, code",
        [PF_ROOMS_CODE] = "code = $1",
    };
    char sql[512];
    snprintf(sql, sizeof sql,
             "SELECT code, game, options, seed, seating, settings, started,"
             " engine_version, protocol, created, finished FROM rooms WHERE %s",
             where[which]);
    reconnect(s);
    const char *p[] = {code};
    PGresult *res = run(s, "read rooms", PGRES_TUPLES_OK, sql, code ? 1 : 0, p, err);
    if (!res)
        return err->code;
    for (int i = 0; i < PQntuples(res); i++) {
        pf_store_room r = {
            .game = PQgetvalue(res, i, 1),
            .options = PQgetvalue(res, i, 2),
            .seed = strtoull(PQgetvalue(res, i, 3), NULL, 10),
            .seating = PQgetvalue(res, i, 4),
            .settings = PQgetvalue(res, i, 5),
            .started = strcmp(PQgetvalue(res, i, 6), "t") == 0,
            .engine_version = PQgetvalue(res, i, 7),
            .protocol = atoi(PQgetvalue(res, i, 8)),
            .created = strtoll(PQgetvalue(res, i, 9), NULL, 10),
            .finished = strtoll(PQgetvalue(res, i, 10), NULL, 10),
        };
        snprintf(r.code, sizeof r.code, "%s", PQgetvalue(res, i, 0));
        each(arg, &r);
    }
    PQclear(res);
    return PF_E_OK;
}

static pf_err pg_room_drop(pf_store *s, const char *code, pf_error *err)
{
    static const char *const sql[] = {"DELETE FROM steps WHERE room = $1",
                                      "DELETE FROM act_keys WHERE room = $1",
                                      "DELETE FROM chat WHERE room = $1",
                                      "DELETE FROM leases WHERE room = $1",
                                      "DELETE FROM rooms WHERE code = $1"};
    reconnect(s);
    if (!exec(s, "begin a transaction", "BEGIN", err))
        return err->code;
    const char *p[] = {code};
    for (size_t i = 0; i < sizeof sql / sizeof *sql; i++) {
        PGresult *res = run(s, "drop a room", PGRES_COMMAND_OK, sql[i], 1, p, err);
        if (!res) {
            rollback(s);
            return err->code;
        }
        PQclear(res);
    }
    if (!exec(s, "commit a room's removal", "COMMIT", err)) {
        rollback(s);
        return err->code;
    }
    return PF_E_OK;
}

static pf_err pg_steps_of(pf_store *s, const char *room, pf_store_step_fn *each, void *arg,
                          pf_error *err)
{
    reconnect(s);
    const char *p[] = {room};
    PGresult *res = run(s, "read steps", PGRES_TUPLES_OK,
                        "SELECT s.idx, s.seat, s.name, s.t, s.hint, k.key, k.answer FROM steps s"
                        " LEFT JOIN act_keys k ON k.room = s.room AND k.idx = s.idx"
                        " WHERE s.room = $1 ORDER BY s.idx",
                        1, p, err);
    if (!res)
        return err->code;
    pf_err e = PF_E_OK;
    for (int i = 0; !e && i < PQntuples(res); i++) {
        pf_store_step step = {
            .index = atoi(PQgetvalue(res, i, 0)),
            .seat = atoi(PQgetvalue(res, i, 1)),
            .t_ms = strtoll(PQgetvalue(res, i, 3), NULL, 10),
            .hint = PQgetvalue(res, i, 4)[0] == 't',
            .key = PQgetisnull(res, i, 5) ? NULL : PQgetvalue(res, i, 5),
            .answer = PQgetisnull(res, i, 6) ? NULL : PQgetvalue(res, i, 6),
        };
        snprintf(step.name, sizeof step.name, "%s", PQgetvalue(res, i, 2));
        e = each(arg, &step, err);
    }
    PQclear(res);
    return e;
}

static pf_err pg_chat_put(pf_store *s, const char *room, const pf_store_chat *m, pf_error *err)
{
    reconnect(s);
    char idx[24], seat[16], t[24];
    snprintf(idx, sizeof idx, "%lld", (long long)m->index);
    snprintf(seat, sizeof seat, "%d", m->seat);
    snprintf(t, sizeof t, "%lld", (long long)m->t_ms);
    const char *p[] = {room, idx, seat, m->name, m->text, t};
    PGresult *res = run(s, "write a chat message", PGRES_COMMAND_OK,
                        "INSERT INTO chat VALUES($1,$2,$3,$4,$5,$6)", 6, p, err);
    PQclear(res);
    return res ? PF_E_OK : err->code;
}

static pf_err pg_chat_of(pf_store *s, const char *room, int last, pf_store_chat_fn *each,
                         void *arg, pf_error *err)
{
    reconnect(s);
    char n[16];
    snprintf(n, sizeof n, "%d", last);
    const char *p[] = {room, n};
    PGresult *res = run(s, "read the chat", PGRES_TUPLES_OK,
                        "SELECT idx, seat, name, text, t FROM (SELECT * FROM chat"
                        " WHERE room = $1 ORDER BY idx DESC LIMIT $2) AS recent ORDER BY idx",
                        2, p, err);
    if (!res)
        return err->code;
    for (int i = 0; i < PQntuples(res); i++) {
        pf_store_chat m = {.index = strtoll(PQgetvalue(res, i, 0), NULL, 10),
                           .seat = atoi(PQgetvalue(res, i, 1)),
                           .name = PQgetvalue(res, i, 2),
                           .text = PQgetvalue(res, i, 3),
                           .t_ms = strtoll(PQgetvalue(res, i, 4), NULL, 10)};
        each(arg, &m);
    }
    PQclear(res);
    return PF_E_OK;
}

static pf_err pg_lease_take(pf_store *s, const char *room, const char *node, int ttl_ms,
                            int64_t *epoch, char *owner, pf_error *err)
{
    reconnect(s);
    char ttl[16];
    snprintf(ttl, sizeof ttl, "%d", ttl_ms);
    const char *p[] = {room, node, ttl};
    /* One statement: two nodes taking a free room at once meet on the
     * primary key, and the second one's WHERE sees the first one's row. */
    PGresult *res = run(
        s, "take a lease", PGRES_TUPLES_OK,
        "INSERT INTO leases VALUES($1, $2, 1, now() + $3 * interval '1 millisecond')"
        " ON CONFLICT (room) DO UPDATE SET"
        " epoch = CASE WHEN leases.node = excluded.node THEN leases.epoch"
        " ELSE leases.epoch + 1 END,"
        " node = excluded.node, expires = excluded.expires"
        " WHERE leases.node = excluded.node OR leases.expires <= now() RETURNING epoch",
        3, p, err);
    if (!res)
        return err->code;
    bool took = PQntuples(res) == 1;
    if (took)
        *epoch = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
    PQclear(res);
    if (took)
        return PF_E_OK;
    if (!(res = run(s, "read a lease", PGRES_TUPLES_OK, "SELECT node FROM leases WHERE room = $1",
                    1, p, err)))
        return err->code;
    snprintf(owner, PF_NODE_NAME_MAX + 1, "%s", PQntuples(res) ? PQgetvalue(res, 0, 0) : "");
    PQclear(res);
    return pf_error_set(err, PF_E_ELSEWHERE, "room %s is played by node %s", room, owner);
}

static pf_err pg_leases_renew(pf_store *s, const char *node, int ttl_ms, pf_store_lease_fn *each,
                              void *arg, pf_error *err)
{
    reconnect(s);
    char ttl[16];
    snprintf(ttl, sizeof ttl, "%d", ttl_ms);
    const char *p[] = {node, ttl};
    /* The rows locked in the rooms' order first, as a commit locks them. */
    PGresult *res = run(s, "renew leases", PGRES_TUPLES_OK,
                        "UPDATE leases SET expires = now() + $2 * interval '1 millisecond'"
                        " WHERE node = $1 AND expires > now() AND room IN"
                        " (SELECT room FROM leases WHERE node = $1"
                        " AND expires > now() AND room IN"
                        " (SELECT code FROM rooms WHERE finished IS NULL)"
                        " ORDER BY room FOR UPDATE) RETURNING room, epoch",
                        2, p, err);
    if (!res)
        return err->code;
    for (int i = 0; i < PQntuples(res); i++)
        each(arg, PQgetvalue(res, i, 0), strtoll(PQgetvalue(res, i, 1), NULL, 10));
    PQclear(res);
    return PF_E_OK;
}

static const pf_store_ops pg_ops = {
    .close = pg_close,
    .room_put = pg_room_put,
    .commit = pg_commit,
    .rooms = pg_rooms,
    .room_drop = pg_room_drop,
    .steps_of = pg_steps_of,
    .chat_put = pg_chat_put,
    .chat_of = pg_chat_of,
    .lease_take = pg_lease_take,
    .leases_renew = pg_leases_renew,
    .shared = true,
};
