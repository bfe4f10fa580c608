/* bot.h: finding bots and letting them play (the ai layer).
 *
 * Bots see a pf_obs (obs.h), never the true state. This header adds the
 * lookups by name, the human reaction and hand every bot has, and the
 * drivers that ask the bots of the seats to act for their moves. */
#ifndef PARTYFOOD_BOT_H
#define PARTYFOOD_BOT_H

#include "partyfood/obs.h"

/* The bot called name for game g (generic bots first, then the game's),
 * or NULL. */
const pf_bot_def *pf_bot_find(const pf_game *g, const char *name);
/* Writes up to cap bot names for g into out (generic bots, then the game's
 * own); returns the count. */
int pf_bot_names(const pf_game *g, const char **out, int cap);
/* Lists the bot names for g, comma separated, into buf (n bytes); a list
 * that does not fit ends at the last whole name. */
void pf_bot_list(const pf_game *g, char *buf, size_t n);

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


/* Where a game stands when its bots are asked to move: the game and its
 * state, the number of seats, the number of steps played so far, the time
 * of the last action, and the seed all the bots' chance comes from. */
typedef struct pf_bot_ctx {
    const pf_game *game;
    const void *state;
    int seats;
    int step;
    int64_t now;
    uint64_t seed;
} pf_bot_ctx;

/* The next bot move when bots[seat] plays each seat in to_act: every such
 * seat's bot proposes (action, time) and the earliest wins, ties going to
 * the lowest seat (ruling PAKU-2's "in seat order"). A bot's chance comes
 * from pf_seed_derive(c->seed, c->step * PF_MAX_SEATS + seat), so a game
 * driven this way is repeatable; a chance_free bot gets a fixed generator
 * instead (obs.h). Returns PF_E_OK with *seat, *a and *t set,
 * or an error when no seat in to_act has a bot. */
pf_err pf_bots_next(const pf_bot_ctx *c, const pf_bot_def *const *bots, int *seat,
                    pf_action *a, int64_t *t);

/* Seat's next move if bot played it: (action, time) exactly as
 * pf_bots_next would give with bot on that seat alone, nothing applied.
 * For real time, where a driver schedules the move and applies it when its
 * time comes, so anything earlier still goes first. NOT_YOUR_TURN when seat
 * may not act, BAD_SEAT when it does not exist. */
pf_err pf_bot_plan(const pf_bot_ctx *c, const pf_bot_def *bot, int seat, pf_action *a,
                   int64_t *t);

struct pf_why;

/* The seed of a plan shown to seat (pf_bot_plan's c->seed; a hint): drawn
 * from salt, a number the request gives, and what the seat sees (its view,
 * as its picture: pf_game's render), never from the game's seed or
 * generator (which hold the deal and the future). So the same request in
 * two worlds the seat cannot tell apart plans the same move. */
uint64_t pf_plan_seed(const pf_game *g, const void *st, int seat, uint64_t salt);

/* Why seat would play a (why.h), by the game's explainer, its chance drawn
 * from c->seed (a pf_plan_seed); false, why empty, when the game has no
 * explainer. */
bool pf_bot_explain(const pf_bot_ctx *c, int seat, pf_action a, struct pf_why *why);

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
pf_err pf_bots_next_planned(const pf_bot_ctx *c, const pf_bot_def *const *bots,
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
