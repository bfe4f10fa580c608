/* think.c: the bots' worker thread (think.h). One worker: the machine the
 * server is sized for has two cores, one for the loop. Jobs are taken in
 * the order they came; each is one pf_table_bot_next on the job's own
 * copy of the game, which touches nothing shared.
 *
 * PF_SERVE_TEST_BOT_GATE=PATH (tests only) holds every search until PATH
 * exists: a test sees what the loop does while a bot thinks, without
 * racing the clock. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "partyfood/session.h"

#include "server/think.h"

/* A bot's search (msg NULL), or a request answered over t. */
typedef struct job {
    struct job *next;
    void *owner;
    pf_table *t;
    uint64_t version;
    void *tag;
    int seat;
    char *msg, *answer;
    size_t len;
} job;

typedef struct queue {
    job *head, *tail;
} queue;

static struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    queue todo, done;
    int pending;
    bool started, stop;
    pthread_t thread;
    void (*wake)(void);
    const char *gate;
} w = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

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
static void gate(void)
{
    while (w.gate && access(w.gate, F_OK) != 0) {
        pthread_mutex_lock(&w.mu);
        bool stop = w.stop;
        pthread_mutex_unlock(&w.mu);
        if (stop)
            return;
        usleep(10000);
    }
}

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&w.mu);
    for (;;) {
        while (!w.todo.head && !w.stop)
            pthread_cond_wait(&w.cv, &w.mu);
        if (w.stop)
            break;
        job *j = pop(&w.todo);
        pthread_mutex_unlock(&w.mu);
        gate();
        if (j->msg) {
            pf_session s;
            pf_session_init(&s);
            pf_session_bind(&s, j->seat);
            s.table = j->t;
            j->answer = pf_session_handle(&s, j->msg, j->len);
            s.table = NULL; /* the job's: freed with it */
        } else {
            int seat;
            int64_t at;
            pf_table_bot_next(j->t, &seat, &at); /* the search; its answer stays in t */
        }
        pthread_mutex_lock(&w.mu);
        push(&w.done, j);
        pthread_mutex_unlock(&w.mu);
        w.wake();
        pthread_mutex_lock(&w.mu);
    }
    pthread_mutex_unlock(&w.mu);
    return NULL;
}

pf_err pf_think_start(void (*wake)(void), pf_error *err)
{
    w.wake = wake;
    w.stop = false;
    w.gate = getenv("PF_SERVE_TEST_BOT_GATE");
    if (pthread_create(&w.thread, NULL, worker, NULL) != 0)
        return pf_error_set(err, PF_E_IO, "cannot start the bots' thread");
    w.started = true;
    return PF_E_OK;
}

static void submit(job *j)
{
    pthread_mutex_lock(&w.mu);
    push(&w.todo, j);
    w.pending++;
    pthread_cond_signal(&w.cv);
    pthread_mutex_unlock(&w.mu);
}

pf_err pf_think_submit(void *owner, pf_table *t, uint64_t version, pf_error *err)
{
    job *j = malloc(sizeof *j);
    if (!j)
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    *j = (job){.owner = owner, .t = t, .version = version};
    submit(j);
    return PF_E_OK;
}

pf_err pf_think_ask(void *owner, void *tag, pf_table *t, int seat, const char *msg, size_t len,
                    pf_error *err)
{
    job *j = malloc(sizeof *j);
    char *copy = malloc(len + 1);
    if (!j || !copy) {
        free(j);
        free(copy);
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    }
    memcpy(copy, msg, len);
    copy[len] = '\0';
    *j = (job){.owner = owner, .t = t, .tag = tag, .seat = seat, .msg = copy, .len = len};
    submit(j);
    return PF_E_OK;
}

static void job_free(job *j)
{
    pf_table_destroy(j->t);
    free(j->msg);
    free(j->answer);
    free(j);
}

void pf_think_collect(pf_think_done_fn *done, pf_think_answer_fn *answered)
{
    pthread_mutex_lock(&w.mu);
    queue q = w.done;
    w.done = (queue){0};
    pthread_mutex_unlock(&w.mu);
    for (job *j; (j = pop(&q));) {
        pthread_mutex_lock(&w.mu);
        w.pending--;
        pthread_mutex_unlock(&w.mu);
        if (j->msg) {
            answered(j->owner, j->tag, j->answer);
            j->answer = NULL;
            job_free(j);
        } else {
            done(j->owner, j->t, j->version);
            free(j);
        }
    }
}

int pf_think_pending(void)
{
    pthread_mutex_lock(&w.mu);
    int n = w.pending;
    pthread_mutex_unlock(&w.mu);
    return n;
}

void pf_think_stop(void)
{
    if (!w.started)
        return;
    pthread_mutex_lock(&w.mu);
    w.stop = true;
    pthread_cond_signal(&w.cv);
    pthread_mutex_unlock(&w.mu);
    pthread_join(w.thread, NULL);
    w.started = false;
    queue *qs[] = {&w.todo, &w.done};
    for (int i = 0; i < 2; i++)
        for (job *j; (j = pop(qs[i]));)
            job_free(j);
    w.pending = 0;
}
