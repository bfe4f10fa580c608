/* test_bots.c: the greedy team bot makes the moves its policy promises,
 * deciding from its own seat's observation only. */
#include "passfood_scenario.h"

/* The action the greedy bot of `seat` picks in s, as a name. */
static const char *greedy(const passfood_state *s, int seat, uint64_t seed)
{
    static char name[64];
    const pf_bot_def *bot = pf_bot_find(pfg(), "greedy");
    assert_non_null(bot);
    pf_obs o;
    pf_obs_init(&o, pfg(), s, seat, s->seats, 0, 0);
    pf_rng rng;
    pf_rng_seed(&rng, seed);
    pf_action a;
    int64_t t = -1;
    assert_int_equal(bot->choose(&o, &rng, &a, &t), PF_E_OK);
    assert_int_equal(t, 0);
    assert_true(pfg()->name(s, a, name, sizeof name) > 0);
    return name;
}

/* A take breaks Ziggy's row (12 points) before he scores it. */
static void test_take_breaks_ziggy_row(void **state)
{
    (void)state;
    passfood_state *s =
        scen(3, "swaps=0;difficulty=0;pos=20,20,20;ziggy=SBFP;boards=S/S/S;bag=LFFF");
    act(s, 0, "carry on");
    assert_int_equal(s->phase, PASSFOOD_PH_ZIGGY);
    for (uint64_t seed = 0; seed < 5; seed++)
        assert_non_null(strstr(greedy(s, 0, seed), "take ziggy"));
    /* and not for a 2-point column far from anyone */
    test_free(s);
    s = scen(3, "swaps=0;difficulty=0;pos=20,20,20;ziggy=SS;boards=S/S/S;bag=SFFF");
    act(s, 0, "carry on");
    assert_string_equal(greedy(s, 0, 1), "carry on");
    test_free(s);
}

/* Ziggy's cheapest set is chosen when several are complete. */
static void test_ziggy_gets_the_cheapest_set(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=20,20,20;ziggy=SSSBBBFPL;boards=S/S/S;bag=FSBF");
    assert_int_equal(s->phase, PASSFOOD_PH_ZIGGY);
    const char *c = greedy(s, 0, 3);
    assert_true(!strcmp(c, "ziggy scores column snake") ||
                !strcmp(c, "ziggy scores column biscuit"));
    test_free(s);
}

/* A swap that completes a row is offered, and the partner's greedy answer
 * gives the missing lamington. */
static void test_swap_completes_a_set(void **state)
{
    (void)state;
    passfood_state *s = scen(3, "takes=0;difficulty=0;pos=20,20,20;boards=SBBF/L/S;bag=FPFF");
    act(s, 0, "carry on");
    act(s, 0, "carry on");
    act(s, 0, "plate centre"); /* P to seat 0: S B B F P, no lamington */
    act(s, 0, "plate left");
    assert_int_equal(s->phase, PASSFOOD_PH_SCORE);
    assert_string_equal(greedy(s, 0, 1), "swap give biscuit to 2");
    act(s, 0, "swap give biscuit to 2");
    assert_string_equal(greedy(s, 1, 1), "swap answer give lamington");
    act(s, 1, "swap answer give lamington");
    assert_string_equal(greedy(s, 0, 1), "score row 1");
    test_free(s);
}

/* A drawn tile goes to the seat it completes a set for. */
static void test_tile_to_who_needs_it(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=20,20,20;boards=S/SBFP/S;bag=FLSS");
    assert_int_equal(s->drawn, PASSFOOD_LAMINGTON);
    assert_string_equal(greedy(s, 0, 1), "plate left");
    test_free(s);
    s = scen(3, NOTOK "pos=20,20,20;boards=S/S/SBFP;bag=FLSS");
    assert_string_equal(greedy(s, 0, 1), "plate right");
    test_free(s);
}

/* The best set is scored: a row (8) before a column (5). */
static void test_scores_best_set(void **state)
{
    (void)state;
    passfood_state *s =
        scen(3, NOTOK "pos=10,20,20;boards=SSSSBFPL/S/S;bag=FFFF;numbers=dips:");
    act(s, 0, "plate left");
    act(s, 0, "plate centre");
    assert_string_equal(greedy(s, 0, 1), "score row 1");
    test_free(s);
}

/* greedy's choice is a legal action at every step of whole games (its
 * playouts ask no legal list: passfood__greedy_play), also in the states a
 * distracted team reaches: a quarter of the moves played are random. */
static void test_greedy_plays_legal_moves(void **state)
{
    (void)state;
    const pf_game *g = pfg();
    long steps = 0;
    for (int seats = 2; seats <= 4; seats++)
        for (uint64_t seed = 1; seed <= 100; seed++) {
            char spec[32];
            snprintf(spec, sizeof spec, "difficulty=%d", (int)(seed % 7));
            passfood_state *s = pf_test_new(g, seats, spec, seed);
            passfood_greedy_memo memo = {.turn = -1, .table = passfood__greedy_table(&s->num)};
            pf_rng rng;
            pf_rng_seed(&rng, seed);
            while (!g->over(s, NULL)) {
                int seat = __builtin_ctz(g->to_act(s));
                pf_action legal[PF_MAX_LEGAL], a = passfood__greedy_play(s, seat, &memo);
                int n = g->legal(s, seat, legal, PF_MAX_LEGAL), i = 0;
                while (i < n && legal[i] != a)
                    i++;
                assert_true(i < n);
                if (pf_rng_below(&rng, 4) == 0)
                    a = legal[pf_rng_below(&rng, (uint32_t)n)];
                g->apply(s, seat, a, 0, NULL);
                steps++;
            }
            test_free(s);
        }
    assert_true(steps > 15000); /* whole games were played */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_take_breaks_ziggy_row),
        cmocka_unit_test(test_ziggy_gets_the_cheapest_set),
        cmocka_unit_test(test_swap_completes_a_set),
        cmocka_unit_test(test_tile_to_who_needs_it),
        cmocka_unit_test(test_scores_best_set),
        cmocka_unit_test(test_greedy_plays_legal_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
