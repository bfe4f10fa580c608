/* pizza_bots.c: Pizza Party bots that remember.
 *
 * Remembering reveals is the whole skill of Pizza Party (PIZ-7). Both bots
 * play the same simple policy on what they remember:
 *   1. flip a remembered topping that goes on the own slice (rule c), or,
 *      with an empty slice, one of a kind on no slice (rule a), choosing the
 *      kind with the most remembered copies;
 *   2. flip a remembered switch piece when the swap it forces (rule d) or
 *      allows (rule e) is a gain: a fuller slice for us, and when the other
 *      slice is a real player's, a loss for them too;
 *   3. flip a cell it does not remember, at random;
 *   4. with nothing left to discover, flip a remembered harmless piece (a
 *      topping that goes back), else the least bad switch.
 * After rule e it takes the slice with the best such gain.
 * `memory` remembers every reveal; `forgetful` only those of the last 6
 * turns (and forgets a cell's piece once it is taken, like everyone).
 *
 * A bot sees the game through pf_obs_sample: it reads the public parts of
 * the sample (slices, face-down cells, cells in `seen`) and never a never-
 * seen cell, whose content in a sample is random anyway. */
#include "games/pizza/pizza.h"

#include <assert.h>

/* A slice's worth to its holder: toppings on it, and remembered copies of
 * its kind still face down. */
static int worth(const pizza_state *s, const int known_of_kind[PIZZA_KINDS], int slice)
{
    int k = s->slice_kind[slice];
    return 2 * s->slice_count[slice] + (k == PIZZA_NONE ? 0 : known_of_kind[k]);
}

/* What the seat to move gains by swapping its slice with `slice`. */
static int swap_gain(const pizza_state *s, const int known_of_kind[PIZZA_KINDS], int slice)
{
    int mine = s->at[s->to_move];
    int gain = worth(s, known_of_kind, slice) - worth(s, known_of_kind, mine);
    /* Taking a real player's slice also costs them what we gain. */
    return s->pos[slice] < s->seats ? 2 * gain : gain;
}

/* A uniformly random cell of a non-empty set. */
static int random_cell(uint32_t set, pf_rng *rng)
{
    int k = (int)pf_rng_below(rng, (uint32_t)__builtin_popcount(set));
    while (k--)
        set &= set - 1;
    return __builtin_ctz(set);
}

pf_action pizza__memory_move(const pizza_state *s, int memory, pf_rng *rng)
{
    assert(!s->ended);
    int mine = s->at[s->to_move];
    uint32_t known = s->seen;
    if (memory >= 0)
        for (uint32_t d = s->seen; d; d &= d - 1) {
            int i = __builtin_ctz(d);
            if (s->turn - s->seen_turn[i] > memory)
                known &= ~(1u << i);
        }
    int known_of_kind[PIZZA_KINDS] = {0};
    for (uint32_t d = known; d; d &= d - 1) {
        uint8_t p = s->cell[__builtin_ctz(d)];
        if (PIZZA_IS_TOPPING(p))
            known_of_kind[p]++;
    }

    if (s->choosing) {
        int best = -1, best_gain = 0;
        for (int j = 0; j < s->nslices; j++) {
            int g = swap_gain(s, known_of_kind, j);
            if (j != mine && (best < 0 || g > best_gain))
                best = j, best_gain = g;
        }
        return PIZZA_PICK(best);
    }

    /* 1. A remembered topping that stays on our slice. */
    int kind = s->slice_kind[mine];
    if (kind == PIZZA_NONE) {
        for (int k = 0; k < s->kinds; k++)
            if (s->kind_slice[k] == PIZZA_NONE && known_of_kind[k] > 0 &&
                (kind == PIZZA_NONE || known_of_kind[k] > known_of_kind[kind]))
                kind = k;
    }
    uint32_t good = 0, toppings = 0;
    int best_switch = -1, best_gain = 0, least_bad = -1, least_loss = 0;
    for (uint32_t d = known; d; d &= d - 1) {
        int i = __builtin_ctz(d);
        uint8_t p = s->cell[i];
        if (PIZZA_IS_TOPPING(p)) {
            toppings |= 1u << i;
            if (p == kind)
                good |= 1u << i;
            continue;
        }
        /* 2. A switch: rule d swaps with its colour, rule e with our pick. */
        int colour = p - 4, gain;
        if (colour != mine) {
            gain = swap_gain(s, known_of_kind, colour);
        } else {
            gain = -1000;
            for (int j = 0; j < s->nslices; j++) {
                int g = swap_gain(s, known_of_kind, j);
                if (j != mine && g > gain)
                    gain = g;
            }
        }
        if (gain > best_gain)
            best_switch = i, best_gain = gain;
        if (least_bad < 0 || gain > least_loss)
            least_bad = i, least_loss = gain;
    }
    if (good)
        return PIZZA_FLIP(random_cell(good, rng));
    if (best_switch >= 0)
        return PIZZA_FLIP(best_switch);
    /* 3. Discover. */
    uint32_t unknown = s->down & ~known;
    if (unknown)
        return PIZZA_FLIP(random_cell(unknown, rng));
    /* 4. Nothing to discover: waste the turn as harmlessly as we can. */
    if (toppings)
        return PIZZA_FLIP(random_cell(toppings, rng));
    assert(least_bad >= 0);
    return PIZZA_FLIP(least_bad);
}

/* Shared body of the bots: a sample for its public parts, then the policy. */
static pf_err choose(const pf_obs *o, pf_rng *rng, int memory, pf_action *a, int64_t *t)
{
    pizza_state s;
    assert(pf_obs_game(o)->state_size == sizeof s);
    pf_obs_sample(o, rng, &s);
    if (s.ended || s.to_move != pf_obs_seat(o))
        return PF_E_NOT_YOUR_TURN;
    *a = pizza__memory_move(&s, memory, rng);
    *t = pf_obs_now(o);
    return PF_E_OK;
}

static pf_err choose_memory(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return choose(o, rng, -1, a, t);
}

static pf_err choose_forgetful(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return choose(o, rng, 6, a, t);
}

const pf_bot_def pizza__bots[] = {
    {"memory", "perfect memory: takes remembered toppings it can use, switches when it "
               "gains, otherwise discovers",
     choose_memory},
    {"forgetful", "the memory bot's play, remembering only the last 6 turns' reveals",
     choose_forgetful},
    {NULL, NULL, NULL},
};
