/* save.c: saving a game as a replay file, and a one-line prompt.
 *
 * The file is the core's replay object (options + seed + actions, see
 * match.h) with the seating beside it (pf_seating_save, shared with the
 * line mode), so `partyfood play --resume FILE` seats everyone again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/tui_int.h"

bool tui__save(const tui_game *g, const char *path, char *msg, size_t n)
{
    pf_error err;
    bool ok = pf_seating_save(g->m, &g->seats, g->memory_aid, path, &err) == PF_E_OK;
    if (ok)
        snprintf(msg, n, "Saved to %s (continue with: partyfood play --resume %s)", path, path);
    else
        snprintf(msg, n, "%s", err.msg);
    return ok;
}

bool tui__prompt(const char *question, char *buf, size_t n)
{
    size_t len = strlen(buf);
    curs_set(1);
    for (;;) {
        move(LINES - 1, 0);
        clrtoeol();
        tui__put(LINES - 1, 0, A_BOLD, "%s", question);
        int x = (int)strlen(question);
        tui__put(LINES - 1, x, 0, "%s", buf);
        tui__put(LINES - 2 >= 0 ? LINES - 2 : 0, 0, A_DIM,
                 "Enter accepts, Esc cancels, Backspace deletes.");
        clrtoeol();
        move(LINES - 1, x + (int)len < COLS ? x + (int)len : COLS - 1);
        refresh();
        int ch = tui__key(-1);
        if (ch == 27 || ch == 3) {
            curs_set(0);
            return false;
        }
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
            curs_set(0);
            return len > 0;
        }
        if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len > 0)
            buf[--len] = '\0';
        else if (ch >= 32 && ch < 127 && len + 1 < n) {
            buf[len++] = (char)ch;
            buf[len] = '\0';
        }
    }
}
