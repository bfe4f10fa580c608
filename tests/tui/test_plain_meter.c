/* test_plain_meter.c: the line mode on a real terminal (C-4). A toss is
 * not typed: `toss` starts a meter drawn on one line and Enter stops it,
 * and a toss of the meter's value is played. */
#include "tui_harness.h"

static void line_mode_toss_is_a_meter(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, "pancake --plain --seats ana,bot:hard --seed 3");
    th_expect(&t, "'toss' starts a meter", 5000);
    th_keys(&t, "toss Enter");
    th_expect(&t, "toss: [", 3000);
    th_expect(&t, "Enter stops it", 3000);
    th_refute(&t, "ana (seat 1): toss");
    th_keys(&t, "Enter");
    th_expect(&t, "stopped at", 3000);
    th_expect(&t, "ana (seat 1): toss 0.", 3000);
    th_keys(&t, "quit Enter");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(line_mode_toss_is_a_meter, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
