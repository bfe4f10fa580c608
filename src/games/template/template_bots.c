/* template_bots.c: Last Counter's bot and its ladder of levels.
 *
 * A bot sees an observation, never the state (obs.h): here a sample drawn
 * from what its seat knows, whose public parts and own tile are the true
 * ones (the other seat's tile in it is a guess, so the bot ignores it). */
#include <assert.h>

#include "games/template/template.h"

/* The counting bot: wins at once when it can, else leaves the other seat
 * a multiple of 4 counters (the classic strategy of the take-1-to-3 game),
 * else takes one and waits. */
static pf_err choose_counter(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    template_state s;
    assert(pf_obs_game(o)->state_size == sizeof s);
    pf_obs_sample(o, rng, &s);
    int me = pf_obs_seat(o);
    if (s.winner >= 0 || s.to_move != me)
        return PF_E_NOT_YOUR_TURN;
    int tile = s.tile[me];
    if (s.pile <= 3)
        *a = TEMPLATE_TAKE(s.pile);
    else if (tile && tile >= s.pile)
        *a = TEMPLATE_BONUS;
    else if (s.pile % 4)
        *a = tile == s.pile % 4 ? TEMPLATE_BONUS : TEMPLATE_TAKE(s.pile % 4);
    else
        *a = TEMPLATE_TAKE(1);
    *t = pf_obs_now(o); /* turn-based bots answer at once */
    return PF_E_OK;
}

/* The first bot is the seating screen's default for a bot seat. */
const pf_bot_def template__bots[] = {
    /* false: the bot's sample, and so its guess, comes from rng (a bot whose
     * choice ignores rng says true, and drivers skip seeding one for it) */
    {"counter", "wins when it can, else leaves a multiple of 4", choose_counter, false},
    {NULL, NULL, NULL, false},
};

/* The levels a person picks, easy to expert (plain data, played by
 * ai/levels.c): a game bot with a share of random moves, the bot itself,
 * or ISMCTS with the bot's playouts. Measure each with `partyfood sim`. */
const pf_rung template__ladder[PF_LEVELS] = {
    {"counter", 0.5, 0, NULL, false, "the counting bot with half its moves random", 1},
    {"counter", 0.1, 0, NULL, false, "the counting bot slipping on 10% of moves", 1},
    {"counter", 0, 0, NULL, false, "the counting bot, no slips", 1},
    {NULL, 0, 300, "counter", false, "ISMCTS, 300 counting-bot playouts a decision", 1},
};
