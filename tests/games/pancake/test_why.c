/* test_why.c: Yummy Yummy Pancake's explainer (pancake_why.c), the reason
 * a hint gives, on scripted pans: what went face-down this turn is public
 * (YYP-7), the chef also knows its own peek. */
#include <string.h>

#include "partyfood/why.h"
#include "pf_test.h"

/* Two kiwis and a banana went face-down: the chef's kiwi will likely be
 * guessed (so it goes to the smallest pile), kiwi is the guesser's best
 * guess, and with a kiwi and a banana left nobody can tell. */
static void the_hidden_toppings_make_the_reason(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pancake");
    void *st = pf_test_new(g, 2, "table=SKBLSKBC;tosses=KKB", 3);
    pf_test_act(g, st, 0, "toss 0.50", 0, NULL);
    pf_test_act(g, st, 0, "pick", 0, NULL); /* kiwi, the first taken */
    pf_why w;
    pf_test_explain(g, st, 2, 0, "ask 2", &w);
    assert_string_equal(w.text, "Your pancake is kiwi, the topping a guesser will likely name: "
                                "give it to seat 2, who has the fewest pancakes.");
    assert_string_equal(pf_test_arg(pf_test_fact(&w, "your_pancake"), "topping")->str, "kiwi");
    pf_test_act(g, st, 0, "ask 2", 0, NULL);
    pf_test_explain(g, st, 2, 1, "guess kiwi", &w);
    assert_string_equal(w.text, "2 of the 3 hidden pancakes are kiwi, more than any other "
                                "topping: it is the best guess.");
    pf_test_explain(g, st, 2, 1, "guess banana", &w);
    assert_string_equal(w.text, "1 of the 3 hidden pancakes is banana: a fair guess.");
    assert_int_equal(pf_test_arg(pf_test_fact(&w, "hidden"), "count")->num, 1);
    pf_test_act(g, st, 1, "guess kiwi", 0, NULL);
    /* Left face-down: a kiwi and a banana, one each: nobody can tell. */
    pf_test_explain(g, st, 2, 0, "pick", &w);
    assert_non_null(strstr(w.text, "can only guess"));
    test_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_hidden_toppings_make_the_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
