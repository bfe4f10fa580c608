/* test_save_undo.c: `s` saves a replay file that `--resume` continues
 * (seating included), and `u` takes back your own last choice only where
 * that is fair: never after chance or a reveal (issue 6, items 3 and 5). */
#include <sys/stat.h>

#include "partyfood/seating.h"
#include "partyfood/file.h"
#include "partyfood/replay.h"
#include "tui_harness.h"

static const char *autosave_file(void)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/partyfood/autosave.json", th_state_dir());
    return path;
}

/* Hardening issue, item 4: every step is autosaved; the next `partyfood
 * play` offers to resume an unfinished game, and "n" starts the new one. */
static void autosave_and_the_offer_to_resume(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, "pizza --seats ana,bot:memory --seed 21 --pace 0");
    th_expect(&t, "(your choice)", 5000);
    th_keys(&t, "Enter");
    th_expect(&t, "|  2 moves", 3000);
    th_expect(&t, "(your choice)", 3000);
    pf_error err;
    pf_match *m = pf_match_load_file(autosave_file(), &err);
    if (!m)
        fail_msg("no autosave after two steps: %s", err.msg);
    assert_int_equal(m->nsteps, 2);
    pf_match_destroy(m);
    char folder[128];
    snprintf(folder, sizeof folder, "%s/partyfood", th_state_dir());
    struct stat st;
    assert_int_equal(stat(folder, &st), 0);
    assert_int_equal(st.st_mode & 077, 0); /* a folder private to the user */
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    /* Another game: the unfinished one is offered first, and resumed. */
    th_keep_state = true;
    th_start(&t, 100, 40, "pizza --seats bob,bot:random --seed 99 --pace 0");
    th_expect(&t, "An unfinished game was saved automatically", 5000);
    th_expect(&t, "Pizza Party, 2 moves", 1000);
    th_expect(&t, "ana, bot memory", 1000);
    th_keys(&t, "y");
    th_expect(&t, "|  2 moves", 3000);
    th_expect(&t, "you are: ana", 1000);
    th_expect(&t, "bot memory", 1000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    /* Declined: the new game starts as asked. */
    th_keep_state = true;
    th_start(&t, 100, 40, "pizza --seats bob,bot:random --seed 99 --pace 0");
    th_expect(&t, "Resume it?", 5000);
    th_keys(&t, "n");
    th_expect(&t, "you are: bob", 3000);
    th_expect(&t, "no move yet", 1000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

/* The offer names alike bots apart, as the game screen does (issue 34). */
static void the_offer_names_alike_bots_apart(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, "pizza --seats ana,bot:medium,bot:medium --seed 21 --pace 0");
    th_expect(&t, "(your choice)", 5000);
    th_keys(&t, "Enter");
    th_expect(&t, "|  3 moves", 5000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    th_keep_state = true;
    th_start(&t, 100, 40, "pizza --seats bob,bot:random --seed 99 --pace 0");
    th_expect(&t, "ana, medium 1, medium 2", 5000);
    th_keys(&t, "n");
    th_expect(&t, "you are: bob", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

/* A game that ends normally leaves no autosave behind. */
static void a_finished_game_removes_its_autosave(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, "pizza --seats ana,bot:random --seed 5 --pace 0");
    th_expect(&t, "(your choice)", 5000);
    th_keys(&t, "Enter");
    th_expect(&t, "|  2 moves", 3000);
    assert_int_equal(access(autosave_file(), F_OK), 0);
    th_play_to_end(&t, "Enter", 400);
    assert_int_not_equal(access(autosave_file(), F_OK), 0);
    th_keys(&t, "q");
    th_stop(&t);
}

/* Hardening issue, item 2: a save's names reach the screen printable. */
static void names_from_a_save_are_shown_printably(void **state)
{
    (void)state;
    const pf_game *g = pf_game_find("pizza");
    pf_error err;
    pf_match *m = pf_match_create(g, 2, NULL, 4, &err);
    pf_seating s = {.n = 2, .bot = {NULL, pf_bot_find(g, "memory")}};
    snprintf(s.name[0], sizeof s.name[0], "\x1b]0;owned\x07");
    snprintf(s.name[1], sizeof s.name[1], "memory");
    char path[128], args[256];
    snprintf(path, sizeof path, "/tmp/pf-tui-evil-%d.json", (int)getpid());
    assert_int_equal(pf_seating_save(m, &s, false, path, &err), PF_E_OK);
    pf_match_destroy(m);
    th t;
    snprintf(args, sizeof args, "--resume %s --pace 0", path);
    th_start(&t, 100, 40, args);
    th_expect(&t, "you are: ?]0;owned?", 5000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    unlink(path);
}

static void save_and_resume(void **state)
{
    (void)state;
    th t;
    char path[256], args[512];
    snprintf(path, sizeof path, "/tmp/pf-tui-save-%d.json", (int)getpid());
    th_start(&t, 100, 40, "pizza --seats ana,bot:memory --seed 21 --pace 0");
    th_expect(&t, "(your choice)", 5000);
    th_keys(&t, "Enter");
    th_expect(&t, "|  2 moves", 3000); /* ana flipped, the bot answered */
    th_keys(&t, "s");
    th_expect(&t, "Save the game to file:", 2000);
    /* The prompt starts empty, the suggested name beside it: what is typed
     * is the name (issue 34: it was appended to the suggestion). */
    th_expect(&t, "Enter alone takes partyfood-pizza-", 1000);
    char keys[400];
    snprintf(keys, sizeof keys, "'%s' Enter", path);
    th_keys(&t, keys);
    th_expect(&t, "Saved to /tmp/pf-tui-save-", 3000);
    /* the whole message, wrapped: the file's name twice */
    th_expect(&t, "partyfood play --resume", 1000);
    const char *once = strstr(th_capture(&t), path);
    assert_non_null(once);
    assert_non_null(strstr(once + 1, path));
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    assert_int_equal(access(path, R_OK), 0);
    snprintf(args, sizeof args, "--resume %s --pace 0", path);
    th_start(&t, 100, 40, args);
    th_expect(&t, "|  2 moves", 5000);
    th_expect(&t, "bot memory", 1000); /* the seating came back from the file */
    th_expect(&t, "you are: ana", 1000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    unlink(path);
}

/* Whether screen s shows the plates, or the person's choice after move
 * *(int *)next was played: a carry on was taken. */
static bool plates_or_choice_after(const char *s, void *next)
{
    return strstr(s, "left plate") || (strstr(s, "(your choice)") && th_moved_at_least(s, next));
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
    th_expect(&t, "|  1 move", 3000);
    th_expect(&t, "swap 2 take 0", 1000);
    th_keys(&t, "u");
    th_expect(&t, "Undone", 3000);
    th_expect(&t, "swap 2 take 1", 1000);
    th_expect(&t, "no move yet", 1000);
    th_keys(&t, "a"); /* carry on: Ziggy draws a tile from the bag (chance) */
    th_expect(&t, "Ziggy grabs", 3000);
    th_keys(&t, "u");
    th_expect(&t, "No undo: that choice brought chance", 3000);
    /* Carry on to the plates: the drawn tile is chance too. */
    for (int i = 0; i < 4 && !strstr(th_capture(&t), "left plate"); i++) {
        int next = th_step(&t) + 1;
        th_keys(&t, "a");
        if (!th_wait_until(&t, plates_or_choice_after, &next, 3000))
            break; /* the expectation below shows the screen */
    }
    th_expect(&t, "left plate", 1000);
    th_keys(&t, "Enter");
    th_expect(&t, "(your choice)", 3000);
    th_keys(&t, "u");
    th_expect(&t, "No undo", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

/* A save from before the check (version 1) still loads, and the screen
 * says that it had no check. */
static void an_old_save_loads_with_a_warning(void **state)
{
    (void)state;
    const pf_game *g = pf_game_find("pizza");
    pf_error err;
    pf_match *m = pf_match_create(g, 2, NULL, 4, &err);
    cJSON *r = pf_match_save(m);
    pf_match_destroy(m);
    cJSON_ReplaceItemInObject(r, "version", cJSON_CreateNumber(1));
    cJSON_DeleteItemFromObject(r, "check");
    char *text = cJSON_Print(r);
    char path[128], args[256];
    snprintf(path, sizeof path, "/tmp/pf-tui-v1-%d.json", (int)getpid());
    assert_int_equal(pf_file_write_atomic(path, text, strlen(text), &err), PF_E_OK);
    free(text);
    cJSON_Delete(r);
    th t;
    snprintf(args, sizeof args, "--resume %s --pace 0", path);
    th_start(&t, 120, 40, args);
    th_expect(&t, "(your choice)", 5000);
    th_expect(&t, "version 1 and has no check", 1000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(save_and_resume, th_teardown),
        cmocka_unit_test_teardown(undo_only_where_fair, th_teardown),
        cmocka_unit_test_teardown(autosave_and_the_offer_to_resume, th_teardown),
        cmocka_unit_test_teardown(the_offer_names_alike_bots_apart, th_teardown),
        cmocka_unit_test_teardown(a_finished_game_removes_its_autosave, th_teardown),
        cmocka_unit_test_teardown(names_from_a_save_are_shown_printably, th_teardown),
        cmocka_unit_test_teardown(an_old_save_loads_with_a_warning, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
