/* pizza_text.c: Pizza Party as words: action names, views, the picture.
 *
 * Actions are named "flip 12" (turn over cell 12; cells count from 0, row
 * by row, 8 to a row) and "switch blue" (after rule e, swap with the blue
 * slice). parse also takes "12", "turn over 12", "flip cell 12", "blue",
 * "b", "switch with blue", in any case.
 *
 * Nothing here shows a face-down piece except the god view (tests only)
 * and the piece just turned over (PIZ-7). Earlier reveals are public
 * history, but only in the events: a view carries no memory, so a client
 * that shows it shows no more than a person at the table sees. Bots keep
 * their memory in the state they sample; a memory aid builds its own from
 * the events it was shown. The picture shows earlier reveals only when the
 * game was set up with the memory_aid option. */
#include "games/pizza/pizza.h"
#include "partyfood/text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names -------------------------------------------------------------- */

/* Writes a's name ("flip 12", "switch blue"); -1 when a is no action here.
 * Put together by hand, not by snprintf: a server names every legal action
 * of every push it sends. Written as snprintf writes it (cut to n bytes,
 * the whole length returned). */
int pizza__name(const void *st, pf_action a, char *buf, size_t n)
{
    const pizza_state *s = st;
    char name[16];
    size_t len;
    _Static_assert(PIZZA_CELLS <= 100, "a cell's number has at most two digits");
    if (a < s->ncells) {
        memcpy(name, "flip ", len = 5);
        if (a >= 10)
            name[len++] = (char)('0' + a / 10);
        name[len++] = (char)('0' + a % 10);
    } else if (a >= PIZZA_CELLS && a < (pf_action)(PIZZA_CELLS + s->nslices)) {
        const char *colour = pizza__colour_name[a - PIZZA_CELLS];
        memcpy(name, "switch ", len = 7);
        memcpy(name + len, colour, strlen(colour));
        len += strlen(colour);
    } else
        return -1;
    if (n) {
        size_t k = len < n ? len : n - 1;
        memcpy(buf, name, k);
        buf[k] = '\0';
    }
    return (int)len;
}

/* Parses an action name (see the file comment for the accepted forms). */
pf_err pizza__parse(const void *st, const char *text, pf_action *a)
{
    const pizza_state *s = st;
    char buf[64];
    size_t len = strlen(text);
    if (len >= sizeof buf)
        return PF_E_UNKNOWN_ACTION;
    for (size_t i = 0; i <= len; i++)
        buf[i] = (char)tolower((unsigned char)text[i]);

    /* Filler words say which kind of action it is; one word must remain. */
    static const char *const flip_words[] = {"flip", "turn", "over", "cell", NULL};
    static const char *const pick_words[] = {"switch", "with", "slice", NULL};
    bool said_flip = false, said_pick = false;
    const char *last = NULL;
    int words = 0;
    char *save = NULL;
    for (char *w = strtok_r(buf, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        bool filler = false;
        for (int i = 0; flip_words[i]; i++)
            if (strcmp(w, flip_words[i]) == 0)
                filler = said_flip = true;
        for (int i = 0; pick_words[i]; i++)
            if (strcmp(w, pick_words[i]) == 0)
                filler = said_pick = true;
        if (!filler) {
            last = w;
            words++;
        }
    }
    if (words != 1 || (said_flip && said_pick))
        return PF_E_UNKNOWN_ACTION;

    if (isdigit((unsigned char)last[0])) {
        char *end;
        long cell = strtol(last, &end, 10);
        if (*end || said_pick || cell >= s->ncells)
            return PF_E_UNKNOWN_ACTION;
        *a = PIZZA_FLIP(cell);
        return PF_E_OK;
    }
    for (int c = 0; c < s->nslices; c++) {
        const char *name = pizza__colour_name[c];
        if (!said_flip && (strcmp(last, name) == 0 || (last[0] == name[0] && !last[1]))) {
            *a = PIZZA_PICK(c);
            return PF_E_OK;
        }
    }
    return PF_E_UNKNOWN_ACTION;
}

/* ---- the view ----------------------------------------------------------- */

/* A seat number, or null for an imaginary seat (position >= seats). */
static void seat_or_null(pf_jw *w, const char *key, const pizza_state *s, int position)
{
    if (position < s->seats)
        pf_jw_key_int(w, key, position);
    else
        pf_jw_key_null(w, key);
}

/* Writes what seat may see on the table now: slices, which cells are
 * face down, the piece just turned over; PF_SEAT_GOD also gets "hidden",
 * the content of every cell. */
void pizza__view(const void *st, int seat, pf_jw *w)
{
    const pizza_state *s = st;
    pf_jw_key_int(w, "seats", s->seats);
    if (seat >= 0)
        pf_jw_key_int(w, "you", seat);
    pf_jw_key_int(w, "turn", s->turn);
    pf_jw_key_int(w, "to_move", s->to_move);
    pf_jw_key_str(w, "phase", s->ended ? "over" : s->choosing ? "switch" : "flip");
    pf_jw_key_int(w, "kinds", s->kinds);
    pf_jw_key_bool(w, "switches", s->switches);
    pf_jw_key_int(w, "columns", PIZZA_COLS);
    pf_jw_key_int(w, "cells", s->ncells);

    pf_jw_key(w, "slices");
    pf_jw_raw(w, "[", 1);
    for (int j = 0; j < s->nslices; j++) {
        pf_jw_comma(w);
        pf_jw_raw(w, "{", 1);
        pf_jw_key_str(w, "colour", pizza__colour_name[j]);
        seat_or_null(w, "seat", s, s->pos[j]);
        if (s->slice_kind[j] == PIZZA_NONE)
            pf_jw_key_null(w, "topping");
        else
            pf_jw_key_str(w, "topping", pizza__kind_name[s->slice_kind[j]]);
        pf_jw_key_int(w, "count", s->slice_count[j]);
        if (s->switches)
            pf_jw_key_int(w, "switches_used", s->used[j]);
        pf_jw_raw(w, "}", 1);
    }
    pf_jw_raw(w, "]", 1);

    pf_jw_key(w, "grid");
    pf_jw_raw(w, "[", 1);
    for (int i = 0; i < s->ncells; i++) {
        pf_jw_comma(w);
        pf_jw_str(w, s->down >> i & 1 ? "down" : "empty");
    }
    pf_jw_raw(w, "]", 1);

    if (s->last_piece == PIZZA_NONE) {
        pf_jw_key_null(w, "last");
    } else {
        pf_jw_key(w, "last");
        pf_jw_raw(w, "{", 1);
        pf_jw_key_int(w, "cell", s->last_cell);
        pf_jw_key_str(w, "piece", pizza__piece_name(s->last_piece));
        pf_jw_key_int(w, "seat", s->last_seat);
        pf_jw_key_str(w, "rule", pizza__rule_name(s->last_rule));
        pf_jw_raw(w, "}", 1);
    }

    if (s->winner == PIZZA_NONE)
        pf_jw_key_null(w, "winner");
    else
        pf_jw_key_int(w, "winner", s->winner);

    if (seat == PF_SEAT_GOD) {
        pf_jw_key(w, "hidden");
        pf_jw_raw(w, "[", 1);
        for (int i = 0; i < s->ncells; i++) {
            pf_jw_comma(w);
            pf_jw_str(w, pizza__piece_name(s->cell[i]));
        }
        pf_jw_raw(w, "]", 1);
    }
}

/* ---- the picture -------------------------------------------------------- */

/* Draws the slices, the grid (## face down, .. empty, the piece just turned
 * over in its cell in capitals) and the last reveal; with the memory_aid
 * option also the earlier reveals still face down, in small letters.
 * Without it people must remember: that is the game (PIZ-7). */
void pizza__render(const void *st, int seat, char *buf, size_t n)
{
    const pizza_state *s = st;
    static const char *const code[8] = {"on", "pe", "mu", "pp", "sr", "sy", "sg", "sb"};
    static const char *const code_up[8] = {"ON", "PE", "MU", "PP", "SR", "SY", "SG", "SB"};
    pf_text t;
    pf_text_init(&t, buf, n);
    if (s->ended && s->winner != PIZZA_NONE)
        pf_text_put(&t, "Pizza Party, turn %d: seat %d won\n", s->turn, s->winner + 1);
    else if (s->ended)
        pf_text_put(&t, "Pizza Party, turn %d: over, no winner\n", s->turn);
    else
        pf_text_put(&t, "Pizza Party, turn %d: seat %d to %s\n", s->turn + 1, s->to_move + 1,
                    s->choosing ? "pick a slice to switch with" : "turn over a piece");
    for (int j = 0; j < s->nslices; j++) {
        int p = s->pos[j];
        char who[24];
        if (p < s->seats)
            snprintf(who, sizeof who, "seat %d%s", p + 1, p == seat ? " (you)" : "");
        else
            snprintf(who, sizeof who, "imaginary");
        if (s->slice_kind[j] == PIZZA_NONE)
            pf_text_put(&t, "  %-6s %-12s empty\n", pizza__colour_name[j], who);
        else
            pf_text_put(&t, "  %-6s %-12s %s x%d\n", pizza__colour_name[j], who,
                        pizza__kind_name[s->slice_kind[j]], s->slice_count[j]);
    }
    pf_text_put(&t, "    ");
    for (int c = 0; c < PIZZA_COLS; c++)
        pf_text_put(&t, " %2d", c);
    for (int i = 0; i < s->ncells; i++) {
        if (i % PIZZA_COLS == 0)
            pf_text_put(&t, "\n %2d ", i);
        const char *shown = s->down >> i & 1 ? "##" : "..";
        if (s->memory_aid && (s->seen >> i & 1))
            shown = code[s->cell[i]];
        if (i == s->last_cell && s->last_piece != PIZZA_NONE)
            shown = code_up[s->last_piece];
        pf_text_put(&t, " %s", shown);
    }
    pf_text_put(&t,
                "\n  ## face down, .. empty, CAPITALS: just turned over%s; on pe mu pp toppings, "
                "sr sy sg sb switches\n",
                s->memory_aid ? ", small: seen before" : "");
    if (s->last_piece != PIZZA_NONE)
        pf_text_put(&t, "Last: seat %d turned over cell %d: %s (rule %s)\n", s->last_seat + 1,
                    s->last_cell, pizza__piece_name(s->last_piece), pizza__rule_name(s->last_rule));
}

/* The rules in a few lines, for the `?` key (our own words). */
const char *const pizza__rules[] = {
    "PIZZA PARTY: remember where the toppings are and fill your slice first.",
    "",
    "The table: face-down pieces in a grid of 8 columns. Most are toppings",
    "(ON onion, PE pepper, MU mushroom, PP pepperoni); a few are switch pieces",
    "(S:R red, S:Y yellow, S:G green, S:B blue) that match a slice's handle.",
    "Each seat has a slice with a coloured handle; with fewer than 4 players",
    "the spare slices still lie on the table and count as other slices.",
    "",
    "Your turn: turn over one face-down piece. Everybody sees it. Then (the",
    "letters are those the log names, as in '(rule a)'):",
    "  a) a topping nobody's slice collects, and your slice is empty:",
    "     it goes on your slice, and that kind is now yours;",
    "  b) a topping another slice collects: it goes back face down, in the",
    "     same place;",
    "  c) a topping of your slice's kind: it goes on your slice;",
    "  c') a kind nobody's slice collects while yours holds another: it goes",
    "     back face down too;",
    "  d) a switch of another slice's colour: you swap slices with that slice,",
    "     toppings and all;",
    "  e) a switch of your own colour: you pick any other slice to swap with.",
    "Used switch pieces leave the table.",
    "",
    "The first slice with 6 toppings wins.",
    "",
    "Memory: only the piece just turned over stays visible. Earlier reveals",
    "are hidden (also in the log) unless the game was started with the",
    "memory aid: remembering them is the game.",
    "",
    "Keys: arrows move over the grid, Enter turns over the marked piece;",
    "a letter plays the choice listed with it; mouse clicks work too.",
    NULL};

/* The rules in brief, a paragraph a line, for any front end (our own words). */
const char *const pizza__brief[] = {
    "Everyone has a pizza slice with a coloured handle. The toppings and switch pieces lie "
    "face down in a grid.",
    "On your turn, turn over one piece; everybody sees it. A topping goes on your slice "
    "when your slice is empty and no other slice has that kind, or when it is the kind your"
    " slice already has. Otherwise it goes back face down in the same place: remember where"
    " it is!",
    "A switch piece of another colour swaps your slice with that slice. A switch of your "
    "own colour lets you choose any other slice to swap with.",
    "The first player to put a sixth topping on their slice wins.",
    NULL,
};
