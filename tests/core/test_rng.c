/* test_rng.c: the generator matches its published reference and behaves. */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(splitmix64_reference),
        cmocka_unit_test(xoshiro_reference),
        cmocka_unit_test(seeds_repeat_and_differ),
        cmocka_unit_test(below_is_in_range_and_uniform),
        cmocka_unit_test(doubles_and_normals),
        cmocka_unit_test(shuffle_is_a_permutation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
