/* think.h: the bots' searches off the event loop (src/server/).
 *
 * A turn-based bot's move can take a search of thousands of iterations (the
 * levels' budgets, docs/bots.md): it runs on a worker thread, on a copy of
 * the game, so the loop serves the other rooms meanwhile. The copy comes
 * back to the loop with its move found (pf_table_bot_next's answer, kept in
 * it); the room plays it as a change of its own, unless its game moved. */
#ifndef PF_SERVER_THINK_H
#define PF_SERVER_THINK_H

#include <stdint.h>

#include "partyfood/table.h"

/* Starts the worker; wake() is called from it when a search is done (it
 * must be safe from another thread: lws_cancel_service). */
pf_err pf_think_start(void (*wake)(void), pf_error *err);
/* Hands t (owned from now on) to the worker, for owner's game at version. */
pf_err pf_think_submit(void *owner, pf_table *t, uint64_t version, pf_error *err);
/* On the loop: calls done for every search finished (done owns t). */
typedef void pf_think_done_fn(void *owner, pf_table *t, uint64_t version);
void pf_think_collect(pf_think_done_fn *done);
/* How many searches wait or run. */
int pf_think_pending(void);
/* Stops the worker after its search in progress; what was not collected is
 * dropped (the rooms think again after a restart). */
void pf_think_stop(void);

#endif
