/* tui.h: the full-screen ncurses client behind `partyfood play`.
 *
 * The client draws every table only from pf_state_view(game, state, seat)
 * and the game's events, for the seat at the keyboard, so it never shows a
 * seat something it could not see at a real table (ruling C-3). */
#ifndef PF_TUI_TUI_H
#define PF_TUI_TUI_H

#include <stdbool.h>
#include <stdint.h>

#include "partyfood/seating.h"
#include "partyfood/match.h"
#include "partyfood/table.h"

/* What `partyfood play` hands the client. */
typedef struct pf_tui_args {
    const pf_game *game;   /* NULL: start on the game menu */
    pf_match *match;       /* a resumed or prepared match, or NULL; the client takes it */
    bool seated;           /* seating below is set (from --seats or a save file) */
    pf_seating seating;
    pf_options opt;        /* options for a new match */
    uint64_t seed;
    bool fixed_seed;       /* --seed given: every new game of this run uses it */
    int pace_ms;           /* pause after each bot move in turn-based games (-1: default) */
    bool memory_aid;       /* show earlier reveals in memory games */
    bool offer_autosave;   /* first offer to resume an unfinished autosaved game */
    const char *notice;    /* shown on the status line of the first game, or NULL */
    bool learn;            /* start with the lesson of `game` (`partyfood learn`) */
    int chapter;           /* its first chapter, from 0 */
    bool hints_shared;     /* hints for people sharing the keyboard (the seating screen's h) */
} pf_tui_args;

/* Runs the client until the person quits; returns the process exit code.
 * The terminal is restored on every way out, signals included. */
int pf_tui_run(pf_tui_args *a);

/* True when the full-screen client can run here: stdin and stdout are
 * terminals and TERM is set and not "dumb". */
bool pf_tui_available(void);

/* Event i of table t's log as seat may see it now, into buf: false when
 * seat may not see it at all; in a memory game, a reveal before the latest
 * is masked unless memory_aid (PIZ-7, YYP-7). The text names seats as the
 * event does. */
bool pf_tui_log_event(const pf_table *t, int i, int seat, bool memory_aid, char *buf, size_t n);

/* Event e of a step at table t with each seat it names read by the seat's
 * name, a seat called "you" in the second person ("You roll", "Sam
 * rolls"), as the full screen's log says it; into buf. For the line mode
 * of a lesson, whose captions speak of names. */
void pf_tui_event_named(const pf_table *t, const pf_event *e, char *buf, size_t n);

/* The line modes (a game, a lesson): event e of table t as a line to out,
 * indented and named as pf_tui_event_named says it, when seat may see it. */
void pf_tui_print_event(FILE *out, const pf_table *t, const pf_event *e, int seat);

/* ... and so each event of the steps the rules played while setting t up
 * (a first draw, a score): the log's first entries. */
void pf_tui_print_setup(FILE *out, const pf_table *t, int seat);

/* Whether people at one keyboard see different things in game g (a peek,
 * a bonus pancake): only then does the keyboard pass behind a hand-over
 * that hides the table. Both front ends ask here; unknown games do. */
bool pf_tui_secrets_between_people(const pf_game *g);

#endif
