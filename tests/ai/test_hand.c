/* test_hand.c: hands (ruling C-4). Every game's skill_error keeps an action
 * playable, leaves actions without a skill number alone, and with no
 * wobble plays the aim. */
#include <stdlib.h>
#include <string.h>

#include "pf_test.h"

/* Walks random games of g; at each step every legal action of the seat to
 * act goes through the game's hand at several wobbles, and what comes out
 * must still be playable. Returns how many actions had a skill number. */
static int check_game(const pf_game *g, int seats, uint64_t seed)
{
    void *st = pf_test_new(g, seats, "", seed);
    pf_rng rng;
    pf_rng_seed(&rng, seed);
    int skilled = 0;
    int64_t t = 0;
    for (int step = 0; step < 300 && !g->over(st, NULL); step++) {
        int seat = __builtin_ctz(g->to_act(st));
        /* Real time: act once the seat's hands are free (PAKU-10). */
        t += 100;
        if (g->ready_at && g->ready_at(st, seat) > t)
            t = g->ready_at(st, seat);
        pf_action legal[PF_MAX_LEGAL];
        int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
        for (int i = 0; i < n; i++)
            for (int w = 0; w < 3; w++) {
                pf_action played;
                bool skill = g->skill_error(legal[i], w, &rng, &played);
                if (!skill)
                    assert_int_equal(played, legal[i]);
                if (skill && w == 0)
                    assert_int_equal(played, legal[i]); /* no wobble, no error */
                skilled += skill;
                if (g->check)
                    assert_int_equal(g->check(st, seat, played, t), PF_E_OK);
            }
        pf_action a = legal[pf_rng_below(&rng, (uint32_t)n)];
        assert_int_equal(pf_state_apply(g, st, seat, a, t, NULL, NULL), PF_E_OK);
    }
    test_free(st);
    return skilled;
}

static void skill_error_keeps_actions_playable(void **state)
{
    (void)state;
    int games = 0;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        if (!g->skill_error)
            continue;
        games++;
        int skilled = 0;
        for (uint64_t seed = 1; seed <= 5; seed++)
            skilled += check_game(g, g->min_seats, seed);
        if (skilled == 0)
            fail_msg("%s has a skill_error but no action with a skill number", g->id);
    }
    assert_true(games >= 2); /* Yummy Yummy Pancake and Paku Paku */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(skill_error_keeps_actions_playable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
