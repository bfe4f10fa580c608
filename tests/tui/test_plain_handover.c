/* test_plain_handover.c: the line mode on a real terminal hides a person's
 * table before the keyboard passes on (Hardening issue, item 5): in Yummy
 * Yummy Pancake ana peeks at a pancake and asks ben; the screen ben gets
 * must not show ana's peek. */
#include "tui_harness.h"

static void the_screen_is_cleared_before_the_hand_over(void **state)
{
    (void)state;
    th t;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s play pancake --plain --seed 5 --seats ana,ben", th_bin());
    th_start_cmd(&t, 100, 40, cmd);
    th_expect(&t, "Pass the keyboard to ana", 5000);
    th_keys(&t, "Enter");
    th_expect(&t, "ana>", 3000);
    th_keys(&t, "toss Enter"); /* on a terminal a toss is a meter (C-4) */
    th_expect(&t, "Enter stops it", 3000);
    th_keys(&t, "Enter");
    th_expect(&t, "stopped at", 3000);
    th_expect(&t, "'pick'", 3000);
    th_keys(&t, "pick Enter");
    th_expect(&t, "You peek", 3000); /* ana sees her peek */
    th_keys(&t, "'ask 2' Enter");
    th_expect(&t, "ana: press Enter to hide your table", 3000);
    th_keys(&t, "Enter");
    th_expect(&t, "Pass the keyboard to ben", 3000);
    th_refute(&t, "peek");
    th_refute(&t, "(only you)");
    th_keys(&t, "Enter");
    th_expect(&t, "ben>", 3000);
    th_refute(&t, "peek");
    th_keys(&t, "quit Enter");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(the_screen_is_cleared_before_the_hand_over, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
