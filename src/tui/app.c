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

const pf_game *tui__menu(void)
{
    int sel = 0, n = pf_game_count();
    for (;;) {
        erase();
        if (!tui__too_small(60, 16, "the menu")) {
            attron(tui__colour(TUI_TITLE));
            mvhline(0, 0, ' ', COLS);
            attroff(tui__colour(TUI_TITLE));
            tui__put(0, 1, tui__colour(TUI_TITLE), "partyfood: four party-food games");
            tui__put(2, 2, A_BOLD, "Which game shall we play?");
            for (int i = 0; i < n; i++) {
                const pf_game *g = pf_game_at(i);
                int attr = i == sel ? A_REVERSE | A_BOLD : 0;
                tui__put(4 + 3 * i, 4, attr, " %d  %-22s ", i + 1, g->title);
                tui__put(4 + 3 * i, 33, 0, "%d to %d players%s", g->min_seats, g->max_seats,
                         g->real_time ? ", real time" : "");
                /* The seat range sits beside the title so a long summary
                 * cut by a narrow terminal loses nothing that matters. */
                tui__put(5 + 3 * i, 9, A_DIM, "%s", g->summary);
            }
            tui__put(LINES - 1, 0, A_DIM,
                     "arrows + Enter or a number choose   ? the rules   q quits   (clicks work)");
            refresh();
        }
        tui__hot_clear();
        for (int i = 0; i < n; i++)
            tui__hot_add(4 + 3 * i, 4, 30, pf_game_at(i)->id);
        int ch = tui__key(-1);
        if (ch == 'q' || ch == 'Q' || ch == 27 || ch == 3)
            return NULL;
        if (ch == KEY_UP || ch == 'k')
            sel = (sel + n - 1) % n;
        else if (ch == KEY_DOWN || ch == 'j' || ch == '\t')
            sel = (sel + 1) % n;
        else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ')
            return pf_game_at(sel);
        else if (ch >= '1' && ch < '1' + n)
            return pf_game_at(ch - '1');
        else if (ch == '?' || ch == KEY_F(1)) {
            const pf_game *g = pf_game_at(sel);
            const char *const *r = tui__rules(g->id);
            int nr = 0;
            while (r[nr])
                nr++;
            char title[96];
            snprintf(title, sizeof title, "%s: the rules in short", g->title);
            tui__pager(title, r, nr);
        }
        else if (ch == TUI_KEY_CLICK) {
            int y, x;
            tui__click(&y, &x);
            const char *id = tui__hot_at(y, x);
            if (id)
                return pf_game_find(id);
        }
    }
}

/* ---- the seating screen ------------------------------------------------- */

#define KINDS_MAX 16

/* The options a person sets for a real game: those the descriptor offers
 * in menus (the rest script a table for tests; the memory aid has its own
 * line). */
static bool shown_option(const pf_option_def *o)
{
    return o->menu;
}

/* NULL when the game accepts opt with n seats, else why not (static). */
static const char *options_problem(const pf_game *g, int n, const pf_options *opt)
{
    static pf_error err;
    pf_match *m = pf_match_create(g, n, opt, 1, &err);
    if (m) {
        pf_match_destroy(m);
        return NULL;
    }
    return err.msg;
}

bool tui__seats(const pf_game *g, pf_seating *s, bool *memory_aid, bool *shuffle,
                pf_options *opt)
{
    const char *problem = NULL;
    static char error[sizeof ((pf_error *)0)->msg]; /* outlives a pf_error */
    /* kinds[0] is a person; the rest are the bots pf_bot_find knows. */
    char list[256], *save = NULL;
    const char *kinds[KINDS_MAX];
    int nk = 1;
    kinds[0] = "person";
    pf_bot_list(g, list, sizeof list);
    for (char *t = strtok_r(list, ", ", &save); t && nk < KINDS_MAX;
         t = strtok_r(NULL, ", ", &save))
        kinds[nk++] = t;
    int kind[PF_MAX_SEATS];
    char name[PF_MAX_SEATS][24];
    int n = g->min_seats > 2 ? g->min_seats : (g->max_seats >= 3 ? 3 : g->max_seats);
    /* The bots `partyfood play GAME` seats by default (cli/play.c). */
    const char *def = "medium";
    for (int i = 0; i < PF_MAX_SEATS; i++) {
        kind[i] = 0;
        for (int k = 1; k < nk; k++)
            if (i > 0 && strcmp(kinds[k], def) == 0)
                kind[i] = k;
        snprintf(name[i], sizeof name[i], i == 0 ? "you" : "player%d", i + 1);
    }
    int sel = 0;
    *shuffle = true;
    bool memory = g->memory_game;
    for (;;) {
        erase();
        if (!tui__too_small(60, 18, "the seating screen")) {
            attron(tui__colour(TUI_TITLE));
            mvhline(0, 0, ' ', COLS);
            attroff(tui__colour(TUI_TITLE));
            tui__put(0, 1, tui__colour(TUI_TITLE), "%s: who plays?", g->title);
            tui__put(2, 2, 0, "%s. %d to %d seats; seat 1 starts.", g->summary, g->min_seats,
                     g->max_seats);
            for (int i = 0; i < n; i++) {
                char who[64];
                if (kind[i] == 0)
                    snprintf(who, sizeof who, "person: %.23s", name[i]);
                else
                    snprintf(who, sizeof who, "bot: %.40s", kinds[kind[i]]);
                tui__put(4 + i, 4, i == sel ? A_REVERSE | A_BOLD : 0, " seat %d  < %-24s > ",
                         i + 1, who);
            }
            int y = 5 + n;
            tui__put(y++, 4, 0, "%s", *shuffle
                                          ? "order: drawn at random at the start  (o: keep it as shown)"
                                          : "order: as shown, seat 1 first  (o: draw it at random)");
            if (memory)
                tui__put(y++, 4, 0, "memory aid: %s  (m toggles; off is the real game)",
                         *memory_aid ? "ON" : "off");
            y++;
            tui__put(y++, 2, A_DIM, "up/down: pick a seat   left/right: person or which bot");
            tui__put(y++, 2, A_DIM, "e: type the person's name   +/-: add or remove a seat");
            tui__put(y++, 2, A_DIM, "v: set a game option   Enter: start   Esc: the menu   q: quit");
            if (problem)
                tui__putn(y++, 2, COLS - 4, A_BOLD, problem);
            for (const pf_option_def *o = g->options; o && o->key && y + 1 < LINES; o++)
                if (shown_option(o)) {
                    const char *v = pf_options_get(opt, o->key);
                    char line[200];
                    snprintf(line, sizeof line, "%-16s = %-6s %s", o->key, v ? v : o->def,
                             o->help ? o->help : "");
                    tui__putn(++y, 4, COLS - 6, 0, line);
                }
            tui__put(y + 1, 2, 0, "Bots:");
            for (const pf_bot_def *b = g->bots; b && b->name && y + 2 < LINES; b++)
                tui__put(y + 2 + (int)(b - g->bots), 4, A_DIM, "%-10s %s", b->name, b->about);
            refresh();
        }
        int ch = tui__key(-1);
        switch (ch) {
        case KEY_UP: sel = (sel + n - 1) % n; break;
        case KEY_DOWN: case '\t': sel = (sel + 1) % n; break;
        case KEY_LEFT: kind[sel] = (kind[sel] + nk - 1) % nk; break;
        case KEY_RIGHT: kind[sel] = (kind[sel] + 1) % nk; break;
        case '+': case '=':
            if (n < g->max_seats && n < PF_MAX_SEATS)
                n++;
            break;
        case '-':
            if (n > g->min_seats) {
                n--;
                if (sel >= n)
                    sel = n - 1;
            }
            break;
        case 'm': case 'M':
            if (memory)
                *memory_aid = !*memory_aid;
            break;
        case 'o': case 'O':
            *shuffle = !*shuffle;
            break;
        case 'e': case 'E': {
            char buf[24] = "";
            kind[sel] = 0;
            if (tui__prompt("Name: ", buf, sizeof buf) && !strchr(buf, ','))
                snprintf(name[sel], sizeof name[sel], "%s", buf);
            break;
        }
        case 'v': case 'V': {
            char buf[96] = "";
            pf_error err;
            problem = NULL;
            if (tui__prompt("Option as key=value (e.g. limit=15): ", buf, sizeof buf) && *buf) {
                pf_options trial = *opt;
                if (pf_options_parse(&trial, buf, &err) != PF_E_OK)
                    problem = strcpy(error, err.msg);
                else if (!(problem = options_problem(g, n, &trial)))
                    *opt = trial;
            }
            break;
        }
        case 27: return false;
        case 'q': case 'Q': case 3: exit(0);
        case '\n': case '\r': case KEY_ENTER: {
            char spec[512] = "";
            for (int i = 0; i < n; i++)
                snprintf(spec + strlen(spec), sizeof spec - strlen(spec), "%s%s%s",
                         i ? "," : "", kind[i] ? "bot:" : "", kind[i] ? kinds[kind[i]] : name[i]);
            pf_error err;
            if (pf_seating_parse(s, g, spec, &err) != 0)
                problem = strcpy(error, err.msg);
            else if (!(problem = options_problem(g, n, opt)))
                return true;
            break;
        }
        default: break;
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
    for (;;) {
        if (!m) {
            if (!g && !(g = tui__menu()))
                break;
            bool shuffle = false;
            pf_options opt;
            if (g == a->game)
                opt = a->opt; /* --option belongs to the game named with it */
            else
                pf_options_clear(&opt);
            if (!seated && !tui__seats(g, &s, &a->memory_aid, &shuffle, &opt)) {
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
