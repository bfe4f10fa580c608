/* seats.c: the seating screen: who plays (people and which bots), the
 * order, the memory aid, the bots' pace and the game's options, with every
 * bot and option described in a list that scrolls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/ismcts.h"
#include "tui/tui_int.h"

#define KINDS_MAX 24
#define ABOUT_MAX 320
/* The rows the list under the seats keeps at the least: its title and a
 * bot's description of three rows (the rest scroll). */
#define LIST_LEAST 4

/* The paces a person picks from (ms after each bot move). */
static const int paces[] = {250, 500, 1000, 2000, 3000, 5000};
#define NPACES (int)(sizeof paces / sizeof paces[0])

typedef struct seating_screen {
    const pf_game *g;
    /* kinds[0] is a person; the rest are the bots pf_bot_names lists */
    const char *kinds[KINDS_MAX];
    int nk;
    int kind[PF_MAX_SEATS];
    char name[PF_MAX_SEATS][PF_SEAT_NAME_MAX + 1];
    int n, sel;
    /* the list under the seats: the bots, then the options */
    char text[KINDS_MAX + 32][ABOUT_MAX];
    const char *lines[KINDS_MAX + 32];
    int attrs[KINDS_MAX + 32];
    int nlines, top, bot_line[KINDS_MAX];
    const char *problem;
} seating_screen;

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

/* What bot `name` plays: a level says its place on the ladder and what it
 * plays in this game. */
static void about_bot(const pf_game *g, const char *name, char *buf, size_t n)
{
    const pf_bot_def *b = pf_bot_find(g, name);
    const char *level = pf_level_about(g, name);
    if (strcmp(name, "random") != 0 && strcmp(level, "not a level") != 0)
        snprintf(buf, n, "%-10s %s; here %s", name, b ? b->about : "", level);
    else
        snprintf(buf, n, "%-10s %s", name, b ? b->about : "");
}

/* The list under the seats: every bot (the selected seat's in bold), then
 * the options with their values. */
static void make_list(seating_screen *st, const pf_options *opt)
{
    int k = 0;
    snprintf(st->text[k], ABOUT_MAX, "Bots (left/right puts one in the marked seat):");
    st->attrs[k++] = A_BOLD;
    for (int b = 1; b < st->nk; b++) {
        about_bot(st->g, st->kinds[b], st->text[k], ABOUT_MAX);
        st->bot_line[b] = k;
        st->attrs[k++] = st->kind[st->sel] == b ? A_BOLD | A_REVERSE : 0;
    }
    bool any = false;
    for (const pf_option_def *o = st->g->options; o && o->key && k < KINDS_MAX + 32; o++) {
        if (!shown_option(o))
            continue;
        if (!any) {
            snprintf(st->text[k], ABOUT_MAX, "Options (v sets one as key=value):");
            st->attrs[k++] = A_BOLD;
            any = true;
        }
        const char *v = pf_options_get(opt, o->key);
        snprintf(st->text[k], ABOUT_MAX, "%s = %s   %s", o->key, v ? v : o->def,
                 o->help ? o->help : "");
        st->attrs[k++] = 0;
    }
    for (int i = 0; i < k; i++)
        st->lines[i] = st->text[i];
    st->nlines = k;
}

/* Whether the hints line is shown (the `h` key): the game gives hints
 * (turn-based, with an explainer) and more than one person shares the
 * keyboard (one person alone always has them). */
static bool hints_choice(const seating_screen *st)
{
    int people = 0;
    for (int i = 0; i < st->n; i++)
        people += st->kind[i] == 0;
    return !st->g->real_time && st->g->explain && people > 1;
}

/* The keys, those of the memory aid, the pace and hints where the game
 * has them. */
static void keys_of(const seating_screen *st, char *buf, size_t n)
{
    const pf_game *g = st->g;
    snprintf(buf, n, "arrows: seat, who   e: name   +/-: seats   o: order   %s%s%s"
             "v: option   PgDn: the list   Enter: start   Esc: menu   q: quit",
             g->memory_game ? "m: memory aid   " : "", g->real_time ? "" : "p: pace   ",
             hints_choice(st) ? "h: hints   " : "");
}

/* How the part above the list is laid out: blank rows between its parts,
 * and the seats in two columns (seats 1 to 4 down the left, the rest
 * down the right) when one would leave the list too few rows. */
typedef struct header_form {
    bool gaps, two_columns;
} header_form;

/* The seats' rows in a form. */
static int seat_rows(const seating_screen *st, header_form f)
{
    return f.two_columns ? (st->n + 1) / 2 : st->n;
}

/* Seat i's row, " seat N  < who > " (who as wide as w allows); in two
 * columns a shorter " N who" that holds the longest name in quotes in
 * half of 60 columns. */
static void seat_line(const seating_screen *st, int i, int w, bool two_columns, char *line,
                      size_t n)
{
    char who[64];
    if (st->kind[i] == 0)
        snprintf(who, sizeof who, two_columns ? "\"%s\"" : "person: %s", st->name[i]);
    else
        snprintf(who, sizeof who, "bot: %s", st->kinds[st->kind[i]]);
    if (two_columns)
        snprintf(line, n, " %d %-*s", i + 1, w - 4 > 0 ? w - 4 : 0, who);
    else
        snprintf(line, n, " seat %d  < %-*s > ", i + 1, w - 14 > 0 ? w - 14 : 0, who);
}

/* The part above the list, from row 2; returns the row after it.
 * Measures only, unless draw. */
static int header(const seating_screen *st, bool memory_aid, bool shuffle, int pace_ms,
                  bool hints_shared, header_form f, bool draw)
{
    bool gaps = f.gaps;
    const pf_game *g = st->g;
    char line[400];
    int y = 2, w = COLS - 4;
/* each part: its rows, drawn or measured */
#define PART(x, attr, text)                                                                   \
    y += draw ? tui__wrap(y, (x), w + 2 - (x), 3, 2, (attr), (text), false)                   \
              : tui__wrap_rows((text), w + 2 - (x), 2, false)
    snprintf(line, sizeof line, "%s.", g->summary);
    PART(2, 0, line);
    snprintf(line, sizeof line, "%d to %d seats; seat 1 starts.", g->min_seats, g->max_seats);
    PART(2, 0, line);
    y += gaps;
    int rows = seat_rows(st, f), col_w = f.two_columns ? w / 2 : 45;
    for (int i = 0; draw && i < st->n; i++) {
        seat_line(st, i, col_w, f.two_columns, line, sizeof line);
        tui__putn(y + i % rows, 2 + i / rows * col_w, col_w, i == st->sel ? A_REVERSE | A_BOLD : 0,
                  line);
    }
    y += rows + gaps;
    PART(4, 0, shuffle ? "order: drawn at random (o: keep it as shown)"
                       : "order: as shown, seat 1 first (o: draw it at random)");
    if (g->memory_game) {
        snprintf(line, sizeof line, "memory aid: %s (m: %s)", memory_aid ? "ON" : "off",
                 memory_aid ? "off, the real game" : "on, earlier reveals shown");
        PART(4, 0, line);
    }
    if (!g->real_time) {
        snprintf(line, sizeof line, "bots' pace: %g s after each move (p: change it)",
                 pace_ms / 1000.0);
        PART(4, 0, line);
    }
    if (hints_choice(st)) {
        snprintf(line, sizeof line, "hints, shared keyboard: %s (h: %s)%s",
                 hints_shared ? "ON" : "off", hints_shared ? "off" : "on",
                 g->memory_game ? "; they need the memory aid" : "");
        PART(4, 0, line);
    }
    if (st->problem)
        PART(4, A_BOLD, st->problem);
    /* The seating takes 60x20, a game's table more: said before Enter. */
    const tui_screen *scr = tui__screen_for(g);
    if (tui__screen_too_small(scr)) {
        snprintf(line, sizeof line,
                 "The game needs a window of %dx%d or more (this one is %dx%d): make it "
                 "bigger before Enter.",
                 scr->min_w, tui__min_h(scr), COLS, LINES);
        PART(4, A_BOLD, line);
    }
#undef PART
    return y;
}

/* Draws the screen; returns the rows the list has (for PgUp/PgDn). */
static int draw(seating_screen *st, bool memory_aid, bool shuffle, int pace_ms,
                bool hints_shared, const pf_options *opt)
{
    char keys[300], line[120];
    keys_of(st, keys, sizeof keys);
    int key_rows = tui__wrap_rows(keys, COLS, 2, true);
    /* The list keeps LIST_LEAST rows: the gaps go first, then the seats
     * take two columns (the form of the three that leaves it the rows, or
     * the last). */
    static const header_form forms[] = {{true, false}, {false, false}, {false, true}};
    header_form f = forms[0];
    for (int i = 1; i < 3 && LINES - key_rows - 1 - header(st, memory_aid, shuffle, pace_ms,
                                                           hints_shared, f, false) < LIST_LEAST;
         i++)
        f = forms[i];
    erase();
    snprintf(line, sizeof line, "%s: who plays?", st->g->title);
    tui__title_bar(line);
    int y = header(st, memory_aid, shuffle, pace_ms, hints_shared, f, true);
    /* the list, between here and the keys */
    int rows = LINES - key_rows - y - 1;
    make_list(st, opt);
    int total = tui__lines_rows(st->lines, st->nlines, COLS - 4, 11);
    if (st->top > total - rows)
        st->top = total - rows;
    if (st->top < 0)
        st->top = 0;
    if (rows > 0) {
        tui__hline(y, 0, COLS, A_DIM);
        if (total > rows) {
            snprintf(line, sizeof line, " rows %d-%d of %d: PgUp/PgDn ", st->top + 1,
                     st->top + rows < total ? st->top + rows : total, total);
            tui__put(y, COLS - (int)strlen(line) - 2, A_DIM, "%s", line);
        }
        tui__lines(y + 1, 2, COLS - 4, rows, 11, st->lines, st->attrs, st->nlines, st->top);
    }
    tui__wrap(LINES - key_rows, 0, COLS, key_rows, 2, A_DIM, keys, true);
    refresh();
    return rows;
}

/* Scrolls the list so that the selected seat's bot is in sight. */
static void show_bot(seating_screen *st, int rows)
{
    int b = st->kind[st->sel];
    if (b <= 0 || rows <= 0)
        return;
    int first = tui__lines_rows(st->lines, st->bot_line[b], COLS - 4, 11);
    int k = tui__lines_rows(st->lines + st->bot_line[b], 1, COLS - 4, 11);
    if (first < st->top)
        st->top = first;
    else if (first + k > st->top + rows)
        st->top = first + k - rows;
}

bool tui__seats(const pf_game *g, pf_seating *s, bool *memory_aid, bool *shuffle,
                pf_options *opt, int *pace_ms, bool *hints_shared)
{
    static char error[sizeof ((pf_error *)0)->msg]; /* outlives a pf_error */
    seating_screen *st = calloc(1, sizeof *st);
    if (!st)
        return false;
    st->g = g;
    st->kinds[0] = "person";
    st->nk = 1 + pf_bot_names(g, st->kinds + 1, KINDS_MAX - 1);
    st->n = g->min_seats > 2 ? g->min_seats : (g->max_seats >= 3 ? 3 : g->max_seats);
    /* The bots `partyfood play GAME` seats by default (cli/play.c). */
    const char *def = "medium";
    for (int i = 0; i < PF_MAX_SEATS; i++) {
        for (int k = 1; k < st->nk; k++)
            if (i > 0 && strcmp(st->kinds[k], def) == 0)
                st->kind[i] = k;
        snprintf(st->name[i], sizeof st->name[i], i == 0 ? "you" : "player%d", i + 1);
    }
    *shuffle = true;
    if (*pace_ms < 0)
        *pace_ms = TUI_PACE_MS;
    bool started = false;
    int rows = 0, moved = -1;
    for (;;) {
        if (!tui__too_small(60, 20, "the seating screen")) {
            if (moved != st->sel * 64 + st->kind[st->sel]) {
                moved = st->sel * 64 + st->kind[st->sel];
                make_list(st, opt);
                show_bot(st, rows > 0 ? rows : 1);
            }
            rows = draw(st, *memory_aid, *shuffle, *pace_ms, *hints_shared, opt);
        }
        int ch = tui__key(-1), n = st->n;
        switch (ch) {
        case KEY_UP: st->sel = (st->sel + n - 1) % n; break;
        case KEY_DOWN: case '\t': st->sel = (st->sel + 1) % n; break;
        case KEY_LEFT: st->kind[st->sel] = (st->kind[st->sel] + st->nk - 1) % st->nk; break;
        case KEY_RIGHT: st->kind[st->sel] = (st->kind[st->sel] + 1) % st->nk; break;
        case KEY_NPAGE: st->top += rows > 1 ? rows - 1 : 1; break;
        case KEY_PPAGE: st->top -= rows > 1 ? rows - 1 : 1; break;
        case '+': case '=':
            if (n < g->max_seats && n < PF_MAX_SEATS)
                st->n++;
            break;
        case '-':
            if (n > g->min_seats && --st->n <= st->sel)
                st->sel = st->n - 1;
            break;
        case 'm': case 'M':
            if (g->memory_game)
                *memory_aid = !*memory_aid;
            break;
        case 'o': case 'O':
            *shuffle = !*shuffle;
            break;
        case 'h': case 'H':
            if (hints_choice(st))
                *hints_shared = !*hints_shared;
            break;
        case 'p': case 'P': {
            int k = 0;
            while (k < NPACES && paces[k] <= *pace_ms)
                k++;
            *pace_ms = paces[k % NPACES];
            break;
        }
        case 'e': case 'E': {
            char buf[PF_SEAT_NAME_MAX + 1];
            if (tui__prompt("Name: ", NULL, buf, sizeof buf) && !strchr(buf, ',')) {
                st->kind[st->sel] = 0;
                snprintf(st->name[st->sel], sizeof st->name[st->sel], "%s", buf);
            }
            break;
        }
        case 'v': case 'V': {
            char buf[96];
            pf_error err;
            st->problem = NULL;
            if (tui__prompt("Option as key=value (e.g. limit=15): ", NULL, buf, sizeof buf)) {
                pf_options trial = *opt;
                if (pf_options_parse(&trial, buf, &err) != PF_E_OK)
                    st->problem = strcpy(error, err.msg);
                else if (!(st->problem = options_problem(g, n, &trial)))
                    *opt = trial;
            }
            break;
        }
        case 27:
            free(st);
            return false;
        case 'q': case 'Q': case 3:
            free(st);
            exit(0);
        case '\n': case '\r': case KEY_ENTER: {
            char spec[512] = "";
            for (int i = 0; i < n; i++)
                snprintf(spec + strlen(spec), sizeof spec - strlen(spec), "%s%s%s",
                         i ? "," : "", st->kind[i] ? "bot:" : "",
                         st->kind[i] ? st->kinds[st->kind[i]] : st->name[i]);
            pf_error err;
            if (pf_seating_parse(s, g, spec, &err) != 0)
                st->problem = strcpy(error, err.msg);
            else if (!(st->problem = options_problem(g, n, opt)))
                started = true;
            break;
        }
        default: break;
        }
        if (started)
            break;
    }
    free(st);
    return true;
}
