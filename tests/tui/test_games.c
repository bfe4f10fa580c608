/* test_games.c: one whole game of each of the four games, played with keys
 * in a pseudo-terminal against bots, to the end screen (issue 6, item 7).
 * Small settings keep each game short; --pace 0 lets the bots move at once. */
#include <string.h>

#include "tui_harness.h"

#include "partyfood/game.h"

static void pizza_to_end(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24,
             "pizza --seats you,bot:memory --seed 7 --pace 0 --option kinds=2 "
             "--option switches=false --option extra_slices=false");
    th_expect(&t, "Slices (6 toppings", 5000);
    th_expect(&t, "[  0 ]", 1000); /* face-down cells carry their number */
    th_play_to_end(&t, "Enter", 300);
    th_expect(&t, "GAME OVER", 1000);
    th_expect(&t, "WINS", 1000);
    th_expect(&t, "loses", 1000);
    th_refute(&t, "result 1"); /* a win and a loss say so in words alone (issue 13) */
    th_expect(&t, "Enter/n: menu", 1000);
    th_expect(&t, "q: quit", 1000); /* the whole key line fits 80 columns */
    /* The end screen offers another game: Enter goes to the menu. */
    th_keys(&t, "Enter");
    th_expect(&t, "Which game shall we play?", 3000);
    th_keys(&t, "q");
    th_stop(&t);
}

static void pancake_to_end(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, "pancake --seats you,bot:schemer --seed 11 --pace 0");
    th_expect(&t, "The pan", 5000);
    th_expect(&t, "How hard do you flick the pan?", 2000); /* the toss is a power meter */
    th_play_to_end(&t, "Enter", 600);
    th_expect(&t, "GAME OVER", 1000);
    th_keys(&t, "q");
    th_stop(&t);
}

/* A game that ends because the table ran out of pancakes says so: nobody
 * reached 12, so the biggest pile won (issue 13). Three random bots with
 * this seed end that way. */
static void pancake_says_why_it_ended(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, "pancake --seats bot:random,bot:random,bot:random --seed 4 --pace 0");
    th_expect(&t, "GAME OVER", 10000);
    th_expect(&t, "The game is over: random 1 wins!", 1000);
    th_expect(&t, "The pancakes on the table ran out: the biggest pile wins.", 1000);
    th_keys(&t, "q");
    th_stop(&t);
}

#define PAKU_ROLL "r or SPACE: ROLL"
#define PAKU_STACK "p plate / b bowl / c cup"
#define PAKU_CUP "SPACE (or c) drops the cup"

/* Whether Paku Paku's screen s asks the person to roll or stack, or ended. */
static bool paku_asks(const char *s, void *unused)
{
    (void)unused;
    return strstr(s, "GAME OVER") || strstr(s, PAKU_ROLL) || strstr(s, PAKU_STACK);
}

/* Whether screen s shows a move after the *(int *)step one was played, or
 * asks the person to stack, or ended: a roll pressed at step *step was
 * played, or held until the person's hands are free, or overtaken. */
static bool paku_rolled(const char *s, void *step)
{
    return th_step_of(s) > *(int *)step || strstr(s, "GAME OVER") || strstr(s, PAKU_STACK);
}

/* Plays a short Paku Paku against a child bot to its end screen: rolls,
 * and when a die waits on a dish, picks a cup up and drops it. */
static void pakupaku_play_to_end(th *t, int cols, int rows)
{
    th_start(t, cols, rows, "pakupaku --seats you,bot:child --seed 3 --option limit=5");
    th_expect(t, "The tower", 5000);
    th_after_countdown(t);
    for (int presses = 0; presses < 500; presses++) {
        if (!th_wait_until(t, paku_asks, NULL, 5000)) {
            th_dump(t, "Paku Paku stopped asking");
            fail_msg("no roll, stack or end on the screen");
        }
        if (strstr(t->screen, "GAME OVER"))
            return;
        if (strstr(t->screen, PAKU_STACK)) {
            th_keys(t, "c");
            th_expect(t, PAKU_CUP, 2000);
            th_keys(t, "Space");
            th_expect_gone(t, PAKU_CUP, 2000);
            continue;
        }
        int step = th_step_of(t->screen);
        th_keys(t, "r");
        if (!th_wait_until(t, paku_rolled, &step, 5000)) {
            th_dump(t, "the roll was not played");
            fail_msg("no move after the roll pressed at move %d", step);
        }
    }
    th_dump(t, "Paku Paku did not end");
    fail_msg("no end screen after 500 key presses");
}

static void pakupaku_to_end(void **state)
{
    (void)state;
    th t;
    pakupaku_play_to_end(&t, 100, 40);
    th_expect(&t, "WINS", 1000);
    th_keys(&t, "q");
    th_stop(&t);
}

/* At 80x24 too; the end screen shows no busy hands (it said "yours 0.8 s
 * (roll held)" for a press that the ended game never takes). */
static void pakupaku_to_end_small(void **state)
{
    (void)state;
    th t;
    pakupaku_play_to_end(&t, 80, 24);
    th_expect(&t, "WINS", 1000);
    th_refute(&t, "hands busy");
    th_keys(&t, "q");
    th_stop(&t);
}

static int count_of(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* Whether screen s shows the person's roll of 1 1 1 *(int *)n times. */
static bool rolled_times(const char *s, void *n)
{
    return count_of(s, "you roll 1 1 1") >= *(int *)n;
}

/* PAKU-10: a second roll pressed while the hands are busy is held (the
 * screen says so) and sent once they are free, not lost and not early. */
static void pakupaku_held_press(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40,
             "pakupaku --seats you,bot:child --seed 3 --option "
             "dice=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1");
    th_expect(&t, "The tower", 5000);
    th_after_countdown(&t);
    /* the second press in the same breath: it reaches the client while the
     * hands are busy with the first roll, however loaded the machine */
    th_keys(&t, "r r");
    th_expect(&t, "(roll held)", 2000);
    assert_int_equal(count_of(t.screen, "you roll 1 1 1"), 1); /* the screen that showed it held */
    int twice = 2;
    if (!th_wait_until(&t, rolled_times, &twice, 3000))
        th_dump(&t, "the held roll was not sent");
    assert_false(strstr(th_capture(&t), "(roll held)"));
    th_keys(&t, "q");
    th_stop(&t);
}

static void passfood_to_end(void **state)
{
    (void)state;
    if (!pf_game_find("passfood"))
        skip();
    th t;
    th_start(&t, 100, 40, "passfood --seats you,bot:random --seed 5 --pace 0");
    th_expect(&t, "Ziggy (Z)", 5000);
    th_play_to_end(&t, "Enter", 600);
    th_expect(&t, "GAME OVER", 1000);
    th_expect(&t, "The party is", 1000);
    /* how it ended, in words, not the view's code (issue 13) */
    th_refute(&t, "all_on_cake");
    th_refute(&t, "ziggy_cake");
    th_refute(&t, "turn_limit");
    th_keys(&t, "q");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(pizza_to_end, th_teardown),
        cmocka_unit_test_teardown(pancake_to_end, th_teardown),
        cmocka_unit_test_teardown(pancake_says_why_it_ended, th_teardown),
        cmocka_unit_test_teardown(pakupaku_to_end, th_teardown),
        cmocka_unit_test_teardown(pakupaku_to_end_small, th_teardown),
        cmocka_unit_test_teardown(pakupaku_held_press, th_teardown),
        cmocka_unit_test_teardown(passfood_to_end, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
