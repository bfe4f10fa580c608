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
#include "server/limits.h"
#include "server/meter.h"
#include "server/rematch.h"
#include "server/store.h"

#define PF_TOKEN_HEX 32 /* 128 bits */
#define PF_TOKEN_HASH 32 /* SHA-256 */

typedef struct pf_out pf_out;
typedef struct pf_msg pf_msg;
typedef struct pf_chat pf_chat;

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
    /* The answer to a change of the game waits for its commit (in the
     * change's pf_told), and the messages that came after it wait for that
     * answer (server.c's queue). */
    bool held;
    pf_msg *later, *later_tail;
    int nlater;
    pf_conn_limits limits;
    int close_code; /* closed at the next write with this code and reason (not 0) */
    const char *close_reason;
} pf_conn;

/* A place at the room's table: a bot, or a person's once someone took it. */
typedef struct pf_place {
    const pf_bot_def *bot;
    bool taken;
    char name[PF_SEAT_NAME_MAX + 1];
    unsigned char token_hash[PF_TOKEN_HASH];
} pf_place;

/* A change of the game waiting for the group commit (commit.c): its steps
 * to store, and what each seat is told once they are durable. */
typedef struct pf_told {
    struct pf_told *next;
    pf_store_step *steps;
    int nsteps;
    int64_t finished;               /* the game ended (Unix seconds); 0 while on */
    cJSON *heard[PF_MAX_SEATS + 1]; /* steps for each seat; [0] the public's */
    char *progress;                 /* the progress fields after the change (JSON) */
    bool sealed;                    /* in the batch being committed */
    /* The requester (NULL for a bot's move, or when it left) and its answer:
     * the text, or built from the request's id when the commit fails. */
    pf_conn *asker;
    cJSON *asked;
    char *answer;
} pf_told;

/* A request answered on the worker (a hint: think.h), for its asker
 * (NULL once that connection left). */
typedef struct pf_ask {
    struct pf_ask *next;
    pf_conn *asker;
} pf_ask;

typedef struct pf_room {
    char code[PF_ROOM_CODE_LEN + 1];
    const pf_game *g;
    char *options; /* the game's options as a JSON object (a pf_options is 10 KiB) */
    uint64_t seed;
    int n;
    pf_place place[PF_MAX_SEATS]; /* in seat order once the game started */
    bool listed, spectators, fixed_order, memory_aid;
    bool locked, chat_on; /* the host's settings (host.c) */
    unsigned char host_hash[PF_TOKEN_HASH];
    int64_t turn_ms;
    int64_t created, finished;
    pf_store *store;
    bool started;
    pf_table *table;    /* the committed game; NULL before the start or while idle */
    int64_t clock_base; /* the monotonic ms at the game's time 0 */
    pf_conn *conns;
    lws_sorted_usec_list_t timer; /* the bots' and turn timers' next move */
    /* What the hook heard during the change being made. */
    cJSON *heard[PF_MAX_SEATS + 1]; /* steps for each seat; [0] the public's */
    pf_store_step *steps;
    int nsteps, cap;
    bool lost;
    /* The changes waiting for the group commit, the table after them, and
     * the table after those of them in the batch being committed (sealed):
     * nobody hears of them before their commit. */
    pf_table *ahead, *sealed;
    pf_table *spare; /* a table let go, whose memory the next change's copy reuses */
    pf_told *told, *told_tail;
    bool queued;                /* in commit.c's next batch */
    struct pf_room *dirty_next;    /* in commit.c's next batch */
    struct pf_room *inflight_next; /* in commit.c's batch in flight */
    uint64_t version;           /* counts the changes: a bot's search of an older game is dropped */
    bool thinking;              /* a bot's search runs on the worker (think.c) */
    pf_ask *asks;               /* requests the worker answers */
    int64_t retry_at;           /* after a failed commit, the bots wait until then */
    int64_t active_ms;          /* the last change, join or connection (monotonic) */
    /* This node's lease on the room when the store is shared (node.c);
     * lease.node is NULL otherwise, and for finished games. */
    pf_store_owner lease;
    bool lease_lost;    /* another node took it: let go at the next sweep */
    bool lease_renewed; /* found held by the last renewal (node.c) */
    pf_chat *chat; /* chat.c's, NULL until someone talks */
    pf_meter meter[PF_MAX_SEATS]; /* each seat's latest meter (meter.c) */
    pf_rematch *rematch; /* rematch.c's, NULL until asked */
    struct pf_room *next;
} pf_room;

/* A new room from a create request (POST /rooms) with the given code; its
 * host token into host_token (PF_TOKEN_HEX + 1 bytes). */
pf_room *pf_room_create(pf_store *store, const char *code, const cJSON *req, char *host_token,
                        pf_error *err);
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
cJSON *pf_room_public(pf_room *r, bool full);
/* Whether the lobby lists it: listed and waiting for people. */
bool pf_room_open(const pf_room *r);

/* A finished game told step by step as seat saw it (-1: everything shown),
 * for the replay viewer (GET /rooms/CODE/story, story.c); NULL with err set
 * while the game is on (BAD_REQUEST) or when memory ran out. */
cJSON *pf_room_story(const pf_room *r, int seat, pf_error *err);

/* A connection joined after its hello: sends it everything its seat may
 * see (a full resync). */
void pf_room_sync(pf_room *r, pf_conn *c);
/* Answers one message of a connection of the room; a change's answer and
 * pushes wait for the group commit (c->held is set meanwhile). */
void pf_room_request(pf_room *r, pf_conn *c, const char *msg, size_t len);
/* The room's timer fired: the bots and the turn timers play what is due. */
void pf_room_tick(pf_room *r);
/* The batch's sealed changes of the room: the table after them becomes
 * the one a commit would make durable. */
void pf_room_seal(pf_room *r);
/* The group commit of the room's sealed changes is done: failed is NULL
 * when they are durable (everyone is told of them), else why not (the room
 * goes back to its committed game, dropping every change waiting, and the
 * requesters get the error). */
void pf_room_committed(pf_room *r, const pf_error *failed);
/* A connection leaves: its answers waiting are dropped. */
void pf_room_leave(pf_room *r, pf_conn *c);
/* A bot's search (think.c) is back with t, a copy of the game when the
 * search began (version), its move found: played unless the game moved. */
void pf_room_thought(void *room, pf_table *t, uint64_t version);
/* A request the worker answered (think.c): the answer (owned; NULL when
 * memory ran out) goes to its asker, if still there. */
void pf_room_answered(void *room, void *ask, char *answer);

/* A game that may be let go (its table, or the whole room when nobody is
 * connected): started, nothing waiting, no bot or timer due, and no change,
 * join or connection since idle_ms. */
bool pf_room_idle(const pf_room *r, int64_t now, int64_t idle_ms);
/* Lets the table go (pf_room_idle said so); it is rebuilt from storage when
 * someone needs it. */
void pf_room_unload(pf_room *r);
/* Rebuilds a started game's table from storage when it was let go (a no-op
 * when it is in memory): PF_E_OK, or why it could not. */
pf_err pf_room_load(pf_room *r, pf_error *err);
/* The finished game's replay, or NULL with err set (the game is on: 409's
 * case is BAD_REQUEST; the database failed: IO). */
cJSON *pf_room_replay(pf_room *r, pf_error *err);

/* An error answer {"id","ok":false,"error":{code,message}} (msg NULL: the
 * code's own message); NULL when memory ran out. */
char *pf_room_error(const cJSON *req, pf_err e, const char *msg);
/* The same with err's code, message and numbers (hands_busy's "until"). */
char *pf_room_error_of(const cJSON *req, const pf_error *err);
/* The names seat's messages give the room's seats in texts (seat -1: the
 * public's; pf_seating_names). */
void pf_room_names(const pf_room *r, int seat, pf_seat_names *out);
/* The answer {"id","ok":true} to req; NULL when memory ran out. */
char *pf_room_ok(const cJSON *req);

/* For the room's other files (host.c, rematch.c): a new secret token as
 * hex (PF_TOKEN_HEX + 1 bytes) and a token's hash; bytes as hex and back. */
pf_err pf_token_new(char *hex, pf_error *err);
void pf_token_hash(const char *token, unsigned char hash[PF_TOKEN_HASH]);
void pf_hex_of(const unsigned char *b, size_t n, char *out);
bool pf_unhex(const char *hex, unsigned char *b, size_t n);
/* Writes the room's row (its seating and settings). */
pf_err pf_room_save(pf_room *r, pf_error *err);
/* The places changed (a bot given a seat, a place reserved or taken):
 * stores the room, then starts the game when every place is filled, or
 * seats the started game's table anew and lets its bots play. */
pf_err pf_room_seated(pf_room *r, pf_error *err);

/* What server.c gives the rooms: a frame to a connection, and the room's
 * timer set to fire in ms milliseconds. */
void pf_server_send(pf_conn *c, const char *text);
void pf_server_wake(pf_room *r, int64_t ms);
/* The room's connections whose answers were held may go on: their
 * messages that waited are handled. */
void pf_server_resume(pf_room *r);
/* One log line on stdout per room event and refusal, key=value (r and
 * detail may be NULL; never a token). */
void pf_server_log(const char *event, const pf_room *r, const char *detail);
/* The server's monotonic clock in ms. */
int64_t pf_server_now_ms(void);
/* Closes a connection with a code and a reason at its next write; it
 * leaves its room at once. */
void pf_server_close(pf_conn *c, int code, const char *reason);
/* A free room code (PF_ROOM_CODE_LEN + 1 bytes); false when none was found. */
bool pf_server_new_code(char *code);
/* Adds a room made outside an HTTP request (a rematch) to the server's. */
void pf_server_add_room(pf_room *r);

#endif
