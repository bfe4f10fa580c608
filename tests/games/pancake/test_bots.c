/* test_bots.c: Yummy Yummy Pancake bots: what each decides in set
 * situations, and their strength against each other (printed; the numbers
 * in docs/games/pancake.md come from here with PF_BOT_GAMES=2000). */
#include "pancake_scenario.h"

static const pf_game *G;

static int setup(void **state) {
    (void)state;
    G = pf_test_game("pancake");
    return 0;
}

#define T16 "table=SKBLSKBC,LLLLSKBC"

/* The bot's choice for seat in st, by name, with generator seed. */
static void bot_says(const char *bot, const void *st, int seat, uint64_t seed, char *buf,
                     size_t n) {
    const pf_bot_def *b = pf_bot_find(G, bot);
    if (!b) fail_msg("no bot %s", bot);
    pf_obs o;
    pf_rng rng;
    pf_action a;
    int64_t t;
    pf_obs_init(&o, G, st, seat, ((const pancake_state *)st)->seats, 0, 0);
    pf_rng_seed(&rng, seed);
    assert_int_equal(b->choose(&o, &rng, &a, &t), PF_E_OK);
    assert_true(G->name(st, a, buf, n) > 0);
}

/* How many of 200 decisions (different generators) are `want`. */
static int count_says(const char *bot, const void *st, int seat, const char *want) {
    char buf[32];
    int k = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        bot_says(bot, st, seat, seed, buf, sizeof buf);
        k += strcmp(buf, want) == 0;
    }
    return k;
}

/* YYP-7: perfect memory names the topping most often face-down; a child forgets. */
static void test_guess_from_memory(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 2, T16 ";tosses=SKKB", 1);
    pancake_play(G, s, "0:toss 0.5, 0:pick, 0:ask 2", NULL); /* face-down S K K B */
    assert_int_equal(count_says("schemer", s, 1, "guess kiwi"), 200);
    assert_int_equal(count_says("guesser", s, 1, "guess kiwi"), 200);
    int child = count_says("child", s, 1, "guess kiwi");
    int forgetful = count_says("forgetful", s, 1, "guess kiwi");
    assert_true(child < 190 && child > 60);
    assert_true(forgetful > child);
    /* The guess never names a topping that was not face-down, when memory is perfect. */
    assert_int_equal(count_says("schemer", s, 1, "guess chocolate"), 0);
    test_free(s);
}

/* YYP-5: with the gamble on, a sure chocolate is named chocolate (worth two). */
static void test_guess_gamble(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 2, T16 ";chocolate_gamble=true;tosses=SC", 1);
    pancake_play(G, s, "0:toss 0.5, 0:pick, 0:ask 2, 1:guess kiwi, 0:pick, 0:ask 2", NULL);
    assert_int_equal(count_says("schemer", s, 1, "guess chocolate"), 200);
    test_free(s);
    /* Half a chance of chocolate, and a pile to lose: name the other topping. */
    s = pf_test_new(G, 2, T16 ";chocolate_gamble=true;tosses=SKC", 1);
    pancake_play(G, s, "0:toss 0.5, 0:pick, 0:ask 2, 1:guess strawberry, 0:pick, 0:ask 2", NULL);
    assert_int_equal(s->pile[1], 1);
    assert_int_equal(count_says("schemer", s, 1, "guess kiwi"), 200);
    test_free(s);
}

/* The scheming chef stops when the rest is sure to be guessed and goes on when not. */
static void test_chef_stops(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 2, T16 ";tosses=SKK", 1);
    pancake_play(G, s, "0:toss 0.5, 0:pick, 0:ask 2, 1:guess kiwi", NULL); /* K K left */
    assert_int_equal(count_says("schemer", s, 0, "stop"), 200);
    test_free(s);
    s = pf_test_new(G, 2, T16 ";tosses=SKBLC", 1); /* K B L C left after the bonus */
    pancake_play(G, s, "0:toss 0.5, 0:pick, 0:ask 2, 1:guess kiwi", NULL);
    assert_int_equal(count_says("schemer", s, 0, "pick"), 200);
    /* The simple chef of `guesser` shares once only. */
    assert_int_equal(count_says("guesser", s, 0, "stop"), 200);
    test_free(s);
    /* Before the first share, every bot picks (YYP-4: share at least once). */
    s = pf_test_new(G, 2, T16 ";tosses=KK", 1);
    pancake_play(G, s, "0:toss 0.5", NULL);
    assert_int_equal(count_says("schemer", s, 0, "pick"), 200);
    test_free(s);
}

/* Three seats: seat 0 on 11 pancakes, seat 2 chef with a pancake picked
 * from the third toss (a list of toppings, taking order). */
static pancake_state *leader_on_11(const char *third) {
    char opts[256];
    snprintf(opts, sizeof opts, TABLE_ALL ";tosses=SKBLSKBC,SKBLSKBC,%s", third);
    pancake_state *s = pf_test_new(G, 3, opts, 1);
    /* Seat 0 takes 8 as chef, then guesses 3 right for seat 1: 11. */
    pancake_play(G, s,
                 "0:toss 0.9, 0:pick,0:ask 2,1:guess strawberry, 0:pick,0:ask 2,1:guess strawberry,"
                 "0:pick,0:ask 2,1:guess strawberry, 0:pick,0:ask 2,1:guess kiwi,"
                 "0:pick,0:ask 2,1:guess strawberry, 0:pick,0:ask 2,1:guess strawberry,"
                 "0:pick,0:ask 2,1:guess strawberry,"
                 "1:toss 0.9, 1:pick,1:ask 1,0:guess kiwi, 1:pick,1:ask 1,0:guess banana,"
                 "1:pick,1:ask 1,0:guess blueberry, 1:stop, 2:toss 0.5, 2:pick",
                 NULL);
    assert_int_equal(s->pile[0], 11);
    return s;
}

/* YYP-6: the scheming chef keeps a player on 11 from a pancake they would guess. */
static void test_chef_keeps_leader_from_12(void **state) {
    (void)state;
    pancake_state *s = leader_on_11("KKS"); /* kiwi picked: the likely guess */
    assert_int_equal(s->cur, PANCAKE_KIWI);
    assert_int_equal(count_says("schemer", s, 2, "ask 2"), 200);
    test_free(s);
    s = leader_on_11("SKK"); /* strawberry picked: nobody names it, it comes back to the chef */
    assert_int_equal(s->cur, PANCAKE_STRAW);
    assert_int_equal(count_says("schemer", s, 2, "ask 1"), 200);
    test_free(s);
}

/* The chef of seat `chef` tosses `tosses` (taking order, bonus first) and
 * shares every face-down pancake, each guessed wrong: chef's pile grows by
 * their count. */
static void share_all_missed(pancake_state *s, int chef) {
    char step[32];
    pf_test_act(G, s, chef, "toss 0.90", 0, NULL);
    while (s->down_n) {
        pf_test_act(G, s, chef, "pick", 0, NULL);
        snprintf(step, sizeof step, "ask %d", 2 - chef);
        pf_test_act(G, s, chef, step, 0, NULL);
        snprintf(step, sizeof step, "guess %s", pancake_miss(s->cur));
        pf_test_act(G, s, 1 - chef, step, 0, NULL);
    }
}

/* The stopper looks past the next share: K K B L face-down (the bonus
 * chocolate hidden), kiwi the likely guess, so the next share only breaks
 * even and the schemer stops; but a kiwi guessed right leaves K B L, worth
 * sharing on, so the stopper picks. */
static void test_stopper_shares_for_what_follows(void **state) {
    (void)state;
    pancake_state *s = pf_test_new(G, 2, T16 ";tosses=CSKKBL", 1);
    pancake_play(G, s, "0:toss 0.9, 0:pick, 0:ask 2, 1:guess kiwi", NULL); /* S missed */
    assert_int_equal(s->down_n, 4);
    assert_int_equal(count_says("schemer", s, 0, "stop"), 200);
    assert_int_equal(count_says("stopper", s, 0, "pick"), 200);
    assert_int_equal(count_says("planner", s, 0, "pick"), 200); /* no search before 9 */
    test_free(s);
    /* K K left: sure to be guessed, every chef stops. */
    s = pf_test_new(G, 2, T16 ";tosses=SKK", 1);
    pancake_play(G, s, "0:toss 0.5, 0:pick, 0:ask 2, 1:guess kiwi", NULL);
    assert_int_equal(count_says("stopper", s, 0, "stop"), 200);
    test_free(s);
}

/* Two seats, YYP-3 and YYP-6: a chef who stops hands the other seat the
 * next toss, whose bonus reaches 12 from 11. Seat 0 and seat 1 take 8 each
 * as chefs; then seat 0 tosses `third` and shares `right` pancakes, each
 * guessed right by seat 1, then `missed` more, each guessed wrong. */
static pancake_state *race(const char *third, int right, int missed) {
    char opts[256];
    snprintf(opts, sizeof opts, TABLE_ALL ";tosses=SKBLSKBC,SKBLSKBC,%s", third);
    pancake_state *s = pf_test_new(G, 2, opts, 1);
    share_all_missed(s, 0);
    share_all_missed(s, 1);
    pf_test_act(G, s, 0, "toss 0.90", 0, NULL);
    for (int i = 0; i < right + missed; i++) {
        char step[32];
        pf_test_act(G, s, 0, "pick", 0, NULL);
        pf_test_act(G, s, 0, "ask 2", 0, NULL);
        snprintf(step, sizeof step, "guess %s",
                 i < right ? pancake__topping_name[s->cur] : pancake_miss(s->cur));
        pf_test_act(G, s, 1, step, 0, NULL);
    }
    return s;
}

/* The other seat on 11: the stopper shares on where the schemer stops. */
static void test_stopper_keeps_the_toss_from_11(void **state) {
    (void)state;
    pancake_state *s = race("CKKSSBBL", 3, 0); /* S B B L left, banana the likely guess */
    assert_int_equal(s->pile[0], 9);
    assert_int_equal(s->pile[1], 11);
    assert_int_equal(count_says("schemer", s, 0, "stop"), 200);
    assert_int_equal(count_says("stopper", s, 0, "pick"), 200);
    test_free(s);
}

/* On 11 with the other seat 3 or more behind, the next own toss's bonus
 * wins: the stopper stops where the schemer shares on, and the planner's
 * search agrees. */
static void test_stopper_waits_on_11(void **state) {
    (void)state;
    pancake_state *s = race("CLKKSS", 0, 2); /* K S S left, strawberry the likely guess */
    assert_int_equal(s->pile[0], 11);
    assert_int_equal(s->pile[1], 8);
    assert_int_equal(count_says("schemer", s, 0, "pick"), 200);
    assert_int_equal(count_says("stopper", s, 0, "stop"), 200);
    char buf[32];
    for (uint64_t seed = 1; seed <= 10; seed++) {
        bot_says("planner", s, 0, seed, buf, sizeof buf);
        assert_string_equal(buf, "stop");
    }
    test_free(s);
}

/* C-4: a bot's toss is its aim plus its hand's error. No bot, the level
 * ladder's searches included, flicks the same p every time. */
static void test_tosses_have_a_hand(void **state) {
    (void)state;
    static const struct { const char *bot; int decisions; } bots[] = {
        {"schemer", 200}, {"guesser", 200}, {"forgetful", 200}, {"child", 200},
        {"stopper", 200}, {"planner", 200}, {"easy", 200},     {"medium", 200},
        {"hard", 200},    {"expert", 200},  {"ismcts", 30}};
    pancake_state *s = pf_test_new(G, 2, "", 3);
    for (size_t b = 0; b < sizeof bots / sizeof bots[0]; b++) {
        char first[32], buf[32];
        int same = 0;
        bot_says(bots[b].bot, s, 0, 1, first, sizeof first);
        assert_true(strncmp(first, "toss ", 5) == 0);
        for (uint64_t seed = 2; seed <= (uint64_t)bots[b].decisions; seed++) {
            bot_says(bots[b].bot, s, 0, seed, buf, sizeof buf);
            same += strcmp(buf, first) == 0;
        }
        if (same == bots[b].decisions - 1)
            fail_msg("%s tossed %s in all %d decisions", bots[b].bot, first, bots[b].decisions);
    }
    /* The schemer aims at 0.90, the hardest flick: it lands there or below. */
    assert_true(count_says("schemer", s, 0, "toss 0.90") < 150);
    assert_true(count_says("schemer", s, 0, "toss 0.90") > 50);
    test_free(s);
}

/* Every bot only ever plays legal actions, in every configuration. */
static void test_bots_play_legal(void **state) {
    (void)state;
    static const char *cfgs[] = {"", "chocolate_gamble=true"};
    static const char *bots[] = {"schemer", "guesser", "forgetful", "child", "stopper", "planner"};
    for (int seats = 2; seats <= 4; seats++)
        for (int c = 0; c < 2; c++)
            for (uint64_t seed = 1; seed <= 20; seed++) {
                pancake_state *s = pf_test_new(G, seats, cfgs[c], seed);
                for (int step = 0; !G->over(s, NULL); step++) {
                    assert_true(step < G->max_steps);
                    int seat = __builtin_ctz(G->to_act(s));
                    const pf_bot_def *b = pf_bot_find(G, bots[(seat + seed) % 6]);
                    pf_obs o;
                    pf_rng rng;
                    pf_action a;
                    int64_t t;
                    pf_error err;
                    pf_obs_init(&o, G, s, seat, seats, step, 0);
                    pf_rng_seed(&rng, pf_seed_derive(seed, (uint64_t)step));
                    assert_int_equal(b->choose(&o, &rng, &a, &t), PF_E_OK);
                    if (pf_state_apply(G, s, seat, a, t, NULL, &err) != PF_E_OK)
                        fail_msg("%s played an illegal action: %s", b->name, err.msg);
                }
                test_free(s);
            }
}

/* Plays one game with bots[i] on seat i; adds each seat's result to sum. */
static void play_game(int seats, const char *opts, const pf_bot_def *const *bots, uint64_t seed,
                      double *sum) {
    pancake_state *s = pf_test_new(G, seats, opts, seed);
    for (int step = 0; !G->over(s, NULL); step++) {
        int seat = __builtin_ctz(G->to_act(s));
        pf_obs o;
        pf_rng rng;
        pf_action a;
        int64_t t;
        pf_obs_init(&o, G, s, seat, seats, step, 0);
        pf_rng_seed(&rng, pf_seed_derive(seed ^ 0x9e37u, (uint64_t)step));
        assert_int_equal(bots[seat]->choose(&o, &rng, &a, &t), PF_E_OK);
        G->apply(s, seat, a, t, NULL);
    }
    double r[4];
    G->over(s, r);
    for (int i = 0; i < seats; i++) sum[i] += r[i];
    test_free(s);
}

/* Win rate of bot a against the other seats all played by b, a moving round the seats. */
static double win_rate(const char *a, const char *b, int seats, const char *opts, int games) {
    const pf_bot_def *A = pf_bot_find(G, a), *B = pf_bot_find(G, b);
    assert_non_null(A);
    assert_non_null(B);
    double won = 0;
    for (int g = 0; g < games; g++) {
        const pf_bot_def *bots[4] = {B, B, B, B};
        int me = g % seats;
        bots[me] = A;
        double sum[4] = {0};
        play_game(seats, opts, bots, 1000 + (uint64_t)g, sum);
        won += sum[me];
    }
    return won / games;
}

/* Strength: every bot beats random, and the strong beat the weak. */
static void test_strength(void **state) {
    (void)state;
    const char *env = getenv("PF_BOT_GAMES");
    int games = env ? atoi(env) : 400;
    if (games < 100) games = 100;
    static const struct { const char *a, *b; } pairs[] = {
        {"schemer", "random"}, {"guesser", "random"}, {"forgetful", "random"},
        {"child", "random"},   {"schemer", "guesser"}, {"schemer", "forgetful"},
        {"schemer", "child"},  {"forgetful", "child"}, {"guesser", "child"},
    };
    static const char *cfgs[] = {"", "chocolate_gamble=true"};
    double rate[9][3][2];
    for (int c = 0; c < 2; c++) {
        printf("win rate of A (one seat) against B (all other seats), %d games, %s\n", games,
               c ? "chocolate gamble" : "base game");
        printf("  %-10s %-10s %8s %8s %8s\n", "A", "B", "2 seats", "3 seats", "4 seats");
        for (int i = 0; i < 9; i++) {
            for (int seats = 2; seats <= 4; seats++)
                rate[i][seats - 2][c] = win_rate(pairs[i].a, pairs[i].b, seats, cfgs[c], games);
            printf("  %-10s %-10s %8.3f %8.3f %8.3f\n", pairs[i].a, pairs[i].b, rate[i][0][c],
                   rate[i][1][c], rate[i][2][c]);
        }
    }
    /* A fair share is 1/seats (a little more with shared wins); the bots must do better. */
    for (int c = 0; c < 2; c++)
        for (int seats = 2; seats <= 4; seats++) {
            double fair = 1.0 / seats;
            assert_true(rate[0][seats - 2][c] > fair + 0.15); /* schemer vs random */
            assert_true(rate[3][seats - 2][c] > fair + 0.05); /* child vs random */
            assert_true(rate[6][seats - 2][c] > fair);        /* schemer vs child */
        }
}

/* Issue 17: head to head, the stopper and the planner (the expert) beat
 * the schemer (hard); measured 56 to 57% in docs/bots.md, so 53% leaves
 * room for these fixed seeds' luck. */
static void test_expert_beats_hard(void **state) {
    (void)state;
    double stopper = win_rate("stopper", "schemer", 2, "", 2000);
    double planner = win_rate("planner", "schemer", 2, "", 1000);
    printf("two seats against the schemer: stopper %.3f (2000 games), planner %.3f (1000)\n",
           stopper, planner);
    assert_true(stopper > 0.53);
    assert_true(planner > 0.53);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_guess_from_memory),
        cmocka_unit_test(test_guess_gamble),
        cmocka_unit_test(test_chef_stops),
        cmocka_unit_test(test_chef_keeps_leader_from_12),
        cmocka_unit_test(test_stopper_shares_for_what_follows),
        cmocka_unit_test(test_stopper_keeps_the_toss_from_11),
        cmocka_unit_test(test_stopper_waits_on_11),
        cmocka_unit_test(test_tosses_have_a_hand),
        cmocka_unit_test(test_bots_play_legal),
        cmocka_unit_test(test_strength),
        cmocka_unit_test(test_expert_beats_hard),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
