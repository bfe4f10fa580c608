/* match.h: one game in progress with its history.
 *
 * A match owns a game state and the list of (seat, action, time) applied
 * to it. Options + seed + that list reproduce the game exactly (ARCHITECTURE
 * idea 9): replay.h makes it the save file and the bug-report format. */
#ifndef PARTYFOOD_MATCH_H
#define PARTYFOOD_MATCH_H

#include "partyfood/obs.h"
#include "partyfood/game.h"

/* The longest action name a step (and so a replay) holds, in bytes. */
#define PF_REPLAY_NAME_MAX 95

/* One applied action. Its name is the game's own for it, taken from the
 * state before it, so nothing has to re-play the game to name it. `hint`
 * marks a move made after its seat was shown a hint at that point (the
 * table sets it; saved in the replay from version 4). */
typedef struct pf_step {
    int8_t seat;
    bool hint;
    pf_action action;
    int64_t t_ms;
    char name[PF_REPLAY_NAME_MAX + 1];
    uint64_t serial; /* of the apply that made it (serial.h), kept by copies */
} pf_step;

typedef struct pf_match { /* a new field is copied in pf_match_copy too */
    const pf_game *game;
    int seats;
    uint64_t seed;
    pf_options opt;
    void *state; /* game->state_size bytes */
    pf_step *steps;
    int nsteps, cap;
    int64_t now; /* time of the last applied action */
} pf_match;

/* Creates a match (NULL on error, with *err set). */
pf_match *pf_match_create(const pf_game *g, int seats, const pf_options *opt,
                          uint64_t seed, pf_error *err);
/* pf_match_create that also reports the events of the steps the rules play
 * during setup (pf_state_init_events) to ev. */
pf_match *pf_match_create_events(const pf_game *g, int seats, const pf_options *opt,
                                 uint64_t seed, pf_events *ev, pf_error *err);
void pf_match_destroy(pf_match *m);
/* A copy with its own state and steps (NULL when memory ran out). */
pf_match *pf_match_clone(const pf_match *m);
/* Makes into (a match of the same game, no longer needed) a copy of m in
 * its own memory, which it grows only when m has more steps than it holds
 * (PF_E_NO_MEMORY, into unchanged, when that fails). The steps into
 * shares with m (an older copy of it) are not copied again. */
pf_err pf_match_copy(pf_match *into, const pf_match *m);
/* Back to the match as it was when it had n steps, its state and time then
 * kept by the caller: only steps applied since may be taken back this way
 * (the first n are still in m->steps). */
void pf_match_rewind(pf_match *m, int n, const void *state, int64_t now);

/* Checked apply; records the step, with the action's name, on success.
 * An action the game cannot name (UNKNOWN_ACTION) or whose name is longer
 * than PF_REPLAY_NAME_MAX (TOO_LARGE) is refused, the match unchanged. */
pf_err pf_match_apply(pf_match *m, int seat, pf_action a, int64_t t_ms, pf_events *ev,
                      pf_error *err);
/* Reads an action name in the match's present state (UNKNOWN_ACTION with a
 * message a person can act on when it is none). */
pf_err pf_match_parse(const pf_match *m, const char *name, pf_action *a, pf_error *err);
/* Parses name and applies it; the step records the game's own name for
 * the action, not the spelling given ("peek" is recorded as "pick"). */
pf_err pf_match_apply_named(pf_match *m, int seat, const char *name, int64_t t_ms,
                            pf_events *ev, pf_error *err);

/* An observation of the match for seat (valid until the next apply). */
void pf_match_obs(const pf_match *m, int seat, pf_obs *o);

bool pf_match_over(const pf_match *m, double *results);

/* What pf_match_state_at reports as it rebuilds a state: step -1 is the
 * setup (the steps the rules play while setting up), then each step i in
 * order; st is the state after it, ev its events (at most
 * PF_MATCH_STEP_EVENTS, ev->dropped counts the rest). */
typedef void pf_match_step_fn(void *arg, int step, const void *st, const pf_events *ev);
#define PF_MATCH_STEP_EVENTS 128

/* Rebuilds into st (game->state_size bytes) the state after the first n
 * steps of m (0 to m->nsteps) from its options, seed and steps, for undo, a
 * step-by-step replay or a game log. each, unless NULL, is called for the
 * setup and for every step replayed. It cannot fail: the match was set up
 * from the same options and seed, and every step was checked when applied. */
void pf_match_state_at(const pf_match *m, int n, void *st, pf_match_step_fn *each, void *arg);

#endif
