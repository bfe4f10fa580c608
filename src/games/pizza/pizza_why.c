/* pizza_why.c: why a seat would turn over a cell or take a slice (a hint's
 * reason, why.h), from what it knows: the slices, which cells are face down,
 * and the pieces turned over before (public history, PIZ-7; a hint is a
 * memory aid). It reads a sample only there: seen cells keep their piece in
 * every sample, never-seen cells are random in it and are never read. */
#include "games/pizza/pizza.h"
#include "partyfood/why.h"

#include <stdio.h>

/* "a" or "an" before a topping's name. */
static const char *article(int kind)
{
    return kind == 0 ? "an" : "a"; /* onion */
}

/* Toppings of `kind` whose place nobody knows: not on a slice, not in a
 * seen cell. */
static int hidden_of_kind(const pizza_state *s, int kind)
{
    int n = PIZZA_PER_KIND;
    if (s->kind_slice[kind] != PIZZA_NONE)
        n -= s->slice_count[s->kind_slice[kind]];
    for (uint32_t d = s->seen; d; d &= d - 1)
        n -= s->cell[__builtin_ctz(d)] == kind;
    return n;
}

static void slice_fact(pf_why *w, const char *name, const pizza_state *s, int slice)
{
    pf_why_fact *f = pf_why_fact_add(w, name);
    pf_why_str(f, "colour", pizza__colour_name[slice]);
    if (s->slice_kind[slice] != PIZZA_NONE)
        pf_why_str(f, "topping", pizza__kind_name[s->slice_kind[slice]]);
    pf_why_num(f, "count", s->slice_count[slice]);
    pf_why_num(f, "seat", s->pos[slice] < s->seats ? s->pos[slice] : -1);
}

/* Rule e: why take `slice`. */
static void explain_switch(const pizza_state *s, int seat, int slice, pf_why *w)
{
    int mine = s->at[seat];
    slice_fact(w, "slice", s, slice);
    slice_fact(w, "your_slice", s, mine);
    int k = s->slice_kind[slice];
    if (s->slice_count[slice] > s->slice_count[mine])
        pf_why_say(w, "The %s slice has %d %s%s, more than yours: swap yours for it.",
                   pizza__colour_name[slice], s->slice_count[slice], pizza__kind_name[k],
                   s->slice_count[slice] == 1 ? "" : "s");
    else if (s->pos[slice] >= s->seats)
        pf_why_say(w, "Nobody plays the %s slice, so taking it takes nothing away from a "
                      "friend.",
                   pizza__colour_name[slice]);
    else
        pf_why_say(w, "Your slice has %d topping%s and the %s slice has %d: a swap costs you "
                      "little.",
                   s->slice_count[mine], s->slice_count[mine] == 1 ? "" : "s",
                   pizza__colour_name[slice], s->slice_count[slice]);
}

/* Why turn over cell i. */
static void explain_flip(const pizza_state *s, int seat, int i, pf_why *w)
{
    int mine = s->at[seat], kind = s->slice_kind[mine];
    if (s->seen >> i & 1) {
        int p = s->cell[i]; /* a topping: a switch piece never goes back */
        pf_why_fact *f = pf_why_fact_add(w, "seen");
        pf_why_num(f, "cell", i);
        pf_why_str(f, "piece", pizza__kind_name[p]);
        if (p == kind) {
            slice_fact(w, "your_slice", s, mine);
            pf_why_say(w, "Cell %d was %s %s: your slice's kind, so it goes on your slice.", i,
                       article(p), pizza__kind_name[p]);
        } else if (kind == PIZZA_NONE && s->kind_slice[p] == PIZZA_NONE) {
            pf_why_str(pf_why_fact_add(w, "free_kind"), "topping", pizza__kind_name[p]);
            pf_why_say(w, "Cell %d was %s %s, and no slice has %ss yet: it can start your "
                          "slice.",
                       i, article(p), pizza__kind_name[p], pizza__kind_name[p]);
        } else {
            pf_why_say(w, "Cell %d was %s %s: it goes back, so this turn shows nothing new to "
                          "anyone.",
                       i, article(p), pizza__kind_name[p]);
        }
        return;
    }
    pf_why_num(pf_why_fact_add(w, "unseen"), "cell", i);
    if (kind == PIZZA_NONE) {
        pf_why_say(w, "Nobody has turned over cell %d yet: a topping no slice has would start "
                      "your slice.",
                   i);
        return;
    }
    int hidden = hidden_of_kind(s, kind);
    pf_why_fact *f = pf_why_fact_add(w, "hidden");
    pf_why_str(f, "topping", pizza__kind_name[kind]);
    pf_why_num(f, "count", hidden);
    pf_why_say(w, "Nobody has turned over cell %d yet, and %d %s%s you need %s still hidden.", i,
               hidden, pizza__kind_name[kind], hidden == 1 ? "" : "s",
               hidden == 1 ? "is" : "are");
}

void pizza__explain(const pf_obs *o, pf_action a, pf_rng *rng, pf_why *w)
{
    pizza_state s;
    pf_obs_sample(o, rng, &s);
    int seat = pf_obs_seat(o);
    if (a >= PIZZA_CELLS)
        explain_switch(&s, seat, (int)(a - PIZZA_CELLS), w);
    else
        explain_flip(&s, seat, (int)a, w);
}
