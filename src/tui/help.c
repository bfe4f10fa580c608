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

void tui__pager(const char *title, const char *const *lines, int n)
{
    int top = 0;
    bool at_end_start = true; /* logs open at their end */
    for (;;) {
        erase();
        int rows = LINES - 3;
        if (rows < 1)
            rows = 1;
        if (at_end_start && title && strncmp(title, "Game log", 8) == 0 && n > rows)
            top = n - rows;
        at_end_start = false;
        if (top > n - rows)
            top = n - rows;
        if (top < 0)
            top = 0;
        attron(tui__colour(TUI_TITLE));
        mvhline(0, 0, ' ', COLS);
        attroff(tui__colour(TUI_TITLE));
        tui__put(0, 1, tui__colour(TUI_TITLE), "%s", title);
        for (int i = 0; i < rows && top + i < n; i++)
            tui__putn(1 + i, 1, COLS - 2, 0, lines[top + i]);
        /* Lines, not pages: the last screen is a full one, so a page count
         * would stop short of its last page ("page 2 of 3" at the end). */
        int last = top + rows < n ? top + rows : n;
        tui__put(LINES - 1, 0, A_DIM,
                 "lines %d-%d of %d%s  space/PgDn next  b/PgUp back  arrows  q close",
                 n ? top + 1 : 0, last, n, last == n ? " (end)" : "");
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
            top = n;
            break;
        default:
            break;
        }
    }
}
