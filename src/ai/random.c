/* random.c: the uniformly random bot, every game's baseline. */
#include "partyfood/bot.h"

static pf_err choose_random(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    pf_action legal[PF_MAX_LEGAL];
    int n = pf_obs_legal(o, legal, PF_MAX_LEGAL);
    if (n == 0)
        return PF_E_NOT_YOUR_TURN;
    *a = legal[pf_rng_below(rng, (uint32_t)n)];
    /* In a real-time game a random player is a distracted person: it acts
     * 0.15 to 1.65 s after it could. */
    *t = pf_bot_react(o, 1500);
    return PF_E_OK;
}

const pf_bot_def pf_bot_random = {"random", "picks uniformly among the legal actions",
                                  choose_random, false};
