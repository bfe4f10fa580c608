/* hand.c: a bot's hand (ruling C-4). A search or a policy decides an aim;
 * the hand that plays it misses by the game's own error model. */
#include "partyfood/bot.h"

void pf_bot_hand(const pf_obs *o, double wobble, pf_rng *rng, pf_action *a)
{
    const pf_game *g = pf_obs_game(o);
    if (g->skill_error)
        g->skill_error(*a, wobble, rng, a);
}
