/* passfood_text.c: Pass the Party Food as text and JSON: the numbers table
 * parser, action names and their parser, the view and the plain picture.
 *
 * Everything on the table is public (ruling C-3 leaves only the bag's order
 * hidden), so every seat's view is the same; the bag appears as a count and
 * its contents per food, which anyone can work out from the 80 tiles. Only
 * PF_SEAT_GOD sees the order of the bag. */
#include "games/passfood/passfood.h"
#include "partyfood/text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the numbers table -------------------------------------------------- */

static const struct {
    const char *name, *alias;
    int min_n, max_n;
} table_keys[] = {
    {"player_columns", "col", 5, 5},  {"player_rows", "row", 4, 4},
    {"ziggy_columns", "zcol", 5, 5},  {"ziggy_rows", "zrow", 3, 3},
    {"cake", "track", 1, 1},          {"ziggy_start", "zstart", 1, 1},
    {"player_start", "pstart", 1, 1}, {"lucky_dips", "dips", 0, PASSFOOD_MAX_DIPS},
};
#define NKEYS ((int)(sizeof table_keys / sizeof table_keys[0]))

/* Stores the values of key k into *num; false with a message when malformed. */
static bool table_store(int k, const int *v, int nv, passfood_numbers *num, char *err, int n)
{
    if (nv < table_keys[k].min_n || nv > table_keys[k].max_n) {
        snprintf(err, (size_t)n, "'%s' needs %d value%s, not %d", table_keys[k].name,
                 table_keys[k].max_n, table_keys[k].max_n == 1 ? "" : "s", nv);
        return false;
    }
    for (int i = 0; i < nv; i++)
        if (v[i] < 0 || v[i] > (k == 4 ? 200 : k < 4 ? 60 : 199)) {
            snprintf(err, (size_t)n, "'%s': %d is out of range (points 0..60, cake 2..200)",
                     table_keys[k].name, v[i]);
            return false;
        }
    uint8_t *dst[] = {num->pcol,  num->prow,    num->zcol,    num->zrow,
                      &num->cake, &num->zstart, &num->pstart, num->dips};
    for (int i = 0; i < nv; i++)
        dst[k][i] = (uint8_t)v[i];
    if (k == 7)
        num->ndips = (uint8_t)nv;
    return true;
}

bool passfood__numbers_parse(const char *text, passfood_numbers *num, char *err, int n)
{
    passfood_numbers t = *num;
    int key = -1, v[PASSFOOD_MAX_DIPS + 1], nv = 0;
    const char *p = text;
    for (;;) {
        while (*p && (isspace((unsigned char)*p) || *p == ',' || *p == '|' || *p == ';'))
            p++;
        if (*p == '#') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        if (!*p || isalpha((unsigned char)*p)) {
            if (key >= 0 && !table_store(key, v, nv, &t, err, n))
                return false;
            if (!*p)
                break;
            const char *w = p;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            size_t len = (size_t)(p - w);
            key = -1;
            for (int k = 0; k < NKEYS; k++)
                if ((strlen(table_keys[k].name) == len && !strncmp(w, table_keys[k].name, len)) ||
                    (strlen(table_keys[k].alias) == len && !strncmp(w, table_keys[k].alias, len)))
                    key = k;
            if (key < 0) {
                snprintf(err, (size_t)n,
                         "unknown key '%.*s' (keys: player_columns "
                         "player_rows ziggy_columns ziggy_rows cake ziggy_start "
                         "player_start lucky_dips)",
                         (int)(len > 30 ? 30 : len), w);
                return false;
            }
            while (*p == ' ' || *p == '\t')
                p++;
            if (*p != ':' && *p != '=') {
                snprintf(err, (size_t)n, "'%s' must be followed by ':'", table_keys[key].name);
                return false;
            }
            p++;
            nv = 0;
        } else if (isdigit((unsigned char)*p) || *p == '-') {
            char *e;
            long x = strtol(p, &e, 10);
            if (key < 0) {
                snprintf(err, (size_t)n, "a number comes before any key");
                return false;
            }
            if (nv > PASSFOOD_MAX_DIPS) {
                snprintf(err, (size_t)n, "'%s' has too many values", table_keys[key].name);
                return false;
            }
            v[nv++] = x < -1 ? -1 : x > 1000 ? 1000 : (int)x;
            p = e;
        } else {
            snprintf(err, (size_t)n, "unexpected character '%c'", *p);
            return false;
        }
    }
    if (t.cake < 2) {
        snprintf(err, (size_t)n, "'cake' must be from 2 to 200");
        return false;
    }
    if (t.zstart >= t.cake || t.pstart >= t.cake) {
        snprintf(err, (size_t)n, "the start spaces must lie before the cake (%d)", t.cake);
        return false;
    }
    for (int i = 0; i < t.ndips; i++)
        if (t.dips[i] < 1 || t.dips[i] >= t.cake || (i && t.dips[i] <= t.dips[i - 1])) {
            snprintf(err, (size_t)n, "lucky dips must rise strictly and lie between 1 and %d",
                     t.cake - 1);
            return false;
        }
    *num = t;
    return true;
}

/* ---- action names ------------------------------------------------------- */

int passfood__name(const void *st, pf_action a, char *buf, size_t n)
{
    const passfood_state *s = st;
    const char *const *fn = passfood__food_names;
    if (a == PASSFOOD_A_CARRY)
        return snprintf(buf, n, "carry on");
    if (a == PASSFOOD_A_PLATE || a == PASSFOOD_A_PLATE + 1)
        return snprintf(buf, n, "plate %s", a == PASSFOOD_A_PLATE ? "left" : "centre");
    if (a == PASSFOOD_A_PLATE + 2 && s->seats > 2)
        return snprintf(buf, n, "plate right");
    if (a == PASSFOOD_A_PLATE_X && s->seats == 2)
        return snprintf(buf, n, "plate x");
    if (a >= PASSFOOD_A_SCORE_COL && a < PASSFOOD_A_SCORE_ROW)
        return snprintf(buf, n, "score column %s", fn[a - PASSFOOD_A_SCORE_COL]);
    if (a >= PASSFOOD_A_SCORE_ROW && a < PASSFOOD_A_SCORE_ROW + PASSFOOD_PROWS)
        return snprintf(buf, n, "score row %u", a - PASSFOOD_A_SCORE_ROW + 1);
    if (a >= PASSFOOD_A_ZSCORE_COL && a < PASSFOOD_A_ZSCORE_ROW)
        return snprintf(buf, n, "ziggy scores column %s", fn[a - PASSFOOD_A_ZSCORE_COL]);
    if (a >= PASSFOOD_A_ZSCORE_ROW && a < PASSFOOD_A_ZSCORE_ROW + PASSFOOD_ZROWS)
        return snprintf(buf, n, "ziggy scores row %u", a - PASSFOOD_A_ZSCORE_ROW + 1);
    if (a >= PASSFOOD_A_TAKE && a < PASSFOOD_A_TAKE + PASSFOOD_FOODS)
        return snprintf(buf, n, "take ziggy %s", fn[a - PASSFOOD_A_TAKE]);
    if (a >= PASSFOOD_A_SWAP && a < PASSFOOD_A_SWAP + 5u * s->seats)
        return snprintf(buf, n, "swap give %s to %u", fn[(a - PASSFOOD_A_SWAP) % 5],
                        (a - PASSFOOD_A_SWAP) / 5 + 1); /* seats from 1 */
    if (a >= PASSFOOD_A_ANSWER && a < PASSFOOD_A_DECLINE)
        return snprintf(buf, n, "swap answer give %s", fn[a - PASSFOOD_A_ANSWER]);
    if (a == PASSFOOD_A_DECLINE)
        return snprintf(buf, n, "swap decline");
    return -1;
}

bool passfood__renamed_since_v2(const char *old, char *buf, size_t n)
{
    const char *to = strstr(old, " to ");
    unsigned seat;
    char extra;
    if (strncmp(old, "swap give ", 10) != 0 || !to || sscanf(to, " to %u%c", &seat, &extra) != 1 ||
        seat >= PF_MAX_SEATS)
        return false;
    snprintf(buf, n, "%.*s to %u", (int)(to - old), old, seat + 1);
    return true;
}

/* Word aliases accepted by parse, mapped to the words name() writes. */
static const char *const aliases[][2] = {
    {"s", "snake"},
    {"snakes", "snake"},
    {"b", "biscuit"},
    {"biscuits", "biscuit"},
    {"f", "fairy bread"},
    {"fairybread", "fairy bread"},
    {"fairy-bread", "fairy bread"},
    {"p", "pikelet"},
    {"pikelets", "pikelet"},
    {"l", "lamington"},
    {"lamingtons", "lamington"},
    {"center", "centre"},
    {"col", "column"},
    {"x-space", "x"},
};
/* Whole-line aliases. */
static const char *const line_aliases[][2] = {
    {"done", "carry on"},     {"pass", "carry on"},        {"continue", "carry on"},
    {"carry-on", "carry on"}, {"decline", "swap decline"},
};

pf_err passfood__parse(const void *st, const char *in, pf_action *a)
{
    char norm[128];
    size_t k = 0;
    /* Lowercase, one space between words, aliases replaced. */
    const char *p = in;
    while (*p) {
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        const char *w = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        char word[40];
        size_t len = (size_t)(p - w);
        if (len >= sizeof word)
            return PF_E_UNKNOWN_ACTION;
        for (size_t i = 0; i < len; i++)
            word[i] = (char)tolower((unsigned char)w[i]);
        word[len] = '\0';
        const char *out = word;
        for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
            if (!strcmp(word, aliases[i][0]))
                out = aliases[i][1];
        size_t ol = strlen(out);
        if (k + ol + 2 >= sizeof norm)
            return PF_E_UNKNOWN_ACTION;
        if (k)
            norm[k++] = ' ';
        memcpy(norm + k, out, ol);
        k += ol;
    }
    norm[k] = '\0';
    for (size_t i = 0; i < sizeof line_aliases / sizeof line_aliases[0]; i++)
        if (!strcmp(norm, line_aliases[i][0]))
            snprintf(norm, sizeof norm, "%s", line_aliases[i][1]);
    char name[64];
    for (pf_action x = 0; x < PASSFOOD_A_COUNT; x++)
        if (passfood__name(st, x, name, sizeof name) > 0 && !strcmp(name, norm)) {
            *a = x;
            return PF_E_OK;
        }
    return PF_E_UNKNOWN_ACTION;
}

/* ---- view --------------------------------------------------------------- */

static void int_array(pf_jw *w, const char *key, const uint8_t *v, int n)
{
    pf_jw_key(w, key);
    pf_jw_raw(w, "[", 1);
    for (int i = 0; i < n; i++) {
        pf_jw_comma(w);
        pf_jw_int(w, v[i]);
    }
    pf_jw_raw(w, "]", 1);
}

static void add_food(pf_jw *w, const char *key, uint8_t f)
{
    if (f == PASSFOOD_NONE)
        pf_jw_key_null(w, key);
    else
        pf_jw_key_str(w, key, passfood__food_names[f]);
}

static const char *const phase_names[] = {"start", "ziggy",  "plate", "score",
                                          "end",   "answer", "over"};
static const char *const why_names[] = {"", "caught", "ziggy_cake", "turn_limit", "all_on_cake"};
static const char *const why_words[] = {"", "Ziggy caught up with a player", "Ziggy reached the cake",
                                        "the turns ran out", "every player reached the cake"};

void passfood__view(const void *st, int seat, pf_jw *w)
{
    const passfood_state *s = st;
    pf_jw_key(w, "foods");
    pf_jw_raw(w, "[", 1);
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        pf_jw_comma(w);
        pf_jw_str(w, passfood__food_names[f]);
    }
    pf_jw_raw(w, "]", 1);
    pf_jw_key(w, "numbers");
    pf_jw_raw(w, "{", 1);
    int_array(w, "player_columns", s->num.pcol, 5);
    int_array(w, "player_rows", s->num.prow, 4);
    int_array(w, "ziggy_columns", s->num.zcol, 5);
    int_array(w, "ziggy_rows", s->num.zrow, 3);
    pf_jw_key_int(w, "cake", s->num.cake);
    pf_jw_key_int(w, "ziggy_start", s->num.zstart);
    pf_jw_key_int(w, "player_start", s->num.pstart);
    int_array(w, "lucky_dips", s->num.dips, s->num.ndips);
    pf_jw_raw(w, "}", 1);

    pf_jw_key_int(w, "turn", s->turn + 1);
    pf_jw_key_int(w, "active", s->active);
    pf_jw_key_str(w, "phase", phase_names[s->phase]);
    pf_jw_key(w, "players");
    pf_jw_raw(w, "[", 1);
    for (int q = 0; q < s->seats; q++) {
        pf_jw_comma(w);
        pf_jw_raw(w, "{", 1);
        pf_jw_key_int(w, "seat", q);
        pf_jw_key_int(w, "pos", s->pos[q]);
        pf_jw_key_bool(w, "on_cake", s->pos[q] >= s->num.cake);
        int_array(w, "board", s->board[q], 5);
        pf_jw_key_int(w, "swaps", s->swaps[q]);
        pf_jw_key_int(w, "takes", s->takes[q]);
        pf_jw_raw(w, "}", 1);
    }
    pf_jw_raw(w, "]", 1);
    pf_jw_key(w, "ziggy");
    pf_jw_raw(w, "{", 1);
    pf_jw_key_int(w, "pos", s->zpos);
    int_array(w, "board", s->zboard, 5);
    add_food(w, "drew", s->last_zdraw);
    pf_jw_raw(w, "}", 1);

    pf_jw_key(w, "plates");
    pf_jw_raw(w, "{", 1);
    add_food(w, "left", s->plate[0]);
    add_food(w, "centre", s->plate[1]);
    add_food(w, s->seats == 2 ? "x" : "right", s->plate[2]);
    pf_jw_raw(w, "}", 1);
    add_food(w, "drawn", s->drawn);

    int_array(w, "discard", s->discard, 5);
    uint8_t cnt[PASSFOOD_FOODS] = {0};
    for (int i = 0; i < s->bag_n; i++)
        cnt[s->bag[i]]++;
    pf_jw_key(w, "bag");
    pf_jw_raw(w, "{", 1);
    pf_jw_key_int(w, "count", s->bag_n);
    int_array(w, "contents", cnt, 5);
    if (seat == PF_SEAT_GOD) {
        char order[PASSFOOD_TILES + 1];
        static const char letter[] = "SBFPL";
        for (int i = 0; i < s->bag_n; i++)
            order[i] = letter[s->bag[s->bag_n - 1 - i]];
        order[s->bag_n] = '\0';
        pf_jw_key_str(w, "order", order);
    }
    pf_jw_raw(w, "}", 1);

    if (s->phase == PASSFOOD_PH_ANSWER) {
        pf_jw_key(w, "swap");
        pf_jw_raw(w, "{", 1);
        pf_jw_key_int(w, "from", s->active);
        pf_jw_key_int(w, "to", s->swap_to);
        add_food(w, "food", s->swap_food);
        pf_jw_raw(w, "}", 1);
    } else {
        pf_jw_key_null(w, "swap");
    }
    pf_jw_key_bits(w, "declined", s->declined, s->seats);
    if (s->outcome == PASSFOOD_RUNNING) {
        pf_jw_key_null(w, "result");
    } else {
        pf_jw_key_str(w, "result", s->outcome == PASSFOOD_WON ? "won" : "lost");
        pf_jw_key_str(w, "reason", why_names[s->why]);
    }
}

/* ---- the plain picture -------------------------------------------------- */

/* Draws a board as rows of letters ('.' for empty). */
static void put_board(pf_text *t, const uint8_t c[PASSFOOD_FOODS], int rows, const char *indent)
{
    static const char letter[] = "SBFPL";
    for (int r = 1; r <= rows; r++) {
        pf_text_put(t, "%s", indent);
        for (int f = 0; f < PASSFOOD_FOODS; f++)
            pf_text_put(t, " %c", c[f] >= r ? letter[f] : '.');
        pf_text_put(t, "\n");
    }
}

void passfood__render(const void *st, int seat, char *buf, size_t n)
{
    const passfood_state *s = st;
    (void)seat;
    pf_text t;
    pf_text_init(&t, buf, n);
    const char *const *fn = passfood__food_names;
    /* Where the turn stands, in words (phase_names are the view's codes). */
    static const char *const phase_words[] = {
        "before Ziggy's draw", "after Ziggy's draw", "handing out plates", "scoring sets",
        "ending the turn",     "a swap waits"};
    if (s->phase == PASSFOOD_PH_OVER)
        pf_text_put(&t, "Pass the Party Food  turn %d  game over\n", s->turn + 1);
    else
        pf_text_put(&t, "Pass the Party Food  turn %d  seat %d to play (%s)\n", s->turn + 1,
                    s->active + 1, phase_words[s->phase]);
    pf_text_put(&t, "Track 0..%d (cake %d), lucky dips:", s->num.cake, s->num.cake);
    for (int i = 0; i < s->num.ndips; i++)
        pf_text_put(&t, " %d", s->num.dips[i]);
    pf_text_put(&t, "\nColumns: S snake, B biscuit, F fairy bread, P pikelet, L lamington\n\n");
    pf_text_put(&t, "Ziggy on space %d", s->zpos);
    if (s->last_zdraw != PASSFOOD_NONE)
        pf_text_put(&t, " (grabbed a %s this turn)", fn[s->last_zdraw]);
    pf_text_put(&t, "\n");
    put_board(&t, s->zboard, PASSFOOD_ZROWS, "   ");
    for (int q = 0; q < s->seats; q++) {
        pf_text_put(&t, "Seat %d on space %d%s  swap tokens %d  take tokens %d%s\n", q + 1, s->pos[q],
                    s->pos[q] >= s->num.cake ? " (cake)" : "", s->swaps[q], s->takes[q],
                    q == s->active && s->phase != PASSFOOD_PH_OVER ? "  <- to play" : "");
        put_board(&t, s->board[q], PASSFOOD_PROWS, "   ");
    }
    uint8_t cnt[PASSFOOD_FOODS] = {0};
    for (int i = 0; i < s->bag_n; i++)
        cnt[s->bag[i]]++;
    pf_text_put(&t, "Bag: %d tiles (S%d B%d F%d P%d L%d)  discard: S%d B%d F%d P%d L%d\n", s->bag_n,
                cnt[0], cnt[1], cnt[2], cnt[3], cnt[4], s->discard[0], s->discard[1], s->discard[2],
                s->discard[3], s->discard[4]);
    if (s->phase == PASSFOOD_PH_PLATE) {
        const char *pn[3] = {"left", "centre", s->seats == 2 ? "x" : "right"};
        pf_text_put(&t, "Plates:");
        for (int j = 0; j < 3; j++)
            pf_text_put(&t, "  %s=%s", pn[j], s->plate[j] == PASSFOOD_NONE ? "-" : fn[s->plate[j]]);
        if (s->drawn != PASSFOOD_NONE)
            pf_text_put(&t, "\nDrawn: %s (choose a plate)", fn[s->drawn]);
        pf_text_put(&t, "\n");
    }
    if (s->phase == PASSFOOD_PH_ANSWER)
        pf_text_put(&t, "Seat %d offers seat %d a %s: seat %d answers with a tile or declines.\n",
                    s->active + 1, s->swap_to + 1, fn[s->swap_food], s->swap_to + 1);
    if (s->outcome == PASSFOOD_WON)
        pf_text_put(&t, "The team has won: everyone is on the cake!\n");
    else if (s->outcome == PASSFOOD_LOST)
        pf_text_put(&t, "The team has lost: %s.\n", why_words[s->why]);
}

/* The rules in a few lines, for the `?` key (our own words). */
const char *const passfood__rules[] = {
    "PASS THE PARTY FOOD: all of you together against Ziggy the dog.",
    "",
    "Foods: S green snake, B biscuit, F fairy bread, P pikelet, L lamington.",
    "Every board has a column per food; yours has 4 spaces per column,",
    "Ziggy's 3. A tile goes to the top free space of its column, or to the",
    "discard pile when the column is full.",
    "",
    "A set: a full column (all alike), or a full row (one of each food).",
    "Scoring a set removes its tiles and moves the owner's pawn forward on",
    "the score track by the points shown. Landing on or passing a lucky dip",
    "space (*) draws a free tile onto your own board.",
    "",
    "A turn: Ziggy gets a tile, and may score a set. Then the active player",
    "draws three tiles one at a time and puts each on a free plate: the",
    "left plate goes to the next seat, the centre one is yours, the right",
    "one goes to the previous seat (with 2 players the third space is an X:",
    "that tile is thrown away). Then you may score one set of your own.",
    "",
    "Tokens: each player has 2 swaps and 1 take. Take moves a tile from",
    "Ziggy's board to yours. Swap gives one of your tiles to a partner, who",
    "gives one back (or declines).",
    "",
    "You all win when every pawn is on the birthday cake. You all lose when",
    "Ziggy reaches the cake, or when, at the end of your turn, Ziggy is level",
    "with or ahead of your pawn.",
    NULL};

/* The rules in brief, a paragraph a line, for any front end (our own words). */
const char *const passfood__brief[] = {
    "Everyone plays together against Ziggy the dog. Each turn Ziggy grabs a food tile, and "
    "scores a set when he has one.",
    "Then the player whose turn it is draws three tiles, one at a time, and puts each on a "
    "plate: one for the left neighbour, one for themself, one for the right neighbour (with"
    " two players, the third plate is the X space: that tile is thrown away).",
    "A full column of one food or a row with one of each food is a set: score one set a "
    "turn to move your pawn. Passing a lucky dip (*) gives you a free tile.",
    "Tokens help: a swap trades a tile with a friend, a take grabs a tile from Ziggy. You "
    "all win when every pawn is on the cake; you all lose if Ziggy catches a pawn or "
    "reaches the cake.",
    NULL,
};
