/* think.c: the bots' worker and the hints' (think.h). The machine the
 * server is sized for has two cores, one for the loop: one thread searches
 * the bots' moves, in the order they came, and hints have threads of their
 * own, so no hint ever waits in front of a bot. The hints are taken from a
 * fair queue (fair.h), one room's in turn with every other's, and a room
 * has at most PF_HINTS_WAITING of them waiting. Each job is one
 * pf_table_bot_next (or one request) on the job's own copy of the game,
 * which touches nothing shared.
 *
 * Tests only: PF_SERVE_TEST_BOT_GATE=PATH holds every job (bots' and
 * hints') until PATH exists, PF_SERVE_TEST_HINT_GATE=PATH the hints only:
 * a test sees what the loop does while a bot or a hint thinks, without
 * racing the clock. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/fair.h"
#include "server/think.h"

/* A bot's search (c NULL), or a request answered over t. */
typedef struct job {
    pf_fair_item fair; /* first: the hints' queue holds it by this */
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
    pthread_cond_t bots_cv, hints_cv;
    queue bots, done;
    pf_fair hints;
    int pending;
    bool stop;
    pthread_t bot_thread;
    bool bot_started;
    pthread_t hint_threads[PF_HINT_THREADS_MAX];
    int nhint_threads;
    void (*wake)(void *arg);
    void *wake_arg;
    const char *gate, *hint_gate;
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

/* A test gate: waits until its file exists or the worker stops. */
static void gate(pf_worker *w, const char *path)
{
    while (path && access(path, F_OK) != 0) {
        pthread_mutex_lock(&w->mu);
        bool stop = w->stop;
        pthread_mutex_unlock(&w->mu);
        if (stop)
            return;
        usleep(10000);
    }
}

static void run(job *j)
{
    if (j->c) {
        pf_session s;
        pf_session_init(&s);
        pf_session_bind(&s, j->seat);
        s.plans_mark = true; /* a room's: any plan is help (pf_room_answered) */
        s.table = j->t;
        j->answer = pf_session_run(&s, j->c, j->req, j->seat);
        s.table = NULL; /* the job's: freed with it */
    } else {
        int seat;
        int64_t at;
        pf_table_bot_next(j->t, &seat, &at); /* the search; its answer stays in t */
    }
}

/* One thread's life: takes the jobs of its kind until the worker stops. */
static void serve(pf_worker *w, bool hints)
{
    pthread_mutex_lock(&w->mu);
    for (;;) {
        job *j = NULL;
        while (!w->stop &&
               !(j = hints ? (job *)pf_fair_pop(&w->hints) : pop(&w->bots)))
            pthread_cond_wait(hints ? &w->hints_cv : &w->bots_cv, &w->mu);
        if (w->stop)
            break;
        pthread_mutex_unlock(&w->mu);
        gate(w, w->gate);
        if (hints)
            gate(w, w->hint_gate);
        run(j);
        pthread_mutex_lock(&w->mu);
        push(&w->done, j);
        pthread_mutex_unlock(&w->mu);
        w->wake(w->wake_arg);
        pthread_mutex_lock(&w->mu);
    }
    pthread_mutex_unlock(&w->mu);
}

static void *bot_thread(void *arg)
{
    serve(arg, false);
    return NULL;
}

static void *hint_thread(void *arg)
{
    serve(arg, true);
    return NULL;
}

pf_worker *pf_worker_start(void (*wake)(void *arg), void *arg, int hint_threads, pf_error *err)
{
    if (hint_threads < 1 || hint_threads > PF_HINT_THREADS_MAX) {
        pf_error_set(err, PF_E_BAD_OPTION, "the hints' threads are 1 to 8");
        return NULL;
    }
    pf_worker *w = calloc(1, sizeof *w);
    if (!w) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->bots_cv, NULL);
    pthread_cond_init(&w->hints_cv, NULL);
    w->wake = wake, w->wake_arg = arg;
    w->gate = getenv("PF_SERVE_TEST_BOT_GATE");
    w->hint_gate = getenv("PF_SERVE_TEST_HINT_GATE");
    bool started = w->bot_started = pthread_create(&w->bot_thread, NULL, bot_thread, w) == 0;
    for (int i = 0; started && i < hint_threads; i++)
        if ((started = pthread_create(&w->hint_threads[i], NULL, hint_thread, w) == 0))
            w->nhint_threads++;
    if (!started) {
        pf_worker_free(w);
        pf_error_set(err, PF_E_IO, "cannot start the bots' and hints' threads");
        return NULL;
    }
    return w;
}

static job *job_new(pf_worker *w, const job *from, pf_error *err)
{
    if (w->stop) { /* (read on the loop, the only one to write it) */
        pf_error_set(err, PF_E_IO, "the server is stopping");
        return NULL;
    }
    job *j = malloc(sizeof *j);
    if (!j) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    *j = *from;
    return j;
}

pf_err pf_worker_think(pf_worker *w, void *owner, pf_table *t, uint64_t version, pf_error *err)
{
    job *j = job_new(w, &(job){.owner = owner, .t = t, .version = version}, err);
    if (!j)
        return err->code;
    pthread_mutex_lock(&w->mu);
    push(&w->bots, j);
    w->pending++;
    pthread_cond_signal(&w->bots_cv);
    pthread_mutex_unlock(&w->mu);
    return PF_E_OK;
}

pf_err pf_worker_ask(pf_worker *w, void *owner, void *tag, pf_table *t, const pf_command *c,
                     cJSON *req, int seat, pf_error *err)
{
    job *j = job_new(
        w, &(job){.owner = owner, .t = t, .tag = tag, .c = c, .req = req, .seat = seat}, err);
    if (!j)
        return err->code;
    pthread_mutex_lock(&w->mu);
    pf_fair_put put = pf_fair_push(&w->hints, &j->fair, owner, PF_HINTS_WAITING);
    if (put == PF_FAIR_PUT) {
        w->pending++;
        pthread_cond_signal(&w->hints_cv);
    }
    pthread_mutex_unlock(&w->mu);
    if (put == PF_FAIR_PUT)
        return PF_E_OK;
    free(j); /* its table and request stay the caller's */
    if (put == PF_FAIR_MEMORY)
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    return pf_error_set(err, PF_E_RATE_LIMITED,
                        "busy: %d hints already wait at this table; ask again when one is answered",
                        PF_HINTS_WAITING);
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
    pthread_cond_broadcast(&w->bots_cv);
    pthread_cond_broadcast(&w->hints_cv);
    pthread_mutex_unlock(&w->mu);
    if (!stopped) {
        if (w->bot_started)
            pthread_join(w->bot_thread, NULL);
        for (int i = 0; i < w->nhint_threads; i++)
            pthread_join(w->hint_threads[i], NULL);
    }
    for (job *j; (j = (job *)pf_fair_pop(&w->hints));)
        job_free(j);
    queue *qs[] = {&w->bots, &w->done};
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
    pthread_cond_destroy(&w->bots_cv);
    pthread_cond_destroy(&w->hints_cv);
    free(w);
}
