/* commit.h: the server's group commit (src/server/, a helper below the
 * room).
 *
 * The changes of every room wait here; after each turn of the event loop
 * those waiting are sealed into one batch and written in one transaction
 * (one fsync for all of them) by the committer thread, on its own
 * connection to the database, while the loop serves on. Only once the
 * batch is durable is anybody told of its changes. A commit that fails
 * leaves every room in it as it was (with every change made since on top
 * of it), and each requester gets the error. One batch is written at a
 * time: what comes meanwhile waits for the next.
 *
 * The committer knows nothing of rooms: each owner of changes (a room)
 * holds an entry with two callbacks, as the bots' worker takes its owners'
 * (think.h). */
#ifndef PF_SERVER_COMMIT_H
#define PF_SERVER_COMMIT_H

#include <stdbool.h>

#include "server/metrics.h"
#include "server/store.h"

typedef struct pf_committer pf_committer;
typedef struct pf_commit_batch pf_commit_batch;
typedef struct pf_commit_entry pf_commit_entry;

struct pf_commit_entry {
    /* The owner's, set before pf_commit_add. seal: the owner's changes
     * waiting go into the batch (pf_commit_put), and are in flight from now
     * on. done: that batch is over; failed is NULL when it is durable, else
     * why not (PF_E_ELSEWHERE: another node took the room). */
    void (*seal)(pf_commit_entry *e, pf_commit_batch *b);
    void (*done)(pf_commit_entry *e, const pf_error *failed);
    /* The committer's. */
    pf_commit_entry *next_waiting, *next_inflight;
    bool waiting, lost;
};

/* Opens the committer's handle on store, the database at path (with
 * waits: store.h, NULL for the defaults; pf_store_twin), and starts its
 * thread; wake(arg) is called from that thread when a batch is done (it
 * must be safe there: lws_cancel_service). metrics counts the commits (may
 * be NULL). NULL with err set when it cannot start. */
pf_committer *pf_commit_start(pf_store *store, const char *path, const pf_store_waits *waits,
                              void (*wake)(void *arg), void *arg, pf_metrics *metrics,
                              pf_error *err);
/* e has changes for the next batch (once per batch: a no-op when it is
 * waiting already). */
void pf_commit_add(pf_committer *c, pf_commit_entry *e);
/* From a seal callback: one of e's changes (the steps stay the owner's
 * until its done). */
void pf_commit_put(pf_commit_batch *b, pf_commit_entry *e, const pf_store_change *change);
/* On the loop, after each turn: ends a batch that is done (the owners'
 * done callbacks), and hands the changes waiting to the committer when it
 * is free. */
void pf_commit_flush(pf_committer *c);
/* Whether changes wait or are in flight. */
bool pf_commit_busy(pf_committer *c);
/* Commits what is in flight and what waits (a clean stop), then stops the
 * committer: changes made after that are never written, nor told. */
void pf_commit_stop(pf_committer *c);
/* Stops it if it was not, and frees it. */
void pf_commit_free(pf_committer *c);

#endif
