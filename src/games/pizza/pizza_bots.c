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
 * `memory` remembers every reveal; `casual` only those of the last 14
 * turns, `forgetful` of the last 6; `planner` remembers every reveal and
 * searches (below). How much a player remembers is most of their skill, so
 * the ladder's lower steps differ by memory (docs/bots.md).
 *
 * A bot sees the game through pf_obs_sample: it reads the public parts of
 * the sample (slices, face-down cells, cells in `seen`) and never a never-
 * seen cell, whose content in a sample is random anyway. */
#include "games/pizza/pizza.h"

#include <assert.h>
#include <stdbool.h>

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

/* A uniformly random cell of a non-empty set; without a generator, the
 * lowest (the planner's playouts, below). */
static int random_cell(uint32_t set, pf_rng *rng)
{
    if (!rng)
        return __builtin_ctz(set);
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

/* The planner: every face-down cell it does not remember is alike to it,
 * and so is every remembered topping it cannot use, so a turn is one of
 * three moves: take a remembered topping, discover (turn over an unknown
 * cell) or pass (turn over a useless remembered topping: it goes back, rule
 * b or c', revealing nothing and risking no switch); after rule e, the slice
 * to take. Its rule (pizza__planner_playout_move) is the memory bot's move
 * with two changes: it discovers instead of taking when a rival will fill
 * its slice from remembered toppings first (only a switch can save it), and
 * it passes in the pass zone (pass_zone). Where its rule would pass, and
 * after rule e, it searches instead: it plays each candidate on
 * PLANNER_ROUNDS samples (its rule on its own seat after the move, memory
 * bots on the others) and keeps the one that won most. A pass is always the
 * lowest remembered cell, so that a planner sees another seat's pass and
 * does not answer it with one (two planners passing in turn would stall the
 * game). */
enum { PLANNER_ROUNDS = 1500, DISCOVER = -1, PASS = -2, PASS_FROM = 3 };

/* A slice's toppings plus the remembered copies of its kind: how far taking
 * alone gets its holder. */
static int sure(const pizza_state *s, int slice)
{
    int n = s->slice_count[slice];
    for (uint32_t d = s->seen; d; d &= d - 1)
        n += s->cell[__builtin_ctz(d)] == s->slice_kind[slice];
    return n;
}

/* Whether a rival fills its slice by taking remembered toppings before the
 * seat to move could fill its own so. */
static bool outrun(const pizza_state *s)
{
    int mine = s->at[s->to_move];
    bool safe = sure(s, mine) >= PIZZA_PER_KIND;
    for (int p = 0; p < s->seats; p++) {
        int slice = s->at[p];
        if (p != s->to_move && s->slice_kind[slice] != PIZZA_NONE &&
            sure(s, slice) >= PIZZA_PER_KIND &&
            !(safe && s->slice_count[mine] >= s->slice_count[slice]))
            return true;
    }
    return false;
}

/* Where passing pays (found by the search on the tuning seeds): every real
 * slice holds PASS_FROM toppings or more, no rival has a remembered copy of
 * its kind (it would take it), and a switch piece is still face down (the
 * risk that passing leaves to the others; without one, passing only loses
 * time). The seat to move must also remember a cell to pass with. */
static bool pass_zone(const pizza_state *s)
{
    int switches = 0;
    for (int c = 0; c < s->nslices; c++)
        switches += s->switches ? PIZZA_PER_COLOUR - s->used[c] : 0;
    if (!s->seen || !switches)
        return false;
    for (int p = 0; p < s->seats; p++) {
        int slice = s->at[p];
        if (s->slice_count[slice] < PASS_FROM ||
            (p != s->to_move && sure(s, slice) > s->slice_count[slice]))
            return false;
    }
    return true;
}

/* Whether another seat just passed (turned over the lowest remembered cell,
 * which went back). A discovery that went back to a cell below every other
 * remembered one looks the same: then the planner does not pass either. */
static bool rival_passed(const pizza_state *s)
{
    return s->last_seat != s->to_move && s->seen && s->last_cell == __builtin_ctz(s->seen) &&
           (s->last_rule == PIZZA_RULE_B || s->last_rule == PIZZA_RULE_C2);
}

/* The planner's rule before passing: the memory bot's move, but a take
 * becomes a discovery when outrun. */
static pf_action rule_move(const pizza_state *s, pf_rng *rng)
{
    pf_action a = pizza__memory_move(s, -1, rng);
    uint32_t unknown = s->down & ~s->seen;
    if (!s->choosing && (s->seen >> a & 1) && unknown && outrun(s))
        return PIZZA_FLIP(random_cell(unknown, rng));
    return a;
}

/* In the playouts the rivals are memory bots, which never pass while
 * something is left to discover, so the rule does not look for passes. */
pf_action pizza__planner_playout_move(const pizza_state *s, pf_rng *rng)
{
    pf_action a = rule_move(s, rng);
    if (s->choosing || (s->seen >> a & 1) || !pass_zone(s))
        return a;
    return PIZZA_FLIP(__builtin_ctz(s->seen));
}

/* Plays st to its end, the planner's rule on seat and memory bots on the
 * others; 1 when seat won. Without a generator every choice among alike
 * cells takes the lowest: the samples already drew the unknown cells at
 * random, and paired playouts then turn over the same pieces in the same
 * order, so the candidates differ only by who finds what (less noise). */
static double playout(const pf_game *g, pizza_state *st, int seat)
{
    double r[PIZZA_SLICES];
    while (!g->over(st, r)) {
        pf_action a = st->to_move == seat ? pizza__planner_playout_move(st, NULL)
                                          : pizza__memory_move(st, -1, NULL);
        g->apply(st, st->to_move, a, 0, NULL);
    }
    return r[seat];
}

/* The action of candidate c: a pick, or a cell for DISCOVER and PASS. */
static pf_action planner_action(const pizza_state *s, int c, pf_rng *rng)
{
    if (c == DISCOVER)
        return PIZZA_FLIP(random_cell(s->down & ~s->seen, rng));
    return c == PASS ? PIZZA_FLIP(__builtin_ctz(s->seen)) : (pf_action)c;
}

static pf_err choose_planner(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    const pf_game *g = pf_obs_game(o);
    pizza_state s, base;
    pf_obs_sample(o, rng, &s);
    if (s.ended || s.to_move != pf_obs_seat(o))
        return PF_E_NOT_YOUR_TURN;
    *t = pf_obs_now(o);
    int seat = s.to_move, mine = s.at[seat];
    int cand[PIZZA_SLICES], n = 0;
    if (s.choosing) {
        for (int j = 0; j < s.nslices; j++)
            if (j != mine)
                cand[n++] = PIZZA_PICK(j);
    } else {
        *a = rule_move(&s, rng);
        if ((s.seen >> *a & 1) || !pass_zone(&s) || rival_passed(&s))
            return PF_E_OK;
        cand[n++] = DISCOVER;
        cand[n++] = PASS;
    }
    double won[PIZZA_SLICES] = {0};
    for (int r = 0; r < PLANNER_ROUNDS; r++) {
        pf_obs_sample(o, rng, &base);
        for (int i = 0; i < n; i++) {
            pizza_state det = base;
            g->apply(&det, seat, planner_action(&det, cand[i], NULL), 0, NULL);
            won[i] += playout(g, &det, seat);
        }
    }
    int best = 0;
    for (int i = 1; i < n; i++)
        if (won[i] > won[best])
            best = i;
    *a = planner_action(&s, cand[best], rng);
    return PF_E_OK;
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

static pf_err choose_casual(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return choose(o, rng, 14, a, t);
}

const pf_bot_def pizza__bots[] = {
    {"planner",
     "the memory bot's play, but it discovers when a rival will fill its slice from "
     "remembered toppings first, and weighs discovering against passing (a useless "
     "remembered topping) late in the game, and picks slices, by 1500 paired playouts",
     choose_planner, false},
    {"memory",
     "perfect memory: takes remembered toppings it can use, switches when it "
     "gains, otherwise discovers",
     choose_memory, false},
    {"casual", "the memory bot's play, remembering only the last 14 turns' reveals", choose_casual,
     false},
    {"forgetful", "the memory bot's play, remembering only the last 6 turns' reveals",
     choose_forgetful, false},
    {NULL, NULL, NULL, false},
};

/* The levels a person picks (easy to expert), measured in docs/bots.md:
 * easy and medium forget, hard remembers everything, expert also plans. */
const pf_rung pizza__ladder[PF_LEVELS] = {
    {"forgetful", 0, 0, NULL, false, "the forgetful bot: remembers only the last 6 turns' reveals",
     1},
    {"casual", 0, 0, NULL, false, "the casual bot: remembers only the last 14 turns' reveals", 1},
    {"memory", 0, 0, NULL, false,
     "the memory bot: remembers every reveal, plays a simple sensible policy", 1},
    {"planner", 0, 0, NULL, false,
     "the planner: discovers when outrun; late in the game discovers or passes, and picks "
     "slices, by 1500 paired playouts each",
     1},
};
