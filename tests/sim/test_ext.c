/* test_ext.c: `partyfood sim --seats ext:COMMAND` seats another program
 * (issue 17 item 4; docs/bots.md): the example bot in Python plays the
 * ladder and gets the same report as a built-in bot; a program sees only
 * its own seat's secrets; whatever a program does wrong stops the run with
 * a message that says which program, where, and what. */
#include <stdlib.h>
#include <string.h>

#include "pf_test.h"

/* Runs `partyfood sim ARGS` from the source tree (the bots' paths are
 * relative to it), stderr in the output, then "rc=N". */
static char *sim(const char *args)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' sim %s --quiet 2>&1; echo rc=$?",
             getenv("PF_SOURCE_DIR"), pf_test_bin(), args);
    return pf_test_run(cmd);
}

static void expect(const char *out, const char *text)
{
    if (!strstr(out, text))
        fail_msg("the output does not say \"%s\":\n%s", text, out);
}

/* The example bot plays Pizza Party against the medium bot and is reported
 * like any bot, on every seat in turn. */
static void the_example_bot_is_on_the_ladder(void **state)
{
    (void)state;
    char *out = sim("pizza --seats 'ext:/usr/bin/python3 examples/bots/random_bot.py 5,bot:medium' "
                    "--games 40 --threads 2");
    expect(out, "40 games (40 finished)");
    expect(out, "ext:/usr/bin/python3 examples/bots/random_bot.py 5      40");
    expect(out, "bot:medium                                              40");
    expect(out, "rc=0");
    free(out);
}

/* Two programs at one table, each told only its own seat's secrets (the
 * checking bot exits with status 3 on a breach, which would stop the run),
 * and told some: the chef's peeks and bonuses. */
static void a_program_sees_only_its_seat(void **state)
{
    (void)state;
    char *out = sim("pancake --seats 'ext:/usr/bin/python3 tests/sim/bots/secret_keeper.py,"
                    "ext:/usr/bin/python3 tests/sim/bots/secret_keeper.py,bot:medium' --games 30");
    expect(out, "rc=0");
    expect(out, "30 games (30 finished)");
    expect(out, "secret_keeper: a private event came, its own");
    assert_null(strstr(out, "private event of another seat"));
    free(out);
}

/* Each way a program can fail stops the run with exit status 1 and says so. */
static void a_failing_program_stops_the_run(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"pizza --seats 'ext:echo hi,bot:medium'", "answered 'hi', not {\"action\": NAME}"},
        /* Gone before it is asked or before it answers: either is said. */
        {"pizza --seats 'ext:true,bot:medium'", ": it exited with status 0"},
        {"pizza --seats 'ext:./no/such/bot,bot:medium'", "the command could not be run"},
        {"pizza --seats 'ext:sleep 30,bot:medium' --ext-timeout 1",
         "gave no answer within 1000 ms"},
        {"pizza --seats \"ext:yes '{\\\"action\\\":\\\"flip 99\\\"}',bot:medium\"",
         "answered 'flip 99', which is no action of Pizza Party"},
        {"pizza --seats \"ext:yes '{\\\"action\\\":\\\"switch blue\\\"}',bot:medium\"",
         "answered 'switch blue': that action is not legal now"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[512];
        snprintf(args, sizeof args, "%s --games 10 --threads 1", cases[i][0]);
        char *out = sim(args);
        expect(out, cases[i][1]);
        expect(out, "(seat 1) in game 0 of the batch (seed ");
        expect(out, "rc=1");
        assert_null(strstr(out, "win rate")); /* no report of a run a bot did not play */
        free(out);
    }
    char *out = sim("pizza --seats ext:,bot:medium --games 1");
    expect(out, "'ext:' names no program");
    expect(out, "rc=2");
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_example_bot_is_on_the_ladder),
        cmocka_unit_test(a_program_sees_only_its_seat),
        cmocka_unit_test(a_failing_program_stops_the_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
