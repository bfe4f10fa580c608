/* commit.h: the server's group commit (src/server/).
 *
 * The changes of every room wait here; after each turn of the event loop
 * those waiting are sealed into one batch and written in one transaction
 * (one fsync for all of them) by the committer thread, on its own
 * connection to the database, while the loop serves on. Only once the
 * batch is durable is anybody told of its changes. A commit that fails
 * leaves every room in it as it was (with every change made since on top
 * of it), and each requester gets the error. One batch is written at a
 * time: what comes meanwhile waits for the next. */
#ifndef PF_SERVER_COMMIT_H
#define PF_SERVER_COMMIT_H

#include "server/room.h"

/* Opens the committer's connection to the database at path and starts it;
 * wake() is called from its thread when a batch is done (lws_cancel_service). */
pf_err pf_commit_start(const char *path, void (*wake)(void), pf_error *err);
/* r has a change for the next batch (r->queued was false). */
void pf_commit_add(pf_room *r);
/* On the loop, after each turn: tells the rooms of a batch that is done,
 * and hands the waiting changes to the committer when it is free. */
void pf_commit_flush(void);
/* Commits what is in flight and what waits (a clean stop), then stops the
 * committer. */
void pf_commit_stop(void);

#endif
