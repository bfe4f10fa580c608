/* rng.c: seeding (splitmix64) and the generator's slower draws; the step of
 * xoshiro256** itself is inline in rng.h. */
#include "partyfood/rng.h"

#include <math.h>

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

double pf_rng_normal(pf_rng *r)
{
    /* Box-Muller; one deviate per call keeps the generator's use simple. */
    double u1 = 1.0 - pf_rng_double(r); /* (0, 1] so log is finite */
    double u2 = pf_rng_double(r);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
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
