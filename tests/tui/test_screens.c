/* test_screens.c: what the third pass over the terminal (issue 34) changed
 * on the game screens: a big terminal used (a longer log, the rules in
 * brief beside the table, wider boards); the "what happened" box from its
 * first row; Pass the Party Food's token stops told apart and its take
 * token in the second person; a turn-based game standing still while the
 * window is too small; Paku Paku's dice explained and every person's own
 * keys. The waits give bots time to act; the checks are on what the
 * screen shows, never on timing. */
#include <string.h>

#include "tui_harness.h"

/* The screen's row after the one holding `text`, copied into row. */
static bool row_after(const char *screen, const char *text, char *row, size_t n)
{
    const char *at = strstr(screen, text);
    if (!at || !(at = strchr(at, '\n')))
        return false;
    at++;
    size_t len = strcspn(at, "\n");
    if (len >= n)
        len = n - 1;
    memcpy(row, at, len);
    row[len] = '\0';
    return true;
}

/* How many rows of the screen contain `text`. */
static int rows_with(const char *screen, const char *text)
{
    int n = 0;
    for (const char *at = screen; (at = strstr(at, text)); n++)
        at = strchr(at, '\n') ? strchr(at, '\n') : at + strlen(at);
    return n;
}

/* Whether the log shows the five players' and Ziggy's "start(s) with". */
static bool five_starts(const char *s, void *arg)
{
    (void)arg;
    return rows_with(s, " start with ") + rows_with(s, " starts with ") == 5;
}

/* Whether the row under the "what happened" rule holds arg. */
static bool first_event_is(const char *s, void *arg)
{
    char row[256];
    return row_after(s, "what happened", row, sizeof row) && strstr(row, arg);
}

static void big_terminal_is_used(void **state)
{
    (void)state;
    th t;
    /* the rules in brief beside Pizza Party's table */
    th_start(&t, 120, 40, "pizza --seats you,bot:memory --seed 7 --pace 0");
    th_expect(&t, "The rules in brief (? all of them)", 5000);
    th_expect(&t, "Everyone has a pizza slice with a", 1000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    /* at 80 columns there is no room for it */
    th_start(&t, 80, 24, "pizza --seats you,bot:memory --seed 7 --pace 0");
    th_expect(&t, "(your choice)", 5000);
    th_refute(&t, "The rules in brief");
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    /* Pass the Party Food: the setup's six events all in the longer log,
     * the four boards' cells spread out */
    th_start(&t, 120, 40, "passfood --seats you,bot:random,bot:random,bot:random --seed 5 --pace 0");
    th_expect(&t, "(your choice)", 5000);
    if (!th_wait_until(&t, five_starts, NULL, 2000)) {
        th_dump(&t, "the setup's events");
        fail_msg("the log does not show the five \"start(s) with\" of the setup");
    }
    th_expect(&t, "5  5  5  5  5  pt", 1000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

/* Whether the screen shows one meter, between "soft" and "hard". */
static bool one_meter(const char *s, void *arg)
{
    (void)arg;
    return rows_with(s, "soft [") == 1 && rows_with(s, "] hard") == 1;
}

/* Whether the screen says how to stop the meter on one row (the key line
 * said it again under the meter's own line). */
static bool one_stop_line(const char *s, void *arg)
{
    (void)arg;
    return rows_with(s, "stop the meter") == 1 &&
           rows_with(s, "Press SPACE or Enter to stop the meter where you want it.") == 1;
}

/* Issue 34: the box started with a blank row when it had fewer events than
 * rows (the newest sat at its bottom). Pancake's flick meter is shown once,
 * in words, and how to stop it is said once, under it. */
static void what_happened_starts_at_its_top(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, "pancake --seats you,bot:medium --seed 42 --pace 0");
    th_expect(&t, "How hard do you flick the pan? Soft: few pancakes flip over.", 5000);
    /* one meter, with the choices, its ends in words (it was on the table
     * too, as "Flick: >>>>") */
    if (!th_wait_until(&t, one_meter, NULL, 1000)) {
        th_dump(&t, "one meter");
        fail_msg("not one meter between soft and hard");
    }
    th_refute(&t, "Flick:");
    if (!th_wait_until(&t, one_stop_line, NULL, 1000)) {
        th_dump(&t, "how to stop the meter");
        fail_msg("how to stop the meter is not said once, under it");
    }
    if (!th_wait_until(&t, first_event_is, "you are chef and draw", 2000)) {
        th_dump(&t, "the box's first row");
        fail_msg("the box does not start with the first event");
    }
    th_expect(&t, "Chef: you", 1000);
    th_refute(&t, "(that is you)"); /* a seat named you is not "you (that is you)" */
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

/* The two token stops before and after Ziggy's draw look alike: the rule
 * above the choices says which one it is, and `carry on` what it does; a
 * take token is "you use" (issue 34: "you uses"). */
static void passfood_stops_are_told_apart(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, "passfood --seats you,bot:random --seed 5 --pace 0 --option ziggy=BB");
    th_expect(&t, "Turn begins: a token, or carry on (Ziggy draws)", 5000);
    th_expect(&t, "a) carry on: Ziggy draws", 1000);
    th_keys(&t, "a");
    th_expect(&t, "Ziggy has drawn: a token, or carry on", 3000);
    th_expect(&t, "a) carry on: draw your tiles", 1000);
    th_refute(&t, "Turn begins");
    th_keys(&t, "b"); /* take Ziggy's biscuit */
    th_expect(&t, "you use a take token", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

/* A turn-based game stands still while the window is too small, as Paku
 * Paku does (issue 34: the bots went on playing behind the notice). The
 * same game at the same pace in a window big enough is the witness: once
 * it has made two moves, the hidden one would have made them too. */
static void too_small_stops_the_bots(void **state)
{
    (void)state;
    static const char game[] = "pizza --seats bot:memory,bot:memory --seed 7 --pace 1500";
    th small, witness;
    th_start(&small, 60, 15, game);
    th_expect(&small, "needs at least", 5000);
    th_witness(&witness, game, 2, 10000);
    th_run("tmux -L %s resize-window -t 0 -x 100 -y 40 >/dev/null 2>&1", small.sock);
    /* the table again, as it was: the pace starts over once it is seen */
    th_expect(&small, "Slices (6 toppings", 1000);
    th_expect(&small, "no move yet", 1000);
    th_keys(&small, "q");
    th_keys(&small, "y");
    th_stop(&small);
}

/* Whether the screen shows the count and the whole legend under it. */
static bool count_beside_legend(const char *s, void *arg)
{
    (void)arg;
    return strstr(s, "Starting in") && strstr(s, "P panda: to the next seat   D! dish: stack a piece") &&
           strstr(s, "D dish used   1 2: roll again   ? not rolled yet");
}

/* Paku Paku's dice faces are explained on the table; two people have a
 * set of keys each, shown; with more than four the keys are passed, and
 * only to people (issue 34: "1-3: whose hands" with seat 3 a bot). The
 * count before the clock runs covers none of it. */
static void pakupaku_keys_and_legend(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, "pakupaku --seats ana,ben,bot:child --seed 3");
    th_after_countdown(&t);
    th_expect(&t, "D! dish: stack a piece", 1000);
    th_expect(&t, "P panda: to the next seat", 1000);
    th_expect(&t, "? not rolled yet", 1000);
    th_expect(&t, "ana: z roll  x plate  c bowl  v cup", 1000);
    th_expect(&t, "ben: m roll  , plate  . bowl  / cup", 1000);
    th_keys(&t, "m");
    th_expect(&t, "ben rolls", 3000);
    th_keys(&t, "z");
    th_expect(&t, "ana rolls", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    /* eight seats fill the table to its legend: the count before the
     * clock runs sits in the empty choices box, never over the legend */
    th_start(&t, 80, 24, "pakupaku --seats a,b,c,d,e,f,g,bot:child --seed 3");
    if (!th_wait_until(&t, count_beside_legend, NULL, 5000)) {
        th_dump(&t, "the count and the legend");
        fail_msg("the count before the clock runs hides the legend");
    }
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    th_start(&t, 80, 24, "pakupaku --seats a,b,c,d,e,bot:child --seed 3");
    th_after_countdown(&t);
    th_expect(&t, "The keys are a's; give them to: 2 b 3 c 4 d 5 e", 2000);
    th_refute(&t, "5 e 6");
    th_keys(&t, "3");
    th_expect(&t, "The keys are c's; give them to: 1 a 2 b 4 d 5 e", 2000);
    th_keys(&t, "r");
    th_expect(&t, "c rolls", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(big_terminal_is_used, th_teardown),
        cmocka_unit_test_teardown(what_happened_starts_at_its_top, th_teardown),
        cmocka_unit_test_teardown(passfood_stops_are_told_apart, th_teardown),
        cmocka_unit_test_teardown(too_small_stops_the_bots, th_teardown),
        cmocka_unit_test_teardown(pakupaku_keys_and_legend, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
