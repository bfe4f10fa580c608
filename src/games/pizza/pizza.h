/* pizza.h: Pizza Party's state, shared by the rules (pizza.c), the text
 * side (pizza_text.c: names, views, picture) and the bots (pizza_bots.c).
 *
 * Tests and bots may read this struct; only pizza.c writes it. Bots read
 * the public parts only (the slices, which cells are face down, and the
 * cells in `seen`): see pizza_bots.c. */
#ifndef PIZZA_H
#define PIZZA_H

#include <stdbool.h>
#include <stdint.h>

#include "partyfood/game.h"
#include "partyfood/obs.h"

enum {
    PIZZA_COLS = 8,         /* PIZ-1: the grid is 8 cells wide */
    PIZZA_CELLS = 32,       /* at most 4 rows */
    PIZZA_SLICES = 4,       /* red, yellow, green, blue */
    PIZZA_KINDS = 4,        /* onion, pepper, mushroom, pepperoni */
    PIZZA_PER_KIND = 6,     /* toppings of each kind, and a full slice */
    PIZZA_PER_COLOUR = 2,   /* switch pieces of each handle colour */
    PIZZA_MAX_TURNS = 1000, /* PIZ-4 safety net */
    PIZZA_NONE = 0xff,
};

/* Pieces: 0..3 a topping of that kind, 4..7 a switch piece of colour
 * piece - 4. Slices are numbered by handle colour 0..3. */
#define PIZZA_SWITCH(colour) ((uint8_t)(4 + (colour)))
#define PIZZA_IS_TOPPING(piece) ((piece) < 4)

/* Actions: 0..31 "flip i" (turn over cell i); 32..35 "switch <colour>"
 * (after rule e, swap with the slice of that colour). */
#define PIZZA_FLIP(cell) ((pf_action)(cell))
#define PIZZA_PICK(colour) ((pf_action)(PIZZA_CELLS + (colour)))

/* How the last piece turned over was resolved (PIZ-3's letters). */
typedef enum pizza_rule {
    PIZZA_RULE_NONE, /* nothing turned over yet */
    PIZZA_RULE_A,    /* topping of a free kind onto an empty slice */
    PIZZA_RULE_B,    /* topping of a kind on another slice: back */
    PIZZA_RULE_C,    /* topping of your slice's kind: placed */
    PIZZA_RULE_C2,   /* (c') topping of a free kind, your slice has another: back */
    PIZZA_RULE_D,    /* switch of another slice's colour: swapped */
    PIZZA_RULE_E,    /* switch of your own colour: you choose a slice */
} pizza_rule;

/* The whole game. Positions 0..3 are places at the table: position p < seats
 * is seat p, the others are imaginary seats. Invariants: at[] and pos[] are
 * inverse permutations of the slices in play; each kind lies on at most one
 * slice (kind_slice); cells in `down` hold a piece, other cells PIZZA_NONE;
 * down_list[0..down_n) lists the cells of `down` in ascending order;
 * seen is a subset of down; toppings on slices + used switches + pieces in
 * face-down cells == every piece in play; no slice holds 6 while the game
 * runs, so some cell is face down until the end. */
typedef struct pizza_state {
    pf_rng rng;                        /* only init's shuffle draws from it */
    uint8_t cell[PIZZA_CELLS];         /* piece in each cell, PIZZA_NONE when empty */
    uint16_t seen_turn[PIZZA_CELLS];   /* turn of the last reveal of a seen cell */
    uint32_t down;                     /* bit set: face-down cells */
    uint8_t down_list[PIZZA_CELLS + 1]; /* the same cells ascending, down_n of them (a  */
    uint8_t down_n;                     /* playout's pick: legal_pick), and a spare byte */
    uint32_t seen;                     /* bit set: face-down cells shown before (public) */
    uint8_t slice_kind[PIZZA_SLICES];  /* topping kind on each slice, or PIZZA_NONE */
    uint8_t slice_count[PIZZA_SLICES]; /* toppings on each slice */
    uint8_t kind_slice[PIZZA_KINDS];   /* slice holding each kind, or PIZZA_NONE */
    uint8_t at[PIZZA_SLICES];          /* slice in front of each position */
    uint8_t pos[PIZZA_SLICES];         /* position of each slice */
    uint8_t used[PIZZA_SLICES];        /* switch pieces of each colour out of the game */
    uint8_t seats, nslices, kinds, ncells;
    uint8_t switches;              /* 1 when switch pieces are in play */
    uint8_t memory_aid;            /* 1: the picture shows earlier reveals */
    uint8_t to_move;               /* seat whose turn it is */
    uint8_t choosing;              /* 1 after rule e: to_move picks a slice */
    uint8_t winner;                /* seat, or PIZZA_NONE */
    uint8_t ended;                 /* 1 once someone won or the turns ran out */
    uint8_t last_cell, last_piece; /* the piece just turned over, PIZZA_NONE if none */
    uint8_t last_seat, last_rule;  /* who turned it over, how it was resolved */
    uint16_t turn;                 /* completed turns */
} pizza_state;

_Static_assert(sizeof(pizza_state) < 512, "PIZ state must stay small");

/* The descriptor (pizza.c). */
extern const pf_game pf_game_pizza;

/* Names for people: "onion"..., "red"..., "switch red"..., "a".."c'"... */
extern const char *const pizza__kind_name[PIZZA_KINDS];
extern const char *const pizza__colour_name[PIZZA_SLICES];
/* The piece's name ("onion", "red switch"). */
const char *pizza__piece_name(uint8_t piece);
/* The rule letter as printed ("a", "c'", ...); "" for none. */
const char *pizza__rule_name(uint8_t rule);

/* Text side (pizza_text.c). */
int pizza__name(const void *st, pf_action a, char *buf, size_t n);
pf_err pizza__parse(const void *st, const char *s, pf_action *a);
void pizza__view(const void *st, int seat, pf_jw *w);
void pizza__render(const void *st, int seat, char *buf, size_t n);

/* Why the observing seat would play a (pizza_why.c; a hint's reason). */
struct pf_why;
void pizza__explain(const pf_obs *o, pf_action a, pf_rng *rng, struct pf_why *w);

/* Bots (pizza_bots.c), ending with name == NULL. */
extern const pf_bot_def pizza__bots[];
extern const pf_rung pizza__ladder[PF_LEVELS];
extern const char *const pizza__rules[];
extern const char *const pizza__brief[];
/* The move a bot remembering reveals from the last `memory` turns (all of
 * them when memory < 0) would make in s for the seat to move. */
pf_action pizza__memory_move(const pizza_state *s, int memory, pf_rng *rng);
/* The planner's rule, its own move in its playouts: the memory bot's, but
 * a take becomes a discovery when a rival will fill its slice from
 * remembered toppings first, and a discovery becomes a pass (the lowest
 * remembered cell) when every real slice holds 3 toppings or more, no rival
 * has a remembered copy of its kind and a switch piece is still face down.
 * With rng NULL, a choice among alike cells takes the lowest. */
pf_action pizza__planner_playout_move(const pizza_state *s, pf_rng *rng);

#endif
