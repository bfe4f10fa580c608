/* screen_pakupaku.c: Paku Paku in real time: the dice in front of each
 * seat, penalty points, and the tableware tower drawn to scale (one column
 * per unit of width, one row per three units of height), leaning as the
 * view's piece positions say. Stacking is a timing skill: a piece's key
 * picks it up and it swings above the tower; the key press that drops it
 * decides the offset the engine receives (ruling C-4, PAKU-5). Every die
 * face is a letter or digit (P panda, D dish, 1, 2), never a colour alone.
 * Hands busy after a roll or a stack (PAKU-10) are shown with the time
 * left; a key pressed meanwhile is held and sent when they are free.
 *
 * The keys: one person plays with r (or SPACE) and p b c, SPACE dropping
 * the piece. Two to four people at one keyboard each get their own four
 * keys (roll, plate, bowl, cup; a piece's key again drops it), shown on
 * the screen. More people share those of one person: a seat's number
 * gives its person the keys. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

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
#define OWN_KEYS 4 /* people who each get their own keys */
#define SWING_MS 1700
#define LESSON_SWING_MS 3400 /* a lesson's slowed swing */

/* Each person's own keys: roll, plate, bowl, cup (the left and right of
 * the bottom row, the left and right of the number row). */
static const char keysets[OWN_KEYS][NPIECES + 2] = {"zxcv", "m,./", "1234", "7890"};

/* The piece swinging for each person (-1: none) and when it started; they
 * belong to one game (the game's start time tells games apart). */
static struct swings {
    const tui_game *g;
    int64_t game_start;
    int piece[PF_MAX_SEATS];
    int64_t started[PF_MAX_SEATS];
} sw;

static struct swings *swings_of(const tui_game *g)
{
    if (sw.g != g || sw.game_start != g->start_wall) {
        sw.g = g;
        sw.game_start = g->start_wall;
        for (int s = 0; s < PF_MAX_SEATS; s++)
            sw.piece[s] = -1;
    }
    return &sw;
}

static const struct piece *piece_of(const char *name)
{
    for (int i = 0; name && i < NPIECES; i++)
        if (strcmp(pieces[i].name, name) == 0)
            return &pieces[i];
    return NULL;
}

/* Whether the people have their own keys: two to four of them. */
static bool own_keys(const tui_game *g)
{
    int n = pf_seating_people(g->seats);
    return n >= 2 && n <= OWN_KEYS;
}

/* The people in seat order: the k-th has keysets[k]. */
static int person_index(const tui_game *g, int seat)
{
    int k = 0;
    for (int s = 0; s < seat; s++)
        k += !g->seats->bot[s];
    return k;
}

/* Whether seat may play an action whose name starts with prefix now. */
static bool can(const tui_game *g, int seat, const char *prefix)
{
    const pf_game *gm = g->m->game;
    pf_action legal[PF_MAX_LEGAL];
    int n = gm->legal(g->m->state, seat, legal, PF_MAX_LEGAL);
    size_t len = strlen(prefix);
    for (int i = 0; i < n; i++) {
        char name[TUI_MAX_NAME];
        if (gm->name(g->m->state, legal[i], name, sizeof name) > 0 &&
            strncmp(name, prefix, len) == 0)
            return true;
    }
    return false;
}

static bool can_stack(const tui_game *g, int seat, int type)
{
    char prefix[32];
    snprintf(prefix, sizeof prefix, "stack %s ", pieces[type].name);
    return can(g, seat, prefix);
}

/* How far a piece swings over a tower whose top piece is `below` (NULL:
 * an empty mat): a little past the edge of the piece below. In a lesson
 * the swing is slower and reaches at most twice the step's aim, so the
 * middle the lesson asks for comes by often enough to catch. */
static double swing_reach(const tui_game *g, const struct piece *below)
{
    double a = below ? below->width / 2.0 + 1 : 4;
    if (g->lesson && g->now.aim) {
        double aim = fmax(fabs(g->now.aim_lo), fabs(g->now.aim_hi));
        a = fmin(a, 2 * aim);
    }
    return a;
}

/* Where the piece swinging since `started` is now, from the middle. */
static double swing_value(const tui_game *g, const struct piece *below, int64_t started)
{
    int period = g->lesson ? LESSON_SWING_MS : SWING_MS;
    double ph = (double)((tui__wall_ms() - started) % period) / period;
    return -swing_reach(g, below) * cos(2 * M_PI * ph);
}

static const struct piece *top_piece(const cJSON *view)
{
    const cJSON *tower = cJSON_GetObjectItemCaseSensitive(view, "tower");
    int n = cJSON_GetArraySize(tower);
    return n ? piece_of(tui__str(cJSON_GetArrayItem(tower, n - 1), "piece")) : NULL;
}

/* Draws one piece with its centre at column cx and its lowest row at y,
 * only the part inside the columns [lo, hi) and rows from top on: a
 * leaning tower goes past the edge of its area, a drawing, not text. */
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
        int skip = x0 < lo ? lo - x0 : 0, end = x0 + w > hi ? hi : x0 + w;
        if (x0 + skip < end) /* attr with a colour of its own (a shine) wins over the piece's */
            tui__text(yy, x0 + skip, end - x0 - skip,
                      attr & A_COLOR ? attr : attr | tui__colour(p->colour), row + skip,
                      end - x0 - skip);
    }
}

/* The left part's columns: the seat's name, its dice, the penalty bar. */
typedef struct columns {
    int name_w;   /* "N name" */
    bool boxed;   /* dice as [P] rather than P */
    int dice_x, bar_x, bar_w, width;
} columns;

#define TOWER_MIN 22 /* a plate and a little room to lean */

static columns columns_of(const tui_table *t, int seats, int limit)
{
    columns c = {.name_w = 4};
    for (int s = 0; s < seats; s++) {
        int n = 2 + (int)strlen(tui__seat_name(t->g, s));
        c.name_w = n > c.name_w ? n : c.name_w;
    }
    c.bar_w = limit < 10 ? limit : 10; /* the bar's cells; scaled past 10 points */
    for (int boxed = 1; boxed >= 0; boxed--) {
        int dice = boxed ? 5 * 5 - 1 : 5 * 3 - 1; /* five dice, "[D!] " or "D! " each */
        c.boxed = boxed;
        c.dice_x = 1 + c.name_w + 2;
        c.bar_x = c.dice_x + dice + 2;
        c.width = c.bar_x + c.bar_w + 4;
        if (t->w - c.width >= TOWER_MIN)
            break;
    }
    if (t->w >= 100 && c.width < t->w / 2 - 2) /* a wide tower leans in sight */
        c.width = t->w / 2 - 2;
    return c;
}

static void draw_tower(const tui_table *t, int x0, int w)
{
    const cJSON *v = t->view;
    const cJSON *tower = cJSON_GetObjectItemCaseSensitive(v, "tower");
    int n = cJSON_GetArraySize(tower);
    int base = t->y + t->h - 2;
    char line[200];
    snprintf(line, sizeof line, "The tower: %d piece%s", n, n == 1 ? "" : "s");
    int tower_shine = tui__shine(t->g, NULL, "tower");
    tui__putn(t->y + 1, x0, w, tower_shine | A_BOLD, line);
    const cJSON *supply = cJSON_GetObjectItemCaseSensitive(v, "supply");
    /* "supply: P plate 7  B bowl 8  C cup 8" (letters alone when narrow),
     * each piece shining when the lesson points at it */
    int px = x0 + 8;
    tui__putn(t->y + 2, x0, w, 0, "supply:");
    for (int i = 0; i < NPIECES; i++) {
        char part[32];
        int k = snprintf(part, sizeof part, w >= 40 ? "%c %s %d" : "%c %.0s%d",
                         pieces[i].key - 32, pieces[i].name, tui__num(supply, pieces[i].name, 0));
        tui__putn(t->y + 2, px, x0 + w - px, tui__shine(t->g, NULL, "piece %s", pieces[i].name),
                  part);
        px += k + 2;
    }
    /* the swinging pieces, named: a row each at the most */
    const struct swings *s = swings_of(t->g);
    const struct piece *below = top_piece(v);
    size_t at = 0;
    int nswing = 0;
    line[0] = '\0';
    for (int seat = 0; seat < t->g->seats->n && at < sizeof line; seat++)
        if (s->piece[seat] >= 0) {
            at += (size_t)snprintf(line + at, sizeof line - at, "%s%s: %s %+.1f",
                                   at ? "   " : "", tui__seat_name(t->g, seat),
                                   pieces[s->piece[seat]].name,
                                   swing_value(t->g, below, s->started[seat]));
            nswing++;
        }
    int top = t->y + 3 + tui__wrap(t->y + 3, x0, w, nswing, 0, A_BOLD, line, true);
    int rows = 0;
    for (int k = 0; k < n; k++) {
        const struct piece *p = piece_of(tui__str(cJSON_GetArrayItem(tower, k), "piece"));
        rows += p ? p->rows : 1;
    }
    int swinging_rows = 0;
    for (int seat = 0; seat < t->g->seats->n; seat++)
        if (s->piece[seat] >= 0)
            swinging_rows += pieces[s->piece[seat]].rows + 1;
    int room = base - top - (swinging_rows > 4 ? swinging_rows : 4);
    int shift = rows > room ? rows - room : 0;
    tui__hline(base + 1, x0, w, A_DIM);
    tui__putn(base + 1, x0 + 1, w - 1, A_DIM, shift ? " more tower below " : " the mat ");
    int cx = x0 + w / 2, y = base + shift;
    double top_at = 0;
    for (int k = 0; k < n; k++) {
        const cJSON *o = cJSON_GetArrayItem(tower, k);
        const struct piece *p = piece_of(tui__str(o, "piece"));
        if (!p)
            continue;
        double pat = cJSON_GetObjectItemCaseSensitive(o, "at")->valuedouble;
        if (y <= base)
            draw_piece(p, y, cx + (int)lrint(pat), top, x0, x0 + w, tower_shine);
        y -= p->rows;
        top_at = pat;
    }
    /* the swinging pieces above it, one over another: the first seat's at
     * the top, as the line above names them */
    int yy = (y < base ? y : base) - 1, shine = tui__shine(t->g, NULL, "swing");
    for (int seat = t->g->seats->n - 1; seat >= 0; seat--) {
        if (s->piece[seat] < 0)
            continue;
        const struct piece *p = &pieces[s->piece[seat]];
        double x = (n ? top_at : 0) + swing_value(t->g, below, s->started[seat]);
        if (yy - p->rows + 1 < top)
            yy = top + p->rows - 1;
        draw_piece(p, yy, cx + (int)lrint(x), top, x0, x0 + w, shine ? shine : (int)A_BOLD);
        if (shine && t->g->now.aim && yy - p->rows >= top) { /* where the lesson asks for it */
            int lo = cx + (int)lrint((n ? top_at : 0) + t->g->now.aim_lo);
            int hi = cx + (int)lrint((n ? top_at : 0) + t->g->now.aim_hi);
            for (int c = lo; c <= hi; c++)
                tui__ch(yy - p->rows, c, shine, c == lo ? '[' : c == hi ? ']' : 'v');
        }
        yy -= p->rows + 1;
    }
}

/* Whose hands are busy and for how long (PAKU-10), with the key press
 * held for them, if any: the person's own first ("yours"), then the others
 * by name, or by seat number ("#3") when names would take more than rows
 * rows; wrapped over up to rows rows. */
static int draw_hands(const tui_table *t, int y, int x, int w, int rows, int seats)
{
    const cJSON *busy = cJSON_GetObjectItemCaseSensitive(t->view, "busy_until");
    int64_t now = tui__game_now(t->g);
    char line[600];
    for (int numbers = 0; numbers < 2; numbers++) {
        size_t at = 0;
        line[0] = '\0';
        for (int k = -1; k < seats && at < sizeof line; k++) {
            int s = k < 0 ? t->seat : k;
            if (s < 0 || (k >= 0 && s == t->seat) || !cJSON_GetArrayItem(busy, s))
                continue;
            double left = (cJSON_GetArrayItem(busy, s)->valuedouble - (double)now) / 1000.0;
            if (left < 0.05) /* "0.0 s" would say nothing */
                continue;
            const char *held = t->g->held[s];
            char who[TUI_SEAT_NAME_SIZE + 8];
            if (k < 0)
                snprintf(who, sizeof who, "yours");
            else if (numbers)
                snprintf(who, sizeof who, "#%d", s + 1);
            else
                tui__seat_name_into(t->g, s, who);
            at += (size_t)snprintf(line + at, sizeof line - at, "%s%s %.1f s%s%s%s",
                                   at ? ", " : "hands busy: ", who, left, held[0] ? " (" : "",
                                   held, held[0] ? " held)" : "");
        }
        if (tui__wrap_rows(line, w, 2, false) <= rows)
            break;
    }
    return tui__wrap(y, x, w, rows, 2, A_BOLD, line, false);
}

/* The dice legend: what each face means for its holder. */
static const char legend[] =
    "P panda: to the next seat   D! dish: stack a piece   D dish used   1 2: roll again   "
    "? not rolled yet";

static void draw(const tui_table *t)
{
    const cJSON *v = t->view;
    const char *phase = tui__str(v, "phase") ? tui__str(v, "phase") : "";
    const cJSON *dice = cJSON_GetObjectItemCaseSensitive(v, "dice");
    const cJSON *pen = cJSON_GetObjectItemCaseSensitive(v, "penalties");
    int seats = cJSON_GetArraySize(pen);
    int limit = tui__num(v, "limit", 10);
    columns c = columns_of(t, seats, limit);
    int x = t->x + 1, w = c.width - 1, end = t->y + t->h;
    /* Blank rows around the seats only when the area has room for them. */
    int gap = t->h >= seats + 12 ? 1 : 0;
    int y = t->y + gap;
    char line[200];
    snprintf(line, sizeof line, "Round %d: the game ends at %d points.", tui__num(v, "round", 0),
             limit);
    y += tui__wrap(y, x, w, 2, 2, A_BOLD, line, false);
    snprintf(line, sizeof line, "Holding %d dice stops the round.", tui__num(v, "threshold", 0));
    y += tui__wrap(y, x, w, 2, 2, 0, line, false);
    tui__put(y, x, A_DIM, "seat");
    tui__put(y, x + c.dice_x - 1, A_DIM, "dice");
    tui__put(y++, x + c.bar_x - 1, A_DIM, "penalty");
    for (int s = 0; s < seats; s++, y++) {
        int attr = s == t->seat ? A_BOLD : 0, dice_shine = tui__shine(t->g, NULL, "dice %d", s);
        snprintf(line, sizeof line, "%d %s", s + 1, tui__seat_name(t->g, s));
        tui__putn(y, x, c.name_w, attr, line);
        int dx = x + c.dice_x - 1;
        const cJSON *d;
        cJSON_ArrayForEach(d, dice)
        {
            if (tui__num(d, "seat", -1) != s)
                continue;
            const char *f = tui__str(d, "face");
            bool wait = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(d, "waiting"));
            int colour = !f || f[0] == '-' ? TUI_DIM
                         : f[0] == 'P'     ? TUI_GREEN
                         : f[0] == 'D'     ? TUI_CYAN
                                           : TUI_WHITE;
            char die[8];
            snprintf(die, sizeof die, c.boxed ? "[%s%s]" : "%s%s", !f || f[0] == '-' ? "?" : f,
                     wait ? "!" : "");
            int die_attr = dice_shine ? dice_shine : tui__colour(colour);
            tui__put(y, dx, die_attr | (wait ? A_REVERSE : 0), "%s", die);
            dx += (int)strlen(die) + 1;
        }
        int p = cJSON_GetArrayItem(pen, s)->valueint;
        int filled = limit > 0 ? (p * c.bar_w + limit - 1) / limit : 0;
        int pen_shine = tui__shine(t->g, NULL, "penalty %d", s);
        for (int k = 0; k < c.bar_w; k++)
            tui__ch(y, x + c.bar_x - 1 + k,
                    pen_shine ? pen_shine : k < filled ? tui__colour(TUI_RED) : 0,
                    k < filled ? '#' : '.');
        tui__put(y, x + c.bar_x + c.bar_w, pen_shine, "%d", p);
    }
    /* The legend when it fits whole; the rules (?) say it too. */
    int lk = tui__wrap_rows(legend, w, 0, true);
    bool over = strcmp(phase, "over") == 0;
    const cJSON *duel = cJSON_GetObjectItemCaseSensitive(v, "duel");
    int unlucky = tui__num(v, "unlucky", -1);
    int below = duel || over ? 2 : unlucky >= 0 ? 1 : 0; /* the duel, the end, the unlucky */
    int hands = seats > 4 ? 2 : 1; /* many seats' busy hands take two rows */
    int after = hands + below;     /* rows the lines under the legend need */
    if (y + lk + after <= end)
        y += tui__wrap(y, x, w, lk, 0, A_DIM, legend, true);
    y += gap && y + after + 1 <= end;
    int hands_rows = end - y - below < 2 ? end - y - below : 2; /* within the table's area */
    if (!over) /* a press held then is never sent */
        y += draw_hands(t, y, x, w, hands_rows > 0 ? hands_rows : 0, seats);
    if (duel) {
        snprintf(line, sizeof line, "DUEL! %s stacks now; whoever topples the tower is out.",
                 tui__seat_name(t->g, tui__num(duel, "turn", 0)));
        y += tui__wrap(y, x, w, 2, 2, A_BOLD, line, false);
    } else if (unlucky >= 0 && !over) {
        snprintf(line, sizeof line, "Last unlucky panda: %s", tui__seat_name(t->g, unlucky));
        y += tui__wrap(y, x, w, 2, 2, 0, line, false);
    }
    if (over) {
        const char *winner = tui__seat_name(t->g, tui__num(v, "winner", 0));
        snprintf(line, sizeof line, "Game over: %s win%s with the fewest points.", winner,
                 strcasecmp(winner, "you") == 0 ? "" : "s");
        tui__wrap(y, x, w, 2, 2, A_BOLD, line, false);
    }
    draw_tower(t, t->x + c.width + 1, t->w - c.width - 2);
}

/* ---- keys --------------------------------------------------------------- */

/* Drops seat's swinging piece where it is now. */
static void drop(tui_game *g, int seat)
{
    struct swings *s = swings_of(g);
    cJSON *v = pf_state_view(g->m->game, g->m->state, seat);
    double off = swing_value(g, top_piece(v), s->started[seat]);
    cJSON_Delete(v);
    char name[TUI_MAX_NAME];
    snprintf(name, sizeof name, "stack %s %.2f", pieces[s->piece[seat]].name, off);
    s->piece[seat] = -1;
    tui__act(g, seat, name, tui__game_now(g));
}

/* Seat's key for piece `type`: picks it up, or drops it when it is the one
 * swinging. */
static void piece_key(tui_game *g, int seat, int type)
{
    struct swings *s = swings_of(g);
    if (s->piece[seat] == type) {
        drop(g, seat);
    } else if (can_stack(g, seat, type)) {
        s->piece[seat] = type;
        s->started[seat] = tui__wall_ms();
    } else {
        cJSON *v = pf_state_view(g->m->game, g->m->state, seat);
        bool architects = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "architects"));
        cJSON_Delete(v);
        snprintf(g->status, sizeof g->status, "No %s for %s now: that needs a D! die and a %s "
                 "left%s.", pieces[type].name, tui__seat_name(g, seat), pieces[type].name,
                 architects ? ", not the same piece as the last" : "");
    }
}

static void roll(tui_game *g, int seat)
{
    if (can(g, seat, "roll"))
        tui__act(g, seat, "roll", tui__game_now(g));
}

/* Two to four people: each person's own four keys. */
static bool own_key(tui_game *g, int ch)
{
    if (ch <= 0 || ch >= 128)
        return false;
    for (int seat = 0; seat < g->seats->n; seat++) {
        if (g->seats->bot[seat])
            continue;
        const char *keys = keysets[person_index(g, seat)];
        const char *k = strchr(keys, ch);
        if (!k)
            continue;
        if (k == keys)
            roll(g, seat);
        else
            piece_key(g, seat, (int)(k - keys) - 1);
        return true;
    }
    return false;
}

/* One person, or more than four sharing the keys of one. */
static bool shared_key(tui_game *g, int ch)
{
    if (ch >= '1' && ch <= '8' && pf_seating_people(g->seats) > 1) {
        int s = ch - '1';
        if (s < g->seats->n && !g->seats->bot[s])
            g->focus = s;
        return true;
    }
    int seat = g->focus;
    if (seat < 0)
        return false;
    struct swings *s = swings_of(g);
    bool enter = ch == '\n' || ch == '\r' || ch == KEY_ENTER;
    if (s->piece[seat] >= 0 && (ch == ' ' || enter)) {
        drop(g, seat);
        return true;
    }
    if (enter) /* nothing swinging: Enter plays nothing (a list's key elsewhere) */
        return true;
    if (ch == 27 && s->piece[seat] >= 0) { /* put it back */
        s->piece[seat] = -1;
        return true;
    }
    if (ch == 'r' || ch == 'R' || ch == ' ') {
        roll(g, seat);
        return true;
    }
    for (int i = 0; i < NPIECES; i++)
        if (ch == pieces[i].key || ch == pieces[i].key - 32) {
            piece_key(g, seat, i);
            return true;
        }
    return false;
}

static bool key(tui_game *g, int ch)
{
    return own_keys(g) ? own_key(g, ch) : shared_key(g, ch);
}

/* The keys, shown in the choices' place. */
static const char *hint(const tui_game *g)
{
    static char buf[600];
    size_t at = 0;
    const struct swings *s = swings_of(g);
    if (own_keys(g)) {
        for (int seat = 0; seat < g->seats->n && at < sizeof buf; seat++) {
            if (g->seats->bot[seat])
                continue;
            const char *k = keysets[person_index(g, seat)];
            at += (size_t)snprintf(buf + at, sizeof buf - at,
                                   "%s: %c roll  %c plate  %c bowl  %c cup   ",
                                   tui__seat_name(g, seat), k[0], k[1], k[2], k[3]);
        }
        if (at < sizeof buf)
            snprintf(buf + at, sizeof buf - at, "(a piece's key again drops it)");
        return buf;
    }
    int seat = g->focus;
    bool r = seat >= 0 && can(g, seat, "roll"), st = false;
    for (int i = 0; seat >= 0 && i < NPIECES; i++)
        st |= can_stack(g, seat, i);
    if (seat >= 0 && s->piece[seat] >= 0)
        at = (size_t)snprintf(buf, sizeof buf, "SPACE (or %c) drops the %s, Esc puts it back.   ",
                              pieces[s->piece[seat]].key, pieces[s->piece[seat]].name);
    else
        at = (size_t)snprintf(buf, sizeof buf, "%s%s%s", r ? "r or SPACE: ROLL your dice.   " : "",
                              st ? "p plate / b bowl / c cup: pick a piece up, then SPACE drops it.   " : "",
                              !r && !st ? "Nothing for you to do right now: watch the table.   " : "");
    if (pf_seating_people(g->seats) > 1 && at < sizeof buf) { /* whose hands the keys are */
        at += (size_t)snprintf(buf + at, sizeof buf - at, "The keys are %s's; give them to:",
                               tui__seat_name(g, seat));
        for (int p = 0; p < g->seats->n && at < sizeof buf; p++)
            if (!g->seats->bot[p] && p != seat)
                at += (size_t)snprintf(buf + at, sizeof buf - at, " %d %s", p + 1,
                                       tui__seat_name(g, p));
    }
    return buf;
}

const tui_screen tui__screen_pakupaku = {
    .id = "pakupaku",
    .min_w = 80,
    .rows = 15, /* 8 seats: see draw */
    .big_rows = 22, /* a tall tower's room, and a longer log below */
    .own_keys = own_keys,
    .draw = draw,
    .key = key,
    .hint = hint,
};
