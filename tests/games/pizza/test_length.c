/* test_length.c: the length of Pizza Party under uniformly random play.
 *
 * The issue that specified the game measured, with a uniformly random
 * player (PIZ-6), about 73 turns for 4 players and about 68 for 2. The
 * mean checks the topping rules as a whole: imaginary slices left out of
 * rule b give 198 turns with 2 players; a free kind placed even on a slice
 * holding another (no rule c'), 43 (4 players: 55). Swaps barely move it under random
 * play (d forgotten: 67.0 and 73.1), so the scenario tests cover d and e.
 * Seeds are fixed, so the figures are exactly reproducible; the bands are
 * about 10 standard errors wide. */
#include "pizza_scenario.h"

/* Mean turns of `games` random games (and the share won) into *mean, *won;
 * the invariants of pizza.h are checked after every action of the first
 * check_games. */
static void random_games(int seats, const char *options, int games, int check_games,
                         double *mean, double *won)
{
    const pf_game *g = pf_test_game("pizza");
    pf_rng rng;
    pf_rng_seed(&rng, 73);
    pf_action legal[PF_MAX_LEGAL];
    double turns = 0;
    int wins = 0;
    for (int k = 0; k < games; k++) {
        pizza_state *s = pf_test_new(g, seats, options, (uint64_t)k);
        while (!g->over(s, NULL)) {
            int n = g->legal(s, s->to_move, legal, PF_MAX_LEGAL);
            g->apply(s, s->to_move, legal[pf_rng_below(&rng, (uint32_t)n)], 0, NULL);
            if (k < check_games)
                pizza_check_invariants(s);
        }
        turns += s->turn;
        wins += s->winner != PIZZA_NONE;
        test_free(s);
    }
    *mean = turns / games;
    *won = (double)wins / games;
}

static void test_random_length(void **state)
{
    (void)state;
    static const struct {
        int seats;
        const char *options;
        double lo, hi;
    } cases[] = {
        {4, "", 72.0, 74.4},   /* the issue: about 73 */
        {2, "", 67.3, 69.8},   /* the issue: about 68 */
        {3, "", 70.1, 72.6},   /* measured 71.3 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double mean, won;
        random_games(cases[i].seats, cases[i].options, 20000, 2000, &mean, &won);
        print_message("%d seats '%s': %.2f turns on average, %.4f won\n", cases[i].seats,
                      cases[i].options, mean, won);
        if (mean < cases[i].lo || mean > cases[i].hi)
            fail_msg("%d seats: mean %.2f turns, expected %.1f..%.1f", cases[i].seats, mean,
                     cases[i].lo, cases[i].hi);
        /* PIZ-4's safety net is for stubborn players, not random ones. */
        assert_true(won == 1.0);
    }
}

/* The invariants hold through random games of every option combination. */
static void test_invariants(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    for (const pf_test_config *c = g->test_configs; c->seats; c++) {
        double mean, won;
        random_games(c->seats, c->options, 300, 300, &mean, &won);
        assert_true(won == 1.0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_length),
        cmocka_unit_test(test_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
