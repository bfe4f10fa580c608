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
/* Hands t (owned from now on) and a read-only request of the engine
 * protocol (the len bytes at msg, NUL after them) to the worker, answered
 * there as a session bound to seat answers it: a hint ("plan") may search
 * as long as a bot's move. tag comes back with the answer. */
pf_err pf_think_ask(void *owner, void *tag, pf_table *t, int seat, const char *msg, size_t len,
                    pf_error *err);
/* On the loop: calls done for every search finished (done owns t), and
 * answered for every request answered (answered owns the answer, NULL when
 * memory ran out). */
typedef void pf_think_done_fn(void *owner, pf_table *t, uint64_t version);
typedef void pf_think_answer_fn(void *owner, void *tag, char *answer);
void pf_think_collect(pf_think_done_fn *done, pf_think_answer_fn *answered);
/* How many searches and requests wait or run. */
int pf_think_pending(void);
/* Stops the worker after its search in progress; what was not collected is
 * dropped (the rooms think again after a restart). */
void pf_think_stop(void);

#endif
