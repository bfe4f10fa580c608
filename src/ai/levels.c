/* levels.c: the ladder of named bots a person picks from, per game.
 *
 * Every game answers to the same five names: random, easy, medium, hard,
 * expert. This file says what each name plays in each game: one of the
 * game's own bots (looked up by name in its descriptor, so this file links
 * whichever games are built), that bot with a share of random moves (a
 * distracted player), or ISMCTS with a budget and a playout policy. The
 * strength of every rung is measured in docs/bots.md with `partyfood sim`.
 *
 * Games missing from the table get a generic ladder of ISMCTS budgets (or,
 * for a real-time game, the random bot on every rung). */
#include <stdbool.h>
#include <string.h>

#include "partyfood/ismcts.h"

enum { EASY, MEDIUM, HARD, EXPERT, LEVELS };
static const char *const level_names[LEVELS] = {"easy", "medium", "hard", "expert"};

/* One rung: a game bot (bot != NULL) or ISMCTS (bot == NULL). */
typedef struct rung {
    const char *bot;     /* a bot name pf_bot_find knows ("random", a game's bot) */
    double epsilon;      /* chance of a uniformly random legal action instead */
    int iterations;      /* ISMCTS: iterations a decision */
    const char *rollout; /* ISMCTS: the playout bot, NULL for random playouts */
    bool paired;         /* ISMCTS: the paired flat search, the playout bot as prior */
    const char *about;
    double hand;         /* ISMCTS: its hand's error against an average hand's (C-4) */
} rung;

typedef struct ladder {
    const char *game;
    rung lv[LEVELS];
} ladder;

static const ladder ladders[] = {
    {"pizza",
     {{"forgetful", 0, 0, NULL, false,
       "the forgetful bot: remembers only the last 6 turns' reveals", 1},
      {"memory", 0, 0, NULL, false,
       "the memory bot: remembers every reveal, plays a simple sensible policy", 1},
      {NULL, 0, 300, "memory", true,
       "paired search, 300 memory-bot playouts a decision, leaves the memory bot's move at z > 2", 1},
      {NULL, 0, 1000, "memory", true,
       "paired search, 1000 memory-bot playouts a decision, leaves the memory bot's move at "
       "z > 2", 1}}},
    {"pancake",
     {{"child", 0, 0, NULL, false, "the child bot: forgets half of what went face down", 1},
      {"forgetful", 0, 0, NULL, false,
       "the forgetful bot: forgets a quarter of what went face down, scheming chef", 1},
      {"schemer", 0, 0, NULL, false,
       "the schemer: perfect memory, flicks hard, shares by expected gain", 1},
      {NULL, 0, 1000, "schemer", true,
       "paired search, 1000 schemer playouts a decision, leaves the schemer's move at z > 2; "
       "the schemer's steady hand",
       5.0 / 8}}},
    {"passfood",
     {{"greedy", 0.3, 0, NULL, false,
       "the greedy team bot with 30% random moves (a distracted team)", 1},
      {"greedy", 0.05, 0, NULL, false,
       "the greedy team bot slipping on 5% of moves: plays like PPF-2's careful family", 1},
      {"greedy", 0, 0, NULL, false, "the greedy team bot, no slips", 1},
      {NULL, 0, 200, "greedy", true,
       "paired search, 200 greedy playouts a decision, leaves greedy's move at z > 2", 1}}},
    {"pakupaku",
     {{"child", 0, 0, NULL, false, "the child profile: slow hands, shaky stacking", 1},
      {"adult", 0, 0, NULL, false, "the adult profile", 1},
      {"skilled", 0, 0, NULL, false, "the skilled profile: quick hands, corrects most lean", 1},
      {"expert", 0, 0, NULL, false, "the expert profile: fastest reaction, steadiest aim", 1}}},
};

static const ladder generic_turns = {
    "*",
    {{NULL, 0, 30, NULL, false, "ISMCTS, 30 iterations, random playouts", 1},
     {NULL, 0, 300, NULL, false, "ISMCTS, 300 iterations, random playouts", 1},
     {NULL, 0, 1000, NULL, false, "ISMCTS, 1000 iterations, random playouts", 1},
     {NULL, 0, 5000, NULL, false, "ISMCTS, 5000 iterations, random playouts", 1}}};

static const ladder generic_real_time = {
    "*",
    {{"random", 0, 0, NULL, false, "random (no profiles for this game)", 1},
     {"random", 0, 0, NULL, false, "random (no profiles for this game)", 1},
     {"random", 0, 0, NULL, false, "random (no profiles for this game)", 1},
     {"random", 0, 0, NULL, false, "random (no profiles for this game)", 1}}};

/* The ladder of game g. */
static const ladder *ladder_of(const pf_game *g)
{
    for (size_t i = 0; i < sizeof ladders / sizeof ladders[0]; i++)
        if (strcmp(ladders[i].game, g->id) == 0)
            return &ladders[i];
    return g->real_time ? &generic_real_time : &generic_turns;
}

const char *pf_level_about(const pf_game *g, const char *level)
{
    if (strcmp(level, "random") == 0)
        return "uniformly random legal actions";
    for (int l = 0; l < LEVELS; l++)
        if (strcmp(level, level_names[l]) == 0)
            return ladder_of(g)->lv[l].about;
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
    const rung *r = &ladder_of(g)->lv[level];
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
    return play_level(o, rng, a, t, EASY);
}
static pf_err choose_medium(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return play_level(o, rng, a, t, MEDIUM);
}
static pf_err choose_hard(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return play_level(o, rng, a, t, HARD);
}
static pf_err choose_expert(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return play_level(o, rng, a, t, EXPERT);
}

const pf_bot_def pf_bot_easy = {"easy", "level 2 of 5 (docs/bots.md)", choose_easy};
const pf_bot_def pf_bot_medium = {"medium", "level 3 of 5: a sensible player", choose_medium};
const pf_bot_def pf_bot_hard = {"hard", "level 4 of 5", choose_hard};
const pf_bot_def pf_bot_expert = {"expert", "level 5 of 5: the strongest", choose_expert};
