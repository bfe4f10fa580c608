/* pf_test.h: helpers shared by the cmocka test programs.
 *
 * Scenario tests build a state from options that fix the arrangement
 * (ruling C-2) and play named actions, asserting each one. */
#ifndef PF_TEST_H
#define PF_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <cmocka.h>

#include "partyfood/bot.h"
#include "partyfood/game.h"
#include "partyfood/match.h"
#include "partyfood/session.h"

/* The registered game id, failing the test when absent. */
const pf_game *pf_test_game(const char *id);

/* Parses "key=value;key=value" into *o (an empty string gives no options). */
void pf_test_options(pf_options *o, const char *spec);

/* A new state (test_free it) for seats and options "k=v;k=v"; fails the test
 * when init refuses. */
void *pf_test_new(const pf_game *g, int seats, const char *spec, uint64_t seed);

/* init's error code for these options (PF_E_OK when accepted); *err gets the
 * message. */
pf_err pf_test_init_error(const pf_game *g, int seats, const char *spec, pf_error *err);

/* Applies a named action (checked), failing the test with the engine's
 * message when refused. Events go to ev when it is not NULL. */
void pf_test_act(const pf_game *g, void *st, int seat, const char *name, int64_t t,
                 pf_events *ev);

/* Expects the named action to be refused with `code`, and the state to be
 * byte-for-byte unchanged. */
void pf_test_refused(const pf_game *g, void *st, int seat, const char *name, int64_t t,
                     pf_err code);

/* True when the legal actions of seat include the named one. */
bool pf_test_is_legal(const pf_game *g, const void *st, int seat, const char *name);

/* The number of legal actions of seat. */
int pf_test_legal_count(const pf_game *g, const void *st, int seat);

/* True when some event in ev has this kind and is visible to seat. */
bool pf_test_saw(const pf_events *ev, int seat, const char *kind);

/* The view of seat as compact JSON text (caller frees). */
char *pf_test_view_text(const pf_game *g, const void *st, int seat);

/* Parses text, JSON the caller owned, and frees it; fails the test when
 * text is NULL or not JSON. The tree is the caller's. */
cJSON *pf_test_json(char *text);

/* What the secrecy checks compared, over a run. */
typedef struct pf_secrecy_stats {
    long worlds;   /* second worlds drawn */
    long steps;    /* steps played in both worlds */
    long revealed; /* comparisons ended by an outcome shown to the seat */
} pf_secrecy_stats;

/* The secrecy property (C-3) from st, a state at time t: for each seat and
 * a spectator, a second world that agrees with all the seat may know but
 * not on hidden content or future chance; both play the same actions, and
 * the seat must receive the same view, text, events, legal actions,
 * refusals, to-act set and results in both until a step shows it an
 * outcome (its events differ). See pf_secrecy.c. Returns true, or false
 * with the first leak described in why. */
bool pf_test_secrecy(const pf_game *g, const void *st, int seats, int64_t t, pf_rng *rng,
                     pf_secrecy_stats *stats, char *why, size_t n);
/* The same property between two new games that differ only in their seed,
 * for each seat whose setup events are the same in both. */
bool pf_test_secrecy_seeds(const pf_game *g, int seats, const pf_options *opt, uint64_t seed1,
                           uint64_t seed2, pf_rng *rng, pf_secrecy_stats *stats, char *why,
                           size_t n);

/* Plays bot's move for seat (its chance drawn from the match's seed and
 * step), its events into ev when not NULL; fails the test when the bot
 * finds none or the rules refuse it. */
void pf_test_bot_move(pf_match *m, int seat, const pf_bot_def *bot, pf_events *ev);

struct pf_why;
struct pf_why_fact;
struct pf_why_arg;
/* Seat's reason for the named move in st (the game's explainer, chance from
 * a fixed seed), into w; fails the test when the game has no explainer. */
void pf_test_explain(const pf_game *g, const void *st, int seats, int seat, const char *move,
                     struct pf_why *w);
/* The fact called name of w, and the argument called key of a fact; fail
 * the test when absent. */
const struct pf_why_fact *pf_test_fact(const struct pf_why *w, const char *name);
const struct pf_why_arg *pf_test_arg(const struct pf_why_fact *f, const char *key);

/* The whole text of a file (caller frees), up to 16 MiB; fails the test
 * when it cannot be read. */
char *pf_test_read(const char *path);

/* Runs `sh -c cmd` and returns its whole stdout (caller frees). */
char *pf_test_run(const char *cmd);

/* Removes the folder dir and everything in it, failing the test when it
 * cannot. */
void pf_test_remove_dir(const char *dir);

/* The program under test ($PF_BIN, set by ctest); fails the test when unset. */
const char *pf_test_bin(void);

/* Sends the len bytes at line to the session and returns the parsed answer
 * (caller deletes), failing the test unless the answer is one line of UTF-8
 * text holding exactly one JSON object. */
cJSON *pf_test_ask_n(pf_session *s, const char *line, size_t len);

/* pf_test_ask_n for a NUL-terminated line. */
cJSON *pf_test_ask(pf_session *s, const char *line);

#endif
