/* room_parts.h: what the room's own files give each other (src/server/,
 * inside the room: room.c, seats.c, change.c, tell.c, story.c). */
#ifndef PF_SERVER_ROOM_PARTS_H
#define PF_SERVER_ROOM_PARTS_H

#include "server/room.h"

/* room.c: the table's seating and options of the room now, and the game
 * as it begins with them. */
void pf_room_seating(const pf_room *r, pf_seating *s, pf_table_options *to);
pf_table *pf_room_new_table(pf_room *r, pf_error *err);

/* change.c: the change pipeline of a new room, its end with the room, and
 * a member's requests in it answered to nobody. */
void pf_room_changes_init(pf_room *r);
void pf_room_changes_free(pf_room *r);
void pf_room_leave_changes(pf_room *r, pf_member *m);

#endif
