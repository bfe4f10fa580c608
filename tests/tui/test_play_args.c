/* test_play_args.c: `partyfood play` with a misspelt game says which game
 * was probably meant and lists them all (issue 13). */
#include <stdio.h>
#include <string.h>

#include "tui_harness.h"

static const char *run(const char *args)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s play %s --plain </dev/null 2>&1", th_bin(), args);
    return th_output(cmd);
}

static void did_you_mean(void **state)
{
    (void)state;
    assert_non_null(strstr(run("pizzza"), "did you mean pizza?"));
    assert_non_null(strstr(run("pakpaku"), "did you mean pakupaku?"));
    const char *out = run("chess");
    assert_null(strstr(out, "did you mean"));
    assert_non_null(strstr(out, "games: "));
    assert_non_null(strstr(out, "passfood"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(did_you_mean),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
