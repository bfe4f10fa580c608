/* match.c: a game in progress and its history.
 *
 * Options + seed + the list of (seat, action, time) reproduce a game;
 * replay.c turns that into the replay object and back. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/match.h"
#include "partyfood/parse.h"
#include "partyfood/serial.h"

pf_match *pf_match_create(const pf_game *g, int seats, const pf_options *opt,
                          uint64_t seed, pf_error *err)
{
    return pf_match_create_events(g, seats, opt, seed, NULL, err);
}

pf_match *pf_match_create_events(const pf_game *g, int seats, const pf_options *opt,
                                 uint64_t seed, pf_events *ev, pf_error *err)
{
    pf_match *m = calloc(1, sizeof *m);
    if (!m || !(m->state = malloc(g->state_size))) {
        free(m);
        pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
        return NULL;
    }
    m->game = g;
    m->seats = seats;
    m->seed = seed;
    if (opt)
        m->opt = *opt;
    if (pf_state_init_events(g, m->state, seats, opt, seed, ev, err) != PF_E_OK) {
        pf_match_destroy(m);
        return NULL;
    }
    return m;
}

void pf_match_destroy(pf_match *m)
{
    if (!m)
        return;
    free(m->state);
    free(m->steps);
    free(m);
}

pf_match *pf_match_clone(const pf_match *m)
{
    pf_match *c = calloc(1, sizeof *c);
    if (!c || !(c->state = malloc(m->game->state_size)) || pf_match_copy(c, m)) {
        pf_match_destroy(c);
        return NULL;
    }
    return c;
}

pf_err pf_match_copy(pf_match *into, const pf_match *m)
{
    if (into->cap < m->nsteps) {
        pf_step *steps = realloc(into->steps, (size_t)m->cap * sizeof *steps);
        if (!steps)
            return PF_E_NO_MEMORY;
        into->steps = steps, into->cap = m->cap;
    }
    pf_step *steps = into->steps;
    int shared = into->nsteps < m->nsteps ? into->nsteps : m->nsteps;
    if (shared && steps[shared - 1].serial != m->steps[shared - 1].serial)
        shared = 0;
    into->game = m->game;
    into->seats = m->seats;
    into->seed = m->seed;
    pf_options_copy(&into->opt, &m->opt);
    into->nsteps = m->nsteps;
    into->now = m->now;
    memcpy(into->state, m->state, m->game->state_size);
    if (m->nsteps > shared)
        memcpy(steps + shared, m->steps + shared,
               (size_t)(m->nsteps - shared) * sizeof *m->steps);
    return PF_E_OK;
}

void pf_match_rewind(pf_match *m, int n, const void *state, int64_t now)
{
    memcpy(m->state, state, m->game->state_size);
    m->nsteps = n;
    m->now = now;
}

/* Makes room for one more step, so a failed allocation changes nothing. */
static pf_err reserve(pf_match *m, pf_error *err)
{
    if (m->nsteps < m->cap)
        return PF_E_OK;
    int cap = m->cap ? m->cap * 2 : 64;
    pf_step *s = realloc(m->steps, (size_t)cap * sizeof *s);
    if (!s)
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
    m->steps = s;
    m->cap = cap;
    return PF_E_OK;
}

pf_err pf_match_apply(pf_match *m, int seat, pf_action a, int64_t t_ms, pf_events *ev,
                      pf_error *err)
{
    pf_err e = reserve(m, err);
    if (e != PF_E_OK)
        return e;
    /* Named before it is applied: a name may depend on the state. */
    pf_step *s = &m->steps[m->nsteps];
    int len = m->game->name(m->state, a, s->name, sizeof s->name);
    if (len < 0)
        return pf_error_set(err, PF_E_UNKNOWN_ACTION, "#%u is not an action of %s",
                            (unsigned)a, m->game->title);
    if (len > PF_REPLAY_NAME_MAX)
        return pf_error_set(err, PF_E_TOO_LARGE,
                            "the name of action #%u is longer than %d bytes, more than a "
                            "replay holds",
                            (unsigned)a, PF_REPLAY_NAME_MAX);
    e = pf_state_apply(m->game, m->state, seat, a, t_ms, ev, err);
    if (e != PF_E_OK)
        return e;
    s->seat = (int8_t)seat;
    s->hint = false;
    s->action = a;
    s->t_ms = t_ms;
    s->serial = pf_serial_next();
    m->nsteps++;
    if (t_ms > m->now)
        m->now = t_ms;
    return PF_E_OK;
}

pf_err pf_match_parse(const pf_match *m, const char *name, pf_action *a, pf_error *err)
{
    if (m->game->parse(m->state, name, a) != PF_E_OK)
        return pf_error_set(err, PF_E_UNKNOWN_ACTION,
                            "'%.*s' is not an action of %s (ask \"legal\" for the list)",
                            (int)pf_utf8_prefix(name, 60), name, m->game->title);
    return PF_E_OK;
}

pf_err pf_match_apply_named(pf_match *m, int seat, const char *name, int64_t t_ms,
                            pf_events *ev, pf_error *err)
{
    pf_action a;
    pf_err e = pf_match_parse(m, name, &a, err);
    return e ? e : pf_match_apply(m, seat, a, t_ms, ev, err);
}

void pf_match_obs(const pf_match *m, int seat, pf_obs *o)
{
    pf_obs_init(o, m->game, m->state, seat, m->seats, m->nsteps, m->now);
}

bool pf_match_over(const pf_match *m, double *results)
{
    return m->game->over(m->state, results);
}

void pf_match_state_at(const pf_match *m, int n, void *st, pf_match_step_fn *each, void *arg)
{
    pf_event buf[PF_MATCH_STEP_EVENTS];
    pf_events ev = {buf, 0, PF_MATCH_STEP_EVENTS, 0};
    pf_events *evp = each ? &ev : NULL; /* games write no events for NULL */
    pf_state_init_events(m->game, st, m->seats, &m->opt, m->seed, evp, NULL); /* as at create */
    if (each)
        each(arg, -1, st, &ev);
    for (int i = 0; i < n; i++) {
        const pf_step *s = &m->steps[i];
        ev.n = ev.dropped = 0;
        m->game->apply(st, s->seat, s->action, s->t_ms, evp);
        if (each)
            each(arg, i, st, &ev);
    }
}
