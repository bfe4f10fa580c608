/* game.c: one game in progress on the screen.
 *
 * Turn-based games: the lowest seat in to_act acts; bots after a short
 * pause (the pace) so people can follow, people with the keys. When another
 * person than the one at the keyboard must act, the hand-over screen hides
 * the table first. Real-time games (Paku Paku): the game clock is the wall
 * clock since the start minus pauses; bots act at the times pf_bots_next
 * gives them, people whenever they press a key, and the screen is redrawn
 * every frame so dice and swinging pieces move. The engine reads no clock:
 * every action carries the time this loop gives it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tui/tui_int.h"

#define EVENT_CAP 128
#define FRAME_MS 40
#define EVENT_ROWS 3   /* at most: fewer on a short terminal */
#define CHOICE_ROWS 5
#define CHOICE_W 26

static const char hotkeys[] = "abcdefghijkmnoprtvwxyz"; /* l q s u are commands */

int64_t tui__game_now(const tui_game *g)
{
    return tui__wall_ms() - g->start_wall - g->paused;
}

/* Seats that would read alike ("bot schemer" twice, two people called
 * ana) are told apart by their order among them: "schemer 1", "schemer 2"
 * (a bot's name then drops "bot ", so the pair stays short), "ana 2". */
const char *tui__seat_name_into(const tui_game *g, int seat, char *buf)
{
    return pf_table_seat_name(g->t, seat, buf, TUI_SEAT_NAME_SIZE);
}

static int people(const tui_game *g)
{
    return pf_seating_people(g->seats);
}

static int first_person(const tui_game *g)
{
    for (int i = 0; i < g->seats->n; i++)
        if (!g->seats->bot[i])
            return i;
    return PF_SEAT_SPECTATOR;
}

double tui__meter_value(const tui_meter *m)
{
    double ph = (double)((tui__wall_ms() - m->started) % m->period_ms) / m->period_ms;
    double u = m->sine ? 0.5 - 0.5 * cos(2 * M_PI * ph) : (ph < 0.5 ? 2 * ph : 2 - 2 * ph);
    return m->lo + (m->hi - m->lo) * u;
}

void tui__meter_start(tui_game *g, const tui_meter *m)
{
    g->meter = *m;
    g->meter.on = true;
    g->meter.started = tui__wall_ms();
}

/* Lists the viewer's (or focused person's) choices when the state moved. */
static void refresh_legal(tui_game *g, int seat)
{
    if (g->legal_step == g->m->nsteps && !(seat < 0))
        return;
    const pf_game *gm = g->m->game;
    char prev[TUI_MAX_NAME] = "";
    if (g->nlegal > 0 && g->sel < g->nlegal)
        snprintf(prev, sizeof prev, "%s", g->names[g->sel]);
    g->nlegal = seat >= 0 ? gm->legal(g->m->state, seat, g->legal, PF_MAX_LEGAL) : 0;
    g->sel = 0;
    for (int i = 0; i < g->nlegal; i++) {
        if (gm->name(g->m->state, g->legal[i], g->names[i], TUI_MAX_NAME) < 0)
            snprintf(g->names[i], TUI_MAX_NAME, "?");
        if (strcmp(g->names[i], prev) == 0)
            g->sel = i;
    }
    g->legal_step = g->m->nsteps;
    bool was_on = g->meter.on;
    g->meter.on = false;
    if (g->scr->meter && g->nlegal > 0) {
        cJSON *v = pf_state_view(gm, g->m->state, seat);
        const char *list[PF_MAX_LEGAL];
        for (int i = 0; i < g->nlegal; i++)
            list[i] = g->names[i];
        tui_meter m;
        memset(&m, 0, sizeof m);
        if (g->scr->meter(v, list, g->nlegal, &m)) {
            int64_t started = g->meter.started;
            tui__meter_start(g, &m);
            if (was_on)
                g->meter.started = started; /* keep a running swing smooth */
        }
        cJSON_Delete(v);
    }
}

bool tui__act(tui_game *g, int seat, const char *name, int64_t t)
{
    pf_error err;
    if (t < g->m->now)
        t = g->m->now;
    pf_err e = pf_table_act(g->t, seat, name, t, &err);
    if (e == PF_E_HANDS_BUSY && pf_table_when_free(g->t, seat, name, t) >= 0) {
        /* the hands are busy (PAKU-10): hold the press, send it when free */
        g->held = true;
        g->held_seat = seat;
        snprintf(g->held_name, sizeof g->held_name, "%s", name);
        snprintf(g->status, sizeof g->status, "Hands busy: your %s goes when they are free.",
                 name);
        return false;
    }
    if (e != PF_E_OK) {
        snprintf(g->status, sizeof g->status, "Not now: %.180s", err.msg);
        return false;
    }
    g->status[0] = '\0';
    return true;
}

/* When the held press goes: a human reaction after the hands are free, the
 * floor every bot has (PF_REACTION_MIN_MS), so that holding a key down
 * plays like the `masher` bot and not faster than any hand could. */
static int64_t held_at(const tui_game *g)
{
    return g->m->game->ready_at(g->m->state, g->held_seat) + PF_REACTION_MIN_MS;
}

bool tui__send_held(tui_game *g)
{
    if (!g->held || tui__game_now(g) < held_at(g))
        return false;
    g->held = false;
    return tui__act(g, g->held_seat, g->held_name, tui__game_now(g));
}

/* ---- drawing ------------------------------------------------------------ */

static void label_of(const tui_game *g, const cJSON *view, int i, char *buf, size_t n)
{
    if (g->scr->label)
        g->scr->label(g, view, g->names[i], buf, n);
    else
        snprintf(buf, n, "%s", g->names[i]);
}

/* Where things go, top to bottom: the title (row 0), the table, a rule,
 * the events, a rule, the choices, the keys (the last row). The table gets
 * the rows its screen needs; the events and choices get what is left, up
 * to their full size, and only then does the table grow. */
typedef struct layout {
    int table_h, events, choices;
    int events_y, choices_y; /* their first rows (each rule is the row above) */
} layout;

static layout layout_of(const tui_game *g)
{
    layout l = {g->scr->rows, 2, 3, 0, 0};
    int spare = LINES - tui__min_h(g->scr);
    int more = spare < CHOICE_ROWS - l.choices ? spare : CHOICE_ROWS - l.choices;
    if (more > 0) {
        l.choices += more;
        spare -= more;
    }
    more = spare < EVENT_ROWS - l.events ? spare : EVENT_ROWS - l.events;
    if (more > 0) {
        l.events += more;
        spare -= more;
    }
    if (spare > 0)
        l.table_h += spare;
    l.events_y = 2 + l.table_h;
    l.choices_y = l.events_y + l.events + 1;
    return l;
}

static bool too_small(const tui_game *g)
{
    return COLS < g->scr->min_w || LINES < tui__min_h(g->scr);
}

/* The title line; "you are" goes at the right end when it fits beside the
 * rest, so that nothing on the line is ever overwritten. */
const char *tui__moves_played(int nsteps, char *buf, size_t n)
{
    if (nsteps == 0)
        snprintf(buf, n, "no move yet");
    else
        snprintf(buf, n, "%d move%s", nsteps, nsteps == 1 ? "" : "s");
    return buf;
}

static void draw_title(const tui_game *g, const char *who, int seat)
{
    char line[300], you[80] = "", moves[32];
    snprintf(line, sizeof line, " %s  |  %s  |  %s", g->m->game->title, who,
             tui__moves_played(g->m->nsteps, moves, sizeof moves));
    if (seat >= 0)
        snprintf(you, sizeof you, "you are: %s ", tui__seat_name(g, seat));
    attron(tui__colour(TUI_TITLE));
    mvhline(0, 0, ' ', COLS);
    attroff(tui__colour(TUI_TITLE));
    tui__putn(0, 0, COLS, tui__colour(TUI_TITLE), line);
    int yx = COLS - (int)strlen(you);
    if (you[0] && yx >= (int)strlen(line) + 2)
        tui__putn(0, yx, COLS - yx, tui__colour(TUI_TITLE), you);
}

/* How much of s one line of width w holds: all of it, or up to a break
 * between parts (three spaces apart) when parts, or else between words;
 * cut at w only inside a word longer than the line. */
static int line_fit(const char *s, int w, bool parts)
{
    int n = (int)strlen(s), at;
    if (n <= w)
        return n;
    for (at = w; parts && at > 0; at--)
        if (strncmp(s + at, "   ", 3) == 0)
            return at;
    for (at = w; at > 0; at--)
        if (s[at] == ' ')
            return at;
    return w;
}

static const char *past_spaces(const char *s)
{
    while (*s == ' ')
        s++;
    return s;
}

/* An event's rows after its first are indented by this much. */
#define EVENT_INDENT 2

/* The rows an event's text takes in the strip. */
static int event_rows(const char *text)
{
    int k = 0;
    for (const char *s = text; *s; k++)
        s = past_spaces(s + line_fit(s, COLS - 2 - (k ? EVENT_INDENT : 0), false));
    return k;
}

/* The event strip, newest at the bottom (bold); an event longer than the
 * screen is wide goes on over more rows, as many as the strip has: a
 * person reads the whole text, not a cut one. */
static void draw_events(const tui_game *g, int seat, int y, int rows)
{
    tui__hline(y - 1, 0, COLS, A_DIM);
    tui__put(y - 1, 2, A_DIM, " what happened (l: the whole log) ");
    int shown = 0;
    char text[256];
    int nlog;
    const pf_table_event *log = pf_table_log(g->t, &nlog);
    for (int i = nlog - 1; i >= 0 && shown < rows; i--) {
        const pf_table_event *e = &log[i];
        if (!tui__log_shows(g, e, seat))
            continue;
        tui__log_text(g, e, text, sizeof text);
        int k = event_rows(text);
        if (shown + k > rows && shown > 0)
            break; /* the older events are in the log (l) */
        if (k > rows - shown)
            k = rows - shown;
        const char *s = text;
        for (int r = 0; r < k; r++) {
            int in = r ? EVENT_INDENT : 0, n = line_fit(s, COLS - 2 - in, false);
            tui__putn(y + rows - shown - k + r, 1 + in, n, shown == 0 ? A_BOLD : 0, s);
            s = past_spaces(s + n);
        }
        shown += k;
    }
}

/* The screen's line instead of the list of choices, or NULL. */
static const char *hint_of(const tui_game *g)
{
    return g->scr->hint ? g->scr->hint(g) : NULL;
}

static void draw_choices(tui_game *g, const cJSON *view, int y, int rows, bool mine)
{
    tui__hline(y - 1, 0, COLS, A_DIM);
    if (!mine)
        return;
    if (g->meter.on) {
        double v = tui__meter_value(&g->meter);
        int w = COLS - 30 > 60 ? 60 : COLS - 30;
        if (w < 10)
            w = 10;
        int at = (int)lrint((v - g->meter.lo) / (g->meter.hi - g->meter.lo) * (w - 1));
        tui__put(y, 1, A_BOLD, "%s:", g->meter.what);
        move(y + 1, 2);
        addch('[');
        for (int i = 0; i < w; i++)
            addch(i == at ? ('#' | A_REVERSE) : (i < at ? '=' : '.'));
        addch(']');
        tui__put(y + 1, w + 5, A_BOLD, "%.2f", v);
        tui__put(y + 2, 1, 0, "Press SPACE or Enter to stop the meter at the value you want.");
        return;
    }
    const char *h = hint_of(g);
    if (h) {
        /* Wrapped over the choices' rows between its parts (three spaces
         * apart), or else between words: nothing is cut. */
        for (int r = 0; r < rows && *h; r++) {
            int n = line_fit(h, COLS - 2, true);
            tui__putn(y + r, 1, n, A_BOLD, h);
            h = past_spaces(h + n);
        }
        return;
    }
    if (g->nlegal == 0) {
        tui__put(y, 1, A_DIM, "(nothing to choose right now)");
        return;
    }
    /* Columns as wide as the longest label (so that no name is cut), and
     * a page of at most one letter per choice: every choice has a key. */
    int cw = CHOICE_W;
    for (int i = 0; i < g->nlegal; i++) {
        char label[96];
        label_of(g, view, i, label, sizeof label);
        if ((int)strlen(label) + 4 > cw)
            cw = (int)strlen(label) + 4;
    }
    if (cw > COLS - 2)
        cw = COLS - 2;
    int cols = (COLS - 2) / cw;
    if (cols < 1)
        cols = 1;
    int per_page = cols * rows;
    if (per_page > (int)sizeof hotkeys - 1)
        per_page = (int)sizeof hotkeys - 1;
    int first = g->sel / per_page * per_page;
    g->page_first = first;
    g->page_n = 0;
    for (int k = 0; k < per_page && first + k < g->nlegal; k++, g->page_n++) {
        int i = first + k;
        char label[96], cell[128];
        label_of(g, view, i, label, sizeof label);
        snprintf(cell, sizeof cell, "%c) %s", hotkeys[k], label);
        int row = y + k % rows, col = 1 + (k / rows) * cw;
        tui__putn(row, col, cw - 1, i == g->sel ? A_REVERSE | A_BOLD : 0, cell);
        tui__hot_add(row, col, cw - 1, g->names[i]);
    }
    if (g->nlegal > per_page)
        tui__put(y - 1, COLS - 36 > 0 ? COLS - 36 : 0, A_DIM, " choices %d-%d of %d (PgDn: more) ",
                 first + 1, first + per_page < g->nlegal ? first + per_page : g->nlegal,
                 g->nlegal);
}

static void draw_keys(const tui_game *g, bool mine)
{
    char line[300];
    if (g->status[0])
        snprintf(line, sizeof line, "%s", g->status);
    else if (mine && g->meter.on)
        snprintf(line, sizeof line, "SPACE/Enter stop the meter  ? rules  l log  s save  q quit");
    else if (g->m->game->real_time)
        snprintf(line, sizeof line, "Tab pause  ? rules  l log  s save  q quit");
    else if (mine && hint_of(g))
        snprintf(line, sizeof line,
                 "arrows move  Enter plays  digits pick  ? rules  l log  u undo  s save  q quit");
    else if (mine)
        snprintf(line, sizeof line,
                 "arrows move  Enter plays  letter plays  ? rules  l log  u undo  s save  q quit");
    else
        snprintf(line, sizeof line, "(the bots are playing)  ? rules  l log  s save  q quit");
    tui__putn(LINES - 1, 0, COLS, g->status[0] ? A_BOLD : A_DIM, line);
}

/* Draws the whole game screen for seat; mine: seat is a person choosing. */
static void draw(tui_game *g, int seat, bool mine)
{
    erase();
    tui__hot_clear();
    if (tui__too_small(g->scr->min_w, tui__min_h(g->scr), g->m->game->title))
        return;
    layout l = layout_of(g);
    cJSON *view = pf_state_view(g->m->game, g->m->state, seat);
    char who[120];
    uint32_t set = g->m->game->to_act(g->m->state);
    if (pf_match_over(g->m, NULL))
        snprintf(who, sizeof who, "game over");
    else if (g->m->game->real_time)
        snprintf(who, sizeof who, "real time: %.1f s", (double)tui__game_now(g) / 1000.0);
    else
        snprintf(who, sizeof who, "%s to play%s", tui__seat_name(g, __builtin_ctz(set)),
                 mine ? " (your choice)" : "");
    draw_title(g, who, seat);
    tui_table t = {g, view, seat, 1, 0, l.table_h, COLS, NULL, g->memory_aid,
                   g->meter.on && mine, g->meter.on ? tui__meter_value(&g->meter) : 0,
                   g->meter.fmt};
    if (mine && g->nlegal > 0 && !g->meter.on)
        t.sel = g->names[g->sel];
    g->scr->draw(&t);
    draw_events(g, seat, l.events_y, l.events);
    draw_choices(g, view, l.choices_y, l.choices, mine);
    draw_keys(g, mine);
    cJSON_Delete(view);
    refresh();
}

/* ---- keys --------------------------------------------------------------- */

static bool is_legal_name(const char *name, void *arg)
{
    const tui_game *g = arg;
    for (int i = 0; i < g->nlegal; i++)
        if (strcmp(g->names[i], name) == 0)
            return true;
    return false;
}

static int index_of(const tui_game *g, const char *name)
{
    for (int i = 0; i < g->nlegal; i++)
        if (strcmp(g->names[i], name) == 0)
            return i;
    return -1;
}

enum { K_NONE, K_ACTED, K_QUIT };

/* The number ending a choice's name ("flip 12"), or NULL. */
static const char *number_of(const char *name)
{
    const char *sp = strrchr(name, ' ');
    return sp && sp[1] >= '0' && sp[1] <= '9' ? sp + 1 : NULL;
}

/* A typed digit: selects the choice whose name ends in the number typed
 * so far (Pizza's cells), which Enter then plays; a digit that makes no
 * such number starts a new one. */
static void type_digit(tui_game *g, int ch)
{
    char want[sizeof g->typed + 2];
    for (int fresh = 0; fresh < 2; fresh++) {
        snprintf(want, sizeof want, "%s%c", fresh ? "" : g->typed, ch);
        bool prefix = false;
        for (int i = 0; i < g->nlegal; i++) {
            const char *num = number_of(g->names[i]);
            if (!num || strncmp(num, want, strlen(want)) != 0)
                continue;
            prefix = true;
            if (strcmp(num, want) == 0)
                g->sel = i;
        }
        if (prefix && strlen(want) < sizeof g->typed) {
            memcpy(g->typed, want, strlen(want) + 1);
            snprintf(g->status, sizeof g->status, "Typed %s: Enter plays \"%s\".", want,
                     g->names[g->sel]);
            return;
        }
    }
    g->typed[0] = '\0';
    snprintf(g->status, sizeof g->status, "No choice is numbered %c now.", ch);
}

/* ---- the real-time clock -------------------------------------------------
 * It runs only while the table can be seen: the time spent on anything
 * else (too small a window, the rules, the log, saving, the quit question,
 * the pause) is added to g->paused; then a count of three warns everyone
 * before it runs again. */

#define COUNTDOWN 3

static void banner(const char *text)
{
    int w = (int)strlen(text) + 4;
    int y = LINES / 2, x = (COLS - w) / 2 > 0 ? (COLS - w) / 2 : 0;
    tui__put(y, x, A_REVERSE | A_BOLD, "  %s  ", text);
    refresh();
}

static int clock_seat(const tui_game *g)
{
    return g->focus >= 0 ? g->focus : PF_SEAT_SPECTATOR;
}

/* Counts down before the clock runs (at the start, after any pause). */
static void countdown(tui_game *g, const char *what)
{
    int64_t t0 = tui__wall_ms();
    for (int left = COUNTDOWN; left > 0; left--) {
        int64_t until = tui__wall_ms() + 1000;
        while (tui__wall_ms() < until) {
            draw(g, clock_seat(g), false);
            char text[80];
            snprintf(text, sizeof text, "%s in %d", what, left);
            if (!too_small(g))
                banner(text);
            int ch = tui__key((int)(until - tui__wall_ms()) > 0 ? (int)(until - tui__wall_ms()) : 0);
            (void)ch; /* keys wait: none counts before the clock runs */
        }
    }
    g->paused += tui__wall_ms() - t0;
}

/* Holds the clock while the window is too small to show the table; false
 * when the person quits meanwhile. */
static bool hold_while_small(tui_game *g)
{
    int64_t t0 = tui__wall_ms();
    while (too_small(g)) {
        draw(g, clock_seat(g), false);
        int ch = tui__key(-1);
        if (ch == 'q' || ch == 'Q' || ch == 3) {
            g->paused += tui__wall_ms() - t0;
            return false;
        }
    }
    g->paused += tui__wall_ms() - t0;
    countdown(g, "Going on");
    return true;
}

/* The pause key: the table is hidden until a key, then the countdown. */
static void pause_game(tui_game *g)
{
    int64_t t0 = tui__wall_ms();
    for (;;) {
        erase();
        char who[40];
        snprintf(who, sizeof who, "paused");
        draw_title(g, who, PF_SEAT_SPECTATOR);
        banner("Paused: press any key to go on");
        int ch = tui__key(-1);
        if (ch != KEY_RESIZE && ch != TUI_KEY_NONE)
            break;
    }
    g->paused += tui__wall_ms() - t0;
    countdown(g, "Going on");
}

/* Holds the real-time clock around an overlay. */
static void overlay_begin(tui_game *g, int64_t *t0)
{
    (void)g;
    *t0 = tui__wall_ms();
}

static void overlay_end(tui_game *g, int64_t t0)
{
    if (g->m->game->real_time) {
        g->paused += tui__wall_ms() - t0;
        countdown(g, "Going on");
    }
}

static bool confirm(const char *q)
{
    tui__putn(LINES - 1, 0, COLS, A_REVERSE, q);
    clrtoeol();
    refresh();
    for (;;) {
        int ch = tui__key(-1);
        if (ch == 'y' || ch == 'Y')
            return true;
        if (ch == 'n' || ch == 'N' || ch == 27 || ch == 'q')
            return false;
    }
}

/* Keys that work at any time: rules, log, save, quit. */
static int common_key(tui_game *g, int ch)
{
    int64_t t0;
    switch (ch) {
    case '?':
    case KEY_F(1): {
        overlay_begin(g, &t0);
        const char *const *r = tui__rules(g->m->game->id);
        int n = 0;
        while (r[n])
            n++;
        char title[96];
        snprintf(title, sizeof title, "%s: the rules in short", g->m->game->title);
        tui__pager(title, r, n);
        overlay_end(g, t0);
        return K_NONE;
    }
    case 'l':
    case 'L':
        overlay_begin(g, &t0);
        tui__log_show(g);
        overlay_end(g, t0);
        return K_NONE;
    case 's':
    case 'S': {
        overlay_begin(g, &t0);
        char path[256];
        snprintf(path, sizeof path, "%s", g->save_path);
        if (tui__prompt("Save the game to file: ", path, sizeof path))
            tui__save(g, path, g->status, sizeof g->status);
        overlay_end(g, t0);
        return K_NONE;
    }
    case 'q':
    case 'Q':
        overlay_begin(g, &t0);
        if (confirm("Quit this game? (y/n)  (s saves it first)"))
            return K_QUIT;
        overlay_end(g, t0);
        return K_NONE;
    case 3: /* Ctrl-C arriving as a key (raw terminals) */
        return K_QUIT;
    default:
        return K_NONE;
    }
}

/* A person's key while choosing in a turn-based game. */
static int person_key(tui_game *g, int seat, int ch)
{
    if (ch == KEY_RESIZE || ch == TUI_KEY_NONE)
        return K_NONE;
    if (g->meter.on && (ch == ' ' || ch == '\n' || ch == '\r' || ch == KEY_ENTER)) {
        char name[TUI_MAX_NAME];
        snprintf(name, sizeof name, g->meter.fmt, tui__meter_value(&g->meter));
        return tui__act(g, seat, name, g->m->now) ? K_ACTED : K_NONE;
    }
    if (g->scr->key && g->scr->key(g, ch))
        return g->legal_step != g->m->nsteps ? K_ACTED : K_NONE;
    if (ch == 'u' || ch == 'U') {
        char why[160];
        pf_error err;
        if (!pf_table_undo_fair(g->t, seat, why, sizeof why))
            snprintf(g->status, sizeof g->status, "No undo: %s", why);
        else if (pf_table_undo(g->t, seat, &err) != PF_E_OK)
            snprintf(g->status, sizeof g->status, "No undo: %.150s", err.msg);
        else {
            g->legal_step = -1;
            snprintf(g->status, sizeof g->status, "Undone: your last choice is taken back.");
            return K_ACTED;
        }
        return K_NONE;
    }
    if (ch == TUI_KEY_CLICK) {
        int y, x;
        tui__click(&y, &x);
        const char *name = tui__hot_at(y, x);
        if (name && index_of(g, name) >= 0)
            return tui__act(g, seat, name, g->m->now) ? K_ACTED : K_NONE;
        return K_NONE;
    }
    if (g->nlegal == 0)
        return common_key(g, ch);
    if (ch >= '0' && ch <= '9') {
        type_digit(g, ch);
        return K_NONE;
    }
    g->typed[0] = '\0';
    switch (ch) {
    case '\n':
    case '\r':
    case ' ':
    case KEY_ENTER:
        if (!g->meter.on)
            return tui__act(g, seat, g->names[g->sel], g->m->now) ? K_ACTED : K_NONE;
        return K_NONE;
    case KEY_UP:
    case KEY_DOWN:
    case KEY_LEFT:
    case KEY_RIGHT: {
        const char *to = tui__hot_move(g->names[g->sel], ch, is_legal_name, g);
        if (to)
            g->sel = index_of(g, to);
        else if (ch == KEY_UP || ch == KEY_LEFT)
            g->sel = (g->sel + g->nlegal - 1) % g->nlegal;
        else
            g->sel = (g->sel + 1) % g->nlegal;
        return K_NONE;
    }
    case '\t':
        g->sel = (g->sel + 1) % g->nlegal;
        return K_NONE;
    case KEY_BTAB:
        g->sel = (g->sel + g->nlegal - 1) % g->nlegal;
        return K_NONE;
    case KEY_NPAGE: /* to the next page of choices, or the last choice */
        g->sel = g->page_first + g->page_n < g->nlegal ? g->page_first + g->page_n
                                                        : g->nlegal - 1;
        return K_NONE;
    case KEY_PPAGE:
        g->sel = g->page_first > 0 ? g->page_first - 1 : 0; /* into the page before */
        return K_NONE;
    default:
        break;
    }
    const char *k = ch > 0 && ch < 128 ? strchr(hotkeys, ch) : NULL;
    if (k && !g->meter.on && !hint_of(g)) { /* letters only for a list on screen */
        int i = g->page_first + (int)(k - hotkeys);
        if (k - hotkeys < g->page_n && i < g->nlegal)
            return tui__act(g, seat, g->names[i], g->m->now) ? K_ACTED : K_NONE;
    }
    return common_key(g, ch);
}

/* ---- the end screen ----------------------------------------------------- */

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

static int end_screen(tui_game *g)
{
    tui__autosave_remove();
    int seat = people(g) == 1 ? first_person(g) : PF_SEAT_SPECTATOR;
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
        draw(g, seat, false);
        if (too_small(g)) {
            int ch = tui__key(-1);
            if (ch == 'q')
                return TUI_OUT_QUIT;
            continue;
        }
        int y = layout_of(g).events_y - 1;
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
        for (int i = 0; i < g->m->seats && row < LINES - 2; i++, row++) {
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
        if (running[0] && row < LINES - 2)
            tui__putn(row++, 2, COLS - 2, A_BOLD, running);
        tui__putn(LINES - 2, 0, COLS, 0,
                  "Enter/n: menu  r: rematch, same seats  l: log  s: save  q: quit"); /* fits 80 */
        tui__putn(LINES - 1, 0, COLS, A_DIM, g->status);
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
        case 's': case 'S': {
            char path[256];
            snprintf(path, sizeof path, "%s", g->save_path);
            if (tui__prompt("Save the game to file: ", path, sizeof path))
                tui__save(g, path, g->status, sizeof g->status);
            break;
        }
        default:
            break;
        }
    }
}

/* ---- the loops ---------------------------------------------------------- */

/* Plays the next bot move; false (status set) when a bot's move was refused. */
static bool apply_bot(tui_game *g)
{
    pf_error err;
    if (pf_table_bot_play(g->t, &err) != PF_E_OK) {
        snprintf(g->status, sizeof g->status, "a bot's move was refused: %.150s", err.msg);
        return false;
    }
    return true;
}

static int turn_based(tui_game *g)
{
    const pf_game *gm = g->m->game;
    while (!pf_match_over(g->m, NULL)) {
        tui__autosave(g);
        uint32_t set = gm->to_act(g->m->state);
        int seat = __builtin_ctz(set);
        if (g->seats->bot[seat]) {
            int64_t until = tui__wall_ms() + g->pace_ms;
            g->nlegal = 0;
            g->meter.on = false;
            g->legal_step = -1;
            for (;;) {
                draw(g, g->viewer, false);
                int64_t left = until - tui__wall_ms();
                if (left <= 0)
                    break;
                int ch = tui__key((int)left);
                if (ch == TUI_KEY_NONE || ch == KEY_RESIZE)
                    continue;
                if (common_key(g, ch) == K_QUIT)
                    return TUI_OUT_QUIT;
                if (ch == ' ' || ch == '\n' || ch == '\r')
                    break; /* hurry the bots along */
            }
            if (!apply_bot(g))
                return TUI_OUT_QUIT;
            continue;
        }
        if (people(g) > 1 && g->viewer != seat && pf_tui_secrets_between_people(g->m->game)) {
            if (!tui__handover(g, seat))
                return TUI_OUT_QUIT;
            g->status[0] = '\0';
        }
        g->viewer = seat;
        refresh_legal(g, seat);
        for (;;) {
            draw(g, seat, true);
            int ch = tui__key(g->meter.on ? FRAME_MS : -1);
            int r = person_key(g, seat, ch);
            if (r == K_QUIT)
                return TUI_OUT_QUIT;
            if (r == K_ACTED || g->legal_step != g->m->nsteps)
                break;
        }
    }
    return end_screen(g);
}

static int real_time(tui_game *g)
{
    if (!too_small(g))
        countdown(g, "Starting");
    while (!pf_match_over(g->m, NULL)) {
        if (too_small(g)) {
            if (!hold_while_small(g))
                return TUI_OUT_QUIT;
            continue;
        }
        tui__autosave(g);
        int64_t now = tui__game_now(g), bot_t;
        int bot_seat;
        bool bot = pf_table_bot_next(g->t, &bot_seat, &bot_t);
        if (bot && bot_t <= now) {
            apply_bot(g);
            continue;
        }
        if (tui__send_held(g))
            continue;
        uint32_t set = g->m->game->to_act(g->m->state);
        if (g->focus < 0 || g->seats->bot[g->focus])
            g->focus = first_person(g);
        int seat = g->focus;
        bool mine = seat >= 0 && (set >> seat & 1);
        if (mine)
            refresh_legal(g, seat);
        else {
            g->nlegal = 0;
            g->legal_step = -1;
            g->meter.on = false;
        }
        draw(g, seat >= 0 ? seat : PF_SEAT_SPECTATOR, seat >= 0);
        int wait = FRAME_MS;
        if (bot && bot_t - now < wait)
            wait = (int)(bot_t - now) > 0 ? (int)(bot_t - now) : 0;
        int64_t send_at = g->held ? held_at(g) : now + wait;
        if (send_at - now < wait)
            wait = send_at > now ? (int)(send_at - now) : 0;
        int ch = tui__key(wait);
        if (ch == TUI_KEY_NONE || ch == KEY_RESIZE)
            continue;
        if (ch == '\t') {
            pause_game(g);
            continue;
        }
        if (g->scr->key && g->scr->key(g, ch))
            continue;
        if (mine && g->meter.on && (ch == ' ' || ch == '\n' || ch == '\r')) {
            char name[TUI_MAX_NAME];
            snprintf(name, sizeof name, g->meter.fmt, tui__meter_value(&g->meter));
            tui__act(g, seat, name, tui__game_now(g));
            continue;
        }
        if (mine && ch != 'u' && ch != 'U' && ch != 's' && ch != 'q' && ch != 'l' && ch != '?' &&
            ch != 'S' && ch != 'Q' && ch != 'L') {
            person_key(g, seat, ch);
            continue;
        }
        if (common_key(g, ch) == K_QUIT)
            return TUI_OUT_QUIT;
    }
    return end_screen(g);
}

int tui__play(pf_match *m, const pf_seating *s, const pf_tui_args *a)
{
    tui_game *g = calloc(1, sizeof *g);
    pf_error err;
    pf_table_options to = {.memory_aid = a->memory_aid};
    if (!g || !(g->names = calloc(PF_MAX_LEGAL, sizeof *g->names)) ||
        !(g->t = pf_table_adopt(m, s, &to, NULL, NULL, &err))) {
        if (g && !g->names)
            pf_match_destroy(m);
        if (g)
            free(g->names);
        free(g);
        return TUI_OUT_NO_MEMORY;
    }
    g->m = pf_table_match(g->t);
    g->seats = pf_table_seating(g->t);
    g->scr = tui__screen_for(m->game);
    g->viewer = people(g) == 1 ? first_person(g) : PF_SEAT_SPECTATOR;
    g->focus = first_person(g);
    g->pace_ms = a->pace_ms >= 0 ? a->pace_ms : 700;
    g->memory_aid = a->memory_aid;
    g->legal_step = -1;
    g->autosave_on = true;
    g->autosaved_steps = m->nsteps;
    g->start_wall = tui__wall_ms() - m->now;
    /* Named by the date, never the seed: the save prompt shows the name,
     * and the seed would tell a player every future draw. */
    char when[32];
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y%m%d-%H%M%S", localtime(&now));
    snprintf(g->save_path, sizeof g->save_path, "partyfood-%s-%s.json", m->game->id, when);
    if (a->notice)
        snprintf(g->status, sizeof g->status, "%s", a->notice);
    if (pf_table_log_incomplete(g->t))
        tui__log_incomplete(g);
    int out = m->game->real_time ? real_time(g) : turn_based(g);
    pf_table_destroy(g->t);
    free(g->names);
    free(g);
    return out;
}
