/* test_hint.c: a plan shown to a seat, and its reason, come from what that
 * seat knows: its view and the request's salt, never the game's seed or
 * generator (which hold the future); every explainer writes a sentence for
 * every legal move, the same in every world the seat cannot tell apart.
 *
 * Worlds are drawn with the game's resample for the seat (it keeps all the
 * seat knows, the public history a memory aid shows included, and redraws
 * the rest and the generator). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/why.h"
#include "pf_test.h"

#define GAMES 6
#define MOVES 200        /* moves per game at most */
#define EXPLAINED 12     /* legal actions explained per state at most */

/* The text and facts of w as one string (caller frees). */
static char *why_text(const pf_why *w)
{
    cJSON *j = pf_why_json(w);
    assert_non_null(j);
    char *s = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    return s;
}

/* Seat's plan (medium bot) and the reasons for up to EXPLAINED of its legal
 * actions in st, as one string (caller frees). */
static char *hints(const pf_game *g, const void *st, int seats, int seat, int step, int64_t now,
                   uint64_t salt)
{
    pf_bot_ctx c = {g, st, seats, step, now, pf_plan_seed(g, st, seat, salt)};
    pf_action a;
    int64_t t;
    assert_int_equal(pf_bot_plan(&c, pf_bot_find(g, "medium"), seat, &a, &t), PF_E_OK);
    char *out = malloc(64);
    snprintf(out, 64, "plan %u at %lld\n", (unsigned)a, (long long)t);
    pf_action legal[PF_MAX_LEGAL];
    int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
    for (int i = 0; i < n && i < EXPLAINED; i++) {
        pf_why w;
        pf_action x = legal[(i * 7919) % n];
        assert_true(pf_bot_explain(&c, seat, x, &w));
        size_t len = strlen(w.text);
        /* A whole sentence: a capital (or a number) first, a full stop
         * last, not cut. */
        if (len == 0 || len + 1 >= PF_WHY_TEXT ||
            !(isupper((unsigned char)w.text[0]) || isdigit((unsigned char)w.text[0])) ||
            w.text[len - 1] != '.')
            fail_msg("%s: the reason for action %u is not one whole sentence: \"%s\"", g->id,
                     (unsigned)x, w.text);
        assert_true(w.nfacts > 0);
        char *j = why_text(&w);
        out = realloc(out, strlen(out) + strlen(j) + 2);
        strcat(strcat(out, j), "\n");
        free(j);
    }
    return out;
}

/* Random games of g with seats seats: at every state, the seat to act gets
 * the same plan and reasons in a resampled world. */
static void same_in_every_world(const pf_game *g, int seats, const char *spec)
{
    int states = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        void *st = pf_test_new(g, seats, spec, seed);
        void *alt = test_malloc(g->state_size);
        pf_rng rng;
        pf_rng_seed(&rng, seed * 977);
        for (int step = 0; step < MOVES && !g->over(st, NULL); step++) {
            int seat = __builtin_ctz(g->to_act(st));
            char *mine = hints(g, st, seats, seat, step, 0, seed);
            memcpy(alt, st, g->state_size);
            g->resample(alt, seat, &rng);
            char *theirs = hints(g, alt, seats, seat, step, 0, seed);
            if (strcmp(mine, theirs) != 0)
                fail_msg("%s: seat %d's plan or reasons differ between two worlds it cannot "
                         "tell apart (step %d):\n%s---\n%s",
                         g->id, seat, step, mine, theirs);
            free(mine);
            free(theirs);
            states++;
            pf_action legal[PF_MAX_LEGAL];
            int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
            assert_int_equal(pf_state_apply(g, st, seat, legal[pf_rng_below(&rng, (uint32_t)n)],
                                            0, NULL, NULL),
                             PF_E_OK);
        }
        test_free(alt);
        test_free(st);
    }
    print_message("%s (%d seats%s%s): plans and reasons compared in %d states\n", g->id, seats,
                  *spec ? ", " : "", spec, states);
    assert_true(states > GAMES);
}

static void reasons_depend_only_on_what_the_seat_knows(void **state)
{
    (void)state;
    same_in_every_world(pf_test_game("pizza"), 2, "memory_aid=true");
    same_in_every_world(pf_test_game("pizza"), 3, "");
    same_in_every_world(pf_test_game("pancake"), 3, "");
    same_in_every_world(pf_test_game("pancake"), 2, "chocolate_gamble=true");
    same_in_every_world(pf_test_game("passfood"), 2, "");
    same_in_every_world(pf_test_game("passfood"), 4, "");
}

/* The game's seed (the future) is not in a plan: two games that differ
 * only in their seed, where the seat sees the same, plan the same; and the
 * salt does change a bot's chance (a different salt, another draw). */
static void the_seed_is_not_in_a_plan(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    void *a = pf_test_new(g, 2, "", 1), *b = pf_test_new(g, 2, "", 2);
    const pf_bot_def *random = pf_bot_find(g, "random");
    bool salt_matters = false;
    for (uint64_t salt = 0; salt < 20; salt++) {
        pf_bot_ctx ca = {g, a, 2, 0, 0, pf_plan_seed(g, a, 0, salt)},
                   cb = {g, b, 2, 0, 0, pf_plan_seed(g, b, 0, salt)};
        assert_true(ca.seed == cb.seed);
        pf_action x, y, z;
        int64_t t;
        assert_int_equal(pf_bot_plan(&ca, random, 0, &x, &t), PF_E_OK);
        assert_int_equal(pf_bot_plan(&cb, random, 0, &y, &t), PF_E_OK);
        assert_int_equal(x, y);
        ca.seed = pf_plan_seed(g, a, 0, salt + 1000);
        assert_int_equal(pf_bot_plan(&ca, random, 0, &z, &t), PF_E_OK);
        salt_matters |= z != x;
    }
    assert_true(salt_matters);
    test_free(a);
    test_free(b);
}

/* A game without an explainer says so. */
static void real_time_gives_no_reasons(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pakupaku");
    void *st = pf_test_new(g, 2, "", 1);
    pf_bot_ctx c = {g, st, 2, 0, 0, 7};
    pf_why w;
    assert_false(pf_bot_explain(&c, 0, 0, &w));
    assert_string_equal(w.text, "");
    test_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reasons_depend_only_on_what_the_seat_knows),
        cmocka_unit_test(the_seed_is_not_in_a_plan),
        cmocka_unit_test(real_time_gives_no_reasons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
