/* test_descriptors.c: what each game tells about itself in its descriptor
 * (its ladder, its rules summary, whether it is a memory game) agrees with
 * the rest of the descriptor, for every registered game. */
#include <string.h>

#include "pf_test.h"

/* True when g lists a bot called name among its own ("random" is generic). */
static bool has_bot(const pf_game *g, const char *name)
{
    if (strcmp(name, "random") == 0)
        return true;
    for (const pf_bot_def *b = g->bots; b && b->name; b++)
        if (strcmp(b->name, name) == 0)
            return true;
    return false;
}

static void ladders_name_the_games_own_bots(void **state)
{
    (void)state;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        assert_non_null(g->ladder); /* each real game has measured levels */
        for (int l = 0; l < PF_LEVELS; l++) {
            const pf_rung *r = &g->ladder[l];
            assert_non_null(r->about);
            if (r->bot && !has_bot(g, r->bot))
                fail_msg("%s level %d plays '%s', not one of its bots", g->id, l, r->bot);
            if (r->rollout && !has_bot(g, r->rollout))
                fail_msg("%s level %d plays out with '%s', not one of its bots", g->id, l,
                         r->rollout);
            assert_true(r->bot || r->iterations > 0);
        }
    }
}

static void rules_summaries_fit_the_pager(void **state)
{
    (void)state;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        assert_non_null(g->rules);
        int n = 0;
        for (const char *const *line = g->rules; *line; line++, n++)
            if (strlen(*line) > 78) /* an 80-column terminal, a margin each side */
                fail_msg("%s rules line %d is %zu bytes", g->id, n, strlen(*line));
        assert_true(n > 1);
    }
}

/* The seating screen offers the memory aid to a memory game through its
 * memory_aid option: the flag and the option go together. */
static void memory_games_have_the_memory_aid_option(void **state)
{
    (void)state;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        bool option = false;
        for (const pf_option_def *o = g->options; o && o->key; o++)
            option |= strcmp(o->key, "memory_aid") == 0;
        if (option != g->memory_game)
            fail_msg("%s: memory_game is %d but the memory_aid option is %s", g->id, g->memory_game,
                     option ? "there" : "missing");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ladders_name_the_games_own_bots),
        cmocka_unit_test(rules_summaries_fit_the_pager),
        cmocka_unit_test(memory_games_have_the_memory_aid_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
