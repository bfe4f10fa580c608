/* commit.c: the group commit (commit.h). The entries with changes waiting
 * are kept in the order they changed; sealing a batch gives the committer
 * one array of every change of every entry, and its end calls the entries
 * back in the same order. An entry can be in both lists at once (a change
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

typedef struct list {
    pf_commit_entry *first, *last;
} list;

struct pf_commit_batch {
    pf_store_change *change;
    pf_commit_entry **of; /* the entry of each change */
    int n, cap, actions;
    bool failed; /* memory ran out while sealing */
};

struct pf_committer {
    list waiting;  /* the loop's: entries with changes for the next batch */
    list inflight; /* the batch's entries, the loop's while it is not busy */
    pf_commit_batch batch;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool busy, done, stop; /* busy: a batch is the committer's */
    pf_err e;
    pf_error err;
    double seconds;
    pf_store *store; /* the committer's handle (pf_store_twin) */
    pthread_t thread;
    void (*wake)(void *arg);
    void *wake_arg;
    pf_metrics *metrics;
    int delay_ms; /* the test delay */
};

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The committer's: commits the batch; an entry whose room another node
 * took (its part refused: shared store) is left out and marked lost, and
 * the rest committed again. */
static pf_err commit(pf_committer *c, pf_error *err)
{
    pf_commit_batch *b = &c->batch;
    int n = b->n, lost;
    pf_err e;
    while ((e = pf_store_commit(c->store, b->change, n, &lost, err)) == PF_E_ELSEWHERE) {
        pf_commit_entry *gone = b->of[lost];
        gone->lost = true;
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (b->of[i] != gone)
                b->change[kept] = b->change[i], b->of[kept++] = b->of[i];
        n = kept;
    }
    return e;
}

static void *committer(void *arg)
{
    pf_committer *c = arg;
    pthread_mutex_lock(&c->mu);
    for (;;) {
        while (!(c->busy && !c->done) && !c->stop)
            pthread_cond_wait(&c->cv, &c->mu);
        if (!(c->busy && !c->done))
            break;
        pthread_mutex_unlock(&c->mu);
        double t0 = seconds();
        if (c->delay_ms > 0)
            usleep((useconds_t)c->delay_ms * 1000);
        pf_error err;
        pf_err e = commit(c, &err);
        double took = seconds() - t0;
        pthread_mutex_lock(&c->mu);
        c->e = e, c->err = err, c->seconds = took;
        c->done = true;
        pthread_cond_broadcast(&c->cv);
        pthread_mutex_unlock(&c->mu);
        c->wake(c->wake_arg);
        pthread_mutex_lock(&c->mu);
    }
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

pf_committer *pf_commit_start(pf_store *store, const char *path, const pf_store_waits *waits,
                              void (*wake)(void *arg), void *arg, pf_metrics *metrics,
                              pf_error *err)
{
    pf_committer *c = calloc(1, sizeof *c);
    if (!c) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    if (!(c->store = pf_store_twin(store, path, waits, err))) {
        free(c);
        return NULL;
    }
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv, NULL);
    c->wake = wake, c->wake_arg = arg, c->metrics = metrics;
    const char *delay = getenv("PF_SERVE_TEST_COMMIT_DELAY_MS");
    c->delay_ms = delay ? atoi(delay) : 0;
    if (pthread_create(&c->thread, NULL, committer, c) != 0) {
        pf_store_close(c->store);
        free(c);
        pf_error_set(err, PF_E_IO, "cannot start the committer thread");
        return NULL;
    }
    return c;
}

void pf_commit_add(pf_committer *c, pf_commit_entry *e)
{
    if (e->waiting)
        return;
    e->waiting = true;
    e->next_waiting = NULL;
    if (c->waiting.last)
        c->waiting.last->next_waiting = e;
    else
        c->waiting.first = e;
    c->waiting.last = e;
}

void pf_commit_put(pf_commit_batch *b, pf_commit_entry *e, const pf_store_change *change)
{
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 64;
        pf_store_change *ch = realloc(b->change, (size_t)cap * sizeof *ch);
        if (ch)
            b->change = ch;
        pf_commit_entry **of = ch ? realloc(b->of, (size_t)cap * sizeof *of) : NULL;
        if (!of) {
            b->failed = true;
            return;
        }
        b->of = of, b->cap = cap;
    }
    b->of[b->n] = e;
    b->change[b->n++] = *change;
    for (int k = 0; k < change->nsteps; k++)
        b->actions += !change->steps[k].undo;
}

/* The batch that is done: each entry hears how it went, in order. */
static void finish(pf_committer *c)
{
    pf_err e = c->e;
    pf_error err = c->err;
    if (c->metrics)
        pf_metrics_commit(c->metrics, c->seconds, e ? 0 : c->batch.actions, e != PF_E_OK);
    if (e)
        fprintf(stderr, "partyfood serve: a commit of %d changes failed: %s\n", c->batch.n,
                err.msg);
    pf_error lost;
    pf_error_set(&lost, PF_E_ELSEWHERE,
                 "another server node took this room over: reconnect to play on");
    pf_commit_entry *first = c->inflight.first;
    c->inflight = (list){0};
    c->batch.n = c->batch.actions = 0;
    c->batch.failed = false;
    for (pf_commit_entry *en = first, *next; en; en = next) {
        next = en->next_inflight;
        en->next_inflight = NULL;
        bool gone = en->lost;
        en->lost = false;
        en->done(en, gone ? &lost : e ? &err : NULL);
    }
}

/* Seals what waits into a batch for the committer. */
static void seal(pf_committer *c)
{
    pf_commit_entry *first = c->waiting.first;
    c->waiting = (list){0};
    for (pf_commit_entry *en = first, *next; en; en = next) {
        next = en->next_waiting;
        en->next_waiting = NULL;
        en->waiting = false;
        int before = c->batch.n;
        en->seal(en, &c->batch);
        if (c->batch.n == before && !c->batch.failed)
            continue; /* its changes were dropped by a failed commit */
        if (c->inflight.last)
            c->inflight.last->next_inflight = en;
        else
            c->inflight.first = en;
        c->inflight.last = en;
    }
    if (!c->inflight.first)
        return;
    if (c->batch.failed) {
        c->e = pf_error_set(&c->err, PF_E_NO_MEMORY, NULL);
        c->seconds = 0;
        finish(c);
        return;
    }
    pthread_mutex_lock(&c->mu);
    c->busy = true;
    c->done = false;
    pthread_cond_broadcast(&c->cv);
    pthread_mutex_unlock(&c->mu);
}

void pf_commit_flush(pf_committer *c)
{
    if (c->stop) /* what comes after the stop is never written, nor told */
        return;
    pthread_mutex_lock(&c->mu);
    bool busy = c->busy, done = c->done;
    pthread_mutex_unlock(&c->mu);
    if (busy && !done)
        return;
    if (busy) {
        pthread_mutex_lock(&c->mu);
        c->busy = false; /* the committer waits for the next batch */
        pthread_mutex_unlock(&c->mu);
        finish(c);
    }
    if (c->waiting.first)
        seal(c);
}

bool pf_commit_busy(pf_committer *c)
{
    pthread_mutex_lock(&c->mu);
    bool busy = c->busy;
    pthread_mutex_unlock(&c->mu);
    return busy || c->waiting.first;
}

void pf_commit_stop(pf_committer *c)
{
    if (!c || c->stop)
        return;
    for (;;) { /* the batch in flight, then what waits */
        pthread_mutex_lock(&c->mu);
        while (c->busy && !c->done)
            pthread_cond_wait(&c->cv, &c->mu);
        pthread_mutex_unlock(&c->mu);
        pf_commit_flush(c);
        if (!pf_commit_busy(c))
            break;
    }
    pthread_mutex_lock(&c->mu);
    c->stop = true;
    pthread_cond_broadcast(&c->cv);
    pthread_mutex_unlock(&c->mu);
    pthread_join(c->thread, NULL);
}

void pf_commit_free(pf_committer *c)
{
    if (!c)
        return;
    pf_commit_stop(c);
    pf_store_close(c->store);
    free(c->batch.change);
    free(c->batch.of);
    pthread_mutex_destroy(&c->mu);
    pthread_cond_destroy(&c->cv);
    free(c);
}
