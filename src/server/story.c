/* story.c: a finished game told step by step as one seat saw it, or with
 * everything shown (GET /rooms/CODE/story?seat=N|all, room.h), for the
 * browser's replay viewer: the protocol's story (partyfood/story.h), the
 * page's own for games kept on the device, with the room's seating. */
#include "partyfood/story.h"
#include "server/room_parts.h"

cJSON *pf_room_story(const pf_room *r, int seat, pf_error *err)
{
    if (!r->table || !pf_table_over(r->table, NULL)) {
        pf_error_set(err, PF_E_BAD_REQUEST,
                     "the story tells every hidden piece: it is given once the game is over");
        return NULL;
    }
    pf_seating s;
    pf_table_options to;
    pf_room_seating(r, &s, &to);
    cJSON *o = pf_story(pf_table_match(r->table), &s, seat < 0 ? PF_SEAT_GOD : seat);
    if (!o)
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
    return o;
}
