/* test_tally.c: the pieces shards and MPI ranks rest on, in the library.
 *
 * Slices cover a batch's games exactly once; a batch played in slices and
 * merged has the very totals of the batch played whole (memory equal); the
 * exact totals survive JSON, a sum of squares past 2^64 included; the
 * reader refuses damaged totals with a reason. */
#include <stdlib.h>
#include <string.h>

#include "pf_test.h"
#include "sim/sim.h"

static void slices_cover_every_game_once(void **state)
{
    (void)state;
    static const long sizes[] = {0, 1, 2, 7, 100, 1001, PF_SIM_MAX_GAMES};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (int n = 1; n <= 9; n++) {
            long next = 5; /* slices of 5..5+size */
            for (int k = 0; k < n; k++) {
                long first, end;
                pf_sim_slice(5, 5 + sizes[i], k, n, &first, &end);
                assert_int_equal(first, next);
                assert_true(end >= first && end - first <= sizes[i] / n + 1);
                next = end;
            }
            assert_int_equal(next, 5 + sizes[i]);
        }
}

/* The batch of c played whole, with the given threads. */
static void play(pf_sim_config c, int threads, pf_sim_result *r)
{
    pf_error err;
    c.threads = threads;
    if (pf_sim_run(&c, r, &err) != PF_E_OK)
        fail_msg("%s", err.msg);
}

static pf_sim_config config(const char *game, const char *b0, const char *b1, long games)
{
    pf_sim_config c = {.game = pf_test_game(game), .seats = 2, .seed = 77, .games = games,
                       .rotate = strcmp(b0, b1) != 0};
    c.bots[0] = pf_bot_find(c.game, b0);
    c.bots[1] = pf_bot_find(c.game, b1);
    pf_options_clear(&c.opt);
    return c;
}

/* Totals equal field by field (the histogram by content, not pointer). */
static void assert_same_totals(const pf_sim_result *a, const pf_sim_result *b)
{
    assert_int_equal(a->length_cap, b->length_cap);
    assert_memory_equal(a->length, b->length, ((size_t)a->length_cap + 1) * sizeof *a->length);
    pf_sim_result x = *a, y = *b;
    x.length = y.length = NULL;
    x.seconds = y.seconds = 0;
    assert_memory_equal(&x, &y, sizeof x);
}

static void slices_merged_equal_the_whole_batch(void **state)
{
    (void)state;
    static const char *const games[][3] = {{"pakupaku", "random", "easy"},
                                           {"pancake", "random", "easy"},
                                           {"pizza", "random", "random"},
                                           {"passfood", "random", "random"}};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        pf_sim_config c = config(games[g][0], games[g][1], games[g][2], 61);
        pf_sim_result whole, sum;
        play(c, 3, &whole);
        assert_true(pf_sim_result_init(&sum, c.game));
        for (int k = 3; k >= 0; k--) { /* backwards: the order cannot matter */
            pf_sim_result part;
            c.sliced = true;
            pf_sim_slice(0, c.games, k, 4, &c.first, &c.end);
            play(c, 1 + k % 2, &part);
            assert_int_equal(part.games, c.end - c.first);
            pf_sim_result_merge(&sum, &part);
            pf_sim_result_fini(&part);
        }
        assert_same_totals(&whole, &sum);
        pf_sim_result_fini(&whole);
        pf_sim_result_fini(&sum);
    }
}

static void totals_survive_json(void **state)
{
    (void)state;
    pf_sim_config c = config("pakupaku", "random", "easy", 23);
    pf_sim_result r, back;
    pf_error err;
    play(c, 2, &r);
    assert_true(r.nfig > 0 && r.nefig > 0);
    /* A sum of squares past 2^64, as 10^9 long games would make. */
    r.fig[0].sumsq = (__int128)3 << 70;
    cJSON *j = pf_sim_tally_json(&r);
    char *text = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    assert_non_null(strstr(text, "\"sumsq\":\"3541774862152233910272\""));
    j = cJSON_Parse(text);
    cJSON_free(text);
    if (pf_sim_tally_read(j, c.game, &back, &err) != PF_E_OK)
        fail_msg("%s", err.msg);
    back.seconds = r.seconds;
    assert_same_totals(&r, &back);
    pf_sim_result_fini(&back);
    cJSON_Delete(j);
    pf_sim_result_fini(&r);
}

/* The totals of a small batch as JSON, with one field replaced. */
static cJSON *damaged(const char *key, cJSON *value)
{
    pf_sim_config c = config("pizza", "random", "random", 5);
    pf_sim_result r;
    play(c, 1, &r);
    cJSON *j = pf_sim_tally_json(&r);
    pf_sim_result_fini(&r);
    cJSON_ReplaceItemInObjectCaseSensitive(j, key, value);
    return j;
}

static void damaged_totals_are_refused(void **state)
{
    (void)state;
    static const struct {
        const char *key, *value, *why;
    } cases[] = {
        {"games", "-1", "\"games\" is not a whole number"},
        {"games", "1.5", "\"games\" is not a whole number"},
        {"seat_wins", "[1]", "\"seat_wins\" is not a list of 2 counts"},
        {"length", "[[100000, 1]]", "\"length\" holds something other than [length, games]"},
        {"figures", "[{\"name\": \"a b\"}]", "a figure's name is not"},
        {"figures", "[{\"name\": \"turns\", \"n\": 1, \"sum\": 1, \"sumsq\": \"1x\", \"min\": 1, "
                    "\"max\": 1}]",
         "\"sumsq\" is not a string of decimal digits"},
        {"figures",
         "[{\"name\": \"turns\", \"n\": 1, \"sum\": 1, \"sumsq\": "
         "\"999999999999999999999999999999999999999\", \"min\": 1, \"max\": 1}]",
         "\"sumsq\" is not a string of decimal digits"},
        {"seconds", "\"soon\"", "\"seconds\" is not a number"},
    };
    const pf_game *g = pf_test_game("pizza");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cJSON *j = damaged(cases[i].key, cJSON_Parse(cases[i].value));
        pf_sim_result r;
        pf_error err;
        assert_int_equal(pf_sim_tally_read(j, g, &r, &err), PF_E_IO);
        if (!strstr(err.msg, cases[i].why))
            fail_msg("%s=%s: '%s', not '%s'", cases[i].key, cases[i].value, err.msg,
                     cases[i].why);
        cJSON_Delete(j);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(slices_cover_every_game_once),
        cmocka_unit_test(slices_merged_equal_the_whole_batch),
        cmocka_unit_test(totals_survive_json),
        cmocka_unit_test(damaged_totals_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
