/* push.h: what a room pushes to a seat, the parts made of its table
 * (docs/server.md, "Pushes"). The server's rooms (src/server/room.c) and
 * the page's solo rooms (solo.h, in the WebAssembly module) both build
 * them here, so a game in the page and a game on the server are told to
 * the page in the same words. */
#ifndef PARTYFOOD_PUSH_H
#define PARTYFOOD_PUSH_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "partyfood/table.h"

/* Adds to o the progress every sync and steps push carries: "to_act",
 * "over", "results" (null until over), "step_count", "clock" (the room's
 * game clock, ms) and, with a turn timer, "deadline". False when memory
 * ran out (o then holds some of them). */
bool pf_push_progress(cJSON *o, const pf_table *t, int64_t clock);

/* The events of t's log that seat may see, their texts read with names
 * (pf_proto_event): every step's, each with its "step" (step < -1: a
 * sync's "log"), or one step's without it (an act's "events", as the
 * engine answers them). NULL when memory ran out. */
cJSON *pf_push_log(const pf_table *t, int seat, int step, const pf_seat_names *names);

/* Adds to o the game part of a sync for seat: the progress, "view",
 * "legal" (seat's legal actions; [] for a spectator) and "log". */
bool pf_push_sync_game(cJSON *o, const pf_table *t, int seat, int64_t clock,
                       const pf_seat_names *names);

/* A steps push for seat: {"push":"steps","steps":steps,"view","legal",
 * then the progress}. Takes steps (the steps as seat heard them). NULL
 * when memory ran out. */
cJSON *pf_push_steps(cJSON *steps, const pf_table *t, int seat, int64_t clock);

#endif
