/* rematch.h: the same table again once a game is over (src/server/, a
 * module of the room; docs/server.md "Rematch"). */
#ifndef PF_SERVER_REMATCH_H
#define PF_SERVER_REMATCH_H

#include "server/room.h"

/* Answers {"cmd":"rematch"} of m (a seat's, the game over: the room's
 * commands and this check it): the first ask makes the new room; every
 * connected person hears {"push":"rematch","room","token"}, every
 * spectator {"push":"rematch","room"} (a later ask tells the asking seat's
 * connections again). */
char *pf_rematch_request(pf_room *r, pf_member *m, const cJSON *req);

#endif
