/* skill_meter.h: a person's skill numbers read off a meter (ruling C-4;
 * docs/server.md "Skill by meter"), for a room that keeps the meter's clock
 * itself: a solo room (solo.h). A toss's p (Yummy Yummy Pancake) or a
 * stack's offset (Paku Paku) is the value the meter showed when the person
 * stopped it: the room issues a meter, the page says after how many ms the
 * person stopped it, and the room checks that time and reads the number.
 * The kinds, periods, values and checks are the server's (src/server/meter.c)
 * word for word, so a person meets one meter everywhere. */
#ifndef PARTYFOOD_SKILL_METER_H
#define PARTYFOOD_SKILL_METER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "partyfood/match.h"

/* A seat's meter, the latest it asked for; all zero: none. */
typedef struct pf_skill_meter {
    char id[17];
    int64_t issued; /* the room's clock */
    bool used;
} pf_skill_meter;

/* Answers {"cmd":"meter"} for seat at the room's time now (ms; clock: the
 * game clock then, sent as "issued"): a new meter in *mt when the seat has
 * a skill action now. The answer's text (NULL: memory ran out). */
char *pf_skill_meter_issue(pf_skill_meter *mt, const pf_match *m, int seat, const cJSON *req,
                           int64_t now, int64_t clock);

/* When req (an "act") carries "meter": the action it names with the
 * meter's number, into name (n bytes), the stop checked as the server
 * checks it (bad_meter, bad_action), the meter used up either way. 0 with
 * name empty when req has no meter. */
pf_err pf_skill_meter_action(pf_skill_meter *mt, const pf_match *m, const cJSON *req,
                             int64_t now, char *name, size_t n, pf_error *err);

#endif
