/* test_why.c: Yummy Yummy Pancake's explainer (pancake_why.c), the reason
 * a hint gives, on scripted pans: what went face-down this turn is public
 * (YYP-7), the chef also knows its own peek. */
#include <string.h>

#include "partyfood/why.h"
#include "pf_test.h"

static void explain(const pf_game *g, const void *st, int seats, int seat, const char *move,
                    pf_why *w)
{
    pf_action a;
    assert_int_equal(g->parse(st, move, &a), PF_E_OK);
    pf_bot_ctx c = {g, st, seats, 0, 0, 5};
    assert_true(pf_bot_explain(&c, seat, a, w));
}

static const pf_why_fact *fact(const pf_why *w, const char *name)
{
    for (int i = 0; i < w->nfacts; i++)
        if (strcmp(w->fact[i].name, name) == 0)
            return &w->fact[i];
    fail_msg("no fact '%s' in \"%s\"", name, w->text);
    return NULL;
}

/* Two kiwis and a banana went face-down: the guesser's best guess is kiwi,
 * and the chef holding a banana expects a wrong guess. */
static void the_hidden_toppings_make_the_reason(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pancake");
    void *st = pf_test_new(g, 2, "table=SKBLSKBC;tosses=KKB", 3);
    pf_test_act(g, st, 0, "toss 0.50", 0, NULL);
    pf_test_act(g, st, 0, "pick", 0, NULL); /* kiwi, the first taken */
    pf_why w;
    explain(g, st, 2, 0, "ask 2", &w);
    assert_string_equal(w.text, "Your pancake is kiwi, the topping a guesser will likely name: "
                                "give it to seat 2, who has the fewest pancakes.");
    assert_string_equal(fact(&w, "your_pancake")->arg[0].str, "kiwi");
    pf_test_act(g, st, 0, "ask 2", 0, NULL);
    explain(g, st, 2, 1, "guess kiwi", &w);
    assert_string_equal(w.text, "2 of the 3 hidden pancakes are kiwi, as many as any other "
                                "topping: it is the best guess.");
    explain(g, st, 2, 1, "guess banana", &w);
    assert_string_equal(w.text, "1 of the 3 hidden pancakes is banana: a fair guess.");
    assert_int_equal(fact(&w, "hidden")->arg[1].num, 1);
    pf_test_act(g, st, 1, "guess kiwi", 0, NULL);
    /* Left face-down: a kiwi and a banana, one each: nobody can tell. */
    explain(g, st, 2, 0, "pick", &w);
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
