/* test_plain_commands.c: the line mode's numbers, commands and names
 * (issue 34): a Pancake guess is numbered from 1 and played by its number;
 * `l` and `log` show the log (as the memory rule allows), `u` and `undo`
 * take back a choice where fair, `rules` shows the rules; alike bots are
 * named apart as on the full screen; `--sets` gets "did you mean --seats".
 * Driven through pipes, as a script would. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pf_test.h"

/* The bot chef (seat 1) asks the person (seat 2) at once: the guess. */
#define GUESS "pancake --seed 42 --seats bot:medium,you --option table=SSKKKKLC"

static char *plain(const char *game_args, const char *input)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "printf '%s' | %s play %s --plain 2>&1", input, pf_test_bin(),
             game_args);
    return pf_test_run(cmd);
}

static void guesses_are_numbered_from_1(void **state)
{
    (void)state;
    char *out = plain(GUESS, "2\\nquit\\n");
    assert_non_null(strstr(out, "  1) guess strawberry"));
    assert_non_null(strstr(out, "  5) guess chocolate"));
    assert_null(strstr(out, "0) guess"));
    assert_non_null(strstr(out, "you (seat 2): guess kiwi"));
    free(out);
}

static void l_shows_the_log_and_hides_earlier_reveals(void **state)
{
    (void)state;
    char *out = plain(GUESS, "l\\nlog\\nquit\\n");
    assert_null(strstr(out, "you (seat 2): guess")); /* l is no guess (blueberry's letter) */
    char *log = strstr(out, "The log so far:");
    assert_non_null(log);
    assert_non_null(strstr(log + 1, "The log so far:")); /* log too */
    assert_non_null(strstr(log, "asks seat 2"));
    /* the bot's toss is the latest reveal; the pan it drew, earlier, is not shown */
    assert_non_null(strstr(log, "(an earlier reveal: remember it!"));
    assert_null(strstr(log, "draws 2 strawberry"));
    free(out);
}

/* A replay of a game still in progress hides earlier reveals as the table
 * does (issue 34); --all, or the game's end, shows everything. */
static void a_replay_in_progress_keeps_the_memory_game(void **state)
{
    (void)state;
    char path[64], input[128], cmd[512];
    snprintf(path, sizeof path, "/tmp/pf-replay-%d.json", (int)getpid());
    snprintf(input, sizeof input, "1\\nsave %s\\nquit\\n", path);
    free(plain(GUESS, input));
    snprintf(cmd, sizeof cmd, "%s replay %s", pf_test_bin(), path);
    char *out = pf_test_run(cmd);
    /* the first toss is an earlier reveal now; the pan left at the end of
     * the turn is the latest */
    assert_non_null(strstr(out, "(an earlier reveal: remember it!)"));
    assert_null(strstr(out, "Seat 1 tosses (p="));
    assert_non_null(strstr(out, "Left face-up in the pan"));
    free(out);
    snprintf(cmd, sizeof cmd, "%s replay %s --all", pf_test_bin(), path);
    out = pf_test_run(cmd);
    assert_non_null(strstr(out, "Seat 1 tosses (p="));
    free(out);
    unlink(path);
}

/* A replay of a game in progress says nothing that hangs on what its
 * seats may not know: two Pizza Party games before their first move,
 * dealt from different seeds (all their pieces face down), replay alike
 * to a spectator, to each seat and with --all, and none names its seed
 * (from which the pieces, and so the chance to come, follow). */
static void a_replay_in_progress_keeps_its_secrets(void **state)
{
    (void)state;
    static const char *const as[] = {"", " --seat 1", " --seat 2", " --all"};
    char *outs[2][4];
    for (int k = 0; k < 2; k++) {
        char path[64], args[128], input[128], cmd[512];
        snprintf(path, sizeof path, "/tmp/pf-replay-%d.json", (int)getpid());
        snprintf(args, sizeof args, "pizza --seed %d --seats you,bot:random", 1234567 + k);
        snprintf(input, sizeof input, "save %s\\nquit\\n", path);
        free(plain(args, input));
        for (int a = 0; a < 4; a++) {
            snprintf(cmd, sizeof cmd, "%s replay %s%s", pf_test_bin(), path, as[a]);
            outs[k][a] = pf_test_run(cmd);
            assert_non_null(strstr(outs[k][a], "not over"));
            assert_null(strstr(outs[k][a], "seed"));
            char seed[32];
            snprintf(seed, sizeof seed, "%d", 1234567 + k);
            assert_null(strstr(outs[k][a], seed));
        }
        unlink(path);
    }
    for (int a = 0; a < 4; a++) {
        if (strcmp(outs[0][a], outs[1][a]) != 0)
            fail_msg("replay%s differs with the hidden deal:\n%s\n----\n%s", as[a], outs[0][a],
                     outs[1][a]);
        free(outs[0][a]);
        free(outs[1][a]);
    }
}

static void rules_and_help(void **state)
{
    (void)state;
    char *out = plain(GUESS, "rules\\nhelp\\nquit\\n");
    assert_non_null(strstr(out, "YUMMY YUMMY PANCAKE"));
    assert_non_null(strstr(out, "'log' (or l)"));
    assert_non_null(strstr(out, "'undo' (or u)"));
    free(out);
}

/* Taking a tile from Ziggy shows nothing hidden and brings no chance: the
 * person may take it back; with nothing of theirs to take back, undo says
 * why not. */
static void undo_takes_back_a_fair_choice(void **state)
{
    (void)state;
    char *out = plain("passfood --seed 5 --seats you,bot:greedy --option ziggy=BB",
                      "u\\ntake ziggy biscuit\\nundo\\nquit\\n");
    char *no = strstr(out, "No undo:");
    assert_non_null(no);
    char *taken = strstr(out, "you (seat 1): take ziggy biscuit");
    assert_non_null(taken);
    assert_true(no < taken);
    assert_non_null(strstr(taken, "Undone: your last choice is taken back."));
    free(out);
}

static void alike_bots_are_named_apart(void **state)
{
    (void)state;
    char *out = plain("passfood --seed 1 --seats ana,greedy,greedy", "quit\\n");
    assert_non_null(strstr(out, "3 seats. 1=ana 2=greedy 1 (bot) 3=greedy 2 (bot)\n"));
    free(out);
    out = plain("passfood --seed 1 --seats ana,planner", "quit\\n");
    assert_non_null(strstr(out, "2 seats. 1=ana 2=bot planner\n"));
    free(out);
}

static void a_mistyped_flag_gets_its_name(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s play pizza --sets ana,ben --plain </dev/null 2>&1",
             pf_test_bin());
    char *out = pf_test_run(cmd);
    assert_non_null(strstr(out, "unknown or incomplete argument '--sets'; did you mean --seats?"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(guesses_are_numbered_from_1),
        cmocka_unit_test(l_shows_the_log_and_hides_earlier_reveals),
        cmocka_unit_test(a_replay_in_progress_keeps_the_memory_game),
        cmocka_unit_test(a_replay_in_progress_keeps_its_secrets),
        cmocka_unit_test(rules_and_help),
        cmocka_unit_test(undo_takes_back_a_fair_choice),
        cmocka_unit_test(alike_bots_are_named_apart),
        cmocka_unit_test(a_mistyped_flag_gets_its_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
