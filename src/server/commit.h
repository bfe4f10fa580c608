/* commit.h: the server's group commit (src/server/).
 *
 * The changes of every room made during one turn of the event loop wait
 * here; at the end of the turn they are written in one transaction (one
 * fsync for all of them), and only then is anybody told of them. A commit
 * that fails leaves every room in it as it was, and each requester gets
 * the error. */
#ifndef PF_SERVER_COMMIT_H
#define PF_SERVER_COMMIT_H

#include "server/room.h"

/* r has its first change waiting (r->told was empty). */
void pf_commit_add(pf_room *r);
/* Writes every waiting change in one transaction, then tells each room
 * (pf_room_committed). Called by the loop after each turn. */
void pf_commit_flush(pf_store *s);

#endif
