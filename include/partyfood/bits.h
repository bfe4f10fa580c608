/* bits.h: counting the set bits of a bit set (core).
 *
 * Portable x86-64 has no popcount instruction: the compiler calls a library
 * routine for __builtin_popcount. Word arithmetic, inline, is quicker where
 * a playout counts at every step (Pizza Party's face-down cells, Pass the
 * Party Food's legal actions as a bit set). */
#ifndef PARTYFOOD_BITS_H
#define PARTYFOOD_BITS_H

#include <stdint.h>

/* The number of set bits of x. */
static inline int pf_popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* The number of set bits of x. */
static inline int pf_popcount64(uint64_t x)
{
    return pf_popcount32((uint32_t)x) + pf_popcount32((uint32_t)(x >> 32));
}

#endif
