/* test_sim.c: the simulator's statistics, its independence from the thread
 * count, and the `partyfood sim` command's outputs.
 *
 * Wilson intervals are checked against the published values of Newcombe
 * (1998), "Two-sided confidence intervals for the single proportion",
 * Statistics in Medicine 17, table II, method 3 (score interval without
 * continuity correction). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "partyfood/ismcts.h"
#include "pf_test.h"
#include "sim/sim.h"

static double scale(void)
{
    const char *s = getenv("PF_TEST_SCALE");
    double x = s ? atof(s) : 1.0;
    return x > 0 ? x : 1.0;
}

static void wilson_known_values(void **state)
{
    (void)state;
    static const struct {
        long k, n;
        double lo, hi;
    } rows[] = {
        {81, 263, 0.2553, 0.3662}, /* Newcombe's examples */
        {15, 148, 0.0624, 0.1605},
        {0, 20, 0.0000, 0.1611},
        {1, 29, 0.0061, 0.1718},
        {5, 10, 0.2366, 0.7634}, /* symmetric about 1/2 */
        {10, 10, 0.7225, 1.0000},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        double lo, hi;
        pf_wilson(rows[i].k, rows[i].n, 1.959963984540054, &lo, &hi);
        if (lo < rows[i].lo - 6e-5 || lo > rows[i].lo + 6e-5 || hi < rows[i].hi - 6e-5 ||
            hi > rows[i].hi + 6e-5)
            fail_msg("%ld/%ld: [%.5f, %.5f], expected [%.4f, %.4f]", rows[i].k, rows[i].n, lo,
                     hi, rows[i].lo, rows[i].hi);
    }
    double lo, hi;
    pf_wilson(0, 0, 1.96, &lo, &hi);
    assert_true(lo == 0 && hi == 1);
}

static void quantiles(void **state)
{
    (void)state;
    long h[11] = {0};
    assert_int_equal(pf_hist_quantile(h, 10, 0.5), -1);
    /* values 1..10 once each */
    for (int v = 1; v <= 10; v++)
        h[v] = 1;
    assert_int_equal(pf_hist_quantile(h, 10, 0.5), 5);
    assert_int_equal(pf_hist_quantile(h, 10, 0.9), 9);
    assert_int_equal(pf_hist_quantile(h, 10, 1.0), 10);
    assert_int_equal(pf_hist_quantile(h, 10, 0.0), 1);
    /* a heavy value */
    h[3] = 100;
    assert_int_equal(pf_hist_quantile(h, 10, 0.5), 3);
    assert_int_equal(pf_hist_quantile(h, 10, 0.99), 9);
    pf_sim_fig f = {"x", 4, 2 + 4 + 4 + 6, 4 + 16 + 16 + 36, 2, 6};
    assert_true(pf_sim_fig_mean(&f) == 4.0);
    assert_true(pf_sim_fig_sd(&f) > 1.6329 && pf_sim_fig_sd(&f) < 1.6331); /* sqrt(8/3) */
}

/* Runs a batch; fails the test when it is refused. */
static void run(const char *game, const char *const *bots, int seats, const char *opts,
                long games, int threads, bool rotate, pf_sim_result *r)
{
    pf_sim_config c;
    memset(&c, 0, sizeof c);
    c.game = pf_test_game(game);
    c.seats = seats;
    for (int s = 0; s < seats; s++)
        c.bots[s] = pf_bot_find(c.game, bots[s]);
    pf_test_options(&c.opt, opts);
    c.seed = 12345;
    c.games = games;
    c.threads = threads;
    c.rotate = rotate;
    pf_error err;
    if (pf_sim_run(&c, r, &err) != PF_E_OK)
        fail_msg("sim refused: %s", err.msg);
}

/* Everything but the time spent. */
static void assert_same(const pf_sim_result *a, const pf_sim_result *b)
{
    assert_int_equal(a->games, b->games);
    assert_int_equal(a->finished, b->finished);
    assert_int_equal(a->stalled, b->stalled);
    assert_int_equal(a->errors, b->errors);
    assert_int_equal(a->team, b->team);
    assert_memory_equal(a->seat_wins, b->seat_wins, sizeof a->seat_wins);
    assert_memory_equal(a->entry_wins, b->entry_wins, sizeof a->entry_wins);
    assert_memory_equal(a->seat_result, b->seat_result, sizeof a->seat_result);
    assert_memory_equal(a->entry_result, b->entry_result, sizeof a->entry_result);
    assert_int_equal(a->length_cap, b->length_cap);
    assert_memory_equal(a->length, b->length, (size_t)(a->length_cap + 1) * sizeof(long));
    assert_true(a->length_sum == b->length_sum);
    assert_int_equal(a->nfig, b->nfig);
    assert_memory_equal(a->fig, b->fig, sizeof a->fig);
    assert_int_equal(a->nefig, b->nefig);
    assert_memory_equal(a->efig, b->efig, sizeof a->efig);
}

/* The same seed gives the same totals with 1, 2 or 3 threads, for every
 * game (with game bots, rotated), and another seed gives others. */
static void threads_do_not_matter(void **state)
{
    (void)state;
    long games = (long)(200 * scale());
    if (games < 40)
        games = 40;
    for (int gi = 0; gi < pf_game_count(); gi++) {
        const pf_game *g = pf_game_at(gi);
        const char *bots[3] = {"random", g->real_time ? "adult" : "medium", "easy"};
        if (g->real_time && !pf_bot_find(g, "adult"))
            bots[1] = "random";
        long n = g->real_time ? games / 4 : games;
        pf_sim_result r1, r2, r3;
        run(g->id, bots, 3, "", n, 1, true, &r1);
        run(g->id, bots, 3, "", n, 2, true, &r2);
        run(g->id, bots, 3, "", n, 3, true, &r3);
        assert_int_equal(r1.games, n);
        assert_true(r1.finished > 0);
        assert_int_equal(r1.errors, 0);
        assert_same(&r1, &r2);
        assert_same(&r1, &r3);
        pf_sim_result_fini(&r1);
        pf_sim_result_fini(&r2);
        pf_sim_result_fini(&r3);
    }
    /* A different seed: different games. */
    const char *bots[2] = {"random", "random"};
    pf_sim_result a, b;
    run("pizza", bots, 2, "", 100, 2, false, &a);
    pf_sim_config c;
    memset(&c, 0, sizeof c);
    c.game = pf_test_game("pizza");
    c.seats = 2;
    c.bots[0] = c.bots[1] = &pf_bot_random;
    c.seed = 54321;
    c.games = 100;
    c.threads = 2;
    assert_int_equal(pf_sim_run(&c, &b, NULL), PF_E_OK);
    assert_true(a.length_sum != b.length_sum);
    pf_sim_result_fini(&a);
    pf_sim_result_fini(&b);
}

/* Rotation: every entry plays every seat, and per-seat figures are credited
 * to the entry that sat there. */
static void rotation_and_entry_figures(void **state)
{
    (void)state;
    const char *bots[2] = {"medium", "random"};
    pf_sim_result r;
    run("pancake", bots, 2, "", 100, 2, true, &r);
    assert_int_equal(r.entry_games[0], 100);
    assert_int_equal(r.entry_games[1], 100);
    assert_int_equal(r.seat_wins[0] + r.seat_wins[1], r.entry_wins[0] + r.entry_wins[1]);
    /* the sensible bot beats random play, whichever seat it had */
    assert_true(r.entry_wins[0] > r.entry_wins[1]);
    /* pancakes_seat0/1 are credited to the entries as "pancakes" */
    int k = -1;
    for (int j = 0; j < r.nefig; j++)
        if (strcmp(r.efig[j][0].name, "pancakes") == 0)
            k = j;
    assert_true(k >= 0);
    assert_int_equal(r.efig[k][0].n, 100);
    assert_true(pf_sim_fig_mean(&r.efig[k][0]) > pf_sim_fig_mean(&r.efig[k][1]));
    pf_sim_result_fini(&r);
    /* Bad input is refused with a reason. */
    pf_sim_config c;
    memset(&c, 0, sizeof c);
    c.game = pf_test_game("pizza");
    c.seats = 9;
    c.games = 1;
    pf_error err;
    assert_int_equal(pf_sim_run(&c, &r, &err), PF_E_BAD_SEATS);
    c.seats = 2;
    c.bots[0] = c.bots[1] = &pf_bot_random;
    pf_test_options(&c.opt, "kinds=9");
    assert_int_equal(pf_sim_run(&c, &r, &err), PF_E_BAD_OPTION);
}

/* Reads a command's whole stdout; returns its exit status. */
static int capture(const char *cmd, char *out, size_t n)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t len = fread(out, 1, n - 1, p);
    out[len] = '\0';
    return pclose(p);
}

static void command_outputs(void **state)
{
    (void)state;
    const char *bin = getenv("PF_BIN");
    if (!bin)
        skip();
    static char out[1 << 18], cmd[1024];
    char svg[] = "/tmp/pf_sim_testXXXXXX";
    int fd = mkstemp(svg);
    assert_true(fd >= 0);
    close(fd);
    snprintf(cmd, sizeof cmd,
             "%s sim pizza --seats bot:random,bot:medium --games 60 --sweep kinds=2..4 "
             "--option extra_slices=false "
             "--seed 9 --json --svg %s 2>/dev/null",
             bin, svg);
    assert_int_equal(capture(cmd, out, sizeof out), 0);
    cJSON *j = cJSON_Parse(out);
    assert_non_null(j);
    assert_string_equal(cJSON_GetObjectItem(j, "game")->valuestring, "pizza");
    cJSON *bs = cJSON_GetObjectItem(j, "batches");
    assert_int_equal(cJSON_GetArraySize(bs), 3);
    cJSON *b0 = cJSON_GetArrayItem(bs, 0);
    assert_int_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(b0, "sweep"), "value")->valueint, 2);
    cJSON *w = cJSON_GetArrayItem(cJSON_GetObjectItem(b0, "win_rates"), 1);
    double rate = cJSON_GetObjectItem(w, "rate")->valuedouble;
    assert_true(cJSON_GetObjectItem(w, "lo95")->valuedouble <= rate);
    assert_true(cJSON_GetObjectItem(w, "hi95")->valuedouble >= rate);
    assert_non_null(cJSON_GetObjectItem(cJSON_GetObjectItem(b0, "figures"), "turns"));
    cJSON_Delete(j);
    FILE *f = fopen(svg, "r");
    assert_non_null(f);
    size_t len = fread(out, 1, sizeof out - 1, f);
    out[len] = '\0';
    fclose(f);
    unlink(svg);
    assert_non_null(strstr(out, "<svg"));
    assert_non_null(strstr(out, "</svg>"));
    assert_non_null(strstr(out, "kinds=4"));
    /* CSV: a header and one row per batch and bot. */
    snprintf(cmd, sizeof cmd, "%s sim pizza --seats random,medium --games 20 --csv", bin);
    assert_int_equal(capture(cmd, out, sizeof out), 0);
    int lines = 0;
    for (char *p = out; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 3);
    assert_true(strncmp(out, "sweep_key,sweep_value,who,games,wins", 36) == 0);
    /* Two sweeps: one line per seat count, one point per option value. */
    snprintf(cmd, sizeof cmd,
             "%s sim pizza --seats random --lines seats=2..3 --sweep kinds=3..4 "
             "--option extra_slices=false --games 12 --json",
             bin);
    assert_int_equal(capture(cmd, out, sizeof out), 0);
    j = cJSON_Parse(out);
    assert_non_null(j);
    bs = cJSON_GetObjectItem(j, "batches");
    assert_int_equal(cJSON_GetArraySize(bs), 4);
    static const int want[4][2] = {{2, 3}, {2, 4}, {3, 3}, {3, 4}}; /* seats, kinds */
    for (int b = 0; b < 4; b++) {
        cJSON *x = cJSON_GetArrayItem(bs, b);
        assert_int_equal(cJSON_GetObjectItem(x, "seats")->valueint, want[b][0]);
        assert_int_equal(
            cJSON_GetObjectItem(cJSON_GetObjectItem(x, "sweep"), "value")->valueint, want[b][1]);
        assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(x, "win_rates")), want[b][0]);
    }
    cJSON_Delete(j);
    /* Not a terminal: no progress bar on stderr. */
    snprintf(cmd, sizeof cmd, "%s sim pizza --games 20 2>&1 >/dev/null", bin);
    assert_int_equal(capture(cmd, out, sizeof out), 0);
    assert_string_equal(out, "");
    /* A bad bot is refused. */
    snprintf(cmd, sizeof cmd, "%s sim pizza --seats nobody,random 2>&1", bin);
    assert_true(capture(cmd, out, sizeof out) != 0);
    assert_non_null(strstr(out, "no bot 'nobody'"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wilson_known_values),
        cmocka_unit_test(quantiles),
        cmocka_unit_test(threads_do_not_matter),
        cmocka_unit_test(rotation_and_entry_figures),
        cmocka_unit_test(command_outputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
