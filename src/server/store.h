/* store.h: where the server keeps rooms and their steps (src/server/).
 *
 * One small interface so another database (PostgreSQL) can implement it
 * beside SQLite (store_sqlite.c). A room is one row of text fields the room
 * code writes and reads back (store_room); its steps are (index, seat,
 * action name, time) rows, unique per room and index. Every call returns
 * when its transaction is durable: the server tells nobody of a step before
 * that. The steps of many rooms go in one call (pf_store_commit: the
 * server's group commit, one transaction each turn of its loop). */
#ifndef PF_SERVER_STORE_H
#define PF_SERVER_STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "partyfood/error.h"
#include "partyfood/match.h"

typedef struct pf_store pf_store;

#define PF_ROOM_CODE_LEN 6

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
    char name[PF_REPLAY_NAME_MAX + 1];
} pf_store_step;

/* Opens (creating when missing) the database at path. NULL with err set. */
pf_store *pf_store_open(const char *path, pf_error *err);
void pf_store_close(pf_store *s);

/* Writes the room's row (a new room, a seat taken, the start, the end). */
pf_err pf_store_room_put(pf_store *s, const pf_store_room *r, pf_error *err);

/* One room's part of a commit: its steps in order, and the end of its game. */
typedef struct pf_store_change {
    const char *room;
    const pf_store_step *steps;
    int nsteps;
    int64_t finished; /* not 0: the game ended then (Unix seconds) */
} pf_store_change;

/* Applies changes[0..n) in order, in one transaction: all of them or, when
 * it fails (err set), none. */
pf_err pf_store_commit(pf_store *s, const pf_store_change *changes, int n, pf_error *err);

/* Calls each for every unfinished room (the strings live during the call). */
typedef void pf_store_room_fn(void *arg, const pf_store_room *r);
pf_err pf_store_rooms_unfinished(pf_store *s, pf_store_room_fn *each, void *arg,
                                 pf_error *err);
/* Calls each for the room with this code, finished or not, when there is
 * one (a room the server let go of while idle, a finished game's replay). */
pf_err pf_store_room_get(pf_store *s, const char *code, pf_store_room_fn *each, void *arg,
                         pf_error *err);
/* Removes a room and its steps (a room that expired before it started). */
pf_err pf_store_room_drop(pf_store *s, const char *code, pf_error *err);

/* Calls each for every step of room, by index. */
typedef pf_err pf_store_step_fn(void *arg, const pf_store_step *st, pf_error *err);
pf_err pf_store_steps_of(pf_store *s, const char *room, pf_store_step_fn *each, void *arg,
                         pf_error *err);

#endif
