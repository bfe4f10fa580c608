/* save.c: saving a game as a replay file, the autosave, and a one-line
 * prompt.
 *
 * The file is the core's replay object (options + seed + actions, see
 * match.h) with the seating beside it (pf_seating_save, shared with the
 * line mode), so `partyfood play --resume FILE` seats everyone again.
 *
 * Every game is also saved after each step to one file per user,
 * $XDG_STATE_HOME/partyfood/autosave.json (default ~/.local/state/...),
 * written atomically so a crash or a closed terminal loses at most the
 * step being played. A game that ends normally removes it; the next
 * `partyfood play` offers to resume an unfinished one. Two clients running
 * at once share the file: the last step played wins. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tui/tui_int.h"

bool tui__save(const tui_game *g, const char *path, char *msg, size_t n)
{
    pf_error err;
    bool ok = pf_table_save(g->t, path, &err) == PF_E_OK;
    if (ok)
        snprintf(msg, n, "Saved to %s. To go on with it: partyfood play --resume %s", path, path);
    else
        snprintf(msg, n, "%s", err.msg);
    return ok;
}

/* The autosave file's path (its folders made, private to the user when
 * new); false when there is no home to put it in. */
static bool autosave_path(char *buf, size_t n, bool make_folders)
{
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    int len;
    if (state && state[0] == '/')
        len = snprintf(buf, n, "%s/partyfood/autosave.json", state);
    else if (home && home[0] == '/')
        len = snprintf(buf, n, "%s/.local/state/partyfood/autosave.json", home);
    else
        return false;
    if (len < 0 || (size_t)len >= n)
        return false;
    /* mkdir -p of the folders; the last '/' ends them. */
    for (char *p = buf + 1; make_folders && (p = strchr(p, '/')); p++) {
        *p = '\0';
        bool made = mkdir(buf, 0700) == 0 || errno == EEXIST;
        *p = '/';
        if (!made)
            return false;
    }
    return true;
}

void tui__autosave(tui_game *g)
{
    if (!g->autosave_on || g->m->nsteps == g->autosaved_steps)
        return;
    char path[512];
    pf_error err;
    g->autosaved_steps = g->m->nsteps;
    if (!autosave_path(path, sizeof path, true))
        pf_error_set(&err, PF_E_IO, "no folder for it (set HOME or XDG_STATE_HOME)");
    else if (pf_table_save(g->t, path, &err) == PF_E_OK)
        return;
    /* Say it once and stop trying: the game itself goes on. */
    snprintf(g->status, sizeof g->status, "Autosave is off: %.150s", err.msg);
    g->autosave_on = false;
}

void tui__autosave_remove(void)
{
    char path[512];
    if (autosave_path(path, sizeof path, false))
        unlink(path);
}

bool tui__offer_autosave(pf_match **m, pf_seating *s, bool *memory_aid)
{
    char path[512];
    if (!autosave_path(path, sizeof path, false) || access(path, F_OK) != 0)
        return false;
    pf_error err;
    pf_seating seats;
    bool seated = false, aid = false;
    const char *warning;
    pf_match *saved = pf_seating_load(path, &seats, &seated, &aid, &warning, &err);
    if (saved && (!seated || pf_match_over(saved, NULL))) {
        pf_match_destroy(saved);
        return false;
    }
    for (;;) {
        erase();
        tui__hot_clear();
        int y = LINES / 2 - 4 > 0 ? LINES / 2 - 4 : 0;
        if (!saved) {
            tui__put(y, 2, A_BOLD, "The autosaved game could not be loaded:");
            int k = tui__wrap(y + 1, 4, COLS - 6, 3, 2, 0, err.msg, false);
            char line[600];
            snprintf(line, sizeof line, "It is replaced when the next game autosaves (%s).", path);
            tui__wrap(y + 2 + k, 2, COLS - 4, 4, 2, 0, line, false);
            tui__put(LINES - 1, 0, A_DIM, "any key: go on");
            refresh();
            tui__key(-1);
            return false;
        }
        tui__put(y, 2, A_BOLD, "An unfinished game was saved automatically:");
        char moves[32];
        tui__put(y + 2, 4, 0, "%s, %s", saved->game->title,
                 tui__moves_played(saved->nsteps, moves, sizeof moves));
        char who[PF_MAX_SEATS * PF_SEAT_LABEL] = "";
        pf_seat_names names; /* alike bots told apart, as in the game */
        pf_seating_names(&seats, -1, &names);
        for (int i = 0; i < seats.n; i++)
            snprintf(who + strlen(who), sizeof who - strlen(who), "%s%s", i ? ", " : "",
                     names.name[i]);
        tui__wrap(y + 3, 4, COLS - 6, 2, 2, 0, who, false);
        tui__put(y + 5, 2, A_BOLD, "Resume it? (y/n)");
        tui__put(LINES - 1, 0, A_DIM, "y or Enter: resume that game   n or Esc: a new game");
        refresh();
        int ch = tui__key(-1);
        if (ch == 'y' || ch == 'Y' || ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
            *m = saved;
            *s = seats;
            *memory_aid = aid;
            return true;
        }
        if (ch == 'n' || ch == 'N' || ch == 27) {
            pf_match_destroy(saved);
            return false;
        }
    }
}

bool tui__prompt(const char *question, const char *suggest, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    char help[320];
    if (suggest && *suggest)
        snprintf(help, sizeof help, "Enter alone takes %s   Esc cancels", suggest);
    else
        snprintf(help, sizeof help, "Enter accepts, Esc cancels, Backspace deletes.");
    curs_set(1);
    for (;;) {
        int hy = LINES - 1 - tui__wrap_rows(help, COLS, 2, true);
        for (int y = hy; y < LINES; y++) {
            move(y, 0);
            clrtoeol();
        }
        tui__wrap(hy, 0, COLS, LINES - 1 - hy, 2, A_DIM, help, true);
        int x = (int)strlen(question);
        tui__put(LINES - 1, 0, A_BOLD, "%s", question);
        /* a long answer scrolls: its end stays in sight */
        int room = COLS - 1 - x > 1 ? COLS - 1 - x : 1;
        const char *shown = (int)len > room ? buf + len - room : buf;
        tui__putn(LINES - 1, x, room, 0, shown);
        move(LINES - 1, x + (int)strlen(shown) < COLS ? x + (int)strlen(shown) : COLS - 1);
        refresh();
        int ch = tui__key(-1);
        if (ch == 27 || ch == 3) {
            curs_set(0);
            return false;
        }
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
            curs_set(0);
            if (len == 0 && suggest && *suggest)
                snprintf(buf, n, "%s", suggest);
            return buf[0] != '\0';
        }
        if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len > 0)
            buf[--len] = '\0';
        else if (ch >= 32 && ch < 127 && len + 1 < n) {
            buf[len++] = (char)ch;
            buf[len] = '\0';
        }
    }
}

void tui__save_prompt(tui_game *g)
{
    char path[256];
    if (tui__prompt("Save the game to file: ", g->save_path, path, sizeof path))
        tui__save(g, path, g->status, sizeof g->status);
}
