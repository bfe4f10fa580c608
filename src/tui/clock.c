/* clock.c: the real-time game clock.
 *
 * It runs only while the table can be seen and played: the time spent on
 * anything else (too small a window, the rules, the log, saving, the quit
 * question, the pause, and the count before it runs again) is added to
 * g->paused, and while it is stopped the game time stands still on the
 * screen too. A count of three warns everyone before it runs again. */
#include <stdio.h>
#include <string.h>

#include "tui/tui_int.h"

#define COUNTDOWN 3

/* A lesson's clock (lesson.h) stands while the person reads or thinks:
 * its moves come one after another, each when its seat's hands are free,
 * so "now" on the screen is when every pair of hands is free. */
static int64_t lesson_now(const tui_game *g)
{
    const pf_match *m = g->m;
    int64_t now = m->now;
    for (int s = 0; m->game->ready_at && s < m->seats; s++) {
        int64_t ready = m->game->ready_at(m->state, s);
        now = ready > now ? ready : now;
    }
    return now;
}

int64_t tui__game_now(const tui_game *g)
{
    if (g->lesson)
        return lesson_now(g);
    int64_t wall = g->stopped_at ? g->stopped_at : tui__wall_ms();
    return wall - g->start_wall - g->paused;
}

void tui__clock_stop(tui_game *g)
{
    if (!g->stopped_at)
        g->stopped_at = tui__wall_ms();
}

void tui__clock_go(tui_game *g)
{
    if (g->stopped_at)
        g->paused += tui__wall_ms() - g->stopped_at;
    g->stopped_at = 0;
}

/* The text in reverse, centred on row y. */
static void banner(int y, const char *text)
{
    int w = (int)strlen(text) + 4;
    int x = (COLS - w) / 2 > 0 ? (COLS - w) / 2 : 0;
    tui__put(y, x, A_REVERSE | A_BOLD, "  %s  ", text);
    refresh();
}

static int clock_seat(const tui_game *g)
{
    return g->focus >= 0 ? g->focus : PF_SEAT_SPECTATOR;
}

/* The count goes where the choices will be: no key plays meanwhile, so
 * that box is empty, and it hides nothing of the table or its legend. */
void tui__countdown(tui_game *g, const char *what)
{
    tui__clock_stop(g);
    for (int left = COUNTDOWN; left > 0; left--) {
        int64_t until = tui__wall_ms() + 1000;
        while (tui__wall_ms() < until) {
            tui__draw(g, clock_seat(g), false);
            char text[80];
            snprintf(text, sizeof text, "%s in %d", what, left);
            if (!tui__game_too_small(g)) {
                tui_layout l = tui__layout(g, clock_seat(g), false);
                banner(l.choices_y + (l.choices - 1) / 2, text);
            }
            int wait = (int)(until - tui__wall_ms());
            (void)tui__key(wait > 0 ? wait : 0); /* keys wait: none counts before the clock runs */
        }
    }
    tui__clock_go(g);
}

bool tui__hold_while_small(tui_game *g)
{
    tui__clock_stop(g);
    while (tui__game_too_small(g)) {
        tui__draw(g, clock_seat(g), false);
        int ch = tui__key(-1);
        if (ch == 'q' || ch == 'Q' || ch == 3) {
            tui__clock_go(g);
            return false;
        }
    }
    tui__countdown(g, "Going on");
    return true;
}

bool tui__pause(tui_game *g)
{
    tui__clock_stop(g);
    for (;;) {
        erase();
        tui__draw_title(g, "paused", "", PF_SEAT_SPECTATOR);
        banner(LINES / 2, "Paused: ? rules  l log  q quit  any other key goes on");
        int ch = tui__key(-1);
        if (ch == KEY_RESIZE || ch == TUI_KEY_NONE)
            continue;
        if (ch == '?' || ch == KEY_F(1))
            tui__show_rules(g->m->game);
        else if (ch == 'l' || ch == 'L')
            tui__log_show(g);
        else if (ch == 3 || ((ch == 'q' || ch == 'Q') && tui__confirm("Quit this game? (y/n)")))
            return false;
        else if (ch != 'q' && ch != 'Q')
            break;
    }
    tui__countdown(g, "Going on");
    return true;
}
