/* screen_pakupaku.c: Paku Paku in real time: the dice in front of each
 * seat, penalty points, and the tableware tower drawn to scale (one column
 * per unit of width, one row per three units of height), leaning as the
 * view's piece positions say. Stacking is a timing skill: p, b or c picks a
 * piece that then swings above the tower; the key press that drops it
 * decides the offset the engine receives (ruling C-4, PAKU-5). Every die
 * face is a letter or digit (P panda, D dish, 1, 2), never a colour alone.
 * Hands busy after a roll or a stack (PAKU-10) are shown with the time
 * left; a key pressed meanwhile is held and sent when they are free. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tui/tui_int.h"

static const struct piece {
    const char *name;
    char key;
    int width, rows, colour;
} pieces[] = {
    {"plate", 'p', 20, 1, TUI_CYAN},
    {"bowl", 'b', 14, 2, TUI_YELLOW},
    {"cup", 'c', 8, 3, TUI_MAGENTA},
};
#define NPIECES 3

static int chosen = -1; /* the piece swinging for the person with the keys */

static const struct piece *piece_of(const char *name)
{
    for (int i = 0; name && i < NPIECES; i++)
        if (strcmp(pieces[i].name, name) == 0)
            return &pieces[i];
    return NULL;
}

/* Draws one piece with its centre at column cx and its lowest row at y,
 * clipped to the columns [lo, hi) of the tower's area. */
static void draw_piece(const struct piece *p, int y, int cx, int top, int lo, int hi, int attr)
{
    int x0 = cx - p->width / 2;
    char row[40];
    for (int r = 0; r < p->rows; r++) {
        int yy = y - r;
        if (yy < top)
            return;
        int w = p->width;
        if (p->rows == 1)
            memset(row, '=', (size_t)w);
        else {
            memset(row, ' ', (size_t)w);
            row[0] = r == 0 && p->rows == 2 ? '\\' : '|';
            row[w - 1] = r == 0 && p->rows == 2 ? '/' : '|';
            if (r == 0)
                for (int i = 1; i < w - 1; i++)
                    row[i] = '_';
        }
        if (r == p->rows / 2)
            row[w / 2] = (char)(p->key - 32);
        row[w] = '\0';
        int skip = x0 < lo ? lo - x0 : 0, end = x0 + w > hi ? hi : x0 + w;
        if (x0 + skip < end)
            tui__putn(yy, x0 + skip, end - x0 - skip, attr | tui__colour(p->colour), row + skip);
    }
}

/* The left part: the round, every seat's dice and penalty bar, whose
 * hands are busy; the tower gets the rest of the width. */
static int left_width(const tui_table *t)
{
    return t->w >= 100 ? t->w / 2 - 2 : 46;
}

static void draw_tower(const tui_table *t, int x0, int w)
{
    const cJSON *v = t->view;
    const cJSON *tower = cJSON_GetObjectItemCaseSensitive(v, "tower");
    int n = cJSON_GetArraySize(tower);
    int base = t->y + t->h - 2, top = t->y + 5;
    int cx = x0 + w / 2;
    int rows = 0;
    for (int k = 0; k < n; k++) {
        const struct piece *p = piece_of(tui__str(cJSON_GetArrayItem(tower, k), "piece"));
        rows += p ? p->rows : 1;
    }
    int room = base - top - 4; /* keep rows for the swinging piece */
    int shift = rows > room ? rows - room : 0;
    tui__hline(base + 1, x0, w, A_DIM);
    tui__put(base + 1, x0 + 1, A_DIM, " the mat ");
    char line[120];
    snprintf(line, sizeof line, "The tower: %d piece%s%s", n, n == 1 ? "" : "s",
             shift ? " (its foot is below the screen)" : "");
    tui__putn(t->y + 1, x0, w, A_BOLD, line);
    const cJSON *supply = cJSON_GetObjectItemCaseSensitive(v, "supply");
    int np = tui__num(supply, "plate", 0), nb = tui__num(supply, "bowl", 0),
        nc = tui__num(supply, "cup", 0);
    if (w >= 40)
        snprintf(line, sizeof line, "supply: P plate %d  B bowl %d  C cup %d", np, nb, nc);
    else
        snprintf(line, sizeof line, "supply: P %d  B %d  C %d", np, nb, nc);
    tui__putn(t->y + 2, x0, w, 0, line);
    int y = base + shift;
    double top_at = 0;
    int top_w = 0;
    for (int k = 0; k < n; k++) {
        const cJSON *o = cJSON_GetArrayItem(tower, k);
        const struct piece *p = piece_of(tui__str(o, "piece"));
        if (!p)
            continue;
        double at = cJSON_GetObjectItemCaseSensitive(o, "at")->valuedouble;
        if (y <= base)
            draw_piece(p, y, cx + (int)lrint(at), top, x0, x0 + w, 0);
        y -= p->rows;
        top_at = at;
        top_w = p->width;
    }
    if (t->meter_on && chosen >= 0) {
        const struct piece *p = &pieces[chosen];
        double x = n ? top_at + t->meter : t->meter;
        int yy = (y < base ? y : base) - 2;
        if (yy - p->rows < top)
            yy = top + p->rows;
        draw_piece(p, yy, cx + (int)lrint(x), top, x0, x0 + w, A_BOLD);
        snprintf(line, sizeof line, "swinging: %s, offset %+.2f%s", p->name, t->meter,
                 n ? "" : " (the first stands anywhere)");
        tui__putn(t->y + 3, x0, w, A_BOLD, line);
        (void)top_w;
    }
}

/* One line saying whose hands are busy and for how long (PAKU-10): the
 * person's own first, with the key press held for them, if any. Whole
 * entries after the first: one that does not fit becomes "...", never a
 * name without its time. */
static void draw_hands(const tui_table *t, int y, int x, int seats)
{
    const cJSON *busy = cJSON_GetObjectItemCaseSensitive(t->view, "busy_until");
    int64_t now = tui__game_now(t->g);
    const size_t w = (size_t)left_width(t);
    char line[200], item[120];
    size_t at = 0;
    line[0] = '\0';
    for (int k = -1; k < seats; k++) {
        int s = k < 0 ? t->seat : k;
        if (s < 0 || (k >= 0 && s == t->seat) || !cJSON_GetArrayItem(busy, s))
            continue;
        double left = (cJSON_GetArrayItem(busy, s)->valuedouble - (double)now) / 1000.0;
        if (left <= 0)
            continue;
        bool held = t->g->held && t->g->held_seat == s;
        int n = snprintf(item, sizeof item, "%s%s %.1f s%s%s%s", at ? ", " : "hands busy: ",
                         k < 0 ? "yours" : tui__seat_name(t->g, s), left, held ? " (" : "",
                         held ? t->g->held_name : "", held ? " held)" : "");
        if (n < 0 || (size_t)n >= sizeof item || (at && at + (size_t)n + 5 > w) ||
            at + (size_t)n >= sizeof line) {
            snprintf(line + at, sizeof line - at, ", ...");
            break;
        }
        memcpy(line + at, item, (size_t)n + 1);
        at += (size_t)n;
    }
    if (line[0])
        tui__put(y, x, A_BOLD, "%.*s", (int)w, line);
}

static void draw(const tui_table *t)
{
    const cJSON *v = t->view;
    const char *phase = tui__str(v, "phase") ? tui__str(v, "phase") : "";
    const cJSON *dice = cJSON_GetObjectItemCaseSensitive(v, "dice");
    const cJSON *pen = cJSON_GetObjectItemCaseSensitive(v, "penalties");
    int seats = cJSON_GetArraySize(pen);
    int limit = tui__num(v, "limit", 10);
    /* Compact: 3 header rows, a row per seat (8 at most) and 4 lines. */
    int gap = t->h >= seats + 7 + 2 ? 1 : 0;
    int y = t->y + gap, x = t->x + 1;
    int left_w = left_width(t);
    int bar_w = limit < 10 ? limit : 10; /* the bar's cells; scaled past 10 points */
    int bar_x = x + left_w - bar_w - 4;
    tui__put(y++, x, A_BOLD, "Round %d: the game ends at %d points.", tui__num(v, "round", 0),
             limit);
    tui__put(y++, x, 0, "Holding %d dice stops the round.", tui__num(v, "threshold", 0));
    tui__put(y, x, A_DIM, "%-12s %s", "seat", "dice (D!: stack)");
    tui__put(y++, bar_x, A_DIM, "penalty");
    for (int s = 0; s < seats; s++, y++) {
        int attr = s == t->seat ? A_BOLD : 0;
        tui__put(y, x, attr, "%d %-10.10s", s + 1, tui__seat_name(t->g, s));
        int dx = x + 13;
        const cJSON *d;
        cJSON_ArrayForEach(d, dice)
        {
            if (tui__num(d, "seat", -1) != s)
                continue;
            const char *f = tui__str(d, "face");
            bool wait = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(d, "waiting"));
            int c = !f || f[0] == '-' ? TUI_DIM
                    : f[0] == 'P'     ? TUI_GREEN
                    : f[0] == 'D'     ? TUI_CYAN
                                      : TUI_WHITE;
            char die[8];
            snprintf(die, sizeof die, "[%s%s]", !f || f[0] == '-' ? "?" : f, wait ? "!" : "");
            if (dx + (int)strlen(die) >= bar_x) {
                tui__put(y, dx, 0, "+");
                break;
            }
            tui__put(y, dx, tui__colour(c) | (wait ? A_REVERSE : 0), "%s", die);
            dx += (int)strlen(die) + 1;
        }
        int p = cJSON_GetArrayItem(pen, s)->valueint;
        int filled = limit > 0 ? (p * bar_w + limit - 1) / limit : 0;
        move(y, bar_x);
        for (int k = 0; k < bar_w; k++)
            addch(k < filled ? ('#' | tui__colour(TUI_RED)) : '.');
        tui__put(y, bar_x + bar_w + 1, 0, "%d", p);
    }
    y += gap;
    if (strcmp(phase, "over") != 0) /* a press held then is never sent */
        draw_hands(t, y, x, seats);
    y++;
    int unlucky = tui__num(v, "unlucky", -1);
    if (unlucky >= 0)
        tui__put(y++, x, 0, "Last unlucky panda: %s", tui__seat_name(t->g, unlucky));
    const cJSON *duel = cJSON_GetObjectItemCaseSensitive(v, "duel");
    if (duel)
        tui__put(y++, x, A_BOLD, "DUEL! %s stacks now.",
                 tui__seat_name(t->g, tui__num(duel, "turn", 0)));
    if (duel)
        tui__put(y++, x, 0, "Whoever topples the tower is out.");
    if (strcmp(phase, "over") == 0)
        tui__put(y++, x, A_BOLD, "Game over: %s wins with the fewest points.",
                 tui__seat_name(t->g, tui__num(v, "winner", 0)));
    draw_tower(t, t->x + left_w + 2, t->w - left_w - 3);
}

static bool can_stack(const tui_game *g, int type)
{
    char prefix[32];
    snprintf(prefix, sizeof prefix, "stack %s ", pieces[type].name);
    for (int i = 0; i < g->nlegal; i++)
        if (strncmp(g->names[i], prefix, strlen(prefix)) == 0)
            return true;
    return false;
}

static bool can_roll(const tui_game *g)
{
    for (int i = 0; i < g->nlegal; i++)
        if (strcmp(g->names[i], "roll") == 0)
            return true;
    return false;
}

static bool meter(const cJSON *view, const char *const *names, int n, tui_meter *m)
{
    if (chosen < 0)
        return false;
    char prefix[32];
    snprintf(prefix, sizeof prefix, "stack %s ", pieces[chosen].name);
    bool ok = false;
    for (int i = 0; i < n; i++)
        ok |= strncmp(names[i], prefix, strlen(prefix)) == 0;
    if (!ok) {
        chosen = -1;
        return false;
    }
    /* The swing reaches a little past the edge of the piece below. */
    const cJSON *tower = cJSON_GetObjectItemCaseSensitive(view, "tower");
    int nt = cJSON_GetArraySize(tower);
    const struct piece *below =
        nt ? piece_of(tui__str(cJSON_GetArrayItem(tower, nt - 1), "piece")) : NULL;
    double a = below ? below->width / 2.0 + 1 : 4;
    m->lo = -a;
    m->hi = a;
    m->period_ms = 1700;
    m->sine = true;
    snprintf(m->fmt, sizeof m->fmt, "stack %s %%.2f", pieces[chosen].name);
    snprintf(m->what, sizeof m->what, "Swinging %s: SPACE drops it", pieces[chosen].name);
    return true;
}

static bool key(tui_game *g, int ch)
{
    if (ch >= '1' && ch <= '8') {
        int s = ch - '1';
        if (s < g->seats->n && !g->seats->bot[s]) {
            g->focus = s;
            g->legal_step = -1;
            chosen = -1;
        }
        return true;
    }
    if (g->focus < 0)
        return false;
    if (g->meter.on && (ch == ' ' || ch == '\n' || ch == '\r' || ch == KEY_ENTER)) {
        char name[TUI_MAX_NAME];
        snprintf(name, sizeof name, g->meter.fmt, tui__meter_value(&g->meter));
        chosen = -1;
        g->meter.on = false;
        tui__act(g, g->focus, name, tui__game_now(g));
        g->legal_step = -1;
        return true;
    }
    if (ch == 27 && g->meter.on) {
        chosen = -1;
        g->meter.on = false;
        g->legal_step = -1;
        return true;
    }
    if (ch == 'r' || ch == 'R' || ch == ' ') {
        if (can_roll(g))
            tui__act(g, g->focus, "roll", tui__game_now(g));
        return true;
    }
    for (int i = 0; i < NPIECES; i++)
        if (ch == pieces[i].key || ch == pieces[i].key - 32) {
            if (can_stack(g, i)) {
                chosen = i;
                g->legal_step = -1;
            } else {
                snprintf(g->status, sizeof g->status,
                         "No %s now (a die must wait on a dish, and the supply or the "
                         "architects' rule must allow it).",
                         pieces[i].name);
            }
            return true;
        }
    return false;
}

static const char *hint(const tui_game *g)
{
    static char buf[200];
    bool r = can_roll(g), s = false;
    for (int i = 0; i < NPIECES; i++)
        s |= can_stack(g, i);
    int n = snprintf(buf, sizeof buf, "%s%s%s", r ? "r or SPACE: ROLL your dice.   " : "",
                     s ? "p plate / b bowl / c cup: pick a piece, then SPACE drops it.   " : "",
                     !r && !s ? "Nothing for you to do right now: watch the table.   " : "");
    if (pf_seating_people(g->seats) > 1) /* the seat numbers there are */
        snprintf(buf + n, sizeof buf - (size_t)n, "1-%d: whose hands", g->seats->n);
    return buf;
}

const tui_screen tui__screen_pakupaku = {
    .id = "pakupaku",
    .min_w = 80,
    .rows = 15, /* 8 seats: see draw */
    .draw = draw,
    .meter = meter,
    .key = key,
    .hint = hint,
};
