/* screen_pancake.c: Yummy Yummy Pancake's table: the pan with its face-up
 * and face-down pancakes, the chef's secret looks (only on the chef's own
 * screen: the view holds them only for the chef), everyone's piles, the
 * table's stack; the toss is a power meter that sets p (drawn with the
 * choices, in words: how hard the flick is). Toppings carry a
 * letter (S K B L C) as well as a colour. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tui/tui_int.h"

static const struct topping {
    const char *name;
    char letter;
    int colour;
} toppings[] = {
    {"strawberry", 'S', TUI_RED}, {"kiwi", 'K', TUI_GREEN},     {"banana", 'B', TUI_YELLOW},
    {"blueberry", 'L', TUI_BLUE}, {"chocolate", 'C', TUI_MAGENTA},
};
#define NTOP 5

static const struct topping *topping_of(const char *name)
{
    for (int i = 0; name && i < NTOP; i++)
        if (strcmp(toppings[i].name, name) == 0)
            return &toppings[i];
    return NULL;
}

/* A pancake: its topping's letter (NULL: face down), in its colour or,
 * shining, in the shine alone (attr: added to the colour). */
static void pancake(int y, int x, const struct topping *t, int attr, int shine)
{
    if (shine)
        tui__put(y, x, shine, "(%c)", t ? t->letter : '=');
    else if (t)
        tui__put(y, x, tui__colour(t->colour) | attr, "(%c)", t->letter);
    else
        tui__put(y, x, A_DIM | attr, "(=)");
}

static void draw(const tui_table *t)
{
    const cJSON *v = t->view;
    const char *phase = tui__str(v, "phase") ? tui__str(v, "phase") : "";
    int chef = tui__num(v, "chef", 0), down = tui__num(v, "face_down", 0);
    const cJSON *up = cJSON_GetObjectItemCaseSensitive(v, "pan_up");
    /* Compact (15 rows at 4 seats): the turn, the pan's three lines, up to
     * three secret lines, the piles with their header, the guess or the
     * end; blank rows between the parts only when they fit. The flick's
     * meter is with the choices (frame.c). */
    int np = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(v, "piles"));
    int gap = t->h >= np + 11 + 4 ? 1 : 0;
    int y = t->y + gap, x = t->x + 2;
    tui__put(y, x, A_BOLD, "Turn %d.  Chef: %s%s", tui__num(v, "turn", 0), tui__seat_name(t->g, chef),
             chef == t->seat && strcasecmp(tui__seat_name(t->g, chef), "you") != 0
                 ? " (that is you)"
                 : ""); /* not "you (that is you)" */
    y += 1 + gap;
    /* The pan: face-up pancakes by topping, then the face-down ones. */
    tui__put(y, x, tui__shine(t->g, NULL, "pan") | A_BOLD, "The pan");
    int px = x + 10, n = 0, shine_up = tui__shine(t->g, NULL, "pancake face-up");
    int shine_down = tui__shine(t->g, NULL, "pancake face-down");
    for (int i = 0; i < NTOP; i++) {
        int c = tui__num(up, toppings[i].name, 0);
        for (int k = 0; k < c; k++, n++)
            pancake(y, px + 4 * n, &toppings[i], 0, shine_up);
    }
    const char *peek = tui__str(v, "peek");
    bool picked = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "picked"));
    for (int k = 0; k < down; k++, n++)
        pancake(y, px + 4 * n, NULL, 0, shine_down);
    if (picked) {
        if (chef == t->seat)
            tui__put(y, px + 4 * n + 2, A_BOLD, "in your hand:");
        else
            tui__put(y, px + 4 * n + 2, A_BOLD, "in %s's hand:", tui__seat_name(t->g, chef));
        const struct topping *p = topping_of(peek);
        pancake(y, getcurx(stdscr) + 1, p, A_REVERSE, 0);
    }
    y++;
    char line[200] = "";
    /* With the toppings' names when they fit, else their letters only. */
    for (int named = 1; named >= 0; named--) {
        line[0] = '\0';
        for (int i = 0; i < NTOP; i++) {
            int c = tui__num(up, toppings[i].name, 0);
            if (c)
                snprintf(line + strlen(line), sizeof line - strlen(line), "%s%d %c%s%s",
                         line[0] ? ", " : "", c, toppings[i].letter, named ? " " : "",
                         named ? toppings[i].name : "");
        }
        if ((int)strlen(line) + (int)sizeof "face up: " < t->x + t->w - px)
            break;
    }
    tui__put(y++, px, 0, "face up: %s", line[0] ? line : "none");
    tui__put(y++, px, 0, "face down: %d (they all look alike)", down);
    if (peek)
        tui__put(y++, px, tui__colour(topping_of(peek) ? topping_of(peek)->colour : TUI_WHITE),
                 "You peeked: %c %s (only you know)", topping_of(peek) ? topping_of(peek)->letter : '?',
                 peek);
    const char *bonus = tui__str(v, "bonus");
    if (bonus)
        tui__put(y++, px, 0, "Your secret bonus pancake: %c %s", topping_of(bonus) ? topping_of(bonus)->letter : '?', bonus);
    else if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "bonus_taken")))
        tui__put(y++, px, 0, "%s took a secret bonus pancake.", tui__seat_name(t->g, chef));
    bool aid = t->memory_aid || cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "memory_aid"));
    if (aid && down + (picked ? 1 : 0) > 0) {
        const cJSON *pd = cJSON_GetObjectItemCaseSensitive(v, "public_down");
        line[0] = '\0';
        for (int i = 0; i < NTOP; i++) {
            int c = tui__num(pd, toppings[i].name, 0);
            if (c)
                snprintf(line + strlen(line), sizeof line - strlen(line), "%s%d %c",
                         line[0] ? ", " : "", c, toppings[i].letter);
        }
        tui__put(y++, px, tui__shine(t->g, NULL, "counts") | A_DIM,
                 "memory aid: the hidden ones are %s", line);
    }
    y += gap;
    tui__put(y, x, A_BOLD, "Piles (12 pancakes win)   ");
    tui__put(y++, getcurx(stdscr), tui__shine(t->g, NULL, "table") | A_BOLD,
             "On the table: %d pancakes left to draw.", tui__num(v, "table", 0));
    const cJSON *piles = cJSON_GetObjectItemCaseSensitive(v, "piles");
    for (int i = 0; i < cJSON_GetArraySize(piles) && y < t->y + t->h; i++, y++) {
        int c = cJSON_GetArrayItem(piles, i)->valueint;
        char nm[16];
        snprintf(nm, sizeof nm, "ask %d", i + 1); /* names count seats from 1 */
        int shine = tui__shine(t->g, nm, "pile %d", i) | tui__shine(t->g, NULL, "seat %d", i);
        int attr = (i == chef ? A_BOLD : 0) | shine;
        tui__put(y, x + 2, attr, "%-16s %2d ", tui__seat_name(t->g, i), c);
        if (shine)
            tui__put(y, x, shine, ">");
        for (int k = 0; k < 12; k++)
            tui__ch(y, x + 22 + k, k < c ? A_BOLD : 0, k < c ? '#' : '.');
        if (i == chef)
            tui__put(y, x + 36, A_DIM, "chef");
        if (strcmp(phase, "guess") == 0 && i == tui__num(v, "guesser", -1))
            tui__put(y, x + 36, A_BOLD, "is guessing");
        if (t->sel && strcmp(t->sel, nm) == 0)
            tui__put(y, x, A_REVERSE, ">");
        tui__hot_add(y, x + 2, 20, nm);
    }
    y += gap;
    if (strcmp(phase, "guess") == 0 && tui__num(v, "guesser", -1) == t->seat && y < t->y + t->h)
        tui__put(y, x, A_BOLD, "%s asks you: which topping is the pancake in their hand?",
                 tui__seat_name(t->g, chef));
    if (strcmp(phase, "over") == 0) {
        const cJSON *w = cJSON_GetObjectItemCaseSensitive(v, "winners");
        const cJSON *e;
        line[0] = '\0';
        cJSON_ArrayForEach(e, w) snprintf(line + strlen(line), sizeof line - strlen(line),
                                         "%s%s", line[0] ? " and " : "",
                                         tui__seat_name(t->g, e->valueint));
        bool one = cJSON_GetArraySize(w) == 1;
        const char *winner = one ? tui__seat_name(t->g, cJSON_GetArrayItem(w, 0)->valueint) : "";
        bool you = strcasecmp(winner, "you") == 0;
        tui__put(y, x, A_BOLD, "The game is over: %s win%s!", line, one && !you ? "s" : "");
        int most = 0;
        for (int i = 0; i < cJSON_GetArraySize(piles); i++)
            if (cJSON_GetArrayItem(piles, i)->valueint > most)
                most = cJSON_GetArrayItem(piles, i)->valueint;
        if (most < 12 && y + 1 < t->y + t->h) /* nobody reached 12: why it ended */
            tui__put(y + 1, x, 0, "The pancakes on the table ran out: the biggest pile wins.");
    }
}

static void label(const tui_game *g, const cJSON *view, const char *name, char *buf, size_t n)
{
    (void)view;
    int seat;
    const struct topping *tp = strncmp(name, "guess ", 6) == 0 ? topping_of(name + 6) : NULL;
    if (strcmp(name, "pick") == 0)
        snprintf(buf, n, "pick one and peek");
    else if (strcmp(name, "stop") == 0)
        snprintf(buf, n, "stop sharing");
    else if (sscanf(name, "ask %d", &seat) == 1)
        snprintf(buf, n, "ask %s", tui__seat_name(g, seat - 1));
    else if (tp)
        snprintf(buf, n, "%c %s", tp->letter, tp->name);
    else
        snprintf(buf, n, "%s", name);
}

/* The lesson's word for a choice (docs/lessons.md). */
static bool word(const char *name, char *buf, size_t n)
{
    int seat;
    if (strcmp(name, "pick") == 0 || strcmp(name, "stop") == 0)
        snprintf(buf, n, "button %s", name);
    else if (strncmp(name, "toss ", 5) == 0)
        snprintf(buf, n, "button toss");
    else if (strncmp(name, "guess ", 6) == 0)
        snprintf(buf, n, "topping %s", name + 6);
    else if (sscanf(name, "ask %d", &seat) == 1)
        snprintf(buf, n, "seat %d", seat - 1);
    else
        return false;
    return true;
}

static bool meter(const cJSON *view, const char *const *names, int n, tui_meter *m)
{
    (void)view;
    for (int i = 0; i < n; i++)
        if (strncmp(names[i], "toss ", 5) != 0)
            return false;
    m->lo = 0.10;
    m->hi = 0.90;
    m->period_ms = 2400;
    m->sine = false;
    snprintf(m->fmt, sizeof m->fmt, "toss %%.2f");
    snprintf(m->what, sizeof m->what,
             "How hard do you flick the pan? Soft: few pancakes flip over. Hard: many.");
    snprintf(m->lo_word, sizeof m->lo_word, "soft");
    snprintf(m->hi_word, sizeof m->hi_word, "hard");
    return true;
}

const tui_screen tui__screen_pancake = {
    .id = "pancake",
    .min_w = 80,
    .rows = 15,     /* see draw */
    .big_rows = 20, /* blank rows between the parts */
    .wide_w = 78,
    .secrets = true,
    .draw = draw,
    .label = label,
    .meter = meter,
    .word = word,
};
