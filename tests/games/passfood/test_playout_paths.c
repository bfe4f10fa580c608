/* test_playout_paths.c: Pass the Party Food's two random playouts play the
 * same games (issue 35).
 *
 * pf_playout picks a playout step's action with BMI2's pdep where the
 * processor has a fast one, and from legal's list elsewhere (the
 * WebAssembly build, older processors). Both must take the same action for
 * the same draw, or the search would play differently from one machine to
 * the next. On a machine with pdep, the transcript test covers only the pdep
 * path; here passfood__pick_by_list forces the list's, and every playout is
 * played both ways from the same state and the same generator, at every
 * point of seeded games at each test table: the same state (bytes), steps
 * and generator; and ISMCTS's first decisions come out the same. */
#include <string.h>

#include "games/passfood/passfood.h"
#include "partyfood/ismcts.h"
#include "pf_test.h"

/* pf_playout by the list's pick when listed, else by this processor's. */
static int playout(void *st, pf_rng *rng, bool listed)
{
    passfood__pick_by_list = listed;
    int n = pf_playout(&pf_game_passfood, st, rng, 0, pf_game_passfood.max_steps);
    passfood__pick_by_list = false;
    return n;
}

/* Plays st out both ways from a copy; both must agree. Returns the steps. */
static int both_ways(const void *st, uint64_t seed)
{
    passfood_state a, b;
    memcpy(&a, st, sizeof a);
    memcpy(&b, st, sizeof b);
    pf_rng ra, rb;
    pf_rng_seed(&ra, seed);
    pf_rng_seed(&rb, seed);
    int na = playout(&a, &ra, false), nb = playout(&b, &rb, true);
    assert_int_equal(na, nb);
    assert_memory_equal(&a, &b, sizeof a);
    assert_memory_equal(&ra, &rb, sizeof ra);
    return na;
}

static void test_paths_play_the_same_games(void **state)
{
    (void)state;
    const pf_game *g = &pf_game_passfood;
    long playouts = 0, steps = 0;
    for (const pf_test_config *tc = g->test_configs; tc->seats; tc++) {
        for (uint64_t game = 0; game < 40; game++) {
            passfood_state *s = pf_test_new(g, tc->seats, tc->options, pf_seed_derive(3501, game));
            pf_rng walk;
            pf_rng_seed(&walk, game);
            /* from every point of one random game: each phase, each kind of
             * legal set, bags full and nearly empty */
            for (int k = 0; !g->over(s, NULL); k++) {
                steps += both_ways(s, pf_seed_derive(game, (uint64_t)k));
                playouts++;
                int seat = __builtin_ctz(g->to_act(s));
                g->apply(s, seat, pf_random_listed(g, s, seat, &walk), 0, NULL);
            }
            test_free(s);
        }
    }
    print_message("%ld playouts, %ld steps, each both ways; pf_playout's pick here: %s\n",
                  playouts, steps, passfood__pick_by_bits() ? "pdep" : "the list (both the same)");
    assert_true(playouts > 1000);
}

/* ISMCTS's first decision (the action, the tree's size and value), its
 * playouts by the list's pick when listed. */
static void first_decision(const void *st, int seats, uint64_t seed, bool listed,
                           pf_action *a, pf_ismcts_stats *stats)
{
    pf_obs o;
    pf_obs_init(&o, &pf_game_passfood, st, __builtin_ctz(pf_game_passfood.to_act(st)), seats, 0,
                0);
    pf_rng rng;
    pf_rng_seed(&rng, seed);
    pf_ismcts_config cfg = {.iterations = 500};
    passfood__pick_by_list = listed;
    assert_int_equal(pf_ismcts_choose(&o, &cfg, &rng, a, stats), PF_E_OK);
    passfood__pick_by_list = false;
}

static void test_paths_search_the_same(void **state)
{
    (void)state;
    const pf_game *g = &pf_game_passfood;
    for (const pf_test_config *tc = g->test_configs; tc->seats; tc++) {
        for (uint64_t game = 0; game < 4; game++) {
            void *s = pf_test_new(g, tc->seats, tc->options, pf_seed_derive(3502, game));
            pf_action a, b;
            pf_ismcts_stats sa, sb;
            first_decision(s, tc->seats, game, false, &a, &sa);
            first_decision(s, tc->seats, game, true, &b, &sb);
            assert_int_equal(a, b);
            assert_int_equal(sa.iterations, sb.iterations);
            assert_int_equal(sa.nodes, sb.nodes);
            assert_true(sa.value == sb.value);
            test_free(s);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paths_play_the_same_games),
        cmocka_unit_test(test_paths_search_the_same),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
