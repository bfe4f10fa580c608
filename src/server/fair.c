/* fair.c: a queue that serves its owners in turn (fair.h). The lanes are
 * a list in serving order, looked through to find an owner's: only owners
 * with items waiting have one, a few rooms at a time. */
#include <stdlib.h>

#include "server/fair.h"

struct pf_fair_lane {
    pf_fair_lane *next;
    void *owner;
    pf_fair_item *head, *tail;
    int count;
};

static pf_fair_lane *lane_of(const pf_fair *f, const void *owner)
{
    pf_fair_lane *l = f->head;
    while (l && l->owner != owner)
        l = l->next;
    return l;
}

/* Puts l at the back of the serving order. */
static void to_back(pf_fair *f, pf_fair_lane *l)
{
    l->next = NULL;
    if (f->tail)
        f->tail->next = l;
    else
        f->head = l;
    f->tail = l;
}

pf_fair_put pf_fair_push(pf_fair *f, pf_fair_item *it, void *owner, int most)
{
    pf_fair_lane *l = lane_of(f, owner);
    if (l && l->count >= most)
        return PF_FAIR_FULL;
    if (!l) {
        if (most < 1)
            return PF_FAIR_FULL;
        if (!(l = calloc(1, sizeof *l)))
            return PF_FAIR_MEMORY;
        l->owner = owner;
        to_back(f, l);
    }
    it->next = NULL;
    it->owner = owner;
    if (l->tail)
        l->tail->next = it;
    else
        l->head = it;
    l->tail = it;
    l->count++;
    return PF_FAIR_PUT;
}

pf_fair_item *pf_fair_pop(pf_fair *f)
{
    pf_fair_lane *l = f->head;
    if (!l)
        return NULL;
    pf_fair_item *it = l->head;
    l->head = it->next;
    l->count--;
    f->head = l->next;
    if (!f->head)
        f->tail = NULL;
    if (l->head)
        to_back(f, l); /* its next turn after every other lane's */
    else
        free(l);
    it->next = NULL;
    return it;
}

int pf_fair_count(const pf_fair *f, const void *owner)
{
    const pf_fair_lane *l = lane_of(f, owner);
    return l ? l->count : 0;
}
