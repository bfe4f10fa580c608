/* test_descriptors.c: what each game tells about itself in its descriptor
 * (its ladder, its rules summary, whether it is a memory game, what each
 * option takes) agrees with the rest of the descriptor and with what the
 * game accepts, for every registered game. */
#include <stdio.h>
#include <stdlib.h>
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

/* Sets key=val alone on g with each seat count; PF_E_OK when one accepts
 * it, else the last refusal in err. */
static pf_err try_option(const pf_game *g, const char *key, const char *val, pf_error *err)
{
    pf_options opt;
    pf_options_clear(&opt);
    assert_int_equal(pf_options_set(&opt, key, val, err), PF_E_OK);
    void *st = malloc(g->state_size);
    pf_err e = PF_E_BAD_SEATS;
    for (int n = g->min_seats; n <= g->max_seats && e; n++)
        e = pf_state_init(g, st, n, &opt, 1, err);
    free(st);
    return e;
}

/* val is a value the option takes: accepted, or refused only because of
 * the rest of the table (pizza's 2 kinds need spare slices off), never for
 * the value's own sake (the words pf_options_int/_bool use for that). */
static void takes(const pf_game *g, const pf_option_def *d, const char *val)
{
    pf_error err;
    if (try_option(g, d->key, val, &err) != PF_E_OK &&
        (strstr(err.msg, "must be a") || strstr(err.msg, "must be true")))
        fail_msg("%s: option %s refuses %s, a value its descriptor offers: %s", g->id, d->key,
                 val, err.msg);
}

/* val is out of the option's range: refused, saying the descriptor's range. */
static void refuses(const pf_game *g, const pf_option_def *d, const char *val)
{
    pf_error err;
    char range[64];
    snprintf(range, sizeof range, "from %g to %g", d->min, d->max);
    if (try_option(g, d->key, val, &err) != PF_E_BAD_OPTION || !strstr(err.msg, range))
        fail_msg("%s: option %s=%s is not refused with the range %s (%s)", g->id, d->key, val,
                 range, err.msg);
}

/* Every option says what it takes (a label, a sentence, a kind, a range or
 * choices, its default among them), and the game takes exactly that: the
 * browser builds its forms from these facts alone. */
static void options_say_what_they_take(void **state)
{
    (void)state;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        for (const pf_option_def *d = g->options; d && d->key; d++) {
            assert_non_null(d->def);
            if (!d->label || !*d->label || !d->help || !*d->help)
                fail_msg("%s: option %s has no label or no sentence", g->id, d->key);
            if (d->fixes_chance && d->menu)
                fail_msg("%s: option %s fixes chance, and no menu may offer that", g->id, d->key);
            char v[32];
            switch (d->kind) {
            case PF_OPT_BOOL:
                assert_true(!strcmp(d->def, "true") || !strcmp(d->def, "false"));
                takes(g, d, "true");
                takes(g, d, "false");
                break;
            case PF_OPT_INT:
                assert_true(d->min <= atof(d->def) && atof(d->def) <= d->max);
                for (double x = d->min; x <= d->max; x++) {
                    snprintf(v, sizeof v, "%g", x);
                    takes(g, d, v);
                }
                snprintf(v, sizeof v, "%g", d->min - 1);
                refuses(g, d, v);
                snprintf(v, sizeof v, "%g", d->max + 1);
                refuses(g, d, v);
                for (const char *const *c = d->choices; c && *c; c++)
                    assert_true(d->min <= atof(*c) && atof(*c) <= d->max);
                break;
            case PF_OPT_REAL:
                assert_true(d->min <= atof(d->def) && atof(d->def) <= d->max);
                snprintf(v, sizeof v, "%g", d->min);
                takes(g, d, v);
                snprintf(v, sizeof v, "%g", d->max);
                takes(g, d, v);
                break;
            case PF_OPT_CHOICE: {
                bool listed = false;
                assert_non_null(d->choices);
                for (const char *const *c = d->choices; *c; c++) {
                    listed |= strcmp(*c, d->def) == 0;
                    takes(g, d, *c);
                }
                if (!listed)
                    fail_msg("%s: option %s's default is not one of its choices", g->id, d->key);
                pf_error err;
                assert_int_equal(try_option(g, d->key, "none of these", &err), PF_E_BAD_OPTION);
                break;
            }
            case PF_OPT_TEXT:
                break;
            }
        }
    }
}

/* A front end shows the rules in brief and says what is secret: every
 * game has both, in sentences. */
static void games_say_their_rules_in_brief_and_their_secrets(void **state)
{
    (void)state;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        assert_non_null(g->brief);
        assert_non_null(g->brief[0]);
        for (const char *const *p = g->brief; *p; p++)
            assert_true(strlen(*p) > 20 && strchr(".!?", (*p)[strlen(*p) - 1]));
        assert_non_null(g->secrets);
        assert_true(strlen(g->secrets) > 20 && g->secrets[strlen(g->secrets) - 1] == '.');
        assert_true(g->summary && *g->summary);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ladders_name_the_games_own_bots),
        cmocka_unit_test(rules_summaries_fit_the_pager),
        cmocka_unit_test(memory_games_have_the_memory_aid_option),
        cmocka_unit_test(options_say_what_they_take),
        cmocka_unit_test(games_say_their_rules_in_brief_and_their_secrets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
