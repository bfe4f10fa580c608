/* obs.h: what a bot is given: an observation, never the true state (core).
 *
 * A pf_obs is what one seat may know: its view, its legal actions, the
 * time, and samples (determinizations) drawn from what it knows. The true
 * state stays behind the opaque pf_obs (ARCHITECTURE idea 8), so a bot
 * that peeks is a bug this API prevents. The type of a bot (pf_bot_def) is
 * here too, and the rung of a ladder of levels: a game's descriptor lists
 * its own bots and its ladder. Finding, driving and searching with bots is
 * the ai layer's (bot.h). */
#ifndef PARTYFOOD_OBS_H
#define PARTYFOOD_OBS_H

#include "partyfood/game.h"

typedef struct pf_obs pf_obs;

const pf_game *pf_obs_game(const pf_obs *o);
int pf_obs_seat(const pf_obs *o);
int pf_obs_seats(const pf_obs *o);
/* Time of the last applied action (ms); bots in turn-based games answer with it. */
int64_t pf_obs_now(const pf_obs *o);
/* The moment from which the seat could act (the game's ready_at: its hands
 * free and something to do; public). It may lie before pf_obs_now (the seat
 * could have acted earlier) or after it (its hands are busy); pf_obs_now in
 * a game without ready_at. */
int64_t pf_obs_ready(const pf_obs *o);
/* Number of actions applied so far in this game. */
int pf_obs_step(const pf_obs *o);
/* The seat's legal actions, sorted; returns the count. */
int pf_obs_legal(const pf_obs *o, pf_action *out, int cap);
/* The seat's view (caller deletes). */
cJSON *pf_obs_view(const pf_obs *o);
/* Writes into out (game->state_size bytes) a full state that agrees with
 * everything the seat knows, hidden parts redrawn from rng. */
void pf_obs_sample(const pf_obs *o, pf_rng *rng, void *out);
/* pf_obs_sample for a search that only plays the sample on: the game's
 * resample_search where it has one (game.h). */
void pf_obs_sample_search(const pf_obs *o, pf_rng *rng, void *out);

/* Writes into out (game->state_size bytes) a full state that agrees with
 * everything the seat knows, hidden parts fixed rather than drawn (the
 * game's conceal, or a sample from a fixed generator): for a chance_free
 * bot, which reads no hidden part and draws nothing, and so needs no
 * generator. */
void pf_obs_public(const pf_obs *o, void *out);

/* The first n bytes of the state, read-only and in place, for n up to the
 * game's public_head (bytes no seat is kept from); NULL for a larger n.
 * The same bytes pf_obs_public would copy, without the copy: for a
 * chance-free bot reading only leading fields, during its ask. */
const void *pf_obs_public_head(const pf_obs *o, size_t n);

/* A bot: picks an action for the observing seat, and the time (ms) at which
 * it plays it (turn-based bots write pf_obs_now). Returns PF_E_OK and sets
 * *a and *t, or an error when it has nothing to play. */
typedef pf_err (*pf_bot_choose_fn)(const pf_obs *o, pf_rng *rng, pf_action *a,
                                   int64_t *t);

typedef struct pf_bot_def {
    const char *name;  /* "random", "greedy", "medium" */
    const char *about; /* one line for help and docs */
    pf_bot_choose_fn choose;
    /* true: the bot's choice does not depend on the generator it is given
     * (it hashes what its seat sees instead, as Paku Paku's profiles do),
     * so a driver need not seed one for every ask. */
    bool chance_free;
} pf_bot_def;

/* The levels a person picks a bot by, after "random": easy to expert. */
enum { PF_LEVEL_EASY, PF_LEVEL_MEDIUM, PF_LEVEL_HARD, PF_LEVEL_EXPERT, PF_LEVELS };

/* One rung of a game's ladder of levels, as plain data the ai layer plays
 * (ai/levels.c): one of the game's bots (bot != NULL), maybe with a share
 * of random moves, or ISMCTS (bot == NULL) with a budget and a playout
 * policy. A game's descriptor lists PF_LEVELS of them, easy first. */
typedef struct pf_rung {
    const char *bot;     /* a bot of the game's list, or "random" */
    double epsilon;      /* chance of a uniformly random legal action instead */
    int iterations;      /* ISMCTS: iterations a decision */
    const char *rollout; /* ISMCTS: the playout bot, NULL for random playouts */
    bool paired;         /* ISMCTS: the paired flat search, the playout bot as prior */
    const char *about;   /* one line for help and docs/bots.md */
    double hand;         /* ISMCTS: its hand's error against an average hand's (C-4) */
} pf_rung;

/* Caller-owned storage for an observation. Its fields are the core's
 * (src/core/obs.c): bots read it only through the functions above. */
struct pf_obs {
    uint64_t opaque_[6];
};

/* Builds an observation of st for seat; st must outlive it. Only drivers
 * (the core's match, the simulator, tests) call this; bots never see st. */
void pf_obs_init(pf_obs *o, const pf_game *g, const void *st, int seat, int seats,
                 int step, int64_t now);


/* Every bot's shortest reaction in a real-time game (ruling PAKU-9): no
 * bot acts sooner than this after pf_obs_ready. */
#define PF_REACTION_MIN_MS 150

#endif
