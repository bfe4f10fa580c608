/* pancake_text.c: Yummy Yummy Pancake as text and JSON: each seat's view
 * (the face-down multiset is public, YYP-7; the bonus and the peeked
 * pancake only the chef's), action names and their parser, and the plain
 * picture of the table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/pancake/pancake.h"
#include "partyfood/text.h"

static void counts_json(pf_jw *w, const char *key, const int c[PANCAKE_TOPPINGS])
{
    pf_jw_key(w, key);
    pf_jw_raw(w, "{", 1);
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        pf_jw_key_int(w, pancake__topping_name[t], c[t]);
    pf_jw_raw(w, "}", 1);
}

static void toppings_json(pf_jw *w, const char *key, const uint8_t *a, int n)
{
    pf_jw_key(w, key);
    pf_jw_raw(w, "[", 1);
    for (int i = 0; i < n; i++) {
        pf_jw_comma(w);
        pf_jw_str(w, pancake__topping_name[a[i]]);
    }
    pf_jw_raw(w, "]", 1);
}

static const char *const phase_name[] = {"toss", "share", "ask", "guess", "over"};

void pancake__view(const void *st, int seat, pf_jw *w)
{
    const pancake_state *s = st;
    int c[PANCAKE_TOPPINGS];
    pf_jw_key_int(w, "seats", s->seats);
    pf_jw_key_str(w, "phase", phase_name[s->phase]);
    pf_jw_key_int(w, "chef", s->chef);
    if (s->phase == PANCAKE_P_GUESS)
        pf_jw_key_int(w, "guesser", s->guesser);
    pf_jw_key_int(w, "turn", s->turn);
    pf_jw_key_int(w, "shared", s->shared);
    pf_jw_key_bool(w, "chocolate_gamble", s->gamble);
    pf_jw_key_bool(w, "memory_aid", s->memory_aid);
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        c[t] = s->pan_up[t];
    counts_json(w, "pan_up", c);
    pf_jw_key_int(w, "face_down", s->down_n);
    pf_jw_key_bool(w, "bonus_taken", s->bonus >= 0);
    pf_jw_key_bool(w, "picked", s->cur >= 0);
    pancake__public_down(s, c);
    counts_json(w, "public_down", c);
    pf_jw_key_int(w, "table", PANCAKE_BOX - s->table_pos);
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        c[t] = 0;
    for (int i = s->table_pos; i < PANCAKE_BOX; i++)
        c[s->table[i]]++;
    counts_json(w, "table_toppings", c);
    pf_jw_key(w, "piles");
    pf_jw_raw(w, "[", 1);
    for (int i = 0; i < s->seats; i++) {
        pf_jw_comma(w);
        pf_jw_int(w, s->pile[i]);
    }
    pf_jw_raw(w, "]", 1);
    if (seat == s->chef || seat == PF_SEAT_GOD) {
        if (s->bonus >= 0)
            pf_jw_key_str(w, "bonus", pancake__topping_name[s->bonus]);
        if (s->cur >= 0)
            pf_jw_key_str(w, "peek", pancake__topping_name[s->cur]);
    }
    if (seat == PF_SEAT_GOD) {
        toppings_json(w, "down_order", s->down, s->down_n);
        toppings_json(w, "table_order", s->table + s->table_pos, PANCAKE_BOX - s->table_pos);
    }
    if (s->phase == PANCAKE_P_OVER)
        pf_jw_key_bits(w, "winners", s->winners, s->seats);
}

int pancake__name(const void *st, pf_action a, char *buf, size_t n)
{
    (void)st;
    int k;
    if (a < PANCAKE_A_GUESS + PANCAKE_TOPPINGS)
        k = snprintf(buf, n, "guess %s", pancake__topping_name[a - PANCAKE_A_GUESS]);
    else if (a >= PANCAKE_A_ASK && a < PANCAKE_A_ASK + 4)
        k = snprintf(buf, n, "ask %u", (unsigned)(a - PANCAKE_A_ASK) + 1); /* seats from 1 */
    else if (a == PANCAKE_A_PICK)
        k = snprintf(buf, n, "pick");
    else if (a == PANCAKE_A_STOP)
        k = snprintf(buf, n, "stop");
    else if (a >= PANCAKE_A_TOSS && a <= PANCAKE_A_TOSS + 100) {
        unsigned h = a - PANCAKE_A_TOSS;
        k = snprintf(buf, n, "toss %u.%02u", h / 100, h % 100);
    } else
        return -1;
    return k;
}

pf_err pancake__parse(const void *st, const char *str, pf_action *a)
{
    (void)st;
    char w1[16], w2[24], extra[2];
    int nw = sscanf(str, " %15s %23s %1s", w1, w2, extra);
    if (nw == 1) {
        if (!strcasecmp(w1, "pick") || !strcasecmp(w1, "peek"))
            return *a = PANCAKE_A_PICK, PF_E_OK;
        if (!strcasecmp(w1, "stop"))
            return *a = PANCAKE_A_STOP, PF_E_OK;
        int t = pancake__topping_of_word(w1); /* "kiwi" alone is a guess */
        if (t >= 0)
            return *a = PANCAKE_A_GUESS + (unsigned)t, PF_E_OK;
        return PF_E_UNKNOWN_ACTION;
    }
    if (nw != 2)
        return PF_E_UNKNOWN_ACTION;
    if (!strcasecmp(w1, "guess")) {
        int t = pancake__topping_of_word(w2);
        if (t < 0)
            return PF_E_UNKNOWN_ACTION;
        return *a = PANCAKE_A_GUESS + (unsigned)t, PF_E_OK;
    }
    char *end;
    if (!strcasecmp(w1, "ask")) {
        long j = strtol(w2, &end, 10);
        if (*end || end == w2 || j < 1 || j > 4)
            return PF_E_UNKNOWN_ACTION;
        return *a = PANCAKE_A_ASK + (unsigned)(j - 1), PF_E_OK;
    }
    if (!strcasecmp(w1, "toss")) {
        double p = strtod(w2, &end);
        if (*end || end == w2 || !(p >= 0 && p <= 1))
            return PF_E_UNKNOWN_ACTION;
        double h = round(p * 100);
        if (fabs(p * 100 - h) > 1e-6)
            return PF_E_UNKNOWN_ACTION; /* hundredths only */
        return *a = PANCAKE_A_TOSS + (unsigned)h, PF_E_OK;
    }
    return PF_E_UNKNOWN_ACTION;
}

bool pancake__renamed_since_v2(const char *old, char *buf, size_t n)
{
    unsigned j;
    char extra;
    if (sscanf(old, "ask %u%c", &j, &extra) != 1 || j > 3)
        return false;
    snprintf(buf, n, "ask %u", j + 1);
    return true;
}

void pancake__render(const void *st, int seat, char *buf, size_t n)
{
    const pancake_state *s = st;
    pf_text w;
    int c[PANCAKE_TOPPINGS];
    char txt[96];
    pf_text_init(&w, buf, n);
    pf_text_put(&w, "Yummy Yummy Pancake - turn %d, chef: seat %d%s\n", s->turn, s->chef + 1,
                s->gamble ? " (chocolate gamble)" : "");
    pf_text_put(&w, "Table: %d pancakes left\n", PANCAKE_BOX - s->table_pos);
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        c[t] = s->pan_up[t];
    pancake__counts_text(c, txt, sizeof txt);
    pf_text_put(&w, "Pan face-up: %s\n", txt);
    pf_text_put(&w, "Pan face-down: %d%s\n", s->down_n,
                s->bonus >= 0 ? " (and 1 bonus pancake taken by the chef)" : "");
    if (s->memory_aid) {
        pancake__public_down(s, c);
        pancake__counts_text(c, txt, sizeof txt);
        pf_text_put(&w, "Memory aid, face-down this turn: %s\n", txt);
    }
    if (seat == s->chef || seat == PF_SEAT_GOD) {
        if (s->bonus >= 0)
            pf_text_put(&w, "Your bonus pancake: %s\n", pancake__topping_name[s->bonus]);
        if (s->cur >= 0)
            pf_text_put(&w, "You peeked: %s\n", pancake__topping_name[s->cur]);
    }
    pf_text_put(&w, "Piles:");
    for (int i = 0; i < s->seats; i++)
        pf_text_put(&w, " seat %d: %d%s", i + 1, s->pile[i], i == seat ? " (you)" : "");
    pf_text_put(&w, "\n");
    switch (s->phase) {
    case PANCAKE_P_TOSS:
        pf_text_put(&w,
                    "Seat %d tosses: a flick of strength P, from 0.10 (soft) to 0.90 (hard: more "
                    "face-down)\n",
                    s->chef + 1);
        break;
    case PANCAKE_P_SHARE:
        pf_text_put(&w, "Seat %d shares: 'pick'%s\n", s->chef + 1, s->shared ? " or 'stop'" : "");
        break;
    case PANCAKE_P_ASK:
        pf_text_put(&w, "Seat %d picked a pancake: 'ask N' names who guesses\n", s->chef + 1);
        break;
    case PANCAKE_P_GUESS:
        pf_text_put(
            &w,
            "Seat %d, what is the topping? 'guess strawberry|kiwi|banana|blueberry|chocolate'\n",
            s->guesser + 1);
        break;
    default:
        pf_text_put(&w, "Game over. Winner(s):");
        for (int i = 0; i < s->seats; i++)
            if ((s->winners >> i) & 1u)
                pf_text_put(&w, " seat %d", i + 1);
        pf_text_put(&w, "\n");
    }
}

/* The rules in a few lines, for the `?` key (our own words). */
const char *const pancake__rules[] = {
    "YUMMY YUMMY PANCAKE: toss, peek, and guess what is under the pancake.",
    "",
    "Toppings: S strawberry, K kiwi, B banana, L blueberry, C chocolate.",
    "",
    "Seats take turns as the chef. The chef fills the pan up to 8 pancakes,",
    "all face up, so everyone can see the toppings. Look well!",
    "",
    "The toss: you stop a power meter. The further right, the harder the flick:",
    "each pancake lands face down with that chance. If fewer than 2 land face",
    "down the chef tosses again. Face-down pancakes all look the same.",
    "With 5 or more face down, the chef secretly takes one as a bonus.",
    "",
    "Sharing: the chef picks a face-down pancake and peeks at it, then asks",
    "another player which topping it is. A right guess gives that player the",
    "pancake; a wrong guess gives it to the chef. Then everyone sees it.",
    "The chef shares at least once, then may share again or stop. Pancakes",
    "still face down are turned face up and stay in the pan.",
    "",
    "Whoever first holds 12 pancakes wins. If the pan cannot be filled back",
    "to 8, the biggest pile wins (ties share the win).",
    "",
    "Chocolate gamble (variant): a right chocolate guess also takes one",
    "pancake from the chef; a wrong one gives the chef one of yours.",
    "",
    "Memory: which toppings went face down is hidden unless the memory aid",
    "option is on: remember them!",
    NULL};

/* The rules in brief, a paragraph a line, for any front end (our own words). */
const char *const pancake__brief[] = {
    "The chef fills the pan with face-up pancakes (everyone sees them), then flicks it. A "
    "strong flick turns more pancakes face down. Watch which ones go face down!",
    "With five or more face down, the chef secretly keeps one as a bonus.",
    "Then the chef picks a face-down pancake, looks at it, and asks another player for its "
    "topping. A right guess wins the pancake for the guesser; a wrong one gives it to the "
    "chef. The chef may share again or stop.",
    "The first to have 12 pancakes in their pile wins. If the table runs out, the biggest "
    "pile wins.",
    NULL,
};
