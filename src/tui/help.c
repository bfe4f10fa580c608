/* help.c: the rules summary of a game (its descriptor's lines, in our own
 * words), and the paged viewer that shows them and the log. */
#include <stdio.h>
#include <stdlib.h>
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

/* A game writes its rules as lines of 78 columns at most (line mode prints
 * them so). The pager joins them back into paragraphs that wrap at any
 * width: a blank line stays one; a line opening with a blank or two starts
 * a list item, and a line indented deeper goes on with that item; a line
 * opening with a word goes on with the paragraph above it, unless that
 * was an item. Fills paras from text (room for every line and its end);
 * returns how many. */
static int reflow(const char *const *lines, int n, char *text, const char **paras)
{
    enum { NONE, PARAGRAPH, ITEM } last = NONE;
    int np = 0;
    char *end = NULL; /* the end of the last paragraph */
    for (int i = 0; i < n; i++) {
        const char *s = lines[i];
        size_t lead = strspn(s, " "), len = strlen(s);
        if ((last == PARAGRAPH && lead == 0 && *s) || (last == ITEM && lead > 2)) {
            *end = ' ';
            memcpy(end + 1, s + lead, len - lead + 1);
            end += 1 + len - lead;
            continue;
        }
        char *start = end ? end + 1 : text;
        memcpy(start, s, len + 1);
        end = start + len;
        paras[np++] = start;
        last = !*s ? NONE : lead ? ITEM : PARAGRAPH;
    }
    return np;
}

void tui__show_rules(const pf_game *g)
{
    const char *const *r = tui__rules(g->id);
    int n = 0;
    size_t bytes = 0;
    while (r[n])
        bytes += strlen(r[n++]) + 1;
    char title[96];
    snprintf(title, sizeof title, "%s: the rules in short", g->title);
    char *text = malloc(bytes);
    const char **paras = malloc((size_t)n * sizeof *paras);
    if (text && paras)
        tui__pager(title, paras, reflow(r, n, text, paras), TUI_HANG);
    else /* no memory for the paragraphs: the lines as the game wrote them */
        tui__pager(title, r, n, 4);
    free(paras);
    free(text);
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
        snprintf(keys, sizeof keys,
                 "rows %d-%d of %d%s   space/PgDn next   b/PgUp back   arrows   q close",
                 total ? top + 1 : 0, last, total, last == total ? " (end)" : "");
        tui__wrap(LINES - key_rows, 0, COLS, key_rows, 2, A_DIM, keys, true);
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
