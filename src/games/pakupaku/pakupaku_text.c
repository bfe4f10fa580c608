/* pakupaku_text.c: Paku Paku as text and JSON: each seat's view (everything
 * on the table is public), action names and their parser, and the plain
 * picture of the table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/pakupaku/pakupaku.h"
#include "partyfood/text.h"

static const char *const phase_names[] = {"play", "duel", "over"};

/* A number for each seat, as a member of the view. */
static void per_seat(pf_jw *w, const char *key, const double *v, int seats)
{
    pf_jw_key(w, key);
    pf_jw_raw(w, "[", 1);
    for (int p = 0; p < seats; p++) {
        pf_jw_comma(w);
        pf_jw_num(w, v[p]);
    }
    pf_jw_raw(w, "]", 1);
}

void pakupaku__view(const void *st, int seat, pf_jw *w)
{
    const pakupaku_state *s = st;
    (void)seat; /* everything on the table is public */
    pf_jw_key_str(w, "phase", phase_names[s->phase]);
    pf_jw_key_int(w, "round", s->rounds);
    pf_jw_key(w, "now");
    pf_jw_num(w, (double)s->now);
    pf_jw_key_int(w, "limit", s->limit);
    pf_jw_key_int(w, "threshold", s->thr);
    pf_jw_key_bool(w, "architects", s->architects);
    pf_jw_key_bool(w, "brave", s->brave);
    double pen[PF_MAX_SEATS], since[PF_MAX_SEATS], acts[PF_MAX_SEATS], held[PF_MAX_SEATS],
        busy[PF_MAX_SEATS];
    for (int p = 0; p < s->seats; p++) {
        pen[p] = s->pen[p];
        since[p] = (double)s->since[p];
        busy[p] = (double)s->busy[p];
        acts[p] = s->acts[p];
        held[p] = pakupaku__held(s, p, NULL, NULL);
    }
    per_seat(w, "penalties", pen, s->seats);
    per_seat(w, "since", since, s->seats);
    per_seat(w, "acts", acts, s->seats);
    per_seat(w, "held", held, s->seats);
    per_seat(w, "busy_until", busy, s->seats);
    pf_jw_key(w, "dice");
    pf_jw_raw(w, "[", 1);
    for (int d = 0; d < PAKUPAKU__DICE; d++) {
        pf_jw_comma(w);
        pf_jw_raw(w, "{", 1);
        pf_jw_key_int(w, "seat", s->owner[d]);
        pf_jw_key_str(w, "face", pakupaku__face_names[s->face[d]]);
        pf_jw_key_bool(w, "waiting", s->wait[d]);
        pf_jw_raw(w, "}", 1);
    }
    pf_jw_raw(w, "]", 1);
    pf_jw_key(w, "tower");
    pf_jw_raw(w, "[", 1);
    for (int k = 0; k < s->tower.n; k++) {
        pf_jw_comma(w);
        pf_jw_raw(w, "{", 1);
        pf_jw_key_str(w, "piece", pakupaku__pieces[s->tower.type[k]].name);
        pf_jw_key(w, "x");
        pf_jw_num(w, k ? (double)s->tower.x[k] / PAKUPAKU__UNIT : 0);
        pf_jw_key(w, "at");
        pf_jw_num(w, (double)pakupaku__tower_at(&s->tower, k) / PAKUPAKU__UNIT);
        pf_jw_raw(w, "}", 1);
    }
    pf_jw_raw(w, "]", 1);
    if (s->tower.n >= 2) { /* how close the tower is to falling, and where (PAKU-5) */
        double margin;
        int weak = pakupaku__tower_weakest(&s->tower, &margin);
        pf_jw_key(w, "margin");
        pf_jw_num(w, round(margin * 100) / 100);
        pf_jw_key_int(w, "weak", weak);
    }
    pf_jw_key(w, "supply");
    pf_jw_raw(w, "{", 1);
    for (int type = 0; type < PAKUPAKU__NTYPES; type++)
        pf_jw_key_int(w, pakupaku__pieces[type].name, PAKUPAKU__PER_TYPE - s->on[type]);
    pf_jw_raw(w, "}", 1);
    if (s->phase == PAKUPAKU__DUEL) {
        pf_jw_key(w, "duel");
        pf_jw_raw(w, "{", 1);
        pf_jw_key_bits(w, "seats", s->duel_in, s->seats);
        pf_jw_key_int(w, "turn", s->duel_turn);
        pf_jw_raw(w, "}", 1);
    }
    if (s->unlucky != PAKUPAKU__NONE)
        pf_jw_key_int(w, "unlucky", s->unlucky);
    if (s->phase == PAKUPAKU__OVER)
        pf_jw_key_int(w, "winner", s->winner);
}

int pakupaku__name(const void *st, pf_action a, char *buf, size_t n)
{
    (void)st;
    if (a == PAKUPAKU__ROLL)
        return snprintf(buf, n, "roll");
    int type = (int)(a >> 16) - 1;
    int code = (int)(a & 0xffff);
    if (type < 0 || type >= PAKUPAKU__NTYPES || code > 2 * PAKUPAKU__OFF_MAX)
        return -1;
    int off = code - PAKUPAKU__OFF_MAX;
    int m = off < 0 ? -off : off;
    return snprintf(buf, n, "stack %s %s%d.%02d", pakupaku__pieces[type].name, off < 0 ? "-" : "",
                    m / 100, m % 100);
}

pf_err pakupaku__parse(const void *st, const char *str, pf_action *a)
{
    (void)st;
    while (*str == ' ')
        str++;
    if (!strcmp(str, "roll") || !strcmp(str, "r")) {
        *a = PAKUPAKU__ROLL;
        return PF_E_OK;
    }
    char word[16], piece[16], num[32], extra[2];
    int k = sscanf(str, "%15s %15s %31s %1s", word, piece, num, extra);
    if (k < 2 || k > 3 || (strcmp(word, "stack") && strcmp(word, "s")))
        return PF_E_UNKNOWN_ACTION;
    int type = -1;
    for (int i = 0; i < PAKUPAKU__NTYPES; i++)
        if (!strcmp(piece, pakupaku__pieces[i].name) ||
            (piece[1] == '\0' && piece[0] == pakupaku__pieces[i].name[0]))
            type = i;
    if (type < 0)
        return PF_E_UNKNOWN_ACTION;
    double x = 0;
    if (k == 3) {
        char *end;
        x = strtod(num, &end);
        if (end == num || *end)
            return PF_E_UNKNOWN_ACTION;
    }
    if (!(x >= -PAKUPAKU__OFF_MAX / 100.0 && x <= PAKUPAKU__OFF_MAX / 100.0))
        return PF_E_UNKNOWN_ACTION;
    *a = PAKUPAKU__STACK(type, (int)lrint(x * 100));
    return PF_E_OK;
}

void pakupaku__render(const void *st, int seat, char *buf, size_t n)
{
    const pakupaku_state *s = st;
    pf_text t;
    pf_text_init(&t, buf, n);
    pf_text_put(&t, "Paku Paku, round %d, t=%lld ms, %s%s%s\n", s->rounds, (long long)s->now,
                phase_names[s->phase], s->architects ? ", architects" : "",
                s->brave ? ", brave" : "");
    for (int p = 0; p < s->seats; p++) {
        pf_text_put(&t, "%s seat %d: %2d pts  dice:", p == seat ? ">" : " ", p + 1, s->pen[p]);
        for (int d = 0; d < PAKUPAKU__DICE; d++)
            if (s->owner[d] == p && s->phase == PAKUPAKU__PLAY)
                pf_text_put(&t, " [%s%s]", pakupaku__face_names[s->face[d]], s->wait[d] ? "!" : "");
        if (s->busy[p] > s->now && s->phase != PAKUPAKU__OVER)
            pf_text_put(&t, "  (hands busy until t=%lld)", (long long)s->busy[p]);
        pf_text_put(&t, "\n");
    }
    pf_text_put(&t, "tower (%d/24, stop at %d dice; [D!] waits for a stack):\n", s->tower.n,
                s->thr);
    for (int k = s->tower.n - 1; k >= 0; k--) {
        double x = (double)pakupaku__tower_at(&s->tower, k) / PAKUPAKU__UNIT;
        int w = pakupaku__pieces[s->tower.type[k]].width;
        int left = (int)lrint(30 + x - w / 2.0);
        if (left < 0)
            left = 0;
        pf_text_put(&t, "%*s", left, "");
        char c = s->tower.type[k] == PAKUPAKU__PLATE  ? '='
                 : s->tower.type[k] == PAKUPAKU__BOWL ? 'U'
                                                      : 'u';
        for (int i = 0; i < w; i++)
            pf_text_put(&t, "%c", c);
        pf_text_put(&t, "  %s %+.2f\n", pakupaku__pieces[s->tower.type[k]].name, x);
    }
    pf_text_put(&t, "%s\n", "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~");
    if (s->phase == PAKUPAKU__DUEL)
        pf_text_put(&t, "duel: seat %d stacks\n", s->duel_turn + 1);
    if (s->phase == PAKUPAKU__OVER)
        pf_text_put(&t, "seat %d wins\n", s->winner + 1);
}

/* The rules in a few lines, for the `?` key (our own words). */
const char *const pakupaku__rules[] = {
    "PAKU PAKU: roll fast, pass the pandas, stack the dishes, don't topple.",
    "",
    "Five dice; each has two pandas (P), a dish (D), two 1s and a 2.",
    "Everybody holding dice rolls at the same time: it is a race in real time.",
    "",
    "Press r to roll all your dice that are not waiting on a dish.",
    "  P  a panda die jumps to your left neighbour at once;",
    "  D  a dish die waits until you stack one piece of tableware;",
    "  1, 2  nothing happens: roll again.",
    "On the screen D! is a dish die waiting for your stack; once you have",
    "stacked, it shows D until you roll it again. A P in front of you is a",
    "panda passed to you: roll it like the others.",
    "Your hands need time: after a roll they are busy 0.8 s, after a stack",
    "0.6 s (the screen counts it down). A key pressed meanwhile is kept and",
    "played a moment after they are free, like anyone's hands.",
    "",
    "Stacking is a skill: press p (plate), b (bowl) or c (cup). The piece",
    "swings above the tower; press SPACE (or its key again) to let go, Esc to",
    "put it back. Where it lands is where it was when you pressed, plus a",
    "little wobble of the table. The tower falls",
    "when a piece and what rests on it hang over the edge of the piece below.",
    "Plates are wide and flat, bowls middling, cups narrow and tall.",
    "",
    "A round stops when someone holds too many dice (5 with 2-3 players,",
    "4 with 4-5, 3 with 6-8) or makes the tower fall. That unlucky panda",
    "rolls all their dice and takes the sum of the numbers as penalty points.",
    "The dice are dealt again from the next seat and a new round starts.",
    "",
    "When someone reaches the penalty limit the game ends: the fewest points",
    "win. Tied players duel: they stack one piece each in turn on a fresh",
    "tower, and whoever topples it is out.",
    "",
    "Two to four people at one keyboard each have four keys of their own,",
    "shown on the screen: roll, plate, bowl, cup (a piece's key again drops",
    "it). With more people, press a seat's number to give the keys of one",
    "player (r, p, b, c, SPACE) to that person.",
    NULL};

/* The rules in brief, a paragraph a line, for any front end (our own words). */
const char *const pakupaku__brief[] = {
    "Everyone plays at the same time. Roll your dice as fast as you can: a panda (P) passes"
    " that die to the player on your left, a dish (D) holds the die until you put a piece "
    "of tableware on the tower, numbers do nothing.",
    "To stack, choose a plate, bowl or cup: it swings above the tower; drop it when it is "
    "over the middle. If the tower falls, you are the unlucky panda.",
    "Whoever holds too many dice, or topples the tower, rolls all their dice as a penalty "
    "and takes the numbers as points. Fewest points when someone reaches the limit wins.",
    "After each roll or stack your hands are busy for a moment before you can act again.",
    NULL,
};
