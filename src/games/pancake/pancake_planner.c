/* pancake_planner.c: the planner, Yummy Yummy Pancake's expert.
 *
 * Most of a pancake decision has one right answer that needs no search: a
 * guesser names the topping it thinks likeliest (the chef cannot choose
 * which face-down pancake comes up, so nothing better exists), and a chef
 * flicks hard. What decides games is the chef's choice after each share,
 * to pick another pancake or stop. The `stopper` (pancake_bots.c) answers
 * it at once by the odds of the shares to come; near the end of the game,
 * once a pile holds PLANNER_ENDGAME pancakes, the race to 12 matters more
 * than the odds, and the planner weighs pick against stop by paired
 * playouts: each round draws one sample of what it cannot see and one
 * playout seed, plays both moves from them (the stopper on its own seat
 * after, schemers on the others) and it keeps the move that won more
 * rounds. */
#include "games/pancake/pancake.h"

enum { PLANNER_ROUNDS = 400, PLANNER_ENDGAME = 9 };

/* Plays st to its end, the stopper on seat and schemers elsewhere; 1 when
 * seat won. */
static double playout(const pf_game *g, pancake_state *st, int seat, pf_rng *rng)
{
    double r[4];
    while (!g->over(st, r)) {
        int actor = st->phase == PANCAKE_P_GUESS ? st->guesser : st->chef;
        g->apply(st, actor, pancake__scheming_move(st, actor == seat, rng), 0, NULL);
    }
    return r[seat];
}

/* True once a pile is near enough to 12 for the planner to search. */
static bool endgame(const pancake_state *s)
{
    for (int i = 0; i < s->seats; i++)
        if (s->pile[i] >= PLANNER_ENDGAME)
            return true;
    return false;
}

pf_err pancake__choose_planner(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    const pf_game *g = pf_obs_game(o);
    pancake_state s, base;
    int seat = pf_obs_seat(o);
    pf_obs_sample(o, rng, &s);
    if (s.phase == PANCAKE_P_OVER)
        return PF_E_GAME_OVER;
    *t = pf_obs_now(o);
    *a = pancake__scheming_move(&s, true, rng);
    if (s.phase != PANCAKE_P_SHARE || !s.shared || !s.down_n || !endgame(&s))
        return PF_E_OK;
    static const pf_action cand[2] = {PANCAKE_A_PICK, PANCAKE_A_STOP};
    double won[2] = {0};
    for (int r = 0; r < PLANNER_ROUNDS; r++) {
        pf_obs_sample(o, rng, &base);
        uint64_t seed = pf_rng_next(rng);
        for (int i = 0; i < 2; i++) {
            pf_rng shared;
            pf_rng_seed(&shared, seed);
            pancake_state det = base;
            g->apply(&det, seat, cand[i], 0, NULL);
            won[i] += playout(g, &det, seat, &shared);
        }
    }
    if (won[0] != won[1])
        *a = won[0] > won[1] ? PANCAKE_A_PICK : PANCAKE_A_STOP;
    return PF_E_OK;
}
