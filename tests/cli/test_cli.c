/* test_cli.c: the real program, driven through pipes as a script would. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pf_test.h"

static void engine_survives_garbage(void **state)
{
    (void)state;
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "printf '%%s\\n' 'not json' '{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2}' "
             "'\\x01\\x02' '{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\"}' "
             "'{\"cmd\":\"result\"}' | %s engine",
             pf_test_bin());
    char *out = pf_test_run(cmd);
    /* One answer per non-empty line, in order; the game survived the garbage. */
    int lines = 0;
    for (char *p = out; (p = strchr(p, '\n')); p++)
        lines++;
    assert_int_equal(lines, 5);
    assert_non_null(strstr(out, "\"code\":\"bad_json\""));
    char *act = strstr(out, "\"events\"");
    assert_non_null(act);
    assert_non_null(strstr(act, "\"over\":false"));
    free(out);
}

static void plain_play_with_bots_reaches_the_end(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "%s play pizza --plain --seed 3 --seats bot:random,bot:random </dev/null", pf_test_bin());
    char *out = pf_test_run(cmd);
    assert_non_null(strstr(out, "Game over."));
    free(out);
}

/* Pass the Party Food's picture says where the turn stands and how the
 * party ended in words, not in the view's codes (issue 13). */
static void plain_passfood_speaks_in_words(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "%s play passfood --plain --seed 1 --seats bot:random,bot:random </dev/null",
             pf_test_bin());
    char *out = pf_test_run(cmd);
    assert_non_null(strstr(out, "random 1 to play (before Ziggy's draw)"));
    assert_non_null(strstr(out, "turn 7  game over"));
    assert_non_null(strstr(out, "The team has lost: Ziggy caught up with a player."));
    assert_null(strstr(out, "(start)"));
    assert_null(strstr(out, "(caught)"));
    assert_null(strstr(strstr(out, "game over"), "<- to play"));
    free(out);
}

/* The simulator's table counts seats from 1, as every screen does (one
 * bot in every seat: the seats are not rotated, each is a row). */
static void sim_counts_seats_from_1(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s sim pizza --games 20 --seats memory,memory", pf_test_bin());
    char *out = pf_test_run(cmd);
    assert_non_null(strstr(out, "\nseat 1 memory "));
    assert_non_null(strstr(out, "\nseat 2 memory "));
    assert_null(strstr(out, "seat 0"));
    free(out);
}

static void plain_play_person_saves_and_replays(void **state)
{
    (void)state;
    char dir[] = "/tmp/pf-cli-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char cmd[1024];
    /* The person plays "1" twice, saves, quits; replay prints the steps. */
    snprintf(cmd, sizeof cmd,
             "printf '1\\n1\\nsave %s/g.json\\nquit\\n' | %s play pizza --plain --seed 4 "
             "--seats ana,bot:random",
             dir, pf_test_bin());
    char *out = pf_test_run(cmd);
    assert_non_null(strstr(out, "ana> "));
    assert_non_null(strstr(out, "saved to"));
    free(out);
    snprintf(cmd, sizeof cmd, "%s replay %s/g.json", pf_test_bin(), dir);
    out = pf_test_run(cmd);
    assert_non_null(strstr(out, "Pizza Party, 2 seats, "));
    assert_null(strstr(out, "seed")); /* not before the game is over: the chance to come */
    assert_non_null(strstr(out, "   1. seat 1: flip"));
    assert_non_null(strstr(out, "not over"));
    free(out);
    pf_test_remove_dir(dir);
}

static void bad_arguments_explain(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s play chess 2>&1; %s frobnicate 2>&1; %s bench nogame 2>&1",
             pf_test_bin(), pf_test_bin(), pf_test_bin());
    char *out = pf_test_run(cmd);
    assert_non_null(strstr(out, "no game called 'chess'"));
    assert_non_null(strstr(out, "unknown command 'frobnicate'"));
    assert_non_null(strstr(out, "no game called 'nogame'"));
    free(out);
}

/* A mistyped command or game gets the nearest one, in every command that
 * takes a game (issue 13). */
static void a_typo_gets_the_nearest_name(void **state)
{
    (void)state;
    char cmd[768];
    snprintf(cmd, sizeof cmd,
             "%s simm 2>&1; %s sim pancak 2>&1; %s bench pizz 2>&1; %s engin 2>&1 </dev/null",
             pf_test_bin(), pf_test_bin(), pf_test_bin(), pf_test_bin());
    char *out = pf_test_run(cmd);
    assert_non_null(strstr(out, "unknown command 'simm'; did you mean sim?"));
    assert_non_null(strstr(out, "no game called 'pancak'; did you mean pancake?"));
    assert_non_null(strstr(out, "no game called 'pizz'; did you mean pizza?"));
    assert_non_null(strstr(out, "unknown command 'engin'; did you mean engine?"));
    free(out);
    snprintf(cmd, sizeof cmd, "%s frobnicate 2>&1", pf_test_bin());
    out = pf_test_run(cmd);
    assert_null(strstr(out, "did you mean"));
    free(out);
}

/* A packager's and a bug reporter's first question. */
static void version_names_program_and_protocol(void **state)
{
    (void)state;
    char cmd[512], want[64];
    snprintf(cmd, sizeof cmd, "%s --version", pf_test_bin());
    char *out = pf_test_run(cmd);
    snprintf(want, sizeof want, "(engine protocol %d)\n", PF_PROTOCOL_VERSION);
    assert_true(strncmp(out, "partyfood ", 10) == 0);
    assert_non_null(strstr(out, want));
    free(out);
}

static void bench_json_has_the_keys(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s bench pizza --json --seconds 0.05", pf_test_bin());
    char *out = pf_test_run(cmd);
    cJSON *j = cJSON_Parse(out);
    assert_non_null(j);
    assert_string_equal(cJSON_GetObjectItem(j, "game")->valuestring, "pizza");
    assert_true(cJSON_GetObjectItem(j, "games_per_s")->valuedouble > 0);
    assert_true(cJSON_GetObjectItem(j, "actions_per_s")->valuedouble > 0);
    assert_true(cJSON_GetObjectItem(j, "state_bytes")->valuedouble > 0);
    cJSON_Delete(j);
    free(out);
}

/* A game people play gets a fresh secret seed (never the clock): the line
 * mode does not print it, two games started together differ, and the
 * steps of the setup (Pancake's first draw) are shown. */
static void plain_play_keeps_the_seed_secret(void **state)
{
    (void)state;
    char dir[] = "/tmp/pf-cli-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char cmd[1024], seeds[2][64];
    for (int i = 0; i < 2; i++) {
        snprintf(cmd, sizeof cmd,
                 "printf 'save %s/g%d.json\\nquit\\n' | %s play pancake --plain "
                 "--seats ana,bot:random",
                 dir, i, pf_test_bin());
        char *out = pf_test_run(cmd);
        assert_non_null(strstr(out, "ana is chef and draws"));
        assert_null(strstr(out, "seed"));
        free(out);
        /* the save holds it (replay names it only once the game is over) */
        snprintf(cmd, sizeof cmd, "cat %s/g%d.json", dir, i);
        out = pf_test_run(cmd);
        const char *at = strstr(out, "\"seed\"");
        assert_non_null(at);
        snprintf(seeds[i], sizeof seeds[i], "%.*s", (int)strcspn(at, ","), at);
        free(out);
    }
    assert_string_not_equal(seeds[0], seeds[1]); /* equal once in 2^64 */
    pf_test_remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(engine_survives_garbage),
        cmocka_unit_test(a_typo_gets_the_nearest_name),
        cmocka_unit_test(plain_play_with_bots_reaches_the_end),
        cmocka_unit_test(plain_passfood_speaks_in_words),
        cmocka_unit_test(sim_counts_seats_from_1),
        cmocka_unit_test(plain_play_person_saves_and_replays),
        cmocka_unit_test(bad_arguments_explain),
        cmocka_unit_test(version_names_program_and_protocol),
        cmocka_unit_test(bench_json_has_the_keys),
        cmocka_unit_test(plain_play_keeps_the_seed_secret),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
