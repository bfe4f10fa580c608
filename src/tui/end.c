/* end.c: the end of a game: the result, the wins over a run of rematches,
 * and what to do next. */
#include <stdio.h>
#include <string.h>

#include "tui/tui_int.h"

/* The wins over a run of rematches: the same game and the same names at
 * the table (in any seats) go on counting; anything else starts afresh. */
static struct tally {
    const pf_game *game;
    int seats, games;
    char name[PF_MAX_SEATS][TUI_SEAT_NAME_SIZE];
    int wins[PF_MAX_SEATS];
} tally;

static int tally_index(const char *name)
{
    for (int k = 0; k < tally.seats; k++)
        if (strcmp(tally.name[k], name) == 0)
            return k;
    return -1;
}

static void tally_add(const tui_game *g, const double *r, double best, bool someone_won)
{
    bool same = tally.game == g->m->game && tally.seats == g->m->seats;
    for (int i = 0; same && i < g->m->seats; i++)
        same = tally_index(tui__seat_name(g, i)) >= 0;
    if (!same) {
        memset(&tally, 0, sizeof tally);
        tally.game = g->m->game;
        tally.seats = g->m->seats;
        for (int i = 0; i < g->m->seats; i++)
            tui__seat_name_into(g, i, tally.name[i]);
    }
    tally.games++;
    for (int i = 0; i < g->m->seats; i++)
        if (someone_won && r[i] == best)
            tally.wins[tally_index(tui__seat_name(g, i))]++;
}

/* "After 3 games: ana 2 wins, ben 1 win" (from the second game on). */
static void tally_line(char *buf, size_t n)
{
    buf[0] = '\0';
    if (tally.games < 2)
        return;
    size_t w = (size_t)snprintf(buf, n, "After %d games:", tally.games);
    for (int k = 0; k < tally.seats && w < n; k++)
        w += (size_t)snprintf(buf + w, n - w, "%s %s %d win%s", k ? "," : "", tally.name[k],
                              tally.wins[k], tally.wins[k] == 1 ? "" : "s");
}

int tui__end_screen(tui_game *g)
{
    tui__autosave_remove();
    int seat = pf_seating_people(g->seats) == 1 ? tui__first_person(g) : PF_SEAT_SPECTATOR;
    double r[PF_MAX_SEATS];
    pf_match_over(g->m, r);
    double best = r[0];
    for (int i = 1; i < g->m->seats; i++)
        if (r[i] > best)
            best = r[i];
    tally_add(g, r, best, best > g->m->game->result_min);
    char running[300];
    tally_line(running, sizeof running);
    for (;;) {
        g->nlegal = 0;
        g->meter.on = false;
        tui__draw(g, seat, false);
        if (tui__game_too_small(g)) {
            int ch = tui__key(-1);
            if (ch == 'q')
                return TUI_OUT_QUIT;
            continue;
        }
        /* The result box covers the events and choices, and reaches up
         * into the table when a long table of seats needs the rows. */
        static const char keys[] = "Enter/n: menu  r: rematch, same seats  l: log  s: save  q: quit";
        int tally_rows = running[0] ? tui__wrap_rows(running, COLS - 2, 2, false) : 0;
        int status_rows = tui__wrap_rows(g->status, COLS, 0, false);
        int y = tui__layout(g, seat, false).events_y - 1;
        int key_rows = tui__wrap_rows(keys, COLS, 0, true);
        int need = 1 + g->m->seats + tally_rows + status_rows + key_rows;
        if (y > LINES - need)
            y = LINES - need > 1 ? LINES - need : 1;
        for (int row = y; row < LINES; row++) {
            move(row, 0);
            clrtoeol();
        }
        tui__hline(y, 0, COLS, A_BOLD);
        tui__put(y, 2, A_BOLD | A_REVERSE, " GAME OVER: the result ");
        int row = y + 1;
        char line[200];
        /* Results that are only wins and losses say so in words alone. */
        bool won_or_lost = true;
        for (int i = 0; i < g->m->seats; i++)
            won_or_lost &= r[i] == 0 || r[i] == 1;
        for (int i = 0; i < g->m->seats; i++, row++) {
            const char *word = r[i] == best && best > g->m->game->result_min
                                   ? "WINS"
                                   : (r[i] <= g->m->game->result_min ? "loses" : "");
            if (won_or_lost)
                snprintf(line, sizeof line, "  seat %d  %-16s %s", i + 1, tui__seat_name(g, i),
                         word);
            else
                snprintf(line, sizeof line, "  seat %d  %-16s result %-6g %s", i + 1,
                         tui__seat_name(g, i), r[i], word);
            tui__putn(row, 0, COLS, r[i] == best && best > g->m->game->result_min ? A_BOLD : 0,
                      line);
        }
        tui__wrap(row, 2, COLS - 2, tally_rows, 2, A_BOLD, running, false);
        tui__wrap(LINES - key_rows - status_rows, 0, COLS, status_rows, 0, A_BOLD, g->status,
                  false);
        tui__wrap(LINES - key_rows, 0, COLS, key_rows, 0, 0, keys, true);
        refresh();
        int ch = tui__key(-1);
        switch (ch) {
        case '\n': case '\r': case KEY_ENTER: case 'n': case 'N':
            return TUI_OUT_MENU;
        case 'r': case 'R':
            return TUI_OUT_AGAIN;
        case 'q': case 'Q': case 3:
            return TUI_OUT_QUIT;
        case 'l': case 'L':
            tui__log_show(g);
            break;
        case 's': case 'S':
            tui__save_prompt(g);
            break;
        default:
            break;
        }
    }
}

