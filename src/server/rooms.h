/* rooms.h: the room registry (src/server/, above the rooms, below the
 * network): the map from room code to room, new codes, the rooms read back
 * from storage (at the start, when asked for by code, from another node),
 * the lobby, the hello that takes a connection into its room, and the
 * sweep that lets idle rooms go and drops those that never started. */
#ifndef PF_SERVER_ROOMS_H
#define PF_SERVER_ROOMS_H

#include "server/metrics.h"
#include "server/node.h"
#include "server/room.h"

/* The WebSocket close code "service restart" (RFC 6455's registry): the
 * client reconnects with its token. */
#define PF_CLOSE_RESTART 1012

/* Room codes: letters people can read aloud and type, without look-alikes
 * (no I, L, O; no B, S, Z beside 8, 5, 2). A new code has
 * PF_ROOM_CODE_LEN (10) of them, 43 bits: too many to guess at the rate
 * misses are let through (limits.h); the 6-letter codes of rooms made
 * before (PF_ROOM_CODE_OLD_LEN, partyfood 0.2) are still found. */
#define PF_CODE_LETTERS "ACDEFGHJKMNPQRTUVWXY"
#define PF_ROOM_CODE_OLD_LEN 6

typedef struct pf_rooms pf_rooms;

/* What a lookup found besides a room: the node that plays it, or that the
 * storage could not say (a client asks again later: its seat is not lost,
 * as it would be if the answer were "no such room"). */
typedef struct pf_found {
    char owner[PF_NODE_NAME_MAX + 1]; /* "" unless another node plays it */
    bool failed;
} pf_found;

/* The registry; env is every room's (its reg and new_code/adopt are set
 * here); node may be NULL (one machine). NULL when memory ran out. */
pf_rooms *pf_rooms_new(const pf_room_env *env, pf_node *node, pf_metrics *metrics,
                       int64_t idle_ms, int64_t expire_ms);
/* Destroys every room, then the registry. */
void pf_rooms_free(pf_rooms *rs);
/* The rooms' environment (a room made elsewhere uses it). */
const pf_room_env *pf_rooms_env(const pf_rooms *rs);

/* Every unfinished room, read back from storage (one machine; with a
 * shared store each room is loaded by the node a client asks). */
void pf_rooms_restore(pf_rooms *rs);
/* The room with this code (either case): in memory, or else read back from
 * storage (a room let go while idle, a finished game, a room whose node
 * died), into *f. NULL when there is none here: f says why. */
pf_room *pf_rooms_find(pf_rooms *rs, const char *code, pf_found *f);
/* The answer when a room is not found (req's id echoed, req may be NULL):
 * elsewhere naming the node, io when storage could not say, else "no room
 * has that code"; *status its HTTP status (307, 503, 404). */
char *pf_rooms_not_found(const cJSON *req, const char *code, const pf_found *f,
                         unsigned *status);
/* POST /rooms: a new room from req; the answer (the room's public state
 * with its host token) and its HTTP status (201, or the error's). */
char *pf_rooms_create(pf_rooms *rs, const cJSON *req, unsigned *status);
/* The first message of a connection, {"cmd":"hello","room","token"} (no
 * token for a spectator; "watch" with its watch token where the room is
 * watched by link): m enters its room, is answered {"seat"} and hears the
 * sync; or the answer says why not. True when it missed: no room has the
 * code, or the watch token is not the room's (a guess: the caller counts
 * it against the address, limits.h). */
bool pf_rooms_hello(pf_rooms *rs, pf_member *m, const char *msg, size_t len, char **answer);
/* The lobby: the listed rooms waiting for people, {"rooms":[...]}. */
char *pf_rooms_lobby(pf_rooms *rs);
/* The gauges of /metrics. */
void pf_rooms_gauges(pf_rooms *rs, pf_metrics_rooms *g);
/* Once a second: renews this node's leases and lets go of the rooms lost
 * to another node, lets idle games go, drops rooms that never started and
 * had nobody for long. */
void pf_rooms_sweep(pf_rooms *rs);
/* Calls each for every room in memory. */
void pf_rooms_each(pf_rooms *rs, void (*each)(pf_room *r, void *arg), void *arg);

#endif
