/* ismcts.h: information-set Monte Carlo tree search over any game.
 *
 * Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): one tree
 * of action sequences seen from the observing seat; every iteration draws a
 * fresh determinization with pf_obs_sample, walks the tree choosing among
 * the children whose action is legal in that determinization (UCB1 with
 * availability counts), expands one child, plays the game out and credits
 * each node with the result of the seat that chose its action. Co-operative
 * games need nothing special: their results are the same for every seat.
 *
 * The search sees only what a pf_obs shows (ARCHITECTURE idea 8): two
 * states that differ only in what the seat cannot see give the same choice
 * for the same rng. Memory is taken once per decision (the node pool and a
 * scratch state); iterations allocate nothing. Real-time games are not the
 * search's business (their levels are the game's own profile bots). */
#ifndef PARTYFOOD_ISMCTS_H
#define PARTYFOOD_ISMCTS_H

#include "partyfood/bot.h"

typedef struct pf_ismcts_config {
    int iterations;      /* budget in iterations; 0: use time_ms */
    double time_ms;      /* budget in milliseconds when iterations == 0 */
    double explore;      /* UCB1 exploration constant; 0: 0.7 */
    /* Playout policy: NULL plays uniformly random legal actions; otherwise
     * this bot plays every seat in the playout (it sees each seat's view of
     * the determinization, as it would in a real game). */
    const pf_bot_def *rollout_bot;
    int max_rollout;     /* cap on playout actions; 0: the game's max_steps.
                            A capped playout scores the middle of the results' range. */
    /* Progressive bias (Chaslot et al. 2008): in the tree, the move this
     * bot would play in the determinization is tried first and gets
     * prior_weight / (visits + 1) added to its score, so the search leaves
     * the bot's advice only for a move it finds clearly better. NULL or a
     * weight of 0: no bias. */
    const pf_bot_def *prior_bot;
    double prior_weight;
    /* Tree depth in actions; 0: unlimited. The tree does not see chance
     * (draws happen inside a determinization), so a decision below a draw
     * is averaged over every tile that could have come: in games with many
     * such decisions (Pass the Party Food's plates) depth 1, a bandit over
     * the current moves with playouts after, is the sounder search. */
    int max_depth;
    /* Paired flat search instead of a tree: every round draws one
     * determinization and one playout seed and plays every current move
     * from them, so moves are compared on the same luck (common random
     * numbers); the budget counts playouts. With a prior bot, its move is
     * kept unless another's mean paired gain over it exceeds prior_weight
     * standard errors (prior_weight is then a z threshold). For luck-heavy
     * co-operative games where the tree's noise swamps the moves'
     * differences (Pass the Party Food). */
    bool paired;
} pf_ismcts_config;

typedef struct pf_ismcts_stats {
    long iterations; /* iterations run */
    int nodes;       /* tree nodes made (root included) */
    double seconds;  /* time spent */
    double value;    /* mean result of the chosen action, normalised to [0, 1] */
} pf_ismcts_stats;

/* Chooses an action for the observing seat. Returns PF_E_OK and sets *a
 * (and *stats when not NULL), or NOT_YOUR_TURN / GAME_OVER when the seat
 * has nothing to play. Deterministic given rng when the budget is in
 * iterations. */
pf_err pf_ismcts_choose(const pf_obs *o, const pf_ismcts_config *cfg, pf_rng *rng,
                        pf_action *a, pf_ismcts_stats *stats);

/* The bot "ismcts": 1000 iterations, random playouts. */
extern const pf_bot_def pf_bot_ismcts;

/* The level bots (src/ai/levels.c): the same names for every game, each
 * played by what that game's ladder says (docs/bots.md). */
extern const pf_bot_def pf_bot_easy, pf_bot_medium, pf_bot_hard, pf_bot_expert;

/* A one-line description of what `level` ("random".."expert") is in game g
 * (never NULL). */
const char *pf_level_about(const pf_game *g, const char *level);

#endif
