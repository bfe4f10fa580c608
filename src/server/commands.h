/* commands.h: a room's commands (src/server/, above the room and its
 * modules): one table of {name, handler, flags} for every message a
 * member may send, the engine protocol's commands among them with the
 * protocol's own flags, checked once by the protocol's admission. */
#ifndef PF_SERVER_COMMANDS_H
#define PF_SERVER_COMMANDS_H

#include "server/room.h"

/* Answers one message of m (the len bytes at msg, a NUL after them): read
 * once, its command found, its flags checked, its handler run. A change's
 * answer waits for the group commit and a hint's for the worker (m->held
 * is set meanwhile). */
void pf_room_request(pf_room *r, pf_member *m, const char *msg, size_t len);

#endif
