/* chat.h: a room's chat (src/server/, docs/server.md "Chat"): plain text
 * from the seated people to everyone in the room, stored with the room and
 * limited in length and rate. */
#ifndef PF_SERVER_CHAT_H
#define PF_SERVER_CHAT_H

#include <cjson/cJSON.h>

#include "partyfood/error.h"

#define PF_CHAT_KEEP 50       /* the messages a sync carries (and the room keeps in memory) */
#define PF_CHAT_MAX_CHARS 280 /* characters of one message, after trimming */
#define PF_CHAT_BURST 5       /* messages a seat may send at once... */
#define PF_CHAT_EVERY_S 2     /* ...then one every this many seconds */

struct pf_room;
struct pf_conn;

/* Answers {"cmd":"chat","text":...}; the message goes to everyone as a
 * "chat" push before the answer. */
char *pf_chat_request(struct pf_room *r, struct pf_conn *c, const cJSON *req);
/* Adds "chat" (the last messages) and "chat_on" to a sync push. */
void pf_chat_sync(const struct pf_room *r, cJSON *sync);
/* Reads the room's last messages back from storage (a restored room). */
pf_err pf_chat_restore(struct pf_room *r, pf_error *err);
void pf_chat_free(struct pf_room *r);

#endif
