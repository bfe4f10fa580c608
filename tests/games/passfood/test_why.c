/* test_why.c: Pass the Party Food's explainer (passfood_why.c), the reason
 * a hint gives, on fixed boards and bags: who gets a plate's tile and what
 * it does for them, how far Ziggy is, a set's worth and lucky dips, and a
 * take that keeps a tile from Ziggy. */
#include <string.h>

#include "partyfood/why.h"
#include "pf_test.h"

/* The lesson's first deal: a snake for your 3 snakes, a biscuit for Sam's 3. */
#define DEAL "swaps=0;takes=0;boards=SSSBBFP/BBBSFL;ziggy=PP;bag=FSBL P LFP BSBS SB"

static void plates_say_who_needs_the_tile(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("passfood");
    void *st = pf_test_new(g, 2, DEAL, 1);
    pf_why w;
    pf_test_explain(g, st, 2, 0, "plate centre", &w); /* the snake, to yourself */
    assert_string_equal(w.text, "You have 3 snakes: this one makes a full column to score, and "
                                "Ziggy is only 1 space behind you.");
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "ziggy_behind"), "spaces")->num, 1);
    pf_test_explain(g, st, 2, 0, "plate left", &w); /* the snake, to Sam */
    assert_string_equal(w.text, "Seat 2 has 1 snake and 15 more are in the bag: this one builds the "
                                "column, and Ziggy is only 1 space behind them.");
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "bag"), "count")->num, 15); /* 20 - 3 - 1 - the drawn one */
    pf_test_explain(g, st, 2, 0, "plate x", &w);
    assert_non_null(strstr(w.text, "X space"));
    pf_test_act(g, st, 0, "plate centre", 0, NULL);
    pf_test_explain(g, st, 2, 0, "plate left", &w); /* a biscuit for Sam's 3 */
    assert_string_equal(w.text, "Seat 2 has 3 biscuits: this one makes a full column to score, and "
                                "Ziggy is only 1 space behind them.");
    pf_test_act(g, st, 0, "plate left", 0, NULL);
    pf_test_explain(g, st, 2, 0, "score column snake", &w);
    assert_string_equal(w.text, "Scoring the snake column moves you 5 spaces, away from Ziggy.");
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "set"), "points")->num, 5);
    test_free(st);
}

/* A row past two lucky dips; Ziggy close behind; a take that keeps a
 * pikelet from him. */
static void dips_ziggy_and_takes(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("passfood");
    void *st = pf_test_new(g, 2, "swaps=0;takes=1;boards=SBFPL/B;ziggy=PP;pos=6,3;zpos=4", 1);
    pf_why w;
    pf_test_explain(g, st, 2, 0, "take ziggy pikelet", &w);
    assert_string_equal(w.text, "Ziggy is 2 spaces behind you and has 2 pikelets: keep the pikelet "
                                "from him.");
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "ziggy_behind"), "spaces")->num, 2);
    while (!pf_test_is_legal(g, st, 0, "plate left"))
        pf_test_act(g, st, 0, "carry on", 0, NULL);
    /* Ziggy (4) is past seat 1 (3): it is not caught before its own turn ends. */
    pf_test_explain(g, st, 2, 0, "plate left", &w);
    assert_non_null(strstr(w.text, ", and Ziggy has caught up with them."));
    while (!pf_test_is_legal(g, st, 0, "score row 1")) {
        pf_action legal[PF_MAX_LEGAL];
        g->legal(st, 0, legal, PF_MAX_LEGAL);
        assert_int_equal(pf_state_apply(g, st, 0, legal[0], 0, NULL, NULL), PF_E_OK);
    }
    pf_test_explain(g, st, 2, 0, "score row 1", &w);
    assert_string_equal(w.text, "Scoring row 1 moves you 8 spaces, past lucky dips: free tiles.");
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "lucky_dips"), "count")->num, 2);
    test_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plates_say_who_needs_the_tile),
        cmocka_unit_test(dips_ziggy_and_takes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
