/* pancake_scenario.h: helpers for Yummy Yummy Pancake's scenario tests.
 *
 * A scenario fixes the table order and the tosses (ruling C-2), plays a
 * script of "seat:action" steps (comma-separated) and compares a one-line
 * summary of the table:
 *
 *     "up SKBBLC down 2 | piles 0 1 | table 28 | 0 share"
 *
 * face-up pancakes in the pan (letters S K B L C, sorted), the face-down
 * count (" bonus" when the chef took one this turn), the piles, the
 * pancakes left on the table, then the seat to act and the phase, or
 * "won by 0 2" at the end. */
#ifndef PANCAKE_SCENARIO_H
#define PANCAKE_SCENARIO_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/pancake/pancake.h"
#include "pf_test.h"

/* A full table: four pans of "SKBLSKBC" then "LLLL" (the box's 36). */
#define TABLE_ALL "table=SKBLSKBC,SKBLSKBC,SKBLSKBC,SKBLSKBC,LLLL"

/* Writes the summary line of s (see above). */
static inline void pancake_describe(const pancake_state *s, char *buf, size_t n) {
    static const char letters[] = "SKBLC";
    static const char *const phase[] = {"toss", "share", "ask", "guess"};
    size_t w = 0;
    w += (size_t)snprintf(buf + w, n - w, "up ");
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        for (int i = 0; i < s->pan_up[t]; i++) w += (size_t)snprintf(buf + w, n - w, "%c", letters[t]);
    w += (size_t)snprintf(buf + w, n - w, " down %d%s | piles", s->down_n,
                          s->bonus >= 0 ? " bonus" : "");
    for (int i = 0; i < s->seats; i++) w += (size_t)snprintf(buf + w, n - w, " %d", s->pile[i]);
    w += (size_t)snprintf(buf + w, n - w, " | table %d | ", PANCAKE_BOX - s->table_pos);
    if (s->phase == PANCAKE_P_OVER) {
        w += (size_t)snprintf(buf + w, n - w, "won by");
        for (int i = 0; i < s->seats; i++)
            if ((s->winners >> i) & 1u) w += (size_t)snprintf(buf + w, n - w, " %d", i);
    } else {
        int who = s->phase == PANCAKE_P_GUESS ? s->guesser : s->chef;
        snprintf(buf + w, n - w, "%d %s", who, phase[s->phase]);
    }
}

/* Plays "seat:action, seat:action, ..." on st, failing on any refusal. */
static inline void pancake_play(const pf_game *g, void *st, const char *script, pf_events *ev) {
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", script);
    char *save = NULL;
    for (char *step = strtok_r(buf, ",", &save); step; step = strtok_r(NULL, ",", &save)) {
        while (*step == ' ') step++;
        if (!*step) continue;
        char *colon = strchr(step, ':');
        if (!colon) fail_msg("bad script step '%s'", step);
        *colon = 0;
        pf_test_act(g, st, atoi(step), colon + 1, 0, ev);
    }
}

/* A topping other than t (for a guess that must miss). */
static inline const char *pancake_miss(int t) {
    return pancake__topping_name[(t + 1) % PANCAKE_TOPPINGS];
}

#endif
