/* match_bots.c: a bot plays a seat of a match (the engine's `bot` and
 * `plan`). Here in the ai layer, not in the core's match: the core knows no
 * bot. */
#include "partyfood/match_bots.h"

pf_err pf_match_bot_plan(const pf_match *m, int seat, const pf_bot_def *bot, pf_action *a,
                         int64_t *t, pf_error *err)
{
    if (m->game->over(m->state, NULL))
        return pf_error_set(err, PF_E_GAME_OVER, NULL);
    if (seat < 0 || seat >= m->seats)
        return pf_error_set(err, PF_E_BAD_SEAT, "seat %d does not exist", seat);
    if (!(m->game->to_act(m->state) & (1u << seat)))
        return pf_error_set(err, PF_E_NOT_YOUR_TURN, "seat %d may not act now", seat);
    /* Bots' chance depends on the game and the moment, so a saved game
     * replays the same and bots in a batch differ game by game. */
    pf_bot_ctx c = {m->game, m->state, m->seats, m->nsteps, m->now,
                    pf_seed_derive(m->seed, 0xb07)};
    pf_err e = pf_bot_plan(&c, bot, seat, a, t);
    if (e != PF_E_OK)
        return pf_error_set(err, e, "bot '%s' found no move for seat %d", bot->name, seat);
    return PF_E_OK;
}

pf_err pf_match_bot_move(pf_match *m, int seat, const pf_bot_def *bot, pf_events *ev,
                         pf_action *played, pf_error *err)
{
    pf_action a;
    int64_t t;
    pf_err e = pf_match_bot_plan(m, seat, bot, &a, &t, err);
    if (e == PF_E_OK)
        e = pf_match_apply(m, seat, a, t, ev, err);
    if (e == PF_E_OK && played)
        *played = a;
    return e;
}
