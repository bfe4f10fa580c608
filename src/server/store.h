/* store.h: where the server keeps rooms and their steps (src/server/).
 *
 * One small interface so another database (PostgreSQL) can implement it
 * beside SQLite (store_sqlite.c). A room is one row of text fields the room
 * code writes and reads back (store_room); its steps are (index, seat,
 * action name, time) rows, unique per room and index. Every call returns
 * when its transaction is durable: the server tells nobody of a step before
 * that. */
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

/* Applies steps[0..n) of room in order, in one transaction. */
pf_err pf_store_steps_put(pf_store *s, const char *room, const pf_store_step *steps, int n,
                          pf_error *err);

/* Calls each for every unfinished room (the strings live during the call). */
typedef void pf_store_room_fn(void *arg, const pf_store_room *r);
pf_err pf_store_rooms_unfinished(pf_store *s, pf_store_room_fn *each, void *arg,
                                 pf_error *err);

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

#endif
