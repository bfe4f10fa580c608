/* skill_meter.h: a person's skill numbers read off a meter (ruling C-4;
 * docs/server.md "Skill by meter"), for a room that keeps the meter's clock
 * itself: a solo room (solo.h). A toss's p (Yummy Yummy Pancake) or a
 * stack's offset (Paku Paku) is the value the meter showed when the person
 * stopped it: the room issues a meter, the page says after how many ms the
 * person stopped it, and the room checks that time and reads the number.
 * The server's rooms (src/server/meter.c) open and stop their meters with
 * the calls below too, so a person meets one meter everywhere. */
#ifndef PARTYFOOD_SKILL_METER_H
#define PARTYFOOD_SKILL_METER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "partyfood/match.h"

#define PF_METER_REACTION_MS 100 /* no person stops a meter sooner after seeing it */
#define PF_METER_TOLERANCE_MS 25 /* a stop this much past the room's own time is let in */
#define PF_METER_LAG_CAP_MS 500  /* the most the way to the room may take off a stop */
#define PF_METER_TTL_MS 60000    /* a meter unused this long has expired */

/* A seat's meter, the latest it asked for; all zero: none. */
typedef struct pf_skill_meter {
    char id[17];
    int64_t issued; /* the room's clock */
    bool used;
} pf_skill_meter;

/* A new meter in *mt for seat at the room's time now, when m's game has
 * skill numbers, is on, and seat has a skill action now; its kind ("toss",
 * "swing") and period into *kind and *period_ms. */
pf_err pf_skill_meter_open(pf_skill_meter *mt, const pf_match *m, int seat, int64_t now,
                           const char **kind, int *period_ms, pf_error *err);

/* True when name is an action of m carrying a skill number. */
bool pf_skill_action_named(const pf_match *m, const char *name);

/* The act `action` (a skill action named without its number) stopped on
 * the meter of an act's "meter" ({"id","stop_ms"}) at the room's time now:
 * the action with the meter's number into name (n bytes), the stop checked
 * (bad_meter, late_meter, bad_action), the meter used up either way. */
pf_err pf_skill_meter_stop(pf_skill_meter *mt, const pf_match *m, const char *action,
                           const cJSON *meter, int64_t now, char *name, size_t n, pf_error *err);

/* Answers {"cmd":"meter"} for seat at the room's time now (ms; clock: the
 * game clock then, sent as "issued"): a new meter in *mt when the seat has
 * a skill action now. The answer's text (NULL: memory ran out). */
char *pf_skill_meter_issue(pf_skill_meter *mt, const pf_match *m, int seat, const cJSON *req,
                           int64_t now, int64_t clock);

/* When req (an "act") carries "meter": the action it names with the
 * meter's number, into name (n bytes), the stop checked as the server
 * checks it (bad_meter, late_meter, bad_action), the meter used up either
 * way. 0 with name empty when req has no meter. */
pf_err pf_skill_meter_action(pf_skill_meter *mt, const pf_match *m, const cJSON *req,
                             int64_t now, char *name, size_t n, pf_error *err);

#endif
