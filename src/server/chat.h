/* chat.h: a room's chat (src/server/, a module of the room; docs/server.md
 * "Chat"): plain text from the seated people to everyone in the room,
 * stored with the room, limited in length and rate. The room keeps the
 * last messages, which every sync carries. */
#ifndef PF_SERVER_CHAT_H
#define PF_SERVER_CHAT_H

#include "server/room.h"

#define PF_CHAT_MAX_CHARS 280 /* characters of one message, after trimming */
#define PF_CHAT_BURST 5       /* messages a seat may send at once... */
#define PF_CHAT_EVERY_S 2     /* ...then one every this many seconds */

/* Answers {"cmd":"chat","text":...} of m (a seat's: the room's commands
 * refuse a spectator); the message goes to everyone as a "chat" push
 * before the answer. */
char *pf_chat_request(pf_room *r, pf_member *m, const cJSON *req);

#endif
