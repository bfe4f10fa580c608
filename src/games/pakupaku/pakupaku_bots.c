/* pakupaku_bots.c: Paku Paku's bot profiles (rulings PAKU-9, PAKU-10).
 *
 * A profile is a speed and a steady hand: a reaction before each roll, the
 * time it takes to stack, and an aim error (sd, table units) that shrinks as
 * the stack takes longer (sd = sd_fast * stack_ms / time taken, never below
 * a floor): careful is slow, fast is shaky. Both times run from the moment
 * the seat could first act (pakupaku__ready: its hands free after its last
 * action, PAKU-10, or a die reaching it while idle), never before the
 * table's clock, and never under PF_REACTION_MIN_MS: no hand is quicker.
 *
 * Decisions: stack first when a dish blocks a die (as Esteban does), else
 * roll (rolling first was measured worse: blocked dice pile up). The
 * levels differ in how they stack. Children pick any type and aim at the
 * piece below; adults pick the type that leaves the top joints the widest
 * margin and aim to pull the top of the tower halfway back over its base.
 * Skilled players and experts read the whole tower: they pick the type
 * with the widest range of landing points where every joint stands, and
 * aim at its middle (aim_mid). Experts also pace each stack to that range
 * (slow enough to stay z_care sds inside it) and, in a duel, where no clock
 * runs, always take their steadiest time.
 *
 * Determinism: every random draw of a decision comes from a hash of public
 * values only (the seat, its action count and its `since`), so asking the
 * same seat twice in the same situation gives the same (action, time): a
 * discrete-event driver may re-ask seats freely. Nothing derived from the
 * seed goes in: a seat that could rebuild it would know every future roll.
 * So the profiles are chance_free: the driver seeds no generator for them,
 * and they read the table in place through pf_obs_public_head (everything
 * before the state's generator, which hides nothing), without a copy. */
#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "games/pakupaku/pakupaku.h"

typedef struct profile {
    int react_ms;   /* mean reaction from free hands to a roll */
    double vary;    /* the reaction is react_ms times 1 - vary .. 1 + vary */
    int stack_ms;   /* mean time from free hands to a stacked piece at normal pace */
    double sd_fast; /* aim error (sd) at normal pace */
    double sd_min;  /* steadiest hand possible */
    int correct;    /* percent of the tower's lean the aim corrects (without aim_mid) */
    int any_type;   /* 1: picks a piece type at random */
    int aim_mid;    /* 1: aims at the middle of the landing range where the tower stands */
    double z_care;  /* > 0: paces a stack so that range is z_care sds wide each side */
    int duel;       /* 1: in a duel, its steadiest hand and a tower hard for the next seat */
} profile;

static const profile child = {700, 0.3, 1600, 2.6, 1.3, 0, 1, 0, 0.0, 0};
static const profile adult = {350, 0.3, 900, 1.9, 0.9, 50, 0, 0, 0.0, 0};
static const profile skilled = {260, 0.3, 700, 1.7, 0.75, 0, 0, 1, 0.0, 0};
static const profile expert = {200, 0.3, 550, 1.6, 0.6, 0, 0, 1, 3.0, 1};
/* A person holding the roll key: rolls the moment the hands are free (the
 * reaction floor, no hesitation), stacks like an adult. */
static const profile masher = {PF_REACTION_MIN_MS, 0.0, 900, 1.9, 0.9, 50, 0, 0, 0.0, 0};

/* The next value of the hash stream x (splitmix64, inlined: bots run in
 * the simulator's innermost loop). */
static inline uint64_t mix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A uniform double in (0, 1) from the hash stream x. */
static inline double unit(uint64_t *x)
{
    return ((double)(mix(x) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

/* The reaction before a roll (ms): react_ms * (1 + vary * (2u - 1)) for u
 * the next unit(x), truncated, as that chain of floating-point steps gives
 * it (the same draw and the same number). It is base + span * u, whole
 * numbers for every profile, and with u = (k + 1/2) / 2^53 its whole part
 * is read off span * (2k + 1) / 2^54 in integers: a multiply and a shift,
 * where the chain's eight dependent steps (about 40 cycles) held up each
 * step of the driver. The chain differs from base + span * u by under
 * 1e-12 ms, so where the integers put the sum within 2^-24 ms of a whole
 * millisecond (about one draw in eight million) the chain decides. */
static inline int64_t reaction(const profile *pr, uint64_t *x)
{
    uint64_t k = mix(x) >> 11; /* unit()'s 53 bits */
    double base = pr->react_ms * (1.0 - pr->vary), span = 2.0 * pr->react_ms * pr->vary;
    int64_t b = (int64_t)llround(base), w = (int64_t)llround(span);
    if (fabs(base - (double)b) < 1e-9 && fabs(span - (double)w) < 1e-9 && w >= 0 && w < 512) {
        if (w == 0)
            return b;                             /* no spread: react_ms * 1, exactly */
        uint64_t num = (uint64_t)w * (2 * k + 1); /* span * u * 2^54, under 2^63 */
        uint64_t frac = num & ((1ull << 54) - 1), near = 1ull << 30;
        if (frac > near && frac < (1ull << 54) - near)
            return b + (int64_t)(num >> 54);
    }
    double u = ((double)k + 0.5) * (1.0 / 9007199254740992.0); /* unit()'s */
    return (int64_t)(pr->react_ms * (1.0 + pr->vary * (2.0 * u - 1.0)));
}

/* x rounded to the nearest integer (halves away from zero): x plus a half
 * of its sign, truncated, the same as truncating |x| + 1/2 and putting the
 * sign back (rounding to nearest is symmetric), without a branch on the
 * sign, which is random for a hand's error. */
static inline int round_int(double x)
{
    return (int)(x + copysign(0.5, x));
}

/* x / d rounded to the nearest integer, halves away from zero (d > 0 and
 * even), in integers: a multiply and a shift for a constant d, where the
 * quotient in doubles was a division and a branch on its sign that no
 * predictor guesses (the lean's sign is random). */
static inline int64_t div_round(int64_t x, int64_t d)
{
    int64_t neg = x >> 63; /* 0 or -1 */
    int64_t q = ((x ^ neg) - neg + d / 2) / d;
    return (q ^ neg) - neg;
}

static const int64_t half_w[PAKUPAKU__NTYPES] = {10 * PAKUPAKU__UNIT, 7 * PAKUPAKU__UNIT,
                                                 4 * PAKUPAKU__UNIT}; /* pakupaku__pieces */
static const int64_t mass[PAKUPAKU__NTYPES] = {3, 2, 1};
#define JITTER_SD 0.3 /* the table's jitter (PAKU-5), on every placement */

/* The top of a tower as top_margin reads it, with centres relative to the
 * top piece (each joint's s - lo * m is the same integer wherever the tower
 * stands): k pieces read (0..3); the top piece's type; for the joints under
 * it (piece j on piece j + 1, j = 1..k-1) the support [lo, hi] and the mass
 * and moment of the tower's pieces 1..j (the new piece comes on top). */
typedef struct top3 {
    int k, ty0;
    int64_t lo[3], hi[3], m[3], s[3];
} top3;

static void read_top(const pakupaku__tower *t, top3 *r)
{
    int n = t->n;
    r->k = n < 3 ? n : 3;
    if (n == 0)
        return;
    r->ty0 = t->type[n - 1];
    int64_t at = 0, m = 0, s = 0;
    int ty = r->ty0;
    for (int j = 1; j < r->k; j++) {
        int tq = t->type[n - 1 - j];
        int64_t below = at - t->x[n - j];
        m += mass[ty];
        s += mass[ty] * at;
        int64_t lo = at - half_w[ty], lq = below - half_w[tq];
        int64_t hi = at + half_w[ty], hq = below + half_w[tq];
        r->lo[j] = lo > lq ? lo : lq;
        r->hi[j] = hi < hq ? hi : hq;
        r->m[j] = m;
        r->s[j] = s;
        at = below;
        ty = tq;
    }
}

/* A margin as the exact fraction d / m (1/UNIT, m > 0). */
typedef struct frac {
    int64_t d, m;
} frac;

/* f in table units, as a double. */
static inline double frac_units(frac f)
{
    return (double)f.d / (double)f.m / PAKUPAKU__UNIT;
}

/* The smallest margin of the top three joints of a tower of at least one
 * piece (read by read_top) with one more piece of `type` at offset `aim`
 * (1/UNIT) from the current top: a cheap stand-in for
 * pakupaku__tower_margin, since a piece on top moves the upper joints'
 * loads the most. Each joint's margin is d / m (d, m exact integers); the
 * least is found by comparing d * m' with d' * m, without a division. */
static frac top_margin(const top3 *r, int type, int64_t aim)
{
    int64_t m = mass[type], s = mass[type] * aim;
    int64_t lo = aim - half_w[type], lq = -half_w[r->ty0];
    int64_t hi = aim + half_w[type], hq = half_w[r->ty0];
    lo = lo > lq ? lo : lq;
    hi = hi < hq ? hi : hq;
    int64_t bd = s - lo * m < hi * m - s ? s - lo * m : hi * m - s, bm = m;
    for (int j = 1; j < r->k; j++) { /* the joints under the top piece */
        int64_t mj = m + r->m[j], sj = s + r->s[j];
        int64_t d =
            sj - r->lo[j] * mj < r->hi[j] * mj - sj ? sj - r->lo[j] * mj : r->hi[j] * mj - sj;
        int less = d * bm < bd * mj;
        bd = less ? d : bd;
        bm = less ? mj : bm;
    }
    return (frac){bd, bm};
}

/* The range [*lo, *hi] (1/UNIT, from the top piece's centre) where a piece
 * of `type` may land with every joint of tower t standing (PAKU-5): on the
 * top piece within its half-width, and each lower joint's load, the new
 * piece's mass included, within its support. Empty when *lo > *hi. */
static void land_range(const pakupaku__tower *t, int type, int64_t *lo, int64_t *hi)
{
    int n = t->n;
    int64_t mn = mass[type];
    int64_t l = -half_w[t->type[n - 1]], h = half_w[t->type[n - 1]];
    /* the load above each joint: its mass with the new piece, its moment without */
    int64_t at = 0, m = mn, sm = 0;
    for (int k = n - 1; k >= 1; k--) {
        int ty = t->type[k], tq = t->type[k - 1];
        int64_t below = at - t->x[k];
        m += mass[ty];
        sm += mass[ty] * at;
        int64_t a = at - half_w[ty], aq = below - half_w[tq];
        int64_t b = at + half_w[ty], bq = below + half_w[tq];
        int64_t jl = a > aq ? a : aq, jh = b < bq ? b : bq;
        /* jl * m <= sm + mn * x <= jh * m */
        int64_t xl = jl * m - sm, xh = jh * m - sm;
        xl = xl >= 0 ? (xl + mn - 1) / mn : -(-xl / mn);
        xh = xh >= 0 ? xh / mn : -((-xh + mn - 1) / mn);
        if (xl > l)
            l = xl;
        if (xh < h)
            h = xh;
        at = below;
    }
    *lo = l;
    *hi = h;
}

/* A near-normal deviate (mean 0, sd 1) from three uniforms: their sum,
 * cheaper than Box-Muller. */
static inline double near_normal(double u1, double u2, double u3)
{
    return (u1 + u2 + u3 - 1.5) * 2.0;
}

/* The offset (hundredths) where a hand aiming at aim puts the piece, its
 * error sd (table units) times the deviate z: the one error model of a
 * stack, shared by the profiles and by front ends that cannot time a
 * person (C-4). */
static inline int land(int aim, double sd, double z)
{
    int off = aim + round_int(sd * z * 100);
    if (off > PAKUPAKU__OFF_MAX)
        off = PAKUPAKU__OFF_MAX;
    if (off < -PAKUPAKU__OFF_MAX)
        off = -PAKUPAKU__OFF_MAX;
    return off;
}

bool pakupaku__skill_error(pf_action aim, double wobble, pf_rng *rng, pf_action *played)
{
    *played = aim;
    int type = (int)(aim >> 16) - 1;
    uint32_t code = aim & 0xffff;
    if (type < 0 || type >= PAKUPAKU__NTYPES || code > 2 * PAKUPAKU__OFF_MAX)
        return false;
    /* the adult profile (the `medium` level) stacking at its usual pace */
    double z = near_normal(pf_rng_double(rng), pf_rng_double(rng), pf_rng_double(rng));
    *played = PAKUPAKU__STACK(type, land((int)code - PAKUPAKU__OFF_MAX, wobble * adult.sd_fast, z));
    return true;
}

/* The allowed type whose landing range is widest, with its aim (hundredths)
 * at the middle of that range, where a hand's error of either sign is least
 * likely to topple any joint; *margin gets the range's half-width (table
 * units, negative when no type can stand). */
static int pick_mid(const pakupaku__tower *t, const int *allowed, int na, int *aim, double *margin)
{
    *aim = 0;
    *margin = 1e9;
    if (t->n == 0)
        return allowed[0]; /* the mat takes anything: the widest base */
    int best = allowed[0];
    int64_t bl = 0, bh = INT64_MIN;
    for (int i = 0; i < na; i++) {
        int64_t lo, hi;
        land_range(t, allowed[i], &lo, &hi);
        if (bh == INT64_MIN || hi - lo > bh - bl) {
            bl = lo;
            bh = hi;
            best = allowed[i];
        }
    }
    *aim = round_int((double)(bl + bh) / 2 / (PAKUPAKU__UNIT / 100));
    *margin = (double)(bh - bl) / 2 / PAKUPAKU__UNIT;
    return best;
}

/* The chance that a piece aimed at x lands in [lo, hi] (1/UNIT) with an
 * error of sd sig (table units). */
static double p_in(int64_t x, int64_t lo, int64_t hi, double sig)
{
    double k = 1.0 / (sig * PAKUPAKU__UNIT * sqrt(2.0));
    return 0.5 * (erf((double)(hi - x) * k) - erf((double)(lo - x) * k));
}

/* A duel's stack (PAKU-8): only falling counts. Among the pieces and aims
 * (a grid of 0.1 units) whose chance to stand at error sd sig is at least
 * DUEL_SAFE, the one that leaves the next seat the least chance to stand
 * (aiming at its own middle, same sd); the middle of the widest range when
 * none is that safe. A weaker hand falls on its own: only the margin of
 * safety is spent on pressure. *margin as pick_mid's (a duel ignores it). */
#define DUEL_SAFE 0.98
static int pick_duel(const pakupaku_state *s, const int *allowed, int na, double sig, int *aim,
                     double *margin)
{
    const pakupaku__tower *t = &s->tower;
    int best = pick_mid(t, allowed, na, aim, margin);
    if (t->n == 0 || t->n + 1 >= PAKUPAKU__PIECES)
        return best; /* a fresh tower follows a full one */
    double least = 2;
    pakupaku_state h; /* what the duel's next seat would see: the public head */
    memcpy(&h, s, offsetof(pakupaku_state, rng));
    h.tower.n++;
    for (int i = 0; i < na; i++) {
        int ty = allowed[i];
        int64_t lo, hi;
        land_range(t, ty, &lo, &hi);
        h.tower.type[t->n] = (uint8_t)ty;
        h.on[ty]++;
        for (int64_t x = lo; x <= hi; x += PAKUPAKU__UNIT / 10) {
            if (p_in(x, lo, hi, sig) < DUEL_SAFE)
                continue;
            h.tower.x[t->n] = (int32_t)x;
            double q = 0;
            for (int nt = 0; nt < PAKUPAKU__NTYPES; nt++) {
                int64_t l2, h2;
                if (!pakupaku__type_allowed(&h, nt))
                    continue;
                land_range(&h.tower, nt, &l2, &h2);
                double qn = h2 < l2 ? 0 : p_in((l2 + h2) / 2, l2, h2, sig);
                if (qn > q)
                    q = qn;
            }
            if (q < least) {
                least = q;
                best = ty;
                *aim = round_int((double)x / (PAKUPAKU__UNIT / 100));
            }
        }
        h.on[ty]--;
    }
    return best;
}

/* The type to stack and its aim (hundredths) for profile pr, with perfect
 * aim; *margin gets the predicted margin of the top joints. */
static inline int pick_piece(const profile *pr, const pakupaku_state *s, uint64_t *x, int *aim,
                             double *margin)
{
    const pakupaku__tower *t = &s->tower;
    int allowed[PAKUPAKU__NTYPES], na = 0;
    for (int type = 0; type < PAKUPAKU__NTYPES; type++)
        if (pakupaku__type_allowed(s, type))
            allowed[na++] = type;
    if (na == 0)
        return -1;
    if (pr->duel && s->phase == PAKUPAKU__DUEL)
        return pick_duel(s, allowed, na, sqrt(pr->sd_min * pr->sd_min + JITTER_SD * JITTER_SD), aim,
                         margin);
    if (pr->aim_mid)
        return pick_mid(t, allowed, na, aim, margin);
    int64_t lean = 0;
    for (int k = 1; k < t->n; k++)
        lean += t->x[k];
    /* the same as round_int(-0.5 * lean / 100) in doubles gave (and 0 for
     * 0%): the quotient's fraction is a multiple of 1 / 10000, exactly a
     * half or too far from one for the doubles' rounding to cross it */
    *aim = (int)div_round(-pr->correct * lean, 100 * (PAKUPAKU__UNIT / 100));
    int64_t a = (int64_t)*aim * (PAKUPAKU__UNIT / 100);
    top3 r;
    read_top(t, &r);
    int best = pr->any_type ? allowed[mix(x) % (uint64_t)na] : allowed[0];
    if (r.k == 0) {
        *margin = 1e9; /* the first piece stands anywhere */
        return best;
    }
    /* The widest margin, the first type on a tie, compared as fractions
     * and divided once: two margins that differ do so by at least 1/81
     * (1/UNIT; m is at most 9), far beyond the doubles' rounding, so the
     * doubles compared before chose the same type. */
    frac bf = top_margin(&r, best, a);
    for (int i = 1; i < na && !pr->any_type; i++) {
        frac f = top_margin(&r, allowed[i], a);
        if (f.d * bf.m > bf.d * f.m) {
            bf = f;
            best = allowed[i];
        }
    }
    *margin = frac_units(bf);
    return best;
}

/* Chooses (action, time) for the observing seat with profile pr (inlined
 * into each profile's function, so the profile's numbers fold in). */
static inline __attribute__((always_inline)) pf_err choose(const profile *pr, const pf_obs *o,
                                                           pf_rng *rng, pf_action *a, int64_t *t)
{
    (void)rng; /* chance-free: every draw below hashes public values */
    /* in place: a copy of the state for every ask took a twelfth of the bench */
    const pakupaku_state *s = pf_obs_public_head(o, offsetof(pakupaku_state, rng));
    assert(s); /* the game's public_head reaches the generator */
    int seat = pf_obs_seat(o);
    int free_ = 0, waiting = 0;
    int stack;
    if (s->phase == PAKUPAKU__DUEL) {
        stack = s->duel_turn == seat;
    } else if (s->phase == PAKUPAKU__PLAY) {
        pakupaku__held(s, seat, &free_, &waiting);
        stack = waiting > 0;
    } else {
        return PF_E_GAME_OVER;
    }
    if (!stack && free_ == 0)
        return PF_E_NOT_YOUR_TURN;
    uint64_t x = (uint64_t)seat * 0x9e3779b97f4a7c15ull ^ (uint64_t)s->acts[seat] << 40 ^
                 (uint64_t)s->since[seat] * 0xbf58476d1ce4e5b9ull;
    int64_t dur;
    if (!stack) {
        *a = PAKUPAKU__ROLL;
        dur = reaction(pr, &x);
    } else {
        double u = unit(&x);
        int aim;
        double margin;
        int type = pick_piece(pr, s, &x, &aim, &margin);
        if (type < 0)
            return PF_E_ILLEGAL_ACTION;
        double slow = pr->stack_ms * (0.7 + 0.6 * u);
        double steadiest = pr->stack_ms * pr->sd_fast / pr->sd_min;
        if (s->phase == PAKUPAKU__DUEL && pr->duel) {
            slow = steadiest; /* no clock runs in a duel: only the tower counts */
        } else if (pr->z_care > 0) {
            /* slow enough that hand and table jitter together (sd) leave
             * z_care sds to either end of the range */
            double sig = margin / pr->z_care;
            double hand = sig * sig - JITTER_SD * JITTER_SD;
            double need = hand > 0 ? pr->stack_ms * pr->sd_fast / sqrt(hand) : steadiest;
            if (need > steadiest)
                need = steadiest;
            if (need > slow)
                slow = need;
        } else if (margin < 2.0) {
            slow *= 1.6; /* a shaky tower: take care */
        }
        double sd = pr->sd_fast * pr->stack_ms / slow;
        if (sd < pr->sd_min)
            sd = pr->sd_min;
        double u1 = unit(&x), u2 = unit(&x), u3 = unit(&x);
        *a = PAKUPAKU__STACK(type, land(aim, sd, near_normal(u1, u2, u3)));
        dur = (int64_t)slow;
    }
    if (dur < PF_REACTION_MIN_MS)
        dur = PF_REACTION_MIN_MS;
    int64_t when = pf_time_after(pakupaku__ready(s, seat), dur);
    int64_t now = pf_obs_now(o);
    *t = when > now ? when : now;
    return PF_E_OK;
}

static pf_err choose_child(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return choose(&child, o, rng, a, t);
}

static pf_err choose_adult(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return choose(&adult, o, rng, a, t);
}

static pf_err choose_skilled(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return choose(&skilled, o, rng, a, t);
}

static pf_err choose_expert(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return choose(&expert, o, rng, a, t);
}

static pf_err choose_masher(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return choose(&masher, o, rng, a, t);
}

const pf_bot_def pakupaku__bots[] = {
    {"child", "reacts in 0.7 s, shaky stacking (sd 2.6), no plan for the tower", choose_child,
     true},
    {"adult", "reacts in 0.35 s, 0.9 s a stack, sd 1.9 shrinking with care, half-corrects lean",
     choose_adult, true},
    {"skilled",
     "reacts in 0.26 s, 0.7 s a stack, sd 1.7 shrinking with care, aims at the middle "
     "of the range where the tower stands",
     choose_skilled, true},
    {"expert",
     "reacts in 0.2 s, 0.55 s a stack, sd 1.6, aims as skilled and paces each stack "
     "to the tower, steadiest in a duel",
     choose_expert, true},
    {"masher", "rolls the moment its hands are free (0.15 s), stacks like an adult", choose_masher,
     true},
    {NULL, NULL, NULL, false},
};

/* The levels a person picks (easy to expert), measured in docs/bots.md. */
const pf_rung pakupaku__ladder[PF_LEVELS] = {
    {"child", 0, 0, NULL, false, "the child profile: slow hands, shaky stacking", 1},
    {"adult", 0, 0, NULL, false, "the adult profile", 1},
    {"skilled", 0, 0, NULL, false,
     "the skilled profile: quick hands, aims where the whole tower stands", 1},
    {"expert", 0, 0, NULL, false,
     "the expert profile: fastest reaction, paces each stack to the tower", 1},
};
