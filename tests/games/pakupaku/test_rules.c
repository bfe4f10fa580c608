/* test_rules.c: Paku Paku's rules, one scenario per ruling (PAKU-1..PAKU-10)
 * and per worked example of the rulebook. Scenarios fix the dice with the
 * `dice` option and the table jitter with `jitter` (ruling C-2); where a
 * rulebook situation needs dice already spread round the table, the test
 * places them in the (public, flat) state before the first action. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pf_test.h"
#include "games/pakupaku/pakupaku.h"

static const pf_game *G;

static int setup(void **state)
{
    (void)state;
    G = pf_test_game("pakupaku");
    return 0;
}

static pakupaku_state *new_game(int seats, const char *spec)
{
    return pf_test_new(G, seats, spec, 7);
}

static int held(const pakupaku_state *s, int seat)
{
    return pakupaku__held(s, seat, NULL, NULL);
}

static int waiting(const pakupaku_state *s, int seat)
{
    int w;
    pakupaku__held(s, seat, NULL, &w);
    return w;
}

/* Gives die d to seat for each d (dice placed round the table by a test). */
static void place_dice(pakupaku_state *s, const int *owner)
{
    for (int d = 0; d < PAKUPAKU__DICE; d++)
        s->owner[d] = (uint8_t)owner[d];
    pakupaku__recount(s);
}

/* Builds a centred tower of n pieces: plates, then bowls, then cups. */
static void centred_tower(pakupaku_state *s, int n)
{
    memset(&s->tower, 0, sizeof s->tower);
    memset(s->on, 0, sizeof s->on);
    for (int k = 0; k < n; k++) {
        int type = k / PAKUPAKU__PER_TYPE;
        s->tower.type[s->tower.n++] = (uint8_t)type;
        s->on[type]++;
    }
}

/* ---- PAKU-1 ------------------------------------------------------------- */

/* PAKU-1: the die's faces are panda, panda, dish, 1, 1, 2. */
static void paku1_faces(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(3, "jitter=0");
    int count[5] = {0};
    int64_t t = 0;
    for (int i = 0; i < 3000; i++) {
        /* seat 0 rolls two free dice again and again; seat 1 never gets 5 */
        int owner[5] = {0, 0, 1, 1, 2};
        place_dice(s, owner);
        memset(s->wait, 0, sizeof s->wait);
        place_dice(s, owner);
        pf_test_act(G, s, 0, "roll", t += 1000, NULL);
        count[s->face[0]]++;
        count[s->face[1]]++;
    }
    assert_int_equal(count[PAKUPAKU__FACE_NEW], 0);
    assert_in_range(count[PAKUPAKU__FACE_PANDA], 1850, 2150); /* 2 in 6 */
    assert_in_range(count[PAKUPAKU__FACE_DISH], 880, 1120);   /* 1 in 6 */
    assert_in_range(count[PAKUPAKU__FACE_ONE], 1850, 2150);   /* 2 in 6 */
    assert_in_range(count[PAKUPAKU__FACE_TWO], 880, 1120);    /* 1 in 6 */
    test_free(s);
}

/* ---- PAKU-2 ------------------------------------------------------------- */

/* PAKU-2: dice are dealt one at a time from seat 0 (the rulebook's 3- and
 * 7-player examples), and every seat holding dice may act. */
static void paku2_deal(void **state)
{
    (void)state;
    static const struct {
        int seats;
        int held[8];
    } rows[] = {
        {2, {3, 2}},
        {3, {2, 2, 1}},              /* rulebook: two get 2 dice, the last 1 */
        {4, {2, 1, 1, 1}},
        {7, {1, 1, 1, 1, 1, 0, 0}},  /* rulebook: five get 1, the last two none */
        {8, {1, 1, 1, 1, 1, 0, 0, 0}},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pakupaku_state *s = new_game(rows[i].seats, "");
        uint32_t want = 0;
        for (int p = 0; p < rows[i].seats; p++) {
            assert_int_equal(held(s, p), rows[i].held[p]);
            if (rows[i].held[p])
                want |= 1u << p;
        }
        assert_int_equal(G->to_act(s), want);
        test_free(s);
    }
}

/* PAKU-2: actions apply as they come; an earlier time than the last applied
 * is refused, an equal time is accepted. */
static void paku2_time(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(2, "dice=1,1,1,2,2,2,2");
    pf_test_act(G, s, 0, "roll", 1000, NULL);
    pf_test_refused(G, s, 1, "roll", 999, PF_E_TIME_BACKWARDS);
    pf_test_refused(G, s, 0, "roll", 0, PF_E_TIME_BACKWARDS);
    pf_test_act(G, s, 1, "roll", 1000, NULL);
    assert_int_equal(s->now, 1000);
    pf_test_act(G, s, 1, "roll", 1800, NULL); /* its hands are free (PAKU-10) */
    assert_int_equal(s->now, 1800);
    test_free(s);
}

/* PAKU-2: a die passed by one action can be rolled by the next one. */
static void paku2_passed_die_rolls_next(void **state)
{
    (void)state;
    /* 3 players: seat 2 holds 1 die; seat 1 passes it a panda */
    pakupaku_state *s = new_game(3, "dice=P,1,2,2");
    pf_test_act(G, s, 1, "roll", 1000, NULL);
    assert_int_equal(held(s, 2), 2);
    pf_test_act(G, s, 2, "roll", 1000, NULL);
    assert_int_equal(s->iscript, 4); /* both of seat 2's dice were rolled */
    test_free(s);
}

/* ---- PAKU-3 ------------------------------------------------------------- */

/* PAKU-3, Esteban's roll: panda, dish and 1 from 3 dice; the panda passes,
 * he stacks a cup, then rerolls the dish die and the 1. */
static void paku3_esteban(void **state)
{
    (void)state;
    pf_event buf[16];
    pf_events ev = {buf, 0, 16, 0};
    pakupaku_state *s = new_game(2, "dice=P,D,1,2,1;jitter=0");
    assert_int_equal(held(s, 0), 3);
    pf_test_act(G, s, 0, "roll", 10000, &ev);
    assert_true(pf_test_saw(&ev, 1, "roll"));
    assert_int_equal(held(s, 0), 2);  /* the panda die went left */
    assert_int_equal(held(s, 1), 3);
    assert_int_equal(waiting(s, 0), 1); /* the dish die waits */
    assert_true(pf_test_is_legal(G, s, 0, "roll"));
    assert_true(pf_test_is_legal(G, s, 0, "stack cup 0.00"));
    pf_test_act(G, s, 0, "stack cup 0.00", 20000, NULL);
    assert_int_equal(s->tower.n, 1);
    assert_int_equal(s->tower.type[0], PAKUPAKU__CUP);
    assert_int_equal(waiting(s, 0), 0);
    assert_false(pf_test_is_legal(G, s, 0, "stack cup 0.00"));
    pf_test_act(G, s, 0, "roll", 30000, NULL);
    assert_int_equal(s->iscript, 5); /* exactly two dice rerolled */
    assert_int_equal(held(s, 0), 2);
    test_free(s);
}

/* PAKU-3: a seat holding dice receives a panda die and rolls it with the
 * rest. */
static void paku3_receive_while_holding(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(2, "dice=P,1,1,2,2,2");
    assert_int_equal(held(s, 1), 2);
    pf_test_act(G, s, 0, "roll", 1000, NULL);
    assert_int_equal(held(s, 1), 3);
    pf_test_act(G, s, 1, "roll", 2000, NULL);
    for (int d = 0; d < PAKUPAKU__DICE; d++)
        if (s->owner[d] == 1)
            assert_int_equal(s->face[d], PAKUPAKU__FACE_TWO);
    assert_int_equal(s->iscript, 6);
    test_free(s);
}

/* PAKU-3: a die on a dish is not rolled; with every die waiting the seat may
 * only stack. */
static void paku3_dish_blocks(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(2, "dice=D,D,D,1,1;jitter=0");
    pf_test_act(G, s, 0, "roll", 1000, NULL);
    assert_int_equal(waiting(s, 0), 3);
    pf_test_refused(G, s, 0, "roll", 2000, PF_E_ILLEGAL_ACTION);
    assert_true(G->to_act(s) & 1u); /* a seat with a dish to stack is to act */
    pf_test_act(G, s, 0, "stack plate 0.00", 2000, NULL);
    pf_test_act(G, s, 0, "roll", 3000, NULL);
    assert_int_equal(s->iscript, 4); /* one die rolled, two still wait */
    assert_int_equal(waiting(s, 0), 2);
    test_free(s);
}

/* ---- PAKU-4 ------------------------------------------------------------- */

/* PAKU-4: the stop thresholds, 5 / 4 / 3 dice by player count; one die
 * fewer does not stop the round. */
static void paku4_thresholds(void **state)
{
    (void)state;
    static const int thr[9] = {0, 0, 5, 5, 4, 4, 3, 3, 3};
    for (int n = 2; n <= 8; n++)
        for (int reach = 0; reach < 2; reach++) {
            pakupaku_state *s = new_game(n, "dice=P,1,1,1,1,1,1,1,1,1,1;jitter=0");
            assert_int_equal(s->thr, thr[n]);
            /* seat 1 holds thr-1 dice (reach) or thr-2; seat 0 the rest */
            int give = reach ? thr[n] - 1 : thr[n] - 2, owner[5];
            for (int d = 0; d < 5; d++)
                owner[d] = d < give ? 1 : 0;
            place_dice(s, owner);
            pf_test_act(G, s, 0, "roll", 5000, NULL);
            if (reach) {
                assert_int_equal(s->unlucky, 1);
                assert_int_equal(s->pen[1], thr[n]); /* thr dice, each a 1 */
                assert_int_equal(s->rounds, 2);
            } else {
                assert_int_equal(s->unlucky, PAKUPAKU__NONE);
                assert_int_equal(held(s, 1), thr[n] - 1);
                assert_int_equal(s->rounds, 1);
            }
            test_free(s);
        }
}

/* ---- PAKU-5 ------------------------------------------------------------- */

/* PAKU-5: the engine adds the table jitter to the aim: a cup aimed 3.60 off
 * a cup lands 4.10 off with +0.5 of jitter and falls; with +0.4 it lands on
 * the edge (4.00) and stands. */
static void paku5_jitter_script(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int falls;
    } rows[] = {
        {"dice=D,D,P,1,1;jitter=0,0.5", 1},
        {"dice=D,D,P,1,1;jitter=0,0.4", 0},
        {"dice=D,D,P,1,1;jitter=0", 0},
    };
    for (size_t i = 0; i < 3; i++) {
        pakupaku_state *s = new_game(2, rows[i].spec);
        pf_test_act(G, s, 0, "roll", 1000, NULL);
        pf_test_act(G, s, 0, "stack cup 0.00", 2000, NULL);
        pf_test_act(G, s, 0, "stack cup 3.60", 3000, NULL);
        assert_int_equal(s->collapses, rows[i].falls);
        assert_int_equal(s->tower.n, rows[i].falls ? 0 : 2);
        test_free(s);
    }
}

/* PAKU-5: without a script the jitter is a normal deviate with sd 0.3 from
 * the game's generator. */
static void paku5_jitter_normal(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(2, "");
    double sum = 0, sq = 0;
    const int n = 4000;
    for (int i = 0; i < n; i++) {
        s->wait[0] = 1; /* seat 0's die 0 waits on a dish; the mat is empty */
        s->face[0] = PAKUPAKU__FACE_DISH;
        pakupaku__recount(s);
        s->tower.n = 0;
        memset(s->on, 0, sizeof s->on);
        pf_test_act(G, s, 0, "stack plate 1.00", (int64_t)i * 1000, NULL);
        double x = (double)s->tower.x[0] / PAKUPAKU__UNIT - 1.0;
        sum += x;
        sq += x * x;
    }
    double mean = sum / n, sd = sqrt(sq / n - mean * mean);
    assert_true(fabs(mean) < 0.03);
    assert_true(sd > 0.28 && sd < 0.32);
    test_free(s);
}

/* PAKU-5: aims off the legal grid are accepted, beyond 30 units they are
 * not actions at all. */
static void paku5_any_offset(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(2, "dice=D,D,P;jitter=0");
    pf_test_act(G, s, 0, "roll", 1000, NULL);
    assert_false(pf_test_is_legal(G, s, 0, "stack cup 0.33"));
    pf_test_act(G, s, 0, "stack cup 0.33", 2000, NULL);
    assert_int_equal(s->tower.x[0], 3300);
    pf_test_refused(G, s, 0, "stack cup 30.01", 3000, PF_E_UNKNOWN_ACTION);
    pf_test_act(G, s, 0, "stack plate -2.5", 3000, NULL);
    assert_int_equal(s->tower.x[1], -25000);
    test_free(s);
}

/* C-4: the aim is a number carried by the stack action, and with the table
 * jitter drawn from the game's own generator the engine is deterministic:
 * the same seed and timed actions give the same game, and an aim 0.25 to
 * the right puts the piece exactly 0.25 further right. The times leave the
 * hands free between actions (PAKU-10). */
static void c4_aim_is_the_input(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        pakupaku_state *s[3];
        const char *aim[3] = {"stack cup 1.00", "stack cup 1.00", "stack cup 1.25"};
        for (int k = 0; k < 3; k++) {
            s[k] = pf_test_new(G, 2, "dice=D,D,P,1,1", seed);
            pf_test_act(G, s[k], 0, "roll", 10, NULL);
            pf_test_act(G, s[k], 0, "stack cup 0.00", 1000, NULL);
            pf_test_act(G, s[k], 0, aim[k], 2000, NULL);
            assert_int_equal(s[k]->tower.n, 2);
        }
        assert_memory_equal(s[0], s[1], sizeof *s[0]);
        assert_int_equal(s[2]->tower.x[1] - s[0]->tower.x[1], PAKUPAKU__UNIT / 4);
        for (int k = 0; k < 3; k++)
            test_free(s[k]);
    }
}

/* PAKU-5: when all 24 pieces are stacked, waiting dice are freed and a dish
 * rolled afterwards needs no piece. */
static void paku5_full_tower(void **state)
{
    (void)state;
    char spec[256] = "jitter=0;dice=D,D";
    for (int i = 0; i < 24; i++)
        strcat(spec, ",D");
    strcat(spec, ",D,1,D,D,D");
    pakupaku_state *s = new_game(2, spec);
    int64_t t = 0;
    pf_test_act(G, s, 1, "roll", t += 1000, NULL); /* seat 1: two dishes wait */
    assert_int_equal(waiting(s, 1), 2);
    static const char *const piece[3] = {"plate", "bowl", "cup"};
    for (int k = 0; k < 24; k++) {
        if (k % 3 == 0)
            pf_test_act(G, s, 0, "roll", t += 1000, NULL);
        char name[32];
        snprintf(name, sizeof name, "stack %s 0.00", piece[k / 8]);
        pf_test_act(G, s, 0, name, t += 1000, NULL);
    }
    assert_int_equal(s->tower.n, 24);
    assert_int_equal(waiting(s, 1), 0);
    assert_true(pf_test_is_legal(G, s, 1, "roll"));
    pf_test_refused(G, s, 1, "stack cup 0.00", t, PF_E_ILLEGAL_ACTION);
    pf_test_act(G, s, 1, "roll", t += 1000, NULL); /* D, 1 */
    assert_int_equal(waiting(s, 1), 0);
    pf_test_act(G, s, 0, "roll", t += 1000, NULL); /* D, D, D */
    assert_int_equal(waiting(s, 0), 0);
    assert_int_equal(held(s, 0), 3);
    test_free(s);
}

/* ---- PAKU-6 ------------------------------------------------------------- */

/* PAKU-6, Anne's penalty: with 4 players she reaches 4 dice, rolls panda,
 * dish, 1 and 2, and takes 3 points; the dice are dealt again from her left
 * neighbour, all free to roll. */
static void paku6_anne(void **state)
{
    (void)state;
    pf_event buf[16];
    pf_events ev = {buf, 0, 16, 0};
    pakupaku_state *s = new_game(4, "dice=P,1,P,D,1,2;jitter=0");
    int owner[5] = {1, 1, 1, 0, 0}; /* Anne is seat 1 with 3 dice */
    place_dice(s, owner);
    pf_test_act(G, s, 0, "roll", 500, &ev);
    assert_true(pf_test_saw(&ev, -1, "stop"));
    assert_int_equal(s->unlucky, 1);
    assert_int_equal(s->pen[1], 3);
    assert_int_equal(s->rounds, 2);
    /* dealt one at a time from seat 2: 2, 3, 0, 1, 2 */
    static const int want[4] = {1, 1, 2, 1};
    for (int p = 0; p < 4; p++)
        assert_int_equal(held(s, p), want[p]);
    for (int d = 0; d < 5; d++) {
        assert_int_equal(s->face[d], PAKUPAKU__FACE_NEW);
        assert_int_equal(s->wait[d], 0);
    }
    for (int p = 0; p < 4; p++)
        assert_int_equal(s->since[p], 500);
    test_free(s);
}

/* PAKU-6, Antoine's knock-over: he holds 2 dice, his piece makes the tower
 * fall, he rolls 2 and a panda: 2 points; the tower goes back. */
static void paku6_antoine(void **state)
{
    (void)state;
    pf_event buf[16];
    pf_events ev = {buf, 0, 16, 0};
    pakupaku_state *s = new_game(2, "dice=D,D,P,2,P;jitter=0");
    pf_test_act(G, s, 0, "roll", 1000, NULL); /* Antoine is seat 0 */
    assert_int_equal(held(s, 0), 2);
    pf_test_act(G, s, 0, "stack cup 0.00", 2000, NULL);
    pf_test_act(G, s, 0, "stack cup 5.00", 3000, &ev);
    assert_true(pf_test_saw(&ev, -1, "collapse"));
    assert_int_equal(s->unlucky, 0);
    assert_int_equal(s->pen[0], 2);
    assert_int_equal(s->collapses, 1);
    assert_int_equal(s->tower.n, 0);
    assert_int_equal(held(s, 1), 3); /* dealt from seat 1 */
    assert_int_equal(held(s, 0), 2);
    test_free(s);
}

/* PAKU-6: no numbers in the penalty roll, no points; dealing wraps round
 * from the last seat. */
static void paku6_lucky_and_wrap(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(4, "dice=P,1,P,P,D,P;jitter=0");
    int owner[5] = {3, 3, 3, 2, 2}; /* seat 3 gets a fourth die from seat 2 */
    place_dice(s, owner);
    pf_test_act(G, s, 2, "roll", 1000, NULL);
    assert_int_equal(s->unlucky, 3);
    assert_int_equal(s->pen[3], 0);
    static const int want[4] = {2, 1, 1, 1}; /* from seat 0: 0, 1, 2, 3, 0 */
    for (int p = 0; p < 4; p++)
        assert_int_equal(held(s, p), want[p]);
    test_free(s);
}

/* ---- PAKU-7 ------------------------------------------------------------- */

/* PAKU-7 skilled architects: no piece on one of its type while another type
 * is left; when only that type is left it may go on itself. */
static void paku7_architects(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(2, "architects=true;dice=D,D,D;jitter=0");
    pf_test_act(G, s, 0, "roll", 1000, NULL);
    pf_test_act(G, s, 0, "stack cup 0.00", 2000, NULL);
    assert_false(pf_test_is_legal(G, s, 0, "stack cup 0.00"));
    pf_test_refused(G, s, 0, "stack cup 0.00", 3000, PF_E_ILLEGAL_ACTION);
    pf_test_act(G, s, 0, "stack plate 0.00", 3000, NULL);
    assert_true(pf_test_is_legal(G, s, 0, "stack cup 0.00"));
    /* only cups left, a cup on top: a cup may go on it */
    centred_tower(s, 17);
    assert_int_equal(s->tower.type[16], PAKUPAKU__CUP);
    assert_false(pf_test_is_legal(G, s, 0, "stack plate 0.00"));
    pf_test_act(G, s, 0, "stack cup 0.00", 4000, NULL);
    assert_int_equal(s->tower.n, 18);
    test_free(s);

    /* without the variant, a cup on a cup is fine */
    s = new_game(2, "dice=D,D,D;jitter=0");
    pf_test_act(G, s, 0, "roll", 1000, NULL);
    pf_test_act(G, s, 0, "stack cup 0.00", 2000, NULL);
    pf_test_act(G, s, 0, "stack cup 0.00", 3000, NULL);
    assert_int_equal(s->tower.n, 2);
    test_free(s);
}

/* PAKU-7 brave pandas: the tower stays after a too-many-dice stop (and goes
 * back without the variant); after a collapse there is nothing to keep. */
static void paku7_brave(void **state)
{
    (void)state;
    for (int brave = 0; brave < 2; brave++) {
        pakupaku_state *s = new_game(4, brave ? "brave=true;dice=D,1,P,1,1,1,1,1;jitter=0"
                                               : "dice=D,1,P,1,1,1,1,1;jitter=0");
        int owner[5] = {1, 1, 1, 0, 0};
        place_dice(s, owner);
        pf_test_act(G, s, 0, "roll", 1000, NULL);    /* D, 1 */
        pf_test_act(G, s, 0, "stack plate 0.00", 2000, NULL);
        pf_test_act(G, s, 0, "roll", 3000, NULL);    /* P, 1: seat 1 has 4 dice */
        assert_int_equal(s->unlucky, 1);
        assert_int_equal(s->tower.n, brave ? 1 : 0);
        test_free(s);
    }
    pakupaku_state *s = new_game(2, "brave=true;dice=D,D,P,2,P;jitter=0");
    pf_test_act(G, s, 0, "roll", 1000, NULL);
    pf_test_act(G, s, 0, "stack cup 0.00", 2000, NULL);
    pf_test_act(G, s, 0, "stack cup 5.00", 3000, NULL);
    assert_int_equal(s->collapses, 1);
    assert_int_equal(s->tower.n, 0);
    test_free(s);
}

/* ---- PAKU-8 ------------------------------------------------------------- */

/* PAKU-8: reaching the limit ends the game (fewest points wins); one point
 * short does not. Seat 1 gets a fifth die, its penalty roll is scripted. */
static void paku8_end(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int before, after, over;
    } rows[] = {
        {"limit=5;dice=P,1,1,1,1,1;jitter=0", 3, 8, 1},  /* past the limit */
        {"limit=5;dice=P,1,P,P,P,P;jitter=0", 4, 5, 1},  /* exactly the limit */
        {"limit=10;dice=P,1,P,P,P,P;jitter=0", 8, 9, 0}, /* one short */
        {"dice=P,2,P,P,P,P;jitter=0", 8, 10, 1},         /* default limit 10 */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pakupaku_state *s = new_game(2, rows[i].spec);
        int owner[5] = {1, 1, 1, 1, 0};
        place_dice(s, owner);
        s->pen[0] = 2;
        s->pen[1] = (int16_t)rows[i].before;
        pf_test_act(G, s, 0, "roll", 1000, NULL);
        assert_int_equal(s->pen[1], rows[i].after);
        double res[2];
        assert_int_equal(G->over(s, res), rows[i].over);
        if (rows[i].over) {
            assert_true(res[0] == 1.0 && res[1] == 0.0);
            assert_int_equal(G->to_act(s), 0);
        } else {
            assert_int_equal(G->to_act(s) & 1u, 1u);
        }
        test_free(s);
    }
}

/* PAKU-8: a three-way tie duels: seat order, whoever topples is out, the next
 * seat after them starts a fresh tower, a full tower is cleared, and the
 * last one left wins. */
static void paku8_three_way_duel(void **state)
{
    (void)state;
    pf_event buf[16];
    pf_events ev = {buf, 0, 16, 0};
    pakupaku_state *s = new_game(4, "limit=5;dice=P,1,1,P,P,P;jitter=0");
    int owner[5] = {3, 3, 3, 2, 2};
    place_dice(s, owner);
    s->pen[0] = s->pen[1] = s->pen[2] = 2;
    s->pen[3] = 4;
    pf_test_act(G, s, 2, "roll", 1000, &ev); /* seat 3: 4 dice, 1 point: 5 */
    assert_true(pf_test_saw(&ev, -1, "duel"));
    assert_int_equal(s->phase, PAKUPAKU__DUEL);
    assert_false(G->over(s, NULL));
    assert_int_equal(G->to_act(s), 1u << 0);
    assert_int_equal(s->tower.n, 0);
    pf_test_refused(G, s, 0, "roll", 2000, PF_E_ILLEGAL_ACTION);
    pf_test_act(G, s, 0, "stack plate 0.00", 2000, NULL);
    assert_int_equal(G->to_act(s), 1u << 1);
    ev.n = 0;
    pf_test_act(G, s, 1, "stack cup 10.50", 3000, &ev); /* falls: seat 1 is out */
    assert_true(pf_test_saw(&ev, -1, "out"));
    assert_int_equal(s->tower.n, 0);
    assert_int_equal(G->to_act(s), 1u << 2); /* the next seat after 1 */
    /* a full tower is cleared and the duel goes on */
    centred_tower(s, 23);
    pf_test_act(G, s, 2, "stack cup 0.00", 4000, NULL);
    assert_int_equal(s->tower.n, 0);
    assert_int_equal(G->to_act(s), 1u << 0);
    pf_test_act(G, s, 0, "stack plate 0.00", 5000, NULL);
    pf_test_act(G, s, 2, "stack plate 0.00", 6000, NULL);
    pf_test_act(G, s, 0, "stack cup 11.00", 7000, NULL); /* seat 0 topples */
    double res[4];
    assert_true(G->over(s, res));
    assert_true(res[0] == 0 && res[1] == 0 && res[2] == 1 && res[3] == 0);
    assert_int_equal(s->winner, 2);
    test_free(s);
}

/* ---- PAKU-10 ------------------------------------------------------------ */

/* The message pf_state_apply_named gives for seat's named action at t. */
static pf_err refusal(pakupaku_state *s, int seat, const char *name, int64_t t, char *msg,
                      size_t n)
{
    pf_error err;
    pf_err e = pf_state_apply_named(G, s, seat, name, t, NULL, &err);
    snprintf(msg, n, "%s", err.msg);
    return e;
}

/* PAKU-10: a roll keeps the roller's hands busy for 800 ms: its next roll
 * is refused until then with hands_busy and a message saying until when;
 * another seat's hands are its own. The busy seat stays in to_act with its
 * actions listed (there is no clock to wait on); ready_at says when. */
static void paku10_roll_keeps_hands_busy(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(2, "dice=1,1,1,1,1,2,2,2,2,2");
    pf_test_act(G, s, 0, "roll", 1000, NULL);
    char msg[256];
    assert_int_equal(refusal(s, 0, "roll", 1799, msg, sizeof msg), PF_E_HANDS_BUSY);
    assert_non_null(strstr(msg, "busy until t=1800"));
    assert_int_equal(s->now, 1000); /* refused: nothing changed */
    assert_true(G->to_act(s) & 1u);
    assert_true(pf_test_is_legal(G, s, 0, "roll"));
    assert_int_equal(G->ready_at(s, 0), 1800);
    assert_int_equal(G->ready_at(s, 1), 0);
    pf_test_act(G, s, 1, "roll", 1000, NULL); /* seat 1's hands were free */
    pf_test_act(G, s, 0, "roll", 1800, NULL);
    assert_int_equal(s->acts[0], 2);
    test_free(s);
}

/* PAKU-10: a stack keeps the hands busy for 600 ms, and the roll that
 * showed the dish keeps them busy before it, for 800 ms. */
static void paku10_stack_keeps_hands_busy(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(2, "dice=D,1,1,1;jitter=0");
    pf_test_act(G, s, 0, "roll", 1000, NULL); /* D, 1, 1: a dish waits */
    assert_int_equal(waiting(s, 0), 1);
    pf_test_refused(G, s, 0, "stack cup 0.00", 1799, PF_E_HANDS_BUSY);
    pf_test_act(G, s, 0, "stack cup 0.00", 1800, NULL);
    pf_test_refused(G, s, 0, "roll", 2399, PF_E_HANDS_BUSY);
    assert_int_equal(G->ready_at(s, 0), 2400);
    pf_test_act(G, s, 0, "roll", 2400, NULL);
    test_free(s);
}

/* PAKU-10: a die passed to a busy seat waits for its hands; an idle seat
 * with free hands may roll it at once. The view shows everyone's
 * busy_until. */
static void paku10_passed_die_waits_for_hands(void **state)
{
    (void)state;
    /* 3 players: seat 0 holds 2 dice, seat 1 one, seat 2 (idle) two */
    pakupaku_state *s = new_game(3, "dice=1,P,P,1,1,1");
    int owner[5] = {0, 0, 1, 2, 2};
    place_dice(s, owner);
    pf_test_act(G, s, 1, "roll", 1000, NULL); /* 1: seat 1 busy until 1800 */
    pf_test_act(G, s, 0, "roll", 1100, NULL); /* P, P: both pass to seat 1 */
    assert_int_equal(held(s, 1), 3);
    pf_test_refused(G, s, 1, "roll", 1799, PF_E_HANDS_BUSY);
    char *v = pf_test_view_text(G, s, PF_SEAT_SPECTATOR);
    assert_non_null(strstr(v, "\"busy_until\":[1900,1800,0]"));
    free(v);
    pf_test_act(G, s, 1, "roll", 1800, NULL); /* rolls all 3: 1, 1, 1 */
    assert_int_equal(s->acts[1], 2);
    assert_int_equal(held(s, 1), 3);
    for (int d = 0; d < PAKUPAKU__DICE; d++)
        if (s->owner[d] == 1)
            assert_int_equal(s->face[d], PAKUPAKU__FACE_ONE);

    /* an idle seat whose hands are free rolls a passed die at once */
    pakupaku_state *t = new_game(3, "dice=P,1,1");
    int own2[5] = {0, 0, 0, 1, 1};
    place_dice(t, own2);
    pf_test_act(G, t, 1, "roll", 500, NULL); /* P, 1: seat 2 gets a die */
    assert_int_equal(G->ready_at(t, 2), 500);
    pf_test_act(G, t, 2, "roll", 500, NULL);
    test_free(t);
    test_free(s);
}

/* ---- names, options, views ---------------------------------------------- */

/* Names parse back to the same action, and a few aliases are accepted. */
static void names(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } rows[] = {
        {"roll", "roll"},
        {"r", "roll"},
        {"stack plate 0.75", "stack plate 0.75"},
        {"stack cup -1.20", "stack cup -1.20"},
        {"stack bowl 0.00", "stack bowl 0.00"},
        {"stack bowl -0.05", "stack bowl -0.05"},
        {"s c -1.2", "stack cup -1.20"},
        {"stack cup", "stack cup 0.00"},
        {"stack plate 30.00", "stack plate 30.00"},
    };
    pakupaku_state *s = new_game(2, "");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pf_action a;
        char buf[64];
        assert_int_equal(G->parse(s, rows[i].in, &a), PF_E_OK);
        assert_true(G->name(s, a, buf, sizeof buf) > 0);
        assert_string_equal(buf, rows[i].out);
    }
    static const char *const bad[] = {"stack spoon 1", "stack cup 31", "stack cup x",
                                      "roll dice", "", "stack cup 1 2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pf_action a;
        assert_int_equal(G->parse(s, bad[i], &a), PF_E_UNKNOWN_ACTION);
    }
    test_free(s);
}

/* Bad options are refused with a message naming the option. */
static void options(void **state)
{
    (void)state;
    static const struct {
        const char *spec, *word;
    } rows[] = {
        {"limit=4", "limit"}, {"limit=31", "limit"}, {"dice=P,X", "dice"},
        {"jitter=abc", "jitter"}, {"jitter=9", "jitter"}, {"brave=maybe", "brave"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pf_error err;
        assert_int_equal(pf_test_init_error(G, 4, rows[i].spec, &err), PF_E_BAD_OPTION);
        assert_non_null(strstr(err.msg, rows[i].word));
    }
    pf_error err;
    assert_int_equal(pf_test_init_error(G, 4, "limit=30;architects=yes;jitter=off", &err),
                     PF_E_OK);
    assert_int_equal(pf_test_init_error(G, 1, "", &err), PF_E_BAD_SEATS);
    assert_int_equal(pf_test_init_error(G, 9, "", &err), PF_E_BAD_SEATS);
}

/* Nothing on the table is hidden: every seat's view equals the full one,
 * and a resample keeps the view; render draws the tower. The generator is
 * the future (every next roll and jitter), so nothing derived from it or
 * from the seed is in any view: games with other seeds and the same
 * scripted table look the same, and no "salt" is shown. */
static void views(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(3, "dice=D,1,P;jitter=0");
    pf_test_act(G, s, 0, "roll", 500, NULL);
    pf_test_act(G, s, 0, "stack bowl 0.00", 1300, NULL);
    char *god = pf_test_view_text(G, s, PF_SEAT_GOD);
    for (int p = -1; p < 3; p++) {
        char *v = pf_test_view_text(G, s, p);
        assert_string_equal(v, god);
        free(v);
    }
    assert_non_null(strstr(god, "\"tower\":[{\"piece\":\"bowl\""));
    assert_non_null(strstr(god, "\"since\""));
    pf_rng r;
    pf_rng_seed(&r, 3);
    G->resample(s, 0, &r);
    char *again = pf_test_view_text(G, s, 0);
    assert_string_equal(again, god);
    char text[2048];
    G->render(s, 0, text, sizeof text);
    assert_non_null(strstr(text, "UUUUUUUUUUUUUU  bowl"));
    assert_null(strstr(god, "salt"));
    for (uint64_t seed = 1; seed <= 3; seed++) {
        pakupaku_state *other = pf_test_new(G, 3, "dice=D,1,P;jitter=0", seed * 1000);
        pf_test_act(G, other, 0, "roll", 500, NULL);
        pf_test_act(G, other, 0, "stack bowl 0.00", 1300, NULL);
        for (int p = -1; p < 3; p++) {
            char *v = pf_test_view_text(G, other, p);
            assert_string_equal(v, god);
            free(v);
        }
        test_free(other);
    }
    free(again);
    free(god);
    test_free(s);
}

/* PAKU-5: the view says how close the tower is to falling and where: the
 * margin of its weakest joint and that joint (the top cup's, 1 unit from
 * its support's end), once it has two pieces. */
static void view_margin(void **state)
{
    (void)state;
    pakupaku_state *s = new_game(2, "dice=D,D,D,1,1;jitter=0");
    pf_test_act(G, s, 0, "roll", 1000, NULL);
    pf_test_act(G, s, 0, "stack plate 0.00", 2000, NULL);
    char *v = pf_test_view_text(G, s, 1);
    assert_null(strstr(v, "\"margin\""));
    free(v);
    pf_test_act(G, s, 0, "stack cup 3.00", 2600, NULL);
    pf_test_act(G, s, 0, "stack cup 3.00", 3200, NULL);
    v = pf_test_view_text(G, s, 1);
    assert_non_null(strstr(v, "\"margin\":1,\"weak\":2"));
    free(v);
    test_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(paku1_faces),
        cmocka_unit_test(paku2_deal),
        cmocka_unit_test(paku2_time),
        cmocka_unit_test(paku2_passed_die_rolls_next),
        cmocka_unit_test(paku3_esteban),
        cmocka_unit_test(paku3_receive_while_holding),
        cmocka_unit_test(paku3_dish_blocks),
        cmocka_unit_test(paku4_thresholds),
        cmocka_unit_test(paku5_jitter_script),
        cmocka_unit_test(paku5_jitter_normal),
        cmocka_unit_test(paku5_any_offset),
        cmocka_unit_test(c4_aim_is_the_input),
        cmocka_unit_test(paku5_full_tower),
        cmocka_unit_test(paku6_anne),
        cmocka_unit_test(paku6_antoine),
        cmocka_unit_test(paku6_lucky_and_wrap),
        cmocka_unit_test(paku7_architects),
        cmocka_unit_test(paku7_brave),
        cmocka_unit_test(paku8_end),
        cmocka_unit_test(paku8_three_way_duel),
        cmocka_unit_test(paku10_roll_keeps_hands_busy),
        cmocka_unit_test(paku10_stack_keeps_hands_busy),
        cmocka_unit_test(paku10_passed_die_waits_for_hands),
        cmocka_unit_test(names),
        cmocka_unit_test(options),
        cmocka_unit_test(views),
        cmocka_unit_test(view_margin),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
