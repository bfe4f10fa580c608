/* test_memory_aid.c: Pizza Party's memory aid (PIZ-7) remembers what the
 * events showed, since the view carries no memory; without the aid the
 * screen shows only the piece just turned over.
 *
 * Three kinds on two slices: the person's first flip (cell 0, a pepper)
 * fills their slice, the next ones turn over an onion and mushrooms, which
 * go back face down (rule c') once the bot's slice holds a kind too; a
 * kind no slice can take stays on the table, for the aid to show. */
#include <string.h>

#include "tui_harness.h"

#define GAME                                                                             \
    "pizza --seats you,bot:memory --seed 7 --pace 0 --option kinds=3 "                   \
    "--option switches=false --option extra_slices=false "                               \
    "--option grid=pe,on,mu,mu,mu,mu,mu,mu,on,on,on,on,on,pe,pe,pe,pe,pe"

/* Whether the person may choose after at least *(int *)moves moves. */
static bool choosing_after(const char *s, void *moves)
{
    return strstr(s, "(your choice)") && th_moved_at_least(s, moves);
}

/* Plays the person's first four turns with Enter (the first cell face
 * down), each answered by the bot, until a piece put back is no longer
 * the last one turned over: the bot has just put cell 4's mushrooms back,
 * under the grid where cell 2's were turned over before. */
static void play_turns(th *t)
{
    th_expect(t, "Slices (6 toppings", 5000);
    for (int moves = 0; moves <= 8; moves += 2) {
        if (!th_wait_until(t, choosing_after, &moves, 3000)) {
            th_dump(t, "the person's turn");
            fail_msg("the person did not get a turn after %d moves", moves);
        }
        if (moves < 8)
            th_keys(t, "Enter");
    }
    th_expect(t, "Last turned over, by bot memory: cell 4 is MU", 1000);
}

static void aid_shows_earlier_reveals(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, GAME " --memory-aid");
    play_turns(&t);
    th_expect(&t, "[ MU ]", 1000);
    th_keys(&t, "q");
    th_stop(&t);
}

/* The same screen as with the aid, drawn down to the line under the grid. */
static void no_aid_no_memory(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, GAME);
    play_turns(&t);
    th_refute(&t, "[ MU ]");
    th_refute(&t, "[ ON ]");
    th_keys(&t, "q");
    th_stop(&t);
}

/* Yummy Yummy Pancake's log follows the memory aid too (YYP-7, issue 34):
 * without it, the pan the chef drew before the toss is an earlier reveal,
 * and the toss says how many went face down, never which; with the aid
 * the log shows the draw. */
#define PANCAKE "pancake --seats ana,bot:medium --seed 4 --pace 0"

static void pancake_log(th *t, const char *args)
{
    th_start(t, 100, 40, args);
    th_expect(t, "How hard do you flick the pan?", 5000);
    th_keys(t, "Enter"); /* ana tosses */
    th_expect(t, "pick one and peek", 3000);
    th_keys(t, "l");
    th_expect(t, "Game log, as ana may see it", 3000);
    th_expect(t, "face down", 1000);
}

static void pancake_log_hides_the_pan(void **state)
{
    (void)state;
    th t;
    pancake_log(&t, PANCAKE);
    th_expect(&t, "(an earlier reveal: remember it!", 1000);
    th_refute(&t, "is chef and draws");
    th_refute(&t, "face-down 1"); /* no topping of what went face down */
    th_refute(&t, "face down 1 ");
    th_keys(&t, "q");
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    pancake_log(&t, PANCAKE " --memory-aid");
    th_expect(&t, "is chef and draws", 1000);
    th_refute(&t, "(an earlier reveal");
    th_keys(&t, "q");
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(aid_shows_earlier_reveals, th_teardown),
        cmocka_unit_test_teardown(no_aid_no_memory, th_teardown),
        cmocka_unit_test_teardown(pancake_log_hides_the_pan, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
