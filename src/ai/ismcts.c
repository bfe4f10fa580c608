/* ismcts.c: single-observer information-set MCTS, generic over pf_game.
 *
 * The tree: nodes in one growing pool (indices, no pointers), a node's
 * children side by side in a block of it (a block that fills is copied to
 * one twice its size at the pool's end): mapping a node's children to a
 * determinization's legal list, then selecting among them, reads one run
 * of memory, where a sibling list cost a cache miss a child. A node stands for "seat played action" after its parent's history;
 * it keeps its visits, its availability (how often it was legal when its
 * parent was reached) and the sum of the acting seat's results. Selection
 * among available children maximises
 *     mean + explore * sqrt(ln(avail) / visits)
 * which is UCB1 with the availability count in place of the parent's visits
 * (Cowling et al. 2012, section 5.2). The final choice is the root child
 * visited most.
 *
 * Each iteration: a determinization from pf_obs_sample_search (the only
 * access to the game; hidden parts may be drawn as the playout needs
 * them), a walk down the tree applying the chosen actions, one expansion
 * (a random untried legal action), a playout to the end, and
 * backpropagation of the normalised results. With a prior bot, its move
 * in the determinization is expanded first and favoured by a bias that
 * fades with visits (progressive bias). Everything is taken from
 * buffers allocated once per decision; when the pool is full the search
 * stops expanding and keeps refining what it has. */
#include "partyfood/ismcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NIL (-1)
#define SLOTS 1024   /* actions looked up by table (search.slot) */
#define LOGS (1 << 16) /* at most this many logarithms in the table (search.logs) */

typedef struct node {
    pf_action action;
    int32_t kids;           /* its children's block: pool index, NIL before the first */
    uint16_t nkids, room;   /* children, and the block's size */
    int32_t seat;           /* the seat that played action */
    uint32_t visits, avail;
    double reward;          /* sum of seat's normalised results */
    double mean;            /* reward / visits, kept at each visit: the selection
                               reads it for every available child */
} node;

typedef struct search {
    const pf_game *g;
    const pf_obs *o;
    const pf_ismcts_config *cfg;
    pf_rng *rng;
    int seats;
    int64_t now;
    double explore;
    int max_rollout;
    node *pool;
    int32_t n, cap; /* nodes in the tree, and at most */
    int32_t used, size; /* pool entries taken (blocks' free room and left
                           blocks included), and allocated */
    int32_t *path; /* nodes visited this iteration, root excluded */
    void *det;     /* the determinization */
    pf_action legal[PF_MAX_LEGAL];
    int32_t child_of[PF_MAX_LEGAL]; /* legal index -> child node, or NIL */
    /* action -> its index in legal, for actions below SLOTS, when the list
     * was last written (an entry is right only when legal says so back): a
     * child's action is found in one load, where a binary search of the
     * list mispredicted about once a child */
    int16_t slot[SLOTS];
    double *logs; /* fast_log(i) for i < nlogs: a child's avail, at every selection */
    int32_t nlogs;
    /* for i < nlogs: sqrt(logs[i]) and 1 / sqrt(i), a child's estimated
     * value in two products (estimate) */
    double *root_logs, *inv_roots;
    /* The root's legal list and children by legal index, kept across
     * iterations: the observer's own legal actions do not depend on hidden
     * content, so every determinization gives the same list (and the root's
     * children are the observer's) */
    pf_action root_legal[PF_MAX_LEGAL];
    int32_t root_child[PF_MAX_LEGAL];
    int root_n, root_untried;
} search;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ln x for x >= 1, to about 1e-6: UCB needs no more, and libm's log was a
 * tenth of a Pizza Party iteration. */
static inline double fast_log(double x)
{
    union {
        double d;
        uint64_t u;
    } v = {x};
    int e = (int)((v.u >> 52) & 0x7ff) - 1023;
    v.u = (v.u & 0xfffffffffffffULL) | 0x3ff0000000000000ULL; /* mantissa in [1, 2) */
    double t = (v.d - 1) / (v.d + 1), t2 = t * t;
    double lm = 2 * t * (1 + t2 * (1.0 / 3 + t2 * (1.0 / 5 + t2 * (1.0 / 7 + t2 / 9))));
    return e * 0.6931471805599453 + lm;
}

/* fast_log(avail), from the table while it reaches. */
static inline double log_avail(const search *s, uint32_t avail)
{
    return avail < (uint32_t)s->nlogs ? s->logs[avail] : fast_log((double)avail);
}

/* A child's value in the selection: mean + explore * sqrt(ln(avail) /
 * visits), 1e9 before its first visit, plus the prior's bias when it is the
 * prior bot's move (hinted). */
static double value(const search *s, const node *nd, bool hinted)
{
    double v = nd->visits ? nd->mean + s->explore * sqrt(log_avail(s, nd->avail) / nd->visits)
                          : 1e9;
    if (hinted)
        v += s->cfg->prior_weight / (nd->visits + 1);
    return v;
}

/* value (not hinted) without its division and root, from the tables: off
 * by a few roundings of the terms, far less than SLACK times the value
 * plus 1. False when the tables do not reach. */
#define SLACK 1e-9
static inline bool estimate(const search *s, const node *nd, double *v)
{
    if (nd->avail >= (uint32_t)s->nlogs || nd->visits >= (uint32_t)s->nlogs)
        return false;
    *v = nd->visits ? nd->mean + s->explore * (s->root_logs[nd->avail] * s->inv_roots[nd->visits])
                    : 1e9;
    return true;
}

/* The index of a in the sorted list l[0..n), or -1. */
static int find_sorted(const pf_action *l, int n, pf_action a)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) >> 1;
        if (l[mid] < a)
            lo = mid + 1;
        else if (l[mid] > a)
            hi = mid - 1;
        else
            return mid;
    }
    return -1;
}

/* The index of a in s->legal[0..n), or -1, through s->slot (which
 * index_legal filled) when mapped. */
static int legal_index(const search *s, int n, bool mapped, pf_action a)
{
    if (!mapped)
        return find_sorted(s->legal, n, a);
    if (a >= SLOTS)
        return -1;
    int i = s->slot[a];
    return i < n && s->legal[i] == a ? i : -1;
}

/* Fills s->slot for s->legal[0..n); false (nothing filled) when an action
 * is too big for the table. */
static bool index_legal(search *s, int n)
{
    if (n == 0 || s->legal[n - 1] >= SLOTS) /* the list is sorted */
        return false;
    for (int i = 0; i < n; i++)
        s->slot[s->legal[i]] = (int16_t)i;
    return true;
}

/* room entries at the pool's end, the pool grown when it must; NIL when
 * memory runs out. */
static int32_t take(search *s, int room)
{
    if (s->used + room > s->size) {
        int32_t size = s->size * 2 > s->used + room ? s->size * 2 : s->used + room;
        node *p = realloc(s->pool, (size_t)size * sizeof(node));
        if (!p)
            return NIL;
        s->pool = p, s->size = size;
    }
    int32_t at = s->used;
    s->used += room;
    return at;
}

/* A new child of parent for (seat, a); NIL when the tree is full. A full
 * block moves (the root's block holds every legal action of the observer
 * from the start and never does): indices of parent's other children
 * taken before are stale after. */
static int32_t add_child(search *s, int32_t parent, int seat, pf_action a)
{
    if (s->n >= s->cap)
        return NIL;
    node *p = &s->pool[parent];
    if (p->nkids == p->room) {
        int room = p->room ? 2 * p->room : 4;
        if (room > UINT16_MAX)
            return NIL;
        int32_t at = take(s, room);
        if (at == NIL)
            return NIL;
        p = &s->pool[parent];
        if (p->nkids)
            memcpy(&s->pool[at], &s->pool[p->kids], p->nkids * sizeof(node));
        p->kids = at, p->room = (uint16_t)room;
    }
    int32_t id = p->kids + p->nkids++;
    s->pool[id] = (node){a, NIL, 0, 0, seat, 0, 0, 0.0, 0.0};
    s->n++;
    return id;
}

/* The index in the sorted legal list l[0..n) of a bot's move a. A bot's
 * hand moves a skill number off the listed grid (C-4): in a game with one,
 * the move counts as the listed action nearest to it (each game encodes
 * its number in order in the action's low bits), that is, its aim. */
static int find_move(const pf_game *g, const pf_action *l, int n, pf_action a)
{
    int i = find_sorted(l, n, a);
    if (i >= 0 || !g->skill_error)
        return i;
    pf_action nearest = UINT32_MAX;
    for (int k = 0; k < n; k++) {
        pf_action d = l[k] > a ? l[k] - a : a - l[k];
        if (d < nearest)
            nearest = d, i = k;
    }
    return i;
}

/* Sets *a to the move bot would play for seat in the determinization;
 * false when it has none. */
static bool bot_move(search *s, const pf_bot_def *bot, int seat, int step, pf_action *a)
{
    pf_obs ro;
    int64_t t = s->now;
    pf_obs_init(&ro, s->g, s->det, seat, s->seats, step, s->now);
    return bot->choose(&ro, s->rng, a, &t) == PF_E_OK;
}

/* Sets *a to the prior bot's move for the observer in the real
 * observation; false when it has none. */
static bool bot_move_obs(search *s, pf_action *a)
{
    int64_t t = s->now;
    return s->cfg->prior_bot->choose(s->o, s->rng, a, &t) == PF_E_OK;
}

/* Plays the determinization to its end from the current point and writes
 * the normalised results of every seat. */
static void playout(search *s, int step, double *res)
{
    const pf_game *g = s->g;
    double raw[PF_MAX_SEATS];
    bool capped = false;
    if (!s->cfg->rollout_bot) {
        capped = pf_playout(g, s->det, s->rng, s->now, s->max_rollout) < 0;
    } else {
        int steps = 0;
        uint32_t set;
        while ((set = g->to_act(s->det)) != 0) { /* 0 exactly when the game is over */
            if (steps++ >= s->max_rollout) {
                capped = true;
                break;
            }
            int seat = pf_pick_seat(set, s->rng);
            pf_action a;
            pf_obs ro;
            int64_t t = s->now;
            pf_obs_init(&ro, g, s->det, seat, s->seats, step, s->now);
            if (s->cfg->rollout_bot->choose(&ro, s->rng, &a, &t) != PF_E_OK)
                a = pf_random_action(g, s->det, seat, s->rng);
            g->apply(s->det, seat, a, s->now, NULL);
            step++;
        }
    }
    if (capped) {
        for (int i = 0; i < s->seats; i++)
            res[i] = 0.5;
        return;
    }
    g->over(s->det, raw);
    double lo = g->result_min, span = g->result_max - g->result_min;
    for (int i = 0; i < s->seats; i++)
        res[i] = span > 0 ? (raw[i] - lo) / span : 0.5;
}

/* One iteration: determinize, select, expand, play out, back up. */
static void iterate(search *s)
{
    const pf_game *g = s->g;
    pf_obs_sample_search(s->o, s->rng, s->det);
    int32_t cur = 0, depth = 0;
    int step = pf_obs_step(s->o);
    int max_depth = s->cfg->max_depth > 0 ? s->cfg->max_depth : s->cap;
    while (depth < max_depth && !g->over(s->det, NULL)) {
        /* At the root the observer decides, whoever else may act too. */
        bool root = cur == 0;
        int seat = root ? pf_obs_seat(s->o) : pf_pick_seat(g->to_act(s->det), s->rng);
        pf_action *legal = root ? s->root_legal : s->legal;
        int32_t *child_of = root ? s->root_child : s->child_of;
        int n, untried;
        if (root) {
            n = s->root_n, untried = s->root_untried;
        } else {
            n = untried = g->legal(s->det, seat, legal, PF_MAX_LEGAL);
            bool mapped = index_legal(s, n);
            for (int i = 0; i < n; i++)
                child_of[i] = NIL;
            for (int32_t c = s->pool[cur].kids, end = c + s->pool[cur].nkids; c < end; c++) {
                const node *kid = &s->pool[c];
                if (kid->seat != seat)
                    continue;
                int i = legal_index(s, n, mapped, kid->action);
                if (i >= 0) {
                    child_of[i] = c;
                    untried--;
                }
            }
        }
        int32_t next = NIL;
        pf_action hint = 0;
        int hint_i = -1; /* legal index of the prior bot's move */
        if (s->cfg->prior_bot && s->cfg->prior_weight > 0 &&
            bot_move(s, s->cfg->prior_bot, seat, step, &hint))
            hint_i = find_move(g, legal, n, hint);
        if (untried > 0 && s->n < s->cap) {
            /* Expand: the prior's move if untried, else a random untried action. */
            int i = 0;
            if (hint_i >= 0 && child_of[hint_i] == NIL) {
                i = hint_i;
            } else {
                int k = (int)pf_rng_below(s->rng, (uint32_t)untried);
                for (;; i++)
                    if (child_of[i] == NIL && k-- == 0)
                        break;
            }
            for (int j = 0; j < n; j++) /* before add_child, which may move them */
                if (child_of[j] != NIL)
                    s->pool[child_of[j]].avail++;
            next = add_child(s, cur, seat, legal[i]);
            s->pool[next].avail++;
            if (root)
                s->root_child[i] = next, s->root_untried--;
            g->apply(s->det, seat, legal[i], s->now, NULL);
            s->path[depth++] = next;
            step++;
            break;
        }
        if (untried == n)
            break; /* the pool is full and nothing here was tried: play out */
        /* Select among the available children the first of greatest value.
         * Most children differ from the best so far by far more than an
         * estimate's error, and the estimates decide; only near ties compare
         * the values themselves (division and root: the selection's cost
         * when it computed them for every child), so the choice is theirs. */
        double best = 0, best_est = 0; /* next's value (when known) and estimate */
        bool known = false, next_hinted = false;
        for (int i = 0; i < n; i++) {
            int32_t c = child_of[i];
            if (c == NIL)
                continue;
            node *nd = &s->pool[c];
            nd->avail++;
            bool hinted = i == hint_i;
            double v = 0, est;
            bool exact = hinted || !estimate(s, nd, &est);
            if (exact)
                est = v = value(s, nd, hinted);
            if (next != NIL) {
                double slack = SLACK * (fabs(best_est) + 1);
                if (est < best_est - slack)
                    continue;
                if (!(est > best_est + slack)) { /* a near tie */
                    if (!known)
                        best = value(s, &s->pool[next], next_hinted), known = true;
                    if (!exact)
                        v = value(s, nd, hinted), exact = true;
                    if (!(v > best))
                        continue;
                }
            }
            next = c;
            best_est = est;
            best = v;
            known = exact;
            next_hinted = hinted;
        }
        /* The next node's children are read after the move's apply and the
         * next list: ask for their first lines now (they were a cache miss
         * on the walk's critical path). */
        const node *nx = &s->pool[next];
        if (nx->nkids) {
            const char *block = (const char *)&s->pool[nx->kids];
            __builtin_prefetch(block);
            __builtin_prefetch(block + 64);
            __builtin_prefetch(block + 128);
        }
        g->apply(s->det, seat, nx->action, s->now, NULL);
        s->path[depth++] = next;
        cur = next;
        step++;
    }
    double res[PF_MAX_SEATS];
    playout(s, step, res);
    s->pool[0].visits++;
    for (int32_t i = 0; i < depth; i++) {
        node *nd = &s->pool[s->path[i]];
        nd->visits++;
        nd->reward += res[nd->seat];
        nd->mean = nd->reward / nd->visits;
    }
}

/* The paired flat search (cfg->paired): rounds of one determinization and
 * one playout seed shared by every move; sets *a and returns the playouts
 * run. The root's children hold each move's totals. With a prior bot, a
 * move replaces the prior's only when its mean paired gain is above
 * prior_weight standard errors (a z threshold): noise alone rarely moves
 * the search off the heuristic's play. */
static long paired_search(search *s, const pf_action *moves, int n, long budget, pf_action *a)
{
    const pf_game *g = s->g;
    int seat = pf_obs_seat(s->o), step = pf_obs_step(s->o);
    void *base = malloc(g->state_size);
    double *res_of = malloc((size_t)n * 3 * sizeof(double));
    if (!base || !res_of) {
        free(base);
        free(res_of);
        *a = moves[0];
        return 0;
    }
    double *dsum = res_of + n, *dsq = res_of + 2 * n;
    int32_t kids[PF_MAX_LEGAL];
    for (int i = 0; i < n; i++) {
        kids[i] = add_child(s, 0, seat, moves[i]);
        dsum[i] = dsq[i] = 0;
    }
    int keep = -1;
    pf_action hint;
    if (s->cfg->prior_bot && bot_move_obs(s, &hint))
        keep = find_move(g, moves, n, hint);
    long it = 0, rounds = 0;
    pf_rng *outer = s->rng;
    double res[PF_MAX_SEATS];
    do {
        pf_obs_sample(s->o, outer, base);
        uint64_t seed = pf_rng_next(outer);
        for (int i = 0; i < n; i++, it++) {
            pf_rng shared;
            pf_rng_seed(&shared, seed);
            memcpy(s->det, base, g->state_size);
            s->rng = &shared;
            g->apply(s->det, seat, moves[i], s->now, NULL);
            playout(s, step + 1, res);
            s->rng = outer;
            node *k = &s->pool[kids[i]];
            k->visits++;
            k->reward += res[seat];
            k->mean = k->reward / k->visits;
            res_of[i] = res[seat];
        }
        for (int i = 0; keep >= 0 && i < n; i++) {
            double d = res_of[i] - res_of[keep];
            dsum[i] += d;
            dsq[i] += d * d;
        }
        rounds++;
    } while (it + n <= budget);
    int best = 0;
    for (int i = 1; i < n; i++)
        if (s->pool[kids[i]].reward > s->pool[kids[best]].reward)
            best = i;
    if (keep >= 0) {
        int dev = keep;
        double dev_gain = 0;
        for (int i = 0; i < n && rounds > 1; i++) {
            double m = dsum[i] / rounds, var = (dsq[i] - rounds * m * m) / (rounds - 1);
            double se = sqrt(var > 0 ? var / rounds : 0);
            if (m > 0 && m > s->cfg->prior_weight * se && m > dev_gain)
                dev = i, dev_gain = m;
        }
        best = dev;
    }
    free(base);
    free(res_of);
    *a = moves[best];
    return it;
}

static void search_free(search *s)
{
    free(s->pool);
    free(s->path);
    free(s->det);
    free(s->logs);
    free(s->root_logs);
    free(s->inv_roots);
    free(s);
}

pf_err pf_ismcts_choose(const pf_obs *o, const pf_ismcts_config *cfg, pf_rng *rng,
                        pf_action *a, pf_ismcts_stats *stats)
{
    const pf_game *g = pf_obs_game(o);
    pf_action first[PF_MAX_LEGAL];
    int nlegal = pf_obs_legal(o, first, PF_MAX_LEGAL);
    if (nlegal == 0)
        return PF_E_NOT_YOUR_TURN;
    double t0 = now_s();
    if (nlegal == 1) { /* nothing to think about */
        *a = first[0];
        if (stats)
            *stats = (pf_ismcts_stats){0, 1, now_s() - t0, 0.5};
        return PF_E_OK;
    }
    long budget = cfg->iterations;
    int32_t cap;
    if (budget > 0)
        cap = budget + 1 > (1 << 24) ? (1 << 24) : (int32_t)budget + 1;
    else {
        double est = cfg->time_ms * 1000.0; /* generous: 1M iterations a second */
        cap = est < 1024 ? 1024 : est > (1 << 22) ? (1 << 22) : (int32_t)est;
    }
    if (cap < nlegal + 1)
        cap = nlegal + 1;
    search *s = calloc(1, sizeof *s);
    if (!s)
        return PF_E_IO;
    s->g = g;
    s->o = o;
    s->cfg = cfg;
    s->rng = rng;
    s->seats = pf_obs_seats(o);
    s->now = pf_obs_now(o);
    s->explore = cfg->explore > 0 ? cfg->explore : 0.7;
    s->max_rollout = cfg->max_rollout > 0 ? cfg->max_rollout : g->max_steps;
    /* A node with k children has taken at most 4k entries for its blocks
     * (4, 8, ... up to the first size of at least k), so the tree never
     * needs more than this, and the pool grows only past a million */
    s->size = 1 + nlegal + (cap < (1 << 18) ? 4 * cap : (1 << 20));
    s->pool = malloc((size_t)s->size * sizeof(node));
    s->path = malloc((size_t)cap * sizeof(int32_t));
    s->det = malloc(g->state_size);
    /* a child's avail never passes the iterations run */
    s->nlogs = cfg->paired ? 0 : cap < LOGS ? cap : LOGS;
    s->logs = malloc((size_t)s->nlogs * sizeof(double) + 1); /* + 1: never malloc(0) */
    s->root_logs = malloc((size_t)s->nlogs * sizeof(double) + 1);
    s->inv_roots = malloc((size_t)s->nlogs * sizeof(double) + 1);
    if (!s->pool || !s->path || !s->det || !s->logs || !s->root_logs || !s->inv_roots) {
        search_free(s);
        return PF_E_IO;
    }
    for (int32_t i = 1; i < s->nlogs; i++) {
        s->logs[i] = fast_log((double)i);
        s->root_logs[i] = sqrt(s->logs[i]);
        s->inv_roots[i] = 1 / sqrt((double)i);
    }
    s->cap = cap;
    s->n = 1;
    s->used = 1 + nlegal;
    s->pool[0] = (node){0, 1, 0, (uint16_t)nlegal, -1, 0, 0, 0.0, 0.0};
    memcpy(s->root_legal, first, (size_t)nlegal * sizeof *first);
    for (int i = 0; i < nlegal; i++)
        s->root_child[i] = NIL;
    s->root_n = s->root_untried = nlegal;

    long it = 0;
    if (cfg->paired) {
        it = paired_search(s, first, nlegal, budget > 0 ? budget : 100 * nlegal, a);
        if (stats) {
            stats->iterations = it;
            stats->nodes = s->n;
            stats->seconds = now_s() - t0;
            stats->value = 0.5;
            for (int32_t c = s->pool[0].kids, end = c + s->pool[0].nkids; c < end; c++)
                if (s->pool[c].action == *a && s->pool[c].visits)
                    stats->value = s->pool[c].reward / s->pool[c].visits;
        }
        search_free(s);
        return PF_E_OK;
    }
    if (budget > 0) {
        for (; it < budget; it++)
            iterate(s);
    } else {
        double end = t0 + cfg->time_ms / 1000.0;
        do {
            for (int k = 0; k < 32; k++, it++)
                iterate(s);
        } while (now_s() < end);
    }

    /* The most visited root child whose action is legal now (always all of
     * them: the observer's own legal actions do not depend on hidden
     * content); ties go to the smaller action for repeatability. */
    int32_t best = NIL;
    for (int32_t c = s->pool[0].kids, end = c + s->pool[0].nkids; c < end; c++) {
        const node *nd = &s->pool[c];
        if (find_sorted(first, nlegal, nd->action) < 0)
            continue;
        if (best == NIL || nd->visits > s->pool[best].visits ||
            (nd->visits == s->pool[best].visits && nd->action < s->pool[best].action))
            best = c;
    }
    *a = best == NIL ? first[0] : s->pool[best].action;
    if (stats) {
        stats->iterations = it;
        stats->nodes = s->n;
        stats->seconds = now_s() - t0;
        stats->value = best != NIL && s->pool[best].visits
                           ? s->pool[best].reward / s->pool[best].visits
                           : 0.5;
    }
    search_free(s);
    return PF_E_OK;
}

static pf_err choose_ismcts(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    static const pf_ismcts_config cfg = {.iterations = 1000};
    *t = pf_bot_react(o, 250); /* real time: 0.15 to 0.4 s after it could act */
    pf_err e = pf_ismcts_choose(o, &cfg, rng, a, NULL);
    if (e == PF_E_OK) /* the search chose an aim: an average hand plays it (C-4) */
        pf_bot_hand(o, 1, rng, a);
    return e;
}

const pf_bot_def pf_bot_ismcts = {"ismcts", "ISMCTS, 1000 iterations a move, random playouts",
                                  choose_ismcts, false};
