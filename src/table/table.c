/* table.c: a game at a table (see table.h).
 *
 * The bots' moves come from one seed per game (the match's seed derived by
 * BOT_STREAM), so a saved game resumed plays its bots the same. The next
 * bot move is asked for once per step and kept: a front end may ask every
 * frame. Every applied step goes the same way: into the match, into the
 * log, then to the hook. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/bot.h"
#include "partyfood/serial.h"
#include "partyfood/table.h"
#include "partyfood/why.h"

#define EVENT_CAP 128
/* The bots' own stream of the game seed, apart from the deal's. */
#define BOT_STREAM 0xb07
/* How many redraws of the hidden part undo tries before calling a step fair. */
#define UNDO_REDRAWS 6

struct pf_table {
    pf_match *m;
    pf_seating seats;
    pf_table_options opt;
    uint64_t bot_seed;
    pf_table_hook hook;
    void *hook_arg;
    /* the table clock (turn timers) and when the person to act began waiting */
    int64_t clock, waiting_since;
    /* the next bot move, kept for step `next_step` */
    bool next_known, next_some, next_fallback;
    int next_step, next_seat;
    pf_action next_a;
    int64_t next_t;
    /* the seats shown a hint at step `hint_step`: their move there is marked */
    int hint_step;
    uint32_t hint_seats;
    /* the log */
    pf_table_event *log;
    int nlog, caplog;
    bool log_incomplete;
};

/* ---- the log -------------------------------------------------------------- */

static void log_add(pf_table *t, int step, const pf_events *ev)
{
    for (int i = 0; i < ev->n; i++) {
        if (t->nlog == t->caplog) {
            int cap = t->caplog ? t->caplog * 2 : 256;
            pf_table_event *p = realloc(t->log, (size_t)cap * sizeof *p);
            if (!p) {
                t->log_incomplete = true;
                return;
            }
            t->log = p;
            t->caplog = cap;
        }
        pf_table_event *e = &t->log[t->nlog++];
        e->step = step;
        e->ev = ev->buf[i];
        e->serial = pf_serial_next();
    }
    if (ev->dropped)
        t->log_incomplete = true;
}

static void log_step(void *arg, int step, const void *st, const pf_events *ev)
{
    (void)st;
    log_add(arg, step, ev);
}

/* The log of a match already played: the setup's events, then each step's,
 * replayed on a scratch state from the match's seed. */
static void log_rebuild(pf_table *t)
{
    t->nlog = 0;
    t->log_incomplete = false;
    void *st = malloc(t->m->game->state_size);
    if (!st) {
        t->log_incomplete = true;
        return;
    }
    pf_match_state_at(t->m, t->m->nsteps, st, log_step, t);
    free(st);
}

const pf_table_event *pf_table_log(const pf_table *t, int *n)
{
    *n = t->nlog;
    return t->log;
}

bool pf_table_log_incomplete(const pf_table *t)
{
    return t->log_incomplete;
}

/* ---- making and ending a table --------------------------------------------- */

static pf_table *table_new(pf_match *m, const pf_seating *s, const pf_table_options *to,
                           pf_table_hook hook, void *hook_arg, pf_error *err)
{
    if (s->n != m->seats) {
        pf_error_set(err, PF_E_BAD_SEATS, "the seating has %d seats, the game %d", s->n,
                     m->seats);
        return NULL;
    }
    pf_table_options opt = to ? *to : (pf_table_options){0};
    if (opt.turn_ms < 0 || (opt.turn_ms > 0 && m->game->real_time)) {
        pf_error_set(err, PF_E_BAD_OPTION, "%s",
                     opt.turn_ms < 0 ? "a turn timer cannot be negative"
                                     : "a real-time game has no turns to time");
        return NULL;
    }
    if (opt.turn_ms > 0 && !opt.fallback && !(opt.fallback = pf_bot_find(m->game, "medium")))
        opt.fallback = &pf_bot_random;
    pf_table *t = calloc(1, sizeof *t);
    if (!t) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    t->m = m;
    t->seats = *s;
    t->opt = opt;
    t->bot_seed = pf_seed_derive(m->seed, BOT_STREAM);
    t->hook = hook;
    t->hook_arg = hook_arg;
    t->clock = t->waiting_since = m->now;
    t->hint_step = -1;
    return t;
}

pf_table *pf_table_create(const pf_game *g, const pf_seating *seating, const pf_options *opt,
                          uint64_t seed, const pf_table_options *to, pf_table_hook hook,
                          void *hook_arg, pf_error *err)
{
    pf_event buf[EVENT_CAP];
    pf_events ev = {buf, 0, EVENT_CAP, 0};
    pf_match *m = pf_match_create_events(g, seating->n, opt, seed, &ev, err);
    if (!m)
        return NULL;
    pf_table *t = table_new(m, seating, to, hook, hook_arg, err);
    if (!t) {
        pf_match_destroy(m);
        return NULL;
    }
    log_add(t, -1, &ev);
    if (hook)
        hook(hook_arg, &(pf_table_step){PF_TABLE_SETUP, -1, PF_SEAT_SPECTATOR, "", m->now,
                                        false, &ev, false});
    return t;
}

pf_table *pf_table_adopt(pf_match *m, const pf_seating *seating, const pf_table_options *to,
                         pf_table_hook hook, void *hook_arg, pf_error *err)
{
    pf_table *t = table_new(m, seating, to, hook, hook_arg, err);
    if (!t) {
        pf_match_destroy(m);
        return NULL;
    }
    log_rebuild(t);
    return t;
}

/* into (its match already a copy of t's) made the rest of a copy of t, in
 * its own log: grown to the original's capacity when too small, so the
 * copy's next events fit without a regrowth. NULL, into freed, when memory
 * ran out. */
static pf_table *copy_rest(pf_table *into, const pf_table *t, pf_table_hook hook, void *hook_arg,
                           pf_error *err)
{
    if (into->caplog < t->nlog) {
        pf_table_event *log = realloc(into->log, (size_t)t->caplog * sizeof *log);
        if (!log) {
            pf_table_destroy(into);
            pf_error_set(err, PF_E_NO_MEMORY, NULL);
            return NULL;
        }
        into->log = log, into->caplog = t->caplog;
    }
    pf_match *m = into->m;
    pf_table_event *log = into->log;
    int caplog = into->caplog;
    int shared = into->nlog < t->nlog ? into->nlog : t->nlog;
    if (shared && log[shared - 1].serial != t->log[shared - 1].serial)
        shared = 0;
    *into = *t;
    into->m = m;
    into->hook = hook;
    into->hook_arg = hook_arg;
    into->log = log;
    into->caplog = caplog;
    if (t->nlog > shared)
        memcpy(log + shared, t->log + shared, (size_t)(t->nlog - shared) * sizeof *log);
    return into;
}

pf_table *pf_table_clone(const pf_table *t, pf_table_hook hook, void *hook_arg, pf_error *err)
{
    pf_table *c = calloc(1, sizeof *c);
    if (!c || !(c->m = pf_match_clone(t->m))) {
        free(c);
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    return copy_rest(c, t, hook, hook_arg, err);
}

pf_table *pf_table_clone_into(pf_table *into, const pf_table *t, pf_table_hook hook,
                              void *hook_arg, pf_error *err)
{
    if (pf_match_copy(into->m, t->m)) {
        pf_table_destroy(into);
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    return copy_rest(into, t, hook, hook_arg, err);
}

pf_err pf_table_mark_set(const pf_table *t, pf_table_mark *mk, pf_error *err)
{
    const pf_match *m = t->m;
    *mk = (pf_table_mark){malloc(m->game->state_size), m->nsteps, t->nlog, m->now, t->clock,
                          t->waiting_since, t->log_incomplete};
    if (!mk->state)
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    memcpy(mk->state, m->state, m->game->state_size);
    return PF_E_OK;
}

void pf_table_rollback(pf_table *t, pf_table_mark *mk)
{
    pf_match_rewind(t->m, mk->nsteps, mk->state, mk->now);
    t->nlog = mk->nlog;
    t->log_incomplete = mk->log_incomplete;
    t->clock = mk->clock;
    t->waiting_since = mk->waiting_since;
    t->next_known = false;
    pf_table_mark_drop(mk);
}

void pf_table_mark_drop(pf_table_mark *mk)
{
    free(mk->state);
    mk->state = NULL;
}

void pf_table_destroy(pf_table *t)
{
    if (!t)
        return;
    pf_match_destroy(t->m);
    free(t->log);
    free(t);
}

const pf_match *pf_table_match(const pf_table *t)
{
    return t->m;
}

const pf_seating *pf_table_seating(const pf_table *t)
{
    return &t->seats;
}

const pf_table_options *pf_table_options_of(const pf_table *t)
{
    return &t->opt;
}

bool pf_table_over(const pf_table *t, double *results)
{
    return pf_match_over(t->m, results);
}

const char *pf_table_seat_name(const pf_table *t, int seat, char *buf, size_t n)
{
    pf_seat_names names;
    pf_seating_names(&t->seats, PF_SEAT_SPECTATOR, &names);
    snprintf(buf, n, "%s", seat < 0 || seat >= t->seats.n ? "?" : names.name[seat]);
    return buf;
}

/* ---- playing ---------------------------------------------------------------- */

/* Applies a parsed action: the match, the log, the hook. */
static pf_err apply(pf_table *t, int seat, pf_action a, int64_t t_ms, bool by_bot,
                    pf_error *err)
{
    pf_match *m = t->m;
    pf_event buf[EVENT_CAP];
    pf_events ev = {buf, 0, EVENT_CAP, 0};
    int step = m->nsteps;
    pf_err e = pf_match_apply(m, seat, a, t_ms, &ev, err);
    if (e != PF_E_OK)
        return e;
    t->next_known = false;
    t->waiting_since = t->clock;
    m->steps[step].hint = t->hint_step == step && (t->hint_seats >> seat & 1);
    log_add(t, step, &ev);
    if (t->hook)
        t->hook(t->hook_arg,
                &(pf_table_step){PF_TABLE_STEP, step, seat, m->steps[step].name, m->steps[step].t_ms, by_bot,
                                 &ev, m->steps[step].hint});
    return PF_E_OK;
}

int64_t pf_table_when_free(const pf_table *t, int seat, const char *name, int64_t t_ms)
{
    const pf_match *m = t->m;
    const pf_game *g = m->game;
    pf_action a;
    if (!g->ready_at || seat < 0 || seat >= m->seats || !(g->to_act(m->state) >> seat & 1) ||
        g->parse(m->state, name, &a) != PF_E_OK)
        return -1;
    int64_t ready = g->ready_at(m->state, seat);
    return t_ms < ready && g->check(m->state, seat, a, ready) == PF_E_OK ? ready : -1;
}

pf_err pf_table_act(pf_table *t, int seat, const char *name, int64_t t_ms, pf_error *err)
{
    pf_action a;
    pf_err e = pf_match_parse(t->m, name, &a, err);
    return e ? e : apply(t, seat, a, t_ms, false, err);
}

pf_err pf_table_play(pf_table *t, int seat, pf_action a, int64_t t_ms, pf_error *err)
{
    return apply(t, seat, a, t_ms, false, err);
}

/* ---- bots and the clock ------------------------------------------------------- */

int64_t pf_table_deadline(const pf_table *t)
{
    const pf_match *m = t->m;
    if (t->opt.turn_ms <= 0 || pf_match_over(m, NULL))
        return -1;
    uint32_t set = m->game->to_act(m->state);
    if (!set || t->seats.bot[__builtin_ctz(set)])
        return -1;
    return t->waiting_since + t->opt.turn_ms;
}

/* A person whose time ran out: played by the fallback bot. */
static bool fallback_due(const pf_table *t)
{
    int64_t d = pf_table_deadline(t);
    return d >= 0 && t->clock >= d;
}

void pf_table_clock(pf_table *t, int64_t now)
{
    if (now > t->clock)
        t->clock = now;
}

bool pf_table_bot_next(pf_table *t, int *seat, int64_t *t_ms)
{
    const pf_match *m = t->m;
    bool fallback = fallback_due(t);
    if (!t->next_known || t->next_step != m->nsteps || t->next_fallback != fallback) {
        t->next_known = true;
        t->next_step = m->nsteps;
        t->next_fallback = fallback;
        pf_bot_ctx c = {m->game, m->state, m->seats, m->nsteps, m->now, t->bot_seed};
        if (pf_match_over(m, NULL))
            t->next_some = false;
        else if (fallback) {
            t->next_seat = __builtin_ctz(m->game->to_act(m->state));
            t->next_some = pf_bot_plan(&c, t->opt.fallback, t->next_seat, &t->next_a,
                                       &t->next_t) == PF_E_OK;
        } else
            t->next_some = pf_bots_next(&c, t->seats.bot, &t->next_seat, &t->next_a,
                                        &t->next_t) == PF_E_OK;
    }
    if (t->next_some) {
        *seat = t->next_seat;
        *t_ms = t->next_t;
    }
    return t->next_some;
}

pf_err pf_table_bot_play(pf_table *t, pf_error *err)
{
    int seat;
    int64_t at;
    if (!pf_table_bot_next(t, &seat, &at))
        return pf_error_set(err, PF_E_NOT_YOUR_TURN, "no bot may move now: a person must act");
    /* a move planned before the last step keeps the table's time order */
    return apply(t, seat, t->next_a, at < t->m->now ? t->m->now : at, true, err);
}

int pf_table_advance(pf_table *t, int64_t now, pf_error *err)
{
    int seat, played = 0;
    int64_t at;
    pf_table_clock(t, now);
    while (pf_table_bot_next(t, &seat, &at) && (at <= now || !t->m->game->real_time)) {
        if (pf_table_bot_play(t, err) != PF_E_OK)
            break;
        played++;
    }
    return played;
}

/* Where the match stands for a plan shown to seat: its chance from salt
 * and what seat sees (pf_plan_seed), not from the bots' seed of the game. */
static pf_bot_ctx plan_ctx(const pf_table *t, int seat, uint64_t salt)
{
    const pf_match *m = t->m;
    return (pf_bot_ctx){m->game, m->state, m->seats, m->nsteps, m->now,
                        pf_plan_seed(m->game, m->state, seat, salt)};
}

pf_err pf_table_bot_plan(const pf_table *t, int seat, const pf_bot_def *bot, uint64_t salt,
                         pf_action *a, int64_t *t_ms, pf_error *err)
{
    const pf_match *m = t->m;
    if (pf_match_over(m, NULL))
        return pf_error_set(err, PF_E_GAME_OVER, NULL);
    if (seat < 0 || seat >= m->seats)
        return pf_error_set(err, PF_E_BAD_SEAT, "seat number %d (counted from 0) does not exist",
                            seat);
    if (!(m->game->to_act(m->state) & (1u << seat))) {
        pf_error_set(err, PF_E_NOT_YOUR_TURN, "seat %d may not act now", seat + 1);
        return pf_error_field(err, "seat", seat);
    }
    pf_bot_ctx c = plan_ctx(t, seat, salt);
    pf_err e = pf_bot_plan(&c, bot, seat, a, t_ms);
    if (e != PF_E_OK)
        return pf_error_set(err, e, "bot '%s' found no move for seat %d", bot->name, seat + 1);
    return PF_E_OK;
}

/* Whether seat may play a now (its time aside). */
static bool legal_now(const pf_match *m, int seat, pf_action a)
{
    const pf_game *g = m->game;
    if (seat < 0 || seat >= m->seats || !(g->to_act(m->state) >> seat & 1))
        return false;
    if (g->check)
        return g->check(m->state, seat, a, PF_TIME_MAX_MS) == PF_E_OK;
    pf_action legal[PF_MAX_LEGAL];
    int n = g->legal(m->state, seat, legal, PF_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (legal[i] == a)
            return true;
    return false;
}

pf_err pf_table_explain(const pf_table *t, int seat, pf_action a, uint64_t salt, pf_why *why,
                        pf_error *err)
{
    if (!legal_now(t->m, seat, a))
        return pf_error_set(err, PF_E_ILLEGAL_ACTION, "a reason is given for a legal move only");
    pf_bot_ctx c = plan_ctx(t, seat, salt);
    if (!pf_bot_explain(&c, seat, a, why))
        return pf_error_set(err, PF_E_NO_HINT, "%s gives no reasons for its moves",
                            t->m->game->title);
    return PF_E_OK;
}

pf_err pf_table_bot_act(pf_table *t, int seat, const pf_bot_def *bot, uint64_t salt,
                        pf_error *err)
{
    pf_action a;
    int64_t at;
    pf_err e = pf_table_bot_plan(t, seat, bot, salt, &a, &at, err);
    return e ? e : apply(t, seat, a, at < t->m->now ? t->m->now : at, true, err);
}

/* ---- hints ------------------------------------------------------------------ */

bool pf_table_memory_aid(const pf_table *t)
{
    bool aid = false;
    return t->opt.memory_aid ||
           (pf_options_bool(&t->m->opt, "memory_aid", false, &aid, NULL) == PF_E_OK && aid);
}

pf_err pf_table_hints_offered(const pf_table *t, pf_error *err)
{
    const pf_game *g = t->m->game;
    if (g->real_time || !g->explain)
        return pf_error_set(err, PF_E_NO_HINT,
                            "%s is played in real time: there are no hints, only quick hands",
                            g->title);
    if (g->memory_game && !pf_table_memory_aid(t))
        return pf_error_set(err, PF_E_NO_HINT,
                            "in %s remembering is the game: hints come with the memory aid, "
                            "so turn it on to get them",
                            g->title);
    return PF_E_OK;
}

pf_err pf_table_hint(pf_table *t, int seat, uint64_t salt, pf_action *a, int64_t *t_ms,
                     pf_why *why, pf_error *err)
{
    const pf_bot_def *medium = pf_bot_find(t->m->game, "medium");
    pf_err e = pf_table_hints_offered(t, err);
    if (!e)
        e = pf_table_bot_plan(t, seat, medium, salt, a, t_ms, err);
    if (e)
        return e;
    if ((e = pf_table_explain(t, seat, *a, salt, why, err)))
        return e;
    pf_table_mark_hint(t, seat, t->m->nsteps);
    return PF_E_OK;
}

void pf_table_mark_hint(pf_table *t, int seat, int step)
{
    if (step != t->m->nsteps || seat < 0 || seat >= t->m->seats)
        return; /* the table moved on: that hint was for a move already made */
    if (t->hint_step != step)
        t->hint_seats = 0;
    t->hint_step = step;
    t->hint_seats |= 1u << seat;
}

int pf_table_hint_step(const pf_table *t, int seat)
{
    return seat >= 0 && seat < t->m->seats && (t->hint_seats >> seat & 1) ? t->hint_step : -1;
}

/* ---- undo ------------------------------------------------------------------ */

/* True when the last step would look the same to seat whatever seat did not
 * know: redraw the hidden part of the state before it, apply the same
 * action, compare seat's views. */
static bool step_showed_nothing(const pf_match *m, int seat, bool *no_memory)
{
    const pf_step *last = &m->steps[m->nsteps - 1];
    void *prev = malloc(m->game->state_size);
    void *alt = malloc(m->game->state_size);
    if (prev)
        pf_match_state_at(m, m->nsteps - 1, prev, NULL, NULL);
    char *now = pf_state_view_text(m->game, m->state, seat);
    bool fair = prev && alt && now;
    *no_memory = !fair;
    for (int k = 0; k < UNDO_REDRAWS && fair; k++) {
        memcpy(alt, prev, m->game->state_size);
        pf_rng rng;
        pf_rng_seed(&rng, pf_seed_derive(0x756e646fULL, (uint64_t)k + 1));
        m->game->resample(alt, seat, &rng);
        m->game->apply(alt, last->seat, last->action, last->t_ms, NULL);
        char *v = pf_state_view_text(m->game, alt, seat);
        fair = v && strcmp(now, v) == 0;
        *no_memory = !v;
        free(v);
    }
    free(now);
    free(prev);
    free(alt);
    return fair;
}

bool pf_table_undo_fair(const pf_table *t, int seat, char *why, size_t n)
{
    const pf_match *m = t->m;
    bool no_memory = false;
    if (m->game->real_time)
        snprintf(why, n, "in a real-time game time has moved on");
    else if (m->nsteps == 0 || seat < 0 || seat >= m->seats)
        snprintf(why, n, "nothing of yours to take back");
    else if (m->steps[m->nsteps - 1].seat != seat || t->seats.bot[seat])
        snprintf(why, n, "another seat has acted since your last choice");
    else if (step_showed_nothing(m, seat, &no_memory))
        return true;
    else
        snprintf(why, n, "%s",
                 no_memory ? pf_strerror(PF_E_NO_MEMORY)
                           : "that choice brought chance or showed something hidden");
    return false;
}

pf_err pf_table_undo(pf_table *t, int seat, pf_error *err)
{
    char why[160];
    if (!pf_table_undo_fair(t, seat, why, sizeof why))
        return pf_error_set(err, PF_E_ILLEGAL_ACTION, "no undo: %s", why);
    pf_match *old = t->m;
    pf_match *m = pf_match_create(old->game, old->seats, &old->opt, old->seed, err);
    for (int i = 0; m && i + 1 < old->nsteps; i++) {
        if (pf_match_apply(m, old->steps[i].seat, old->steps[i].action, old->steps[i].t_ms,
                           NULL, err) != PF_E_OK) {
            pf_match_destroy(m);
            m = NULL;
        } else {
            m->steps[i].hint = old->steps[i].hint;
        }
    }
    if (!m)
        return err->code;
    const pf_step last = old->steps[old->nsteps - 1];
    /* Swap contents so the match a front end holds stays the table's. */
    pf_match keep = *old;
    *old = *m;
    *m = keep;
    pf_match_destroy(m);
    m = old;
    t->next_known = false;
    t->waiting_since = t->clock;
    log_rebuild(t);
    if (t->hook)
        t->hook(t->hook_arg, &(pf_table_step){PF_TABLE_UNDO, m->nsteps, last.seat, "",
                                              last.t_ms, false, NULL, false});
    return PF_E_OK;
}

/* ---- saving ----------------------------------------------------------------- */

pf_err pf_table_save(const pf_table *t, const char *path, pf_error *err)
{
    return pf_seating_save(t->m, &t->seats, t->opt.memory_aid, path, err);
}

pf_table *pf_table_load(const char *path, const pf_seating *seating, bool *seated,
                        const char **warning, pf_table_hook hook, void *hook_arg,
                        pf_error *err)
{
    pf_seating s;
    pf_table_options opt = {0};
    pf_match *m = pf_seating_load(path, &s, seated, &opt.memory_aid, warning, err);
    if (!m)
        return NULL;
    if (!*seated && seating)
        s = *seating;
    else if (!*seated)
        pf_seating_people_only(&s, m->seats);
    return pf_table_adopt(m, &s, &opt, hook, hook_arg, err);
}
