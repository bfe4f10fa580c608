/* plain_skill.h: skill in the line mode (ruling C-4).
 *
 * A toss's p or a stack's offset is a person's timing, never a number they
 * type and get exactly. Where the output can redraw a line (a terminal) a
 * meter swings on one line and Enter stops it: where it stopped is the
 * number. Elsewhere (scripts, dumb terminals) the person names an aim and
 * an average hand's error moves it (the game's skill_error, the `medium`
 * bot's model), drawn from the table's hand generator, which the person
 * cannot predict. */
#ifndef PF_CLI_PLAIN_SKILL_H
#define PF_CLI_PLAIN_SKILL_H

#include <stdbool.h>
#include <stdio.h>

#include "partyfood/match.h"

/* The line mode's hands. */
typedef struct plain_skill {
    bool meter;               /* people stop a meter (the output is a terminal) */
    int64_t (*clock)(void);   /* ms on a steady clock: the meter's (tests inject one) */
    pf_rng hand;              /* the table's hand generator */
} plain_skill;

/* Sets up the hands: a meter when in and out are terminals that can
 * redraw a line; the hand generator seeded from seed and the wall clock. */
void plain_skill_init(plain_skill *k, FILE *in, FILE *out, uint64_t seed);

/* One of a person's choices: an action, or a kind of skill action ("toss",
 * "stack cup") standing for all its numbers. */
typedef struct plain_choice {
    pf_action a;   /* the action; for a kind, one of its listed numbers */
    bool skill;    /* a kind of skill action */
    char name[96]; /* the action's name, or the kind */
} plain_choice;

/* Writes seat's choices (the legal list with each kind of skill action
 * folded into one entry) into out and returns their count (cap must be at
 * least PF_MAX_LEGAL). */
int plain_choices(const pf_match *m, int seat, plain_choice *out, int cap);

/* Tells how skill actions among the choices c[0..n) are played here. */
void plain_skill_help(const plain_skill *k, const plain_choice *c, int n, FILE *out);

/* Reads a person's line that names a skill action: a kind ("toss"), a kind
 * with an aim ("toss 0.9"), or the number of a kind in the choices. On a
 * meter, runs it (reading Enter from in); without one, moves the typed aim
 * by an average hand's error. Returns 1 with *a the action to play and
 * *stopped the clock's ms when the person decided (-1: not measured), 0
 * when the line names no skill action, -1 when it needs more (a message
 * was written) or input ended during the meter (*stopped == -2). */
int plain_skill_read(plain_skill *k, const pf_match *m, int seat, const char *line, FILE *in,
                     FILE *out, pf_action *a, int64_t *stopped);

/* A meter: a value going from lo to hi and back every period. */
typedef struct plain_meter {
    double lo, hi;
    int period_ms;
    char kind[96]; /* what it sets, for the line ("toss") */
} plain_meter;

/* The steady clock the line mode and its meter read (ms). */
int64_t plain_steady_ms(void);

/* The meter's value elapsed ms after it started. */
double plain_meter_value(const plain_meter *m, int64_t elapsed);

/* Draws the meter on out's current line (redrawn with \r) until a line
 * arrives on in; *value gets the value at that moment and *stopped the
 * clock's ms. Returns 1, or -1 at the end of input. */
int plain_meter_run(const plain_meter *m, FILE *in, FILE *out, int64_t (*clock)(void),
                    double *value, int64_t *stopped);

#endif
