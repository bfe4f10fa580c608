/* test_args.c: every numeric flag of play, sim, bench and replay is strict.
 *
 * A bad value stops the command before it does anything: exit status 2,
 * nothing on stdout, and one line on stderr naming the flag and the valid
 * range. Good values at the ends of the ranges are still accepted. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pf_test.h"

/* Reads a whole (small) file into a new string. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return strdup(buf);
}

typedef struct outcome {
    int status; /* exit status, or 128 + the signal that killed it */
    char *out, *err;
} outcome;

/* Runs `partyfood ARGS` with no input and collects what it printed; a
 * command that ignores a bad value may run for ever, so it is killed after a
 * minute (status 128 + 9). */
static outcome run(const char *args)
{
    char dir[] = "/tmp/pf-args-XXXXXX", cmd[2048];
    assert_non_null(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "timeout -s KILL 60 %s %s </dev/null >%s/out 2>%s/err", pf_test_bin(),
             args, dir, dir);
    int st = system(cmd);
    assert_true(st != -1);
    outcome o = {WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st), NULL, NULL};
    char path[64];
    snprintf(path, sizeof path, "%s/out", dir);
    o.out = slurp(path);
    snprintf(path, sizeof path, "%s/err", dir);
    o.err = slurp(path);
    pf_test_remove_dir(dir);
    return o;
}

static void outcome_free(outcome *o)
{
    free(o->out);
    free(o->err);
}

static void bad_values_are_refused_before_anything_runs(void **state)
{
    (void)state;
    static const struct {
        const char *args, *says;
    } rows[] = {
        /* Once a segfault: the range check overflowed and the values were
         * written past a 256-entry array. */
        {"sim pizza --sweep kinds=-9223372036854775808..1",
         "--sweep wants KEY=A..B (A <= B) or KEY=a,b,c: at most 256 whole numbers from "
         "-2147483648 to 2147483647, not 'kinds=-9223372036854775808..1'"},
        {"sim pizza --sweep kinds=-2147483648..2147483647", "--sweep wants"},
        {"sim pizza --sweep kinds=1..300", "at most 256"},
        {"sim pizza --sweep kinds=4..2", "--sweep wants"},
        {"sim pizza --sweep kinds=2,,3", "--sweep wants"},
        {"sim pizza --sweep kinds=2,x", "--sweep wants"},
        {"sim pizza --sweep kinds=1e1", "--sweep wants"},
        {"sim pizza --sweep kinds=99999999999", "--sweep wants"},
        {"sim pizza --sweep kinds=2..3 --lines seats=2..z", "--lines wants"},
        {"sim pizza --lines seats=2..3", "--lines goes with --sweep"},
        /* Once one game, seed 0 and 64 threads. */
        {"sim pizza --games 1e3", "--games wants a whole number from 1 to 1000000000, not '1e3'"},
        {"sim pizza --games 0", "--games wants a whole number from 1 to"},
        {"sim pizza --games 1000000001", "--games wants"},
        {"sim pizza --games ''", "--games wants"},
        {"sim pizza --games", "--games needs a value"},
        {"sim pizza --seed abc",
         "--seed wants a whole number from 0 to 18446744073709551615, not 'abc'"},
        {"sim pizza --seed -1", "--seed wants"},
        {"sim pizza --seed ' 7'", "--seed wants"},
        {"sim pizza --seed 18446744073709551616", "--seed wants"},
        {"sim pizza --threads 10000", "--threads wants a whole number from 0 to 64, not '10000'"},
        {"sim pizza --threads -1", "--threads wants"},
        {"sim pizza --json --csv", "--json or --csv, not both"},
        /* Written at the end of a long run: refused before it starts. */
        {"sim pizza --games 1000000 --svg /nonexistent/x.svg",
         "cannot write /nonexistent/x.svg: no folder /nonexistent"},
        {"sim pizza --games 1000000 --out /tmp", "cannot write /tmp: it is a folder"},
        /* not writable even for root (access() told root yes) */
        {"sim pizza --games 1000000 --svg /proc/x.svg",
         "cannot write /proc/x.svg: the folder /proc is not writable"},
        /* Checked before the first batch, not when its turn comes. */
        {"sim pizza --seats random,random --option extra_slices=false --sweep kinds=2..5",
         "with kinds=5: "},
        {"sim pizza --seats random --sweep kinds=4..4 --lines seats=2..5",
         "with seats=5 kinds=4: pizza takes 2 to 4 seats, not 5"},
        /* Once forever. */
        {"bench pizza --seconds inf", "--seconds wants a number from 0.01 to 3600, not 'inf'"},
        {"bench pizza --seconds nan", "--seconds wants"},
        {"bench pizza --seconds 1e9", "--seconds wants"},
        {"bench pizza --seconds -1", "--seconds wants"},
        {"bench pizza --seconds 1s", "--seconds wants"},
        {"bench pizza --seats x", "--seats wants a whole number from 1 to 8, not 'x'"},
        {"bench pizza --seats 0", "--seats wants"},
        {"bench pizza --games 0", "--games wants a whole number from 1 to 1000000000, not '0'"},
        {"bench pizza --searches 1e3", "--searches wants a whole number from 1 to 1000000"},
        /* Once seat 0. */
        {"replay /nonexistent --seat abc", "--seat wants a whole number from 1 to 8, not 'abc'"},
        {"replay /nonexistent --seat 9", "--seat wants"},
        {"replay /nonexistent --seat 0", "--seat wants"},
        {"replay /nonexistent --seat -1", "--seat wants"},
        {"play pizza --plain --pace abc", "--pace wants a whole number from 0 to 60000, not 'abc'"},
        {"play pizza --plain --pace -5", "--pace wants"},
        {"play pizza --plain --seed 12x", "--seed wants a whole number from 0 to"},
        {"play pizza --plain --seed", "--seed needs a value"},
    };
    int wrong = 0;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        outcome o = run(rows[i].args);
        if (o.status != 2 || o.out[0] || !strstr(o.err, rows[i].says)) {
            print_error("`partyfood %s`: status %d, stdout '%.80s', stderr '%.300s'; expected "
                        "status 2, no output, and '%s'\n",
                        rows[i].args, o.status, o.out, o.err, rows[i].says);
            wrong++;
        }
        outcome_free(&o);
    }
    assert_int_equal(wrong, 0);
}

static void good_values_at_the_ends_are_accepted(void **state)
{
    (void)state;
    static const struct {
        const char *args, *says; /* on stdout */
    } rows[] = {
        {"sim pizza --seats random,random --games 1 --seed 18446744073709551615 --threads 64",
         "seed 18446744073709551615"},
        {"sim pizza --seats random,random --games 3 --seed 0 --threads 0", "3 games"},
        {"sim pizza --seats random,random --option extra_slices=false --games 2 "
         "--sweep kinds=2,4,3",
         "== kinds=3 =="},
        {"sim pizza --seats random,random --option extra_slices=false --games 2 "
         "--sweep kinds=+2..4",
         "== kinds=4 =="},
        {"bench pizza --seconds 0.01 --seats 8", "pizza          4"},
        {"bench pancake --games 1 --searches 1 --json", "\"game\":\"pancake\""},
        {"play pizza --plain --seats bot:random,bot:random --seed 18446744073709551615 "
         "--pace 0",
         "Pizza Party: 2 seats."},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        outcome o = run(rows[i].args);
        if (o.status != 0 || !strstr(o.out, rows[i].says))
            fail_msg("`partyfood %s`: status %d, stderr '%.300s', stdout '%.300s'; expected '%s'",
                     rows[i].args, o.status, o.err, o.out, rows[i].says);
        outcome_free(&o);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_values_are_refused_before_anything_runs),
        cmocka_unit_test(good_values_at_the_ends_are_accepted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
