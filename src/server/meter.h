/* meter.h: a person's skill numbers by meter (ruling C-4; src/server/,
 * docs/server.md "Skill by meter"). A toss's p (Yummy Yummy Pancake) or a
 * stack's offset (Paku Paku) is never a number a client chooses: the server
 * issues a meter whose phase it keeps, the client says after how many ms
 * the person stopped it, and the server checks that time for plausibility
 * and reads the number off the meter itself. */
#ifndef PF_SERVER_METER_H
#define PF_SERVER_METER_H

#include "partyfood/skill_meter.h" /* the meter, its limits (PF_METER_*) */
#include "server/room.h"

/* Answers {"cmd":"meter"} of m (a seat's, the game on: the room's commands
 * check it): a new meter for its seat when it has a skill action now (it
 * replaces the seat's last one). */
char *pf_meter_request(pf_room *r, pf_member *m, const cJSON *req);
/* The name of the action an "act" of seat plays, into name (n bytes):
 * `action` as sent, or for a skill action stopped on a meter ("meter" in
 * req) the action with the meter's number. A skill number without a meter
 * is refused (bad_action), a meter that is not plausible too (bad_meter). */
pf_err pf_meter_action(pf_room *r, int seat, const cJSON *req, char *name, size_t n,
                       pf_error *err);

#endif
