/* ext.h: a bot that is another program, seated by `partyfood sim --seats
 * ext:COMMAND` (the sim layer; the exchange is in docs/bots.md).
 *
 * The program is started once per worker thread and plays game after game:
 * at each of its decisions it reads one JSON line (its seat's view, its
 * legal actions by name, and the events its seat saw since it was last
 * asked) and writes one line with the action it plays. It never sees
 * anything its seat may not: the line is made of the seat's observation
 * and of the events pf_event_visible lets through. */
#ifndef PF_SIM_EXT_H
#define PF_SIM_EXT_H

#include "partyfood/bot.h"

#define PF_SIM_EXT_PREFIX "ext:"
#define PF_SIM_EXT_TIMEOUT_MS 10000 /* default time for one answer */

typedef struct pf_sim_ext pf_sim_ext;

/* Starts COMMAND through /bin/sh, its standard input and output a socket
 * to us (its standard error is ours). `name` (the --seats entry) names it
 * in messages. NULL with err set when it cannot be started. */
pf_sim_ext *pf_sim_ext_start(const char *command, const char *name, int timeout_ms,
                             pf_error *err);
/* Closes its input, gives it a moment to exit, then kills it. NULL is fine. */
void pf_sim_ext_stop(pf_sim_ext *x);

/* Plays st (initialized, with the events of its setup in setup) to its end
 * as pf_bots_play does, except that a seat whose ext[seat] is not NULL is
 * played by that program. `match` numbers the game for the programs.
 * Returns the number of actions, PF_BOTS_STUCK or PF_BOTS_ILLEGAL (a
 * built-in bot), or PF_SIM_EXT_FAILED with err saying what the program did
 * (no answer in time, an answer that is no legal action, an exit). */
#define PF_SIM_EXT_FAILED (-3)
int pf_sim_ext_play(const pf_game *g, void *st, int seats, const pf_bot_def *const *bots,
                    pf_sim_ext *const *ext, const pf_events *setup, uint64_t seed, long match,
                    pf_error *err);

#endif
