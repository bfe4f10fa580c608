/* test_plain_saves.c: the line mode's saves keep the seating, names from
 * files and command lines never reach the terminal raw, and a person's
 * table is hidden before the keyboard passes on (Hardening issue, items
 * 2, 3 and 5). Driven through pipes, as a script would. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "partyfood/seating.h"
#include "pf_test.h"

static char dir[] = "/tmp/pf-plain-XXXXXX";

static int make_dir(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    pf_test_remove_dir(dir);
    return 0;
}

static void the_line_mode_saves_and_restores_the_seating(void **state)
{
    (void)state;
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "printf '1\\nsave %s/seated.json\\nquit\\n' | %s play pizza --plain --seed 4 "
             "--seats ana,bot:random",
             dir, pf_test_bin());
    char *out = pf_test_run(cmd);
    assert_non_null(strstr(out, "saved to"));
    assert_non_null(strstr(out, "spoils every hidden piece")); /* a mid-game save is a spoiler */
    free(out);
    snprintf(cmd, sizeof cmd, "printf 'quit\\n' | %s play --resume %s/seated.json --plain",
             pf_test_bin(), dir);
    out = pf_test_run(cmd);
    if (!strstr(out, "1=ana 2=bot random"))
        fail_msg("the seating did not come back:\n%s", out);
    free(out);
}

/* A save whose seat names would set the window title and clear the screen. */
static void names_from_a_file_are_shown_printably(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pf_error err;
    pf_match *m = pf_match_create(g, 2, NULL, 4, &err);
    pf_seating s = {.n = 2, .bot = {NULL, pf_bot_find(g, "random")}};
    snprintf(s.name[0], sizeof s.name[0], "\x1b]0;owned\x07\x1b[2J");
    snprintf(s.name[1], sizeof s.name[1], "random");
    char path[128], cmd[512];
    snprintf(path, sizeof path, "%s/evil.json", dir);
    assert_int_equal(pf_seating_save(m, &s, false, path, &err), PF_E_OK);
    pf_match_destroy(m);
    snprintf(cmd, sizeof cmd, "printf '1\\nquit\\n' | %s play --resume %s --plain", pf_test_bin(), path);
    char *out = pf_test_run(cmd);
    assert_null(strchr(out, '\x1b'));
    assert_null(strchr(out, '\x07'));
    if (!strstr(out, "1=?]0;owned??[2J"))
        fail_msg("the name is not shown printably:\n%s", out);
    free(out);
}

static void control_characters_in_seats_are_refused(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "%s play pizza --plain --seats \"$(printf 'a\\033[2Jb'),bot:random\" "
             "</dev/null 2>&1; echo \"exit $?\"",
             pf_test_bin());
    char *out = pf_test_run(cmd);
    assert_null(strchr(out, '\x1b'));
    if (!strstr(out, "has a control character") || !strstr(out, "exit 2"))
        fail_msg("no clear refusal:\n%s", out);
    free(out);
}

/* The lines of text before `at` (at most n of them). */
static const char *lines_before(const char *text, const char *at, int n)
{
    const char *p = at;
    while (p > text && n >= 0) {
        p--;
        if (*p == '\n')
            n--;
    }
    return p;
}

/* Yummy Yummy Pancake, ana and ben: ana peeks at a pancake, then asks ben
 * to guess. What ben sees after "pass the keyboard" must not show ana's
 * peek, and neither may the screenful above that line. */
static void the_hand_over_hides_the_previous_persons_table(void **state)
{
    (void)state;
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "printf '\\ntoss 0.10\\npick\\nask 2\\n\\n\\nguess kiwi\\n' | "
             "%s play pancake --plain --seed 5 --seats ana,ben",
             pf_test_bin());
    char *out = pf_test_run(cmd);
    const char *peek = strstr(out, "You peek");
    const char *to_ben = strstr(out, "Pass the keyboard to ben");
    if (!peek || !to_ben || to_ben < peek)
        fail_msg("the game did not go as planned:\n%s", out);
    const char *screen = lines_before(out, to_ben, 40);
    size_t len = (size_t)(to_ben - screen);
    char *above = strndup(screen, len);
    if (strstr(above, "peek") || strstr(above, "(only you)"))
        fail_msg("ana's peek is on ben's screen:\n%s", above);
    if (strstr(to_ben, "peek"))
        fail_msg("ana's peek is shown to ben:\n%s", to_ben);
    assert_non_null(strstr(to_ben, "guesses kiwi"));
    free(above);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_line_mode_saves_and_restores_the_seating),
        cmocka_unit_test(names_from_a_file_are_shown_printably),
        cmocka_unit_test(control_characters_in_seats_are_refused),
        cmocka_unit_test(the_hand_over_hides_the_previous_persons_table),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
