/* think.h: the bots' searches off the event loop (src/server/, a helper
 * below the room).
 *
 * A turn-based bot's move can take a search of thousands of iterations (the
 * levels' budgets, docs/bots.md): it runs on a worker thread, on a copy of
 * the game, so the loop serves the other rooms meanwhile. The copy comes
 * back to the loop with its move found (pf_table_bot_next's answer, kept in
 * it); the room plays it as a change of its own, unless its game moved. A
 * hint ("plan") is answered by the protocol's session over a copy, on
 * threads of its own: hints are served one owner's in turn with every
 * other's, and never delay a bot. The worker knows nothing of rooms: each
 * job has an owner, handed back with its result. */
#ifndef PF_SERVER_THINK_H
#define PF_SERVER_THINK_H

#include <stdint.h>

#include "partyfood/session.h"
#include "partyfood/table.h"

typedef struct pf_worker pf_worker;

/* The most threads for hints; the hints one owner may have waiting (not
 * yet taken by a thread) before more are refused. */
#define PF_HINT_THREADS_MAX 8
#define PF_HINTS_WAITING 8

/* Starts the worker: one thread for the bots, hint_threads (1 to
 * PF_HINT_THREADS_MAX) for the hints; wake(arg) is called from them when a
 * job is done (it must be safe from another thread: lws_cancel_service).
 * NULL with err set when it cannot start. */
pf_worker *pf_worker_start(void (*wake)(void *arg), void *arg, int hint_threads, pf_error *err);
/* Hands t (owned from now on) to the worker, for owner's game at version. */
pf_err pf_worker_think(pf_worker *w, void *owner, pf_table *t, uint64_t version, pf_error *err);
/* Hands t and req (both owned from now on, unless refused), a read-only
 * command c of the protocol admitted for seat, to the hints' threads,
 * answered there as the session answers it. tag comes back with the
 * answer. PF_E_RATE_LIMITED ("busy") when owner has PF_HINTS_WAITING
 * waiting already. */
pf_err pf_worker_ask(pf_worker *w, void *owner, void *tag, pf_table *t, const pf_command *c,
                     cJSON *req, int seat, pf_error *err);
/* On the loop: calls done for every search finished (done owns t), and
 * answered for every request answered (answered owns the answer, NULL when
 * memory ran out; t is the copy it was answered over, freed after). */
typedef void pf_think_done_fn(void *owner, pf_table *t, uint64_t version);
typedef void pf_think_answer_fn(void *owner, void *tag, char *answer, const pf_table *t);
void pf_worker_collect(pf_worker *w, pf_think_done_fn *done, pf_think_answer_fn *answered);
/* How many searches and requests wait or run. */
int pf_worker_pending(pf_worker *w);
/* Stops the worker after its job in progress; what was not collected is
 * dropped (the rooms think again after a restart), and nothing more is
 * taken. */
void pf_worker_stop(pf_worker *w);
/* Stops it if it was not, and frees it. */
void pf_worker_free(pf_worker *w);

#endif
