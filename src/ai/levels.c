/* levels.c: the ladder of named bots a person picks from, per game.
 *
 * Every game answers to the same five names: random, easy, medium, hard,
 * expert. A game's descriptor says what each of the last four plays (its
 * ladder, plain data in obs.h's pf_rung): one of the game's own bots
 * (looked up by name in its descriptor), that bot with a share of random
 * moves (a distracted player), or ISMCTS with a budget and a playout
 * policy. This file plays the rungs. The strength of every rung is
 * measured in docs/bots.md with `partyfood sim`.
 *
 * A game without a ladder gets a generic one of ISMCTS budgets (or, for a
 * real-time game, the random bot on every rung). */
#include <stdbool.h>
#include <string.h>

#include "partyfood/ismcts.h"

static const char *const level_names[PF_LEVELS] = {"easy", "medium", "hard", "expert"};

static const pf_rung generic_turns[PF_LEVELS] = {
    {NULL, 0, 30, NULL, false, "ISMCTS, 30 iterations, random playouts", 1},
    {NULL, 0, 300, NULL, false, "ISMCTS, 300 iterations, random playouts", 1},
    {NULL, 0, 1000, NULL, false, "ISMCTS, 1000 iterations, random playouts", 1},
    {NULL, 0, 5000, NULL, false, "ISMCTS, 5000 iterations, random playouts", 1}};

static const pf_rung generic_real_time[PF_LEVELS] = {
    {"random", 0, 0, NULL, false, "random (no profiles for this game)", 1},
    {"random", 0, 0, NULL, false, "random (no profiles for this game)", 1},
    {"random", 0, 0, NULL, false, "random (no profiles for this game)", 1},
    {"random", 0, 0, NULL, false, "random (no profiles for this game)", 1}};

/* The ladder of game g: its descriptor's, or a generic one. */
static const pf_rung *ladder_of(const pf_game *g)
{
    if (g->ladder)
        return g->ladder;
    return g->real_time ? generic_real_time : generic_turns;
}

const char *pf_level_about(const pf_game *g, const char *level)
{
    if (strcmp(level, "random") == 0)
        return "uniformly random legal actions";
    for (int l = 0; l < PF_LEVELS; l++)
        if (strcmp(level, level_names[l]) == 0)
            return ladder_of(g)[l].about;
    return "not a level";
}

/* The bot called name among g's own bots ("random": the generic one); NULL
 * when absent. Not pf_bot_find: the level names would shadow a game bot of
 * the same name (Paku Paku's "expert"). */
static const pf_bot_def *game_bot(const pf_game *g, const char *name)
{
    if (!name)
        return NULL;
    if (strcmp(name, "random") == 0)
        return &pf_bot_random;
    for (const pf_bot_def *b = g->bots; b && b->name; b++)
        if (strcmp(b->name, name) == 0)
            return b;
    return NULL;
}

/* Plays rung `level` of the observing game's ladder. */
static pf_err play_level(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t, int level)
{
    const pf_game *g = pf_obs_game(o);
    const pf_rung *r = &ladder_of(g)[level];
    *t = pf_obs_now(o);
    if (r->epsilon > 0 && pf_rng_double(rng) < r->epsilon)
        return pf_bot_random.choose(o, rng, a, t);
    if (r->bot) {
        const pf_bot_def *b = game_bot(g, r->bot);
        if (!b) /* a ladder naming a bot the game lost: the level still plays */
            b = &pf_bot_random;
        return b->choose(o, rng, a, t);
    }
    pf_ismcts_config cfg = {.iterations = r->iterations,
                            .rollout_bot = game_bot(g, r->rollout)};
    if (r->paired) {
        cfg.paired = true;
        cfg.prior_bot = cfg.rollout_bot;
        cfg.prior_weight = 2.0;
    }
    pf_err e = pf_ismcts_choose(o, &cfg, rng, a, NULL);
    if (e == PF_E_OK) /* the search chose an aim: a hand plays it */
        pf_bot_hand(o, r->hand, rng, a);
    return e;
}

static pf_err choose_easy(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return play_level(o, rng, a, t, PF_LEVEL_EASY);
}
static pf_err choose_medium(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return play_level(o, rng, a, t, PF_LEVEL_MEDIUM);
}
static pf_err choose_hard(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return play_level(o, rng, a, t, PF_LEVEL_HARD);
}
static pf_err choose_expert(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return play_level(o, rng, a, t, PF_LEVEL_EXPERT);
}

const pf_bot_def pf_bot_easy = {"easy", "level 2 of 5 (docs/bots.md)", choose_easy, false};
const pf_bot_def pf_bot_medium = {"medium", "level 3 of 5: a sensible player", choose_medium,
                                  false};
const pf_bot_def pf_bot_hard = {"hard", "level 4 of 5", choose_hard, false};
const pf_bot_def pf_bot_expert = {"expert", "level 5 of 5: the strongest", choose_expert, false};
