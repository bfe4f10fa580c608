/* test_match.c: a match records each step with its name.
 *
 * The name is taken when the step is applied, from the state before it. An
 * action the game cannot name, or whose name is longer than a replay holds,
 * is refused and changes nothing. No game of today has such a name, so a
 * copy of Pancake Party's descriptor stands in with names of any length. */
#include <stdlib.h>
#include <string.h>

#include "pf_test.h"

/* Pancake Party with every action named by fake_len zeros. */
static int fake_len;

static int fake_name(const void *st, pf_action a, char *buf, size_t n)
{
    (void)st;
    (void)a;
    return snprintf(buf, n, "%0*d", fake_len, 0);
}

/* Applies the first seat's first legal action of a new match of g, expecting
 * `code`; on a refusal the match must be as it was. */
static void first_action(const pf_game *g, pf_err code)
{
    pf_error err;
    pf_match *m = pf_match_create(g, 2, NULL, 5, &err);
    assert_non_null(m);
    int seat = __builtin_ctz(g->to_act(m->state));
    pf_action legal[PF_MAX_LEGAL];
    assert_true(g->legal(m->state, seat, legal, PF_MAX_LEGAL) > 0);
    void *before = malloc(g->state_size);
    assert_non_null(before);
    memcpy(before, m->state, g->state_size);
    assert_int_equal(pf_match_apply(m, seat, legal[0], 0, NULL, &err), code);
    if (code == PF_E_OK) {
        assert_int_equal(m->nsteps, 1);
        assert_int_equal((int)strlen(m->steps[0].name), fake_len);
    } else {
        assert_int_equal(err.code, code);
        assert_int_equal(m->nsteps, 0);
        assert_memory_equal(m->state, before, g->state_size);
    }
    free(before);
    pf_match_destroy(m);
}

static void a_name_up_to_the_replay_limit_is_recorded(void **state)
{
    (void)state;
    pf_game g = *pf_test_game("pancake");
    g.name = fake_name;
    fake_len = PF_REPLAY_NAME_MAX;
    first_action(&g, PF_E_OK);
}

static void a_longer_name_is_refused(void **state)
{
    (void)state;
    pf_game g = *pf_test_game("pancake");
    g.name = fake_name;
    fake_len = PF_REPLAY_NAME_MAX + 1;
    first_action(&g, PF_E_TOO_LARGE);
    fake_len = 4 * PF_REPLAY_NAME_MAX;
    first_action(&g, PF_E_TOO_LARGE);
}

/* An action code the game has no name for is no action of it. */
static void an_unnamed_action_is_refused(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pancake");
    pf_error err;
    pf_match *m = pf_match_create(g, 2, NULL, 5, &err);
    assert_non_null(m);
    char name[8];
    assert_true(g->name(m->state, 0xffffff, name, sizeof name) < 0);
    assert_int_equal(pf_match_apply(m, __builtin_ctz(g->to_act(m->state)), 0xffffff, 0, NULL,
                                    &err),
                     PF_E_UNKNOWN_ACTION);
    assert_int_equal(m->nsteps, 0);
    pf_match_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_name_up_to_the_replay_limit_is_recorded),
        cmocka_unit_test(a_longer_name_is_refused),
        cmocka_unit_test(an_unnamed_action_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
