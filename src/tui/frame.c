/* frame.c: the game screen around the table: where everything goes for
 * the terminal's size, the title, the rules in brief beside the table on a
 * wide terminal, the events, the choices and the line of keys. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tui/tui_int.h"

#define EVENT_ROWS 3      /* the events at their best on a short terminal */
#define EVENT_ROWS_BIG 12 /* a tall terminal's longer log */
#define CHOICE_ROWS 5
#define CHOICE_W 26
#define METER_ROWS 3      /* what the meter sets, the meter, how to stop it */
#define KEY_ROWS 4        /* the most rows a long status (a hint) takes */
#define CAPTION_MAX 6     /* the most rows of a lesson's caption (300 bytes at 80 columns) */
#define SIDE_MIN 34       /* the narrowest rules panel beside the table */
#define EVENT_INDENT 2    /* an event's rows after its first */

const char tui__hotkeys[] = "abcdefgijkmnoprtvwxyz"; /* h l q s u are commands */

bool tui__screen_too_small(const tui_screen *scr)
{
    return COLS < scr->min_w || LINES < tui__min_h(scr);
}

bool tui__game_too_small(const tui_game *g)
{
    return tui__screen_too_small(g->scr);
}

/* The screen's line instead of the list of choices, or NULL. */
static const char *hint_of(const tui_game *g)
{
    return g->scr->hint ? g->scr->hint(g) : NULL;
}

/* The bottom line of a lesson: its keys (the status, the lesson's reason
 * for another move, is in the caption box; what Enter does is the line
 * under it when the move is not the person's). stop_key: the meter's key,
 * which the meter says itself when it has the rows (draw_meter). */
static const char *lesson_keys(const tui_game *g, bool mine, bool stop_key)
{
    if (!mine)
        return "Esc chapters  ? rules  l log  q leave";
    if (g->meter.on && stop_key)
        return "SPACE/Enter stop the meter  Esc chapters  ? rules  l log  q leave";
    if (g->meter.on || g->m->game->real_time)
        return "Esc chapters  ? rules  l log  q leave";
    if (hint_of(g))
        return "arrows+Enter play  digits pick  Esc chapters  ? rules  l log  q leave";
    return "arrows+Enter play  letter plays  Esc chapters  ? rules  l log  q leave";
}

/* The bottom line: the status when there is one, else the keys (stop_key:
 * as in lesson_keys). With the meter's key or without, the keys fit one
 * row of 80 columns, so the layout sizes the line without it. */
static const char *keys_text(const tui_game *g, bool mine, bool stop_key)
{
    if (g->lesson)
        return lesson_keys(g, mine, stop_key);
    if (g->status[0])
        return g->status;
    if (mine && g->meter.on)
        return stop_key ? "SPACE/Enter stop the meter  ? rules  l log  s save  q quit"
                        : "? rules  l log  s save  q quit";
    if (g->m->game->real_time)
        return "Tab pause  ? rules  l log  s save  q quit";
    if (mine) { /* h where a hint may be had (shorter words for the arrows make room) */
        static char keys[160];
        char why[300];
        bool hints = tui__hints_allowed(g, why, sizeof why);
        snprintf(keys, sizeof keys, "%s  %s  %s? rules  l log  u undo  s save  q quit",
                 hints ? "arrows+Enter play" : "arrows move  Enter plays",
                 hint_of(g) ? "digits pick" : "letter plays", hints ? "h hint  " : "");
        return keys;
    }
    if (pf_match_over(g->m, NULL))
        return "";
    return "(the bots are playing: SPACE hurries them)  ? rules  l log  s save  q quit";
}

/* Adds up to `to - *v` of *spare to *v. */
static void grow(int *v, int to, int *spare)
{
    int more = to - *v < *spare ? to - *v : *spare;
    if (more > 0) {
        *v += more;
        *spare -= more;
    }
}

/* The rows the newest event seat may see takes in the strip (0: none). */
static int newest_rows(const tui_game *g, int seat)
{
    int nlog;
    const pf_table_event *log = pf_table_log(g->t, &nlog);
    char text[TUI_EVENT_TEXT];
    for (int i = nlog - 1; i >= 0; i--)
        if (tui__log_shows(g, &log[i], seat)) {
            tui__log_text(g, &log[i], text, sizeof text);
            return tui__wrap_rows(text, COLS - 2, EVENT_INDENT, false);
        }
    return 0;
}

/* The rules in brief beside the table, where the terminal is wide enough. */
static void side_panel(const tui_game *g, tui_layout *l)
{
    if (g->scr->wide_w > 0 && g->m->game->brief && COLS - g->scr->wide_w - 1 >= SIDE_MIN) {
        l->table_w = g->scr->wide_w;
        l->side_w = COLS - l->table_w - 1;
    }
}

/* A lesson's screen, top to bottom: the title, the table, the events
 * when there are rows for them, the caption box, the choices (or what to
 * press to go on), the keys. The caption is never cut: on a short
 * terminal the events go first, then the choices shrink to a row. */
static tui_layout lesson_layout(const tui_game *g, tui_layout l, bool mine)
{
    char line[300];
    const char *h = hint_of(g);
    int need = CHOICE_ROWS; /* the rows the choices can use */
    if (!mine) /* what to press to go on, rather than a list */
        need = tui__wrap_rows(tui__lesson_line(g, line, sizeof line), COLS - 2, 2, true);
    else if (h && !g->meter.on)
        need = tui__wrap_rows(h, COLS - 2, 0, true);
    else if (!g->meter.on) /* a short list leaves its rows to what happened */
        need = g->nlegal < 1 ? 1 : g->nlegal < CHOICE_ROWS ? g->nlegal : CHOICE_ROWS;
    l.choices = need < l.choices ? need : l.choices;
    l.caption = tui__caption_rows(g, COLS - 4);
    l.caption = l.caption < 1 ? 1 : l.caption > CAPTION_MAX ? CAPTION_MAX : l.caption;
    l.events = 0;
    /* title, the caption's rule and rows, the choices' rule and rows, keys */
    int spare = LINES - 1 - l.table_h - 1 - l.caption - 1 - l.choices - l.keys;
    for (; spare < 0 && l.choices > 1; spare++)
        l.choices--;
    if (spare >= 2) { /* the events: a rule and a row at least */
        l.events = 1;
        spare -= 2;
        grow(&l.events, EVENT_ROWS, &spare);
    }
    grow(&l.choices, need, &spare);
    grow(&l.table_h, g->scr->big_rows, &spare);
    if (l.events)
        grow(&l.events, EVENT_ROWS_BIG, &spare);
    if (spare > 0)
        l.table_h += spare;
    side_panel(g, &l);
    l.events_y = 2 + l.table_h;
    l.caption_y = l.events ? l.events_y + l.events + 1 : 2 + l.table_h;
    l.choices_y = l.caption_y + l.caption + 1;
    l.keys_y = LINES - l.keys;
    return l;
}

/* Where things go, top to bottom: the title (row 0), the table, a rule,
 * the events, a rule, the choices, the keys (the last rows). The table
 * gets the rows its screen needs, the events and choices what is left up
 * to their best; a tall terminal gives the table the rows it uses well,
 * then a longer log, then the table the rest. A long status takes rows
 * from the events (never those of the newest) and the choices. A terminal
 * wider than the table needs shows the rules in brief beside it. */
tui_layout tui__layout(const tui_game *g, int seat, bool mine)
{
    tui_layout l = {.table_h = g->scr->rows, .table_w = COLS, .events = 2, .choices = 3};
    l.keys = tui__wrap_rows(keys_text(g, mine, false), COLS, 0, true);
    if (g->lesson)
        return lesson_layout(g, l, mine);
    l.keys = l.keys < 1 ? 1 : l.keys > KEY_ROWS ? KEY_ROWS : l.keys;
    int spare = LINES - tui__min_h(g->scr) - (l.keys - 1);
    int newest = spare < 0 ? newest_rows(g, seat) : 0;
    for (; spare < 0 && l.events > 1 && l.events > newest; spare++)
        l.events--;
    for (; spare < 0 && l.choices > 1; spare++)
        l.choices--;
    for (; spare < 0 && l.events > 1; spare++)
        l.events--;
    grow(&l.choices, CHOICE_ROWS, &spare);
    grow(&l.events, EVENT_ROWS, &spare);
    grow(&l.table_h, g->scr->big_rows, &spare);
    grow(&l.events, EVENT_ROWS_BIG, &spare);
    if (spare > 0)
        l.table_h += spare;
    side_panel(g, &l);
    l.events_y = 2 + l.table_h;
    l.choices_y = l.events_y + l.events + 1;
    l.keys_y = LINES - l.keys;
    return l;
}

const char *tui__moves_played(int nsteps, char *buf, size_t n)
{
    if (nsteps == 0)
        snprintf(buf, n, "no move yet");
    else
        snprintf(buf, n, "%d move%s", nsteps, nsteps == 1 ? "" : "s");
    return buf;
}

/* The title line: the game, who plays (with "(your choice)" when it fits),
 * the moves, and "you are" at the right end when it fits beside the rest:
 * nothing on the line is ever overwritten. */
void tui__draw_title(const tui_game *g, const char *who, const char *mine, int seat)
{
    char line[300], you[80] = "", moves[32];
    tui__moves_played(g->m->nsteps, moves, sizeof moves);
    snprintf(line, sizeof line, "%s  |  %s%s  |  %s", g->m->game->title, who, mine, moves);
    if ((int)strlen(line) + 1 > COLS)
        snprintf(line, sizeof line, "%s  |  %s  |  %s", g->m->game->title, who, moves);
    tui__title_bar(line);
    if (seat >= 0)
        snprintf(you, sizeof you, "you are: %s ", tui__seat_name(g, seat));
    int yx = COLS - (int)strlen(you);
    if (you[0] && yx >= (int)strlen(line) + 3)
        tui__putn(0, yx, COLS - yx, tui__colour(TUI_TITLE), you);
}

/* The game's rules in brief beside the table, a paragraph a line: whole
 * paragraphs while they fit (a blank row between them when all fit so),
 * and a pointer to the rest (the `?` key) when they do not. */
static void draw_side(const tui_game *g, const tui_layout *l)
{
    int x = l->table_w + 1, w = l->side_w - 1, y = 1, end = 1 + l->table_h;
    for (int r = 1; r < end; r++)
        tui__ch(r, l->table_w, A_DIM, ACS_VLINE);
    tui__put(y++, x, A_BOLD, "The rules in brief (? all of them)");
    const char *const *b = g->m->game->brief;
    int n = 0, rows = 0;
    for (; b[n]; n++)
        rows += tui__wrap_rows(b[n], w, 0, false);
    int gap = y + rows + n <= end ? 1 : 0;
    for (int i = 0; b[i]; i++) {
        int k = tui__wrap_rows(b[i], w, 0, false);
        if (y + gap + k + (b[i + 1] ? 1 : 0) > end) {
            tui__put(y + gap, x, A_DIM, "...more with ?");
            return;
        }
        y += gap;
        y += tui__wrap(y, x, w, k, 0, 0, b[i], false);
    }
}

/* The event strip: the latest events, oldest first and the newest (bold)
 * last, from the strip's top. An event longer than the screen is wide
 * goes on over more rows: a person reads the whole text, not a cut one;
 * the older events are in the log (l). */
static void draw_events(const tui_game *g, int seat, int y, int rows)
{
    tui__hline(y - 1, 0, COLS, A_DIM);
    tui__put(y - 1, 2, A_DIM, " what happened (l: the whole log) ");
    int pick[EVENT_ROWS_BIG], k[EVENT_ROWS_BIG], n = 0, used = 0;
    char text[TUI_EVENT_TEXT];
    int nlog;
    const pf_table_event *log = pf_table_log(g->t, &nlog);
    for (int i = nlog - 1; i >= 0 && used < rows && n < EVENT_ROWS_BIG; i--) {
        if (!tui__log_shows(g, &log[i], seat))
            continue;
        tui__log_text(g, &log[i], text, sizeof text);
        int rk = tui__wrap_rows(text, COLS - 2, EVENT_INDENT, false);
        if (used + rk > rows && n > 0)
            break;
        pick[n] = i;
        k[n++] = rk;
        used += rk;
    }
    for (int j = n - 1; j >= 0; j--) {
        tui__log_text(g, &log[pick[j]], text, sizeof text);
        y += tui__wrap(y, 1, COLS - 2, k[j] < rows ? k[j] : rows, EVENT_INDENT, j ? 0 : A_BOLD,
                       text, false);
    }
}

static void label_of(const tui_game *g, const cJSON *view, int i, char *buf, size_t n)
{
    if (g->scr->label)
        g->scr->label(g, view, g->names[i], buf, n);
    else
        snprintf(buf, n, "%s", g->names[i]);
}

/* The meter: what it sets in words, then the bar between what its ends
 * mean, filled up to the value (green, yellow, red as it rises), then how
 * to stop it. On fewer rows the key line says how (draw_keys), and on one
 * the bar is alone. */
static void draw_meter(const tui_game *g, int y, int rows)
{
    const tui_meter *m = &g->meter;
    double v = tui__meter_value(m);
    int lo = (int)strlen(m->lo_word), hi = (int)strlen(m->hi_word);
    int w = COLS - 16 - lo - hi > 60 ? 60 : COLS - 16 - lo - hi;
    if (w < 10)
        w = 10;
    int at = (int)lrint((v - m->lo) / (m->hi - m->lo) * (w - 1));
    int shine = tui__shine(g, NULL, "meter") | tui__shine(g, NULL, "button toss");
    if (rows >= 2)
        tui__putn(y++, 1, COLS - 2, A_BOLD | shine, m->what);
    int x = 2;
    if (lo) {
        tui__put(y, x, 0, "%s", m->lo_word);
        x += lo + 1;
    }
    tui__ch(y, x, 0, '[');
    for (int i = 0; i < w; i++) {
        int third = i * 3 / w;
        int colour = tui__colour(third == 0 ? TUI_GREEN : third == 1 ? TUI_YELLOW : TUI_RED);
        tui__ch(y, x + 1 + i, i == at ? (int)A_REVERSE : i < at ? colour : 0,
                i == at ? '#' : (i < at ? '=' : '.'));
    }
    tui__ch(y, x + 1 + w, 0, ']');
    if (hi)
        tui__put(y, x + 3 + w, 0, "%s", m->hi_word);
    tui__put(y, x + 5 + w + hi, A_BOLD, "%.2f", v);
    if (rows >= METER_ROWS) /* else the key line says it (draw_keys) */
        tui__put(y + 1, 1, 0, "Press SPACE or Enter to stop the meter where you want it.");
}

/* The list of choices, lettered, in columns as wide as the longest label
 * (so that no name is cut) and pages of at most one letter per choice:
 * every choice has a key. Returns the column where the page count starts
 * on the rule above (COLS: none). */
static int draw_list(tui_game *g, const cJSON *view, int y, int rows)
{
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
    if (per_page > (int)sizeof tui__hotkeys - 1)
        per_page = (int)sizeof tui__hotkeys - 1;
    int first = g->sel / per_page * per_page;
    g->page_first = first;
    g->page_n = 0;
    for (int k = 0; k < per_page && first + k < g->nlegal; k++, g->page_n++) {
        int i = first + k;
        char label[96], cell[128];
        label_of(g, view, i, label, sizeof label);
        snprintf(cell, sizeof cell, "%c) %s", tui__hotkeys[k], label);
        int row = y + k % rows, col = 1 + (k / rows) * cw;
        char word[64] = "";
        if (g->scr->word && !g->scr->word(g->names[i], word, sizeof word))
            word[0] = '\0';
        int attr = tui__shine(g, g->names[i], "%s", word);
        tui__putn(row, col, cw - 1, i == g->sel ? (int)(A_REVERSE | A_BOLD) | attr : attr, cell);
        tui__hot_add(row, col, cw - 1, g->names[i]);
    }
    if (g->nlegal <= per_page)
        return COLS;
    char more[64];
    int n = snprintf(more, sizeof more, " %d-%d of %d (PgDn) ", first + 1,
                     first + per_page < g->nlegal ? first + per_page : g->nlegal, g->nlegal);
    int mx = COLS - n - 2 > 0 ? COLS - n - 2 : 0;
    tui__put(y - 1, mx, A_DIM, "%s", more);
    return mx;
}

static void draw_choices(tui_game *g, const cJSON *view, int y, int rows, bool mine)
{
    if (!g->lesson)
        tui__hline(y - 1, 0, COLS, A_DIM);
    char line[300];
    if (!mine && g->lesson) /* what to press to go on */
        tui__wrap(y, 1, COLS - 2, rows, 2, A_BOLD, tui__lesson_line(g, line, sizeof line),
                  true);
    if (!mine)
        return;
    const char *h = hint_of(g);
    int end = COLS;
    if (g->meter.on)
        draw_meter(g, y, rows);
    else if (h) /* wrapped between its parts (three spaces apart), or words; in a lesson
                   it is what to press, and shines */
        tui__wrap(y, 1, COLS - 2, rows, 0, g->lesson ? tui__shine_attr() : (int)A_BOLD, h, true);
    else if (g->nlegal == 0)
        tui__put(y, 1, A_DIM, "(nothing to choose right now)");
    else
        end = draw_list(g, view, y, rows);
    /* where the turn stands, on the rule, before the page count if any */
    const char *prompt = g->scr->prompt ? g->scr->prompt(g, view) : NULL;
    if (prompt) {
        char said[160];
        snprintf(said, sizeof said, " %s ", prompt);
        tui__putn(y - 1, 2, end - 3, A_BOLD, said);
    }
}

static void draw_keys(const tui_game *g, const tui_layout *l, bool mine)
{
    tui__wrap(l->keys_y, 0, COLS, l->keys, 0, g->status[0] && !g->lesson ? A_BOLD : A_DIM,
              keys_text(g, mine, l->choices < METER_ROWS), true);
}

/* The title line: who plays, or in a lesson, the lesson and its chapter. */
static void draw_title(const tui_game *g, int seat, bool mine)
{
    char who[200];
    if (g->lesson) {
        const pf_lesson *l = g->lesson_file;
        snprintf(who, sizeof who, "%s  |  %d of %d: %s", pf_lesson_title(l), g->now.chapter + 1,
                 pf_lesson_chapters(l), pf_lesson_chapter_title(l, g->now.chapter));
        tui__title_bar(who);
        return;
    }
    uint32_t set = g->m->game->to_act(g->m->state);
    if (pf_match_over(g->m, NULL))
        snprintf(who, sizeof who, "game over");
    else if (g->m->game->real_time)
        snprintf(who, sizeof who, "real time: %.1f s", (double)tui__game_now(g) / 1000.0);
    else
        snprintf(who, sizeof who, "%s to play", tui__seat_name(g, __builtin_ctz(set)));
    tui__draw_title(g, who, mine && !g->m->game->real_time ? " (your choice)" : "", seat);
}

void tui__draw(tui_game *g, int seat, bool mine)
{
    erase();
    tui__hot_clear();
    if (tui__too_small(g->scr->min_w, tui__min_h(g->scr), g->m->game->title))
        return;
    tui_layout l = tui__layout(g, seat, mine);
    cJSON *view = pf_state_view(g->m->game, g->m->state, seat);
    draw_title(g, seat, mine);
    tui_table t = {g, view, seat, 1, 0, l.table_h, l.table_w, NULL, g->memory_aid};
    if (mine && g->nlegal > 0 && !g->meter.on)
        t.sel = g->names[g->sel];
    g->scr->draw(&t);
    if (l.side_w)
        draw_side(g, &l);
    if (l.events)
        draw_events(g, seat, l.events_y, l.events);
    if (g->lesson) /* its box's lower side is the choices' rule */
        tui__draw_caption(g, &l);
    draw_choices(g, view, l.choices_y, l.choices, mine);
    draw_keys(g, &l, mine);
    cJSON_Delete(view);
    refresh();
}
