/* test_drive.c: standing bot plans, and the unseeded generator of
 * chance-free bots, change nothing but speed.
 * (pf_bots_play drives with plans; play_unplanned below asks every time.)
 *
 * For every game and bot that a driver may plan for (games with plan_key),
 * a game driven with pf_bot_plans ends in exactly the state of the same
 * game driven by asking every seat at every step. A bot that says it is
 * chance_free (the driver then seeds no generator for it) chooses the same
 * with differently seeded generators. */
#include <stdlib.h>
#include <string.h>

#include "pf_test.h"

/* Plays one game with bot on every seat, asking every seat at every step;
 * returns the number of steps. */
static int play_unplanned(const pf_game *g, void *st, int seats, const pf_bot_def *const *bots,
                          uint64_t seed)
{
    assert_int_equal(pf_state_init(g, st, seats, NULL, seed, NULL), PF_E_OK);
    int step = 0;
    int64_t now = 0;
    while (!g->over(st, NULL)) {
        int seat;
        pf_action a;
        int64_t t;
        pf_bot_ctx c = {g, st, seats, step, now, seed};
        assert_int_equal(pf_bots_next(&c, bots, &seat, &a, &t), PF_E_OK);
        assert_int_equal(pf_state_apply(g, st, seat, a, t, NULL, NULL), PF_E_OK);
        now = t;
        step++;
        assert_true(step <= g->max_steps);
    }
    return step;
}

static void plans_change_nothing(void **state)
{
    (void)state;
    int checked = 0;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        if (!g->plan_key)
            continue;
        void *a = malloc(g->state_size), *b = malloc(g->state_size);
        for (const pf_bot_def *bot = g->bots; bot && bot->name; bot++)
            for (int seats = g->min_seats; seats <= g->max_seats; seats += 2)
                for (uint64_t seed = 1; seed <= 5; seed++) {
                    const pf_bot_def *bots[PF_MAX_SEATS];
                    for (int i = 0; i < seats; i++)
                        bots[i] = bot;
                    int na = play_unplanned(g, a, seats, bots, seed);
                    assert_int_equal(pf_state_init(g, b, seats, NULL, seed, NULL), PF_E_OK);
                    int nb = pf_bots_play(g, b, seats, bots, seed);
                    assert_int_equal(na, nb);
                    assert_memory_equal(a, b, g->state_size);
                    checked++;
                }
        free(a);
        free(b);
    }
    print_message("%d games played both ways\n", checked);
    assert_true(checked > 0); /* Paku Paku plans */
}

/* Every seat that may act, asked with generators seeded 1 and 2. */
static void same_with_any_generator(const pf_game *g, const void *st, int seats, int step,
                                    int64_t now, const pf_bot_def *bot)
{
    for (uint32_t set = g->to_act(st); set; set &= set - 1) {
        pf_obs o;
        pf_obs_init(&o, g, st, __builtin_ctz(set), seats, step, now);
        pf_action a[2] = {0, 0};
        int64_t t[2] = {now, now};
        pf_err e[2];
        for (int k = 0; k < 2; k++) {
            pf_rng rng;
            pf_rng_seed(&rng, (uint64_t)k + 1);
            e[k] = bot->choose(&o, &rng, &a[k], &t[k]);
        }
        assert_int_equal(e[0], e[1]);
        assert_int_equal(a[0], a[1]);
        assert_int_equal(t[0], t[1]);
    }
}

static void chance_free_bots_ignore_the_generator(void **state)
{
    (void)state;
    int checked = 0;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        void *st = malloc(g->state_size);
        for (const pf_bot_def *bot = g->bots; bot && bot->name; bot++) {
            if (!bot->chance_free)
                continue;
            for (int seats = g->min_seats; seats <= g->max_seats; seats += 3)
                for (uint64_t seed = 1; seed <= 3; seed++) {
                    const pf_bot_def *bots[PF_MAX_SEATS];
                    for (int s = 0; s < seats; s++)
                        bots[s] = bot;
                    assert_int_equal(pf_state_init(g, st, seats, NULL, seed, NULL), PF_E_OK);
                    pf_bot_ctx c = {g, st, seats, 0, 0, seed};
                    while (!g->over(st, NULL)) {
                        same_with_any_generator(g, st, seats, c.step, c.now, bot);
                        int seat;
                        pf_action a;
                        int64_t t;
                        assert_int_equal(pf_bots_next(&c, bots, &seat, &a, &t), PF_E_OK);
                        assert_int_equal(pf_state_apply(g, st, seat, a, t, NULL, NULL), PF_E_OK);
                        c.now = t;
                        c.step++;
                        assert_true(c.step <= g->max_steps);
                        checked++;
                    }
                }
        }
        free(st);
    }
    print_message("%d steps checked\n", checked);
    assert_true(checked > 0); /* Paku Paku's profiles */
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(plans_change_nothing),
                                       cmocka_unit_test(chance_free_bots_ignore_the_generator)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
