/* app.c: the client's outer loop (menu, seating, a game, its end screen,
 * again) and the keyboard hand-over between people. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tui/tui_int.h"

bool pf_tui_available(void)
{
    const char *term = getenv("TERM");
    return isatty(0) && isatty(1) && term && *term && strcmp(term, "dumb") != 0;
}

const tui_screen *tui__screen_for(const pf_game *g)
{
    static const tui_screen *const all[] = {&tui__screen_pizza, &tui__screen_pancake,
                                            &tui__screen_pakupaku, &tui__screen_passfood};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->id, g->id) == 0 && all[i]->draw)
            return all[i];
    return &tui__screen_generic;
}

bool pf_tui_secrets_between_people(const pf_game *g)
{
    return tui__screen_for(g)->secrets;
}

/* ---- the game menu ------------------------------------------------------ */

/* The "learn to play" button of a game's row: the whole words where the
 * row has room (80 columns), a short one on a narrow terminal. */
static const char *learn_button(void)
{
    return COLS >= 80 ? "[ learn to play ]" : "[learn]";
}

/* Whether game's lesson fits the terminal; when not, why, in note (a
 * lesson is the game's own table, which needs more than the menu does). */
static bool lesson_fits(const pf_game *game, char *note, size_t n)
{
    const tui_screen *scr = tui__screen_for(game);
    if (!tui__screen_too_small(scr))
        return true;
    snprintf(note, n,
             "%s's lesson needs a window of %dx%d or more (this one is %dx%d): make it "
             "bigger, then press L again.",
             game->title, scr->min_w, tui__min_h(scr), COLS, LINES);
    return false;
}

const pf_game *tui__menu(bool *learn)
{
    /* back from a game, a lesson or a seating, the same game is marked */
    static int sel;
    static bool on_learn;
    /* one row of 80 columns */
    static const char keys[] = "arrows+Enter or a number   L learn to play   ? rules   q quits   "
                               "(clicks work)";
    int n = pf_game_count();
    char note[200] = ""; /* why L opened no lesson, until the next key */
    for (;;) {
        erase();
        tui__hot_clear();
        if (!tui__too_small(60, 18, "the menu")) {
            tui__title_bar("partyfood: four party-food games");
            tui__put(2, 2, A_BOLD, "Which game shall we play?");
            /* Each game's summary wrapped under its title; a blank row
             * between the games when the terminal has the rows. */
            const char *bottom = note[0] ? note : keys;
            int key_rows = tui__wrap_rows(bottom, COLS, 2, true), rows = 0;
            for (int i = 0; i < n; i++)
                rows += 1 + tui__wrap_rows(pf_game_at(i)->summary, COLS - 9, 2, false);
            int gap = 4 + rows + n - 1 + key_rows <= LINES ? 1 : 0;
            bool wide = COLS >= 80;
            for (int i = 0, y = 4; i < n; i++) {
                const pf_game *g = pf_game_at(i);
                int attr = i == sel && !on_learn ? A_REVERSE | A_BOLD : 0;
                char id[64];
                tui__put(y, 4, attr, wide ? " %d  %-22s " : " %d  %-19s ", i + 1, g->title);
                int px = wide ? 33 : 29;
                if (wide)
                    tui__put(y, px, 0, "%d to %d players%s", g->min_seats, g->max_seats,
                             g->real_time ? ", real time" : "");
                else
                    tui__put(y, px, 0, "%d-%d players%s", g->min_seats, g->max_seats,
                             g->real_time ? ", real time" : "");
                int bx = wide ? 60 : 52;
                tui__put(y, bx, i == sel && on_learn ? A_REVERSE | A_BOLD : A_BOLD, "%s",
                         learn_button());
                snprintf(id, sizeof id, "learn %s", g->id);
                tui__hot_add(y, bx, (int)strlen(learn_button()), id);
                tui__hot_add(y++, 4, px - 5, g->id);
                y += tui__wrap(y, 9, COLS - 9, 3, 2, A_DIM, g->summary, false) + gap;
            }
            tui__wrap(LINES - key_rows, 0, COLS, key_rows, 2, note[0] ? A_BOLD : A_DIM, bottom,
                      true);
            refresh();
        }
        int ch = tui__key(-1);
        note[0] = '\0'; /* said once: a key or a new size goes on */
        *learn = false;
        if (ch == 'q' || ch == 'Q' || ch == 27 || ch == 3)
            return NULL;
        if (ch == KEY_UP || ch == 'k')
            sel = (sel + n - 1) % n;
        else if (ch == KEY_DOWN || ch == 'j' || ch == '\t')
            sel = (sel + 1) % n;
        else if (ch == KEY_LEFT || ch == KEY_RIGHT)
            on_learn = !on_learn;
        else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') {
            *learn = on_learn;
            if (!on_learn || lesson_fits(pf_game_at(sel), note, sizeof note))
                return pf_game_at(sel);
        } else if (ch == 'L' || ch == 'l') {
            *learn = true;
            if (lesson_fits(pf_game_at(sel), note, sizeof note))
                return pf_game_at(sel);
        } else if (ch >= '1' && ch < '1' + n)
            return pf_game_at(sel = ch - '1');
        else if (ch == '?' || ch == KEY_F(1))
            tui__show_rules(pf_game_at(sel));
        else if (ch == TUI_KEY_CLICK) {
            int y, x;
            tui__click(&y, &x);
            const char *id = tui__hot_at(y, x);
            *learn = id && strncmp(id, "learn ", 6) == 0;
            const pf_game *game = id ? pf_game_find(*learn ? id + 6 : id) : NULL;
            if (game && (!*learn || lesson_fits(game, note, sizeof note)))
                return game;
        }
    }
}

/* ---- hand-over ---------------------------------------------------------- */

bool tui__handover(const tui_game *g, int seat)
{
    for (;;) {
        erase();
        tui__hot_clear();
        int y = LINES / 2 - 3 > 0 ? LINES / 2 - 3 : 0;
        tui__put(y, 2, A_BOLD, "Pass the keyboard to %s (seat %d).", tui__seat_name(g, seat),
                 seat + 1);
        tui__put(y + 2, 2, 0, "The table stays hidden so nobody sees another seat's secrets.");
        tui__put(y + 3, 2, 0, "%s, press Enter when only you can see the screen.",
                 tui__seat_name(g, seat));
        tui__put(LINES - 1, 0, A_DIM, "Enter: show my table   q: quit");
        refresh();
        int ch = tui__key(-1);
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ')
            return true;
        if (ch == 'q' || ch == 3)
            return false;
    }
}

/* ---- the whole run ------------------------------------------------------ */

int pf_tui_run(pf_tui_args *a)
{
    tui__term_open();
    const pf_game *g = a->game;
    pf_match *m = a->match;
    pf_seating s = a->seating;
    bool seated = a->seated;
    pf_match *resumed = NULL;
    if (a->offer_autosave && tui__offer_autosave(&resumed, &s, &a->memory_aid)) {
        pf_match_destroy(m);
        m = resumed;
        seated = true;
    }
    if (m)
        g = m->game;
    char error[300] = "";
    bool learn = a->learn;
    for (;;) {
        if (!m) {
            if (!g && !(g = tui__menu(&learn)))
                break;
            if (learn) {
                int out = tui__lesson(g, a);
                learn = a->learn = false; /* `partyfood learn` leads to the menu after */
                a->chapter = 0;
                if (out == TUI_OUT_NO_MEMORY)
                    snprintf(error, sizeof error, "%s", pf_strerror(PF_E_NO_MEMORY));
                if (out == TUI_OUT_QUIT || out == TUI_OUT_NO_MEMORY)
                    break;
                if (out != TUI_OUT_PLAY)
                    g = NULL;
                seated = false;
                continue;
            }
            bool shuffle = false;
            pf_options opt;
            if (g == a->game)
                opt = a->opt; /* --option belongs to the game named with it */
            else
                pf_options_clear(&opt);
            if (!seated && !tui__seats(g, &s, &a->memory_aid, &shuffle, &opt, &a->pace_ms,
                                       &a->hints_shared)) {
                g = NULL;
                continue;
            }
            uint64_t seed = a->seed;
            pf_error err;
            if (!a->fixed_seed && pf_seed_random(&seed, &err) != PF_E_OK) {
                snprintf(error, sizeof error, "%s", err.msg);
                break;
            }
            if (shuffle)
                pf_seating_shuffle(&s, seed);
            m = pf_match_create(g, s.n, &opt, seed, &err);
            if (!m) {
                snprintf(error, sizeof error, "%s", err.msg);
                break;
            }
        }
        int out = tui__play(m, &s, a);
        a->notice = NULL; /* about the first game only */
        m = NULL;
        if (out == TUI_OUT_NO_MEMORY)
            snprintf(error, sizeof error, "%s", pf_strerror(PF_E_NO_MEMORY));
        if (out == TUI_OUT_QUIT || out == TUI_OUT_NO_MEMORY)
            break;
        if (out == TUI_OUT_MENU) {
            g = NULL;
            seated = false;
        }
    }
    tui__term_close();
    if (error[0]) {
        fprintf(stderr, "partyfood play: %s\n", error);
        return 2;
    }
    return 0;
}
