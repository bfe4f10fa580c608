/* push.h: what a room pushes to a seat, the parts made of its table
 * (docs/server.md, "Pushes"), written as JSON text (json_write.h). The
 * server's rooms (src/server/tell.c) and the page's solo rooms (solo.h, in
 * the WebAssembly module) both write them here, so a game in the page and
 * a game on the server are told to the page in the same words. */
#ifndef PARTYFOOD_PUSH_H
#define PARTYFOOD_PUSH_H

#include <stdint.h>

#include "partyfood/json_write.h"
#include "partyfood/table.h"

/* The members of the progress every sync and steps push carries: the
 * protocol's ("to_act", "over", "results", "step_count"), then "clock"
 * (the room's game clock, ms) and, with a turn timer, "deadline". */
void pf_push_progress(pf_jw *w, const pf_table *t, int64_t clock);

/* The members "view" (seat's; a spectator's: the public one) and "legal"
 * (seat's legal actions; [] for a spectator). */
void pf_push_view_legal(pf_jw *w, const pf_table *t, int seat);

/* Every event of t's log that seat may see, each with its "step", their
 * texts read with names: a sync's "log". */
void pf_push_log(pf_jw *w, const pf_table *t, int seat, const pf_seat_names *names);

/* The members of a sync's game part for seat: the progress, "view",
 * "legal" and "log". */
void pf_push_sync_game(pf_jw *w, const pf_table *t, int seat, int64_t clock,
                       const pf_seat_names *names);

/* A whole steps push for seat: {"push":"steps","steps":STEPS (the len
 * bytes of JSON at steps: the steps as seat heard them),"view","legal",
 * then the progress}. */
void pf_push_steps(pf_jw *w, const char *steps, size_t len, const pf_table *t, int seat,
                   int64_t clock);

#endif
