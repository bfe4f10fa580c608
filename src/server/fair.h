/* fair.h: a queue that serves its owners in turn (src/server/, a helper
 * below the room).
 *
 * The hints' worker takes its jobs from one: each owner (a room) has a
 * lane of its own, and the lanes are served round robin, one job each in
 * turn, so forty hints asked in one room wait behind each other, not in
 * front of another room's one. A lane holds at most a given number of
 * jobs; the queue knows nothing of what its items are. Not locked: its
 * user holds its own lock around it. */
#ifndef PF_SERVER_FAIR_H
#define PF_SERVER_FAIR_H

#include <stdbool.h>

/* What a queued thing starts with (its owner set by the queue). */
typedef struct pf_fair_item {
    struct pf_fair_item *next;
    void *owner;
} pf_fair_item;

typedef struct pf_fair_lane pf_fair_lane;

typedef struct pf_fair {
    pf_fair_lane *head, *tail; /* the lanes with items, the next to serve first */
} pf_fair;

typedef enum pf_fair_put {
    PF_FAIR_PUT,    /* queued */
    PF_FAIR_FULL,   /* owner's lane holds its most already */
    PF_FAIR_MEMORY, /* no memory for a new lane */
} pf_fair_put;

/* Queues it at the end of owner's lane, which holds at most most items. */
pf_fair_put pf_fair_push(pf_fair *f, pf_fair_item *it, void *owner, int most);
/* The first item of the lane whose turn it is (that lane then waits for
 * every other's turn); NULL when the queue is empty. */
pf_fair_item *pf_fair_pop(pf_fair *f);
/* How many items owner's lane holds. */
int pf_fair_count(const pf_fair *f, const void *owner);

#endif
