/* pancake.h: Yummy Yummy Pancake internals shared by the files of this
 * folder (rules in pancake.c, bots in pancake_bots.c, text in
 * pancake_text.c) and by its tests.
 *
 * Nothing here is part of the public API: the rest of the program sees only
 * `const pf_game pf_game_pancake`. See pancake.c for the rules. */
#ifndef PANCAKE_H
#define PANCAKE_H

#include <stdint.h>

#include "partyfood/game.h"
#include "partyfood/obs.h"

enum { PANCAKE_STRAW, PANCAKE_KIWI, PANCAKE_BANANA, PANCAKE_BLUE, PANCAKE_CHOC, PANCAKE_TOPPINGS };

#define PANCAKE_BOX 36     /* pancakes in the box */
#define PANCAKE_PAN 8      /* pancakes in a full pan */
#define PANCAKE_WIN 12     /* a pile this big wins at once (YYP-6) */
#define PANCAKE_SCRIPT 128 /* bytes of scripted tosses */

/* Phases of a chef's turn. */
enum {
    PANCAKE_P_TOSS,  /* chef: toss p */
    PANCAKE_P_SHARE, /* chef: pick a face-down pancake, or stop (after one share) */
    PANCAKE_P_ASK,   /* chef: ask the player who guesses the picked pancake */
    PANCAKE_P_GUESS, /* guesser: name a topping */
    PANCAKE_P_OVER
};

/* Action encoding (ascending order = legal order). */
#define PANCAKE_A_GUESS 0u /* + topping (0..4) */
#define PANCAKE_A_ASK 8u   /* + seat (0..3) */
#define PANCAKE_A_PICK 16u
#define PANCAKE_A_STOP 17u
#define PANCAKE_A_TOSS 100u /* + p in hundredths (10..90) */
#define PANCAKE_P_MIN 10
#define PANCAKE_P_MAX 90

/* The whole game: flat, memcpy-clonable, well under 512 bytes. */
typedef struct pancake_state {
    pf_rng rng;
    uint8_t seats, chef, phase;
    uint8_t guesser;    /* seat answering, in PANCAKE_P_GUESS */
    uint8_t gamble;     /* chocolate gamble variant (YYP-5) */
    uint8_t memory_aid; /* render shows the face-down counts (YYP-7) */
    uint8_t winners;    /* bit set, when over */
    uint8_t shared;     /* shares completed this turn */
    uint8_t
        table[PANCAKE_BOX]; /* draw order; table[table_pos..] still on the table (hidden order) */
    uint8_t table_pos;
    uint8_t pan_up[PANCAKE_TOPPINGS]; /* face-up pancakes in the pan, per topping */
    uint8_t
        down[PANCAKE_PAN]; /* face-down pancakes; the next one taken is down[down_n-1] (hidden) */
    uint8_t down_n;
    int8_t bonus;                   /* topping of this turn's bonus pancake, -1: none (chef only) */
    int8_t cur;                     /* topping of the picked pancake, -1: none (chef only) */
    uint8_t pile[4];                /* pancakes won per seat (only counts matter) */
    uint16_t turn;                  /* chef turns started so far */
    uint8_t script[PANCAKE_SCRIPT]; /* scripted tosses: [k, t1..tk]... */
    uint8_t script_len, script_pos;
} pancake_state;

/* The descriptor (pancake.c). */
extern const pf_game pf_game_pancake;

extern const pf_bot_def pancake__bots[];
extern const pf_rung pancake__ladder[PF_LEVELS];
extern const char *const pancake__rules[];
extern const char *const pancake__brief[];

/* The game's skill_error (C-4): a toss's p moved by a hand's error (pancake_bots.c). */
bool pancake__skill_error(pf_action aim, double wobble, pf_rng *rng, pf_action *played);

/* The schemer's move (the stopper's when stopper) for the seat to act in s,
 * a state as that seat may see it (pancake_bots.c): the planner's move
 * when it does not search, and its playout policy. */
pf_action pancake__scheming_move(const pancake_state *s, bool stopper, pf_rng *rng);

/* The planner bot (pancake_planner.c). */
pf_err pancake__choose_planner(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t);

/* The multiset of pancakes everyone knows to be face-down or taken from the
 * face-down ones this turn (face-down + bonus + picked): YYP-7. */
void pancake__public_down(const pancake_state *s, int counts[PANCAKE_TOPPINGS]);

/* The toppings' names ("strawberry"...). */
extern const char *const pancake__topping_name[PANCAKE_TOPPINGS];

/* The topping named by s (full name, a prefix of at least 3 letters, or a
 * letter), or -1. */
int pancake__topping_of_word(const char *s);

/* Writes counts as "2 kiwi, 1 banana" (or "none") into buf. */
void pancake__counts_text(const int c[PANCAKE_TOPPINGS], char *buf, size_t n);

/* Why the observing seat would play a (pancake_why.c; a hint's reason). */
struct pf_why;
void pancake__explain(const pf_obs *o, pf_action a, pf_rng *rng, struct pf_why *w);

/* The descriptor's text slots (pancake_text.c). */
void pancake__view(const void *st, int seat, pf_jw *w);
int pancake__name(const void *st, pf_action a, char *buf, size_t n);
pf_err pancake__parse(const void *st, const char *str, pf_action *a);
bool pancake__renamed_since_v2(const char *old, char *buf, size_t n);
void pancake__render(const void *st, int seat, char *buf, size_t n);

#endif
