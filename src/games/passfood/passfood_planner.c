/* passfood_planner.c: the expert team bot, `planner`.
 *
 * greedy's move, checked by paired playouts. Every round draws one
 * determinization (pf_obs_sample: the bag's order redrawn) and plays each
 * legal move from it, the greedy team playing every seat after it, so the
 * moves are compared on the same luck. A move replaces greedy's only when
 * its mean paired gain (its win minus greedy's move's win, round by round)
 * is above Z standard errors: noise alone rarely moves the team off
 * greedy's play. That is the generic paired search (src/ai/ismcts.c, which
 * this game's expert used to be) made several times cheaper:
 *   - a playout calls greedy on the determinization itself: everything on
 *     the table is public and greedy reads the bag's contents, never its
 *     order, so the view and the resample a bot's observation costs would
 *     give the same moves;
 *   - a decision stops early once every rival move is settled: clearly
 *     better (gain above STOP_Z standard errors) or futile (gain plus one
 *     standard error below what the Z test would need at the full budget,
 *     at the spread seen so far). Most decisions cannot matter (every
 *     move wins or loses alike) and stop after MIN_ROUNDS;
 *   - a decision with one legal move is answered at once;
 *   - the playouts share what a board gains from each food
 *     (passfood_board_gains), which greedy's choices work out from the
 *     board and the numbers table alone: the thread's table of them
 *     (passfood__greedy_table) serves decision after decision. */
#include "games/passfood/passfood.h"

#include <math.h>
#include <string.h>

#define PLAYOUTS 200 /* a decision's budget, over all its moves */
#define Z 2.0        /* the gain a move needs over greedy's, in standard errors */
#define STOP_Z 3.0   /* a rival this far ahead is settled early */
#define MIN_ROUNDS 8 /* rounds before any early stop */

/* Plays s to its end with the greedy team on every seat; the team's result.
 * The playout is one line of play, so greedy keeps its memo along it. */
static double playout(const pf_game *g, passfood_state *s, int64_t now,
                      passfood_greedy_table *table)
{
    double res[PASSFOOD_MAX_SEATS];
    passfood_greedy_memo memo = {.turn = -1, .table = table};
    while (!g->over(s, res)) {
        int seat = __builtin_ctz(g->to_act(s));
        g->apply(s, seat, passfood__greedy_play(s, seat, &memo), now, NULL);
    }
    return res[0];
}

/* The mean paired gain after `rounds` rounds, and its standard error. */
static double gain(double sum, double sq, int rounds, double *se)
{
    double m = sum / rounds, var = (sq - rounds * m * m) / (rounds - 1);
    *se = sqrt(var > 0 ? var / rounds : 0);
    return m;
}

/* Whether every move but keep is settled after `rounds` of `full`. */
static bool settled(const double *sum, const double *sq, int n, int keep, int rounds, int full)
{
    if (rounds < MIN_ROUNDS || rounds >= full)
        return rounds >= full;
    for (int i = 0; i < n; i++) {
        if (i == keep)
            continue;
        double se, m = gain(sum[i], sq[i], rounds, &se);
        double needed = Z * se * sqrt((double)rounds / full);
        bool clear = m > STOP_Z * se && m > 0;
        bool futile = m + se < needed || (se == 0 && m <= 0);
        if (!clear && !futile)
            return false;
    }
    return true;
}

pf_err passfood__planner_choose(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    const pf_game *g = pf_obs_game(o);
    pf_action moves[PF_MAX_LEGAL];
    int n = pf_obs_legal(o, moves, PF_MAX_LEGAL);
    if (n <= 0)
        return PF_E_NOT_YOUR_TURN;
    int seat = pf_obs_seat(o);
    int64_t now = pf_obs_now(o);
    *t = now;
    passfood_state base, det;
    pf_obs_sample(o, rng, &base);
    pf_action greedy = passfood__greedy_move(&base, seat, moves, n, NULL);
    *a = greedy;
    if (n == 1)
        return PF_E_OK;
    int keep = 0;
    while (moves[keep] != greedy)
        keep++;
    double sum[PF_MAX_LEGAL] = {0}, sq[PF_MAX_LEGAL] = {0}, won[PF_MAX_LEGAL];
    passfood_greedy_table *table = passfood__greedy_table(&base.num);
    int full = PLAYOUTS / n > 1 ? PLAYOUTS / n : 1, rounds = 0;
    do {
        pf_obs_sample(o, rng, &base);
        for (int i = 0; i < n; i++) {
            det = base;
            g->apply(&det, seat, moves[i], now, NULL);
            won[i] = playout(g, &det, now, table);
        }
        for (int i = 0; i < n; i++) {
            double d = won[i] - won[keep];
            sum[i] += d;
            sq[i] += d * d;
        }
        rounds++;
    } while (!settled(sum, sq, n, keep, rounds, full));
    double best = 0;
    for (int i = 0; i < n && rounds > 1; i++) {
        double se, m = gain(sum[i], sq[i], rounds, &se);
        if (m > 0 && m > Z * se && m > best)
            best = m, *a = moves[i];
    }
    return PF_E_OK;
}
