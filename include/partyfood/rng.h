/* rng.h: the one source of chance (ruling C-2).
 *
 * xoshiro256** (Blackman and Vigna) seeded through splitmix64. A generator
 * is 32 bytes of plain state, so it lives inside a game's flat state and is
 * cloned with it. */
#ifndef PARTYFOOD_RNG_H
#define PARTYFOOD_RNG_H

#include <stdint.h>

#include "partyfood/error.h"

typedef struct pf_rng {
    uint64_t s[4];
} pf_rng;

/* Seeds *r from one 64-bit number; every seed (0 included) is fine. */
void pf_rng_seed(pf_rng *r, uint64_t seed);

/* The next raw 64 random bits. Inline, with pf_rng_below and pf_rng_double:
 * random playouts draw once an action, and a call cost as much as the draw. */
static inline uint64_t pf_rng_next(pf_rng *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* The integer in [0, n) that 32 uniform random bits r stand for: Lemire's
 * multiply-shift, floor(r * n / 2^32) (the bias is below 2^-32 for any n we
 * use). */
static inline uint32_t pf_rng_scale(uint32_t r, uint32_t n)
{
    return (uint32_t)(((uint64_t)r * n) >> 32);
}

/* A uniform integer in [0, n); n must be at least 1: the high 32 bits of
 * the next draw, scaled. */
static inline uint32_t pf_rng_below(pf_rng *r, uint32_t n)
{
    return pf_rng_scale((uint32_t)(pf_rng_next(r) >> 32), n);
}

/* The uniform double in [0, 1) that the raw output x gives: its top 53
 * bits. */
static inline double pf_rng_unit(uint64_t x)
{
    return (double)(x >> 11) * 0x1.0p-53;
}

/* A uniform double in [0, 1). */
static inline double pf_rng_double(pf_rng *r)
{
    return pf_rng_unit(pf_rng_next(r));
}

/* A standard normal deviate (mean 0, sd 1). */
double pf_rng_normal(pf_rng *r);

/* lrint(pf_rng_normal(r) * sd * unit), the same integer and the same draws,
 * for |sd * unit| <= PF_RNG_NORMAL_ROUNDED_MAX_SCALE (beyond, it computes that
 * expression). Faster: log and cos are approximated (error under 2.2e-6 at
 * that scale, 6.5e-7 at 3000; src/core/rng.c) and the exact expression
 * computed only when the approximation lies within 2^-10 of a rounding
 * boundary (0.2% of the draws) or u1 within 2^-20 of 1, outside of which
 * both round alike (libm's own error being far smaller). */
#define PF_RNG_NORMAL_ROUNDED_MAX_SCALE 1e4
long pf_rng_normal_rounded(pf_rng *r, double sd, double unit);

/* The same from the generator's two raw outputs a then b (for tests). */
long pf_rng_normal_rounded_of(uint64_t a, uint64_t b, double sd, double unit);

/* Shuffles n bytes in place (Fisher-Yates). */
void pf_rng_shuffle_u8(pf_rng *r, uint8_t *a, int n);

/* splitmix64 step: mixes *x forward and returns a well-spread value. Used to
 * derive independent seeds (per game in a batch, per bot decision). */
uint64_t pf_splitmix64(uint64_t *x);

/* A seed derived from a base seed and an index, stable across platforms. */
uint64_t pf_seed_derive(uint64_t base, uint64_t index);

/* A fresh secret seed from the system (getrandom), for games people play:
 * never the clock, which can be guessed (src/core/seed.c). */
pf_err pf_seed_random(uint64_t *seed, pf_error *err);

#endif
