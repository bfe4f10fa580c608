/* shine.c: what shines on a table: the things a lesson's step names (its
 * highlight words, docs/lessons.md), and the move a hint suggested. Each
 * screen asks here for the things it draws, so one lesson file highlights
 * the same things in the browser and the terminal. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tui/tui_int.h"

int tui__shine_attr(void)
{
    return tui__colour(TUI_SHINE) | A_BOLD;
}

/* The lesson's step names word as a thing to look at. */
static bool shown(const tui_game *g, const char *word)
{
    if (!g->lesson)
        return false;
    for (int i = 0; i < g->now.nshow; i++)
        if (strcmp(g->now.show[i], word) == 0)
            return true;
    return false;
}

bool tui__shows_any(const tui_game *g, const char *prefix)
{
    for (int i = 0; g->lesson && i < g->now.nshow; i++)
        if (strncmp(g->now.show[i], prefix, strlen(prefix)) == 0)
            return true;
    return false;
}

int tui__shine(const tui_game *g, const char *action, const char *word_fmt, ...)
{
    if (action && g->hinted[0] && g->hint_step == g->m->nsteps && strcmp(action, g->hinted) == 0)
        return tui__shine_attr();
    if (!g->lesson)
        return 0;
    char word[64];
    va_list ap;
    va_start(ap, word_fmt);
    vsnprintf(word, sizeof word, word_fmt, ap);
    va_end(ap);
    return shown(g, word) ? tui__shine_attr() : 0;
}
