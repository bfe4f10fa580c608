/* screen_passfood.c: Pass the Party Food's table: the score track with
 * Ziggy, the pawns, the lucky dips and the cake; Ziggy's board and every
 * player's board with their columns and rows and what each full column and
 * row scores; a warning when Ziggy is a tile away from a set that would
 * end the party; the plates while the active player distributes; tokens
 * left; the bag and the discard pile. Every tile carries its food's letter
 * (S B F P L) as well as a colour. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/tui_int.h"

static const struct food {
    const char *name;
    char letter;
    int colour;
} foods[] = {
    {"snake", 'S', TUI_GREEN},     {"biscuit", 'B', TUI_YELLOW}, {"fairy bread", 'F', TUI_MAGENTA},
    {"pikelet", 'P', TUI_RED},     {"lamington", 'L', TUI_CYAN},
};
#define NFOODS 5

static const struct food *food_of(const char *name)
{
    for (int i = 0; name && i < NFOODS; i++)
        if (strcmp(foods[i].name, name) == 0)
            return &foods[i];
    return NULL;
}

static bool in_list(const cJSON *arr, int v)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, arr) if (cJSON_IsNumber(e) && e->valueint == v) return true;
    return false;
}

static int item(const cJSON *arr, int i)
{
    const cJSON *e = cJSON_GetArrayItem(arr, i);
    return cJSON_IsNumber(e) ? e->valueint : 0;
}

/* One board of width w: its title, a column per food, `rows` spaces each,
 * filled from the top, with the points each full row scores at its end and
 * the points each full column scores under it (a row ending in "pt"):
 * rows + 2 lines. Its cells are cw columns apart (2, or 3 on a wide
 * terminal). An empty space shows its column's letter in lower case,
 * dimmed, so the board needs no header row to say which column is which
 * food. */
/* What shines on a board: its title, its columns, its rows (0: none). */
typedef struct board_shine {
    int title, col[NFOODS], row[4];
} board_shine;

/* A food's name as a highlight word: "fairy-bread". */
static void food_word(const struct food *f, char *buf, size_t n)
{
    snprintf(buf, n, "%s", f->name);
    for (char *c = buf; *c; c++)
        if (*c == ' ')
            *c = '-';
}

/* The shine of the board of seat (-1: Ziggy's) as the person at seat
 * `you` sees it: the lesson's words ("board 1", "column snake" on the
 * person's own, "ziggy row 1") and a hinted set or take. */
static board_shine shine_of(const tui_game *g, int seat, int you)
{
    board_shine b;
    memset(&b, 0, sizeof b);
    bool z = seat < 0, mine = seat == you;
    b.title = z ? tui__shine(g, NULL, "ziggy") : tui__shine(g, NULL, "board %d", seat);
    for (int f = 0; f < NFOODS && (z || mine); f++) {
        char w[24], act[48];
        food_word(&foods[f], w, sizeof w);
        snprintf(act, sizeof act, z ? "take ziggy %s" : "score column %s", foods[f].name);
        b.col[f] = tui__shine(g, act, z ? "ziggy column %s" : "column %s", w);
    }
    for (int r = 0; r < 4 && (z || mine); r++) {
        char act[24];
        snprintf(act, sizeof act, "score row %d", r + 1);
        b.row[r] = tui__shine(g, z ? NULL : act, z ? "ziggy row %d" : "row %d", r + 1);
    }
    return b;
}

static void board(int y, int x, int w, int cw, const char *title, const cJSON *counts, int rows,
                  const cJSON *row_worth, const cJSON *col_worth, int attr, const board_shine *sh)
{
    int worth_x = x + 2 + cw * NFOODS;
    tui__putn(y, x, w, (sh->title ? sh->title : attr) | A_BOLD, title);
    tui__put(y + rows + 1, worth_x, A_DIM, "pt"); /* ends the points of each full column */
    for (int f = 0; f < NFOODS; f++)
        tui__put(y + rows + 1, x + 2 + cw * f - (item(col_worth, f) > 9), A_DIM, "%d",
                 item(col_worth, f));
    for (int r = 0; r < rows; r++) {
        tui__put(y + 1 + r, x, A_DIM, "%d", r + 1);
        if (cJSON_GetArrayItem(row_worth, r)) /* what the full row scores */
            tui__put(y + 1 + r, worth_x, A_DIM, "%d", cJSON_GetArrayItem(row_worth, r)->valueint);
        for (int f = 0; f < NFOODS; f++) {
            int c = cJSON_GetArrayItem(counts, f) ? cJSON_GetArrayItem(counts, f)->valueint : 0;
            int shine = sh->col[f] | (r < 4 ? sh->row[r] : 0);
            if (r < c)
                tui__put(y + 1 + r, x + 2 + cw * f,
                         shine ? shine : tui__colour(foods[f].colour) | (int)A_BOLD, "%c",
                         foods[f].letter);
            else
                tui__put(y + 1 + r, x + 2 + cw * f, shine ? shine : (int)A_DIM, "%c",
                         foods[f].letter + 32);
        }
    }
}

/* The score track: a cell per space, Ziggy (Z) on it, the players' pawns
 * stacked below their space (a row per pawn: all may share one space).
 * Ziggy hides the mark of his space: behind every pawn, it matters to no
 * one. */
static int track(const tui_table *t, int y, int x, int cake, const cJSON *dips,
                 const cJSON *ziggy, const cJSON *players, int np)
{
    int cw = (t->w - 6) / (cake + 1) >= 3 ? 3 : 2, whole = tui__shine(t->g, NULL, "track");
    int shine_cake = tui__shine(t->g, NULL, "cake");
    for (int s = 0; s <= cake; s++) {
        int cx = x + s * cw;
        char mark = s == cake ? '@' : in_list(dips, s) ? '*' : '.';
        int shine = whole | tui__shine(t->g, NULL, "space %d", s) | (s == cake ? shine_cake : 0);
        tui__put(y + 1, cx,
                 shine           ? shine
                 : s == cake     ? tui__colour(TUI_MAGENTA)
                 : in_list(dips, s) ? (int)A_BOLD
                                    : (int)A_DIM,
                 "%c", mark);
        if ((s % 5 == 0 && cake - s > 2) || s == cake)
            tui__put(y, cx, A_DIM, "%d", s);
        if (tui__num(ziggy, "pos", 0) == s)
            tui__put(y + 1, cx,
                     tui__shine(t->g, NULL, "pawn ziggy") | tui__colour(TUI_RED) | A_BOLD, "Z");
        int k = 0;
        for (int i = 0; i < np; i++)
            if (tui__num(cJSON_GetArrayItem(players, i), "pos", -1) == s)
                tui__put(y + 2 + k++, cx, tui__shine(t->g, NULL, "pawn %d", i) | A_BOLD, "%d",
                         i + 1);
    }
    tui__put(y + 2, x + (cake + 1) * cw + 1, shine_cake ? shine_cake : (int)A_DIM, "@ cake");
    tui__put(y + 3, x + (cake + 1) * cw + 1, A_DIM, "* lucky dip");
    return y + 2 + np;
}

/* The food whose next tile gives Ziggy a set worth at least `reach`
 * points (a column one tile short, or a row missing only that food), or
 * NULL. He draws a tile at the start of every turn and scores a full set
 * at once. */
static const struct food *ziggy_threat(const cJSON *ziggy, const cJSON *numbers, int rows,
                                       int reach)
{
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(ziggy, "board");
    const cJSON *cols = cJSON_GetObjectItemCaseSensitive(numbers, "ziggy_columns");
    int low = rows, at_low = 0, short_food = 0;
    for (int f = 0; f < NFOODS; f++) {
        int c = item(b, f);
        if (c == rows - 1 && item(cols, f) >= reach)
            return &foods[f];
        if (c < low)
            low = c, at_low = 0;
        if (c == low)
            at_low++, short_food = f;
    }
    if (low < rows && at_low == 1 &&
        item(cJSON_GetObjectItemCaseSensitive(numbers, "ziggy_rows"), low) >= reach)
        return &foods[short_food];
    return NULL;
}

/* The view's code for how the game ended, in words. */
static const char *why_words(const char *reason)
{
    static const char *const words[][2] = {
        {"caught", "Ziggy caught up with a player"},
        {"ziggy_cake", "Ziggy reached the cake"},
        {"turn_limit", "the turns ran out"},
        {"all_on_cake", "every player reached the cake"},
    };
    for (size_t i = 0; reason && i < sizeof words / sizeof words[0]; i++)
        if (strcmp(reason, words[i][0]) == 0)
            return words[i][1];
    return reason ? reason : "";
}

static void draw(const tui_table *t)
{
    const cJSON *v = t->view;
    const cJSON *numbers = cJSON_GetObjectItemCaseSensitive(v, "numbers");
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(v, "players");
    const cJSON *ziggy = cJSON_GetObjectItemCaseSensitive(v, "ziggy");
    const cJSON *dips = cJSON_GetObjectItemCaseSensitive(numbers, "lucky_dips");
    int cake = tui__num(numbers, "cake", 31), active = tui__num(v, "active", 0);
    int np = cJSON_GetArraySize(players);
    const char *phase = tui__str(v, "phase") ? tui__str(v, "phase") : "";
    /* Blank rows between the parts only when the area has room for them. */
    int gap = t->h >= np + 11 + 3 ? 1 : 0;
    int y = t->y + gap, x = t->x + 2;
    /* How close Ziggy is: reaching the last pawn not on the cake loses the
     * game (at the end of that player's turn), and each set Ziggy scores
     * moves him on; his next tile may give him one that catches up. */
    int zpos = tui__num(ziggy, "pos", 0), gap_z = INT_MAX;
    for (int i = 0; i < np; i++) {
        const cJSON *p = cJSON_GetArrayItem(players, i);
        int d = tui__num(p, "pos", 0) - zpos;
        if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "on_cake")) && d < gap_z)
            gap_z = d;
    }
    int turn = tui__num(v, "turn", 0);
    const struct food *threat = tui__str(v, "result") || gap_z <= 0 || gap_z == INT_MAX
                                    ? NULL
                                    : ziggy_threat(ziggy, numbers, 3, gap_z);
    char line[160];
    if (threat) {
        int n = snprintf(line, sizeof line, "Turn %d. Ziggy is %d behind the last pawn: ", turn,
                         gap_z);
        tui__putn(y, x, t->w - 4, A_BOLD, line);
        snprintf(line, sizeof line, "a %s lets him catch up!", threat->name);
        tui__putn(y, x + n, t->w - 4 - n, tui__colour(TUI_RED) | A_BOLD, line);
    } else {
        if (gap_z == INT_MAX)
            snprintf(line, sizeof line, "Turn %d.  Every pawn is on the cake.", turn);
        else if (gap_z <= 0)
            snprintf(line, sizeof line, "Turn %d.  Ziggy (Z) has caught up with the last pawn.",
                     turn);
        else
            snprintf(line, sizeof line, "Turn %d.  Ziggy (Z) is %d space%s behind the last pawn.",
                     turn, gap_z, gap_z == 1 ? "" : "s");
        tui__putn(y, x, t->w - 4, A_BOLD, line);
    }
    y++;
    y = track(t, y + gap, x, cake, dips, ziggy, players, np) + gap;
    /* Boards; the bag and the discard pile under Ziggy's shorter board.
     * On a wide terminal their cells spread out. */
    int cw = t->w - 4 >= (np + 1) * 22 ? 3 : 2, bw = cw == 3 ? 22 : 15;
    board_shine sh = shine_of(t->g, -1, t->seat);
    board(y, x, bw - 1, cw, "Ziggy (Z)", cJSON_GetObjectItemCaseSensitive(ziggy, "board"), 3,
          cJSON_GetObjectItemCaseSensitive(numbers, "ziggy_rows"),
          cJSON_GetObjectItemCaseSensitive(numbers, "ziggy_columns"), tui__colour(TUI_RED), &sh);
    const cJSON *bag = cJSON_GetObjectItemCaseSensitive(v, "bag");
    const cJSON *disc = cJSON_GetObjectItemCaseSensitive(v, "discard");
    int nd = 0;
    for (int f = 0; f < NFOODS; f++)
        nd += cJSON_GetArrayItem(disc, f) ? cJSON_GetArrayItem(disc, f)->valueint : 0;
    tui__put(y + 5, x, tui__shine(t->g, NULL, "bag") | A_DIM, "bag: %d", tui__num(bag, "count", 0));
    tui__put(y + 6, x, tui__shine(t->g, NULL, "discard") | A_DIM, "discard: %d", nd);
    for (int i = 0; i < np; i++) {
        const cJSON *p = cJSON_GetArrayItem(players, i);
        char title[40];
        const char *name = tui__seat_name(t->g, i);
        if ((int)strlen(name) > bw - 3 && strncmp(name, "bot ", 4) == 0)
            name += 4; /* "3 planner" rather than "3 bot planne" */
        snprintf(title, sizeof title, "%d %s", i + 1, name);
        sh = shine_of(t->g, i, t->seat);
        board(y, x + bw * (i + 1), bw - 1, cw, title, cJSON_GetObjectItemCaseSensitive(p, "board"), 4,
              cJSON_GetObjectItemCaseSensitive(numbers, "player_rows"),
              cJSON_GetObjectItemCaseSensitive(numbers, "player_columns"),
              i == active ? A_UNDERLINE : 0, &sh);
        bool mine = i == t->seat;
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "on_cake")))
            tui__put(y + 6, x + bw * (i + 1), tui__colour(TUI_MAGENTA), "on the cake!");
        else {
            tui__put(y + 6, x + bw * (i + 1), mine ? tui__shine(t->g, NULL, "token swap") : 0,
                     "swap %d", tui__num(p, "swaps", 0));
            tui__put(y + 6, getcurx(stdscr) + 1, mine ? tui__shine(t->g, NULL, "token take") : 0,
                     "take %d", tui__num(p, "takes", 0));
        }
    }
    y += 7;
    /* The rows still to come: the plates, the result, a swap offer. */
    int rest = (strcmp(phase, "plate") == 0) + (tui__str(v, "result") != NULL) +
               cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(v, "swap"));
    /* What the numbers beside the boards and the small letters in them are,
     * when there is a row for it. */
    if (y + gap + 1 + rest <= t->y + t->h)
        tui__putn(y++, x, t->w - 4, A_DIM,
                  "pt: how far a full row (end) or column (below) moves   lowercase: empty");
    if (y + gap + rest <= t->y + t->h) /* a blank row first, when it leaves them room */
        y += gap;
    /* Plates while distributing. */
    if (strcmp(phase, "plate") == 0) {
        const struct food *d = food_of(tui__str(v, "drawn"));
        const cJSON *pl = cJSON_GetObjectItemCaseSensitive(v, "plates");
        int drawn = tui__shine(t->g, NULL, "drawn");
        tui__put(y, x, A_BOLD | drawn, "Drawn:");
        if (d)
            tui__put(y, x + 7, drawn ? drawn : tui__colour(d->colour), "[%c %s]", d->letter,
                     d->name);
        /* after the longest food's tile ("[F fairy bread]") */
        int at = getcurx(stdscr) + 2 > x + 21 ? getcurx(stdscr) + 2 : x + 21;
        tui__put(y, at, 0, "plates:");
        static const char *const which[] = {"left", "centre", "right", "x"};
        int px = at + 8;
        for (int k = 0; k < 4; k++) {
            const cJSON *e = cJSON_GetObjectItemCaseSensitive(pl, which[k]);
            if (!e)
                continue;
            const struct food *f = cJSON_IsString(e) ? food_of(e->valuestring) : NULL;
            char name[24], cell[24];
            snprintf(name, sizeof name, "plate %s", which[k]);
            snprintf(cell, sizeof cell, "%s:[%c]", which[k], f ? f->letter : ' ');
            int shine = tui__shine(t->g, name, "%s", name); /* its word is its name */
            int attr = shine ? shine : f ? tui__colour(f->colour) : 0;
            if (t->sel && strcmp(t->sel, name) == 0)
                attr |= A_REVERSE;
            tui__put(y, px, attr, "%s", cell);
            tui__hot_add(y, px, (int)strlen(cell), name);
            px += (int)strlen(cell) + 2;
        }
        y++;
    }
    const cJSON *sw = cJSON_GetObjectItemCaseSensitive(v, "swap");
    if (cJSON_IsObject(sw) && y < t->y + t->h)
        tui__put(y++, x, A_BOLD, "A swap from %s to %s waits for an answer (a tile, or no).",
                 tui__seat_name(t->g, tui__num(sw, "from", 0)), tui__seat_name(t->g, tui__num(sw, "to", 0)));
    const char *res = tui__str(v, "result");
    if (res && y < t->y + t->h)
        tui__put(y++, x, A_BOLD, "The party is %s! (%s)", strcmp(res, "won") == 0 ? "WON" : "lost",
                 why_words(tui__str(v, "reason")));
}

/* The view's phase: where the active player's turn stands. */
static const char *phase_of(const cJSON *view)
{
    const char *p = tui__str(view, "phase");
    return p ? p : "";
}

/* Where the turn stands, said above the choices: the token stops before
 * and after Ziggy's draw look alike but for this. */
static const char *prompt(const tui_game *g, const cJSON *view)
{
    (void)g;
    static const char *const words[][2] = {
        {"start", "Turn begins: a token, or carry on (Ziggy draws)"},
        {"ziggy", "Ziggy has drawn: a token, or carry on"},
        {"plate", "Put the tile you drew on a plate"},
        {"score", "Score a set, or carry on"},
        {"end", "Turn ends: a token, or carry on"},
        {"answer", "A swap for you: a tile back, or no"},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(phase_of(view), words[i][0]) == 0)
            return words[i][1];
    return NULL;
}

/* The lesson's word for a choice (docs/lessons.md). */
static bool word(const char *name, char *buf, size_t n)
{
    const struct food *f;
    int row;
    if (strncmp(name, "plate ", 6) == 0)
        snprintf(buf, n, "%s", name);
    else if (strcmp(name, "carry on") == 0)
        snprintf(buf, n, "button carry-on");
    else if (strncmp(name, "take ", 5) == 0)
        snprintf(buf, n, "token take");
    else if (strncmp(name, "swap give ", 10) == 0)
        snprintf(buf, n, "token swap");
    else if (strncmp(name, "score column ", 13) == 0 && (f = food_of(name + 13))) {
        char w[24];
        food_word(f, w, sizeof w);
        snprintf(buf, n, "column %s", w);
    } else if (sscanf(name, "score row %d", &row) == 1)
        snprintf(buf, n, "row %d", row);
    else
        return false;
    return true;
}

static void label(const tui_game *g, const cJSON *view, const char *name, char *buf, size_t n)
{
    char food[24];
    unsigned to;
    int active = tui__num(view, "active", 0), seats = g->m->seats;
    const char *phase = phase_of(view);
    if (strcmp(name, "carry on") == 0)
        snprintf(buf, n, "carry on%s",
                 strcmp(phase, "start") == 0   ? ": Ziggy draws"
                 : strcmp(phase, "ziggy") == 0 ? ": draw your tiles"
                 : strcmp(phase, "score") == 0 ? ": no set now"
                 : strcmp(phase, "end") == 0   ? ": end your turn"
                                               : "");
    else if (strcmp(name, "plate left") == 0)
        snprintf(buf, n, "left plate: to %s", tui__seat_name(g, (active + 1) % seats));
    else if (strcmp(name, "plate centre") == 0)
        snprintf(buf, n, "centre plate: keep it");
    else if (strcmp(name, "plate right") == 0)
        snprintf(buf, n, "right plate: to %s", tui__seat_name(g, (active + seats - 1) % seats));
    else if (strcmp(name, "plate x") == 0)
        snprintf(buf, n, "X space: throw it away");
    else if (strncmp(name, "swap give ", 10) == 0 && strstr(name, " to ")) {
        const char *at = strstr(name, " to ");
        snprintf(food, sizeof food, "%.*s", (int)(at - name - 10), name + 10);
        to = (unsigned)atoi(at + 4);
        snprintf(buf, n, "swap: %s to %s", food, tui__seat_name(g, (int)to - 1));
    } else if (strncmp(name, "score ", 6) == 0 || strncmp(name, "ziggy scores ", 13) == 0) {
        /* with what the set is worth: the spaces the pawn moves */
        bool z = name[0] == 'z';
        const char *what = name + (z ? 13 : 6);
        const cJSON *numbers = cJSON_GetObjectItemCaseSensitive(view, "numbers");
        const struct food *f = strncmp(what, "column ", 7) == 0 ? food_of(what + 7) : NULL;
        int row = strncmp(what, "row ", 4) == 0 ? atoi(what + 4) : 0;
        const cJSON *worth =
            f ? cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(
                                       numbers, z ? "ziggy_columns" : "player_columns"),
                                   (int)(f - foods))
              : cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(
                                       numbers, z ? "ziggy_rows" : "player_rows"),
                                   row - 1);
        snprintf(buf, n, "%s%s: +%d spaces", z ? "Ziggy scores " : "score ", what,
                 worth ? worth->valueint : 0);
    } else if (strncmp(name, "take ziggy ", 11) == 0)
        snprintf(buf, n, "take Ziggy's %s", name + 11);
    else if (strncmp(name, "swap answer give ", 17) == 0)
        snprintf(buf, n, "give back %s", name + 17);
    else
        snprintf(buf, n, "%s", name);
}

const tui_screen tui__screen_passfood = {
    .id = "passfood",
    .min_w = 80,
    .rows = 15, /* 4 players: turn, track with 5 pawn rows, boards, a line */
    .big_rows = 20, /* blank rows between the parts, the legend of the points */
    .draw = draw,
    .label = label,
    .prompt = prompt,
    .word = word,
};
