/* pancake_why.c: why a seat would toss, share, stop, ask or guess (a hint's
 * reason, why.h), from what it knows (YYP-7): which toppings went face down
 * this turn (everyone saw the pan before the toss) and, for the chef, its
 * bonus and the pancake it picked. A guesser is expected to name the
 * topping most of the hidden pancakes have, as the bots do. The sample is
 * read only where the seat knows it: the public multiset, the piles, and
 * the chef's own looks. */
#include "games/pancake/pancake.h"
#include "partyfood/why.h"

/* The topping most of the hidden pancakes have (the lowest on a tie). */
static int favourite(const int hidden[PANCAKE_TOPPINGS])
{
    int best = 0;
    for (int t = 1; t < PANCAKE_TOPPINGS; t++)
        if (hidden[t] > hidden[best])
            best = t;
    return best;
}

/* How many toppings are hidden as often as the favourite: more than one,
 * and a guesser can only guess. */
static int favourites(const int hidden[PANCAKE_TOPPINGS])
{
    int fav = favourite(hidden), n = 0;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        n += hidden[t] == hidden[fav];
    return n;
}

static int total(const int c[PANCAKE_TOPPINGS])
{
    int n = 0;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        n += c[t];
    return n;
}

static void likely_fact(pf_why *w, const int hidden[PANCAKE_TOPPINGS], int fav)
{
    pf_why_fact *f = pf_why_fact_add(w, "likely_guess");
    pf_why_str(f, "topping", pancake__topping_name[fav]);
    pf_why_num(f, "count", hidden[fav]);
    pf_why_num(f, "hidden", total(hidden));
}

/* The chef's face-down pancakes (it knows which is its bonus and which it
 * picked, so exactly these are left to share). */
static void chef_down(const pancake_state *s, int d[PANCAKE_TOPPINGS])
{
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        d[t] = 0;
    for (int i = 0; i < s->down_n; i++)
        d[s->down[i]]++;
}

static void explain_share(const pancake_state *s, bool stop, pf_why *w)
{
    int hidden[PANCAKE_TOPPINGS], d[PANCAKE_TOPPINGS];
    pancake__public_down(s, hidden);
    chef_down(s, d);
    int fav = favourite(hidden), n = total(d), fooling = n - d[fav];
    likely_fact(w, hidden, fav);
    pf_why_fact *f = pf_why_fact_add(w, "face_down");
    pf_why_num(f, "count", n);
    pf_why_num(f, "not_likely", fooling);
    if (favourites(hidden) > 1)
        pf_why_say(w, "No topping is hidden more often than the others, so a guesser can only "
                      "guess: %s.",
                   stop ? "you may stop now and keep the pan for later"
                        : "share one and it will likely be yours");
    else if (stop && fooling == 0)
        pf_why_say(w, "%s %s, the topping a guesser will likely name: stop before you give %s "
                      "away.",
                   n == 1 ? "The face-down pancake is" : "The face-down pancakes are all",
                   pancake__topping_name[fav], n == 1 ? "it" : "them");
    else if (stop)
        pf_why_say(w, "Only %d of the %d face-down pancakes %s not %s, the topping a guesser "
                      "will likely name: stop before you give them away.",
                   fooling, n, fooling == 1 ? "is" : "are", pancake__topping_name[fav]);
    else if (2 * fooling > n)
        pf_why_say(w, "%d of the %d face-down pancakes %s not %s, the topping a guesser will "
                      "likely name: share one and you will likely win it.",
                   fooling, n, fooling == 1 ? "is" : "are", pancake__topping_name[fav]);
    else if (!s->shared)
        pf_why_say(w, "A chef shares at least one pancake each turn, so pick one: a guesser "
                      "will likely name %s.",
                   pancake__topping_name[fav]);
    else
        pf_why_say(w, "%d of the %d face-down pancakes %s not %s, the topping a guesser will "
                      "likely name: sharing on is a gamble.",
                   fooling, n, fooling == 1 ? "is" : "are", pancake__topping_name[fav]);
}

static void explain_ask(const pancake_state *s, int j, pf_why *w)
{
    int hidden[PANCAKE_TOPPINGS];
    pancake__public_down(s, hidden);
    int fav = favourite(hidden), mine = s->cur;
    pf_why_str(pf_why_fact_add(w, "your_pancake"), "topping", pancake__topping_name[mine]);
    likely_fact(w, hidden, fav);
    pf_why_fact *f = pf_why_fact_add(w, "pile");
    pf_why_num(f, "seat", j);
    pf_why_num(f, "count", s->pile[j]);
    if (hidden[mine] == hidden[fav] && favourites(hidden) > 1) {
        pf_why_say(w, "Your pancake is %s, and no topping is hidden more often than the others: "
                      "seat %d can only guess, and a wrong guess makes it yours.",
                   pancake__topping_name[mine], j + 1);
        return;
    }
    if (hidden[mine] < hidden[fav]) {
        pf_why_say(w, "Your pancake is %s, but more hidden pancakes are %s: seat %d will likely "
                      "guess wrong, and then it is yours.",
                   pancake__topping_name[mine], pancake__topping_name[fav], j + 1);
        return;
    }
    bool fewest = true;
    for (int i = 0; i < s->seats; i++)
        fewest &= i == s->chef || s->pile[i] >= s->pile[j];
    if (fewest)
        pf_why_say(w, "Your pancake is %s, the topping a guesser will likely name: give it to "
                      "seat %d, who has the fewest pancakes.",
                   pancake__topping_name[mine], j + 1);
    else
        pf_why_say(w, "Your pancake is %s, the topping a guesser will likely name: give it to "
                      "seat %d, who has %d pancake%s.",
                   pancake__topping_name[mine], j + 1, s->pile[j], s->pile[j] == 1 ? "" : "s");
}

static void explain_guess(const pancake_state *s, int g, pf_why *w)
{
    int hidden[PANCAKE_TOPPINGS];
    pancake__public_down(s, hidden);
    int n = total(hidden), fav = favourite(hidden);
    pf_why_fact *f = pf_why_fact_add(w, "hidden");
    pf_why_str(f, "topping", pancake__topping_name[g]);
    pf_why_num(f, "count", hidden[g]);
    pf_why_num(f, "of", n);
    if (s->gamble && g == PANCAKE_CHOC)
        pf_why_say(w, "%d of the %d hidden pancakes %s chocolate, and a right chocolate guess "
                      "also wins a pancake from the chef.",
                   hidden[g], n, hidden[g] == 1 ? "is" : "are");
    else if (hidden[g] == hidden[fav] && favourites(hidden) == 1)
        pf_why_say(w, "%d of the %d hidden pancakes %s %s, more than any other topping: it is "
                      "the best guess.",
                   hidden[g], n, hidden[g] == 1 ? "is" : "are", pancake__topping_name[g]);
    else if (hidden[g] == hidden[fav])
        pf_why_say(w, "%d of the %d hidden pancakes %s %s, no fewer than any other topping: a "
                      "good guess.",
                   hidden[g], n, hidden[g] == 1 ? "is" : "are", pancake__topping_name[g]);
    else
        pf_why_say(w, "%d of the %d hidden pancakes %s %s: a fair guess.", hidden[g], n,
                   hidden[g] == 1 ? "is" : "are", pancake__topping_name[g]);
}

void pancake__explain(const pf_obs *o, pf_action a, pf_rng *rng, pf_why *w)
{
    pancake_state s;
    pf_obs_sample(o, rng, &s);
    if (a >= PANCAKE_A_TOSS) {
        pf_why_num(pf_why_fact_add(w, "bonus_at"), "face_down", 5);
        pf_why_say(w, "Flick hard: the more pancakes land face-down, the more you can share, and "
                      "5 or more earn you a bonus pancake.");
    } else if (a == PANCAKE_A_PICK || a == PANCAKE_A_STOP) {
        explain_share(&s, a == PANCAKE_A_STOP, w);
    } else if (a >= PANCAKE_A_ASK) {
        explain_ask(&s, (int)(a - PANCAKE_A_ASK), w);
    } else {
        explain_guess(&s, (int)(a - PANCAKE_A_GUESS), w);
    }
}
