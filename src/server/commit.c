/* commit.c: the group commit (commit.h). The rooms with changes waiting
 * are kept in the order they changed; sealing a batch gives the committer
 * one array of every sealed change of every room, and its end answers the
 * rooms in the same order. A room can be in both lists at once (a change
 * made while its batch is in flight), so each list has its own link.
 *
 * PF_SERVE_TEST_COMMIT_DELAY_MS=N (tests only) makes every commit take N ms
 * more: changes then pile up while a batch is in flight. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "server/commit.h"
#include "server/metrics.h"

typedef struct list {
    pf_room *first, *last;
} list;

static struct {
    list next;      /* the loop's: rooms with changes for the next batch (dirty_next) */
    list inflight;  /* the batch's rooms (inflight_next), the loop's while it is not busy */
    pf_store_change *batch;
    pf_room **of;   /* the room of each change of the batch */
    pf_room **gone; /* rooms whose lease another node took (the committer's) */
    int n, ngone, actions;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool busy, done, stop, started; /* busy: a batch is the committer's */
    pf_err e;
    pf_error err;
    double seconds;
    pf_store *store; /* the committer's own connection */
    pthread_t thread;
    void (*wake)(void);
    int delay_ms; /* the test delay */
} c = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The committer's: commits the batch; a room whose lease another node
 * took (its part refused: shared store) is left out, the rest committed
 * again, and the loop hears of it in c.gone. */
static pf_err commit(pf_error *err)
{
    int n = c.n, lost;
    pf_err e;
    c.ngone = 0;
    while ((e = pf_store_commit(c.store, c.batch, n, &lost, err)) == PF_E_ELSEWHERE) {
        pf_room *gone = c.of[lost];
        c.gone[c.ngone++] = gone;
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (c.of[i] != gone)
                c.batch[kept] = c.batch[i], c.of[kept++] = c.of[i];
        n = kept;
    }
    return e;
}

static void *committer(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&c.mu);
    for (;;) {
        while (!(c.busy && !c.done) && !c.stop)
            pthread_cond_wait(&c.cv, &c.mu);
        if (!(c.busy && !c.done))
            break;
        pthread_mutex_unlock(&c.mu);
        double t0 = seconds();
        if (c.delay_ms > 0)
            usleep((useconds_t)c.delay_ms * 1000);
        pf_error err;
        pf_err e = commit(&err);
        double took = seconds() - t0;
        pthread_mutex_lock(&c.mu);
        c.e = e, c.err = err, c.seconds = took;
        c.done = true;
        pthread_cond_broadcast(&c.cv);
        pthread_mutex_unlock(&c.mu);
        c.wake();
        pthread_mutex_lock(&c.mu);
    }
    pthread_mutex_unlock(&c.mu);
    return NULL;
}

pf_err pf_commit_start(const char *path, void (*wake)(void), pf_error *err)
{
    if (!(c.store = pf_store_open(path, err)))
        return err->code;
    c.wake = wake;
    c.stop = false;
    const char *delay = getenv("PF_SERVE_TEST_COMMIT_DELAY_MS");
    c.delay_ms = delay ? atoi(delay) : 0;
    if (pthread_create(&c.thread, NULL, committer, NULL) != 0) {
        pf_store_close(c.store);
        return pf_error_set(err, PF_E_IO, "cannot start the committer thread");
    }
    c.started = true;
    return PF_E_OK;
}

void pf_commit_add(pf_room *r)
{
    r->dirty_next = NULL;
    if (c.next.last)
        c.next.last->dirty_next = r;
    else
        c.next.first = r;
    c.next.last = r;
}

/* The batch that is done: each room hears how it went. */
static void finish(void)
{
    pf_err e = c.e;
    pf_error err = c.err;
    pf_metrics_commit(c.seconds, e ? 0 : c.actions, e != PF_E_OK);
    if (e)
        fprintf(stderr, "partyfood serve: a commit of %d changes failed: %s\n", c.n, err.msg);
    pf_error lost;
    pf_error_set(&lost, PF_E_ELSEWHERE,
                 "another server node took this room over: reconnect to play on");
    for (int i = 0; i < c.ngone; i++) {
        c.gone[i]->lease_lost = true; /* let go at the next sweep */
        pf_server_log("lost", c.gone[i], "reason=commit");
    }
    c.ngone = 0;
    free(c.batch);
    free(c.of);
    free(c.gone);
    c.batch = NULL, c.of = c.gone = NULL;
    pf_room *rooms = c.inflight.first;
    c.inflight = (list){0};
    for (pf_room *r = rooms, *next; r; r = next) {
        next = r->inflight_next;
        r->inflight_next = NULL;
        pf_room_committed(r, r->lease_lost ? &lost : e ? &err : NULL);
    }
}

/* Seals what waits into a batch for the committer. */
static void seal(void)
{
    pf_room *rooms = c.next.first;
    c.next = (list){0};
    int n = 0;
    c.actions = 0;
    for (pf_room *r = rooms, *next; r; r = next) {
        next = r->dirty_next;
        r->queued = false;
        if (!r->told || r->told->sealed) /* its changes were dropped by a failed commit */
            continue;
        pf_room_seal(r);
        r->dirty_next = NULL;
        if (c.inflight.last)
            c.inflight.last->inflight_next = r;
        else
            c.inflight.first = r;
        c.inflight.last = r;
        for (pf_told *t = r->told; t; t = t->next)
            n++;
    }
    if (!n)
        return;
    pf_store_change *batch = malloc((size_t)n * sizeof *batch);
    c.of = malloc((size_t)n * sizeof *c.of);
    c.gone = malloc((size_t)n * sizeof *c.gone);
    if (!batch || !c.of || !c.gone) {
        free(batch);
        c.e = pf_error_set(&c.err, PF_E_NO_MEMORY, NULL);
        c.n = n;
        c.seconds = 0;
        finish();
        return;
    }
    int i = 0;
    for (pf_room *r = c.inflight.first; r; r = r->inflight_next)
        for (pf_told *t = r->told; t; t = t->next) {
            c.of[i] = r;
            batch[i++] = (pf_store_change){r->code, t->steps, t->nsteps, t->finished,
                                           r->lease.node ? &r->lease : NULL};
            for (int k = 0; k < t->nsteps; k++)
                c.actions += !t->steps[k].undo;
        }
    pthread_mutex_lock(&c.mu);
    c.batch = batch;
    c.n = n;
    c.busy = true;
    c.done = false;
    pthread_cond_broadcast(&c.cv);
    pthread_mutex_unlock(&c.mu);
}

void pf_commit_flush(void)
{
    pthread_mutex_lock(&c.mu);
    bool busy = c.busy, done = c.done;
    pthread_mutex_unlock(&c.mu);
    if (busy && !done)
        return;
    if (busy) {
        pthread_mutex_lock(&c.mu);
        c.busy = false; /* the committer waits for the next batch */
        pthread_mutex_unlock(&c.mu);
        finish();
    }
    if (c.next.first)
        seal();
}

void pf_commit_stop(void)
{
    if (!c.started)
        return;
    for (;;) { /* the batch in flight, then what waits */
        pthread_mutex_lock(&c.mu);
        while (c.busy && !c.done)
            pthread_cond_wait(&c.cv, &c.mu);
        pthread_mutex_unlock(&c.mu);
        pf_commit_flush();
        pthread_mutex_lock(&c.mu);
        bool idle = !c.busy;
        pthread_mutex_unlock(&c.mu);
        if (idle)
            break;
    }
    pthread_mutex_lock(&c.mu);
    c.stop = true;
    pthread_cond_broadcast(&c.cv);
    pthread_mutex_unlock(&c.mu);
    pthread_join(c.thread, NULL);
    pf_store_close(c.store);
    c.started = false;
}
