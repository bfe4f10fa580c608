/* template_text.c: Last Counter as a person and a client see it: each
 * seat's view (JSON), action names and their parser, the plain picture,
 * and the rules summary for the `?` key.
 *
 * A view and a picture show a seat exactly what it may know: the
 * conformance harness resamples everything else and expects them
 * unchanged, and the secrecy check plays a second world against them.
 * A view is JSON text written member by member into a pf_jw (game.h):
 * no tree is built, as a server writes one for every seat at every step. */
#include <stdio.h>
#include <string.h>

#include "games/template/template.h"
#include "partyfood/text.h"

void template__view(const void *st, int seat, pf_jw *w)
{
    const template_state *s = st;
    pf_jw_key_int(w, "pile", s->pile);
    pf_jw_key_int(w, "to_move", s->to_move);
    pf_jw_key_int(w, "bag", template__bag_size(s));
    pf_jw_key(w, "holds_tile");
    pf_jw_raw(w, "[", 1);
    for (int p = 0; p < TEMPLATE_SEATS; p++) {
        pf_jw_comma(w);
        pf_jw_bool(w, s->tile[p] != 0);
    }
    pf_jw_raw(w, "]", 1);
    pf_jw_key(w, "played");
    pf_jw_raw(w, "[", 1);
    for (int v = 1; v <= TEMPLATE_VALUES; v++)
        for (int i = 0; i < s->played[v]; i++) {
            pf_jw_comma(w);
            pf_jw_int(w, v);
        }
    pf_jw_raw(w, "]", 1);
    if (seat >= 0 && s->tile[seat]) /* a seat sees its own tile */
        pf_jw_key_int(w, "my_tile", s->tile[seat]);
    if (seat == PF_SEAT_GOD) { /* everything, for tests */
        pf_jw_key(w, "tiles");
        pf_jw_raw(w, "[", 1);
        for (int p = 0; p < TEMPLATE_SEATS; p++) {
            pf_jw_comma(w);
            pf_jw_int(w, s->tile[p]);
        }
        pf_jw_raw(w, "]", 1);
    }
    if (s->winner >= 0)
        pf_jw_key_int(w, "winner", s->winner);
}

int template__name(const void *st, pf_action a, char *buf, size_t n)
{
    (void)st;
    if (a == TEMPLATE_BONUS)
        return snprintf(buf, n, "bonus");
    if (a >= 1 && a <= 3)
        return snprintf(buf, n, "take %u", (unsigned)a);
    return -1;
}

/* Parses what name writes, plus short forms: "1".."3", "b". */
pf_err template__parse(const void *st, const char *str, pf_action *a)
{
    (void)st;
    unsigned k;
    char extra;
    if (!strcmp(str, "bonus") || !strcmp(str, "b")) {
        *a = TEMPLATE_BONUS;
        return PF_E_OK;
    }
    if ((sscanf(str, "take %u %c", &k, &extra) == 1 || sscanf(str, "%u %c", &k, &extra) == 1) &&
        k >= 1 && k <= 3) {
        *a = TEMPLATE_TAKE(k);
        return PF_E_OK;
    }
    return PF_E_UNKNOWN_ACTION;
}

/* The picture, through the core's bounded builder (partyfood/text.h). */
void template__render(const void *st, int seat, char *buf, size_t n)
{
    const template_state *s = st;
    pf_text t;
    pf_text_init(&t, buf, n);
    pf_text_put(&t, "Last Counter: %d counters left, %d tiles in the bag\n", s->pile,
                template__bag_size(s));
    for (int p = 0; p < TEMPLATE_SEATS; p++) {
        pf_text_put(&t, "%s seat %d: ", p == seat ? ">" : " ", p + 1);
        if (!s->tile[p])
            pf_text_put(&t, "no tile\n");
        else if (p == seat || seat == PF_SEAT_GOD)
            pf_text_put(&t, "tile worth %d\n", s->tile[p]);
        else
            pf_text_put(&t, "a hidden tile\n");
    }
    if (s->winner >= 0)
        pf_text_put(&t, "Seat %d won.\n", s->winner + 1);
    else
        pf_text_put(&t, "Seat %d to move: take 1-3%s\n", s->to_move + 1,
                    s->tile[s->to_move] ? " or bonus" : "");
}

/* The rules in a few lines, for the `?` key (our own words). */
const char *const template__rules[] = {
    "LAST COUNTER (the template game): take the last counter to win.",
    "",
    "Each player holds a hidden bonus tile worth 1, 2 or 3.",
    "Your turn: take 1 to 3 counters, or play your tile: everyone sees it,",
    "it takes its value in counters, and you draw a new one while the bag",
    "has any.",
    NULL,
};

/* The rules in brief, a paragraph a line, for any front end (our own words). */
const char *const template__brief[] = {
    "There is a pile of counters, and each player holds a hidden bonus tile worth 1, 2 or "
    "3.",
    "On your turn take 1 to 3 counters, or show your tile to take its value in counters and"
    " draw a new one.",
    "Whoever takes the last counter wins.",
    NULL,
};
