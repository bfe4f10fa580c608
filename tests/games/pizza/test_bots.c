/* test_bots.c: Pizza Party's bots: the moves their policy promises, and
 * that remembering wins (PIZ-7: "remembering is the game"). */
#include "pizza_scenario.h"

/* The action bot `name` chooses for the seat to move in s. */
static pf_action bot_move(const char *name, const pizza_state *s, uint64_t seed)
{
    const pf_game *g = pf_test_game("pizza");
    const pf_bot_def *bot = pf_bot_find(g, name);
    assert_non_null(bot);
    pf_obs o;
    pf_obs_init(&o, g, s, s->to_move, s->seats, 0, 0);
    pf_rng rng;
    pf_rng_seed(&rng, seed);
    pf_action a;
    int64_t t = -1;
    assert_int_equal(bot->choose(&o, &rng, &a, &t), PF_E_OK);
    assert_int_equal(t, 0);
    return a;
}

/* A remembered topping of the own kind is taken (rule c). */
static void test_takes_remembered_topping(void **state)
{
    (void)state;
    pizza_state *s = pizza_scenario(2, GRID_ALL, "0:flip 0, 1:flip 1");
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_int_equal(bot_move("memory", s, seed), PIZZA_FLIP(1));
    test_free(s);
}

/* With an empty slice, a remembered topping of a free kind (rule a), not
 * one of a kind another slice holds. */
static void test_empty_slice_takes_free_kind(void **state)
{
    (void)state;
    pizza_state *s = pizza_scenario(2, GRID_ALL, "0:flip 0, 1:flip 1, 0:flip 12");
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_int_equal(bot_move("memory", s, seed), PIZZA_FLIP(12));
    test_free(s);
}

/* Remembered useless pieces are left alone while unknown cells remain;
 * the forgetful bot forgets them after 6 turns. */
static void test_avoids_useless_pieces(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    /* Mushrooms 12 and 13 are seen; seat 0 holds onion, seat 1 pepper. */
    pizza_state *s = pizza_scenario(2, GRID_ALL, "0:flip 0, 1:flip 6, 0:flip 12, 1:flip 13");
    for (uint64_t seed = 0; seed < 200; seed++) {
        pf_action a = bot_move("memory", s, seed);
        assert_true(a != PIZZA_FLIP(12) && a != PIZZA_FLIP(13));
        a = bot_move("forgetful", s, seed);
        assert_true(a != PIZZA_FLIP(12) && a != PIZZA_FLIP(13));
    }
    /* Six turns of pepperoni put back later, the forgetful bot has lost
     * cells 12 and 13; the memory bot has not. */
    pizza_play(g, s, "0:flip 18, 1:flip 18, 0:flip 18, 1:flip 18, 0:flip 18, 1:flip 18,"
                     " 0:flip 18", NULL);
    int forgot = 0;
    for (uint64_t seed = 0; seed < 400; seed++) {
        pf_action a = bot_move("memory", s, seed);
        assert_true(a != PIZZA_FLIP(12) && a != PIZZA_FLIP(13) && a != PIZZA_FLIP(18));
        a = bot_move("forgetful", s, seed);
        assert_true(a != PIZZA_FLIP(18)); /* seen last turn: still remembered */
        forgot += a == PIZZA_FLIP(12) || a == PIZZA_FLIP(13);
    }
    assert_true(forgot > 0);
    test_free(s);
}

/* The casual bot (medium) remembers the last 14 turns' reveals: it still
 * knows mushrooms 12 and 13 when the forgetful bot has lost them, and loses
 * them too once they were seen more than 14 turns ago. */
static void test_casual_remembers_longer(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    /* Seat 0 holds onion, seat 1 pepper; cells 12 and 13 seen at turns 2
     * and 3, then pepperoni 18 turned over and put back every turn. */
    pizza_state *s =
        pizza_scenario(2, GRID_ALL,
                       "0:flip 0, 1:flip 6, 0:flip 12, 1:flip 13, 0:flip 18, 1:flip 18,"
                       " 0:flip 18, 1:flip 18, 0:flip 18, 1:flip 18, 0:flip 18");
    assert_int_equal(s->turn, 11);
    int forgetful_forgot = 0;
    for (uint64_t seed = 0; seed < 400; seed++) {
        pf_action a = bot_move("casual", s, seed);
        assert_true(a != PIZZA_FLIP(12) && a != PIZZA_FLIP(13) && a != PIZZA_FLIP(18));
        a = bot_move("forgetful", s, seed);
        forgetful_forgot += a == PIZZA_FLIP(12) || a == PIZZA_FLIP(13);
    }
    assert_true(forgetful_forgot > 0);
    pizza_play(g, s, "1:flip 18, 0:flip 18, 1:flip 18, 0:flip 18, 1:flip 18, 0:flip 18", NULL);
    /* Turn 17: cell 12 is 15 turns old (forgotten), cell 13 is 14 (kept). */
    int forgot12 = 0;
    for (uint64_t seed = 0; seed < 400; seed++) {
        pf_action a = bot_move("casual", s, seed);
        assert_true(a != PIZZA_FLIP(13) && a != PIZZA_FLIP(18));
        forgot12 += a == PIZZA_FLIP(12);
        assert_true(bot_move("memory", s, seed) != PIZZA_FLIP(12));
    }
    assert_true(forgot12 > 0);
    test_free(s);
}

/* After rule e the bot takes the fullest slice, and does not hand its own
 * full slice to a player when an imaginary seat can take it. */
static void test_switch_choice(void **state)
{
    (void)state;
    pizza_state *s = pizza_scenario(2, GRID_ALL, "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 26");
    assert_true(s->choosing);
    assert_int_equal(bot_move("memory", s, 1), PIZZA_PICK(0)); /* red: 2 onions */
    test_free(s);
    s = pizza_scenario(2, GRID_ALL, "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 12, 0:flip 24");
    assert_true(s->choosing);
    pf_action a = bot_move("memory", s, 1);
    assert_true(a == PIZZA_PICK(2) || a == PIZZA_PICK(3)); /* not yellow's holder */
    test_free(s);
}

/* The planner takes a remembered topping it can use without searching,
 * discovers while the slices are low (passing pays only in the pass zone),
 * passes only with the lowest remembered cell, and never answers another
 * seat's pass with a pass (two planners would stall the game). */
static void test_planner_pass(void **state)
{
    (void)state;
    pizza_state *s = pizza_scenario(2, GRID_ALL, "0:flip 0, 1:flip 1");
    assert_int_equal(bot_move("planner", s, 1), PIZZA_FLIP(1));
    test_free(s);
    /* Seat 0 holds onion, seat 1 pepper, one each; mushrooms 12 and 13 are
     * known: too early to pass. */
    s = pizza_scenario(2, GRID_ALL, "0:flip 0, 1:flip 6, 0:flip 12, 1:flip 13");
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_true((s->down & ~s->seen) >> bot_move("planner", s, seed) & 1);
    test_free(s);
    /* Three each and mushroom 12 known: the planner weighs passing, and a
     * pass is cell 12; right after seat 1 passed with it, it discovers. */
    const char *three = "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 7, 0:flip 2, 1:flip 8";
    char script[256];
    snprintf(script, sizeof script, "%s, 0:flip 12, 1:flip 18", three);
    s = pizza_scenario(2, GRID_ALL, script);
    for (uint64_t seed = 0; seed < 3; seed++) {
        pf_action a = bot_move("planner", s, seed);
        assert_true(a == PIZZA_FLIP(12) || ((s->down & ~s->seen) >> a & 1));
    }
    test_free(s);
    snprintf(script, sizeof script, "%s, 0:flip 18, 1:flip 12", three);
    s = pizza_scenario(2, GRID_ALL, script);
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_true((s->down & ~s->seen) >> bot_move("planner", s, seed) & 1);
    test_free(s);
}

/* The planner's rule (its own moves in its playouts) passes instead of
 * discovering once both slices hold 3 toppings, the rival remembers none of
 * its kind and a switch is still face down; not with fewer toppings, nor
 * without switches; it still takes a remembered topping of its own. In the
 * playouts the rivals never pass, so the rule passes after a pass too. */
static void test_planner_playout_pass(void **state)
{
    (void)state;
    /* Seat 0 onion, seat 1 pepper, 3 each. */
    const char *three = "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 7, 0:flip 2, 1:flip 8";
    static const struct {
        const char *options, *then; /* more of the script, seat 0 to move after it */
        int pass;                   /* 1: pass with cell 12; 0: discover; 2: take cell 3 */
    } cases[] = {
        {GRID_ALL, "0:flip 12, 1:flip 18", 1}, /* mushroom 12, pepperoni 18 known, useless */
        {GRID_ALL, "0:flip 9, 1:flip 18", 0},  /* pepper 9 waits for the rival */
        {GRID_ALL, "0:flip 18, 1:flip 12", 1}, /* the rival passed with cell 12 */
        {GRID_ALL, "0:flip 12, 1:flip 3", 2},  /* onion 3 is seat 0's to take */
        {"switches=false;grid=on,on,on,on,on,on,pe,pe, pe,pe,pe,pe,mu,mu,mu,mu,"
         " mu,mu,pp,pp,pp,pp,pp,pp",
         "0:flip 12, 1:flip 18", 0}, /* no switch: passing only loses time */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char script[256];
        snprintf(script, sizeof script, "%s, %s", three, cases[i].then);
        pizza_state *s = pizza_scenario(2, cases[i].options, script);
        for (uint64_t seed = 0; seed < 20; seed++) {
            pf_rng rng;
            pf_rng_seed(&rng, seed);
            pf_action a = pizza__planner_playout_move(s, &rng);
            if (cases[i].pass == 1)
                assert_int_equal(a, PIZZA_FLIP(12));
            else if (cases[i].pass == 2)
                assert_int_equal(a, PIZZA_FLIP(3));
            else
                assert_true((s->down & ~s->seen) >> a & 1);
        }
        test_free(s);
    }
    /* With 2 toppings each the planner discovers. */
    pizza_state *s =
        pizza_scenario(2, GRID_ALL, "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 7, 0:flip 12, 1:flip 18");
    pf_rng rng;
    pf_rng_seed(&rng, 1);
    assert_true((s->down & ~s->seen) >> pizza__planner_playout_move(s, &rng) & 1);
    test_free(s);
}

/* Outrun: when the rival's toppings and remembered copies make 6, taking
 * cannot win the race, so the planner (and its rule) discovers, hoping for
 * a switch, where the memory bot takes; with a copy fewer it takes. */
static void test_planner_outrun(void **state)
{
    (void)state;
    /* Seat 0: 1 onion, onion 1 remembered; seat 1: 3 peppers, peppers 9 and
     * 10 remembered, and 11 too in the outrun case. */
    const char *race = "0:flip 0, 1:flip 6, 0:flip 7, 1:flip 7, 0:flip 8, 1:flip 8,"
                       " 0:flip 9, 1:flip 1, 0:flip 10, 1:flip 12";
    char script[256];
    snprintf(script, sizeof script, "%s, 0:flip 11, 1:flip 13", race);
    pizza_state *s = pizza_scenario(2, GRID_ALL, script);
    for (uint64_t seed = 0; seed < 20; seed++) {
        pf_rng rng;
        pf_rng_seed(&rng, seed);
        assert_int_equal(bot_move("memory", s, seed), PIZZA_FLIP(1));
        assert_true((s->down & ~s->seen) >> bot_move("planner", s, seed) & 1);
        assert_true((s->down & ~s->seen) >> pizza__planner_playout_move(s, &rng) & 1);
    }
    test_free(s);
    snprintf(script, sizeof script, "%s, 0:flip 13, 1:flip 14", race);
    s = pizza_scenario(2, GRID_ALL, script);
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_int_equal(bot_move("planner", s, seed), PIZZA_FLIP(1));
    test_free(s);
}

/* The planner's search reads the observation only: where it searches (the
 * pass zone, and after rule e), two states that differ only in the cells
 * never seen get the same move for the same generator. (tests/ai's
 * no-peeking test rarely reaches the pass zone from random play.) */
static void test_planner_no_peeking(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    static const char *const scripts[] = {
        "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 7, 0:flip 2, 1:flip 8, 0:flip 12, 1:flip 18",
        "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 26", /* seat 1 picks a slice (rule e) */
    };
    for (size_t i = 0; i < sizeof scripts / sizeof scripts[0]; i++) {
        pizza_state *s = pizza_scenario(2, GRID_ALL, scripts[i]);
        pizza_state a = *s, b = *s;
        pf_rng r1, r2;
        pf_rng_seed(&r1, 1);
        pf_rng_seed(&r2, 2);
        g->resample(&a, s->to_move, &r1);
        g->resample(&b, s->to_move, &r2);
        assert_true(memcmp(a.cell, b.cell, sizeof a.cell) != 0);
        for (uint64_t seed = 0; seed < 3; seed++)
            assert_int_equal(bot_move("planner", &a, seed), bot_move("planner", &b, seed));
        test_free(s);
    }
}

/* Plays games with `bot` on seat 0..k-1 in turn and `other` elsewhere;
 * returns the share of games the bot's seat won. */
static double win_rate(const char *bot, const char *other, int seats, int games)
{
    const pf_game *g = pf_test_game("pizza");
    const pf_bot_def *b[2] = {pf_bot_find(g, bot), pf_bot_find(g, other)};
    assert_non_null(b[0]);
    assert_non_null(b[1]);
    pf_rng rng;
    pf_rng_seed(&rng, 2024);
    int wins = 0;
    for (int k = 0; k < games; k++) {
        pizza_state *s = pf_test_new(g, seats, "", (uint64_t)k);
        int hero = k % seats, step = 0;
        double r[4];
        while (!g->over(s, r)) {
            int seat = s->to_move;
            pf_obs o;
            pf_obs_init(&o, g, s, seat, seats, step++, 0);
            pf_action a;
            int64_t t;
            assert_int_equal(b[seat != hero]->choose(&o, &rng, &a, &t), PF_E_OK);
            g->apply(s, seat, a, t, NULL);
        }
        wins += r[hero] == 1.0;
        test_free(s);
    }
    return (double)wins / games;
}

/* Remembering wins (docs/games/pizza.md has the measured rates). The test
 * prints the table: A holds one seat (moving round the seats), B the
 * others; a fair share is 1/seats. */
static void test_strength(void **state)
{
    (void)state;
    static const char *const pairs[][2] = {
        {"memory", "random"}, {"forgetful", "random"}, {"memory", "forgetful"},
        {"random", "memory"},
    };
    double rate[4][3];
    print_message("A vs B: share of games A wins, 2 / 3 / 4 seats (1000 games each)\n");
    for (int i = 0; i < 4; i++) {
        for (int seats = 2; seats <= 4; seats++)
            rate[i][seats - 2] = win_rate(pairs[i][0], pairs[i][1], seats, 1000);
        print_message("| %s | %s | %.3f | %.3f | %.3f |\n", pairs[i][0], pairs[i][1],
                      rate[i][0], rate[i][1], rate[i][2]);
    }
    /* Measured 0.87 / 0.80 / 0.63 (2 seats) and 0.83 (memory against 3
     * random); the bounds leave about 4 standard errors. */
    assert_true(rate[0][0] > 0.80);
    assert_true(rate[1][0] > 0.73);
    assert_true(rate[2][0] > 0.57);
    assert_true(rate[0][2] > 0.75);
    assert_true(rate[3][0] < 0.20);
}

/* Each of the ladder's memory steps beats the one below it head to head
 * (issue 17): easy is `forgetful`, medium `casual`, hard `memory`. Measured
 * 0.549 and 0.565 (docs/bots.md has the 2000-game figures); the bound of
 * 0.525 is about 3 standard errors below. The expert's step costs too much
 * for a unit test and is measured in docs/bots.md. */
static void test_ladder_steps(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    static const char *const steps[] = {"forgetful", "casual", "memory", "planner"};
    for (int level = 0; level < PF_LEVELS; level++)
        assert_string_equal(g->ladder[level].bot, steps[level]);
    for (int i = 0; i + 1 < 3; i++) {
        double rate = win_rate(steps[i + 1], steps[i], 2, 4000);
        print_message("| %s | %s | %.3f |\n", steps[i + 1], steps[i], rate);
        assert_true(rate > 0.525);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_takes_remembered_topping),
        cmocka_unit_test(test_empty_slice_takes_free_kind),
        cmocka_unit_test(test_avoids_useless_pieces),
        cmocka_unit_test(test_casual_remembers_longer),
        cmocka_unit_test(test_switch_choice),
        cmocka_unit_test(test_planner_pass),
        cmocka_unit_test(test_planner_playout_pass),
        cmocka_unit_test(test_planner_outrun),
        cmocka_unit_test(test_planner_no_peeking),
        cmocka_unit_test(test_strength),
        cmocka_unit_test(test_ladder_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
