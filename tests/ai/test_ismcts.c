/* test_ismcts.c: ISMCTS and the level bots play from what their seat knows.
 *
 * No peeking (ARCHITECTURE idea 8, ruling C-3): for every registered game,
 * positions reached by random play are redrawn twice from the acting
 * seat's knowledge (resample with two generators), giving two states that
 * differ only in hidden content; ISMCTS, every level bot and every bot of
 * the game must choose the same action in both for the same rng. Then:
 * ISMCTS is repeatable, honours its budget, beats random play, and an
 * expert Pass the Party Food team beats a random one.
 *
 * PF_TEST_SCALE (default 1) scales the number of positions and games. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/ismcts.h"
#include "pf_test.h"

static double scale(void)
{
    const char *s = getenv("PF_TEST_SCALE");
    double x = s ? atof(s) : 1.0;
    return x > 0 ? x : 1.0;
}

/* Plays `steps` uniformly random actions from a new game (fewer if it ends). */
static void *random_position(const pf_game *g, int seats, uint64_t seed, int steps,
                             int *played, int64_t *now)
{
    void *st = pf_test_new(g, seats, "", seed);
    pf_rng rng;
    pf_action legal[PF_MAX_LEGAL];
    pf_rng_seed(&rng, seed * 31 + 7);
    *played = 0;
    *now = 0;
    for (int i = 0; i < steps && !g->over(st, NULL); i++) {
        uint32_t set = g->to_act(st);
        int seat = __builtin_ctz(set);
        int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
        *now += g->real_time ? 1 + pf_rng_below(&rng, 300) : 0;
        g->apply(st, seat, legal[pf_rng_below(&rng, (uint32_t)n)], *now, NULL);
        (*played)++;
    }
    return st;
}

typedef pf_err (*chooser)(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t,
                          const void *arg);

static pf_err via_bot(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t, const void *arg)
{
    return ((const pf_bot_def *)arg)->choose(o, rng, a, t);
}

static pf_err via_ismcts(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t,
                         const void *arg)
{
    *t = pf_obs_now(o);
    return pf_ismcts_choose(o, arg, rng, a, NULL);
}

/* The same choice from states a and b (seat's knowledge equal) with equal rngs. */
static void same_choice(const pf_game *g, const void *a, const void *b, int seat, int seats,
                        int step, int64_t now, chooser fn, const void *arg, const char *what)
{
    pf_obs oa, ob;
    pf_obs_init(&oa, g, a, seat, seats, step, now);
    pf_obs_init(&ob, g, b, seat, seats, step, now);
    pf_rng ra, rb;
    pf_rng_seed(&ra, 99);
    pf_rng_seed(&rb, 99);
    pf_action xa = 0, xb = 0;
    int64_t ta = now, tb = now;
    pf_err ea = fn(&oa, &ra, &xa, &ta, arg), eb = fn(&ob, &rb, &xb, &tb, arg);
    if (ea != eb || xa != xb || ta != tb)
        fail_msg("%s in %s step %d seat %d: chose %u/%u (errors %d/%d) from states that "
                 "differ only in hidden content",
                 what, g->id, step, seat, xa, xb, ea, eb);
}

static void no_peeking(void **state)
{
    (void)state;
    int positions = (int)(3 * scale() + 0.5);
    if (positions < 1)
        positions = 1;
    long differing = 0;
    for (int gi = 0; gi < pf_game_count(); gi++) {
        const pf_game *g = pf_game_at(gi);
        int seats = g->min_seats > 3 ? g->min_seats : 3 > g->max_seats ? g->max_seats : 3;
        for (int k = 0; k < positions; k++) {
            int played;
            int64_t now;
            void *st = random_position(g, seats, 1000 + (uint64_t)k, k * 7, &played, &now);
            if (g->over(st, NULL)) {
                test_free(st);
                continue;
            }
            int seat = __builtin_ctz(g->to_act(st));
            void *a = malloc(g->state_size), *b = malloc(g->state_size);
            pf_rng r1, r2;
            pf_rng_seed(&r1, 1);
            pf_rng_seed(&r2, 2);
            memcpy(a, st, g->state_size);
            memcpy(b, st, g->state_size);
            g->resample(a, seat, &r1);
            g->resample(b, seat, &r2);
            differing += memcmp(a, b, g->state_size) != 0;
            char *va = pf_test_view_text(g, a, seat), *vb = pf_test_view_text(g, b, seat);
            assert_string_equal(va, vb); /* the seat sees the same in both */
            free(va);
            free(vb);
            static const char *const levels[] = {"random", "easy", "medium", "hard", "expert"};
            for (int l = 0; l < 5; l++)
                same_choice(g, a, b, seat, seats, played, now, via_bot,
                            pf_bot_find(g, levels[l]), levels[l]);
            for (const pf_bot_def *bot = g->bots; bot && bot->name; bot++)
                same_choice(g, a, b, seat, seats, played, now, via_bot, bot, bot->name);
            if (!g->real_time) {
                pf_ismcts_config random_playouts = {.iterations = 200};
                same_choice(g, a, b, seat, seats, played, now, via_ismcts, &random_playouts,
                            "ismcts");
                if (g->bots) {
                    pf_ismcts_config bot_playouts = {.iterations = 30, .rollout_bot = g->bots};
                    same_choice(g, a, b, seat, seats, played, now, via_ismcts, &bot_playouts,
                                "ismcts with bot playouts");
                }
            }
            free(a);
            free(b);
            test_free(st);
        }
    }
    /* The test means something only if hidden content really differed. */
    assert_true(differing > 0);
}

/* Same rng, same choice and the same statistics; the budget is honoured. */
static void repeatable_and_budgeted(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    void *st = pf_test_new(g, 2, "", 5);
    pf_obs o;
    pf_obs_init(&o, g, st, 0, 2, 0, 0);
    pf_ismcts_config cfg = {.iterations = 500};
    pf_ismcts_stats s1, s2;
    pf_action a1, a2;
    pf_rng r1, r2;
    pf_rng_seed(&r1, 3);
    pf_rng_seed(&r2, 3);
    assert_int_equal(pf_ismcts_choose(&o, &cfg, &r1, &a1, &s1), PF_E_OK);
    assert_int_equal(pf_ismcts_choose(&o, &cfg, &r2, &a2, &s2), PF_E_OK);
    assert_int_equal(a1, a2);
    assert_int_equal(s1.iterations, 500);
    assert_int_equal(s1.nodes, s2.nodes);
    assert_true(s1.nodes <= 501 && s1.nodes > 32); /* one node per iteration at most */
    assert_true(s1.value == s2.value);
    /* A seat that may not act has nothing to choose. */
    pf_obs_init(&o, g, st, 1, 2, 0, 0);
    assert_int_equal(pf_ismcts_choose(&o, &cfg, &r1, &a1, NULL), PF_E_NOT_YOUR_TURN);
    /* A time budget runs about that long. */
    pf_obs_init(&o, g, st, 0, 2, 0, 0);
    pf_ismcts_config timed = {.time_ms = 30};
    assert_int_equal(pf_ismcts_choose(&o, &timed, &r1, &a1, &s1), PF_E_OK);
    assert_true(s1.seconds >= 0.029 && s1.iterations > 0);
    test_free(st);
}

/* Plays bot x against bot y, seats swapped every game; returns x's wins. */
static int head_to_head(const pf_game *g, const pf_bot_def *x, const pf_bot_def *y, int games)
{
    int wins = 0;
    void *st = malloc(g->state_size);
    for (int i = 0; i < games; i++) {
        const pf_bot_def *bots[2] = {i % 2 ? y : x, i % 2 ? x : y};
        uint64_t seed = pf_seed_derive(77, (uint64_t)i);
        assert_int_equal(pf_state_init(g, st, 2, NULL, seed, NULL), PF_E_OK);
        assert_true(pf_bots_play(g, st, 2, bots, seed) > 0);
        double res[2];
        g->over(st, res);
        wins += res[i % 2] > 0.5;
    }
    free(st);
    return wins;
}

/* ISMCTS with random playouts wins most Pizza Party games against random
 * play: a search that credited the wrong seat, or chose the least visited
 * move, would not. */
static void beats_random(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    int games = (int)(40 * scale() + 0.5);
    if (games < 10)
        games = 10;
    int wins = head_to_head(g, &pf_bot_ismcts, &pf_bot_random, games);
    assert_true(wins >= games * 7 / 10);
}

/* In a co-operative game every seat's result is the team's: an ISMCTS team
 * (hard) wins more Pass the Party Food games than a random team. */
static void team_search(void **state)
{
    (void)state;
    const pf_game *g = pf_game_find("passfood");
    if (!g)
        skip();
    int games = (int)(12 * scale() + 0.5);
    if (games < 4)
        games = 4;
    int won[2] = {0, 0};
    const pf_bot_def *teams[2] = {&pf_bot_random, &pf_bot_ismcts};
    void *st = malloc(g->state_size);
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < games; i++) {
            const pf_bot_def *bots[3] = {teams[t], teams[t], teams[t]};
            uint64_t seed = pf_seed_derive(5, (uint64_t)i);
            assert_int_equal(pf_state_init(g, st, 3, NULL, seed, NULL), PF_E_OK);
            int step = 0;
            while (!g->over(st, NULL)) {
                int seat;
                pf_action a;
                int64_t tm;
                pf_bot_ctx c = {g, st, 3, step, 0, seed};
                assert_int_equal(pf_bots_next(&c, bots, &seat, &a, &tm), PF_E_OK);
                assert_int_equal(pf_state_apply(g, st, seat, a, 0, NULL, NULL), PF_E_OK);
                step++;
            }
            double res[3];
            g->over(st, res);
            assert_true(res[0] == res[1] && res[1] == res[2]);
            won[t] += res[0] > 0.5;
        }
    free(st);
    assert_true(won[1] > won[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_peeking),
        cmocka_unit_test(repeatable_and_budgeted),
        cmocka_unit_test(beats_random),
        cmocka_unit_test(team_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
