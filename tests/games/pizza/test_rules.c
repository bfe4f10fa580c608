/* test_rules.c: Pizza Party's rules, one scenario per rule (PIZ-2..PIZ-6).
 *
 * Every scenario uses the grid GRID_ALL (pizza_scenario.h): onion in cells
 * 0-5, pepper 6-11, mushroom 12-17, pepperoni 18-23, switch pieces red
 * 24-25, yellow 26-27, green 28-29, blue 30-31. */
#include "pizza_scenario.h"

typedef struct scenario {
    const char *name; /* the ruling and what it shows */
    int seats;
    const char *script;
    const char *want; /* pizza_describe() after the script */
} scenario;

static const scenario scenarios[] = {
    {"PIZ-3 a: a topping of a free kind goes on an empty slice", 2,
     "0:flip 0",
     "r0:on1 y1:- g~2:- b~3:- | a | next 1 | 31 down"},
    {"PIZ-3 b: a topping of a kind on another player's slice goes back", 2,
     "0:flip 0, 1:flip 1",
     "r0:on1 y1:- g~2:- b~3:- | b | next 0 | 31 down"},
    {"PIZ-3 c: a topping of the own slice's kind goes on", 2,
     "0:flip 0, 1:flip 6, 0:flip 1",
     "r0:on2 y1:pe1 g~2:- b~3:- | c | next 1 | 29 down"},
    {"PIZ-3 c': a free kind goes back when the own slice holds another", 2,
     "0:flip 0, 1:flip 6, 0:flip 12",
     "r0:on1 y1:pe1 g~2:- b~3:- | c' | next 1 | 30 down"},
    {"PIZ-3 d: a switch of another colour swaps with that slice", 2,
     "0:flip 0, 1:flip 24",
     "r1:on1 y0:- g~2:- b~3:- | d | next 0 | 30 down"},
    {"PIZ-2 + PIZ-3 d: the swap happens with an imaginary seat's slice too", 2,
     "0:flip 0, 1:flip 6, 0:flip 28",
     "r~2:on1 y1:pe1 g0:- b~3:- | d | next 1 | 29 down"},
    {"PIZ-2 + PIZ-3 b: a kind on an imaginary seat's slice goes back", 2,
     "0:flip 0, 1:flip 6, 0:flip 28, 1:flip 1",
     "r~2:on1 y1:pe1 g0:- b~3:- | b | next 0 | 29 down"},
    {"PIZ-2 + PIZ-3 a: the empty slice taken from an imaginary seat takes a free kind", 2,
     "0:flip 0, 1:flip 6, 0:flip 28, 1:flip 1, 0:flip 12",
     "r~2:on1 y1:pe1 g0:mu1 b~3:- | a | next 1 | 28 down"},
    {"PIZ-3 e: a switch of the own colour leaves the same seat to pick a slice", 2,
     "0:flip 24",
     "r0:- y1:- g~2:- b~3:- | e | next 0 pick | 31 down"},
    {"PIZ-3 e: picking a player's slice swaps slices, toppings and all", 2,
     "0:flip 0, 1:flip 6, 0:flip 24, 0:switch yellow",
     "r1:on1 y0:pe1 g~2:- b~3:- | e | next 1 | 29 down"},
    {"PIZ-3 e: picking an imaginary seat's slice", 2,
     "0:flip 0, 1:flip 6, 0:flip 24, 0:switch blue",
     "r~3:on1 y1:pe1 g~2:- b0:- | e | next 1 | 29 down"},
    {"PIZ-3 d: a switch carries the toppings; c then counts the new slice's kind", 2,
     "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 24, 0:flip 7",
     "r1:on2 y0:pe2 g~2:- b~3:- | c | next 1 | 27 down"},
    {"PIZ-3 d: after a switch, the slice given away's kind is another's (b)", 2,
     "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 24, 0:flip 7, 1:flip 8",
     "r1:on2 y0:pe2 g~2:- b~3:- | b | next 0 | 27 down"},
    {"PIZ-3 d: two players swap slices (4 seats)", 4,
     "0:flip 0, 1:flip 6, 2:flip 12, 3:flip 29",
     "r0:on1 y1:pe1 g3:mu1 b2:- | d | next 0 | 28 down"},
    {"PIZ-2 (3 seats): one imaginary slice, and a swap with it", 3,
     "0:flip 0, 1:flip 31, 2:flip 1",
     "r0:on1 y~3:- g2:- b1:- | b | next 0 | 30 down"},
    {"PIZ-3: the second switch piece of a colour works like the first", 2,
     "0:flip 26, 1:flip 27",
     "r0:- y1:- g~2:- b~3:- | d | next 0 | 30 down"},
    {"PIZ-4: the sixth topping wins at once", 2,
     "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 7, 0:flip 2, 1:flip 8, 0:flip 3, 1:flip 9,"
     " 0:flip 4, 1:flip 10, 0:flip 5",
     "r0:on6 y1:pe5 g~2:- b~3:- | c | seat 0 won | 21 down"},
    {"PIZ-4: a slice taken by a switch wins for its new holder", 2,
     "0:flip 0, 1:flip 6, 0:flip 1, 1:flip 12, 0:flip 2, 1:flip 12, 0:flip 3, 1:flip 12,"
     " 0:flip 4, 1:flip 24, 0:flip 7, 1:flip 5",
     "r1:on6 y0:pe2 g~2:- b~3:- | c | seat 1 won | 23 down"},
};

/* Every scenario of the table, each from a fresh game. */
static void test_scenarios(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        const scenario *sc = &scenarios[i];
        pizza_state *s = pizza_scenario(sc->seats, GRID_ALL, sc->script);
        pizza_expect(s, sc->name, sc->want);
        test_free(s);
    }
}

/* PIZ-4: the winner scores 1, the others 0, and nothing more may happen. */
static void test_win_ends_the_game(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pf_event buf[32];
    pf_events ev = {buf, 0, 32, 0};
    pizza_state *s = pizza_scenario(3, GRID_ALL,
                                    "0:flip 0, 1:flip 6, 2:flip 12, 0:flip 1, 1:flip 7,"
                                    " 2:flip 13, 0:flip 2, 1:flip 8, 2:flip 14, 0:flip 3,"
                                    " 1:flip 9, 2:flip 15, 0:flip 4, 1:flip 10, 2:flip 16");
    double r[3];
    assert_false(g->over(s, NULL));
    pizza_play(g, s, "0:flip 5", &ev);
    assert_true(pf_test_saw(&ev, PF_SEAT_SPECTATOR, "win"));
    assert_true(g->over(s, r));
    assert_true(r[0] == 1.0 && r[1] == 0.0 && r[2] == 0.0);
    assert_int_equal(g->to_act(s), 0);
    for (int seat = 0; seat < 3; seat++)
        assert_int_equal(pf_test_legal_count(g, s, seat), 0);
    pf_test_refused(g, s, 1, "flip 11", 0, PF_E_GAME_OVER);
    test_free(s);
}

/* PIZ-4: after 1000 turns without a winner the game ends, everyone 0. */
static void test_turn_limit(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    /* Seat 0 holds onion; then seat 1 keeps turning over an onion (b) and
     * seat 0 a pepper (c'): nothing ever changes but the turn count. */
    pizza_state *s = pizza_scenario(2, GRID_ALL, "0:flip 0");
    while (s->turn < 999)
        pf_test_act(g, s, s->to_move, s->to_move == 1 ? "flip 1" : "flip 6", 0, NULL);
    assert_false(g->over(s, NULL));
    assert_int_equal(g->to_act(s), 1u << 1);
    pf_event buf[8];
    pf_events ev = {buf, 0, 8, 0};
    pf_test_act(g, s, 1, "flip 1", 0, &ev);
    double r[2] = {-1, -1};
    assert_true(g->over(s, r));
    assert_true(r[0] == 0.0 && r[1] == 0.0);
    assert_int_equal(s->winner, PIZZA_NONE);
    assert_true(pf_test_saw(&ev, PF_SEAT_SPECTATOR, "end"));
    pf_test_refused(g, s, 0, "flip 6", 0, PF_E_GAME_OVER);
    test_free(s);
}

/* Collects the legal action names of seat, space separated. */
static void legal_names(const pf_game *g, const void *s, int seat, char *buf, size_t n)
{
    pf_action a[PF_MAX_LEGAL];
    int k = g->legal(s, seat, a, PF_MAX_LEGAL);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < k; i++) {
        char name[32];
        assert_true(g->name(s, a[i], name, sizeof name) > 0);
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? "," : "", name);
    }
}

/* PIZ-6: the legal actions are exactly the face-down cells, or after rule
 * e exactly the other slices; nothing else is accepted. */
static void test_legal_actions(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    char names[1024];
    pizza_state *s = pizza_scenario(2, GRID_ALL, "");
    assert_int_equal(pf_test_legal_count(g, s, 0), 32);
    assert_int_equal(pf_test_legal_count(g, s, 1), 0);
    pf_test_refused(g, s, 1, "flip 3", 0, PF_E_NOT_YOUR_TURN);
    pf_test_refused(g, s, 0, "switch yellow", 0, PF_E_ILLEGAL_ACTION);
    pf_test_refused(g, s, 0, "flip 32", 0, PF_E_UNKNOWN_ACTION);

    /* A placed piece leaves its cell; a piece put back stays playable. */
    pizza_play(g, s, "0:flip 0, 1:flip 1", NULL);
    legal_names(g, s, 0, names, sizeof names);
    assert_non_null(strstr(names, "flip 1,flip 2,"));
    assert_null(strstr(names, "flip 0,"));
    assert_int_equal(pf_test_legal_count(g, s, 0), 31);
    pf_test_refused(g, s, 0, "flip 0", 0, PF_E_ILLEGAL_ACTION);

    /* Rule e: only "switch <other colour>", for the same seat. */
    pizza_play(g, s, "0:flip 24", NULL);
    legal_names(g, s, 0, names, sizeof names);
    assert_string_equal(names, "switch yellow,switch green,switch blue");
    pf_test_refused(g, s, 0, "flip 2", 0, PF_E_ILLEGAL_ACTION);
    pf_test_refused(g, s, 0, "switch red", 0, PF_E_ILLEGAL_ACTION);
    pf_test_refused(g, s, 1, "switch yellow", 0, PF_E_NOT_YOUR_TURN);
    pizza_play(g, s, "0:switch green", NULL);
    /* The used switch piece left the game: cell 24 is gone. */
    assert_int_equal(pf_test_legal_count(g, s, 1), 30);
    pf_test_refused(g, s, 1, "flip 24", 0, PF_E_ILLEGAL_ACTION);
    test_free(s);
}

/* Names parse back, and the documented aliases parse too. */
static void test_names(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pizza_state *s = pizza_scenario(2, "", "");
    char name[32];
    for (pf_action a = 0; a < 40; a++) {
        pf_action back;
        int len = g->name(s, a, name, sizeof name);
        if (a >= 36) {
            assert_int_equal(len, -1);
            continue;
        }
        assert_true(len > 0);
        assert_int_equal(g->parse(s, name, &back), PF_E_OK);
        assert_int_equal(back, a);
    }
    static const struct {
        const char *text;
        pf_action a;
    } aliases[] = {
        {"flip 12", 12}, {"12", 12}, {"Flip 12", 12}, {"turn over 12", 12},
        {"turn over cell 3", 3}, {"flip cell 0", 0}, {"switch blue", PIZZA_PICK(3)},
        {"switch with blue", PIZZA_PICK(3)}, {"blue", PIZZA_PICK(3)}, {"b", PIZZA_PICK(3)},
        {"SWITCH Red", PIZZA_PICK(0)}, {"y", PIZZA_PICK(1)},
    };
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
        pf_action a = 999;
        assert_int_equal(g->parse(s, aliases[i].text, &a), PF_E_OK);
        assert_int_equal(a, aliases[i].a);
    }
    static const char *const bad[] = {"", "flip", "flip 32", "flip -1", "flip blue",
                                      "switch 3", "purple", "flip 1 2", "12x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pf_action a;
        if (g->parse(s, bad[i], &a) != PF_E_UNKNOWN_ACTION)
            fail_msg("'%s' should not parse", bad[i]);
    }
    test_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenarios),
        cmocka_unit_test(test_win_ends_the_game),
        cmocka_unit_test(test_turn_limit),
        cmocka_unit_test(test_legal_actions),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
