/* template.h: the template game's state and what its files share.
 *
 * The template is the smallest complete game, a pattern for the next one
 * (built into the tests only, never listed). Copy the folder to
 * src/games/<id>/, rename every `template` to the id, and keep the shape:
 *   <id>.h        the state type <id>_state and the folder's declarations
 *   <id>.c        the rules: init, to_act, legal, apply, over, resample,
 *                 stats, and the descriptor `const pf_game pf_game_<id>`
 *   <id>_bots.c   the game's bots and its ladder of levels
 *   <id>_text.c   views, action names and their parser, the picture, the
 *                 rules summary for the `?` key
 * Slots defined next to the descriptor are static <id>_<slot>; those
 * another file defines are <id>__<slot>, declared here.
 *
 * The game, Last Counter: two seats take turns at a pile of counters.
 * Each holds a hidden bonus tile (1, 2 or 3) drawn from a bag of six
 * (1 1 2 2 3 3). A turn takes 1 to 3 counters, or plays the tile: it is
 * shown, takes its value in counters (at most the pile) and its owner
 * draws a new tile while the bag has one. Whoever takes the last counter
 * wins. Hidden: the other seat's tile and the bag's order (resample
 * redraws them); chance: the draws. */
#ifndef TEMPLATE_H
#define TEMPLATE_H

#include <stdbool.h>
#include <stdint.h>

#include "partyfood/game.h"
#include "partyfood/obs.h"

enum {
    TEMPLATE_SEATS = 2,
    TEMPLATE_VALUES = 3,    /* tiles are worth 1..3 */
    TEMPLATE_PILE_MAX = 40, /* the option's upper bound, and so the longest game */
};

/* Actions, in the ascending order legal lists them: "take 1".."take 3",
 * then "bonus". Every action fits a pf_action and has a name. */
#define TEMPLATE_TAKE(k) ((pf_action)(k))
#define TEMPLATE_BONUS ((pf_action)4)

/* The whole game in one flat struct with no pointers: callers copy it
 * with memcpy, and the bots' samples are states too. */
typedef struct template_state {
    pf_rng rng;                          /* the future draws from the bag */
    uint8_t pile;                        /* counters left */
    uint8_t to_move;                     /* the seat to act */
    int8_t winner;                       /* -1 while the game runs */
    uint8_t tile[TEMPLATE_SEATS];        /* each seat's hidden tile, 0: none */
    uint8_t bag[TEMPLATE_VALUES + 1];    /* tiles left in the bag, by value */
    uint8_t played[TEMPLATE_VALUES + 1]; /* tiles shown so far, by value (public) */
    uint8_t bonuses[TEMPLATE_SEATS];     /* tiles each seat played (for stats) */
} template_state;

/* Tiles in the bag. */
int template__bag_size(const template_state *s);

/* The descriptor's slots other files define. */
extern const pf_bot_def template__bots[];
extern const pf_rung template__ladder[PF_LEVELS];
extern const char *const template__rules[];
extern const char *const template__brief[];
void template__view(const void *st, int seat, pf_jw *w);
int template__name(const void *st, pf_action a, char *buf, size_t n);
pf_err template__parse(const void *st, const char *str, pf_action *a);
void template__render(const void *st, int seat, char *buf, size_t n);

#endif
