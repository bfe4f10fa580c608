/* help.c: the rules summary of a game (its descriptor's lines, in our own
 * words), and the paged viewer that shows them and the log. */
#include <stdio.h>
#include <string.h>

#include "tui/tui_int.h"

static const char *const generic_rules[] = {
    "This game has no summary here yet.",
    "Choose one of the listed actions with the arrows and Enter, or its letter.",
    NULL};

const char *const *tui__rules(const char *id)
{
    const pf_game *g = pf_game_find(id);
    return g && g->rules ? g->rules : generic_rules;
}

void tui__show_rules(const pf_game *g)
{
    const char *const *r = tui__rules(g->id);
    int n = 0;
    while (r[n])
        n++;
    char title[96];
    snprintf(title, sizeof title, "%s: the rules in short", g->title);
    tui__pager(title, r, n, 4);
}

void tui__pager(const char *title, const char *const *lines, int n, int indent)
{
    int top = 0;
    bool at_end_start = title && strncmp(title, "Game log", 8) == 0; /* logs open at their end */
    for (;;) {
        erase();
        int key_rows = COLS >= 80 ? 1 : 2; /* the line of keys is under 80 columns */
        int rows = LINES - 2 - key_rows, w = COLS - 2;
        if (rows < 1)
            rows = 1;
        int total = tui__lines_rows(lines, n, w, indent);
        if (at_end_start && total > rows)
            top = total - rows;
        at_end_start = false;
        if (top > total - rows)
            top = total - rows;
        if (top < 0)
            top = 0;
        tui__title_bar(title);
        tui__lines(1, 1, w, rows, indent, lines, NULL, n, top);
        /* Rows, not pages: the last screen is a full one, so a page count
         * would stop short of its last page ("page 2 of 3" at the end). */
        int last = top + rows < total ? top + rows : total;
        char keys[160];
        snprintf(keys, sizeof keys, "rows %d-%d of %d%s  space/PgDn next  b/PgUp back  arrows  q close",
                 total ? top + 1 : 0, last, total, last == total ? " (end)" : "");
        tui__wrap(LINES - key_rows, 0, COLS, key_rows, 2, A_DIM, keys, false);
        refresh();
        int ch = tui__key(-1);
        switch (ch) {
        case 'q': case 'Q': case 27: case '\n': case '\r': case KEY_ENTER: case '?': case 'l':
            return;
        case ' ': case KEY_NPAGE: case 'f':
            top += rows;
            break;
        case 'b': case KEY_PPAGE:
            top -= rows;
            break;
        case KEY_DOWN: case 'j':
            top++;
            break;
        case KEY_UP: case 'k':
            top--;
            break;
        case KEY_HOME: case 'g':
            top = 0;
            break;
        case KEY_END: case 'G':
            top = total;
            break;
        default:
            break;
        }
    }
}
