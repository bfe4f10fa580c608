/* test_template.c: the template game (src/games/template/) plays by its
 * rules, its descriptor's ladder is the one the levels play, and it stays
 * out of everything a person or a client sees: the program's registry,
 * `partyfood games`, the protocol's games answer and the simulator. This
 * program links the test registry, which lists it after the real games;
 * the conformance harness runs it like any game. */
#include <stdlib.h>
#include <string.h>

#include "games/template/template.h"
#include "partyfood/ismcts.h"
#include "pf_test.h"

extern const pf_game pf_game_template;

static template_state *new_game(const char *spec, uint64_t seed)
{
    return pf_test_new(&pf_game_template, 2, spec, seed);
}

static void takes_and_the_last_counter_wins(void **state)
{
    (void)state;
    const pf_game *g = &pf_game_template;
    template_state *s = new_game("pile=5", 1);
    pf_test_act(g, s, 0, "take 3", 0, NULL);
    assert_int_equal(s->pile, 2);
    pf_test_refused(g, s, 0, "take 1", 0, PF_E_NOT_YOUR_TURN);
    pf_test_refused(g, s, 1, "take 3", 0, PF_E_ILLEGAL_ACTION); /* more than the pile */
    pf_test_act(g, s, 1, "2", 0, NULL);
    double r[2];
    assert_true(g->over(s, r));
    assert_true(r[0] == 0 && r[1] == 1);
    test_free(s);
}

static void a_bonus_is_shown_takes_its_value_and_is_replaced(void **state)
{
    (void)state;
    const pf_game *g = &pf_game_template;
    template_state *s = new_game("", 7);
    int v = s->tile[0], bag = template__bag_size(s);
    assert_true(v >= 1 && v <= 3);
    pf_event buf[16];
    pf_events ev = {buf, 0, 16, 0};
    pf_test_act(g, s, 0, "bonus", 0, &ev);
    assert_int_equal(s->pile, 15 - v);
    assert_int_equal(s->played[v], 1);
    assert_int_equal(template__bag_size(s), bag - 1);
    assert_true(s->tile[0] >= 1);
    assert_true(pf_test_saw(&ev, 1, "bonus")); /* shown to everyone */
    int told_other = 0;
    for (int i = 0; i < ev.n; i++)
        told_other +=
            buf[i].to == -1 && strstr(buf[i].text, "worth") && strcmp(buf[i].kind, "draw") == 0;
    assert_int_equal(told_other, 0); /* the new tile's value: seat 0 only */
    test_free(s);
}

static void the_view_hides_the_other_tile(void **state)
{
    (void)state;
    template_state *s = new_game("", 3);
    char *mine = pf_test_view_text(&pf_game_template, s, 0);
    char *spec = pf_test_view_text(&pf_game_template, s, PF_SEAT_SPECTATOR);
    assert_non_null(strstr(mine, "\"my_tile\""));
    assert_null(strstr(spec, "my_tile"));
    assert_null(strstr(mine, "\"tiles\""));
    free(mine);
    free(spec);
    test_free(s);
}

static void levels_play_the_descriptors_ladder(void **state)
{
    (void)state;
    const pf_game *g = &pf_game_template;
    assert_string_equal(pf_level_about(g, "easy"), template__ladder[PF_LEVEL_EASY].about);
    assert_string_equal(pf_level_about(g, "expert"), template__ladder[PF_LEVEL_EXPERT].about);
    /* hard is the counting bot itself: from a pile of 6 it leaves 4 */
    template_state *s = new_game("pile=6", 2);
    s->tile[0] = 0; /* no bonus to tempt it */
    pf_obs o;
    pf_obs_init(&o, g, s, 0, 2, 0, 0);
    pf_rng rng;
    pf_rng_seed(&rng, 9);
    pf_action a;
    int64_t t;
    assert_int_equal(pf_bot_find(g, "hard")->choose(&o, &rng, &a, &t), PF_E_OK);
    assert_int_equal(a, TEMPLATE_TAKE(2));
    test_free(s);
}

static void never_listed_where_people_or_clients_look(void **state)
{
    (void)state;
    /* the program's own list */
    char *games = pf_test_run("\"$PF_BIN\" games");
    assert_non_null(strstr(games, "pizza"));
    assert_null(strstr(games, "template"));
    free(games);
    char *proto = pf_test_run("echo '{\"cmd\":\"games\"}' | \"$PF_BIN\" engine");
    assert_non_null(strstr(proto, "pizza"));
    assert_null(strstr(proto, "template"));
    free(proto);
    char *sim = pf_test_run("\"$PF_BIN\" sim template 2>&1; echo \"status $?\"");
    assert_null(strstr(sim, "status 0"));
    free(sim);
    /* this test program's registry lists it after the real games */
    assert_ptr_equal(pf_game_find("template"), &pf_game_template);
    assert_ptr_equal(pf_game_at(pf_game_count() - 1), &pf_game_template);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(takes_and_the_last_counter_wins),
        cmocka_unit_test(a_bonus_is_shown_takes_its_value_and_is_replaced),
        cmocka_unit_test(the_view_hides_the_other_tile),
        cmocka_unit_test(levels_play_the_descriptors_ladder),
        cmocka_unit_test(never_listed_where_people_or_clients_look),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
