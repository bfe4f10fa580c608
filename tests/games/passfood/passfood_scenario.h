/* passfood_scenario.h: helpers for Pass the Party Food's scenario tests.
 *
 * A scenario fixes the bag order and the starting boards through options
 * (ruling C-2), plays named actions and compares boards written as letters
 * in column order: "SSBF" is 2 snakes, 1 biscuit, 1 fairy bread. */
#ifndef PASSFOOD_SCENARIO_H
#define PASSFOOD_SCENARIO_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/passfood/passfood.h"
#include "pf_test.h"

/* No tokens: the engine stops only at plates, sets and Ziggy choices. */
#define NOTOK "swaps=0;takes=0;difficulty=0;"

static inline const pf_game *pfg(void)
{
    return pf_test_game("passfood");
}

static inline passfood_state *scen(int seats, const char *spec)
{
    return pf_test_new(pfg(), seats, spec, 7);
}

static inline void act(passfood_state *s, int seat, const char *name)
{
    pf_test_act(pfg(), s, seat, name, 0, NULL);
}

static inline bool legal_has(const passfood_state *s, int seat, const char *name)
{
    return pf_test_is_legal(pfg(), s, seat, name);
}

/* A board as letters in column order. */
static inline const char *letters(const uint8_t c[PASSFOOD_FOODS])
{
    static char buf[4][32];
    static int k;
    char *b = buf[k++ & 3];
    int n = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++)
        for (int i = 0; i < c[f]; i++)
            b[n++] = "SBFPL"[f];
    b[n] = '\0';
    return b;
}

/* The single seat to act (-1 when the game is over). */
static inline int acting(const passfood_state *s)
{
    uint32_t set = pfg()->to_act(s);
    return set ? __builtin_ctz(set) : -1;
}

/* Plays the first legal action ("carry on" when offered, else the first
 * plate or Ziggy choice) until `seat` is to act in `phase`, or the game
 * ends; at most `limit` actions. */
static inline void play_until(passfood_state *s, int seat, int phase, int limit)
{
    while (limit-- > 0 && acting(s) >= 0 && !(acting(s) == seat && s->phase == phase)) {
        pf_action legal[PF_MAX_LEGAL];
        int who = acting(s);
        int n = pfg()->legal(s, who, legal, PF_MAX_LEGAL);
        assert_true(n > 0);
        pf_error err;
        assert_int_equal(pf_state_apply(pfg(), s, who, legal[0], 0, NULL, &err), PF_E_OK);
    }
}

#endif
