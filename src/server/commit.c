/* commit.c: the group commit (commit.h). The rooms with changes waiting
 * are kept in the order they changed; a flush gives the store one batch of
 * every change of every room, then answers the rooms in the same order. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "server/commit.h"
#include "server/metrics.h"

static pf_room *first, *last;

void pf_commit_add(pf_room *r)
{
    r->dirty_next = NULL;
    if (last)
        last->dirty_next = r;
    else
        first = r;
    last = r;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Commits batch[0..n), whose changes are of rooms of[0..n); a room whose
 * lease another node took (its part refused) is left out and the rest
 * committed again. Each refused room's *refused is set. */
static pf_err commit(pf_store *s, pf_store_change *batch, pf_room **of, int n, pf_error *err)
{
    int lost;
    pf_err e;
    while ((e = pf_store_commit(s, batch, n, &lost, err)) == PF_E_ELSEWHERE) {
        pf_room *gone = of[lost];
        gone->lease_lost = true;
        pf_server_log("lost", gone, "reason=commit");
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (of[i] != gone)
                batch[kept] = batch[i], of[kept++] = of[i];
        n = kept;
    }
    return e;
}

void pf_commit_flush(pf_store *s)
{
    pf_room *rooms = first;
    first = last = NULL; /* what the answers change goes in the next batch */
    if (!rooms)
        return;
    int n = 0, actions = 0;
    for (pf_room *r = rooms; r; r = r->dirty_next)
        for (pf_told *t = r->told; t; t = t->next)
            n++;
    pf_store_change *batch = malloc((size_t)n * sizeof *batch);
    pf_room **of = malloc((size_t)n * sizeof *of);
    pf_error err, lost_err;
    pf_err e;
    if (!batch || !of) {
        e = pf_error_set(&err, PF_E_NO_MEMORY, NULL);
    } else {
        int i = 0;
        for (pf_room *r = rooms; r; r = r->dirty_next)
            for (pf_told *t = r->told; t; t = t->next) {
                of[i] = r;
                batch[i++] = (pf_store_change){r->code, t->steps, t->nsteps, t->finished,
                                               r->lease.node ? &r->lease : NULL};
                for (int k = 0; k < t->nsteps; k++)
                    actions += !t->steps[k].undo;
            }
        double t0 = seconds();
        e = commit(s, batch, of, n, &err);
        pf_metrics_commit(seconds() - t0, e ? 0 : actions, e != PF_E_OK);
    }
    free(batch);
    free(of);
    if (e)
        fprintf(stderr, "partyfood serve: a commit of %d changes failed: %s\n", n, err.msg);
    pf_error_set(&lost_err, PF_E_ELSEWHERE,
                 "another server node took this room over: reconnect to play on");
    for (pf_room *r = rooms, *next; r; r = next) {
        next = r->dirty_next;
        r->dirty_next = NULL;
        pf_room_committed(r, r->lease_lost ? &lost_err : e ? &err : NULL);
    }
}
