/* test_rng.c: the generator matches its published reference and behaves. */
#include <math.h>
#include <string.h>

#include "pf_test.h"

static void splitmix64_reference(void **state)
{
    (void)state;
    uint64_t x = 0;
    /* The first output of splitmix64 from 0, as in Vigna's reference code. */
    assert_true(pf_splitmix64(&x) == 0xe220a8397b1dcdafULL);
}

static void xoshiro_reference(void **state)
{
    (void)state;
    /* From the state {1, 2, 3, 4} the reference algorithm gives these. */
    pf_rng r = {{1, 2, 3, 4}};
    assert_true(pf_rng_next(&r) == 11520ULL);
    assert_true(pf_rng_next(&r) == 0ULL);
    assert_true(pf_rng_next(&r) == 1509978240ULL);
    assert_true(pf_rng_next(&r) == 1215971899390074240ULL);
}

static void seeds_repeat_and_differ(void **state)
{
    (void)state;
    pf_rng a, b, c;
    pf_rng_seed(&a, 42);
    pf_rng_seed(&b, 42);
    pf_rng_seed(&c, 43);
    for (int i = 0; i < 100; i++) {
        uint64_t x = pf_rng_next(&a);
        assert_true(x == pf_rng_next(&b));
        assert_true(x != pf_rng_next(&c));
    }
    assert_true(pf_seed_derive(1, 2) == pf_seed_derive(1, 2));
    assert_true(pf_seed_derive(1, 2) != pf_seed_derive(1, 3));
    assert_true(pf_seed_derive(1, 2) != pf_seed_derive(2, 2));
}

static void below_is_in_range_and_uniform(void **state)
{
    (void)state;
    pf_rng r;
    pf_rng_seed(&r, 7);
    int counts[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint32_t x = pf_rng_below(&r, 6);
        assert_true(x < 6);
        counts[x]++;
    }
    for (int i = 0; i < 6; i++) /* 10000 expected; 5 sd is about 456 */
        assert_true(counts[i] > 9500 && counts[i] < 10500);
    assert_int_equal(pf_rng_below(&r, 1), 0);
}

static void doubles_and_normals(void **state)
{
    (void)state;
    pf_rng r;
    pf_rng_seed(&r, 9);
    double sum = 0, sq = 0;
    for (int i = 0; i < 100000; i++) {
        double u = pf_rng_double(&r);
        assert_true(u >= 0 && u < 1);
        double z = pf_rng_normal(&r);
        sum += z;
        sq += z * z;
    }
    double mean = sum / 100000, var = sq / 100000 - mean * mean;
    assert_true(mean > -0.02 && mean < 0.02);
    assert_true(var > 0.97 && var < 1.03);
}

static void shuffle_is_a_permutation(void **state)
{
    (void)state;
    pf_rng r;
    pf_rng_seed(&r, 11);
    uint8_t a[32], seen[32] = {0};
    for (int i = 0; i < 32; i++)
        a[i] = (uint8_t)i;
    pf_rng_shuffle_u8(&r, a, 32);
    int moved = 0;
    for (int i = 0; i < 32; i++) {
        seen[a[i]]++;
        moved += a[i] != i;
    }
    for (int i = 0; i < 32; i++)
        assert_int_equal(seen[i], 1);
    assert_true(moved > 16);
}

/* libm's deviate from the generator's raw outputs a then b, as
 * pf_rng_normal computes it. */
static double exact_normal(uint64_t a, uint64_t b)
{
    double u1 = 1.0 - pf_rng_unit(a);
    double u2 = pf_rng_unit(b);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

/* What pf_rng_normal_rounded must equal: that deviate, scaled in that order,
 * rounded by libm. */
static long exact_rounded(uint64_t a, uint64_t b, double sd, double unit)
{
    return lrint(exact_normal(a, b) * sd * unit);
}

/* Millions of generator states: the same integers as the expression it
 * replaces, and the same draws. Near a rounding boundary (the fast path's
 * fallback) some thousands of them. */
static void rounded_normal_is_the_expression(void **state)
{
    (void)state;
    static const double scales[][2] = {{0.3, 10000}, {1, 1}, {1, 10000}, {0.5, 100}};
    static const int draws[] = {4000000, 1000000, 1000000, 1000000};
    for (int k = 0; k < 4; k++) {
        double sd = scales[k][0], unit = scales[k][1];
        pf_rng a, b;
        pf_rng_seed(&a, 2026 + (uint64_t)k);
        b = a;
        long near_boundary = 0;
        for (int i = 0; i < draws[k]; i++) {
            double t = pf_rng_normal(&b) * sd * unit;
            near_boundary += fabs(fabs(t - trunc(t)) - 0.5) < 0x1.0p-10;
            assert_true(pf_rng_normal_rounded(&a, sd, unit) == lrint(t));
            assert_memory_equal(&a, &b, sizeof a);
        }
        assert_true(near_boundary > draws[k] / 1000);
    }
}

/* The corners of the approximations: u1 at 1 and just below, at the smallest
 * draw, where the exponent and the log's centring change (1/2, sqrt(1/2));
 * u2 around every eighth of a turn (the quadrant choice and |g| = 1/2). */
static void rounded_normal_at_the_corners(void **state)
{
    (void)state;
    static const uint64_t u1_at[] = {0, 1ULL << 52, 0x95f619980c433ULL /* 1 - sqrt(1/2) */,
                                     (1ULL << 53) - 1};
    for (int i = 0; i < 4; i++)
        for (int64_t da = -300; da <= 300; da++) {
            uint64_t ka = (uint64_t)((int64_t)u1_at[i] + da) & ((1ULL << 53) - 1);
            for (int eighth = 0; eighth <= 8; eighth++)
                for (int64_t db = -40; db <= 40; db++) {
                    uint64_t kb = ((uint64_t)eighth << 50) + (uint64_t)(db * 997);
                    kb &= (1ULL << 53) - 1;
                    uint64_t a = ka << 11, b = kb << 11;
                    assert_true(pf_rng_normal_rounded_of(a, b, 0.3, 10000) ==
                                exact_rounded(a, b, 0.3, 10000));
                    assert_true(pf_rng_normal_rounded_of(a, b, 1, 1) == exact_rounded(a, b, 1, 1));
                }
        }
}

/* Scales chosen so that the scaled deviate lands on a rounding boundary, or
 * a hair to either side (inside the fast path's error too), and across the
 * fallback's margin. */
static void rounded_normal_at_rounding_boundaries(void **state)
{
    (void)state;
    static const double off[] = {0,    1e-12, -1e-12,    1e-9,       -1e-9, 1e-6, -1e-6,
                                 1e-4, -1e-4, 0x1.0p-10, -0x1.0p-10, 2e-3,  -2e-3};
    pf_rng r;
    pf_rng_seed(&r, 35);
    for (int i = 0; i < 200000; i++) {
        uint64_t a = pf_rng_next(&r), b = pf_rng_next(&r);
        double z = exact_normal(a, b);
        if (fabs(z) < 1e-3)
            continue;
        double half = floor(z * 3000) + 0.5;
        for (int j = 0; j < 13; j++) {
            double unit = (half + off[j]) / (z * 0.3);
            if (fabs(0.3 * unit) > PF_RNG_NORMAL_ROUNDED_MAX_SCALE)
                continue;
            assert_true(pf_rng_normal_rounded_of(a, b, 0.3, unit) ==
                        exact_rounded(a, b, 0.3, unit));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(splitmix64_reference),
        cmocka_unit_test(xoshiro_reference),
        cmocka_unit_test(seeds_repeat_and_differ),
        cmocka_unit_test(below_is_in_range_and_uniform),
        cmocka_unit_test(doubles_and_normals),
        cmocka_unit_test(shuffle_is_a_permutation),
        cmocka_unit_test(rounded_normal_is_the_expression),
        cmocka_unit_test(rounded_normal_at_the_corners),
        cmocka_unit_test(rounded_normal_at_rounding_boundaries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
