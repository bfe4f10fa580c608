/* table.h: one game at a table (the table layer, src/table/).
 *
 * A table is the room of a game: the match, who sits where (people and
 * bots), the bots' moves on the table's clock, what each seat has been
 * told, fair undo, saving, and turn timers. Every front end is a loop over
 * a table: the terminal client, the line mode, the engine protocol and the
 * server. The table reads no clock and does no input or output: the front
 * end gives it the time (a wall clock minus pauses, a server's clock, a
 * test clock) and hears of every applied step through the step hook. */
#ifndef PARTYFOOD_TABLE_H
#define PARTYFOOD_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "partyfood/match.h"
#include "partyfood/seating.h"

/* What the hook hears. */
typedef enum pf_table_change {
    PF_TABLE_SETUP, /* the steps the rules played while setting up (seat -1, no name) */
    PF_TABLE_STEP,  /* an action was applied */
    PF_TABLE_UNDO,  /* step `step` was taken back (no events) */
} pf_table_change;

typedef struct pf_table_step {
    pf_table_change change;
    int step;            /* the step's index in the match; -1 for the setup */
    int seat;            /* who acted; PF_SEAT_SPECTATOR for the setup */
    const char *name;    /* the action's canonical name ("" for the setup) */
    int64_t t_ms;        /* the game time it was played at */
    bool by_bot;         /* a bot played it: a bot's seat or a timer's fallback */
    const pf_events *ev; /* every event, each with its addressee: give a seat
                          * only those pf_event_visible allows */
    bool hint;           /* made after its seat was shown a hint (pf_table_hint) */
} pf_table_step;

/* Called once per applied step, the setup included, after the step is in
 * the match: a server appends it to storage and sends each seat its part. */
typedef void (*pf_table_hook)(void *arg, const pf_table_step *step);

/* One event in a table's log. */
typedef struct pf_table_event {
    int step; /* the step that produced it; -1: the setup */
    pf_event ev;
    uint64_t serial; /* of the call that logged it (serial.h), kept by copies */
} pf_table_event;

typedef struct pf_table_options {
    bool memory_aid; /* the memory games' aid (C-3): stored in saves */
    /* A turn timer for turn-based games: a person who has not acted within
     * turn_ms of the table clock is played by `fallback` (the game's medium
     * bot when NULL). 0: no timer. Refused for real-time games. */
    int64_t turn_ms;
    const pf_bot_def *fallback;
} pf_table_options;

typedef struct pf_table pf_table;

/* A new game at a table: seating->n seats (a person's or a bot's each).
 * The hook (may be NULL) hears the setup before this returns. NULL with
 * err set when the game, options or seating are refused, or memory ran out. */
pf_table *pf_table_create(const pf_game *g, const pf_seating *seating, const pf_options *opt,
                          uint64_t seed, const pf_table_options *to, pf_table_hook hook,
                          void *hook_arg, pf_error *err);
/* A table around a match already in progress (a load, a resume): the table
 * owns m from now on, even when this fails (NULL, err set). The hook hears
 * nothing of the steps already played; the log is rebuilt from them. */
pf_table *pf_table_adopt(pf_match *m, const pf_seating *seating, const pf_table_options *to,
                         pf_table_hook hook, void *hook_arg, pf_error *err);
/* A copy of t with a hook of its own (a request tried on a copy and kept
 * only when it all worked); NULL when memory ran out. */
pf_table *pf_table_clone(const pf_table *t, pf_table_hook hook, void *hook_arg, pf_error *err);
/* pf_table_clone in the memory of into, a table of the same game no longer
 * needed: no allocation while its log and steps are large enough, and
 * what into shares with t (an older copy of it: the steps and events before
 * the last change) not copied again (the server copies a room's game for
 * every change). NULL, into freed, when memory ran out. */
pf_table *pf_table_clone_into(pf_table *into, const pf_table *t, pf_table_hook hook,
                              void *hook_arg, pf_error *err);
void pf_table_destroy(pf_table *t);

/* A point to come back to, for a request tried on the table itself and
 * taken back when it fails: a copy of the state and the counts, so it
 * costs the state's size, not the game's length. Between setting it and
 * the rollback only steps may be added (an undo needs pf_table_clone). */
typedef struct pf_table_mark {
    void *state;
    int nsteps, nlog;
    int64_t now, clock, waiting_since;
    bool log_incomplete;
} pf_table_mark;
pf_err pf_table_mark_set(const pf_table *t, pf_table_mark *mk, pf_error *err);
/* Back to the mark (the hook hears nothing of it); frees the mark. */
void pf_table_rollback(pf_table *t, pf_table_mark *mk);
/* Frees a mark no longer needed. */
void pf_table_mark_drop(pf_table_mark *mk);

/* The table's match: the same object for the table's whole life (an undo
 * changes its contents), read-only: everything that changes it goes
 * through the table. */
const pf_match *pf_table_match(const pf_table *t);
const pf_seating *pf_table_seating(const pf_table *t);
const pf_table_options *pf_table_options_of(const pf_table *t);
/* Whether the memory aid is on: the table's option, or the game's own
 * `memory_aid` (a lesson's, a solo game's). */
bool pf_table_memory_aid(const pf_table *t);
bool pf_table_over(const pf_table *t, double *results);

/* Plays seat's action `name` at time t_ms. The rules judge it as they
 * judge any action (an earlier time than the last step is time_backwards,
 * busy hands are hands_busy: PAKU-10); a refused action changes nothing. */
pf_err pf_table_act(pf_table *t, int seat, const char *name, int64_t t_ms, pf_error *err);
/* For a press made while seat's hands are busy (PAKU-10): the time they are
 * free when `name` will be legal then, so a front end may hold the press
 * and send it; -1 otherwise. */
int64_t pf_table_when_free(const pf_table *t, int seat, const char *name, int64_t t_ms);

/* Plays seat's action a at time t_ms, like pf_table_act but already read
 * (a front end's numbered choice). */
pf_err pf_table_play(pf_table *t, int seat, pf_action a, int64_t t_ms, pf_error *err);

/* The next move of a bot at the table, nothing applied: a bot's seat, or a
 * person's whose turn timer ran out, played by the fallback bot. False when
 * no bot may move (a person must act). The answer is kept until the match
 * moves, so asking again is free. */
bool pf_table_bot_next(pf_table *t, int *seat, int64_t *t_ms);
/* Applies the move pf_table_bot_next gives. */
pf_err pf_table_bot_play(pf_table *t, pf_error *err);
/* Plays every bot move due at or before the table clock `now`, in time
 * order; returns how many were played (stops at an error, with err set). */
int pf_table_advance(pf_table *t, int64_t now, pf_error *err);

/* What bot would play for seat now, nothing applied (the engine's "plan"):
 * its chance drawn from salt (a number the request gives) and seat's own
 * view, never from the game's seed or generator (pf_plan_seed), so the
 * answer tells seat nothing it may not know. GAME_OVER, BAD_SEAT or
 * NOT_YOUR_TURN when it cannot. */
pf_err pf_table_bot_plan(const pf_table *t, int seat, const pf_bot_def *bot, uint64_t salt,
                         pf_action *a, int64_t *t_ms, pf_error *err);
/* Plays that move (the engine's "bot"). */
pf_err pf_table_bot_act(pf_table *t, int seat, const pf_bot_def *bot, uint64_t salt,
                        pf_error *err);

struct pf_why;
/* Why seat would play a, one of its legal moves now, from seat's own
 * knowledge (the game's explainer, chance from salt and seat's view);
 * ILLEGAL_ACTION for another move, NO_HINT when the game has no
 * explainer. */
pf_err pf_table_explain(const pf_table *t, int seat, pf_action a, uint64_t salt,
                        struct pf_why *why, pf_error *err);

/* Whether hints are given at this table: PF_E_OK, or NO_HINT with the
 * reason for a person (a real-time game has none; in a memory game a hint
 * is a memory aid, given only with the aid on: the table's option or the
 * game's `memory_aid`). Whether people at a shared table may have them is
 * the front end's or the server's call (a host's setting). */
pf_err pf_table_hints_offered(const pf_table *t, pf_error *err);
/* A hint for seat: the move the game's `medium` bot would make now and why
 * (pf_table_bot_plan and pf_table_explain with salt), nothing applied.
 * The seat's next move at this point is then marked as made with a hint
 * (pf_step.hint, the step hook's `hint`, the replay). NO_HINT as
 * pf_table_hints_offered, or as pf_table_bot_plan when it cannot. */
pf_err pf_table_hint(pf_table *t, int seat, uint64_t salt, pf_action *a, int64_t *t_ms,
                     struct pf_why *why, pf_error *err);
/* Marks seat's move at step `step` (the match's step count when the hint was
 * asked) as made with a hint, if the table is still there: for a front end
 * or server that worked the hint out on a copy of the table (a worker). */
void pf_table_mark_hint(pf_table *t, int seat, int step);
/* The step whose move by seat is to be marked as made with a hint (the
 * match's step count when it was shown one), or -1: what a worker's copy
 * tells the table it was copied from (pf_table_mark_hint). */
int pf_table_hint_step(const pf_table *t, int seat);

/* The table clock: the front end's time for turn timers. Turn-based actions
 * keep the match's own time; this only says how long a person has waited. */
void pf_table_clock(pf_table *t, int64_t now);
/* When the person to act runs out of time on the table clock; -1 without a
 * timer or when no person is waiting. */
int64_t pf_table_deadline(const pf_table *t);

/* Fair undo (the only kind): seat may take back its own last action when
 * nobody acted since, the game is turn-based, and the action brought no
 * chance and showed nothing hidden (tested by redrawing what seat could
 * not know and comparing seat's view). False with the reason in why. */
bool pf_table_undo_fair(const pf_table *t, int seat, char *why, size_t n);
/* Takes back seat's last action when fair (PF_E_ILLEGAL_ACTION with the
 * reason otherwise); the hook hears PF_TABLE_UNDO. */
pf_err pf_table_undo(pf_table *t, int seat, pf_error *err);

/* The log: every event so far with its addressee, the setup's first.
 * *n is set to the count; valid until the next change. */
const pf_table_event *pf_table_log(const pf_table *t, int *n);
/* True when the log missed events because memory ran out. */
bool pf_table_log_incomplete(const pf_table *t);

/* Saves the game, its seating and options, as a replay file (see
 * pf_seating_save); `partyfood play --resume` and pf_table_load read it. */
pf_err pf_table_save(const pf_table *t, const char *path, pf_error *err);
/* Loads a saved table. *seated is false when the file held no seating
 * (then `seating` is used, or every seat is a person when NULL);
 * *warning gets a sentence for a person, or NULL. */
pf_table *pf_table_load(const char *path, const pf_seating *seating, bool *seated,
                        const char **warning, pf_table_hook hook, void *hook_arg,
                        pf_error *err);

/* The seat's display name (pf_seating_names) into buf (n bytes); "?" for
 * no such seat. */
const char *pf_table_seat_name(const pf_table *t, int seat, char *buf, size_t n);

#endif
