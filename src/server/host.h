/* host.h: the host's controls of a room (src/server/, a module of the
 * room; docs/server.md "The host's controls"): whoever created the room
 * holds its host token and may lock it, turn the chat off and on, remove a
 * person, and give an empty or abandoned person's seat to a bot. */
#ifndef PF_SERVER_HOST_H
#define PF_SERVER_HOST_H

#include "server/room.h"

/* The WebSocket close code of a removed person (4000-4999: the
 * application's own, RFC 6455). */
#define PF_CLOSE_REMOVED 4001

/* POST /rooms/CODE/host: the answer (the room's public state, or an error)
 * with its HTTP status in *status. */
char *pf_host_request(pf_room *r, const cJSON *req, unsigned *status);

#endif
