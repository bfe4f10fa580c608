/* test_why.c: Pizza Party's explainer (pizza_why.c), the reason a hint
 * gives, on fixed grids: what the seat remembers (PIZ-7, public history),
 * what is still hidden, and which slice to take after rule e. */
#include <string.h>

#include "games/pizza/pizza.h"
#include "partyfood/why.h"
#include "pf_test.h"

/* The grid of docs/games/pizza.md's session: 16 cells, 2 kinds. */
#define SMALL                                                                                      \
    "extra_slices=false;kinds=2;grid=on,pe,sr,on,pe,sy,on,pe,on,pe,sr,on,pe,sy,on,pe"

/* A remembered topping of the seat's kind: the cell and the kind, as the
 * issue's example says it. */
static void a_remembered_topping_of_your_kind(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    void *st = pf_test_new(g, 2, SMALL, 1);
    pf_test_act(g, st, 0, "flip 0", 0, NULL); /* onion: rule a */
    pf_test_act(g, st, 1, "flip 3", 0, NULL); /* onion: rule b, back */
    pf_why w;
    pf_test_explain(g, st, 2, 0, "flip 3", &w);
    assert_string_equal(w.text, "Cell 3 was an onion: your slice's kind, so it goes on your slice.");
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "seen"), "cell")->num, 3);
    assert_string_equal(pf_test_arg(pf_test_fact(&w, "seen"), "piece")->str, "onion");
    assert_string_equal(pf_test_arg(pf_test_fact(&w, "your_slice"), "topping")->str, "onion");
    /* An unseen cell: how many of your kind nobody has found (6, one on the
     * slice, one remembered in cell 3). */
    pf_test_explain(g, st, 2, 0, "flip 12", &w);
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "unseen"), "cell")->num, 12);
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "hidden"), "count")->num, 4);
    assert_non_null(strstr(w.text, "4 onions you need are still hidden"));
    /* Seat 1, whose slice is empty: the onion is not for it. */
    pf_test_explain(g, st, 2, 1, "flip 3", &w);
    assert_non_null(strstr(w.text, "it goes back"));
    test_free(st);
}

/* After rule e: the slice with more toppings is the reason. */
static void after_rule_e_the_fuller_slice(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    void *st = pf_test_new(g, 2, SMALL, 1);
    pf_test_act(g, st, 0, "flip 1", 0, NULL); /* pepper on red */
    pf_test_act(g, st, 1, "flip 0", 0, NULL); /* onion on yellow */
    pf_test_act(g, st, 0, "flip 3", 0, NULL); /* onion: yellow's kind, back */
    pf_test_act(g, st, 1, "flip 3", 0, NULL); /* onion on yellow: 2 */
    pf_test_act(g, st, 0, "flip 2", 0, NULL); /* red switch: own colour, rule e */
    pf_why w;
    pf_test_explain(g, st, 2, 0, "switch yellow", &w);
    assert_string_equal(w.text, "The yellow slice has 2 onions, more than yours: swap yours for it.");
    assert_string_equal(pf_test_arg(pf_test_fact(&w, "slice"), "colour")->str, "yellow");
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "slice"), "count")->num, 2);
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "slice"), "seat")->num, 1);
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "your_slice"), "count")->num, 1);
    test_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_remembered_topping_of_your_kind),
        cmocka_unit_test(after_rule_e_the_fuller_slice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
