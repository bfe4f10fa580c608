/* bot.h: bots see a view and a resampler, never the true state.
 *
 * A pf_obs is what one seat may know: its view, its legal actions, the
 * time, and samples (determinizations) drawn from what it knows. The true
 * state stays behind the opaque pf_obs (ARCHITECTURE idea 8), so a bot
 * that peeks is a bug this API prevents. */
#ifndef PARTYFOOD_BOT_H
#define PARTYFOOD_BOT_H

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

/* A bot: picks an action for the observing seat, and the time (ms) at which
 * it plays it (turn-based bots write pf_obs_now). Returns PF_E_OK and sets
 * *a and *t, or an error when it has nothing to play. */
typedef pf_err (*pf_bot_choose_fn)(const pf_obs *o, pf_rng *rng, pf_action *a,
                                   int64_t *t);

typedef struct pf_bot_def {
    const char *name;  /* "random", "greedy", "medium" */
    const char *about; /* one line for help and docs */
    pf_bot_choose_fn choose;
} pf_bot_def;

/* Caller-owned storage for an observation. Its fields are the core's
 * (src/core/obs.c): bots read it only through the functions above. */
struct pf_obs {
    uint64_t opaque_[6];
};

/* Builds an observation of st for seat; st must outlive it. Only drivers
 * (the core's match, the simulator, tests) call this; bots never see st. */
void pf_obs_init(pf_obs *o, const pf_game *g, const void *st, int seat, int seats,
                 int step, int64_t now);

/* The bot called name for game g (generic bots first, then the game's),
 * or NULL. */
const pf_bot_def *pf_bot_find(const pf_game *g, const char *name);
/* Writes up to cap bot names for g into out (generic bots, then the game's
 * own); returns the count. */
int pf_bot_names(const pf_game *g, const char **out, int cap);
/* Lists the bot names for g, comma separated, into buf (n bytes); a list
 * that does not fit ends at the last whole name. */
void pf_bot_list(const pf_game *g, char *buf, size_t n);

/* Every bot's shortest reaction in a real-time game (ruling PAKU-9): no
 * bot acts sooner than this after pf_obs_ready. */
#define PF_REACTION_MIN_MS 150

/* When a generic bot (random, ISMCTS) acts: in a real-time game, the seat's
 * ready time plus a human reaction of PF_REACTION_MIN_MS to that plus
 * spread_ms, drawn from a hash of the seat and its ready time (so asking
 * again in the same situation gives the same moment); pf_obs_now in a
 * turn-based game. */
int64_t pf_bot_react(const pf_obs *o, int spread_ms);

/* Turns *a, an aim the bot decided, into what its hand plays (C-4): for a
 * game with a skill number (game->skill_error) the number moves by an
 * error `wobble` times an average hand's; other actions stay as they are. */
void pf_bot_hand(const pf_obs *o, double wobble, pf_rng *rng, pf_action *a);

/* The generic uniformly random bot. */
extern const pf_bot_def pf_bot_random;


/* The next bot move when bots[seat] plays each seat in to_act: every such
 * seat's bot proposes (action, time) and the earliest wins, ties going to
 * the lowest seat (ruling PAKU-2's "in seat order"). A bot's chance comes
 * from pf_seed_derive(seed, step * PF_MAX_SEATS + seat), so a game driven
 * this way is repeatable. Returns PF_E_OK with *seat, *a and *t set, or an
 * error when no seat in to_act has a bot. */
pf_err pf_bots_next(const pf_game *g, const void *st, int seats, int step, int64_t now,
                    const pf_bot_def *const *bots, uint64_t seed, int *seat, pf_action *a,
                    int64_t *t);

/* Seat's next move if bot played it: (action, time) exactly as
 * pf_bots_next would give with bot on that seat alone, nothing applied.
 * For real time, where a driver schedules the move and applies it when its
 * time comes, so anything earlier still goes first. NOT_YOUR_TURN when seat
 * may not act, BAD_SEAT when it does not exist. */
pf_err pf_bot_plan(const pf_game *g, const void *st, int seats, int step, int64_t now,
                   const pf_bot_def *bot, uint64_t seed, int seat, pf_action *a, int64_t *t);

/* The bots' standing plans in one game, for games with a plan_key: a seat
 * whose fingerprint has not changed keeps its (action, time) instead of
 * being asked again. Results are the same as without plans; only faster
 * (Paku Paku asks every seat holding dice at every step otherwise). */
typedef struct pf_bot_plans {
    uint32_t valid; /* seats with a plan */
    uint64_t key[PF_MAX_SEATS];
    pf_action a[PF_MAX_SEATS];
    int64_t t[PF_MAX_SEATS];
} pf_bot_plans;

/* Forgets every plan (call at the start of each game). */
void pf_bot_plans_clear(pf_bot_plans *p);

/* pf_bots_next with standing plans (plans may be NULL). */
pf_err pf_bots_next_planned(const pf_game *g, const void *st, int seats, int step,
                            int64_t now, const pf_bot_def *const *bots, uint64_t seed,
                            pf_bot_plans *plans, int *seat, pf_action *a, int64_t *t);

/* What pf_bots_play reports when a game does not end. */
#define PF_BOTS_STUCK (-1)   /* no bot could move, or max_steps was reached */
#define PF_BOTS_ILLEGAL (-2) /* a bot chose an action the rules refused */

/* Plays st (already initialized) to its end with bots[seat] on every seat,
 * through pf_bots_next_planned with standing plans, applying each move
 * through the checked pf_state_apply. Returns the number of actions, or
 * PF_BOTS_STUCK / PF_BOTS_ILLEGAL. */
int pf_bots_play(const pf_game *g, void *st, int seats, const pf_bot_def *const *bots,
                 uint64_t seed);

#endif
