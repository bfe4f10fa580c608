/* test_plain_skill.c: skill in the line mode (ruling C-4). A person's toss
 * is their timing on a meter (driven here by a test clock), or, where no
 * meter can be drawn, their aim moved by an average hand's error: nobody
 * gets a perfect toss by typing it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/plain_skill.h"
#include "pf_test.h"

/* The test clock: the meter starts at 0 and Enter comes at enter_ms. */
static int64_t enter_ms;
static int clock_calls;

static int64_t test_clock(void)
{
    return clock_calls++ == 0 ? 0 : enter_ms;
}

/* A stream that already holds what the person types. */
static FILE *typed(const char *text)
{
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    assert_int_equal(write(fd[1], text, strlen(text)), (ssize_t)strlen(text));
    close(fd[1]);
    return fdopen(fd[0], "r");
}

static pf_match *new_pancake(void)
{
    pf_options opt;
    pf_error err;
    pf_options_clear(&opt);
    pf_match *m = pf_match_create(pf_test_game("pancake"), 2, &opt, 7, &err);
    assert_non_null(m);
    return m;
}

/* The action the line mode plays for the person's line; -1 when none. */
static int toss_of(plain_skill *k, pf_match *m, const char *line, FILE *in, FILE *out)
{
    pf_action a;
    int64_t stopped;
    if (plain_skill_read(k, m, 0, line, in, out, &a, &stopped) != 1)
        return -1;
    char name[32];
    m->game->name(m->state, a, name, sizeof name);
    assert_true(strncmp(name, "toss ", 5) == 0);
    return (int)lround(atof(name + 5) * 100);
}

/* The meter goes 0.10 -> 0.90 in 1.2 s and back: Enter at 640 ms stops it at
 * 0.10 + 0.80 * 640 / 1200 = 0.5267, a toss of 0.53; at 1800 ms it is on its
 * way back, at 0.50. The typed number does not count on a meter. */
static void meter_sets_p_from_timing(void **state)
{
    (void)state;
    pf_match *m = new_pancake();
    FILE *out = tmpfile();
    plain_skill k;
    plain_skill_init(&k, stdin, out, 1);
    k.meter = true;
    k.clock = test_clock;
    static const struct {
        const char *line;
        int64_t at;
        int p;
    } cases[] = {{"toss", 640, 53}, {"toss 0.9", 1800, 50}, {"1", 1200, 90}, {"toss", 0, 10}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *in = typed("\n");
        enter_ms = cases[i].at;
        clock_calls = 0;
        assert_int_equal(toss_of(&k, m, cases[i].line, in, out), cases[i].p);
        fclose(in);
    }
    /* The meter was drawn on one line, redrawn with \r. */
    char buf[4096];
    rewind(out);
    size_t n = fread(buf, 1, sizeof buf - 1, out);
    buf[n] = '\0';
    assert_non_null(strstr(buf, "\rtoss: ["));
    fclose(out);
    pf_match_destroy(m);
}

/* End of input during the meter plays nothing. */
static void meter_without_enter_plays_nothing(void **state)
{
    (void)state;
    pf_match *m = new_pancake();
    FILE *out = tmpfile(), *in = typed("");
    plain_skill k;
    plain_skill_init(&k, stdin, out, 1);
    k.meter = true;
    k.clock = test_clock;
    clock_calls = 0;
    pf_action a;
    int64_t stopped;
    assert_int_equal(plain_skill_read(&k, m, 0, "toss", in, out, &a, &stopped), -1);
    assert_int_equal(stopped, -2);
    assert_int_equal(m->nsteps, 0);
    fclose(in);
    fclose(out);
    pf_match_destroy(m);
}

/* Mean and standard deviation of n tosses (hundredths) of `line`. */
static void typed_tosses(plain_skill *k, pf_match *m, const char *line, int n, double *mean,
                         double *sd, int *exact)
{
    FILE *out = tmpfile();
    double sum = 0, sq = 0;
    *exact = 0;
    for (int i = 0; i < n; i++) {
        int p = toss_of(k, m, line, stdin, out);
        assert_true(p >= 10 && p <= 90);
        sum += p;
        sq += (double)p * p;
        char want[16];
        snprintf(want, sizeof want, "toss %.2f", p / 100.0);
        *exact += strcmp(want, line) == 0;
    }
    *mean = sum / n;
    *sd = sqrt(sq / n - *mean * *mean);
    fclose(out);
}

/* Without a meter a typed aim is moved by the medium bot's hand: 0.90 is
 * not always 0.90, and the spread is the medium bot's own. */
static void typed_aim_wobbles_like_the_medium_bot(void **state)
{
    (void)state;
    pf_match *m = new_pancake();
    plain_skill k;
    plain_skill_init(&k, stdin, stdout, 1);
    k.meter = false;
    double mean, sd;
    int exact;
    typed_tosses(&k, m, "toss 0.90", 4000, &mean, &sd, &exact);
    assert_true(exact < 4000 * 3 / 4);
    assert_true(mean < 89);
    /* The medium bot's hand (the game's model, wobble 1) aiming at 0.90. */
    pf_rng rng;
    pf_rng_seed(&rng, 99);
    double bot_sum = 0;
    for (int i = 0; i < 4000; i++) {
        pf_action a;
        m->game->skill_error(100 + 90, 1, &rng, &a);
        bot_sum += a - 100;
    }
    assert_true(fabs(mean - bot_sum / 4000) < 0.5);

    /* Away from the edge: centred on the aim, as spread as the medium bot's
     * flicks (the ladder's medium is the forgetful bot, aiming at 0.80). */
    typed_tosses(&k, m, "toss 0.50", 4000, &mean, &sd, &exact);
    assert_true(fabs(mean - 50) < 0.5);
    const pf_bot_def *medium = pf_bot_find(m->game, "medium");
    double below_sq = 0;
    int below = 0;
    for (uint64_t seed = 1; seed <= 4000; seed++) {
        pf_obs o;
        pf_action a;
        int64_t t;
        pf_match_obs(m, 0, &o);
        pf_rng_seed(&rng, seed);
        assert_int_equal(medium->choose(&o, &rng, &a, &t), PF_E_OK);
        /* Its flicks below its aim (a half normal, clear of the top of the
         * scale where flicks are held) give its hand's spread. */
        if (a - 100 < 80) {
            below_sq += (80.0 - (a - 100)) * (80.0 - (a - 100));
            below++;
        }
    }
    double medium_sd = sqrt(below_sq / below);
    assert_true(fabs(sd - medium_sd) < 0.15 * medium_sd);
    pf_match_destroy(m);
}

/* A kind without an aim asks for one; lines that are no toss are left alone. */
static void bare_kind_asks_for_an_aim(void **state)
{
    (void)state;
    pf_match *m = new_pancake();
    FILE *out = tmpfile();
    plain_skill k;
    plain_skill_init(&k, stdin, out, 1);
    assert_false(k.meter); /* a file cannot redraw a line */
    pf_action a;
    int64_t stopped;
    assert_int_equal(plain_skill_read(&k, m, 0, "toss", stdin, out, &a, &stopped), -1);
    assert_int_equal(plain_skill_read(&k, m, 0, "pick", stdin, out, &a, &stopped), 0);
    assert_int_equal(plain_skill_read(&k, m, 0, "save x", stdin, out, &a, &stopped), 0);
    /* The choices fold the nine listed tosses into one. */
    plain_choice *c = malloc(PF_MAX_LEGAL * sizeof *c);
    assert_int_equal(plain_choices(m, 0, c, PF_MAX_LEGAL), 1);
    assert_string_equal(c[0].name, "toss");
    assert_true(c[0].skill);
    free(c);
    fclose(out);
    pf_match_destroy(m);
}

/* Paku Paku's stack (PAKU-5) goes through the same hands: a typed offset
 * wobbles like the adult profile's (sd 1.9 table units). */
static void typed_stack_wobbles(void **state)
{
    (void)state;
    pf_options opt;
    pf_error err;
    pf_options_clear(&opt);
    pf_options_set(&opt, "dice", "D,1", &err);
    pf_match *m = pf_match_create(pf_test_game("pakupaku"), 2, &opt, 7, &err);
    assert_non_null(m);
    assert_int_equal(pf_match_apply_named(m, 0, "roll", 0, NULL, &err), PF_E_OK);
    FILE *out = tmpfile();
    plain_skill k;
    plain_skill_init(&k, stdin, out, 1);
    k.meter = false;
    double sum = 0;
    int exact = 0, n = 500;
    for (int i = 0; i < n; i++) {
        pf_action a;
        int64_t stopped;
        char name[48];
        assert_int_equal(plain_skill_read(&k, m, 0, "stack cup 0.3", stdin, out, &a, &stopped), 1);
        m->game->name(m->state, a, name, sizeof name);
        assert_true(strncmp(name, "stack cup ", 10) == 0);
        sum += atof(name + 10);
        exact += strcmp(name, "stack cup 0.30") == 0;
    }
    assert_true(exact < n / 10);
    assert_true(fabs(sum / n - 0.3) < 0.3);
    fclose(out);
    pf_match_destroy(m);
}

/* The real program reading a script: typing 0.90 does not toss 0.90 every time. */
static void script_toss_is_not_exact(void **state)
{
    (void)state;
    int exact = 0, games = 12;
    for (int seed = 1; seed <= games; seed++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd,
                 "printf 'toss 0.9\\nquit\\n' | %s play pancake --plain --seed %d "
                 "--seats ana,bot:hard", pf_test_bin(), seed);
        char *out = pf_test_run(cmd);
        const char *played = strstr(out, "ana (seat 1): toss ");
        assert_non_null(played);
        exact += strncmp(played, "ana (seat 1): toss 0.90\n", 24) == 0;
        free(out);
    }
    assert_true(exact < games);
}

/* Real time with two people: each may act, naming themselves. */
static void real_time_asks_every_person(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "printf 'bob: roll\\nroll\\nquit\\n' | %s play pakupaku --plain --seed 3 "
             "--seats ana,bob,bot:adult", pf_test_bin());
    char *out = pf_test_run(cmd);
    assert_non_null(strstr(out, "ana, bob> "));
    assert_non_null(strstr(out, "bob (seat 2): roll"));
    assert_non_null(strstr(out, "Several of you may act"));
    free(out);
    /* A seat number before the colon counts from 1, as on every screen. */
    snprintf(cmd, sizeof cmd,
             "printf '2: roll\\nquit\\n' | %s play pakupaku --plain --seed 3 "
             "--seats ana,bob,bot:adult", pf_test_bin());
    out = pf_test_run(cmd);
    assert_non_null(strstr(out, "bob (seat 2): roll"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(meter_sets_p_from_timing),
        cmocka_unit_test(meter_without_enter_plays_nothing),
        cmocka_unit_test(typed_aim_wobbles_like_the_medium_bot),
        cmocka_unit_test(bare_kind_asks_for_an_aim),
        cmocka_unit_test(typed_stack_wobbles),
        cmocka_unit_test(script_toss_is_not_exact),
        cmocka_unit_test(real_time_asks_every_person),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
