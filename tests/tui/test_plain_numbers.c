/* test_plain_numbers.c: in the line mode the number a person types for a
 * Pizza Party piece is the cell's number, the one the table shows, never a
 * place in the list of choices (issue 13): typing 5 turns over cell 5, at
 * the start and after cells have emptied. Seats count from 1 there too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui_harness.h"

/* Runs the line mode with `input` and returns its output (static). */
static const char *plain(const char *game_args, const char *input)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "printf '%s' | %s play %s --plain 2>&1", input, th_bin(), game_args);
    return th_output(cmd);
}

static void pizza_cell_numbers(void **state)
{
    (void)state;
    th_state_dir();
    const char *out = plain("pizza --seats you,bot:memory --seed 7", "5\\n12\\nquit\\n");
    if (!strstr(out, "you (seat 1): flip 5") || !strstr(out, "you (seat 1): flip 12"))
        fprintf(stderr, "%s\n", out);
    assert_non_null(strstr(out, "  5) flip 5"));
    assert_non_null(strstr(out, "you (seat 1): flip 5"));
    /* the bot emptied cells meanwhile: 12 is still cell 12 */
    assert_non_null(strstr(out, "you (seat 1): flip 12"));
}

/* The opening line lists the seats as every other line names them, the
 * table too. */
static void seats_count_from_1(void **state)
{
    (void)state;
    th_state_dir();
    const char *out = plain("passfood --seats ana,greedy,greedy --seed 1", "quit\n");
    assert_non_null(strstr(out, "3 seats. 1=ana 2=greedy 1 (bot) 3=greedy 2 (bot)\n"));
    assert_non_null(strstr(out, "ana on space 1"));
    assert_non_null(strstr(out, "greedy 2 on space 1"));
}

/* Nothing is secret between people in Pizza Party: the line mode passes
 * the keyboard without hiding the table (issue 13); Pancake still hides. */
static void no_hand_over_without_secrets(void **state)
{
    (void)state;
    th_state_dir();
    const char *out = plain("pizza --seats ana,ben --seed 7", "5\n12\nquit\n");
    assert_non_null(strstr(out, "ben (seat 2): flip 12"));
    assert_null(strstr(out, "hide your table"));
    assert_null(strstr(out, "Pass the keyboard"));
    out = plain("pancake --seats ana,ben --seed 7", "\nquit\n");
    assert_non_null(strstr(out, "Pass the keyboard to"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pizza_cell_numbers),
        cmocka_unit_test(seats_count_from_1),
        cmocka_unit_test(no_hand_over_without_secrets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
