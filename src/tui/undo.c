/* undo.c: taking back your own last choice, only where that is fair.
 *
 * The rule: the match's last step must be the asking person's own (so no
 * other seat acted since), the game must be turn-based, and the step must
 * have involved no chance and revealed nothing. The last test is generic:
 * from the state before the step, redraw everything the seat did not know
 * (the game's resample, with a fresh generator) several times, apply the
 * same action, and compare the seat's view with the real one. If any redraw
 * gives a different view, the step depended on chance or showed something
 * hidden (a tile drawn, a piece turned over, a die rolled), and undoing it
 * would let the person try again: refused. Undo itself rebuilds the match
 * from its options, seed and all steps but the last. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/tui_int.h"

#define REDRAWS 6

bool tui__undo_fair(const tui_game *g, int seat, char *why, size_t n)
{
    const pf_match *m = g->m;
    if (m->game->real_time) {
        snprintf(why, n, "in a real-time game time has moved on");
        return false;
    }
    if (m->nsteps == 0 || seat < 0) {
        snprintf(why, n, "nothing of yours to take back");
        return false;
    }
    const pf_step *last = &m->steps[m->nsteps - 1];
    if (last->seat != seat || g->seats.bot[seat]) {
        snprintf(why, n, "another seat has acted since your last choice");
        return false;
    }
    void *prev = malloc(m->game->state_size);
    void *alt = malloc(m->game->state_size);
    if (!prev || !alt) {
        free(prev);
        free(alt);
        snprintf(why, n, "out of memory");
        return false;
    }
    pf_match_state_at(m, m->nsteps - 1, prev, NULL, NULL);
    cJSON *now = pf_state_view(m->game, m->state, seat);
    bool fair = true;
    for (int k = 0; k < REDRAWS && fair; k++) {
        memcpy(alt, prev, m->game->state_size);
        pf_rng rng;
        pf_rng_seed(&rng, pf_seed_derive(0x756e646fULL, (uint64_t)k + 1));
        m->game->resample(alt, seat, &rng);
        m->game->apply(alt, last->seat, last->action, last->t_ms, NULL);
        cJSON *v = pf_state_view(m->game, alt, seat);
        fair = cJSON_Compare(now, v, true);
        cJSON_Delete(v);
    }
    cJSON_Delete(now);
    free(prev);
    free(alt);
    if (!fair)
        snprintf(why, n, "that choice brought chance or showed something hidden");
    return fair;
}

bool tui__undo(tui_game *g)
{
    pf_match *old = g->m;
    pf_error err;
    pf_match *m = pf_match_create(old->game, old->seats, &old->opt, old->seed, &err);
    if (!m)
        return false;
    for (int i = 0; i + 1 < old->nsteps; i++)
        if (pf_match_apply(m, old->steps[i].seat, old->steps[i].action, old->steps[i].t_ms,
                           NULL, &err) != PF_E_OK) {
            pf_match_destroy(m);
            return false;
        }
    g->m = m;
    pf_match_destroy(old);
    g->legal_step = -1;
    g->bot_cached = false;
    tui__log_rebuild(g);
    return true;
}
