/* test_pizza_keys.c: Pizza Party as people play it (issue 13): the arrows
 * move over the grid as `?` says, typing a cell's number picks it, two
 * people share the screen without a hand-over (nothing is secret between
 * them) so the one who turns a piece over sees it, and the log after the
 * game shows every reveal. */
#include <string.h>

#include "tui_harness.h"

#define PIZZA "pizza --seed 7 --pace 0 "

static void arrows_move_over_the_grid(void **state)
{
    (void)state;
    th t;
    /* two people, so the flip stays in the events strip (no bot after it) */
    th_start(&t, 80, 24, PIZZA "--seats you,ben");
    th_expect(&t, "(your choice)", 5000);
    th_expect(&t, "type its number", 2000);
    th_keys(&t, "Down Right Enter"); /* from cell 0: down to 8, right to 9 */
    th_expect(&t, "you turned over cell 9", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

static void typing_a_cell_number(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, PIZZA "--seats you,ben");
    th_expect(&t, "(your choice)", 5000);
    th_keys(&t, "2 7");
    th_expect(&t, "Typed 27", 2000);
    th_keys(&t, "Enter");
    th_expect(&t, "you turned over cell 27", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

/* The log names the rule a piece followed ('(rule a)', '(rule c')'); `?`
 * letters its rules the same way, so a person can look each one up. */
static void the_rules_name_the_logs_letters(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, PIZZA "--seats you,ben");
    th_expect(&t, "(your choice)", 5000);
    th_keys(&t, "5 Enter");
    th_expect(&t, "(rule a)", 3000);
    th_keys(&t, "?");
    th_expect(&t, "a) a topping nobody's slice collects", 2000);
    th_expect(&t, "c') a kind nobody's slice collects", 1000);
    th_expect(&t, "e) a switch of your own colour", 1000);
    th_keys(&t, "q");
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

static void letters_do_not_play_an_unlisted_choice(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, PIZZA "--seats you,bot:memory");
    th_expect(&t, "(your choice)", 5000);
    int step = th_step(&t);
    /* keys are read in order: once the 2 typed after it shows, the a was
     * read, and a flip it played would have been drawn before */
    th_keys(&t, "a 2");
    th_expect(&t, "Typed 2", 3000);
    assert_int_equal(th_step(&t), step);
    th_refute(&t, "turned over cell 0");
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

static void two_people_see_each_flip(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, PIZZA "--seats ana,ben");
    th_expect(&t, "ana to play (your choice)", 5000);
    th_refute(&t, "Pass the keyboard");
    th_keys(&t, "Enter"); /* ana turns over cell 0 */
    th_expect(&t, "ben to play (your choice)", 3000);
    th_expect(&t, "Last turned over, by ana: cell 0", 1000);
    th_refute(&t, "Pass the keyboard");
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

static void the_log_after_the_game_shows_everything(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, /* short: the log is longer than a screen */
             PIZZA "--seats you,bot:memory --option kinds=2 --option switches=false "
                   "--option extra_slices=false");
    th_expect(&t, "(your choice)", 5000);
    th_play_to_end(&t, "Enter", 300);
    /* the result counts seats from 1, as the seating screen does */
    th_expect(&t, "seat 1  ", 2000);
    th_expect(&t, "seat 2  ", 2000);
    th_refute(&t, "seat 0  ");
    th_keys(&t, "l");
    th_expect(&t, "Game log", 2000);
    th_refute(&t, "an earlier reveal");
    /* the log opens at its end and says so (it once said "page 2 of 3") */
    th_expect(&t, " (end)", 1000);
    th_keys(&t, "Home");
    th_expect_gone(&t, " (end)", 2000); /* once the page is redrawn */
    th_keys(&t, "NPage NPage NPage NPage NPage NPage NPage NPage NPage NPage");
    th_expect(&t, " (end)", 2000);
    th_keys(&t, "q");
    th_keys(&t, "q");
    th_stop(&t);
}

/* Rematches keep a running count of wins (issue 13). */
static void rematches_keep_score(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40,
             PIZZA "--seats you,bot:memory --option kinds=2 --option switches=false "
                   "--option extra_slices=false");
    th_expect(&t, "(your choice)", 5000);
    th_play_to_end(&t, "Enter", 300);
    th_refute(&t, "After 1 game");
    th_keys(&t, "r");
    th_expect(&t, "(your choice)", 5000);
    th_play_to_end(&t, "Enter", 300);
    th_expect(&t, "After 2 games: you ", 2000);
    th_expect(&t, ", bot memory ", 1000);
    th_keys(&t, "q");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(arrows_move_over_the_grid, th_teardown),
        cmocka_unit_test_teardown(typing_a_cell_number, th_teardown),
        cmocka_unit_test_teardown(the_rules_name_the_logs_letters, th_teardown),
        cmocka_unit_test_teardown(letters_do_not_play_an_unlisted_choice, th_teardown),
        cmocka_unit_test_teardown(two_people_see_each_flip, th_teardown),
        cmocka_unit_test_teardown(the_log_after_the_game_shows_everything, th_teardown),
        cmocka_unit_test_teardown(rematches_keep_score, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
