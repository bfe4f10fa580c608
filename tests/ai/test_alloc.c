/* test_alloc.c: a search allocates per decision, never per iteration.
 *
 * The program counts calls to malloc/calloc/realloc by defining them
 * itself and passing on to the allocator the build links: jemalloc's
 * own entry points (mallocx, rallocx), or glibc's (__libc_*). A search of
 * 2000 iterations must allocate exactly as often as one of 200, for the
 * tree and for the paired search, in every turn-based game. Sanitizers
 * replace the allocator themselves, so under ASan the test says so and
 * skips. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/ismcts.h"
#include "pf_test.h"

#if defined(__SANITIZE_ADDRESS__)
#define PF_COUNTING 0
#else
#define PF_COUNTING 1
#ifdef PF_JEMALLOC
#include <jemalloc/jemalloc.h>
/* jemalloc's extended calls take no zero size. */
static void *real_malloc(size_t n)
{
    return mallocx(n ? n : 1, 0);
}

static void *real_calloc(size_t n, size_t k)
{
    size_t size;
    if (__builtin_mul_overflow(n, k, &size))
        return NULL; /* as calloc does */
    return size ? mallocx(size, MALLOCX_ZERO) : real_malloc(0);
}

static void *real_realloc(void *p, size_t n)
{
    return p ? rallocx(p, n ? n : 1, 0) : real_malloc(n);
}
#else
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
#define real_malloc __libc_malloc
#define real_calloc __libc_calloc
#define real_realloc __libc_realloc
#endif

static long allocations;

void *malloc(size_t n)
{
    allocations++;
    return real_malloc(n);
}

void *calloc(size_t n, size_t k)
{
    allocations++;
    return real_calloc(n, k);
}

void *realloc(void *p, size_t n)
{
    allocations++;
    return real_realloc(p, n);
}
#endif

#if PF_COUNTING
/* Allocations made by one search of `iterations` at the first decision. */
static long search_allocations(const pf_game *g, int iterations, bool paired)
{
    void *st = pf_test_new(g, 3 <= g->max_seats ? 3 : g->max_seats, "", 5);
    pf_obs o;
    pf_obs_init(&o, g, st, __builtin_ctz(g->to_act(st)), 3, 0, 0);
    pf_rng rng;
    pf_rng_seed(&rng, 1);
    pf_ismcts_config cfg = {.iterations = iterations, .paired = paired};
    pf_action a;
    long before = allocations;
    assert_int_equal(pf_ismcts_choose(&o, &cfg, &rng, &a, NULL), PF_E_OK);
    long used = allocations - before;
    test_free(st);
    return used;
}
#endif

static void allocations_do_not_grow_with_iterations(void **state)
{
    (void)state;
#if PF_COUNTING
    int games = 0;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        if (g->real_time)
            continue;
        for (int paired = 0; paired <= 1; paired++) {
            long few = search_allocations(g, 200, paired);
            long many = search_allocations(g, 2000, paired);
            print_message("%s %s: %ld allocations for 200 iterations, %ld for 2000\n", g->id,
                          paired ? "paired" : "tree", few, many);
            assert_true(few > 0); /* the counter does see the search's own */
            assert_int_equal(few, many);
        }
        games++;
    }
    assert_true(games >= 3);
#else
    skip();
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(allocations_do_not_grow_with_iterations)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
