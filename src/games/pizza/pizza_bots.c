/* pizza_bots.c: Pizza Party bots that remember.
 *
 * Remembering reveals is the whole skill of Pizza Party (PIZ-7). Both bots
 * play the same simple policy on what they remember:
 *   1. flip a remembered topping that goes on the own slice (rule c), or,
 *      with an empty slice, one of a kind on no slice (rule a), choosing the
 *      kind with the most remembered copies;
 *   2. otherwise flip a cell it does not remember, at random;
 *   3. with nothing left to discover, flip a remembered topping (it goes
 *      back: a wasted but harmless turn).
 * A remembered piece is always a topping: a switch piece never goes back.
 * After rule e the bot takes the slice with the best swap: toppings (and
 * remembered copies of their kind) gained, counted twice when taken from a
 * real player, who loses them; ties go to an imaginary seat's slice, so as
 * not to feed another player.
 * `memory` remembers every reveal; `forgetful` only those of the last 6
 * turns.
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
            /* Doubled, so that +1 breaks a tie toward an imaginary seat. */
            int g = 2 * swap_gain(s, known_of_kind, j) + (s->pos[j] >= s->seats);
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
    uint32_t good = 0;
    for (uint32_t d = known; d; d &= d - 1) {
        int i = __builtin_ctz(d);
        if (s->cell[i] == kind)
            good |= 1u << i;
    }
    if (good)
        return PIZZA_FLIP(random_cell(good, rng));
    /* 2. Discover. */
    uint32_t unknown = s->down & ~known;
    if (unknown)
        return PIZZA_FLIP(random_cell(unknown, rng));
    /* 3. Nothing to discover: every remembered piece is a topping that goes
     * back (switch pieces never go back), so the turn is wasted harmlessly. */
    return PIZZA_FLIP(random_cell(known, rng));
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
    {"memory",
     "perfect memory: takes remembered toppings it can use, switches when it "
     "gains, otherwise discovers",
     choose_memory},
    {"forgetful", "the memory bot's play, remembering only the last 6 turns' reveals",
     choose_forgetful},
    {NULL, NULL, NULL},
};

/* The levels a person picks (easy to expert), measured in docs/bots.md. */
const pf_rung pizza__ladder[PF_LEVELS] = {
    {"forgetful", 0, 0, NULL, false, "the forgetful bot: remembers only the last 6 turns' reveals",
     1},
    {"memory", 0, 0, NULL, false,
     "the memory bot: remembers every reveal, plays a simple sensible policy", 1},
    {NULL, 0, 300, "memory", true,
     "paired search, 300 memory-bot playouts a decision, leaves the memory bot's move at z > 2", 1},
    {NULL, 0, 1000, "memory", true,
     "paired search, 1000 memory-bot playouts a decision, leaves the memory bot's move at "
     "z > 2",
     1},
};
