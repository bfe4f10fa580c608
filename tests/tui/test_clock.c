/* test_clock.c: Paku Paku's real-time clock runs only while the table can
 * be seen (issue 13): not while the window is too small, not under the
 * pause key, the rules or the log; a count of three comes before it runs,
 * at the start and after every pause, and the game time on the title line
 * stands still meanwhile (issue 34). A witness, the same game started
 * later in a window big enough, shows the bots had time to roll had the
 * clock run; the checks are on what happened, never on timing. */
#include <string.h>

#include "tui_harness.h"

#define PAKU "pakupaku --seats you,bot:child,bot:child --seed 3"

static void too_small_holds_the_clock(void **state)
{
    (void)state;
    th t;
    th_start(&t, 60, 15, PAKU);
    th_expect(&t, "needs at least", 5000);
    th witness;
    th_witness(&witness, PAKU, 1, 10000);
    th_run("tmux -L %s resize-window -t 0 -x 100 -y 40 >/dev/null 2>&1", t.sock);
    th_expect(&t, "Going on in", 3000);
    if (th_step(&t) != 0)
        th_dump(&t, "the bots moved while the table could not be seen");
    assert_int_equal(th_step(&t), 0);
    th_expect_gone(&t, "Going on in", 6000);
    /* and then the clock does run: the bots roll */
    int one = 1;
    if (!th_wait_until(&t, th_moved_at_least, &one, 8000)) {
        th_dump(&t, "the clock runs again");
        fail_msg("the bots did not roll once the table could be seen");
    }
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

static void countdown_at_the_start(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, PAKU);
    th_expect(&t, "Starting in 3", 5000);
    assert_int_equal(th_step(&t), 0);
    th_expect(&t, "Starting in 1", 4000);
    assert_int_equal(th_step(&t), 0);
    /* two seconds into the count, the game's own time has not started */
    th_expect(&t, "real time: 0.0 s", 1000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

static void pause_key_holds_the_clock(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, PAKU);
    th_after_countdown(&t);
    th_expect(&t, "Tab pause", 2000);
    th_keys(&t, "Tab");
    th_expect(&t, "Paused:", 3000);
    th_refute(&t, "The tower"); /* nobody studies the table meanwhile */
    int step = th_step(&t);
    assert_true(step >= 0);
    th witness; /* from its count to a roll: had this clock run, it would have rolled */
    th_witness(&witness, PAKU, 1, 10000);
    if (th_step(&t) != step)
        th_dump(&t, "the game moved while paused");
    assert_int_equal(th_step(&t), step);
    /* ? shows the rules and comes back to the pause, not to the game */
    th_keys(&t, "?");
    th_expect(&t, "the rules in short", 3000);
    th_keys(&t, "q");
    th_expect(&t, "Paused:", 3000);
    th_refute(&t, "Going on in");
    assert_int_equal(th_step(&t), step);
    th_keys(&t, "x");
    th_expect(&t, "Going on in", 3000);
    assert_int_equal(th_step(&t), step);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

static void rules_hold_the_clock(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, PAKU);
    th_after_countdown(&t);
    th_keys(&t, "?");
    th_expect(&t, "the rules in short", 3000);
    th_keys(&t, "q");
    th_expect(&t, "Going on in", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(too_small_holds_the_clock, th_teardown),
        cmocka_unit_test_teardown(countdown_at_the_start, th_teardown),
        cmocka_unit_test_teardown(pause_key_holds_the_clock, th_teardown),
        cmocka_unit_test_teardown(rules_hold_the_clock, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
