/* test_shards.c: `partyfood sim --shard I/N` and `partyfood sim merge`.
 *
 * Three shards of a run, played with another thread count, merged, give
 * the report one run prints (table, JSON, CSV, SVG), byte for byte once
 * the timings are left out, for every game (a sweep, `--lines` and seats
 * rotation among them). Merge refuses shards of different runs (each field
 * of the run's identity), split in different counts, doubled, missing,
 * stopped early or damaged, naming the files; bad --shard values are
 * refused before any game is played. The real program runs. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "partyfood/file.h"
#include "pf_test.h"

static char dir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/pf-shards-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    pf_test_remove_dir(dir);
    return 0;
}

/* Runs `sh -c` of the formatted command in dir, stderr into dir/err;
 * returns its exit status. */
static int shell(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int shell(const char *fmt, ...)
{
    char cmd[2048], full[2400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    snprintf(full, sizeof full, "cd '%s' && %s 2>err", dir, cmd);
    int st = system(full);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A file of the scratch folder. */
static char *read_text(const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return pf_test_read(path);
}

/* A report without its timings: the JSON "seconds" lines and the table's
 * " in 0.1 s, 523 games/s" (the only parts that may differ). */
static void drop_timings(char *s)
{
    char *out = s;
    for (char *line = s; *line;) {
        char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line + 1) : strlen(line);
        char keep[4096];
        snprintf(keep, sizeof keep, "%.*s", (int)len, line);
        char *in = strstr(keep, ") in ");
        if (in && strstr(keep, " games/s"))
            strcpy(in + 1, "\n");
        if (!strstr(keep, "\"seconds\":")) {
            memmove(out, keep, strlen(keep));
            out += strlen(keep);
        }
        line += len;
    }
    *out = '\0';
}

/* Asserts that two report files are equal apart from their timings. */
static void assert_same_report(const char *a, const char *b)
{
    char *x = read_text(a), *y = read_text(b);
    drop_timings(x);
    drop_timings(y);
    assert_true(strlen(x) > 100);
    if (strcmp(x, y) != 0)
        fail_msg("%s and %s differ:\n%s\n----\n%s", a, b, x, y);
    free(x);
    free(y);
}

/* One run and its three shards, merged, in every format. */
static void check_merge_equals_run(const char *run)
{
    const char *bin = pf_test_bin();
    assert_int_equal(shell("%s sim %s --threads 1 --svg one.svg > one.txt", bin, run), 0);
    assert_int_equal(shell("%s sim %s --threads 1 --json > one.json", bin, run), 0);
    assert_int_equal(shell("%s sim %s --threads 1 --csv > one.csv", bin, run), 0);
    for (int k = 0; k < 3; k++)
        assert_int_equal(shell("%s sim %s --threads 2 --shard %d/3 --out s%d.json", bin, run, k, k),
                         0);
    /* In any order: the totals are integers. */
    assert_int_equal(shell("%s sim merge s2.json s0.json s1.json --svg all.svg > all.txt", bin), 0);
    assert_int_equal(shell("%s sim merge s1.json s2.json s0.json --json --out all.json", bin), 0);
    assert_int_equal(shell("%s sim merge s0.json s1.json s2.json --csv > all.csv", bin), 0);
    assert_same_report("one.txt", "all.txt");
    assert_same_report("one.json", "all.json");
    assert_same_report("one.csv", "all.csv");
    assert_same_report("one.svg", "all.svg");
}

static void merge_passfood_sweep(void **state)
{
    (void)state;
    check_merge_equals_run("passfood --seats random,random,random --games 40 --seed 11 "
                           "--sweep difficulty=0..2");
}

static void merge_pancake_rotated(void **state)
{
    (void)state;
    /* Different bots: rotated, with per-seat figures credited to each. */
    check_merge_equals_run("pancake --seats random,easy,random --games 31 --seed 12");
}

static void merge_pakupaku(void **state)
{
    (void)state;
    check_merge_equals_run("pakupaku --seats random,random,random --games 20 --seed 13 "
                           "--option limit=5");
}

static void merge_pizza_lines(void **state)
{
    (void)state;
    check_merge_equals_run("pizza --seats random --games 25 --seed 14 --option extra_slices=false "
                           "--sweep kinds=3..4 --lines seats=2,3");
}

/* A batch smaller than the shard count: some shards hold no game. */
static void merge_with_empty_shards(void **state)
{
    (void)state;
    check_merge_equals_run("passfood --seats random,random --games 2 --seed 15");
}

/* ---- refusals ------------------------------------------------------------ */

#define BASE "passfood --seats random,random,random --games 12 --seed 5 --sweep difficulty=0..1"

/* Asserts that the last command's stderr holds every string given. */
static void assert_err_has(const char *first, ...)
{
    char *err = read_text("err");
    va_list ap;
    va_start(ap, first);
    for (const char *s = first; s; s = va_arg(ap, const char *))
        if (!strstr(err, s))
            fail_msg("no '%s' in: %s", s, err);
    va_end(ap);
    free(err);
}

static void refuses_different_runs(void **state)
{
    (void)state;
    const char *bin = pf_test_bin();
    assert_int_equal(shell("%s sim " BASE " --shard 0/2 --out a.json", bin), 0);
    /* Each differs from BASE in one field of the run (the last, the
     * rotation, from a base of its own: it needs different bots). */
    static const struct {
        const char *field, *args;
    } variants[] = {
        {"game: passfood vs pancake", "pancake --seats random,random,random --games 12 --seed 5"},
        {"seats: random,random,random vs random,random", "passfood --seats random,random "
                                                          "--games 12 --seed 5 --sweep "
                                                          "difficulty=0..1"},
        {"options: (none) vs swaps=1", BASE " --option swaps=1"},
        {"seed: 5 vs 6", "passfood --seats random,random,random --games 12 --seed 6 "
                         "--sweep difficulty=0..1"},
        {"games per batch: 12 vs 13", "passfood --seats random,random,random --games 13 "
                                      "--seed 5 --sweep difficulty=0..1"},
        {"sweep: difficulty=0,1 vs difficulty=0,1,2", "passfood --seats random,random,random "
                                                      "--games 12 --seed 5 --sweep "
                                                      "difficulty=0..2"},
        {"lines: (none) vs swaps=1,2", BASE " --lines swaps=1..2"},
    };
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        assert_int_equal(shell("%s sim %s --shard 1/2 --out b.json", bin, variants[i].args), 0);
        assert_int_equal(shell("%s sim merge a.json b.json", bin), 2);
        assert_err_has("a.json and b.json are shards of different runs", variants[i].field, NULL);
    }
    assert_int_equal(
        shell("%s sim pancake --seats random,easy --games 12 --shard 0/2 --out r.json", bin), 0);
    assert_int_equal(shell("%s sim pancake --seats random,easy --games 12 --no-rotate --shard "
                           "1/2 --out b.json",
                           bin),
                     0);
    assert_int_equal(shell("%s sim merge r.json b.json", bin), 2);
    assert_err_has("seat rotation: on vs off", NULL);
    /* The same run split in another count. */
    assert_int_equal(shell("%s sim " BASE " --shard 1/3 --out b.json", bin), 0);
    assert_int_equal(shell("%s sim merge a.json b.json", bin), 2);
    assert_err_has("a.json is shard 0/2 and b.json shard 1/3", NULL);
}

static void refuses_missing_doubled_partial_and_damaged(void **state)
{
    (void)state;
    const char *bin = pf_test_bin();
    for (int k = 0; k < 3; k++)
        assert_int_equal(shell("%s sim " BASE " --shard %d/3 --out s%d.json", bin, k, k), 0);
    assert_int_equal(shell("%s sim merge s0.json s2.json", bin), 2);
    assert_err_has("1 of 3 shards missing: 1/3", "s0.json as 0/3", "s2.json as 2/3", NULL);
    assert_int_equal(shell("cp s1.json copy.json && %s sim merge s0.json s1.json copy.json s2.json",
                           bin),
                     2);
    assert_err_has("shard 1/3 given twice: s1.json and copy.json", NULL);
    /* A shard stopped by a signal is written, marked; merge wants it whole. */
    assert_int_equal(shell("sed 's/\"stopped_by\":\t\"\"/\"stopped_by\":\t\"SIGTERM\"/' s1.json "
                           "> cut.json && grep -q SIGTERM cut.json"),
                     0);
    assert_int_equal(shell("%s sim merge s0.json cut.json s2.json", bin), 2);
    assert_err_has("cut.json was stopped by SIGTERM", "run shard 1/3 again", NULL);
    /* Damaged: cut in half, not a shard at all, totals that do not add up. */
    assert_int_equal(shell("head -c 300 s1.json > half.json && %s sim merge s0.json half.json "
                           "s2.json",
                           bin),
                     2);
    assert_err_has("half.json: not a shard file", NULL);
    assert_int_equal(shell("sed '0,/\"games\":\t4,/s//\"games\":\t5,/' s1.json > more.json && "
                           "! cmp -s s1.json more.json && %s sim merge s0.json more.json s2.json",
                           bin),
                     2);
    assert_err_has("more.json: batch 1 holds 5 games", NULL);
    assert_int_equal(shell("%s sim merge s0.json nowhere.json", bin), 2);
    assert_err_has("nowhere.json", NULL);
}

/* A shard stopped by SIGTERM still writes the games it played, marked,
 * and exits with 128 + 15; merge then asks for that shard again. The
 * signal comes once the shard has spent a second of CPU time (evidence it
 * is playing: no clock is asserted). */
static void a_stopped_shard_is_written_marked(void **state)
{
    (void)state;
    const char *bin = pf_test_bin();
    const char *run = "pizza --seats random,random --games 100000000 --threads 1";
    assert_int_equal(shell("%s sim %s --shard 1/2 --out s1.json & pid=$!; "
                           "while [ \"$(ps -o times= -p $pid)\" -lt 1 ]; do sleep 0.1; done; "
                           "kill -TERM $pid; wait $pid",
                           bin, run),
                     128 + 15);
    char *text = read_text("s1.json");
    assert_non_null(strstr(text, "\"stopped_by\":\t\"SIGTERM\""));
    free(text);
    assert_int_equal(shell("%s sim merge s1.json", bin), 2);
    assert_err_has("s1.json was stopped by SIGTERM before it played all its games", NULL);
}

static void refuses_bad_shard_values(void **state)
{
    (void)state;
    const char *bin = pf_test_bin();
    static const char *const bad[] = {"0/0", "3/3", "-1/2", "1/x", "1/", "/2", "1/2/3", "x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(shell("%s sim pizza --games 5 --shard '%s' --out s.json", bin, bad[i]),
                         2);
        assert_err_has("--shard wants I/N", bad[i], NULL);
        assert_int_equal(access("s.json", F_OK) == 0 ? 1 : 0, 0);
    }
    /* A shard's totals go to a file, and the report comes from merge. */
    assert_int_equal(shell("%s sim pizza --games 5 --shard 0/2", bin), 2);
    assert_err_has("--shard writes its totals to --out FILE", NULL);
    assert_int_equal(shell("%s sim pizza --games 5 --shard 0/2 --out s.json --json", bin), 2);
    assert_int_equal(shell("%s sim merge", bin), 2);
    assert_err_has("which shard files?", NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(merge_passfood_sweep, setup, teardown),
        cmocka_unit_test_setup_teardown(merge_pancake_rotated, setup, teardown),
        cmocka_unit_test_setup_teardown(merge_pakupaku, setup, teardown),
        cmocka_unit_test_setup_teardown(merge_pizza_lines, setup, teardown),
        cmocka_unit_test_setup_teardown(merge_with_empty_shards, setup, teardown),
        cmocka_unit_test_setup_teardown(refuses_different_runs, setup, teardown),
        cmocka_unit_test_setup_teardown(refuses_missing_doubled_partial_and_damaged, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_stopped_shard_is_written_marked, setup, teardown),
        cmocka_unit_test_setup_teardown(refuses_bad_shard_values, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
