/* test_save_undo.c: `s` saves a replay file that `--resume` continues
 * (seating included), and `u` takes back your own last choice only where
 * that is fair: never after chance or a reveal (issue 6, items 3 and 5). */
#include "tui_harness.h"

static void save_and_resume(void **state)
{
    (void)state;
    th t;
    char path[256], args[512];
    snprintf(path, sizeof path, "/tmp/pf-tui-save-%d.json", (int)getpid());
    th_start(&t, 100, 40, "pizza --seats ana,bot:memory --seed 21 --pace 0");
    th_expect(&t, "(your choice)", 5000);
    th_keys(&t, "Enter");
    th_expect(&t, "step 2", 3000); /* ana flipped, the bot answered */
    th_keys(&t, "s");
    th_expect(&t, "Save the game to file:", 2000);
    /* Replace the suggested name with ours. */
    for (int i = 0; i < 6; i++)
        th_keys(&t, "BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace");
    char keys[400];
    snprintf(keys, sizeof keys, "'%s' Enter", path);
    th_keys(&t, keys);
    th_expect(&t, "Saved to", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    assert_int_equal(access(path, R_OK), 0);
    snprintf(args, sizeof args, "--resume %s --pace 0", path);
    th_start(&t, 100, 40, args);
    th_expect(&t, "step 2", 5000);
    th_expect(&t, "bot memory", 1000); /* the seating came back from the file */
    th_expect(&t, "you are: ana", 1000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    unlink(path);
}

static void undo_only_where_fair(void **state)
{
    (void)state;
    th t;
    /* Pass the Party Food: a take token changes nothing hidden, so it can be
     * taken back; "carry on" lets Ziggy draw (chance): no undo after that. */
    if (system("\"$PF_BIN\" games 2>/dev/null | grep -q '^passfood'") != 0)
        skip();
    th_start(&t, 100, 40, "passfood --seats you,bot:random --seed 3 --pace 0");
    th_expect(&t, "take Ziggy's snake", 5000);
    th_keys(&t, "b");
    th_expect(&t, "step 1", 3000);
    th_expect(&t, "swap 2 take 0", 1000);
    th_keys(&t, "u");
    th_expect(&t, "Undone", 3000);
    th_expect(&t, "swap 2 take 1", 1000);
    th_expect(&t, "step 0", 1000);
    th_keys(&t, "a"); /* carry on: Ziggy draws a tile from the bag (chance) */
    th_expect(&t, "Ziggy grabs", 3000);
    th_keys(&t, "u");
    th_expect(&t, "No undo: that choice brought chance", 3000);
    /* Carry on to the plates: the drawn tile is chance too. */
    for (int i = 0; i < 4 && !th_wait(&t, "left plate", 300); i++)
        th_keys(&t, "a");
    th_expect(&t, "left plate", 1000);
    th_keys(&t, "Enter");
    th_expect(&t, "(your choice)", 3000);
    th_keys(&t, "u");
    th_expect(&t, "No undo", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(save_and_resume, th_teardown),
        cmocka_unit_test_teardown(undo_only_where_fair, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
