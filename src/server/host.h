/* host.h: the host's controls of a room (src/server/, docs/server.md
 * "The host's controls"): whoever created the room holds its host token
 * and may lock it, turn the chat off and on, remove a person, and give an
 * empty or abandoned person's seat to a bot. */
#ifndef PF_SERVER_HOST_H
#define PF_SERVER_HOST_H

#include <cjson/cJSON.h>

#include "partyfood/error.h"

/* The WebSocket close code of a removed person (4000-4999: the
 * application's own, RFC 6455). */
#define PF_CLOSE_REMOVED 4001

struct pf_room;

/* Makes the room's host token into token (PF_TOKEN_HEX + 1 bytes); the
 * room keeps its hash. */
pf_err pf_host_new(struct pf_room *r, char *token, pf_error *err);
/* The host's part of the room's stored settings. */
void pf_host_settings_save(const struct pf_room *r, cJSON *settings);
void pf_host_settings_load(struct pf_room *r, const cJSON *settings);
/* POST /rooms/CODE/host: the answer (the room's public state, or an error)
 * with its HTTP status in *status. */
char *pf_host_request(struct pf_room *r, const cJSON *req, unsigned *status);

#endif
