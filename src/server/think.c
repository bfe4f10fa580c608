/* think.c: the bots' worker thread (think.h). One worker: the machine the
 * server is sized for has two cores, one for the loop. Jobs are taken in
 * the order they came; each is one pf_table_bot_next (or one request) on
 * the job's own copy of the game, which touches nothing shared.
 *
 * PF_SERVE_TEST_BOT_GATE=PATH (tests only) holds every job until PATH
 * exists: a test sees what the loop does while a bot thinks, without
 * racing the clock. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/think.h"

/* A bot's search (c NULL), or a request answered over t. */
typedef struct job {
    struct job *next;
    void *owner;
    pf_table *t;
    uint64_t version;
    void *tag;
    const pf_command *c;
    cJSON *req;
    int seat;
    char *answer;
} job;

typedef struct queue {
    job *head, *tail;
} queue;

struct pf_worker {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    queue todo, done;
    int pending;
    bool stop;
    pthread_t thread;
    void (*wake)(void *arg);
    void *wake_arg;
    const char *gate;
};

static void push(queue *q, job *j)
{
    j->next = NULL;
    if (q->tail)
        q->tail->next = j;
    else
        q->head = j;
    q->tail = j;
}

static job *pop(queue *q)
{
    job *j = q->head;
    if (j && !(q->head = j->next))
        q->tail = NULL;
    return j;
}

/* The test gate: waits until its file exists or the worker stops. */
static void gate(pf_worker *w)
{
    while (w->gate && access(w->gate, F_OK) != 0) {
        pthread_mutex_lock(&w->mu);
        bool stop = w->stop;
        pthread_mutex_unlock(&w->mu);
        if (stop)
            return;
        usleep(10000);
    }
}

static void *worker(void *arg)
{
    pf_worker *w = arg;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->todo.head && !w->stop)
            pthread_cond_wait(&w->cv, &w->mu);
        if (w->stop)
            break;
        job *j = pop(&w->todo);
        pthread_mutex_unlock(&w->mu);
        gate(w);
        if (j->c) {
            pf_session s;
            pf_session_init(&s);
            pf_session_bind(&s, j->seat);
            s.table = j->t;
            j->answer = pf_session_run(&s, j->c, j->req, j->seat);
            s.table = NULL; /* the job's: freed with it */
        } else {
            int seat;
            int64_t at;
            pf_table_bot_next(j->t, &seat, &at); /* the search; its answer stays in t */
        }
        pthread_mutex_lock(&w->mu);
        push(&w->done, j);
        pthread_mutex_unlock(&w->mu);
        w->wake(w->wake_arg);
        pthread_mutex_lock(&w->mu);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

pf_worker *pf_worker_start(void (*wake)(void *arg), void *arg, pf_error *err)
{
    pf_worker *w = calloc(1, sizeof *w);
    if (!w) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    w->wake = wake, w->wake_arg = arg;
    w->gate = getenv("PF_SERVE_TEST_BOT_GATE");
    if (pthread_create(&w->thread, NULL, worker, w) != 0) {
        free(w);
        pf_error_set(err, PF_E_IO, "cannot start the bots' thread");
        return NULL;
    }
    return w;
}

static pf_err submit(pf_worker *w, const job *from, pf_error *err)
{
    if (w->stop) /* (read on the loop, the only one to write it) */
        return pf_error_set(err, PF_E_IO, "the server is stopping");
    job *j = malloc(sizeof *j);
    if (!j)
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    *j = *from;
    pthread_mutex_lock(&w->mu);
    push(&w->todo, j);
    w->pending++;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    return PF_E_OK;
}

pf_err pf_worker_think(pf_worker *w, void *owner, pf_table *t, uint64_t version, pf_error *err)
{
    return submit(w, &(job){.owner = owner, .t = t, .version = version}, err);
}

pf_err pf_worker_ask(pf_worker *w, void *owner, void *tag, pf_table *t, const pf_command *c,
                     cJSON *req, int seat, pf_error *err)
{
    return submit(w, &(job){.owner = owner, .t = t, .tag = tag, .c = c, .req = req, .seat = seat},
                  err);
}

static void job_free(job *j)
{
    pf_table_destroy(j->t);
    cJSON_Delete(j->req);
    free(j->answer);
    free(j);
}

void pf_worker_collect(pf_worker *w, pf_think_done_fn *done, pf_think_answer_fn *answered)
{
    pthread_mutex_lock(&w->mu);
    queue q = w->done;
    w->done = (queue){0};
    pthread_mutex_unlock(&w->mu);
    for (job *j; (j = pop(&q));) {
        pthread_mutex_lock(&w->mu);
        w->pending--;
        pthread_mutex_unlock(&w->mu);
        if (j->c) {
            answered(j->owner, j->tag, j->answer, j->t);
            j->answer = NULL;
            job_free(j);
        } else {
            done(j->owner, j->t, j->version);
            free(j);
        }
    }
}

int pf_worker_pending(pf_worker *w)
{
    pthread_mutex_lock(&w->mu);
    int n = w->pending;
    pthread_mutex_unlock(&w->mu);
    return n;
}

void pf_worker_stop(pf_worker *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    bool stopped = w->stop;
    w->stop = true;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    if (!stopped)
        pthread_join(w->thread, NULL);
    queue *qs[] = {&w->todo, &w->done};
    for (int i = 0; i < 2; i++)
        for (job *j; (j = pop(qs[i]));)
            job_free(j);
    w->pending = 0;
}

void pf_worker_free(pf_worker *w)
{
    if (!w)
        return;
    pf_worker_stop(w);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w);
}
