/* state.c: the checked wrappers around a game's rules functions.
 *
 * The core checks everything that comes from outside (seat counts, option
 * names, the seat to act, the action's legality) so the games never repeat
 * those checks (after OpenSpiel's ApplyAction / DoApplyAction). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/game.h"

int pf_seat_count(uint32_t set)
{
    return __builtin_popcount(set);
}

pf_err pf_state_init(const pf_game *g, void *st, int seats, const pf_options *opt,
                     uint64_t seed, pf_error *err)
{
    return pf_state_init_events(g, st, seats, opt, seed, NULL, err);
}

pf_err pf_state_init_events(const pf_game *g, void *st, int seats, const pf_options *opt,
                            uint64_t seed, pf_events *ev, pf_error *err)
{
    if (seats < g->min_seats || seats > g->max_seats)
        return pf_error_set(err, PF_E_BAD_SEATS, "%s is for %d to %d seats, not %d",
                            g->title, g->min_seats, g->max_seats, seats);
    for (int i = 0; opt && i < opt->n; i++) {
        const pf_option_def *d = g->options;
        while (d && d->key && strcmp(d->key, opt->key[i]) != 0)
            d++;
        if (!d || !d->key) {
            char known[256] = "";
            for (d = g->options; d && d->key; d++) {
                if (*known)
                    strncat(known, ", ", sizeof known - strlen(known) - 1);
                strncat(known, d->key, sizeof known - strlen(known) - 1);
            }
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "%s has no option '%s' (options: %s)", g->title,
                                opt->key[i], *known ? known : "none");
        }
    }
    memset(st, 0, g->state_size);
    pf_error_set(err, PF_E_OK, NULL);
    return g->init(st, seats, opt, seed, ev, err);
}

static pf_err check_action(const pf_game *g, const void *st, int seat, pf_action a,
                           int64_t t_ms, pf_error *err)
{
    if (g->over(st, NULL))
        return pf_error_set(err, PF_E_GAME_OVER, NULL);
    if (seat < 0 || seat >= PF_MAX_SEATS)
        return pf_error_set(err, PF_E_BAD_SEAT, "seat number %d (counted from 0) does not exist",
                            seat);
    if (!(g->to_act(st) & (1u << seat))) {
        pf_error_set(err, PF_E_NOT_YOUR_TURN, "seat %d may not act now", seat + 1);
        return pf_error_field(err, "seat", seat);
    }
    /* The rules add durations to times (PAKU-10): a bounded time cannot overflow. */
    if (t_ms < 0 || t_ms > PF_TIME_MAX_MS)
        return pf_error_set(err, PF_E_BAD_REQUEST,
                            "an action's time must be from 0 to %" PRId64 " ms, not %" PRId64,
                            PF_TIME_MAX_MS, t_ms);
    pf_err e;
    if (g->check) {
        e = g->check(st, seat, a, t_ms);
    } else {
        pf_action legal[PF_MAX_LEGAL];
        int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
        e = PF_E_ILLEGAL_ACTION;
        for (int i = 0; i < n; i++)
            if (legal[i] == a)
                e = PF_E_OK;
    }
    if (e != PF_E_OK) {
        /* No seat number: the request named the seat, and a person reading
         * the message (the line mode) counts seats from 1, the protocol from 0. */
        char name[64];
        if (g->name(st, a, name, sizeof name) < 0)
            snprintf(name, sizeof name, "#%u", (unsigned)a);
        if (e == PF_E_HANDS_BUSY && g->ready_at) {
            long long until = g->ready_at(st, seat);
            pf_error_set(err, e, "'%s' is not legal at t=%lld: the seat's hands are busy until "
                         "t=%lld", name, (long long)t_ms, until);
            return pf_error_field(err, "until", until);
        }
        if (e == PF_E_ILLEGAL_ACTION)
            return pf_error_set(err, e, "'%s' is not legal now", name);
        return pf_error_set(err, e, "'%s' is not legal now: %s", name, pf_strerror(e));
    }
    return PF_E_OK;
}

pf_err pf_state_apply(const pf_game *g, void *st, int seat, pf_action a, int64_t t_ms,
                      pf_events *ev, pf_error *err)
{
    pf_err e = check_action(g, st, seat, a, t_ms, err);
    if (e == PF_E_OK)
        g->apply(st, seat, a, t_ms, ev);
    return e;
}

pf_err pf_state_apply_named(const pf_game *g, void *st, int seat, const char *name,
                            int64_t t_ms, pf_events *ev, pf_error *err)
{
    pf_action a;
    if (g->parse(st, name, &a) != PF_E_OK)
        return pf_error_set(err, PF_E_UNKNOWN_ACTION,
                            "'%.60s' is not an action of %s (ask \"legal\" for the list)",
                            name, g->title);
    return pf_state_apply(g, st, seat, a, t_ms, ev, err);
}

pf_action pf_random_listed(const pf_game *g, const void *st, int seat, pf_rng *rng)
{
    pf_action legal[PF_MAX_LEGAL];
    int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
    return legal[pf_rng_below(rng, (uint32_t)n)];
}

int pf_playout(const pf_game *g, void *st, pf_rng *rng, int64_t now, int max_steps)
{
    if (g->playout)
        return g->playout(st, rng, now, max_steps);
    return pf_playout_loop(g, st, rng, now, max_steps);
}

void pf_state_view_write(const pf_game *g, const void *st, int seat, pf_jw *w)
{
    pf_jw_raw(w, "{", 1);
    g->view(st, seat, w);
    pf_jw_raw(w, "}", 1);
}

char *pf_state_view_text(const pf_game *g, const void *st, int seat)
{
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_state_view_write(g, st, seat, &w);
    return pf_jw_take(&w);
}

cJSON *pf_state_view(const pf_game *g, const void *st, int seat)
{
    char *text = pf_state_view_text(g, st, seat);
    cJSON *v = text ? cJSON_Parse(text) : NULL;
    free(text);
    return v;
}
