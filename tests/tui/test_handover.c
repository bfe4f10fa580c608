/* test_handover.c: two people at one keyboard. Between their turns the
 * hand-over screen hides the table, and the next person's screen never
 * shows the previous person's secrets (ruling C-3): in Yummy Yummy Pancake
 * the chef's peek and bonus pancake are the chef's alone. The person who
 * played sees what came of it (ben the answer to his guess) before the
 * keyboard passes on (issue 34). */
#include "tui_harness.h"

static void pancake_peek_stays_with_the_chef(void **state)
{
    (void)state;
    th t;
    /* Scripted table (C-2): the first 8 pancakes are all kiwi but one banana,
     * so "kiwi" or "banana" on a guesser's screen would be a leak only if it
     * came from the peek; the pan itself shows letters, not names, below. */
    th_start(&t, 100, 40, "pancake --seats ana,ben --seed 4 --pace 0");
    th_expect(&t, "Pass the keyboard to ana", 5000); /* two people: even the first turn */
    th_refute(&t, "The pan");
    th_keys(&t, "Enter");
    th_expect(&t, "How hard do you flick the pan?", 3000);
    th_keys(&t, "Enter"); /* ana tosses */
    th_expect(&t, "pick one and peek", 3000);
    th_keys(&t, "a"); /* ana picks and peeks */
    th_expect(&t, "You peeked:", 3000);
    th_keys(&t, "Enter"); /* ana asks ben, the only other seat */
    th_expect(&t, "Enter hides your table and passes the keyboard to ben", 3000);
    th_expect(&t, "ana asks ben", 1000);
    th_keys(&t, "Enter");
    th_expect(&t, "Pass the keyboard to ben", 3000);
    th_refute(&t, "You peeked");
    th_refute(&t, "The pan");
    th_refute(&t, "bonus pancake:");
    th_refute(&t, "(only you)");
    th_keys(&t, "Enter");
    th_expect(&t, "asks you: which topping", 3000);
    th_refute(&t, "You peeked");
    th_refute(&t, "You peek");
    th_refute(&t, "(only you)");
    th_refute(&t, "Your secret bonus");
    th_keys(&t, "Enter"); /* ben guesses: he sees the answer before ana's turn */
    th_expect(&t, "Enter hides your table and passes the keyboard to ana", 3000);
    th_expect(&t, "ben guesses", 1000);
    th_refute(&t, "Pass the keyboard to ana");
    th_keys(&t, "Enter");
    th_expect(&t, "Pass the keyboard to ana", 3000);
    th_refute(&t, "ben guesses");
    th_keys(&t, "Enter");
    th_expect(&t, "you are: ana", 3000);
    th_keys(&t, "q");
    th_expect(&t, "Quit this game?", 2000);
    th_keys(&t, "y");
    th_stop(&t);
}

static void one_person_needs_no_handover(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, "pizza --seats ana,bot:memory --seed 2 --pace 0");
    th_expect(&t, "(your choice)", 5000);
    th_refute(&t, "Pass the keyboard");
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(pancake_peek_stays_with_the_chef, th_teardown),
        cmocka_unit_test_teardown(one_person_needs_no_handover, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
