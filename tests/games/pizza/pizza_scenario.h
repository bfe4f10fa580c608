/* pizza_scenario.h: helpers for Pizza Party's scenario tests.
 *
 * A scenario fixes the grid (ruling C-2), plays a script of "seat:action"
 * steps and compares a one-line summary of the public table:
 *
 *     "r0:on2 y1:pe1 g~2:- b~3:- | c | next 1 | 29 down"
 *
 * one entry per slice in play (handle colour letter, holder: a seat, or ~p
 * for the imaginary seat at position p, then topping code and count or -),
 * the rule that resolved the last piece, who acts next ("next 0 pick" while
 * a seat picks a slice after rule e; "seat 0 won" or "no winner" at the
 * end) and the number of face-down cells. */
#ifndef PIZZA_SCENARIO_H
#define PIZZA_SCENARIO_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/pizza/pizza.h"
#include "pf_test.h"

/* The full set in a known order: onion 0-5, pepper 6-11, mushroom 12-17,
 * pepperoni 18-23, red switch 24-25, yellow 26-27, green 28-29, blue 30-31. */
#define GRID_ALL                                                                  \
    "grid=on,on,on,on,on,on,pe,pe, pe,pe,pe,pe,mu,mu,mu,mu,"                      \
    " mu,mu,pp,pp,pp,pp,pp,pp, sr,sr,sy,sy,sg,sg,sb,sb"

/* Writes the summary line of s (see above). */
static inline void pizza_describe(const pizza_state *s, char *buf, size_t n)
{
    static const char *const code[4] = {"on", "pe", "mu", "pp"};
    size_t len = 0;
    for (int j = 0; j < s->nslices; j++) {
        int p = s->pos[j];
        char what[8];
        if (s->slice_kind[j] == PIZZA_NONE)
            snprintf(what, sizeof what, "-");
        else
            snprintf(what, sizeof what, "%s%d", code[s->slice_kind[j]], s->slice_count[j]);
        len += (size_t)snprintf(buf + len, n - len, "%s%c%s%d:%s", j ? " " : "",
                                pizza__colour_name[j][0], p < s->seats ? "" : "~", p, what);
    }
    len += (size_t)snprintf(buf + len, n - len, " | %s | ",
                            s->last_rule ? pizza__rule_name(s->last_rule) : "-");
    if (s->ended && s->winner != PIZZA_NONE)
        len += (size_t)snprintf(buf + len, n - len, "seat %d won", s->winner);
    else if (s->ended)
        len += (size_t)snprintf(buf + len, n - len, "no winner");
    else
        len += (size_t)snprintf(buf + len, n - len, "next %d%s", s->to_move,
                                s->choosing ? " pick" : "");
    snprintf(buf + len, n - len, " | %d down", __builtin_popcount(s->down));
}

/* Plays "seat:action, seat:action, ..." on st, each step checked. */
static inline void pizza_play(const pf_game *g, void *st, const char *script,
                              pf_events *ev)
{
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", script);
    char *save = NULL;
    for (char *step = strtok_r(buf, ",", &save); step; step = strtok_r(NULL, ",", &save)) {
        while (*step == ' ')
            step++;
        char *colon = strchr(step, ':');
        if (!colon)
            fail_msg("bad script step '%s'", step);
        *colon = '\0';
        pf_test_act(g, st, atoi(step), colon + 1, 0, ev);
    }
}

/* A new game from seats and options, played through script. */
static inline pizza_state *pizza_scenario(int seats, const char *options, const char *script)
{
    const pf_game *g = pf_test_game("pizza");
    pizza_state *s = pf_test_new(g, seats, options, 1);
    pizza_play(g, s, script, NULL);
    return s;
}

/* Fails unless s's summary is want. */
static inline void pizza_expect(const pizza_state *s, const char *name, const char *want)
{
    char got[256];
    pizza_describe(s, got, sizeof got);
    if (strcmp(got, want) != 0)
        fail_msg("%s\n  want: %s\n  got:  %s", name, want, got);
}

/* Fails unless the invariants of pizza.h hold in s. */
static inline void pizza_check_invariants(const pizza_state *s)
{
    int pieces[8] = {0};
    assert_true((s->seen & ~s->down) == 0);
    for (int i = 0; i < PIZZA_CELLS; i++) {
        bool down = s->down >> i & 1;
        assert_true(down ? s->cell[i] < 8 : s->cell[i] == PIZZA_NONE);
        assert_true(i < s->ncells || !down);
        if (down)
            pieces[s->cell[i]]++;
    }
    for (int j = 0; j < s->nslices; j++) {
        assert_int_equal(s->at[s->pos[j]], j);
        int k = s->slice_kind[j];
        assert_true(k == PIZZA_NONE ? s->slice_count[j] == 0 : s->kind_slice[k] == j);
        assert_true(s->slice_count[j] < PIZZA_PER_KIND ||
                    (s->ended && s->pos[j] == s->winner));
        if (k != PIZZA_NONE)
            pieces[k] += s->slice_count[j];
        pieces[PIZZA_SWITCH(j)] += s->used[j];
    }
    for (int k = 0; k < PIZZA_KINDS; k++) {
        assert_true(s->kind_slice[k] == PIZZA_NONE || s->slice_kind[s->kind_slice[k]] == k);
        assert_int_equal(pieces[k], k < s->kinds ? PIZZA_PER_KIND : 0);
        assert_int_equal(pieces[PIZZA_SWITCH(k)],
                         s->switches && k < s->nslices ? PIZZA_PER_COLOUR : 0);
    }
    assert_true(s->ended || s->down != 0);
}

#endif
