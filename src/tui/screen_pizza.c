/* screen_pizza.c: Pizza Party's table: the grid of face-down pieces and
 * the four slices with their handles and toppings, from the seat's view.
 * Every piece carries letters (ON PE MU PP, S:R S:Y S:G S:B) as well as a
 * colour. Earlier reveals are shown only with the memory aid, which
 * remembers them from the events the seat was shown (the view carries no
 * memory, PIZ-7). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tui/tui_int.h"

static const struct piece {
    const char *name, *code;
    int colour;
} pieces[] = {
    {"onion", "ON", TUI_MAGENTA},      {"pepper", "PE", TUI_GREEN},
    {"mushroom", "MU", TUI_YELLOW},    {"pepperoni", "PP", TUI_RED},
    {"red switch", "S:R", TUI_RED},    {"yellow switch", "S:Y", TUI_YELLOW},
    {"green switch", "S:G", TUI_GREEN}, {"blue switch", "S:B", TUI_BLUE},
};

static const struct piece *piece_of(const char *name)
{
    for (size_t i = 0; name && i < sizeof pieces / sizeof pieces[0]; i++)
        if (strcmp(pieces[i].name, name) == 0)
            return &pieces[i];
    return NULL;
}

static int handle_colour(const char *colour)
{
    if (!colour)
        return TUI_WHITE;
    if (strcmp(colour, "red") == 0)
        return TUI_RED;
    if (strcmp(colour, "yellow") == 0)
        return TUI_YELLOW;
    if (strcmp(colour, "green") == 0)
        return TUI_GREEN;
    return TUI_BLUE;
}

/* The memory aid's memory: the piece each cell showed when the events
 * shown to the seat last saw it turned over (NULL: never seen). */
static void remember(const tui_table *t, const struct piece **memory, int ncells)
{
    for (int i = 0; i < ncells; i++)
        memory[i] = NULL;
    int nlog;
    const pf_table_event *log = pf_table_log(t->g->t, &nlog);
    for (int i = 0; i < nlog; i++) {
        const pf_table_event *e = &log[i];
        const pf_event_field *cell = pf_event_find(&e->ev, "cell");
        const pf_event_field *piece = pf_event_find(&e->ev, "piece");
        if (strcmp(e->ev.kind, "flip") == 0 && tui__log_shows(t->g, e, t->seat) && cell &&
            piece && cell->v.i >= 0 && cell->v.i < ncells)
            memory[cell->v.i] = piece_of(piece->v.s);
    }
}

static void draw(const tui_table *t)
{
    const cJSON *v = t->view;
    const cJSON *grid = cJSON_GetObjectItemCaseSensitive(v, "grid");
    const cJSON *last = cJSON_GetObjectItemCaseSensitive(v, "last");
    int cols = tui__num(v, "columns", 8), ncells = cJSON_GetArraySize(grid);
    int last_cell = cJSON_IsObject(last) ? tui__num(last, "cell", -1) : -1;
    const char *last_piece = cJSON_IsObject(last) ? tui__str(last, "piece") : NULL;
    int rows = (ncells + cols - 1) / cols;
    const struct piece *memory[64]; /* a grid has at most 32 cells */
    if (ncells > 64)
        ncells = 64;
    remember(t, memory, ncells);
    /* Compact: the header, the grid, the line of the last piece, the slices'
     * header, four slices and the switch line (4 + 2 * rows). Blank rows
     * between grid rows and parts only when they fit. */
    bool roomy = t->h >= 3 * rows + 9;
    int gap = t->h >= rows + 8 + 2 ? 1 : 0;
    int y = t->y + gap, x = t->x + 2;
    int down = 0;
    for (int i = 0; i < ncells; i++)
        down += strcmp(cJSON_GetArrayItem(grid, i)->valuestring, "down") == 0;
    tui__put(y, x, A_BOLD, "The table: %d piece%s face down (the number names the cell)   ",
             down, down == 1 ? "" : "s");
    y += 1;
    for (int i = 0; i < ncells; i++) {
        int r = i / cols, c = i % cols;
        int cy = y + gap + r * (roomy ? 2 : 1), cx = x + c * 7;
        const char *state = cJSON_GetArrayItem(grid, i)->valuestring;
        bool is_down = strcmp(state, "down") == 0;
        char cell[24], name[32];
        int attr = 0;
        const struct piece *seen_p = memory[i];
        if (i == last_cell && piece_of(last_piece)) {
            const struct piece *p = piece_of(last_piece);
            snprintf(cell, sizeof cell, is_down ? "[*%-3s]" : "(*%-3s)", p->code);
            attr = tui__colour(p->colour) | A_BOLD;
        } else if (is_down && t->memory_aid && seen_p) {
            snprintf(cell, sizeof cell, "[ %-3s]", seen_p->code);
            attr = tui__colour(seen_p->colour) | A_DIM;
        } else if (is_down) {
            snprintf(cell, sizeof cell, "[ %2d ]", i);
        } else {
            snprintf(cell, sizeof cell, "   .  ");
            attr = A_DIM;
        }
        snprintf(name, sizeof name, "flip %d", i);
        int shine = tui__shine(t->g, name, "cell %d", i);
        if (!shine && is_down)
            shine = tui__shine(t->g, NULL, "grid");
        if (shine)
            attr = shine;
        if (t->sel && strcmp(t->sel, name) == 0)
            attr = A_REVERSE | A_BOLD | shine;
        tui__putn(cy, cx, 6, attr, cell);
        if (shine && !tui__shows_any(t->g, "grid")) { /* pointers at the one to press */
            tui__ch(cy, cx - 1, shine, '>');
            tui__ch(cy, cx + 6, shine, '<');
        }
        if (is_down)
            tui__hot_add(cy, cx, 6, name);
    }
    y += 1 + gap + rows * (roomy ? 2 : 1);
    if (last_piece && piece_of(last_piece)) {
        const struct piece *p = piece_of(last_piece);
        int who = tui__num(last, "seat", -1);
        tui__put(y - 1, x, 0, "Last turned over, by %s: cell %d is ",
                 who >= 0 ? tui__seat_name(t->g, who) : "?", last_cell);
        int at = getcurx(stdscr);
        tui__put(y - 1, at, tui__colour(p->colour), "%s %s", p->code, p->name);
        const char *rule = tui__str(last, "rule");
        if (rule && *rule)
            tui__put(y - 1, getcurx(stdscr), 0, " (rule %s)", rule);
    }
    tui__put(y, x, A_BOLD, "Slices (6 toppings of one kind win)");
    const cJSON *slices = cJSON_GetObjectItemCaseSensitive(v, "slices");
    int to_move = tui__num(v, "to_move", -1);
    for (int j = 0; j < cJSON_GetArraySize(slices); j++) {
        const cJSON *s = cJSON_GetArrayItem(slices, j);
        const char *colour = tui__str(s, "colour");
        const cJSON *seat = cJSON_GetObjectItemCaseSensitive(s, "seat");
        int count = tui__num(s, "count", 0);
        const struct piece *top = piece_of(tui__str(s, "topping"));
        char who[48], name[32];
        if (cJSON_IsNumber(seat))
            snprintf(who, sizeof who, "%s%s", tui__seat_name(t->g, seat->valueint),
                     seat->valueint == t->seat && strcasecmp(tui__seat_name(t->g, t->seat), "you")
                         ? " (you)"
                         : "");
        else
            snprintf(who, sizeof who, "(no one: a spare slice)");
        int sy = y + 1 + j;
        snprintf(name, sizeof name, "switch %s", colour ? colour : "?");
        bool selected = t->sel && strcmp(t->sel, name) == 0;
        int shine = tui__shine(t->g, name, "slice %s", colour ? colour : "?");
        tui__put(sy, x,
                 (shine ? shine : tui__colour(handle_colour(colour))) | (selected ? A_REVERSE : 0),
                 "%c %-6s handle", colour ? colour[0] - 32 : '?', colour ? colour : "?");
        if (shine)
            tui__put(sy, x - 2, shine, ">");
        tui__hot_add(sy, x, 15, name);
        tui__put(sy, x + 16, cJSON_IsNumber(seat) && seat->valueint == to_move ? A_BOLD : 0,
                 "%-24s", who);
        int cx = x + 41;
        for (int k = 0; k < 6; k++) {
            if (k < count && top)
                tui__put(sy, cx + 3 * k, tui__colour(top->colour), "%s", top->code);
            else
                tui__put(sy, cx + 3 * k, A_DIM, "..");
        }
        tui__put(sy, cx + 19, 0, "%d/6 %s", count, top ? top->name : "empty");
    }
    if (strcmp(tui__str(v, "phase") ? tui__str(v, "phase") : "", "switch") == 0 && t->sel)
        tui__put(y + 5, x, A_BOLD,
                 "Your own colour's switch: choose the slice to swap with (arrows + Enter).");
}

static void label(const tui_game *g, const cJSON *view, const char *name, char *buf, size_t n)
{
    (void)view;
    (void)g;
    int cell;
    if (sscanf(name, "flip %d", &cell) == 1)
        snprintf(buf, n, "turn over %d", cell);
    else if (strncmp(name, "switch ", 7) == 0)
        snprintf(buf, n, "swap with %s slice", name + 7);
    else
        snprintf(buf, n, "%s", name);
}

/* The lesson's word for a choice (docs/lessons.md). */
static bool word(const char *name, char *buf, size_t n)
{
    int cell;
    if (sscanf(name, "flip %d", &cell) == 1)
        snprintf(buf, n, "cell %d", cell);
    else if (strncmp(name, "switch ", 7) == 0)
        snprintf(buf, n, "slice %s", name + 7);
    else
        return false;
    return true;
}

/* Turning a piece over is chosen on the grid itself, not from a list. */
static const char *hint(const tui_game *g)
{
    for (int i = 0; i < g->nlegal; i++)
        if (strncmp(g->names[i], "flip ", 5) != 0)
            return NULL;
    return "Arrows move over the pieces, Enter turns one over, or type its number.";
}

const tui_screen tui__screen_pizza = {
    .id = "pizza",
    .min_w = 80,
    .rows = 12,     /* 4 grid rows: see draw */
    .big_rows = 21, /* roomy: a blank row between the grid's rows and the parts */
    .wide_w = 78,
    .draw = draw,
    .label = label,
    .hint = hint,
    .word = word,
};
