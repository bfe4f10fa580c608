/* test_rules.c: Yummy Yummy Pancake, one scenario per ruling (YYP-1..7)
 * and per sentence of the rulebook, on scripted tables and tosses (C-2). */
#include "pancake_scenario.h"

static const pf_game *G;

static int setup(void **state) {
    (void)state;
    G = pf_test_game("pancake");
    return 0;
}

/* The first 16 pancakes drawn; the rest of the box follows at random. */
#define T16 "table=SKBLSKBC,LLLLSKBC"

typedef struct scenario {
    const char *name; /* ruling: what it shows */
    int seats;
    const char *options;
    const char *script;
    const char *expect;
} scenario;

static const scenario scenarios[] = {
    {"YYP-1 the first pan is the top 8 of the table, face-up", 2, T16, "",
     "up SSKKBBLC down 0 | piles 0 0 | table 28 | 0 toss"},
    {"YYP-2 a toss leaving 1 face-down is redone", 2, T16 ";tosses=K,SK", "0:toss 0.30",
     "up SKBBLC down 2 | piles 0 0 | table 28 | 0 share"},
    {"YYP-2 a toss leaving none face-down is redone, twice", 2, T16 ";tosses=-,C,SB",
     "0:toss 0.10", "up SKKBLC down 2 | piles 0 0 | table 28 | 0 share"},
    {"YYP-2 every pancake may go face-down", 2, T16 ";tosses=SSKKBBLC", "0:toss 0.90",
     "up  down 7 bonus | piles 1 0 | table 28 | 0 share"},
    {"YYP-3 exactly 5 face-down: the chef takes one as a bonus", 2, T16 ";tosses=SKBLC",
     "0:toss 0.60", "up SKB down 4 bonus | piles 1 0 | table 28 | 0 share"},
    {"YYP-3 4 face-down: no bonus", 2, T16 ";tosses=SKBL", "0:toss 0.50",
     "up SKBC down 4 | piles 0 0 | table 28 | 0 share"},
    {"YYP-4 the chef picks and looks, then names a player", 2, T16 ";tosses=SK",
     "0:toss 0.50, 0:pick", "up SKBBLC down 1 | piles 0 0 | table 28 | 0 ask"},
    {"YYP-4 the named player answers", 2, T16 ";tosses=SK", "0:toss 0.50, 0:pick, 0:ask 2",
     "up SKBBLC down 1 | piles 0 0 | table 28 | 1 guess"},
    {"YYP-4 a right guess: the guesser takes the pancake", 2, T16 ";tosses=SK",
     "0:toss 0.50, 0:pick, 0:ask 2, 1:guess strawberry",
     "up SKBBLC down 1 | piles 0 1 | table 28 | 0 share"},
    {"YYP-4 a wrong guess: the chef takes the pancake", 2, T16 ";tosses=SK",
     "0:toss 0.50, 0:pick, 0:ask 2, 1:guess kiwi",
     "up SKBBLC down 1 | piles 1 0 | table 28 | 0 share"},
    {"YYP-4 the chef stops after one share: the rest turn face-up, the left player is chef", 2,
     T16 ";tosses=SK", "0:toss 0.50, 0:pick, 0:ask 2, 1:guess kiwi, 0:stop",
     "up SKKBBLLC down 0 | piles 1 0 | table 27 | 1 toss"},
    {"YYP-4 all face-down shared: the turn ends by itself", 2, T16 ";tosses=SK",
     "0:toss 0.50, 0:pick, 0:ask 2, 1:guess kiwi, 0:pick, 0:ask 2, 1:guess kiwi",
     "up SKBBLLLC down 0 | piles 1 1 | table 26 | 1 toss"},
    {"YYP-4 the chef asks the same player twice, then another", 3, T16 ";tosses=SKB",
     "0:toss 0.50, 0:pick, 0:ask 3, 2:guess strawberry, 0:pick, 0:ask 3, 2:guess banana,"
     "0:pick, 0:ask 2, 1:guess banana",
     "up SKBLLLLC down 0 | piles 1 1 1 | table 25 | 1 toss"},
    {"YYP-1 a pan that kept 3 pancakes is topped up with 5", 2, T16 ";tosses=SSKKB",
     "0:toss 0.80, 0:pick, 0:ask 2, 1:guess kiwi, 0:pick, 0:ask 2, 1:guess kiwi,"
     "0:pick, 0:ask 2, 1:guess kiwi, 0:pick, 0:ask 2, 1:guess kiwi",
     "up SBLLLLLC down 0 | piles 3 2 | table 23 | 1 toss"},
    {"C-1 the chef role passes left around 3 seats and back", 3, T16 ";tosses=SK,SK,KB",
     "0:toss 0.5, 0:pick, 0:ask 2, 1:guess kiwi, 0:stop,"
     "1:toss 0.5, 1:pick, 1:ask 3, 2:guess kiwi, 1:stop,"
     "2:toss 0.5, 2:pick, 2:ask 1, 0:guess banana, 2:stop",
     "up KBBLLLLC down 0 | piles 1 1 1 | table 25 | 0 toss"},
    /* YYP-5: the chocolate gamble, each case with the variant on and off. */
    {"YYP-5 gamble on, chocolate right: the chef pays one", 2, T16 ";chocolate_gamble=true;tosses=SCK",
     "0:toss 0.5, 0:pick, 0:ask 2, 1:guess kiwi, 0:pick, 0:ask 2, 1:guess chocolate",
     "up SKBBL down 1 | piles 0 2 | table 28 | 0 share"},
    {"YYP-5 gamble off, chocolate right: nothing more", 2, T16 ";tosses=SCK",
     "0:toss 0.5, 0:pick, 0:ask 2, 1:guess kiwi, 0:pick, 0:ask 2, 1:guess chocolate",
     "up SKBBL down 1 | piles 1 1 | table 28 | 0 share"},
    {"YYP-5 gamble on, chocolate right, the chef has none to pay", 2, T16 ";chocolate_gamble=true;tosses=CS",
     "0:toss 0.5, 0:pick, 0:ask 2, 1:guess chocolate",
     "up SKKBBL down 1 | piles 0 1 | table 28 | 0 share"},
    {"YYP-5 gamble on, chocolate wrong: the guesser pays one", 2, T16 ";chocolate_gamble=true;tosses=SK",
     "0:toss 0.5, 0:pick, 0:ask 2, 1:guess strawberry, 0:pick, 0:ask 2, 1:guess chocolate",
     "up SKBBLLLC down 0 | piles 2 0 | table 26 | 1 toss"},
    {"YYP-5 gamble off, chocolate wrong: nothing more", 2, T16 ";tosses=SK",
     "0:toss 0.5, 0:pick, 0:ask 2, 1:guess strawberry, 0:pick, 0:ask 2, 1:guess chocolate",
     "up SKBBLLLC down 0 | piles 1 1 | table 26 | 1 toss"},
    {"YYP-5 gamble on, chocolate wrong, the guesser has none to pay", 2, T16 ";chocolate_gamble=true;tosses=SK",
     "0:toss 0.5, 0:pick, 0:ask 2, 1:guess chocolate",
     "up SKBBLC down 1 | piles 1 0 | table 28 | 0 share"},
    {"YYP-5 gamble on, other wrong guesses cost nothing more", 2, T16 ";chocolate_gamble=true;tosses=SK",
     "0:toss 0.5, 0:pick, 0:ask 2, 1:guess strawberry, 0:pick, 0:ask 2, 1:guess banana",
     "up SKBBLLLC down 0 | piles 1 1 | table 26 | 1 toss"},
    {"YYP-6 with exactly enough on the table the game goes on", 4,
     TABLE_ALL ";tosses=SKBLSKBC,SKBLSKBC,SKBLSKBC,SKBLSKBC",
     /* Four chefs take all 8 (bonus + 7 misses); the fourth stops with 4 left. */
     "0:toss 0.9, 0:pick,0:ask 2,1:guess strawberry, 0:pick,0:ask 2,1:guess strawberry,"
     "0:pick,0:ask 2,1:guess strawberry, 0:pick,0:ask 2,1:guess kiwi,"
     "0:pick,0:ask 2,1:guess strawberry, 0:pick,0:ask 2,1:guess strawberry,"
     "0:pick,0:ask 2,1:guess strawberry,"
     "1:toss 0.9, 1:pick,1:ask 3,2:guess strawberry, 1:pick,1:ask 3,2:guess strawberry,"
     "1:pick,1:ask 3,2:guess strawberry, 1:pick,1:ask 3,2:guess kiwi,"
     "1:pick,1:ask 3,2:guess strawberry, 1:pick,1:ask 3,2:guess strawberry,"
     "1:pick,1:ask 3,2:guess strawberry,"
     "2:toss 0.9, 2:pick,2:ask 4,3:guess strawberry, 2:pick,2:ask 4,3:guess strawberry,"
     "2:pick,2:ask 4,3:guess strawberry, 2:pick,2:ask 4,3:guess kiwi,"
     "2:pick,2:ask 4,3:guess strawberry, 2:pick,2:ask 4,3:guess strawberry,"
     "2:pick,2:ask 4,3:guess strawberry,"
     "3:toss 0.9, 3:pick,3:ask 1,0:guess strawberry, 3:pick,3:ask 1,0:guess strawberry,"
     "3:pick,3:ask 1,0:guess strawberry, 3:stop",
     "up SKBLLLLC down 0 | piles 8 8 8 4 | table 0 | 0 toss"},
};

static void test_scenarios(void **state) {
    (void)state;
    char got[256];
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        const scenario *sc = &scenarios[i];
        pancake_state *s = pf_test_new(G, sc->seats, sc->options, 1);
        pancake_play(G, s, sc->script, NULL);
        pancake_describe(s, got, sizeof got);
        if (strcmp(got, sc->expect) != 0)
            fail_msg("%s\n  expected: %s\n  got:      %s", sc->name, sc->expect, got);
        test_free(s);
    }
}

/* Plays one whole turn of the current chef: toss, then share every
 * face-down pancake with the next seat, which guesses right when `right`
 * (reading the true state: tests only) and wrong otherwise. */
static void share_rest(pancake_state *s, bool right) {
    int chef = s->chef, j = (chef + 1) % s->seats;
    char ask[16];
    snprintf(ask, sizeof ask, "ask %d", j + 1); /* names count seats from 1 */
    while (s->phase == PANCAKE_P_SHARE && s->chef == chef) {
        pf_test_act(G, s, chef, "pick", 0, NULL);
        pf_test_act(G, s, chef, ask, 0, NULL);
        char g[32];
        snprintf(g, sizeof g, "guess %s", right ? pancake__topping_name[s->cur] : pancake_miss(s->cur));
        pf_test_act(G, s, j, g, 0, NULL);
    }
}

static void turn_all(pancake_state *s, bool right) {
    pf_test_act(G, s, s->chef, "toss 0.90", 0, NULL);
    share_rest(s, right);
}

#define ALL8 "tosses=SKBLSKBC,SKBLSKBC,SKBLSKBC,SKBLSKBC"

/* YYP-6: the table cannot refill the pan: the most pancakes win, a tie shares the win. */
static void test_yyp6_table_runs_out_tie(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 4, TABLE_ALL ";" ALL8, 1);
    double r[4];
    for (int k = 0; k < 4; k++) {
        assert_false(G->over(s, NULL));
        turn_all(s, false); /* each chef: bonus + 7 misses = 8 */
    }
    char got[256];
    pancake_describe(s, got, sizeof got);
    assert_string_equal(got, "up  down 0 | piles 8 8 8 8 | table 4 | won by 0 1 2 3");
    assert_true(G->over(s, r));
    for (int i = 0; i < 4; i++) assert_true(r[i] == 1.0);
    assert_int_equal(G->to_act(s), 0);
    test_free(s);
}

/* YYP-6: the table runs out with one biggest pile: that seat alone wins. */
static void test_yyp6_table_runs_out_winner(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 4, TABLE_ALL ";" ALL8, 1);
    double r[4];
    for (int k = 0; k < 3; k++) turn_all(s, false);
    /* Seat 3's first share is guessed right by seat 0, the rest missed. */
    pancake_play(G, s, "3:toss 0.9, 3:pick, 3:ask 1, 0:guess kiwi", NULL);
    share_rest(s, false);
    char got[256];
    pancake_describe(s, got, sizeof got);
    assert_string_equal(got, "up  down 0 | piles 9 8 8 7 | table 4 | won by 0");
    assert_true(G->over(s, r));
    assert_true(r[0] == 1.0 && r[1] == 0 && r[2] == 0 && r[3] == 0);
    test_free(s);
}

/* YYP-6: a chef reaching 12 in the middle of sharing wins at once. */
static void test_yyp6_twelve_mid_turn(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 2, TABLE_ALL ";" ALL8, 1);
    double r[2];
    turn_all(s, false); /* seat 0: 8 */
    turn_all(s, true);  /* seat 1: bonus 1, then seat 0 guesses right */
    char got[256];
    pancake_describe(s, got, sizeof got);
    /* Seat 0 had 8 and reached 12 on the 4th right guess, with 3 still face-down. */
    assert_string_equal(got, "up  down 3 bonus | piles 12 1 | table 20 | won by 0");
    assert_true(G->over(s, r));
    assert_true(r[0] == 1.0 && r[1] == 0.0);
    pf_test_refused(G, s, 1, "pick", 0, PF_E_GAME_OVER);
    test_free(s);
}

/* YYP-6: a bonus pancake that makes 12 wins at the toss. */
static void test_yyp6_twelve_by_bonus(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 2, TABLE_ALL ";" ALL8, 1);
    pf_event buf[32];
    pf_events ev = {buf, 0, 32, 0};
    turn_all(s, false); /* seat 0: 8 */
    /* Seat 1: bonus, then seat 0 guesses 3 right (11), then seat 1 stops. */
    pancake_play(G, s, "1:toss 0.9, 1:pick, 1:ask 1, 0:guess kiwi, 1:pick, 1:ask 1, 0:guess banana,"
                       "1:pick, 1:ask 1, 0:guess blueberry, 1:stop", NULL);
    assert_int_equal(s->pile[0], 11);
    pf_test_act(G, s, 0, "toss 0.90", 0, &ev);
    char got[256];
    pancake_describe(s, got, sizeof got);
    assert_string_equal(got, "up  down 7 bonus | piles 12 1 | table 16 | won by 0");
    assert_true(pf_test_saw(&ev, 1, "win"));
    test_free(s);
}

/* YYP-6 with YYP-5: a chocolate gamble payment that makes 12 wins. */
static void test_yyp6_twelve_by_gamble(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 2, TABLE_ALL ";chocolate_gamble=true;" ALL8, 1);
    turn_all(s, false); /* seat 0: 8 */
    /* Seat 1 (bonus 1) shares K B L S K B C: seat 0 guesses K, B right (10), misses four. */
    pancake_play(G, s, "1:toss 0.9, 1:pick,1:ask 1,0:guess kiwi, 1:pick,1:ask 1,0:guess banana,"
                       "1:pick,1:ask 1,0:guess kiwi, 1:pick,1:ask 1,0:guess kiwi,"
                       "1:pick,1:ask 1,0:guess banana, 1:pick,1:ask 1,0:guess kiwi", NULL);
    assert_int_equal(s->pile[0], 10);
    assert_int_equal(s->pile[1], 5);
    /* Chocolate, guessed right: 11 with the pancake, 12 with seat 1's payment. */
    pancake_play(G, s, "1:pick, 1:ask 1, 0:guess chocolate", NULL);
    char got[256];
    pancake_describe(s, got, sizeof got);
    assert_string_equal(got, "up  down 0 bonus | piles 12 4 | table 20 | won by 0");
    test_free(s);
}

/* YYP-2, YYP-3, YYP-4: what may not be done is refused, the state unchanged. */
static void test_refusals(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 3, T16 ";tosses=SK", 1);
    pf_test_refused(G, s, 1, "toss 0.50", 0, PF_E_NOT_YOUR_TURN);
    pf_test_refused(G, s, 0, "toss 0.95", 0, PF_E_ILLEGAL_ACTION); /* YYP-2: p in [0.1, 0.9] */
    pf_test_refused(G, s, 0, "toss 0.05", 0, PF_E_ILLEGAL_ACTION);
    pf_test_refused(G, s, 0, "toss 0.333", 0, PF_E_UNKNOWN_ACTION);
    pf_test_refused(G, s, 0, "pick", 0, PF_E_ILLEGAL_ACTION);
    assert_int_equal(pf_test_legal_count(G, s, 0), 9);
    assert_false(pf_test_is_legal(G, s, 0, "toss 0.37"));
    pf_test_act(G, s, 0, "toss 0.37", 0, NULL); /* off the listed grid, still a flick (YYP-2) */
    pf_test_refused(G, s, 0, "stop", 0, PF_E_ILLEGAL_ACTION); /* YYP-4: share at least once */
    pf_test_refused(G, s, 0, "ask 2", 0, PF_E_ILLEGAL_ACTION); /* pick first */
    pf_test_act(G, s, 0, "pick", 0, NULL);
    pf_test_refused(G, s, 0, "ask 1", 0, PF_E_ILLEGAL_ACTION); /* not yourself */
    pf_test_refused(G, s, 0, "pick", 0, PF_E_ILLEGAL_ACTION);
    pf_test_refused(G, s, 0, "stop", 0, PF_E_ILLEGAL_ACTION);
    pf_test_act(G, s, 0, "ask 3", 0, NULL);
    pf_test_refused(G, s, 1, "guess kiwi", 0, PF_E_NOT_YOUR_TURN); /* only the named player */
    pf_test_refused(G, s, 0, "guess kiwi", 0, PF_E_NOT_YOUR_TURN);
    pf_test_act(G, s, 2, "guess kiwi", 0, NULL);
    assert_true(pf_test_is_legal(G, s, 0, "stop"));
    assert_true(pf_test_is_legal(G, s, 0, "pick"));
    test_free(s);
}

/* YYP-2: the re-toss is announced; YYP-3: the bonus topping goes to the chef alone. */
static void test_events(void **state) {
    (void)state;
    pf_event buf[32];
    pf_events ev = {buf, 0, 32, 0};
    pancake_state *s = pf_test_new(G, 3, T16 ";tosses=K,SKBLC", 1);
    pf_test_act(G, s, 0, "toss 0.50", 0, &ev);
    assert_true(pf_test_saw(&ev, 1, "retoss"));
    assert_true(pf_test_saw(&ev, -1, "toss"));
    assert_true(pf_test_saw(&ev, 2, "bonus")); /* everyone sees that a bonus was taken */
    int private_to_chef = 0;
    for (int i = 0; i < ev.n; i++) {
        if (ev.buf[i].to == 0) {
            private_to_chef++;
            assert_non_null(strstr(ev.buf[i].text, "strawberry"));
        } else {
            assert_int_equal(ev.buf[i].to, -1);
            assert_null(strstr(ev.buf[i].text, "Your bonus"));
        }
    }
    assert_int_equal(private_to_chef, 1);
    ev.n = 0;
    pf_test_act(G, s, 0, "pick", 0, &ev);
    assert_true(pf_test_saw(&ev, 0, "peek"));
    assert_false(pf_test_saw(&ev, 1, "peek"));
    assert_false(pf_test_saw(&ev, PF_SEAT_SPECTATOR, "peek"));
    ev.n = 0;
    pancake_play(G, s, "0:ask 2, 1:guess banana", &ev);
    assert_true(pf_test_saw(&ev, 2, "reveal")); /* the topping is shown to all */
    assert_non_null(strstr(ev.buf[ev.n - 1].text, "it is kiwi"));
    test_free(s);
}

/* YYP-7 and C-3: what each seat's view holds. */
static void test_yyp7_views(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 3, T16 ";tosses=SKBLC", 1);
    /* YYP-1: the chef shows everyone the pan before the toss. */
    char *before = pf_test_view_text(G, s, PF_SEAT_SPECTATOR);
    assert_non_null(strstr(before, "\"pan_up\":{\"strawberry\":2,\"kiwi\":2,\"banana\":2,"
                                   "\"blueberry\":1,\"chocolate\":1}"));
    free(before);
    pancake_play(G, s, "0:toss 0.6, 0:pick", NULL); /* bonus strawberry, peek kiwi */
    char *chef = pf_test_view_text(G, s, 0);
    char *other = pf_test_view_text(G, s, 1);
    char *spect = pf_test_view_text(G, s, PF_SEAT_SPECTATOR);
    const char *pub = "\"public_down\":{\"strawberry\":1,\"kiwi\":1,\"banana\":1,\"blueberry\":1,"
                      "\"chocolate\":1}";
    assert_non_null(strstr(chef, pub));
    assert_non_null(strstr(other, pub));
    assert_non_null(strstr(spect, pub));
    assert_non_null(strstr(chef, "\"bonus\":\"strawberry\""));
    assert_non_null(strstr(chef, "\"peek\":\"kiwi\""));
    assert_null(strstr(other, "\"bonus\":"));
    assert_null(strstr(other, "\"peek\":"));
    assert_null(strstr(spect, "\"peek\":"));
    assert_non_null(strstr(other, "\"face_down\":3"));
    assert_non_null(strstr(other, "\"bonus_taken\":true"));
    /* The table's contents are public history (36 minus all drawn), its order is not. */
    assert_non_null(strstr(other, "\"table_toppings\":{\"strawberry\":6,\"kiwi\":6,\"banana\":6,"
                                  "\"blueberry\":7,\"chocolate\":3}"));
    assert_null(strstr(other, "table_order"));
    free(chef), free(other), free(spect);
    /* Once revealed, the shared pancake leaves the public face-down count. */
    pancake_play(G, s, "0:ask 2, 1:guess banana", NULL);
    other = pf_test_view_text(G, s, 2);
    assert_non_null(strstr(other, "\"public_down\":{\"strawberry\":1,\"kiwi\":0,\"banana\":1,"
                                  "\"blueberry\":1,\"chocolate\":1}"));
    free(other);
    test_free(s);
}

/* YYP-7: the render hides the face-down counts unless memory_aid is on. */
static void test_yyp7_memory_aid(void **state) {
    (void)state;
    char text[2048];
    pancake_state *s = pf_test_new(G, 2, T16 ";tosses=SK", 1);
    pf_test_act(G, s, 0, "toss 0.5", 0, NULL);
    G->render(s, 1, text, sizeof text);
    assert_null(strstr(text, "Memory aid"));
    test_free(s);
    s = pf_test_new(G, 2, T16 ";tosses=SK;memory_aid=true", 1);
    pf_test_act(G, s, 0, "toss 0.5", 0, NULL);
    G->render(s, 1, text, sizeof text);
    assert_non_null(strstr(text, "Memory aid, face-down this turn: 1 strawberry, 1 kiwi"));
    test_free(s);
}

/* C-3 / YYP-7: resample keeps what a seat knows and depends on nothing else. */
static void test_resample_knowledge(void **state) {
    (void)state;
    /* Two games that differ only in which pancake is the bonus and picked. */
    pancake_state *a = pf_test_new(G, 3, T16 ";tosses=SKBLC", 1);
    pancake_state *b = pf_test_new(G, 3, T16 ";tosses=CLBKS", 1);
    pancake_play(G, a, "0:toss 0.6, 0:pick", NULL);
    pancake_play(G, b, "0:toss 0.6, 0:pick", NULL);
    char *va = pf_test_view_text(G, a, 1), *vb = pf_test_view_text(G, b, 1);
    assert_string_equal(va, vb); /* seat 1 cannot tell them apart */
    free(va), free(vb);
    pancake_state ra = *a, rb = *b;
    pf_rng r1, r2;
    pf_rng_seed(&r1, 99);
    pf_rng_seed(&r2, 99);
    G->resample(&ra, 1, &r1);
    G->resample(&rb, 1, &r2);
    va = pf_test_view_text(G, &ra, PF_SEAT_GOD), vb = pf_test_view_text(G, &rb, PF_SEAT_GOD);
    assert_string_equal(va, vb); /* the same redraw, hidden parts included */
    free(va), free(vb);
    assert_memory_equal(&ra.rng, &rb.rng, sizeof ra.rng);
    /* The chef keeps its bonus and peek through any resample; seat 1's redraws vary them. */
    int varied = 0;
    for (int i = 0; i < 50; i++) {
        pancake_state c = *a, d = *a;
        G->resample(&c, 0, &r1);
        assert_int_equal(c.bonus, PANCAKE_STRAW);
        assert_int_equal(c.cur, PANCAKE_KIWI);
        G->resample(&d, 1, &r1);
        varied += d.bonus != PANCAKE_STRAW || d.cur != PANCAKE_KIWI;
        int pa[PANCAKE_TOPPINGS], pd[PANCAKE_TOPPINGS];
        pancake__public_down(a, pa);
        pancake__public_down(&d, pd);
        assert_memory_equal(pa, pd, sizeof pa);
    }
    assert_true(varied > 10);
    test_free(a), test_free(b);
}

/* YYP-2: random tosses at any p never leave fewer than 2 face-down, and p matters. */
static void test_yyp2_random_toss(void **state) {
    (void)state;
    double mean[2] = {0, 0};
    const char *p[2] = {"toss 0.10", "toss 0.90"};
    for (int k = 0; k < 2; k++) {
        for (uint64_t seed = 1; seed <= 300; seed++) {
            pancake_state *s = pf_test_new(G, 2, "", seed);
            pf_test_act(G, s, 0, p[k], 0, NULL);
            int n = s->down_n + (s->bonus >= 0);
            assert_true(n >= 2);
            assert_true((n >= 5) == (s->bonus >= 0)); /* YYP-3 */
            mean[k] += n / 300.0;
            test_free(s);
        }
    }
    assert_true(mean[0] < 3.0);  /* conditioned on >= 2: about 2.3 */
    assert_true(mean[1] > 6.8);  /* about 7.2 */
}

/* YYP-2: after the toss the face-down pancakes lie in a random order, so
 * the one taken first (the bonus, else the first pick) tells nothing about
 * which pancake it was. With a pan of 4 strawberry and 4 chocolate both
 * toppings play the same part, so the first and the second pancake taken are
 * chocolate with probability exactly 1/2. Over 2000 seeds the count is
 * 1000 +- 22 (one sd); the bound of 200 is about 9 sd, which chance does
 * not reach; a pan left in any fixed order puts the same topping on top
 * nearly every time (about 1900 or 100). */
static void test_yyp2_face_down_order_shuffled(void **state) {
    (void)state;
    const int n = 2000;
    int choc[2] = {0, 0};
    for (uint64_t seed = 1; seed <= (uint64_t)n; seed++) {
        pancake_state *s = pf_test_new(G, 2, "table=SSSSCCCC", seed);
        pf_test_act(G, s, 0, "toss 0.50", 0, NULL);
        int taken[2], k = 0;
        if (s->bonus >= 0) taken[k++] = s->bonus;
        for (int i = s->down_n - 1; k < 2; i--) taken[k++] = s->down[i];
        for (int j = 0; j < 2; j++) choc[j] += taken[j] == PANCAKE_CHOC;
        test_free(s);
    }
    for (int j = 0; j < 2; j++)
        if (abs(choc[j] - n / 2) > 200)
            fail_msg("pancake taken %s is chocolate %d times in %d tosses", j ? "second" : "first",
                     choc[j], n);
}

/* C-4: the chef's flick is a number in the toss action and the engine uses
 * exactly that number: the same seed and actions give the same game, and a
 * flick of 0.33 instead of 0.37 changes some tosses (about 1 seed in 4). */
static void test_c4_flick_is_the_input(void **state) {
    (void)state;
    int differ = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        pf_event ba[32], bb[32];
        pf_events ea = {ba, 0, 32, 0}, eb = {bb, 0, 32, 0};
        pancake_state *a = pf_test_new(G, 3, "", seed), *b = pf_test_new(G, 3, "", seed);
        const char *script = "0:toss 0.37, 0:pick, 0:ask 3, 2:guess kiwi";
        pancake_play(G, a, script, &ea);
        pancake_play(G, b, script, &eb);
        assert_memory_equal(a, b, sizeof *a);
        assert_int_equal(ea.n, eb.n);
        for (int i = 0; i < ea.n; i++) {
            assert_int_equal(ea.buf[i].to, eb.buf[i].to);
            assert_string_equal(ea.buf[i].text, eb.buf[i].text);
        }
        pancake_state *c = pf_test_new(G, 3, "", seed), *d = pf_test_new(G, 3, "", seed);
        pf_test_act(G, c, 0, "toss 0.37", 0, NULL);
        pf_test_act(G, d, 0, "toss 0.33", 0, NULL);
        differ += memcmp(c, d, sizeof *c) != 0;
        test_free(a), test_free(b), test_free(c), test_free(d);
    }
    assert_true(differ > 0);
}

/* A scripted toss that does not fit the pan falls back to a random toss. */
static void test_script_misfit(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 2, T16 ";tosses=CC", 3); /* only one chocolate in the pan */
    pf_test_act(G, s, 0, "toss 0.50", 0, NULL);
    assert_true(s->down_n + (s->bonus >= 0) >= 2);
    test_free(s);
}

/* Options: bad values are refused with a message naming the option. */
static void test_options(void **state) {
    (void)state;
    pf_error err;
    assert_int_equal(pf_test_init_error(G, 2, "table=SSSSSSSSS", &err), PF_E_BAD_OPTION);
    assert_non_null(strstr(err.msg, "table"));
    assert_int_equal(pf_test_init_error(G, 2, "table=SX", &err), PF_E_BAD_OPTION);
    assert_non_null(strstr(err.msg, "table"));
    assert_int_equal(pf_test_init_error(G, 2, "tosses=SKX", &err), PF_E_BAD_OPTION);
    assert_non_null(strstr(err.msg, "tosses"));
    assert_int_equal(pf_test_init_error(G, 2, "tosses=SSKKBBLCS", &err), PF_E_BAD_OPTION);
    assert_int_equal(pf_test_init_error(G, 2, "chocolate_gamble=maybe", &err), PF_E_BAD_OPTION);
    assert_non_null(strstr(err.msg, "chocolate_gamble"));
    assert_int_equal(pf_test_init_error(G, 5, "", &err), PF_E_BAD_SEATS);
    assert_int_equal(pf_test_init_error(G, 1, "", &err), PF_E_BAD_SEATS);
    assert_int_equal(pf_test_init_error(G, 4, "chocolate_gamble=yes;memory_aid=on", &err), PF_E_OK);
}

/* Names parse back, with aliases. */
static void test_names(void **state) {
    (void)state;
    static const struct { const char *in, *name; } rows[] = {
        {"toss 0.5", "toss 0.50"},   {"toss 0.37", "toss 0.37"}, {"kiwi", "guess kiwi"},
        {"guess L", "guess blueberry"}, {"guess choc", "guess chocolate"}, {"peek", "pick"},
        {"stop", "stop"},            {"ask 4", "ask 4"},         {"GUESS Banana", "guess banana"},
    };
    pancake_state *s = pf_test_new(G, 2, "", 1);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pf_action a;
        char buf[32];
        assert_int_equal(G->parse(s, rows[i].in, &a), PF_E_OK);
        assert_true(G->name(s, a, buf, sizeof buf) > 0);
        assert_string_equal(buf, rows[i].name);
    }
    pf_action a;
    assert_int_equal(G->parse(s, "ask x", &a), PF_E_UNKNOWN_ACTION);
    assert_int_equal(G->parse(s, "ask 0", &a), PF_E_UNKNOWN_ACTION); /* seats count from 1 */
    assert_int_equal(G->parse(s, "ask 5", &a), PF_E_UNKNOWN_ACTION);
    char renamed[32];
    assert_true(G->renamed_since_v2("ask 0", renamed, sizeof renamed));
    assert_string_equal(renamed, "ask 1");
    assert_false(G->renamed_since_v2("guess kiwi", renamed, sizeof renamed));
    assert_int_equal(G->parse(s, "guess pizza", &a), PF_E_UNKNOWN_ACTION);
    assert_int_equal(G->parse(s, "toss", &a), PF_E_UNKNOWN_ACTION);
    test_free(s);
}

/* Stats of a finished game: pancakes per seat and turns. */
static void test_stats(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 4, TABLE_ALL ";" ALL8, 1);
    for (int k = 0; k < 4; k++) turn_all(s, false);
    pf_stat st[8];
    int n = G->stats(s, st, 8);
    assert_int_equal(n, 5);
    assert_string_equal(st[0].name, "pancakes_seat0");
    assert_true(st[3].value == 8);
    assert_string_equal(st[4].name, "turns");
    assert_true(st[4].value == 4);
    test_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenarios),
        cmocka_unit_test(test_yyp6_table_runs_out_tie),
        cmocka_unit_test(test_yyp6_table_runs_out_winner),
        cmocka_unit_test(test_yyp6_twelve_mid_turn),
        cmocka_unit_test(test_yyp6_twelve_by_bonus),
        cmocka_unit_test(test_yyp6_twelve_by_gamble),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_yyp7_views),
        cmocka_unit_test(test_yyp7_memory_aid),
        cmocka_unit_test(test_resample_knowledge),
        cmocka_unit_test(test_yyp2_random_toss),
        cmocka_unit_test(test_yyp2_face_down_order_shuffled),
        cmocka_unit_test(test_c4_flick_is_the_input),
        cmocka_unit_test(test_script_misfit),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_stats),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
