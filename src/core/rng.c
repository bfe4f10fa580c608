/* rng.c: seeding (splitmix64) and the generator's slower draws; the step of
 * xoshiro256** itself is inline in rng.h. */
#include "partyfood/rng.h"

#include <math.h>
#include <string.h>

static inline uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t pf_splitmix64(uint64_t *x)
{
    return splitmix64(x);
}

uint64_t pf_seed_derive(uint64_t base, uint64_t index)
{
    uint64_t x = base ^ (index * 0xd1b54a32d192ed03ULL);
    splitmix64(&x);
    return splitmix64(&x);
}

void pf_rng_seed(pf_rng *r, uint64_t seed)
{
    /* unrolled: the bots' driver seeds a generator for every ask */
    r->s[0] = splitmix64(&seed);
    r->s[1] = splitmix64(&seed);
    r->s[2] = splitmix64(&seed);
    r->s[3] = splitmix64(&seed);
}

/* Box-Muller; one deviate per call keeps the generator's use simple. u1 is
 * in (0, 1] so log is finite. */
static double box_muller(double u1, double u2)
{
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

double pf_rng_normal(pf_rng *r)
{
    double u1 = 1.0 - pf_rng_double(r);
    double u2 = pf_rng_double(r);
    return box_muller(u1, u2);
}

/* -2 log(u1) for u1 in (0, 1], relative error under 1.5e-12 (u1 in [0.707, 1])
 * or absolute under 1.1e-12 (below, where the value is at least 0.69). As
 * fdlibm's log: u1 = 2^k m with m in [sqrt(1/2), sqrt(2)); f = m - 1 is exact,
 * log m = 2 atanh(s) with s = f / (2 + f), |s| <= 0.1716, and the series
 * 2 (s + s^3/3 + ... + s^13/13) leaves out at most 2 |s|^15 / 15 / (1 - s^2),
 * 1.3e-12 of log m. Rounding adds a few ulps, and k ln 2 (|k| <= 53) at most
 * 8e-15. */
static double minus_two_log(double u1)
{
    uint64_t ix;
    memcpy(&ix, &u1, sizeof ix);
    ix += 0x3ff0000000000000ULL - 0x3fe6a09e667f3bcdULL;
    int k = (int)(ix >> 52) - 0x3ff;
    ix = (ix & 0x000fffffffffffffULL) + 0x3fe6a09e667f3bcdULL;
    double m;
    memcpy(&m, &ix, sizeof m);
    double f = m - 1.0;
    double s = f / (2.0 + f);
    double z = s * s;
    double tail = 0.6666666666666666 +
                  z * (0.4 + z * (0.2857142857142857 +
                                  z * (0.2222222222222222 +
                                       z * (0.18181818181818182 + z * 0.15384615384615385))));
    double log_m = 2.0 * s + s * z * tail;
    return -2.0 * (k * 0.6931471805599453 + log_m);
}

/* cos(2 pi u2) for u2 in [0, 1), absolute error under 1e-11. 4 u2 = n + g
 * with n whole and |g| <= 1/2, both exact; the angle is a quarter turn times
 * n plus theta = g pi / 2, |theta| <= pi / 4, where the Taylor series of sin
 * to theta^11 and of cos to theta^12 leave out under 7.1e-12 and 4.2e-13.
 * Both are computed and one chosen without a branch: the quadrant is random. */
static double cos_turns(double u2)
{
    double y = 4.0 * u2;
    double nd = (y + 0x1.8p52) - 0x1.8p52; /* nearest whole number, exact */
    double g = y - nd;
    int n = (int)nd;
    double g2 = g * g;
    double sin_q = g * (1.5707963267948966 -
                        g2 * (0.6459640975062463 -
                              g2 * (0.07969262624616705 -
                                    g2 * (0.004681754135318688 -
                                          g2 * (0.00016044118478735983 -
                                                g2 * 3.598843235212085e-06)))));
    double cos_q = 1.0 - g2 * (1.2337005501361697 -
                               g2 * (0.25366950790104803 -
                                     g2 * (0.02086348076335296 -
                                           g2 * (0.0009192602748394266 -
                                                 g2 * (2.5202042373060607e-05 -
                                                       g2 * 4.710874778818172e-07)))));
    double v = (n & 1) ? sin_q : cos_q;
    return ((n + 1) & 2) ? -v : v;
}

/* How close to a rounding boundary (a whole number and a half) the fast value
 * may come before the exact expression decides; see pf_rng_normal_rounded. */
#define ROUNDING_MARGIN 0x1.0p-10

long pf_rng_normal_rounded_of(uint64_t a, uint64_t b, double sd, double unit)
{
    double u1 = 1.0 - (double)(a >> 11) * 0x1.0p-53;
    double u2 = (double)(b >> 11) * 0x1.0p-53;
    double t = sqrt(minus_two_log(u1)) * cos_turns(u2) * (sd * unit);
    double nearest = (t + 0x1.8p52) - 0x1.8p52; /* |t| < 2^51 below */
    if (fabs(sd * unit) <= PF_RNG_NORMAL_ROUNDED_MAX_SCALE &&
        fabs(t - nearest) < 0.5 - ROUNDING_MARGIN)
        return (long)nearest;
    return lrint(box_muller(u1, u2) * sd * unit);
}

long pf_rng_normal_rounded(pf_rng *r, double sd, double unit)
{
    uint64_t a = pf_rng_next(r);
    uint64_t b = pf_rng_next(r);
    return pf_rng_normal_rounded_of(a, b, sd, unit);
}

void pf_rng_shuffle_u8(pf_rng *r, uint8_t *a, int n)
{
    /* The generator in a local copy: a byte store through a may alias *r,
     * so drawing from *r itself loaded and stored its state at every swap. */
    pf_rng g = *r;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pf_rng_below(&g, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    *r = g;
}
