/* passfood_why.c: why the team would put a tile on a plate, score a set,
 * use a token or answer a swap (a hint's reason, why.h). Everything on the
 * table is public (PPF: only the bag's order is hidden), so the reason
 * reads the boards, the pawns, Ziggy and the bag's contents, never its
 * order. Texts count seats from 1; "you" is the seat asking. */
#include "games/passfood/passfood.h"
#include "partyfood/why.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Ziggy this close behind a pawn (spaces) is worth saying. */
#define CLOSE 6

static const char *const plural[PASSFOOD_FOODS] = {"snakes", "biscuits", "fairy breads",
                                                   "pikelets", "lamingtons"};

static const char *food_of(int f, int n)
{
    return n == 1 ? passfood__food_names[f] : plural[f];
}

/* "you" or "seat N" for seat p seen by `me` ("You", "Seat N" to open a
 * sentence). */
static const char *who(int p, int me, bool cap, char *buf, size_t n)
{
    if (p == me)
        snprintf(buf, n, "%cou", cap ? 'Y' : 'y');
    else
        snprintf(buf, n, "%ceat %d", cap ? 'S' : 's', p + 1);
    return buf;
}

static int bag_of(const passfood_state *s, int f)
{
    int n = 0;
    for (int i = 0; i < s->bag_n; i++)
        n += s->bag[i] == f;
    return n;
}

static void board_fact(pf_why *w, int seat, int f, int count)
{
    pf_why_fact *x = pf_why_fact_add(w, "board");
    pf_why_num(x, "seat", seat);
    pf_why_str(x, "food", passfood__food_names[f]);
    pf_why_num(x, "count", count);
}

/* Ziggy's lead on seat p's pawn as a fact and a clause (empty when far). */
static const char *ziggy_clause(const passfood_state *s, pf_why *w, int p, int me, char *buf,
                                size_t n)
{
    int gap = s->pos[p] - s->zpos;
    buf[0] = '\0';
    if (s->pos[p] >= s->num.cake || gap > CLOSE)
        return buf;
    pf_why_fact *x = pf_why_fact_add(w, "ziggy_behind");
    pf_why_num(x, "seat", p);
    pf_why_num(x, "spaces", gap);
    if (gap <= 0)
        snprintf(buf, n, ", and Ziggy has caught up with %s", p == me ? "you" : "them");
    else
        snprintf(buf, n, ", and Ziggy is only %d space%s behind %s", gap, gap == 1 ? "" : "s",
                 p == me ? "you" : "them");
    return buf;
}

/* True when one more tile of food f completes a row of board c. */
static bool completes_row(const uint8_t c[PASSFOOD_FOODS], int f)
{
    int low = PASSFOOD_PROWS;
    for (int g = 0; g < PASSFOOD_FOODS; g++)
        if (g != f && c[g] < low)
            low = c[g];
    return c[f] < low; /* f is the only column short of row c[f] + 1 */
}

static void explain_plate(const passfood_state *s, int me, int plate, pf_why *w)
{
    int f = s->drawn, n = s->seats;
    int to = plate == 0 ? (me + 1) % n : plate == 1 ? me : n == 2 ? -1 : (me + n - 1) % n;
    int in_bag = bag_of(s, f);
    pf_why_fact *b = pf_why_fact_add(w, "bag");
    pf_why_str(b, "food", passfood__food_names[f]);
    pf_why_num(b, "count", in_bag);
    if (to < 0) {
        pf_why_say(w, "Nobody needs this %s much: the X space throws it away and keeps the "
                      "plates for better food.",
                   passfood__food_names[f]);
        return;
    }
    char name[16], Name[16], close[64];
    who(to, me, false, name, sizeof name);
    who(to, me, true, Name, sizeof Name);
    const char *has = to == me ? "have" : "has";
    int c = s->board[to][f];
    board_fact(w, to, f, c);
    if (s->pos[to] >= s->num.cake) {
        pf_why_say(w, "%s %s on the cake already, and this %s would help nobody else much.",
                   Name, to == me ? "are" : "is", passfood__food_names[f]);
        return;
    }
    ziggy_clause(s, w, to, me, close, sizeof close);
    if (c == PASSFOOD_PROWS - 1)
        pf_why_say(w, "%s %s 3 %s: this one makes a full column to score%s.", Name, has,
                   plural[f], close);
    else if (c < PASSFOOD_PROWS && completes_row(s->board[to], f))
        pf_why_say(w, "This %s gives %s one of each food: a row to score%s.",
                   passfood__food_names[f], name, close);
    else if (c > 0 && c < PASSFOOD_PROWS)
        pf_why_say(w, "%s %s %d %s and %d more %s in the bag: this one builds the column%s.",
                   Name, has, c, food_of(f, c), in_bag, in_bag == 1 ? "is" : "are", close);
    else if (c == 0)
        pf_why_say(w, "%s %s no %s yet: this one starts a column and helps a row%s.", Name,
                   has, passfood__food_names[f], close);
    else
        pf_why_say(w, "%s %s a full %s column: this one is thrown away, but the other plates "
                      "do more good.",
                   Name, has, passfood__food_names[f]);
}

/* Points of set `bit` (a bit of passfood__player_sets/ziggy_sets). */
static int set_points(const passfood_state *s, int bit, bool ziggy)
{
    if (ziggy)
        return bit < 5 ? s->num.zcol[bit] : s->num.zrow[bit - 5];
    return bit < 5 ? s->num.pcol[bit] : s->num.prow[bit - 5];
}

static void set_fact(pf_why *w, const char *name, int bit, int pts)
{
    pf_why_fact *x = pf_why_fact_add(w, name);
    if (bit < 5)
        pf_why_str(x, "column", passfood__food_names[bit]);
    else
        pf_why_num(x, "row", bit - 4);
    pf_why_num(x, "points", pts);
}

static void explain_score(const passfood_state *s, int me, int bit, pf_why *w)
{
    int pts = set_points(s, bit, false), from = s->pos[me], to = from + pts;
    set_fact(w, "set", bit, pts);
    char set[40];
    if (bit < 5)
        snprintf(set, sizeof set, "the %s column", passfood__food_names[bit]);
    else
        snprintf(set, sizeof set, "row %d", bit - 4);
    int dips = 0;
    for (int i = 0; i < s->num.ndips; i++)
        dips += s->num.dips[i] > from && s->num.dips[i] <= to;
    if (to >= s->num.cake) {
        pf_why_num(pf_why_fact_add(w, "cake"), "space", s->num.cake);
        pf_why_say(w, "Scoring %s takes you to the birthday cake.", set);
    } else if (dips) {
        pf_why_num(pf_why_fact_add(w, "lucky_dips"), "count", dips);
        pf_why_say(w, "Scoring %s moves you %d spaces, past %s: %s.", set, pts,
                   dips == 1 ? "a lucky dip" : "lucky dips", dips == 1 ? "a free tile" : "free tiles");
    } else {
        pf_why_say(w, "Scoring %s moves you %d spaces, away from Ziggy.", set, pts);
    }
}

static void explain_ziggy_score(const passfood_state *s, int bit, pf_why *w)
{
    int pts = set_points(s, bit, true);
    set_fact(w, "ziggy_set", bit, pts);
    if (bit < 5)
        pf_why_say(w, "Of Ziggy's sets, the %s column moves him least: %d spaces.",
                   passfood__food_names[bit], pts);
    else
        pf_why_say(w, "Of Ziggy's sets, row %d moves him least: %d spaces.", bit - 4, pts);
}

static void explain_take(const passfood_state *s, int me, int f, pf_why *w)
{
    int z = s->zboard[f], gap = s->pos[me] - s->zpos;
    pf_why_fact *x = pf_why_fact_add(w, "ziggy_board");
    pf_why_str(x, "food", passfood__food_names[f]);
    pf_why_num(x, "count", z);
    x = pf_why_fact_add(w, "ziggy_behind");
    pf_why_num(x, "seat", me);
    pf_why_num(x, "spaces", gap);
    char where[48];
    if (gap > 0)
        snprintf(where, sizeof where, "is %d space%s behind you", gap, gap == 1 ? "" : "s");
    else
        snprintf(where, sizeof where, "has caught up with you");
    uint8_t after[PASSFOOD_FOODS];
    memcpy(after, s->zboard, sizeof after);
    after[f]--;
    if (passfood__ziggy_sets(s->zboard) && !passfood__ziggy_sets(after))
        pf_why_say(w, "Ziggy has a set ready and %s: take his %s to break it.", where,
                   passfood__food_names[f]);
    else
        pf_why_say(w, "Ziggy %s and has %d %s: keep the %s from him.", where, z, food_of(f, z),
                   passfood__food_names[f]);
}

/* The food seat p lacks for a set that partner q holds, other than the
 * food p offers, or -1. */
static int wanted_from(const passfood_state *s, int p, int q, int offered)
{
    for (int f = 0; f < PASSFOOD_FOODS; f++)
        if (f != offered && s->board[q][f] && s->board[p][f] < PASSFOOD_PROWS &&
            (s->board[p][f] == PASSFOOD_PROWS - 1 || completes_row(s->board[p], f)))
            return f;
    return -1;
}

static void explain_swap(const passfood_state *s, int me, int to, int f, pf_why *w)
{
    int want = wanted_from(s, me, to, f);
    board_fact(w, me, f, s->board[me][f]);
    if (want >= 0) {
        board_fact(w, to, want, s->board[to][want]);
        pf_why_say(w, "You need a %s for a set and seat %d has one: offer them your %s.",
                   passfood__food_names[want], to + 1, passfood__food_names[f]);
    } else {
        pf_why_say(w, "Your %s helps seat %d more than you, and they can give you something "
                      "back.",
                   passfood__food_names[f], to + 1);
    }
}

static void explain_answer(const passfood_state *s, int me, int f, pf_why *w)
{
    int a = s->active;
    board_fact(w, a, f, s->board[a][f]);
    if (s->board[a][f] == PASSFOOD_PROWS - 1 || completes_row(s->board[a], f))
        pf_why_say(w, "Seat %d needs a %s for a set: give them yours.", a + 1,
                   passfood__food_names[f]);
    else
        pf_why_say(w, "Giving seat %d a %s helps them and costs you least.", a + 1,
                   passfood__food_names[f]);
    (void)me;
}

static void explain_decline(const passfood_state *s, pf_why *w)
{
    pf_why_fact *x = pf_why_fact_add(w, "offer");
    pf_why_num(x, "seat", s->active);
    pf_why_str(x, "food", passfood__food_names[s->swap_food]);
    pf_why_say(w, "Nothing you hold helps seat %d without hurting you: keep your tiles.",
               s->active + 1);
}

static void explain_carry_on(const passfood_state *s, pf_why *w)
{
    pf_why_num(pf_why_fact_add(w, "phase"), "step",
               s->phase == PASSFOOD_PH_SCORE ? 4 : s->phase == PASSFOOD_PH_END ? 5 : 1);
    if (s->phase == PASSFOOD_PH_SCORE)
        pf_why_say(w, "Nothing to score that is worth it yet: let your sets grow.");
    else
        pf_why_say(w, "Keep your tokens for later: nothing needs them right now.");
}

void passfood__explain(const pf_obs *o, pf_action a, pf_rng *rng, pf_why *w)
{
    passfood_state s;
    pf_obs_sample(o, rng, &s);
    int me = pf_obs_seat(o);
    if (a == PASSFOOD_A_CARRY)
        explain_carry_on(&s, w);
    else if (a <= PASSFOOD_A_PLATE_X)
        explain_plate(&s, me, a == PASSFOOD_A_PLATE_X ? 2 : (int)(a - PASSFOOD_A_PLATE), w);
    else if (a < PASSFOOD_A_ZSCORE_COL)
        explain_score(&s, me, (int)(a - PASSFOOD_A_SCORE_COL), w);
    else if (a < PASSFOOD_A_TAKE)
        explain_ziggy_score(&s, (int)(a - PASSFOOD_A_ZSCORE_COL), w);
    else if (a < PASSFOOD_A_SWAP)
        explain_take(&s, me, (int)(a - PASSFOOD_A_TAKE), w);
    else if (a < PASSFOOD_A_ANSWER)
        explain_swap(&s, me, (int)(a - PASSFOOD_A_SWAP) / 5, (int)(a - PASSFOOD_A_SWAP) % 5, w);
    else if (a < PASSFOOD_A_DECLINE)
        explain_answer(&s, me, (int)(a - PASSFOOD_A_ANSWER), w);
    else
        explain_decline(&s, w);
}
