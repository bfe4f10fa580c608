/* store.h: where the server keeps rooms and their steps (src/server/).
 *
 * One interface, two back ends: SQLite (store_sqlite.c, the default, one
 * file) and PostgreSQL (store_pg.c, which several server nodes can share).
 * A room is one row of text fields the room code writes and reads back
 * (pf_store_room); its steps are (index, seat, action name, time) rows,
 * unique per room and index. Every call returns when its transaction is
 * durable: the server tells nobody of a step before that. The steps of many
 * rooms go in one call (pf_store_commit: the server's group commit, one
 * transaction each turn of its loop). */
#ifndef PF_SERVER_STORE_H
#define PF_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "partyfood/error.h"
#include "partyfood/match.h"

typedef struct pf_store pf_store;

#define PF_ROOM_CODE_LEN 10 /* a new room's code; an older one's may be shorter */
#define PF_NODE_NAME_MAX 63

/* A room as stored. The JSON texts are the room code's (room.c). */
typedef struct pf_store_room {
    char code[PF_ROOM_CODE_LEN + 1];
    const char *game;     /* game id */
    const char *options;  /* JSON object: the game's options */
    uint64_t seed;        /* secret while the game is on: never sent to a client */
    const char *seating;  /* JSON array: each seat's kind, name and token hash */
    const char *settings; /* JSON object: the table options and room settings */
    bool started;
    const char *engine_version;
    int protocol;
    int64_t created, finished; /* Unix seconds; finished 0 while the game is on */
} pf_store_room;

/* One step to store, or (undo) the removal of steps index and after. */
typedef struct pf_store_step {
    bool undo;
    int index, seat;
    int64_t t_ms;
    bool hint; /* made after its seat was shown a hint (the replay's mark) */
    char name[PF_REPLAY_NAME_MAX + 1];
    /* A keyed act's key and first answer (repeat.h), else NULL: stored for
     * the last PF_REPEAT_KEEP keyed acts of each seat, so an act sent again
     * after a restart is answered, not played twice. */
    const char *key, *answer;
} pf_store_step;

/* How long a shared database (PostgreSQL) may keep a caller waiting, in
 * milliseconds (0: without end): for a row another session holds locked
 * (lock_timeout: a node frozen or cut off inside a commit holds its rooms'
 * lease rows, and another node taking one over waits on it, its event
 * loop with it), for one statement (statement_timeout), and how long a
 * session may sit inside a transaction with nothing to do before the
 * database ends it and frees its locks
 * (idle_in_transaction_session_timeout: the session of a node frozen or
 * cut off mid-commit). The connection itself gives up on a database that
 * no longer answers after the statement's time (tcp_user_timeout,
 * keepalives). A wait cut short fails its call (PF_E_IO), which the server
 * answers as storage not reachable now. */
typedef struct pf_store_waits {
    int lock_ms, statement_ms, idle_ms;
} pf_store_waits;
#define PF_STORE_LOCK_MS 500
#define PF_STORE_STATEMENT_MS 10000
#define PF_STORE_IDLE_MS 10000

/* Opens the database at where: a postgresql:// (or postgres://) URL, or
 * else an SQLite file, created when missing. The schema is created or
 * migrated to this build's version. NULL with err set. pf_store_open_waits
 * sets waits (NULL: the defaults above) on a PostgreSQL database's
 * sessions. */
pf_store *pf_store_open(const char *where, pf_error *err);
pf_store *pf_store_open_waits(const char *where, const pf_store_waits *waits, pf_error *err);
/* A handle on s's database (at where, with waits) for another thread, as
 * the group commit's: on SQLite it shares s's connection, and so its page
 * cache, a call at a time (the other's calls wait for it, a commit
 * included); on PostgreSQL it is a connection of its own. Closed by
 * pf_store_close, in any order with s. NULL with err set. */
pf_store *pf_store_twin(pf_store *s, const char *where, const pf_store_waits *waits,
                        pf_error *err);
void pf_store_close(pf_store *s);

/* where as it may be printed (out: n bytes): a URL's password, in the
 * user part or as a password= parameter, is replaced by ***. */
void pf_store_where_shown(const char *where, char *out, size_t n);

/* Writes the room's row (a new room, a seat taken, the start, the end). */
pf_err pf_store_room_put(pf_store *s, const pf_store_room *r, pf_error *err);

/* The node writing, and the epoch of its lease on the room (below). */
typedef struct pf_store_owner {
    const char *node;
    int64_t epoch;
} pf_store_owner;

/* One room's part of a commit: its steps in order, and the end of its game. */
typedef struct pf_store_change {
    const char *room;
    const pf_store_step *steps;
    int nsteps;
    int64_t finished; /* not 0: the game ended then (Unix seconds) */
    /* Not NULL: written only while that node holds the room's lease at
     * that epoch. */
    const pf_store_owner *owner;
} pf_store_change;

/* Applies changes[0..n) in order, in one transaction: all of them or, when
 * it fails (err set), none. PF_E_ELSEWHERE when a change's owner lost its
 * room's lease, or when a change writes a step the room has stored already
 * (its copy is behind the database: another node played the room while
 * this one was stalled); *lost (when not NULL) is then that change's
 * index, so the caller can let the room go and commit the others again. */
pf_err pf_store_commit(pf_store *s, const pf_store_change *changes, int n, int *lost,
                       pf_error *err);

/* Calls each for every unfinished room (the strings live during the call). */
typedef void pf_store_room_fn(void *arg, const pf_store_room *r);
pf_err pf_store_rooms_unfinished(pf_store *s, pf_store_room_fn *each, void *arg,
                                 pf_error *err);
/* Calls each for the room with this code, finished or not, when there is
 * one (a room the server let go of while idle, a finished game's replay). */
pf_err pf_store_room_get(pf_store *s, const char *code, pf_store_room_fn *each, void *arg,
                         pf_error *err);
/* Removes a room, its steps and its lease (a room that expired before it
 * started). */
pf_err pf_store_room_drop(pf_store *s, const char *code, pf_error *err);

/* Calls each for every step of room, by index. */
typedef pf_err pf_store_step_fn(void *arg, const pf_store_step *st, pf_error *err);
pf_err pf_store_steps_of(pf_store *s, const char *room, pf_store_step_fn *each, void *arg,
                         pf_error *err);

/* One chat message of a room; index counts the room's messages from 0. */
typedef struct pf_store_chat {
    int64_t index;
    int seat;
    const char *name, *text;
    int64_t t_ms; /* the game clock, 0 before the start */
} pf_store_chat;

/* Appends a chat message (its own transaction). */
pf_err pf_store_chat_put(pf_store *s, const char *room, const pf_store_chat *m, pf_error *err);

/* Calls each for the room's last `last` chat messages, oldest first. */
typedef void pf_store_chat_fn(void *arg, const pf_store_chat *m);
pf_err pf_store_chat_of(pf_store *s, const char *room, int last, pf_store_chat_fn *each,
                        void *arg, pf_error *err);

/* ---- who plays a room (issue 18) -------------------------------------------------
 *
 * Each room is played by one server node at a time: the node holding its
 * lease. A lease lasts ttl_ms on the database's clock unless renewed, and
 * its epoch grows each time another node takes it, so a node that was
 * paused past its lease can tell it lost the room, and cannot write to it
 * again (pf_store_commit checks the lease in its transaction). */

/* Takes room's lease for node: when nobody holds it, when it expired, or
 * when node already holds it (then it is renewed, the epoch kept). *epoch is
 * the epoch now held. PF_E_ELSEWHERE when another node holds it live; its
 * name is then in owner (PF_NODE_NAME_MAX + 1 bytes). */
pf_err pf_store_lease_take(pf_store *s, const char *room, const char *node, int ttl_ms,
                           int64_t *epoch, char *owner, pf_error *err);

/* Renews every lease node holds, unexpired, on an unfinished room, for
 * ttl_ms more, and calls each with each such room and its epoch: a room the
 * node plays that is not among them was lost (taken over, or let go). An
 * expired lease stays expired, so a room let go is free for any node. */
typedef void pf_store_lease_fn(void *arg, const char *room, int64_t epoch);
pf_err pf_store_leases_renew(pf_store *s, const char *node, int ttl_ms, pf_store_lease_fn *each,
                             void *arg, pf_error *err);

/* Whether several server nodes may share this store (PostgreSQL): only then
 * does the server take leases. */
bool pf_store_shared(const pf_store *s);

#endif
