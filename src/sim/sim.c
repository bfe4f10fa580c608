/* sim.c: playing a batch of games in threads (see sim.h for the contract).
 *
 * Workers take games in chunks from one atomic counter and keep their own
 * totals; the main thread draws the progress bar, then merges the workers'
 * totals in thread order. A worker allocates its state and histogram once,
 * and looks at the stop flag before each game. */
#include "sim/sim.h"
#include "sim/ext.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CHUNK 8 /* games a worker takes at once, at most */

typedef struct worker {
    const pf_sim_config *c;
    long end;   /* one past the last game to play */
    long chunk; /* games taken at once */
    atomic_long *next, *done;
    atomic_int *halt; /* set by the first worker whose program failed */
    pf_sim_ext *ext[PF_MAX_SEATS]; /* the programs of the entries that are programs */
    pf_sim_result r;
    bool failed;   /* out of memory */
    pf_error err;  /* why a program failed (err.code != PF_E_OK) */
    pthread_t th;
} worker;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The figure called name in figs[0..*n), appended when new; NULL when full. */
static pf_sim_fig *fig_slot(pf_sim_fig *figs, int *n, int stride, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(figs[i * stride].name, name) == 0)
            return &figs[i * stride];
    if (*n >= PF_SIM_STATS)
        return NULL;
    pf_sim_fig *f = &figs[(*n)++ * stride];
    for (int k = 0; k < stride; k++) {
        memset(&f[k], 0, sizeof f[k]);
        snprintf(f[k].name, sizeof f[k].name, "%s", name);
    }
    return f;
}

static void fig_add(pf_sim_fig *f, double value)
{
    long long v = llround(value);
    if (f->n == 0 || v < f->min)
        f->min = (double)v;
    if (f->n == 0 || v > f->max)
        f->max = (double)v;
    f->n++;
    f->sum += v;
    f->sumsq += (__int128)v * v;
}

static void fig_merge(pf_sim_fig *to, const pf_sim_fig *from)
{
    if (from->n == 0)
        return;
    if (to->n == 0 || from->min < to->min)
        to->min = from->min;
    if (to->n == 0 || from->max > to->max)
        to->max = from->max;
    to->n += from->n;
    to->sum += from->sum;
    to->sumsq += from->sumsq;
}

/* The seat of a per-seat figure name ("penalties_2", "pancakes_seat1"), with
 * its stem written to stem; -1 when the name is not per seat. */
static int seat_of_name(const char *name, char *stem, size_t n)
{
    size_t len = strlen(name), i = len;
    while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
        i--;
    if (i == len || len - i > 1)
        return -1;
    int seat = name[i] - '0';
    size_t cut = i;
    if (cut >= 4 && strncmp(name + cut - 4, "seat", 4) == 0)
        cut -= 4;
    if (cut == 0 || name[cut - 1] != '_')
        return -1;
    snprintf(stem, n, "%.*s", (int)(cut - 1), name);
    return seat;
}

/* Whether any entry of c is a program. */
static bool has_ext(const pf_sim_config *c)
{
    for (int s = 0; s < c->seats; s++)
        if (c->ext[s])
            return true;
    return false;
}

/* Plays game i with w's programs on their seats; the number of actions, or
 * pf_bots_play's and pf_sim_ext_play's failures (w->err set). */
static int play_ext(worker *w, long i, void *st, uint64_t seed, const int *entry,
                    const pf_bot_def *const *bots)
{
    const pf_sim_config *c = w->c;
    pf_event buf[64];
    pf_events setup = {buf, 0, 64, 0};
    pf_state_init_events(c->game, st, c->seats, &c->opt, seed, &setup, NULL);
    pf_sim_ext *ext[PF_MAX_SEATS] = {0};
    for (int s = 0; s < c->seats; s++)
        ext[s] = w->ext[entry[s]];
    return pf_sim_ext_play(c->game, st, c->seats, bots, ext, &setup, seed, i, &w->err);
}

/* Plays game i and adds it to w's totals; false when a program failed. */
static bool play_one(worker *w, long i, void *st)
{
    const pf_sim_config *c = w->c;
    pf_sim_result *r = &w->r;
    const pf_game *g = c->game;
    uint64_t seed = pf_seed_derive(c->seed, (uint64_t)i);
    int n = c->seats, rot = c->rotate ? (int)(i % n) : 0;
    const pf_bot_def *bots[PF_MAX_SEATS];
    int entry[PF_MAX_SEATS];
    for (int s = 0; s < n; s++) {
        entry[s] = (s + rot) % n;
        bots[s] = c->bots[entry[s]];
    }
    int step; /* options were checked before: init succeeds */
    if (has_ext(c)) {
        step = play_ext(w, i, st, seed, entry, bots);
        if (step == PF_SIM_EXT_FAILED)
            return false;
    } else {
        pf_state_init(g, st, n, &c->opt, seed, NULL);
        step = pf_bots_play(g, st, n, bots, seed);
    }
    bool error = step == PF_BOTS_ILLEGAL, stalled = step == PF_BOTS_STUCK;
    r->games++;
    if (error || stalled) {
        r->errors += error;
        r->stalled += stalled;
        return true;
    }
    double res[PF_MAX_SEATS];
    g->over(st, res);
    r->finished++;
    double lo = g->result_min, span = g->result_max - g->result_min;
    bool same = true;
    for (int s = 0; s < n; s++) {
        double v = span > 0 ? (res[s] - lo) / span : 0.5;
        bool win = v > 0.5;
        same = same && res[s] == res[0];
        r->seat_games[s]++;
        r->entry_games[entry[s]]++;
        r->seat_wins[s] += win;
        r->entry_wins[entry[s]] += win;
        long units = lround(v * PF_SIM_RESULT_UNIT);
        r->seat_result[s] += units;
        r->entry_result[entry[s]] += units;
    }
    r->team += same;
    r->length[step < r->length_cap ? step : r->length_cap]++;
    r->length_sum += step;
    if (!g->stats)
        return true;
    pf_stat figs[PF_SIM_STATS];
    int k = g->stats(st, figs, PF_SIM_STATS);
    for (int j = 0; j < k; j++) {
        pf_sim_fig *f = fig_slot(r->fig, &r->nfig, 1, figs[j].name);
        if (f)
            fig_add(f, figs[j].value);
        char stem[PF_SIM_NAME];
        int seat = seat_of_name(figs[j].name, stem, sizeof stem);
        if (seat >= 0 && seat < n) {
            pf_sim_fig *e = fig_slot(&r->efig[0][0], &r->nefig, PF_MAX_SEATS, stem);
            if (e)
                fig_add(&e[entry[seat]], figs[j].value);
        }
    }
    return true;
}

bool pf_sim_result_init(pf_sim_result *r, const pf_game *g)
{
    memset(r, 0, sizeof *r);
    r->length_cap = g->max_steps;
    r->length = calloc((size_t)r->length_cap + 1, sizeof *r->length);
    return r->length != NULL;
}

void pf_sim_result_fini(pf_sim_result *r)
{
    free(r->length);
    r->length = NULL;
}

static bool stopped(const pf_sim_config *c, const atomic_int *halt)
{
    return (c->stop && atomic_load(c->stop) != 0) || atomic_load(halt) != 0;
}

/* Starts the worker's programs; false (w->err set) when one cannot start. */
static bool start_programs(worker *w)
{
    const pf_sim_config *c = w->c;
    int ms = c->ext_timeout_ms > 0 ? c->ext_timeout_ms : PF_SIM_EXT_TIMEOUT_MS;
    for (int e = 0; e < c->seats; e++)
        if (c->ext[e] &&
            !(w->ext[e] = pf_sim_ext_start(c->ext[e], c->ext_name[e] ? c->ext_name[e] : c->ext[e],
                                           ms, &w->err)))
            return false;
    return true;
}

static void *work(void *arg)
{
    worker *w = arg;
    const pf_sim_config *c = w->c;
    void *st = malloc(c->game->state_size);
    if (!st) {
        w->failed = true;
        return NULL;
    }
    bool ok = start_programs(w);
    while (ok && !stopped(c, w->halt)) {
        long i0 = atomic_fetch_add(w->next, w->chunk);
        if (i0 >= w->end)
            break;
        long i1 = i0 + w->chunk < w->end ? i0 + w->chunk : w->end;
        for (long i = i0; ok && i < i1 && !stopped(c, w->halt); i++) {
            ok = play_one(w, i, st);
            atomic_fetch_add(w->done, 1);
        }
    }
    if (!ok)
        atomic_store(w->halt, 1);
    for (int e = 0; e < PF_MAX_SEATS; e++)
        pf_sim_ext_stop(w->ext[e]);
    free(st);
    return NULL;
}

void pf_sim_result_merge(pf_sim_result *r, const pf_sim_result *w)
{
    if (w->seats)
        r->seats = w->seats;
    r->games += w->games;
    r->finished += w->finished;
    r->stalled += w->stalled;
    r->errors += w->errors;
    r->team += w->team;
    for (int s = 0; s < PF_MAX_SEATS; s++) {
        r->seat_wins[s] += w->seat_wins[s];
        r->entry_wins[s] += w->entry_wins[s];
        r->seat_games[s] += w->seat_games[s];
        r->entry_games[s] += w->entry_games[s];
        r->seat_result[s] += w->seat_result[s];
        r->entry_result[s] += w->entry_result[s];
    }
    for (int k = 0; k <= r->length_cap; k++)
        r->length[k] += w->length[k];
    r->length_sum += w->length_sum;
    for (int j = 0; j < w->nfig; j++) {
        pf_sim_fig *f = fig_slot(r->fig, &r->nfig, 1, w->fig[j].name);
        if (f)
            fig_merge(f, &w->fig[j]);
    }
    for (int j = 0; j < w->nefig; j++) {
        pf_sim_fig *e = fig_slot(&r->efig[0][0], &r->nefig, PF_MAX_SEATS, w->efig[j][0].name);
        for (int s = 0; e && s < PF_MAX_SEATS; s++)
            fig_merge(&e[s], &w->efig[j][s]);
    }
}

/* Draws the progress bar: done of total, rate and time left. */
static void draw_bar(const char *label, long done, long total, double elapsed)
{
    int width = 30, fill = total ? (int)(width * done / total) : width;
    double rate = elapsed > 0 ? done / elapsed : 0;
    double left = rate > 0 ? (total - done) / rate : 0;
    char bar[64];
    for (int k = 0; k < width; k++)
        bar[k] = k < fill ? '#' : '.';
    bar[width] = '\0';
    fprintf(stderr, "\r%s[%s] %ld/%ld games  %.1f games/s  %d:%02d left ", label ? label : "",
            bar, done, total, rate, (int)left / 60, (int)left % 60);
    fflush(stderr);
}

pf_err pf_sim_check(const pf_sim_config *c, pf_error *err)
{
    const pf_game *g = c->game;
    if (c->seats < g->min_seats || c->seats > g->max_seats)
        return pf_error_set(err, PF_E_BAD_SEATS, "%s takes %d to %d seats, not %d", g->id,
                            g->min_seats, g->max_seats, c->seats);
    for (int s = 0; s < c->seats; s++)
        if (!c->bots[s] && !c->ext[s])
            return pf_error_set(err, PF_E_UNKNOWN_BOT, "seat %d has no bot", s + 1);
    /* Check the options once, here, so that no worker meets a refusal. */
    void *probe = malloc(g->state_size);
    if (!probe)
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
    pf_err e = pf_state_init(g, probe, c->seats, &c->opt, c->seed, err);
    free(probe);
    return e;
}

void pf_sim_slice(long from, long to, int k, int n, long *first, long *end)
{
    /* (to - from) * k stays far below 2^63: a batch has at most 10^9 games. */
    *first = from + (to - from) * k / n;
    *end = from + (to - from) * (k + 1) / n;
}

/* The progress so far (*shown: this process's count, or the whole
 * run's); true while other processes still play the batch. */
static bool progress_of(const pf_sim_config *c, long done, long *shown)
{
    *shown = done;
    return c->tick && c->tick(c->tick_ctx, done, shown);
}

pf_err pf_sim_run(const pf_sim_config *c, pf_sim_result *r, pf_error *err)
{
    const pf_game *g = c->game;
    pf_err e = pf_sim_check(c, err);
    if (e != PF_E_OK)
        return e;
    long first = c->sliced ? c->first : 0, end = c->sliced ? c->end : c->games;
    long here = end - first, total = c->bar_games ? c->bar_games : here;

    int nt = c->threads;
    if (nt <= 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        nt = cores > 0 ? (int)cores : 1;
    }
    if (nt > PF_SIM_MAX_THREADS)
        nt = PF_SIM_MAX_THREADS;
    if (nt > here)
        nt = here > 0 ? (int)here : 1;
    /* Few slow games (expert bots): smaller chunks, or one thread would be
     * left with 8 games while the others wait. */
    long chunk = here / (8L * nt);
    chunk = chunk < 1 ? 1 : chunk > CHUNK ? CHUNK : chunk;
    worker *w = calloc((size_t)nt, sizeof *w);
    if (!w || !pf_sim_result_init(r, g)) {
        free(w);
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
    }
    atomic_long next = first, done = 0;
    atomic_int halt = 0;
    double t0 = now_s();
    int started = 0;
    for (int k = 0; k < nt; k++) {
        w[k].c = c;
        w[k].end = end;
        w[k].chunk = chunk;
        w[k].next = &next;
        w[k].done = &done;
        w[k].halt = &halt;
        if (!pf_sim_result_init(&w[k].r, g))
            break;
        if (pthread_create(&w[k].th, NULL, work, &w[k]) != 0) {
            pf_sim_result_fini(&w[k].r);
            break;
        }
        started++;
    }
    pf_error failure = {0}; /* the first program's failure, in worker order */
    if (started == 0) { /* no thread: play here */
        worker one = {.c = c, .end = end, .chunk = chunk, .next = &next, .done = &done,
                      .halt = &halt};
        if (pf_sim_result_init(&one.r, g)) {
            work(&one);
            pf_sim_result_merge(r, &one.r);
            pf_sim_result_fini(&one.r);
            failure = one.err;
        }
    }
    long shown;
    if ((c->progress || c->tick) && started > 0) {
        for (;;) {
            long mine = atomic_load(&done);
            bool others = progress_of(c, mine, &shown);
            if ((mine >= here && !others) || stopped(c, &halt))
                break;
            if (c->progress)
                draw_bar(c->label, shown, total, now_s() - t0);
            struct timespec nap = {0, 100 * 1000 * 1000};
            nanosleep(&nap, NULL);
        }
    }
    for (int k = 0; k < started; k++) {
        pthread_join(w[k].th, NULL);
        pf_sim_result_merge(r, &w[k].r);
        pf_sim_result_fini(&w[k].r);
        if (w[k].err.code != PF_E_OK && failure.code == PF_E_OK)
            failure = w[k].err;
    }
    progress_of(c, atomic_load(&done), &shown);
    if (c->progress) {
        draw_bar(c->label, shown, total, now_s() - t0);
        fprintf(stderr, "\n");
    }
    free(w);
    if (failure.code != PF_E_OK) {
        pf_sim_result_fini(r);
        *err = failure;
        return failure.code;
    }
    r->seats = c->seats;
    r->seconds = now_s() - t0;
    return PF_E_OK;
}
