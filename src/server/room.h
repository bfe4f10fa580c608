/* room.h: a room of the game server: one table shared by the seats'
 * connections (src/server/, internal).
 *
 * room.c holds the game's side (seats and tokens, the table, the clock,
 * storage, what each seat is told); server.c the network's (HTTP, the
 * WebSockets, the timers) and hands each message of a connection to its
 * room. */
#ifndef PF_SERVER_ROOM_H
#define PF_SERVER_ROOM_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>
#include <libwebsockets.h>

#include "partyfood/table.h"
#include "server/store.h"

#define PF_TOKEN_HEX 32 /* 128 bits */
#define PF_TOKEN_HASH 32 /* SHA-256 */

typedef struct pf_out pf_out;

/* One WebSocket client: a seat's (or a spectator's, seat -1) once its
 * "hello" named a room. */
typedef struct pf_conn {
    struct lws *wsi;
    struct pf_room *room; /* NULL before the hello */
    int seat;
    struct pf_conn *next; /* in the room's list */
    pf_out *out_head, *out_tail; /* frames waiting to be written */
    size_t queued;
    bool too_slow; /* frames piled up unread: closed at the next write */
    bool restarting; /* the server stops: closed, asking to reconnect */
    char *rx; /* the message being received */
    size_t rx_len;
} pf_conn;

/* A place at the room's table: a bot, or a person's once someone took it. */
typedef struct pf_place {
    const pf_bot_def *bot;
    bool taken;
    char name[PF_SEAT_NAME_MAX + 1];
    unsigned char token_hash[PF_TOKEN_HASH];
} pf_place;

typedef struct pf_room {
    char code[PF_ROOM_CODE_LEN + 1];
    const pf_game *g;
    pf_options opt;
    uint64_t seed;
    int n;
    pf_place place[PF_MAX_SEATS]; /* in seat order once the game started */
    bool listed, spectators, fixed_order, memory_aid;
    int64_t turn_ms;
    int64_t created, finished;
    pf_store *store;
    pf_table *table;    /* NULL until every person's seat is taken */
    int64_t clock_base; /* the monotonic ms at the game's time 0 */
    pf_conn *conns;
    lws_sorted_usec_list_t timer; /* the bots' and turn timers' next move */
    /* What the hook heard during the change being made. */
    cJSON *heard[PF_MAX_SEATS + 1]; /* steps for each seat; [0] the public's */
    pf_store_step *steps;
    int nsteps, cap;
    bool lost;
    struct pf_room *next;
} pf_room;

/* A new room from a create request (POST /rooms) with the given code. */
pf_room *pf_room_create(pf_store *store, const char *code, const cJSON *req, pf_error *err);
/* A room read back from storage, its game replayed. */
pf_room *pf_room_restore(pf_store *store, const pf_store_room *rec, pf_error *err);
void pf_room_destroy(pf_room *r);

/* Takes a free person's place (POST /rooms/CODE/join): the new token in
 * token (PF_TOKEN_HEX + 1 bytes), the place in *place. Starts the game when
 * it was the last free place. */
pf_err pf_room_join(pf_room *r, const cJSON *req, char *token, int *place, pf_error *err);
/* The seat whose token this is; -2 when none. */
int pf_room_seat_of(const pf_room *r, const char *token);

/* The room's public state (GET /rooms/CODE, and the lobby's items). */
cJSON *pf_room_public(const pf_room *r, bool full);
/* Whether the lobby lists it: listed and waiting for people. */
bool pf_room_open(const pf_room *r);

/* A finished game told step by step as seat saw it (-1: everything shown),
 * for the replay viewer (GET /rooms/CODE/story, story.c); NULL with err set
 * while the game is on (BAD_REQUEST) or when memory ran out. */
cJSON *pf_room_story(const pf_room *r, int seat, pf_error *err);

/* A connection joined after its hello: sends it everything its seat may
 * see (a full resync). */
void pf_room_sync(pf_room *r, pf_conn *c);
/* Answers one message of a connection of the room (a newly allocated
 * text, NULL when memory ran out); steps go to everyone as pushes. */
char *pf_room_request(pf_room *r, pf_conn *c, const char *msg, size_t len);
/* The room's timer fired: the bots and the turn timers play what is due. */
void pf_room_tick(pf_room *r);

/* An error answer {"id","ok":false,"error":{code,message}}; NULL when
 * memory ran out. */
char *pf_room_error(const cJSON *req, pf_err e, const char *msg);

/* What server.c gives the rooms: a frame to a connection, and the room's
 * timer set to fire in ms milliseconds. */
void pf_server_send(pf_conn *c, const char *text);
void pf_server_wake(pf_room *r, int64_t ms);
/* One log line on stdout per room event and refusal, key=value (r and
 * detail may be NULL; never a token). */
void pf_server_log(const char *event, const pf_room *r, const char *detail);
/* The server's monotonic clock in ms. */
int64_t pf_server_now_ms(void);

#endif
