/* passfood_bots.c: the team bot of Pass the Party Food.
 *
 * `greedy` plays for the team from what its own seat sees (a sample from
 * pf_obs: everything on the table is public, only the bag's order is
 * redrawn, and the bot uses the bag's contents, never its order):
 *   - plates: an exact expectimax over the tiles still to come this step
 *     (in closed form: at most three plates, so at most two draws matter),
 *     worth need(recipient, tile) per plate; need is how much a tile raises
 *     a board's value (columns and rows in progress), weighted by how close
 *     Ziggy is to that player; a player on the cake needs nothing;
 *   - scoring: the set that moves the pawn furthest (ties: the board left
 *     behind); for Ziggy (when several sets are complete): the set that
 *     gives him the fewest points and leaves his board weakest;
 *   - take tokens: before Ziggy scores, when a take saves 6 points or more,
 *     or stops Ziggy catching the active player or reaching the cake; after
 *     scoring, when Ziggy holds a set the next player cannot break;
 *   - swaps: before scoring, when the answer the partner will give (the same
 *     rule as the bot's own answers) gives the active player a set to score;
 *   - answering a swap: the tile that helps the active player most for the
 *     least loss to the answering seat. */
#include "games/passfood/passfood.h"

#include <string.h>

static const double colw[PASSFOOD_PROWS + 1] = {0, 0.15, 0.35, 0.6, 1.0};
static const double roww[PASSFOOD_FOODS + 1] = {0, 0.04, 0.12, 0.28, 0.55, 1.0};

/* Points of the best complete set of a player board (0 when none). */
static int best_now(const passfood_state *s, const uint8_t c[PASSFOOD_FOODS])
{
    int best = 0;
    for (unsigned sets = passfood__player_sets(c); sets; sets &= sets - 1) {
        int b = __builtin_ctz(sets);
        int pts = b < 5 ? s->num.pcol[b] : s->num.prow[b - 5];
        if (pts > best)
            best = pts;
    }
    return best;
}

/* Adds up a player board's value from its terms, columns then rows 1..4:
 * every valuation goes through here, so a board valued whole and one valued
 * from a neighbour's terms (value_moved) get the same sum to the last bit. */
static double add_terms(const double col[PASSFOOD_FOODS], const double row[PASSFOOD_PROWS])
{
    double v = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++)
        v += col[f];
    for (int r = 0; r < PASSFOOD_PROWS; r++)
        v += row[r];
    return v;
}

/* A player board's value with its terms kept: the boards a tile away are
 * valued from them (value_moved), for a fraction of board_value's work. */
typedef struct {
    uint8_t c[PASSFOOD_FOODS];
    uint8_t k[PASSFOOD_PROWS + 1]; /* k[r]: foods with r tiles or more */
    double col[PASSFOOD_FOODS], row[PASSFOOD_PROWS];
    double value;
} board_terms;

/* The terms of board c's value into b. */
static void board_terms_of(const passfood_state *s, const uint8_t c[PASSFOOD_FOODS], board_terms *b)
{
    memcpy(b->c, c, sizeof b->c);
    int holding[PASSFOOD_PROWS + 1] = {0}; /* foods with exactly n tiles */
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        b->col[f] = s->num.pcol[f] * colw[c[f]];
        holding[c[f]]++;
    }
    int k = 0;
    for (int r = PASSFOOD_PROWS; r >= 1; r--) {
        k += holding[r];
        b->k[r] = (uint8_t)k;
        b->row[r - 1] = s->num.prow[r - 1] * roww[k];
    }
    b->value = add_terms(b->col, b->row);
}

/* How promising a player board is: columns and rows in progress. */
static double board_value(const passfood_state *s, const uint8_t c[PASSFOOD_FOODS])
{
    board_terms b;
    board_terms_of(s, c, &b);
    return b.value;
}

/* The value of b's board with column f holding `to` tiles, one more or one
 * less than it does (or as many: its own value): a column term and the one
 * row term that changes are replaced. */
static double value_moved(const passfood_state *s, const board_terms *b, int f, int to)
{
    int from = b->c[f];
    if (to == from)
        return b->value;
    double col[PASSFOOD_FOODS], row[PASSFOOD_PROWS];
    memcpy(col, b->col, sizeof col);
    memcpy(row, b->row, sizeof row);
    col[f] = s->num.pcol[f] * colw[to];
    int r = to > from ? to : from; /* the row f joins or leaves */
    row[r - 1] = s->num.prow[r - 1] * roww[b->k[r] + (to > from ? 1 : -1)];
    return add_terms(col, row);
}

/* A board's place in the table: its counts (0 to rows) read in base
 * rows + 1. */
static int board_index(const uint8_t c[PASSFOOD_FOODS], int rows)
{
    int i = 0;
    for (int f = PASSFOOD_FOODS - 1; f >= 0; f--)
        i = i * (rows + 1) + c[f];
    return i;
}

/* How threatening Ziggy's board is (his columns and rows in progress),
 * worked out in the table the first time. */
static double ziggy_value(const passfood_state *s, passfood_greedy_table *table,
                          const uint8_t c[PASSFOOD_FOODS])
{
    int i = board_index(c, PASSFOOD_ZROWS);
    if (table->zknown[i])
        return table->zvalue[i];
    static const double zc[PASSFOOD_ZROWS + 1] = {0, 0.1, 0.4, 1.0};
    double v = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++)
        v += s->num.zcol[f] * zc[c[f]];
    for (int r = 1; r <= PASSFOOD_ZROWS; r++) {
        int k = 0;
        for (int f = 0; f < PASSFOOD_FOODS; f++)
            k += c[f] >= r;
        v += s->num.zrow[r - 1] * roww[k];
    }
    table->zvalue[i] = v;
    table->zknown[i] = true;
    return v;
}

/* How much the team cares about player p's progress now: 1 + 1.5 d, where
 * d = (12 - gap) / 12 for a lead of gap spaces over Ziggy, kept within 0
 * and 1. A table over the leads in between (the compiler works each out
 * as the program would), where the division cost every plate choice. */
#define URGENCY(gap) (1.0 + 1.5 * ((12.0 - (gap)) / 12.0))
static const double urgency_of_gap[13] = {
    URGENCY(0), URGENCY(1), URGENCY(2), URGENCY(3),  URGENCY(4),  URGENCY(5), URGENCY(6),
    URGENCY(7), URGENCY(8), URGENCY(9), URGENCY(10), URGENCY(11), URGENCY(12)};
static double urgency(const passfood_state *s, int p)
{
    if (s->pos[p] >= s->num.cake)
        return 0;
    int gap = s->pos[p] - s->zpos;
    return urgency_of_gap[gap < 0 ? 0 : gap > 12 ? 12 : gap];
}

/* What one tile more (fewer with fewer) of each food does to board c
 * (passfood_board_gains), into g: each value from the board's terms as
 * value_moved gives it, each best set as best_now does. */
static void board_gains(const passfood_state *s, const uint8_t c[PASSFOOD_FOODS], bool fewer,
                        passfood_board_gains *g)
{
    board_terms b;
    board_terms_of(s, c, &b);
    int now = fewer ? 0 : best_now(s, c);
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        if (fewer) {
            g->loss[f] = c[f] ? b.value - value_moved(s, &b, f, c[f] - 1) : 0;
            continue;
        }
        bool room = c[f] < PASSFOOD_PROWS;
        g->gain[f] = room ? value_moved(s, &b, f, c[f] + 1) - b.value : 0;
        uint8_t d[PASSFOOD_FOODS];
        memcpy(d, c, sizeof d);
        d[f] = (uint8_t)(d[f] + room);
        g->bump[f] = (int8_t)(best_now(s, d) - now);
    }
}

/* The swaps that give board c a better set, into g->swaps: bit h of
 * swaps[g] when giving g away and getting h back does. A better set is a
 * new one, and giving a tile away completes nothing: it is h's column (h
 * held 3 times) or a row (h alone held fewest times). Other tiles h are not
 * tried. */
static void board_swaps(const passfood_state *s, const uint8_t c[PASSFOOD_FOODS],
                        passfood_board_gains *gains)
{
    int now = best_now(s, c);
    int least = PASSFOOD_PROWS, nleast = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++)
        if (c[f] < least)
            least = c[f], nleast = 1;
        else if (c[f] == least)
            nleast++;
    unsigned may = 0;
    for (int h = 0; h < PASSFOOD_FOODS; h++)
        if (c[h] == PASSFOOD_PROWS - 1 || (c[h] == least && nleast == 1))
            may |= 1u << h;
    for (int g = 0; g < PASSFOOD_FOODS; g++) {
        gains->swaps[g] = 0;
        for (int h = 0; h < PASSFOOD_FOODS && c[g]; h++) {
            if (h == g || !(may >> h & 1))
                continue;
            uint8_t da[PASSFOOD_FOODS];
            memcpy(da, c, sizeof da);
            da[g]--;
            if (da[h] < PASSFOOD_PROWS)
                da[h]++;
            if (best_now(s, da) > now)
                gains->swaps[g] |= (uint8_t)(1u << h);
        }
    }
}

/* What the table knows of a player board, a bit each. */
enum { GAINS_MORE, GAINS_FEWER, GAINS_SWAPS, BOARD_VALUE, BOARD_BEST };

passfood_greedy_table *passfood__greedy_table(const passfood_numbers *num)
{
    /* per thread: the simulator's threads and the server's hint threads
     * plan at once */
    static _Thread_local passfood_greedy_table table;
    if (memcmp(&table.num, num, sizeof *num)) {
        table.num = *num;
        memset(table.known, 0, sizeof table.known);
        memset(table.zknown, 0, sizeof table.zknown);
        for (int x = 0; x < 256; x++) {
            int dips = 0;
            for (int i = 0; i < num->ndips; i++)
                dips += num->dips[i] <= x;
            table.dips_to[x] = (uint8_t)dips;
        }
    }
    return &table;
}

/* board_value of c, worked out in the table the first time. */
static double value_of(const passfood_state *s, passfood_greedy_table *table,
                       const uint8_t c[PASSFOOD_FOODS])
{
    int i = board_index(c, PASSFOOD_PROWS);
    if (!(table->known[i] >> BOARD_VALUE & 1)) {
        table->value[i] = board_value(s, c);
        table->known[i] |= 1u << BOARD_VALUE;
    }
    return table->value[i];
}

/* best_now of c, worked out in the table the first time. */
static int best_of(const passfood_state *s, passfood_greedy_table *table,
                   const uint8_t c[PASSFOOD_FOODS])
{
    int i = board_index(c, PASSFOOD_PROWS);
    if (!(table->known[i] >> BOARD_BEST & 1)) {
        table->best[i] = (uint8_t)best_now(s, c);
        table->known[i] |= 1u << BOARD_BEST;
    }
    return table->best[i];
}

/* What board c's gains (GAINS_MORE), losses (GAINS_FEWER) or swaps
 * (GAINS_SWAPS) are, worked out in the table the first time. */
static const passfood_board_gains *gains_of(const passfood_state *s,
                                            const uint8_t c[PASSFOOD_FOODS], int part,
                                            passfood_greedy_table *table)
{
    int i = board_index(c, PASSFOOD_PROWS);
    passfood_board_gains *g = &table->of[i];
    if (!(table->known[i] >> part & 1)) {
        if (part == GAINS_SWAPS)
            board_swaps(s, c, g);
        else
            board_gains(s, c, part == GAINS_FEWER, g);
        table->known[i] |= (uint8_t)(1u << part);
    }
    return g;
}

/* The value of giving tile f to player p (0 when it would be discarded),
 * from the gains g of p's board and p's urgency u: what it adds to the
 * board, and with own (the active player's own plate) half what it adds to
 * its best set. */
static double need_of(const passfood_state *s, int p, const passfood_board_gains *g, double u,
                      int f, bool own)
{
    if (s->pos[p] >= s->num.cake || s->board[p][f] >= PASSFOOD_PROWS)
        return 0;
    double v = g->gain[f];
    if (own)
        v += 0.5 * g->bump[f];
    return u * v;
}

/* ---- plates ------------------------------------------------------------- */

/* The expected value of the tiles still to come on the free plates rest
 * (one or two plates), left > 0 draws from bag, which holds tot > 0 tiles
 * and sums to sum[k] = the sum over bag of nd[k] for each plate k. With
 * one plate left the draw goes there; with two, the next draw takes the
 * better of the two, counting what the draw after it brings to the other
 * (when there is one: then after[k][f] is what the draw after a tile f
 * brings to plate k on average, (sum[k] - nd[k][f]) / (tot - 1)). At most
 * three plates are free, so that is all. */
static double plates_to_come(const double nd[3][PASSFOOD_FOODS], unsigned rest, int left,
                             const uint8_t bag[PASSFOOD_FOODS], int tot, const double sum[3],
                             const double after[3][PASSFOOD_FOODS])
{
    int k = rest & 1 ? 0 : rest & 2 ? 1 : 2;
    unsigned other = rest & ~(1u << k);
    if (!other)
        return sum[k] / tot;
    int l = other & 2 ? 1 : 2;
    bool then = left > 1 && tot > 1;
    double e = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        if (!bag[f])
            continue;
        double on_k = nd[k][f], on_l = nd[l][f];
        if (then) {
            on_k += after[l][f];
            on_l += after[k][f];
        }
        e += bag[f] * (on_k > on_l ? on_k : on_l);
    }
    return e / tot;
}

/* The plate (0 to 2) among the free ones (bits, two or three) whose
 * placement of tile t now, plus the expectation of the draws still to
 * come, is best. A plate must beat the one before by more than rounding,
 * so a tie goes to the first and never hangs on the order in which a sum
 * was added up. */
static int best_plate(const double nd[3][PASSFOOD_FOODS], unsigned freep, int t, int left,
                      const uint8_t bag[PASSFOOD_FOODS])
{
    int tot = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++)
        tot += bag[f];
    /* the free plates' sums, each in registers (one chain a plate, added
     * in the foods' order) */
    double sum[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        if (!(freep >> k & 1))
            continue;
        double sk = 0;
        for (int f = 0; f < PASSFOOD_FOODS; f++)
            sk += bag[f] * nd[k][f];
        sum[k] = sk;
    }
    /* plates_to_come's after, once for all the plates (each is asked
     * twice); only three free plates leave two to come */
    double after[3][PASSFOOD_FOODS];
    if (freep == 7 && left > 1 && tot > 1)
        for (int k = 0; k < 3; k++)
            for (int f = 0; f < PASSFOOD_FOODS; f++)
                if (bag[f])
                    after[k][f] = (sum[k] - nd[k][f]) / (tot - 1);
    int best = -1;
    double bestv = 0;
    for (int j = 0; j < 3; j++) {
        if (!(freep >> j & 1))
            continue;
        double v = nd[j][t];
        unsigned rest = freep & ~(1u << j);
        if (left > 0 && rest && tot > 0)
            v += plates_to_come(nd, rest, left, bag, tot, sum,
                                (const double(*)[PASSFOOD_FOODS])after);
        if (best < 0 || v > bestv + 1e-9)
            bestv = v, best = j;
    }
    return best;
}

/* The plates' needs for the active player's step 3 into nd (table: the
 * thread's boards' gains, or NULL). */
static void plate_needs(const passfood_state *s, double nd[3][PASSFOOD_FOODS],
                        passfood_greedy_table *table)
{
    int a = s->active, n = s->seats;
    int rec[3] = {(a + 1) % n, a, n == 2 ? -1 : (a + n - 1) % n};
    for (int j = 0; j < 3; j++) {
        if (rec[j] < 0) {
            memset(nd[j], 0, sizeof nd[j]);
            continue;
        }
        /* the recipient's board, valued once for its five foods */
        const passfood_board_gains *g = gains_of(s, s->board[rec[j]], GAINS_MORE, table);
        double u = urgency(s, rec[j]);
        for (int f = 0; f < PASSFOOD_FOODS; f++)
            nd[j][f] = need_of(s, rec[j], g, u, f, j == 1);
    }
}

/* The bag's contents (its order is not looked at) during step 3: every
 * tile of the supply that lies nowhere else (passfood.h's invariant), which
 * costs less than counting the bag. */
static void bag_contents(const passfood_state *s, uint8_t bag[PASSFOOD_FOODS])
{
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        int n = passfood__supply[f] - s->discard[f] - s->zboard[f] - (s->drawn == f);
        for (int q = 0; q < s->seats; q++)
            n -= s->board[q][f];
        for (int j = 0; j < 3; j++)
            n -= s->plate[j] == f;
        bag[f] = (uint8_t)n;
    }
}

static int choose_plate(const passfood_state *s, passfood_greedy_memo *memo,
                        passfood_greedy_table *table)
{
    unsigned freep = 0;
    for (int j = 0; j < 3; j++)
        if (s->plate[j] == PASSFOOD_NONE)
            freep |= 1u << j;
    if (freep && !(freep & (freep - 1))) /* one free plate: the tile goes there */
        return __builtin_ctz(freep);
    double own[3][PASSFOOD_FOODS];
    double (*nd)[PASSFOOD_FOODS] = memo ? memo->nd : own;
    if (!memo || memo->turn != s->turn) {
        plate_needs(s, nd, table);
        if (memo)
            memo->turn = s->turn;
    }
    uint8_t bag[PASSFOOD_FOODS];
    if (s->bag_n == 0)
        memcpy(bag, s->discard, sizeof bag);
    else
        bag_contents(s, bag);
    return best_plate((const double(*)[PASSFOOD_FOODS])nd, freep, s->drawn, 3 - s->ndraws, bag);
}

/* ---- sets --------------------------------------------------------------- */

/* The best set for the active player to score, as a bit (-1 when none). */
static int choose_own_set(const passfood_state *s, passfood_greedy_table *table)
{
    int a = s->active;
    unsigned sets = passfood__player_sets(s->board[a]);
    int best = -1;
    double bestv = -1e9;
    for (int b = 0; b < 9; b++) {
        if (!(sets >> b & 1))
            continue;
        int pts = b < 5 ? s->num.pcol[b] : s->num.prow[b - 5];
        int room = s->num.cake - s->pos[a];
        uint8_t d[PASSFOOD_FOODS];
        memcpy(d, s->board[a], sizeof d);
        if (b < 5)
            d[b] = 0;
        else
            for (int f = 0; f < PASSFOOD_FOODS; f++)
                d[f]--;
        double v = 3.0 * (pts < room ? pts : room) + value_of(s, table, d);
        if (v > bestv)
            bestv = v, best = b;
    }
    return best;
}

/* Points Ziggy gets at step 2 when the active player picks the cheapest of
 * his sets on board c (0 when none), and that set's bit in *bit. */
static int ziggy_cheapest(const passfood_state *s, passfood_greedy_table *table,
                          const uint8_t c[PASSFOOD_FOODS], int *bit)
{
    unsigned sets = passfood__ziggy_sets(c);
    double bestv = 1e9;
    int best = 0, bb = -1;
    for (int b = 0; b < 8; b++) {
        if (!(sets >> b & 1))
            continue;
        int pts = b < 5 ? s->num.zcol[b] : s->num.zrow[b - 5];
        uint8_t d[PASSFOOD_FOODS];
        memcpy(d, c, sizeof d);
        if (b < 5)
            d[b] = 0;
        else
            for (int f = 0; f < PASSFOOD_FOODS; f++)
                d[f]--;
        int to = s->zpos + pts;
        int dips = table->dips_to[to < 255 ? to : 255] - table->dips_to[s->zpos];
        double v = pts + 0.3 * ziggy_value(s, table, d) + 1.5 * dips;
        if (v < bestv)
            bestv = v, best = pts, bb = b;
    }
    if (bit)
        *bit = bb;
    return best;
}

/* How bad it is for the team that Ziggy gains pts now (before the active
 * player's step 5). */
static double ziggy_harm(const passfood_state *s, passfood_greedy_table *table, int pts)
{
    if (pts == 0)
        return 0;
    int to = s->zpos + pts;
    if (to >= s->num.cake)
        return 1000;
    double h = pts;
    int a = s->active;
    /* The active player must end the turn ahead of Ziggy. */
    if (s->pos[a] < s->num.cake && to >= s->pos[a])
        h += to - s->pos[a] + 1 > best_of(s, table, s->board[a]) ? 40 : 6;
    return h;
}

/* The take (a food) worth using now before Ziggy scores, or -1. */
static int choose_take_before_ziggy(const passfood_state *s, passfood_greedy_table *table)
{
    int a = s->active;
    int now_pts = ziggy_cheapest(s, table, s->zboard, NULL);
    if (now_pts == 0)
        return -1;
    double harm = ziggy_harm(s, table, now_pts), u = urgency(s, a);
    const passfood_board_gains *mine = gains_of(s, s->board[a], GAINS_MORE, table);
    int best = -1;
    double bestgain = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        if (!s->zboard[f])
            continue;
        uint8_t d[PASSFOOD_FOODS];
        memcpy(d, s->zboard, sizeof d);
        d[f]--;
        double gain = harm - ziggy_harm(s, table, ziggy_cheapest(s, table, d, NULL)) +
                      0.3 * need_of(s, a, mine, u, f, true);
        if (gain > bestgain)
            bestgain = gain, best = f;
    }
    return bestgain >= 6 ? best : -1;
}

/* ---- swaps -------------------------------------------------------------- */

/* The tile partner p gives back when the active player offers food g, and
 * its value to the team (the bot's answering rule); table as plate_needs'. */
static int answer_tile(const passfood_state *s, int p, int g, bool before_scoring, double *value,
                       passfood_greedy_table *table)
{
    int a = s->active;
    uint8_t ca[PASSFOOD_FOODS], cp[PASSFOOD_FOODS];
    memcpy(ca, s->board[a], sizeof ca);
    memcpy(cp, s->board[p], sizeof cp);
    ca[g]--;
    if (cp[g] < PASSFOOD_PROWS)
        cp[g]++;
    double ua = urgency(s, a) + 0.2, up = urgency(s, p);
    /* both boards once; each answer h moves one column of each */
    const passfood_board_gains *ga = gains_of(s, ca, GAINS_MORE, table);
    const passfood_board_gains *gp = gains_of(s, cp, GAINS_FEWER, table);
    int best = -1;
    double bestv = -1e9;
    for (int h = 0; h < PASSFOOD_FOODS; h++) {
        if (!cp[h])
            continue;
        double v = ua * ga->gain[h] - up * gp->loss[h];
        if (before_scoring && s->pos[a] < s->num.cake)
            v += 2.0 * ga->bump[h];
        if (v > bestv)
            bestv = v, best = h;
    }
    if (value)
        *value = bestv;
    return best;
}

/* A swap offer worth a token now (partner*5+food), or -1: one that gives the
 * active player a set to score this turn. */
static int choose_swap(const passfood_state *s, passfood_greedy_table *table)
{
    int a = s->active;
    if (!s->swaps[a] || s->pos[a] >= s->num.cake)
        return -1;
    int now = best_of(s, table, s->board[a]);
    /* gains[g] bit h: giving g and getting h back makes a better set. Only
     * such offers can be chosen, so an offer whose partner holds no gaining
     * tile needs no answer worked out (most of them: the bot's hot spot). */
    const uint8_t *gains = gains_of(s, s->board[a], GAINS_SWAPS, table)->swaps;
    int best = -1, bestpts = now;
    double bestv = -1e9;
    for (int p = 0; p < s->seats; p++) {
        if (p == a || (s->declined >> p & 1))
            continue;
        int tot = 0;
        for (int f = 0; f < PASSFOOD_FOODS; f++)
            tot += s->board[p][f];
        if (!tot)
            continue;
        unsigned held_p = 0; /* the foods the partner holds */
        for (int h = 0; h < PASSFOOD_FOODS; h++)
            held_p |= (unsigned)(s->board[p][h] > 0) << h;
        for (int g = 0; g < PASSFOOD_FOODS; g++) {
            if (!s->board[a][g])
                continue;
            unsigned held = held_p | 1u << g; /* the partner holds g once offered */
            if (!(gains[g] & held))
                continue;
            double v;
            int h = answer_tile(s, p, g, true, &v, table);
            if (h < 0)
                continue;
            uint8_t da[PASSFOOD_FOODS];
            memcpy(da, s->board[a], sizeof da);
            da[g]--;
            if (da[h] < PASSFOOD_PROWS)
                da[h]++;
            int pts = best_of(s, table, da);
            if (pts > bestpts || (pts == bestpts && pts > now && v > bestv)) {
                bestpts = pts, bestv = v, best = p * 5 + g;
            }
        }
    }
    return bestpts > now ? best : -1;
}

/* ---- the bot ------------------------------------------------------------ */

/* Picks the action the rules above call for from the public sample s. */
static pf_action greedy_action(const passfood_state *s, int me, passfood_greedy_memo *memo)
{
    int a = s->active;
    passfood_greedy_table *table = memo ? memo->table : passfood__greedy_table(&s->num);
    switch (s->phase) {
    case PASSFOOD_PH_ANSWER: {
        int h = answer_tile(s, me, s->swap_food, s->ret_phase <= PASSFOOD_PH_SCORE, NULL, table);
        return h < 0 ? PASSFOOD_A_DECLINE : PASSFOOD_A_ANSWER + (pf_action)h;
    }
    case PASSFOOD_PH_PLATE: {
        int j = choose_plate(s, memo, table);
        return j == 2 && s->seats == 2 ? PASSFOOD_A_PLATE_X : PASSFOOD_A_PLATE + (pf_action)j;
    }
    case PASSFOOD_PH_ZIGGY: {
        if (s->takes[a]) {
            int f = choose_take_before_ziggy(s, table);
            if (f >= 0)
                return PASSFOOD_A_TAKE + (pf_action)f;
        }
        int bit;
        ziggy_cheapest(s, table, s->zboard, &bit);
        if (__builtin_popcount(passfood__ziggy_sets(s->zboard)) >= 2)
            return PASSFOOD_A_ZSCORE_COL + (pf_action)bit;
        return PASSFOOD_A_CARRY;
    }
    case PASSFOOD_PH_SCORE: {
        int sw = choose_swap(s, table);
        if (sw >= 0)
            return PASSFOOD_A_SWAP + (pf_action)sw;
        int b = s->pos[a] < s->num.cake ? choose_own_set(s, table) : -1;
        return b >= 0 ? PASSFOOD_A_SCORE_COL + (pf_action)b : PASSFOOD_A_CARRY;
    }
    case PASSFOOD_PH_END: {
        /* Ziggy already holds a set for the next step 2 (a lucky dip): break
         * it when the next player has no take token left. */
        int next = (a + 1) % s->seats;
        if (s->takes[a] && !s->takes[next] && ziggy_cheapest(s, table, s->zboard, NULL) >= 6) {
            int f = -1;
            double bestgain = 0;
            int now = ziggy_cheapest(s, table, s->zboard, NULL);
            for (int g = 0; g < PASSFOOD_FOODS; g++) {
                if (!s->zboard[g])
                    continue;
                uint8_t d[PASSFOOD_FOODS];
                memcpy(d, s->zboard, sizeof d);
                d[g]--;
                double gain = now - ziggy_cheapest(s, table, d, NULL);
                if (gain > bestgain)
                    bestgain = gain, f = g;
            }
            if (f >= 0 && bestgain >= 6)
                return PASSFOOD_A_TAKE + (pf_action)f;
        }
        return PASSFOOD_A_CARRY;
    }
    default:
        return PASSFOOD_A_CARRY;
    }
}

pf_action passfood__greedy_move(const passfood_state *s, int seat, const pf_action *legal, int n,
                                passfood_greedy_memo *memo)
{
    pf_action want = greedy_action(s, seat, memo);
    for (int i = 0; i < n; i++)
        if (legal[i] == want)
            return want;
    return legal[0];
}

/* greedy_action's choice is always legal, so a playout asks no list: a plate
 * is a free one (the X space with two seats), an answer a food the partner
 * holds once given the offer, a take a food on Ziggy's board with a token
 * left, a set one complete on a board (the player's only before the cake),
 * Ziggy's choice only among several sets, carry on only without that
 * choice, a swap a food held to a partner holding a tile who has not
 * declined, with a token left. test_bots checks it along whole games. */
pf_action passfood__greedy_play(const passfood_state *s, int seat, passfood_greedy_memo *memo)
{
    return greedy_action(s, seat, memo);
}

static pf_err greedy_choose(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    pf_action legal[PF_MAX_LEGAL];
    int n = pf_obs_legal(o, legal, PF_MAX_LEGAL);
    if (n <= 0)
        return PF_E_NOT_YOUR_TURN;
    passfood_state s;
    pf_obs_sample(o, rng, &s);
    *a = passfood__greedy_move(&s, pf_obs_seat(o), legal, n, NULL);
    *t = pf_obs_now(o);
    return PF_E_OK;
}

const pf_bot_def passfood__bots[] = {
    {"greedy",
     "team play: tiles to who needs them, best sets, takes against Ziggy's "
     "big sets, swaps that complete a set",
     greedy_choose, false},
    {"planner",
     "greedy's play, checked by up to 200 paired greedy playouts a decision; leaves "
     "greedy's move at z > 2",
     passfood__planner_choose, false},
    {NULL, NULL, NULL, false},
};

/* The levels a person picks (easy to expert), measured in docs/bots.md. */
const pf_rung passfood__ladder[PF_LEVELS] = {
    {"greedy", 0.3, 0, NULL, false, "the greedy team bot with 30% random moves (a distracted team)",
     1},
    {"greedy", 0.05, 0, NULL, false,
     "the greedy team bot slipping on 5% of moves: plays like PPF-2's careful family", 1},
    {"greedy", 0, 0, NULL, false, "the greedy team bot, no slips", 1},
    {"planner", 0, 0, NULL, false,
     "the planner: greedy's play checked by up to 200 paired greedy playouts a decision, "
     "leaving greedy's move at z > 2",
     1},
};
