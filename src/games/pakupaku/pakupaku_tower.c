/* pakupaku_tower.c: the static physics of PAKU-5 (pakupaku_tower.h has the rule).
 *
 * One pass from the top down keeps the load above piece k: its mass M and
 * its moment S = sum(mass * absolute centre). The load's centre is S / M,
 * compared without division as lo * M <= S <= hi * M in exact integers. */
#include "games/pakupaku/pakupaku_tower.h"

const pakupaku__piece_def pakupaku__pieces[PAKUPAKU__NTYPES] = {
    {"plate", 20, 2, 3},
    {"bowl", 14, 6, 2},
    {"cup", 8, 9, 1},
};

/* Fills abs[k] with piece k's centre relative to the bottom piece. */
static void absolute(const pakupaku__tower *t, int64_t *abs)
{
    int64_t at = 0;
    for (int k = 0; k < t->n; k++) {
        if (k > 0)
            at += t->x[k];
        abs[k] = at;
    }
}

/* The overlap [*lo, *hi] of piece k and the piece k - 1 it rests on. */
static void overlap(const pakupaku__tower *t, const int64_t *abs, int k, int64_t *lo, int64_t *hi)
{
    int64_t hp = (int64_t)pakupaku__pieces[t->type[k]].width / 2 * PAKUPAKU__UNIT;
    int64_t hq = (int64_t)pakupaku__pieces[t->type[k - 1]].width / 2 * PAKUPAKU__UNIT;
    *lo = abs[k] - hp > abs[k - 1] - hq ? abs[k] - hp : abs[k - 1] - hq;
    *hi = abs[k] + hp < abs[k - 1] + hq ? abs[k] + hp : abs[k - 1] + hq;
}

/* pakupaku__pieces' half-widths (in 1/UNIT) and masses, as the hot loop wants them. */
static const int64_t half_w[PAKUPAKU__NTYPES] = {10 * PAKUPAKU__UNIT, 7 * PAKUPAKU__UNIT,
                                                 4 * PAKUPAKU__UNIT};
static const int64_t mass[PAKUPAKU__NTYPES] = {3, 2, 1};

/* The lowest failing joint (all of them when `all`, else the first found
 * from the top). Positions are taken relative to the top piece: the tests
 * lo * M <= S <= hi * M do not change when every centre moves alike. */
static int scan(const pakupaku__tower *t, int all)
{
    int64_t at = 0, m = 0, s = 0;
    int fall = -1;
    for (int k = t->n - 1; k >= 1; k--) {
        int tk = t->type[k], tq = t->type[k - 1];
        int64_t below = at - t->x[k];
        m += mass[tk];
        s += mass[tk] * at;
        int64_t lo = at - half_w[tk], lq = below - half_w[tq];
        int64_t hi = at + half_w[tk], hq = below + half_w[tq];
        lo = lo > lq ? lo : lq;
        hi = hi < hq ? hi : hq;
        if (s < lo * m || s > hi * m) {
            fall = k; /* keep going down: report the lowest failing joint */
            if (!all)
                break;
        }
        at = below;
    }
    return fall;
}

int pakupaku__tower_first_fall(const pakupaku__tower *t)
{
    return scan(t, 1);
}

bool pakupaku__tower_stands(const pakupaku__tower *t)
{
    return scan(t, 0) < 0;
}

int pakupaku__tower_weakest(const pakupaku__tower *t, double *margin)
{
    int64_t abs[PAKUPAKU__PIECES];
    absolute(t, abs);
    int64_t m = 0, s = 0;
    double best = 1e9;
    int weak = -1;
    for (int k = t->n - 1; k >= 1; k--) {
        int64_t lo, hi;
        m += pakupaku__pieces[t->type[k]].mass;
        s += pakupaku__pieces[t->type[k]].mass * abs[k];
        overlap(t, abs, k, &lo, &hi);
        double com = (double)s / (double)m;
        double d = com - (double)lo;
        if ((double)hi - com < d)
            d = (double)hi - com;
        if (d <= best) {
            best = d;
            weak = k;
        }
    }
    *margin = best >= 1e9 ? best : best / PAKUPAKU__UNIT;
    return weak;
}

double pakupaku__tower_margin(const pakupaku__tower *t)
{
    double margin;
    pakupaku__tower_weakest(t, &margin);
    return margin;
}

int64_t pakupaku__tower_at(const pakupaku__tower *t, int k)
{
    int64_t at = 0;
    for (int i = 1; i <= k && i < t->n; i++)
        at += t->x[i];
    return at;
}

int pakupaku__tower_height(const pakupaku__tower *t)
{
    int h = 0;
    for (int k = 0; k < t->n; k++)
        h += pakupaku__pieces[t->type[k]].height;
    return h;
}
