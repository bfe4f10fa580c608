/* drive.c: one step of a game played by bots, in simulated time. */
#include "partyfood/bot.h"

pf_err pf_bots_next(const pf_game *g, const void *st, int seats, int step, int64_t now,
                    const pf_bot_def *const *bots, uint64_t seed, int *seat, pf_action *a,
                    int64_t *t)
{
    uint32_t set = g->to_act(st);
    pf_err best = PF_E_NOT_YOUR_TURN;
    for (int s = 0; s < seats; s++) {
        if (!(set & (1u << s)) || !bots[s])
            continue;
        pf_obs o;
        pf_rng rng;
        pf_action sa;
        int64_t stime = now;
        pf_obs_init(&o, g, st, s, seats, step, now);
        pf_rng_seed(&rng, pf_seed_derive(seed, (uint64_t)step * PF_MAX_SEATS + (uint64_t)s));
        if (bots[s]->choose(&o, &rng, &sa, &stime) != PF_E_OK)
            continue;
        if (stime < now)
            stime = now;
        if (best != PF_E_OK || stime < *t) {
            best = PF_E_OK;
            *seat = s;
            *a = sa;
            *t = stime;
        }
    }
    return best;
}
