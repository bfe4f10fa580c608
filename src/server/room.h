/* room.h: a room of the game server: one game at a table, shared by the
 * seats' connections, as a state machine below the network (src/server/,
 * docs/server.md).
 *
 * The room knows nothing of sockets: the network is passed in as
 * callbacks (send, close, wake, resume, the clock), the way the table
 * takes its step hook, and so are the registry's calls a rematch needs. A
 * room can so be driven in a test with a fake network and a real store.
 * The room's files: room.c (its life: made from a request or from
 * storage, stored, let go, its public state), seats.c (places, tokens,
 * the start, who is connected, the host's changes of seats), change.c
 * (every change on a copy of the game, waiting for the group commit, and
 * the bots), tell.c (what each audience is told: the sync and the steps
 * pushes), story.c (a finished game step by step). Above the room: its
 * modules (chat.c, meter.c, host.c, rematch.c), its commands (commands.c),
 * the registry (rooms.c), the network. */
#ifndef PF_SERVER_ROOM_H
#define PF_SERVER_ROOM_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>
#include <libwebsockets.h>

#include "partyfood/json_write.h"
#include "partyfood/skill_meter.h"
#include "partyfood/table.h"
#include "server/commit.h"
#include "server/frame.h"
#include "server/limits.h"
#include "server/log.h"
#include "server/store.h"
#include "server/think.h"
#include "server/token.h"

#define PF_CHAT_KEEP 50 /* the chat messages a sync carries (and the room keeps) */

typedef struct pf_room pf_room;
typedef struct pf_told pf_told;
typedef struct pf_ask pf_ask;

/* The room's side of a connection (the network's holds one): a seat's, or
 * a spectator's (seat -1), once its hello named the room. */
typedef struct pf_member {
    struct pf_member *next; /* in the room's list */
    pf_room *room;          /* NULL before the hello and once it left */
    int seat;
    /* Its answer waits (for a commit, or the worker): the network holds
     * its next messages until the room resumes it. */
    bool held;
} pf_member;

/* What a room is given at its making: the network, the registry, and the
 * services below it. */
typedef struct pf_room_env {
    /* The network's. send: f to m (a reference held until sent). close: m
     * leaves its room now, and is closed once its frames are out. wake: the
     * room's timer fires in ms milliseconds (-1: none): the network then
     * calls pf_room_tick. resume: the room's members whose answers were held
     * may go on. now_ms: the server's monotonic clock. */
    void (*send)(void *net, pf_member *m, pf_frame *f);
    void (*close)(void *net, pf_member *m, int code, const char *reason);
    void (*wake)(void *net, pf_room *r, int64_t ms);
    void (*resume)(void *net, pf_room *r);
    int64_t (*now_ms)(void *net);
    void *net;
    /* The registry's, for a rematch: a free room code, and a room made
     * outside a request, added. */
    bool (*new_code)(void *reg, char *code);
    void (*adopt)(void *reg, pf_room *r);
    void *reg;
    pf_store *store;
    pf_committer *commit;
    pf_worker *worker;
    const pf_log *log;
} pf_room_env;

/* A place at the room's table: a bot, or a person's once someone took it. */
typedef struct pf_place {
    const pf_bot_def *bot;
    bool taken;
    char name[PF_SEAT_NAME_MAX + 1];
    unsigned char token_hash[PF_TOKEN_HASH];
} pf_place;

/* The last chat messages, a ring (the oldest at (next - n)). */
typedef struct pf_chat_line {
    int seat;
    char name[PF_SEAT_NAME_MAX + 1];
    char *text;
    int64_t t_ms;
} pf_chat_line;


/* What an old room remembers of its rematch (rematch.c): the new room's
 * code and each person's new token (kept in memory only). */
typedef struct pf_rematch {
    char code[PF_ROOM_CODE_LEN + 1];
    char watch[PF_TOKEN_HEX + 1]; /* its watch token; "" when none */
    char token[PF_MAX_SEATS][PF_TOKEN_HEX + 1]; /* "" for a bot's seat or a free one */
} pf_rematch;

/* The names of the seats in texts, as each audience reads them (the
 * change being made keeps them on its stack). */
typedef struct pf_names_cache {
    pf_seat_names of[PF_MAX_SEATS + 1]; /* [0]: the public's, [1 + seat]: seat's */
    uint32_t have;                      /* of which were made (bit 1 + seat) */
} pf_names_cache;

/* What the table's hook heard during the change being made (change.c). */
typedef struct pf_heard {
    pf_told *into; /* the change it goes to */
    pf_names_cache *names;
    bool lost; /* memory ran out */
} pf_heard;

struct pf_room {
    char code[PF_ROOM_CODE_LEN + 1];
    const pf_game *g;
    const pf_room_env *env;
    char *options; /* the game's options as a JSON object (a pf_options is 10 KiB) */
    uint64_t seed;
    int n;
    pf_place place[PF_MAX_SEATS]; /* in seat order once the game started */
    /* spectators: anyone with the code may watch; watch_link: whoever has
     * the watch token (watch_hash) may (a private room's default: its
     * code alone lets nobody watch, so a guessed code shows no game). */
    bool listed, spectators, watch_link, fixed_order, memory_aid;
    unsigned char watch_hash[PF_TOKEN_HASH];
    bool locked, chat_on, hints_on; /* the host's settings */
    /* The seats' last acts' keys with their answers (repeat.h): per seat,
     * so they outlive a connection; stored with their steps, and read back
     * with them when the room is loaded (a restart, a take-over). */
    struct pf_repeats *repeats;
    unsigned char host_hash[PF_TOKEN_HASH];
    int64_t turn_ms;
    int64_t created, finished;
    bool started;
    pf_table *table;    /* the committed game; NULL before the start or while idle */
    int64_t clock_base; /* the monotonic ms at the game's time 0 */
    pf_member *members;
    lws_sorted_usec_list_t timer; /* the network's, for wake */
    bool due;                     /* a bot's move or a turn deadline is set to wake it */
    /* The changes waiting for the group commit, the table after them, and
     * the table after those of them in the batch being committed (sealed):
     * nobody hears of them before their commit. */
    pf_heard heard;
    pf_table *ahead, *sealed;
    pf_table *spare; /* a table let go, whose memory the next change's copy reuses */
    pf_told *told, *told_tail;
    pf_commit_entry commit;
    uint64_t version; /* counts the changes: a bot's search of an older game is dropped */
    bool thinking;    /* a bot's search runs on the worker */
    pf_ask *asks;     /* requests the worker answers */
    int64_t retry_at; /* after a failed commit, the bots wait until then */
    int64_t active_ms; /* the last change, join or connection (monotonic) */
    /* This node's lease on the room when the store is shared (node.h);
     * lease.node is NULL otherwise, and for finished games. */
    pf_store_owner lease;
    bool lease_lost;    /* another node took it: let go at the next sweep */
    bool lease_renewed; /* found held by the last renewal */
    /* The modules' state. */
    pf_chat_line chat[PF_CHAT_KEEP];
    int chat_n, chat_next;
    int64_t chat_total; /* messages ever, the next one's index */
    pf_bucket chat_rate[PF_MAX_SEATS];
    pf_skill_meter meter[PF_MAX_SEATS]; /* each seat's latest (meter.c), on the monotonic clock */
    pf_rematch *rematch; /* NULL until asked */
    pf_room *next;       /* the registry's */
};

/* ---- its life (room.c) ---- */

/* What a room's creator alone is told: the host's token, and the watch
 * token of its watch link ("" when nobody may watch). */
typedef struct pf_room_keys {
    char host[PF_TOKEN_HEX + 1];
    char watch[PF_TOKEN_HEX + 1];
} pf_room_keys;

/* A new room from a create request (POST /rooms) with the given code; its
 * keys into keys. NULL with err set when the request is refused or storage
 * failed. */
pf_room *pf_room_create(const pf_room_env *env, const char *code, const cJSON *req,
                        pf_room_keys *keys, pf_error *err);
/* A room read back from storage, its game replayed. */
pf_room *pf_room_restore(const pf_room_env *env, const pf_store_room *rec, pf_error *err);
void pf_room_destroy(pf_room *r);
/* Writes the room's row (its seating and settings). */
pf_err pf_room_save(pf_room *r, pf_error *err);
/* Whether the lobby lists it: listed and waiting for people. */
bool pf_room_open(const pf_room *r);
/* The room's public state (GET /rooms/CODE; full: the settings, progress
 * and public view too; the lobby's items are not full), as an object
 * written into w; keys, when not NULL, are added (the creator's answer
 * alone). False when the game could not be read back from storage. */
bool pf_room_write_public(pf_room *r, pf_jw *w, bool full, const pf_room_keys *keys);
/* Who may watch with neither seat nor watch token: true when the host
 * allowed watching by code. */
bool pf_room_watch_by_code(const pf_room *r);
/* Whether watch is the room's watch token (its watch link). */
bool pf_room_watch_token(const pf_room *r, const char *watch);
/* A game that may be let go (its table, or the whole room when nobody is
 * connected): started, nothing waiting, no bot or timer due, and no change,
 * join or connection since idle_ms. */
bool pf_room_idle(const pf_room *r, int64_t now, int64_t idle_ms);
/* Lets the table go (pf_room_idle said so); it is rebuilt from storage when
 * someone needs it. */
void pf_room_unload(pf_room *r);
/* Rebuilds a started game's table from storage when it was let go (a no-op
 * when it is in memory). */
pf_err pf_room_load(pf_room *r, pf_error *err);
/* The finished game's replay, or NULL with err set (the game is on: 409's
 * case is BAD_REQUEST; the database failed: IO). */
cJSON *pf_room_replay(pf_room *r, pf_error *err);
/* The game clock: ms since the game's time 0 on the server's clock. */
int64_t pf_room_now(const pf_room *r);
/* The names seat's messages give the room's seats in texts ("ana (you)";
 * seat -1: the public's; pf_seating_names). */
void pf_room_names(const pf_room *r, int seat, pf_seat_names *out);
/* Logs one of the room's events (log.h). */
void pf_room_log(const pf_room *r, const char *event, const char *detail);
/* Keeps a chat message in the room's last ones (text copied); false when
 * memory ran out. */
bool pf_room_chat_keep(pf_room *r, int seat, const char *name, const char *text, int64_t t_ms);

/* ---- seats (seats.c) ---- */

/* Takes a free person's place (POST /rooms/CODE/join): the new token in
 * token (PF_TOKEN_HEX + 1 bytes), the place in *place. Starts the game when
 * it was the last free place. */
pf_err pf_room_join(pf_room *r, const cJSON *req, char *token, int *place, pf_error *err);
/* The seat whose token this is; -2 when none. */
int pf_room_seat_of(const pf_room *r, const char *token);
/* The places changed (a bot given a seat, a place reserved or taken):
 * stores the room, then starts the game when every place is filled, or
 * seats the started game's table anew and lets its bots play. */
pf_err pf_room_seated(pf_room *r, pf_error *err);
/* m joins the room's connections for seat (a hello); it hears the sync
 * next (pf_room_sync). */
void pf_room_enter(pf_room *r, pf_member *m, int seat);
/* m leaves (its connection closed, or was closed): its answers waiting
 * are dropped. */
void pf_room_leave(pf_room *r, pf_member *m);
/* Whether a connection speaks for seat now. */
bool pf_room_connected(const pf_room *r, int seat);
/* The host's changes of seats: the person of seat leaves (its token holds
 * nothing more, its connections are closed with code and why), or an
 * empty or abandoned person's seat is given to bot. */
pf_err pf_room_remove(pf_room *r, int seat, int code, const char *why, pf_error *err);
pf_err pf_room_give_bot(pf_room *r, int seat, const pf_bot_def *bot, pf_error *err);

/* ---- changes (change.c) ---- */

/* seat plays the action named name, timed on arrival: the answer to req
 * (held for the commit: m->held is set) goes to m once the step is
 * durable. An error when it is refused (nothing changed). With a key (NULL:
 * none) the act is remembered for the seat, pending until its commit
 * (repeat.h). */
pf_err pf_room_act(pf_room *r, pf_member *m, const cJSON *req, const char *name,
                   const char *key, pf_error *err);
/* seat's fair undo, answered the same way. */
pf_err pf_room_undo(pf_room *r, pf_member *m, const cJSON *req, pf_error *err);
/* The room's timer fired: the bots and the turn timers play what is due. */
void pf_room_tick(pf_room *r);
/* The game ahead of the committed one (the changes waiting), or the
 * committed one. */
const pf_table *pf_room_latest(const pf_room *r);
/* Sets the room's timer to the next bot move or turn deadline. */
void pf_room_schedule(pf_room *r);
/* A request answered on the worker: its answer goes to m (held until
 * then) when it is back. t (owned) is what it reads. */
pf_err pf_room_ask_worker(pf_room *r, pf_member *m, pf_table *t, const pf_command *c,
                          cJSON *req, int seat, pf_error *err);
/* What the worker gives back (pf_worker_collect's callbacks): a bot's
 * search (t, a copy of the game when the search began at version, its
 * move found: played unless the game moved), and a request's answer
 * (owned; NULL when memory ran out) for its asker, if still there, with
 * the copy it read (a hint shown there marks the asker's next move). */
void pf_room_thought(void *room, pf_table *t, uint64_t version);
void pf_room_answered(void *room, void *ask, char *answer, const pf_table *t);
/* The hook a table of the room is made with (its arg: the room). */
void pf_room_heard(void *room, const pf_table_step *st);

/* ---- telling (tell.c) ---- */

/* Sends m everything its seat may see: the sync push (a full resync). */
void pf_room_sync(pf_room *r, pf_member *m);
/* The sync to every member (the room changed: a start, a join, the host). */
void pf_room_sync_all(pf_room *r);
/* The steps push of the changes just committed (from, in order) to every
 * member: written once for each audience that sees them differently. */
void pf_room_tell_steps(pf_room *r, const pf_told *from);
/* Sends one frame (text copied) to every member. */
void pf_room_send_all(pf_room *r, const char *text);
/* An answer's text to m (NULL: memory ran out; freed here). */
void pf_room_answer(pf_room *r, pf_member *m, char *text);

/* ---- the story (story.c) ---- */

/* A finished game told step by step as seat saw it (-1: everything shown),
 * for the replay viewer (GET /rooms/CODE/story); NULL with err set while
 * the game is on (BAD_REQUEST) or when memory ran out. */
cJSON *pf_room_story(const pf_room *r, int seat, pf_error *err);

#endif
