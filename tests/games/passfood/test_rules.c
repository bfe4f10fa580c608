/* test_rules.c: Pass the Party Food scenarios, one per ruling (PPF-1..11)
 * and per rule of the rulebook's "Important Rules", each built from a fixed
 * bag order and fixed starting boards. */
#include "passfood_scenario.h"

#include <unistd.h>

/* PPF-1: a tile goes to the highest free space of its column; with none
 * vacant it is discarded (the centre snake here). */
static void test_ppf1_placement_and_full_column(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=10,10,10;boards=SSSS/SSS/;ziggy=B;bag=BSSF");
    assert_int_equal(s->phase, PASSFOOD_PH_PLATE);
    assert_string_equal(letters(s->zboard), "BB");
    act(s, 0, "plate centre"); /* snake to seat 0, whose snake column is full */
    act(s, 0, "plate left");   /* snake to seat 1 */
    /* the fairy bread went to the right plate by itself: one plate was left */
    assert_string_equal(letters(s->board[0]), "SSSS");
    assert_string_equal(letters(s->board[1]), "SSSS");
    assert_string_equal(letters(s->board[2]), "F");
    assert_int_equal(s->discard[PASSFOOD_SNAKE], 1);
    test_free(s);
}

/* PPF-1, PPF-3: scoring row 1 takes one tile from every column and the
 * snakes slide up, so the next snake completes the column again. */
static void test_ppf1_column_slides_up(void **state)
{
    (void)state;
    passfood_state *s =
        scen(3, NOTOK "pos=10,10,10;boards=SSSSBFPL/B/B;bag=FSBB FSBB;"
                           "numbers=lucky_dips:");
    act(s, 0, "plate left");   /* S to seat 1 */
    act(s, 0, "plate centre"); /* B to seat 0; the last B goes right */
    assert_true(legal_has(s, 0, "score row 1"));
    assert_true(legal_has(s, 0, "score column snake"));
    act(s, 0, "score row 1");
    assert_string_equal(letters(s->board[0]), "SSSB");
    assert_int_equal(s->pos[0], 18);
    /* seat 1's turn: its right plate feeds seat 0 */
    assert_int_equal(acting(s), 1);
    act(s, 1, "plate right"); /* S to seat 0 */
    act(s, 1, "plate left");
    assert_string_equal(letters(s->board[0]), "SSSSB");
    assert_true(passfood__player_sets(s->board[0]) & 1u); /* the snake column */
    test_free(s);
}

/* PPF-3: a complete second row may be scored for its own points; it takes
 * the second tile of each column and the columns close up. */
static void test_ppf3_row_from_second_row(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=10,10,10;boards=SSBBFFPPLL/S/S;bag=SSBB;"
                                      "numbers=row: 8 9 10 11 lucky_dips:");
    act(s, 0, "plate left");
    act(s, 0, "plate right"); /* the second B goes to the centre: seat 0 */
    assert_true(legal_has(s, 0, "score row 1"));
    assert_true(legal_has(s, 0, "score row 2"));
    pf_test_refused(pfg(), s, 0, "score row 3", 0, PF_E_ILLEGAL_ACTION);
    act(s, 0, "score row 2");
    assert_int_equal(s->pos[0], 19);
    assert_string_equal(letters(s->board[0]), "SBBFPL");
    test_free(s);
}

/* PPF-3 and "Important Rules": one set per turn, and only on your own turn;
 * the set left over waits for the owner's next step 4. */
static void test_ppf3_one_set_per_turn_own_turn_only(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=10,20,20;boards=SSSSBBBB/S/S;bag=FFFF;numbers=dips:");
    act(s, 0, "plate left");
    act(s, 0, "plate right");
    act(s, 0, "score column snake");
    /* the biscuit column is still complete, but the turn has moved on */
    assert_int_equal(acting(s), 1);
    assert_true(passfood__player_sets(s->board[0]) & 2u);
    pf_test_refused(pfg(), s, 0, "score column biscuit", 0, PF_E_NOT_YOUR_TURN);
    play_until(s, 0, PASSFOOD_PH_SCORE, 100);
    assert_true(legal_has(s, 0, "score column biscuit"));
    test_free(s);
}

/* PPF-3: two complete Ziggy sets: the active player chooses, Ziggy scores
 * one, and the other waits for the next step 2. */
static void test_ppf3_ziggy_two_sets_player_chooses(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=20,20,20;ziggy=SSSBBBFPL;boards=S/S/S;"
                                      "bag=FSBF BSFP");
    assert_int_equal(s->phase, PASSFOOD_PH_ZIGGY);
    assert_int_equal(pf_test_legal_count(pfg(), s, 0), 3);
    assert_true(legal_has(s, 0, "ziggy scores column snake"));
    assert_true(legal_has(s, 0, "ziggy scores column biscuit"));
    assert_true(legal_has(s, 0, "ziggy scores row 1"));
    pf_test_refused(pfg(), s, 0, "carry on", 0, PF_E_ILLEGAL_ACTION);
    act(s, 0, "ziggy scores column snake");
    assert_int_equal(s->zpos, 2);
    assert_string_equal(letters(s->zboard), "BBBFFPL");
    act(s, 0, "plate left");
    act(s, 0, "plate centre");
    /* seat 1's step 1 (a biscuit, discarded) and step 2: the biscuits */
    assert_int_equal(acting(s), 1);
    assert_int_equal(s->zpos, 4);
    assert_string_equal(letters(s->zboard), "FFPL");
    test_free(s);
}

/* PPF-4: Ziggy's lucky dip completes his biscuit column; it waits for the
 * next step 2. */
static void test_ppf4_ziggy_dip_set_waits(void **state)
{
    (void)state;
    passfood_state *s =
        scen(3, NOTOK "pos=20,20,20;zpos=6;ziggy=SSSBB;boards=S/S/S;bag=FBSSS S");
    /* Ziggy drew F, scored the snakes (6 -> 8, a dip) and dipped a biscuit */
    assert_int_equal(s->zpos, 8);
    assert_string_equal(letters(s->zboard), "BBBF");
    assert_int_equal(s->phase, PASSFOOD_PH_PLATE);
    act(s, 0, "plate left");
    act(s, 0, "plate centre");
    assert_int_equal(acting(s), 1);
    assert_int_equal(s->zpos, 10); /* seat 1's step 2 */
    test_free(s);
}

/* PPF-4: a player's lucky dip completes a set that waits for their next
 * turn. */
static void test_ppf4_player_dip_set_waits(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=3,20,20;boards=SSSSBBB/S/S;bag=FFPF B");
    act(s, 0, "plate left");
    act(s, 0, "plate centre"); /* a pikelet for seat 0 */
    act(s, 0, "score column snake"); /* 3 -> 8: a dip */
    assert_int_equal(s->pos[0], 8);
    assert_string_equal(letters(s->board[0]), "BBBBP");
    assert_int_equal(acting(s), 1); /* no second scoring this turn */
    play_until(s, 0, PASSFOOD_PH_SCORE, 100);
    assert_true(legal_has(s, 0, "score column biscuit"));
    test_free(s);
}

/* PPF-4: passing one dip and landing on another draws two tiles. */
static void test_ppf4_two_dips_in_one_move(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=7,20,20;boards=SSSSBBB/S/S;bag=FFPF BL");
    pf_event buf[64];
    pf_events ev = {buf, 0, 64, 0};
    act(s, 0, "plate left");
    act(s, 0, "plate centre");
    pf_test_act(pfg(), s, 0, "score column snake", 0, &ev); /* 7 -> 12 over 8 and 12 */
    assert_int_equal(s->pos[0], 12);
    assert_string_equal(letters(s->board[0]), "BBBBPL");
    int dips = 0;
    for (int i = 0; i < ev.n; i++)
        dips += strcmp(ev.buf[i].kind, "dip") == 0;
    assert_int_equal(dips, 2);
    test_free(s);
}

/* PPF-4: the space a pawn starts its move on does not count, even when it
 * is a lucky dip: a player leaving 8 for 13 dips once (for 12), and Ziggy
 * leaving 8 for 10 does not dip at all. */
static void test_ppf4_start_space_does_not_count(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=8,20,20;boards=SSSSBBB/S/S;bag=FFPF BL");
    act(s, 0, "plate left");
    act(s, 0, "plate centre");       /* a pikelet for seat 0 */
    act(s, 0, "score column snake"); /* 8 -> 13 */
    assert_int_equal(s->pos[0], 13);
    assert_string_equal(letters(s->board[0]), "BBBBP"); /* the dip at 12 only */
    assert_int_equal(s->last_zdraw, PASSFOOD_LAMINGTON); /* left for seat 1's step 1 */
    test_free(s);

    /* Ziggy draws his third snake and scores the column (2 points) from 8 */
    s = scen(3, NOTOK "pos=20,20,20;zpos=8;ziggy=SS;boards=S/S/S;bag=S BFF");
    assert_int_equal(s->zpos, 10);
    assert_string_equal(letters(s->zboard), "");
    assert_int_equal(s->phase, PASSFOOD_PH_PLATE);
    assert_int_equal(s->drawn, PASSFOOD_BISCUIT); /* the biscuit was not dipped */
    test_free(s);
}

/* PPF-5: a pawn stops on the cake with moves left; the game goes on while
 * other players are short of it. */
static void test_ppf5_stop_on_cake(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=29,20,20;boards=SSSSBBBB/S/S;bag=FFFF");
    act(s, 0, "plate left");
    act(s, 0, "plate centre");
    act(s, 0, "score column snake");
    assert_int_equal(s->pos[0], 31);
    assert_int_equal(acting(s), 1);
    assert_false(pfg()->over(s, NULL));
    test_free(s);
}

/* PPF-5: a player on the cake still draws and hands out plates, and never
 * scores again (a complete biscuit column stays on the board). */
static void test_ppf5_on_cake_still_distributes(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=31,20,20;boards=BBBB/S/S;bag=FSFP");
    assert_int_equal(acting(s), 0);
    assert_int_equal(s->phase, PASSFOOD_PH_PLATE);
    act(s, 0, "plate left");   /* S to seat 1 */
    act(s, 0, "plate right");  /* F to seat 2; P to seat 0 */
    assert_string_equal(letters(s->board[0]), "BBBBP");
    assert_string_equal(letters(s->board[1]), "SS");
    assert_string_equal(letters(s->board[2]), "SF");
    /* no step 4 for seat 0: the turn passed straight on */
    assert_int_equal(acting(s), 1);
    test_free(s);
}

/* PPF-5, PPF-11: Ziggy reaching the cake loses at once (before step 3). */
static void test_ppf5_ziggy_on_cake_loses(void **state)
{
    (void)state;
    passfood_state *s =
        scen(3, NOTOK "pos=30,30,30;zpos=29;ziggy=SSS;boards=S/S/S;bag=FFFF");
    double r[3] = {1, 1, 1};
    assert_true(pfg()->over(s, r));
    assert_true(r[0] == 0 && r[1] == 0 && r[2] == 0);
    assert_int_equal(s->zpos, 31);
    assert_int_equal(s->why, PASSFOOD_WHY_ZIGGY_CAKE);
    assert_int_equal(s->bag_n, 80 - 6 - 1); /* no plate was drawn */
    test_free(s);
}

/* PPF-5, PPF-11: the last player reaching the cake wins at once. */
static void test_ppf5_all_on_cake_wins(void **state)
{
    (void)state;
    passfood_state *s = scen(2, NOTOK "pos=27,31;boards=SSSS/S;bag=FFFF");
    act(s, 0, "plate left");
    act(s, 0, "plate centre");
    act(s, 0, "score column snake");
    double r[2] = {0, 0};
    assert_true(pfg()->over(s, r));
    assert_true(r[0] == 1 && r[1] == 1);
    assert_int_equal(s->outcome, PASSFOOD_WON);
    test_free(s);
}

/* PPF-6: caught at the end of your own turn when Ziggy is on your space
 * (or past it), not when he is one behind. */
static void test_ppf6_caught_on_same_space(void **state)
{
    (void)state;
    static const struct {
        const char *pos;
        bool caught;
    } rows[] = {{"pos=4,20,20;", true}, {"pos=5,20,20;", true}, {"pos=6,20,20;", false}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char spec[200];
        snprintf(spec, sizeof spec, NOTOK "%szpos=3;ziggy=SSS;boards=B/S/S;bag=FFFF",
                 rows[i].pos);
        passfood_state *s = scen(3, spec);
        assert_int_equal(s->zpos, 5);
        act(s, 0, "plate left");
        act(s, 0, "plate centre");
        double r[3] = {1, 1, 1};
        assert_int_equal(pfg()->over(s, r), rows[i].caught);
        if (rows[i].caught) {
            assert_int_equal(s->why, PASSFOOD_WHY_CAUGHT);
            assert_true(r[0] == 0 && r[1] == 0 && r[2] == 0);
        }
        test_free(s);
    }
}

/* PPF-6 and "Important Rules": only the active player can be caught, at
 * the end of their own turn. Seat 1 moves 4 -> 9; in seat 2's turn Ziggy
 * scores a row and jumps 2 -> 12, past seat 1, yet seat 2's and seat 0's
 * turns end normally. Seat 1 then escapes by scoring (9 -> 14), or, when it
 * does not score, is caught at the end of its own turn. */
static void test_ppf6_not_caught_at_another_turn(void **state)
{
    (void)state;
    for (int escape = 0; escape <= 1; escape++) {
        /* each turn Ziggy's tile then three plate tiles; no board but seat 1's
         * completes a set */
        passfood_state *s = scen(3, NOTOK "pos=20,4,20;zpos=2;ziggy=SBFP;"
                                          "boards=S/SSSSBBBB/S;numbers=dips: zrow: 10 10 10;"
                                          "bag=BPPP FLLL LFFF SPPP SLLL");
        act(s, 0, "plate left");
        act(s, 0, "plate centre");
        assert_int_equal(acting(s), 1);
        act(s, 1, "plate centre");
        act(s, 1, "plate left");
        act(s, 1, "score column snake");
        assert_int_equal(s->pos[1], 9);
        assert_int_equal(acting(s), 2);
        assert_int_equal(s->zpos, 12); /* Ziggy's row, in seat 2's step 2 */
        assert_true(s->zpos >= s->pos[1]);
        act(s, 2, "plate left");
        act(s, 2, "plate centre");
        assert_int_equal(acting(s), 0); /* seat 2's step 5 caught nobody */
        act(s, 0, "plate left");
        act(s, 0, "plate centre");
        assert_int_equal(acting(s), 1); /* nor did seat 0's */
        assert_false(pfg()->over(s, NULL));
        act(s, 1, "plate left");
        act(s, 1, "plate right");
        assert_int_equal(s->phase, PASSFOOD_PH_SCORE);
        act(s, 1, escape ? "score column biscuit" : "carry on");
        if (escape) {
            assert_int_equal(s->pos[1], 14);
            assert_int_equal(acting(s), 2);
        } else {
            assert_true(pfg()->over(s, NULL));
            assert_int_equal(s->why, PASSFOOD_WHY_CAUGHT);
            assert_int_equal(s->active, 1);
            assert_int_equal(s->pos[1], 9);
        }
        test_free(s);
    }
}

/* Tiles of each food anywhere in the game: bag, discard area, boards,
 * plates and the tile waiting for a plate. */
static void count_tiles(const passfood_state *s, int cnt[PASSFOOD_FOODS])
{
    memset(cnt, 0, sizeof(int) * PASSFOOD_FOODS);
    for (int i = 0; i < s->bag_n; i++)
        cnt[s->bag[i]]++;
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        cnt[f] += s->discard[f] + s->zboard[f];
        for (int q = 0; q < s->seats; q++)
            cnt[f] += s->board[q][f];
    }
    for (int j = 0; j < 3; j++)
        if (s->plate[j] != PASSFOOD_NONE)
            cnt[s->plate[j]]++;
    if (s->drawn != PASSFOOD_NONE)
        cnt[s->drawn]++;
}

/* PPF-10, PPF-7: the game holds its 80 tiles (20/20/15/15/10) from the
 * setup on, and nothing lies on a plate or in the drawing hand before the
 * first step 3, so nobody sees plates that were never filled. */
static void test_ppf10_tiles_add_up_from_setup(void **state)
{
    (void)state;
    for (int seats = 2; seats <= 4; seats++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            passfood_state *s = pf_test_new(pfg(), seats, "", seed);
            assert_int_equal(s->phase, PASSFOOD_PH_START); /* tokens: stops before step 1 */
            for (int j = 0; j < 3; j++)
                assert_int_equal(s->plate[j], PASSFOOD_NONE);
            assert_int_equal(s->drawn, PASSFOOD_NONE);
            char *v = pf_test_view_text(pfg(), s, 0);
            assert_non_null(strstr(v, seats == 2
                                          ? "\"plates\":{\"left\":null,\"centre\":null,\"x\":null}"
                                          : "\"plates\":{\"left\":null,\"centre\":null,\"right\":null}"));
            assert_non_null(strstr(v, "\"drawn\":null"));
            free(v);
            /* and at every later decision of a game played by random choices */
            pf_rng r;
            pf_rng_seed(&r, seed);
            for (int step = 0; step < 400 && acting(s) >= 0; step++) {
                int cnt[PASSFOOD_FOODS];
                count_tiles(s, cnt);
                for (int f = 0; f < PASSFOOD_FOODS; f++)
                    assert_int_equal(cnt[f], passfood__supply[f]);
                pf_action legal[PF_MAX_LEGAL];
                int who = acting(s), n = pfg()->legal(s, who, legal, PF_MAX_LEGAL);
                pf_error err;
                assert_int_equal(pf_state_apply(pfg(), s, who,
                                                legal[pf_rng_below(&r, (uint32_t)n)], 0, NULL,
                                                &err),
                                 PF_E_OK);
            }
            test_free(s);
        }
}

/* PPF-7: with 4 players the left plate feeds seat+1, the right seat-1, the
 * centre the active player; each tile is placed before the next is drawn. */
static void test_ppf7_plates_four_players(void **state)
{
    (void)state;
    passfood_state *s = scen(4, NOTOK "pos=20,20,20,20;boards=S/S/S/S;bag=FBFP");
    assert_int_equal(s->drawn, PASSFOOD_BISCUIT);
    int bag_before = s->bag_n;
    char *v = pf_test_view_text(pfg(), s, 1);
    assert_non_null(strstr(v, "\"drawn\":\"biscuit\""));
    assert_null(strstr(v, "order")); /* the next tiles stay hidden */
    free(v);
    act(s, 0, "plate left");
    assert_int_equal(s->bag_n, bag_before - 1); /* one more drawn, no more */
    act(s, 0, "plate right");
    assert_string_equal(letters(s->board[1]), "SB");
    assert_string_equal(letters(s->board[3]), "SF");
    assert_string_equal(letters(s->board[0]), "SP");
    assert_string_equal(letters(s->board[2]), "S");
    test_free(s);
}

/* PPF-7: with 2 players the X space's tile goes to the discard area and
 * there is no right plate. */
static void test_ppf7_two_players_x_space(void **state)
{
    (void)state;
    passfood_state *s = scen(2, NOTOK "pos=20,20;boards=S/S;bag=FBFP");
    pf_action a;
    assert_int_equal(pfg()->parse(s, "plate right", &a), PF_E_UNKNOWN_ACTION);
    act(s, 0, "plate x");    /* B discarded */
    act(s, 0, "plate left"); /* F to seat 1; P to seat 0 */
    assert_int_equal(s->discard[PASSFOOD_BISCUIT], 1);
    assert_string_equal(letters(s->board[1]), "SF");
    assert_string_equal(letters(s->board[0]), "SP");
    test_free(s);
}

/* PPF-8: a declined swap changes nothing, keeps the token, and bars that
 * partner for the rest of the turn; the partner is the seat to act. */
static void test_ppf8_swap_declined(void **state)
{
    (void)state;
    passfood_state *s = scen(3, "takes=0;difficulty=0;pos=20,20,20;boards=SB/F/P;bag=FFFF");
    assert_int_equal(s->phase, PASSFOOD_PH_START);
    act(s, 0, "swap give snake to 2");
    assert_int_equal(pfg()->to_act(s), 1u << 1);
    pf_test_refused(pfg(), s, 0, "carry on", 0, PF_E_NOT_YOUR_TURN);
    assert_int_equal(pf_test_legal_count(pfg(), s, 1), 3);
    assert_true(legal_has(s, 1, "swap answer give snake")); /* the tile just offered */
    assert_true(legal_has(s, 1, "swap answer give fairy bread"));
    act(s, 1, "swap decline");
    assert_int_equal(acting(s), 0);
    assert_int_equal(s->swaps[0], 2);
    assert_string_equal(letters(s->board[0]), "SB");
    assert_string_equal(letters(s->board[1]), "F");
    pf_test_refused(pfg(), s, 0, "swap give biscuit to 2", 0, PF_E_ILLEGAL_ACTION);
    assert_true(legal_has(s, 0, "swap give biscuit to 3"));
    test_free(s);
}

/* PPF-8: an accepted swap: the partner chooses the tile given back, which
 * may be the one just received; a partner needs a tile to be offered one. */
static void test_ppf8_swap_accepted(void **state)
{
    (void)state;
    passfood_state *s = scen(3, "takes=0;difficulty=0;pos=20,20,20;boards=SB/F/;bag=FFFF");
    assert_false(legal_has(s, 0, "swap give snake to 3")); /* seat 2 has no tile */
    act(s, 0, "swap give snake to 2");
    act(s, 1, "swap answer give fairy bread");
    assert_string_equal(letters(s->board[0]), "BF");
    assert_string_equal(letters(s->board[1]), "S");
    assert_int_equal(s->swaps[0], 1);
    act(s, 0, "swap give biscuit to 2");
    act(s, 1, "swap answer give biscuit");
    assert_string_equal(letters(s->board[0]), "BF");
    assert_string_equal(letters(s->board[1]), "S");
    assert_int_equal(s->swaps[0], 0);
    test_free(s);
}

/* PPF-8: a take token breaks Ziggy's row after his draw and before step 2. */
static void test_ppf8_take_breaks_ziggy_set(void **state)
{
    (void)state;
    passfood_state *s =
        scen(3, "swaps=0;difficulty=0;pos=20,20,20;ziggy=SBFP;boards=S/S/S;bag=LFFF");
    act(s, 0, "carry on"); /* Ziggy draws the lamington: row 1 is complete */
    assert_int_equal(s->phase, PASSFOOD_PH_ZIGGY);
    assert_string_equal(letters(s->zboard), "SBFPL");
    act(s, 0, "take ziggy lamington");
    assert_int_equal(s->zpos, 0);
    assert_string_equal(letters(s->zboard), "SBFP");
    assert_string_equal(letters(s->board[0]), "SL");
    assert_int_equal(s->takes[0], 0);
    assert_int_equal(s->phase, PASSFOOD_PH_PLATE);
    test_free(s);
}

/* PPF-8: tokens are offered at the start, after Ziggy's draw, after the
 * plates and after scoring, never while plates are being filled; a player
 * on the cake may use them too. */
static void test_ppf8_token_points(void **state)
{
    (void)state;
    passfood_state *s =
        scen(3, "swaps=0;difficulty=0;pos=31,20,20;ziggy=S;boards=S/S/S;bag=BBBB");
    assert_int_equal(s->phase, PASSFOOD_PH_START);
    assert_true(legal_has(s, 0, "take ziggy snake"));
    act(s, 0, "carry on");
    assert_int_equal(s->phase, PASSFOOD_PH_ZIGGY);
    assert_true(legal_has(s, 0, "take ziggy biscuit"));
    act(s, 0, "carry on");
    assert_int_equal(s->phase, PASSFOOD_PH_PLATE);
    assert_false(legal_has(s, 0, "take ziggy snake"));
    act(s, 0, "plate left");
    act(s, 0, "plate centre");
    assert_int_equal(s->phase, PASSFOOD_PH_SCORE);
    assert_true(legal_has(s, 0, "take ziggy snake"));
    act(s, 0, "carry on");
    assert_int_equal(s->phase, PASSFOOD_PH_END);
    act(s, 0, "take ziggy snake");
    assert_int_equal(acting(s), 1); /* no token left: the turn ended */
    test_free(s);
}

/* PPF-8: a player on the cake may still swap, at the start of the turn and
 * after the plates are handed out (there is no scoring for them). */
static void test_ppf8_swap_on_cake(void **state)
{
    (void)state;
    passfood_state *s =
        scen(3, "takes=0;difficulty=0;pos=31,20,20;boards=SB/F/P;bag=LLLL");
    assert_int_equal(s->phase, PASSFOOD_PH_START);
    act(s, 0, "swap give snake to 2");
    act(s, 1, "swap answer give fairy bread");
    assert_string_equal(letters(s->board[0]), "BF");
    assert_string_equal(letters(s->board[1]), "S");
    act(s, 0, "carry on"); /* Ziggy grabs a lamington */
    act(s, 0, "carry on");
    act(s, 0, "plate left");
    act(s, 0, "plate centre");
    assert_int_equal(s->phase, PASSFOOD_PH_SCORE);
    assert_false(legal_has(s, 0, "score column snake")); /* never scores again (PPF-5) */
    act(s, 0, "swap give lamington to 3");
    act(s, 2, "swap answer give pikelet");
    assert_string_equal(letters(s->board[0]), "BFP");
    assert_string_equal(letters(s->board[2]), "LL"); /* the right plate's and ours */
    assert_int_equal(s->swaps[0], 0);
    assert_int_equal(acting(s), 1); /* no token left: the turn ended */
    test_free(s);
}

/* PPF-9 and "Important Rules": an empty bag is refilled from the discard
 * area before the draw. */
static void test_ppf9_empty_bag_refilled(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=20,20,20;boards=S/S/S;ziggy=B;bag=FFPP;rest=discard");
    int discarded = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++)
        discarded += s->discard[f];
    assert_int_equal(discarded, 80 - 4 - 4);
    pf_event buf[64];
    pf_events ev = {buf, 0, 64, 0};
    act(s, 0, "plate left");
    pf_test_act(pfg(), s, 0, "plate centre", 0, &ev); /* the bag is now empty */
    assert_true(pf_test_saw(&ev, PF_SEAT_SPECTATOR, "refill"));
    assert_int_equal(acting(s), 1);
    assert_int_equal(s->bag_n, discarded - 2); /* Ziggy's and the first plate's draws */
    for (int f = 0; f < PASSFOOD_FOODS; f++)
        assert_int_equal(s->discard[f], 0);
    test_free(s);
}

/* PPF-9: with the bag and the discard area both empty a draw is skipped.
 * That needs all 80 tiles on boards and plates, which only 4 players can
 * hold: every player board is full but for one fairy bread or pikelet
 * space, and Ziggy has three complete columns; the last snake and biscuit
 * start in the discard area. Ziggy's draw refills the bag with them and
 * throws one away (his column is full); he scores the fairy breads and
 * passes 8 lucky dips, which recycle the bag and the discard area until his
 * fairy breads are all back and the snake and biscuit are left to draw. The
 * two plates take those, and the third draw finds nothing. */
static void test_ppf9_skipped_draw(void **state)
{
    (void)state;
    passfood_state *s =
        scen(4, NOTOK "pos=20,20,20,20;rest=discard;ziggy=SSSBBBFFF;"
                      "boards=SSSSBBBBFFFPPPPLLL/SSSSBBBBFFFPPPPLLL/SSSSBBBBFFFPPPPLL/"
                      "SSSSBBBBFFFPPPLL;"
                      "numbers=zcol: 2 2 8 3 3 dips: 1 2 3 4 5 6 7 8");
    assert_int_equal(s->phase, PASSFOOD_PH_ZIGGY); /* three Ziggy sets: seat 0 picks */
    act(s, 0, "ziggy scores column fairy bread");
    assert_int_equal(s->zpos, 8);
    assert_string_equal(letters(s->zboard), "SSSBBBFFF");
    act(s, 0, "plate left");
    /* the second plate tile is in the hand: bag and discard area are empty */
    assert_int_equal(s->bag_n, 0);
    for (int f = 0; f < PASSFOOD_FOODS; f++)
        assert_int_equal(s->discard[f], 0);
    int cnt[PASSFOOD_FOODS];
    count_tiles(s, cnt);
    for (int f = 0; f < PASSFOOD_FOODS; f++)
        assert_int_equal(cnt[f], passfood__supply[f]);
    assert_true((s->plate[0] == PASSFOOD_SNAKE && s->drawn == PASSFOOD_BISCUIT) ||
                (s->plate[0] == PASSFOOD_BISCUIT && s->drawn == PASSFOOD_SNAKE));
    uint8_t right_before[PASSFOOD_FOODS];
    memcpy(right_before, s->board[3], sizeof right_before);
    pf_event buf[16];
    pf_events ev = {buf, 0, 16, 0};
    pf_test_act(pfg(), s, 0, "plate centre", 0, &ev);
    assert_true(pf_test_saw(&ev, PF_SEAT_SPECTATOR, "skip"));
    assert_false(pf_test_saw(&ev, PF_SEAT_SPECTATOR, "refill"));
    /* the right plate stayed empty; the two full columns threw their tiles away */
    assert_memory_equal(s->board[3], right_before, sizeof right_before);
    assert_int_equal(s->discard[PASSFOOD_SNAKE] + s->discard[PASSFOOD_BISCUIT], 2);
    assert_int_equal(s->phase, PASSFOOD_PH_SCORE);
    assert_false(pfg()->over(s, NULL));
    test_free(s);
}

/* PPF-9: a game still running after turn 500 is lost. */
static void test_ppf9_turn_limit(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=10,10,10;numbers=zcol: 0 0 0 0 0 zrow: 0 0 0");
    play_until(s, -1, 0, 100000); /* "carry on" whenever offered: nobody scores */
    assert_true(pfg()->over(s, NULL));
    assert_int_equal(s->why, PASSFOOD_WHY_TURN_LIMIT);
    pf_stat st[8];
    int n = pfg()->stats(s, st, 8);
    for (int i = 0; i < n; i++)
        if (!strcmp(st[i].name, "turns"))
            assert_true(st[i].value == PASSFOOD_TURN_LIMIT);
    test_free(s);
}

/* PPF-10: 2 tiles per player; Ziggy gets `difficulty` tiles, at most one
 * lamington, and a tile with no vacant space is redrawn. */
static void test_ppf10_setup(void **state)
{
    (void)state;
    for (int d = 0; d <= 6; d++)
        for (uint64_t seed = 1; seed <= 20; seed++) {
            char spec[32];
            snprintf(spec, sizeof spec, "difficulty=%d", d);
            passfood_state *s = pf_test_new(pfg(), 3, spec, seed);
            for (int q = 0; q < 3; q++)
                assert_int_equal(strlen(letters(s->board[q])), 2);
            /* the engine stops before step 1: Ziggy holds the setup tiles */
            assert_int_equal(s->phase, PASSFOOD_PH_START);
            assert_int_equal(strlen(letters(s->zboard)), d);
            assert_true(s->zboard[PASSFOOD_LAMINGTON] <= 1);
            test_free(s);
        }
    for (uint64_t seed = 1; seed <= 20; seed++) {
        /* players take SB FP SB; Ziggy draws L, then a second L (back) */
        passfood_state *s = pf_test_new(pfg(), 3, "difficulty=3;bag=SBFPSB LLFF", seed);
        assert_int_equal(s->zboard[PASSFOOD_LAMINGTON], 1);
        assert_int_equal(strlen(letters(s->zboard)), 3);
        test_free(s);
        /* 2 players take SB FP; Ziggy draws SSS, a fourth S (back), BB */
        s = pf_test_new(pfg(), 2, "difficulty=5;bag=SBFP SSSSBB", seed);
        assert_int_equal(s->zboard[PASSFOOD_SNAKE], 3);
        assert_int_equal(strlen(letters(s->zboard)), 5);
        test_free(s);
    }
}

/* PPF-10: a set made at setup is scored at the first step 2. */
static void test_ppf10_setup_set_scores_at_first_step2(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=20,20,20;ziggy=SSS;boards=B/B/B;bag=FFFF");
    assert_int_equal(s->zpos, 2);
    assert_string_equal(letters(s->zboard), "F");
    test_free(s);
}

/* PPF-10, PPF-2: options out of range are refused with a clear message. */
static void test_ppf10_bad_options(void **state)
{
    (void)state;
    static const struct {
        const char *spec, *says;
    } rows[] = {
        {"difficulty=7", "0 to 6"},
        {"bag=SBX", "bag"},
        {"bag=LLLLLLLLLLL", "lamington"},
        {"boards=SSSSS/B", "more than 4"},
        {"boards=S", "one group per seat"},
        {"ziggy=SSSS", "more than 3"},
        {"pos=1,2", "pos"},
        {"rest=box", "rest"},
        {"numbers=cake: 1", "cake"},
        {"numbers=col: 1 2", "player_columns"},
        {"numbers=colour: 1", "unknown key"},
        {"numbers=lucky_dips: 9 8", "lucky dips"},
        {"numbers=/no/such/table", "not a file name"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pf_error err;
        assert_int_equal(pf_test_init_error(pfg(), 3, rows[i].spec, &err), PF_E_BAD_OPTION);
        if (!strstr(err.msg, rows[i].says))
            fail_msg("'%s': message '%s' does not say '%s'", rows[i].spec, err.msg,
                     rows[i].says);
    }
}

/* PPF-2: the default table holds the documented numbers. */
static void test_ppf2_default_numbers(void **state)
{
    (void)state;
    passfood_state *s = scen(3, "");
    static const uint8_t pcol[] = {5, 5, 5, 5, 5}, prow[] = {8, 8, 8, 8},
                         zcol[] = {2, 2, 3, 3, 3}, zrow[] = {12, 12, 12},
                         dips[] = {8, 12, 16, 20, 24, 28};
    assert_memory_equal(s->num.pcol, pcol, 5);
    assert_memory_equal(s->num.prow, prow, 4);
    assert_memory_equal(s->num.zcol, zcol, 5);
    assert_memory_equal(s->num.zrow, zrow, 3);
    assert_int_equal(s->num.cake, 31);
    assert_int_equal(s->num.zstart, 0);
    assert_int_equal(s->num.pstart, 1);
    assert_int_equal(s->num.ndips, 6);
    assert_memory_equal(s->num.dips, dips, 6);
    for (int q = 0; q < 3; q++)
        assert_int_equal(s->pos[q], 1);
    assert_int_equal(s->zpos, 0);
    test_free(s);
}

/* PPF-2: the table a game starts from is the default text, parsed. */
static void test_ppf2_default_table(void **state)
{
    (void)state;
    passfood_numbers parsed;
    char err[200];
    memset(&parsed, 0, sizeof parsed);
    assert_true(passfood__numbers_parse(passfood__default_numbers, &parsed, err, sizeof err));
    assert_memory_equal(&parsed, &passfood__default_table, sizeof parsed);
}

/* PPF-2: another table changes the points and spaces without touching the
 * rules. The option holds the table's text: the name of a file holding a
 * valid table is refused, never opened. */
static void test_ppf2_other_table(void **state)
{
    (void)state;
    passfood_state *s = scen(3, NOTOK "pos=10,20,20;boards=PPPP/S/S;bag=FFFF;"
                                      "numbers=col: 1 2 3 4 5 lucky_dips: 11");
    act(s, 0, "plate left");
    act(s, 0, "plate centre");
    act(s, 0, "score column pikelet");
    assert_int_equal(s->pos[0], 14);
    assert_int_equal(strlen(letters(s->board[0])), 2); /* centre F + a dip tile */
    test_free(s);

    char path[] = "/tmp/passfood_table_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char *txt = "# a house table\ncake: 40\nplayer_start: 3\nziggy_start: 1\n";
    assert_int_equal(write(fd, txt, strlen(txt)), (ssize_t)strlen(txt));
    close(fd);
    char spec[128];
    snprintf(spec, sizeof spec, "numbers=%s", path);
    pf_error err;
    assert_int_equal(pf_test_init_error(pfg(), 2, spec, &err), PF_E_BAD_OPTION);
    assert_non_null(strstr(err.msg, "not a file name"));
    snprintf(spec, sizeof spec, "numbers=%s", txt);
    s = scen(2, spec);
    assert_int_equal(s->num.cake, 40);
    assert_int_equal(s->pos[0], 3);
    assert_int_equal(s->num.zstart, 1);
    assert_int_equal(s->num.pcol[0], 5); /* keys not named keep the default */
    test_free(s);
    unlink(path);
}

/* Names parse back, with friendly aliases. */
static void test_names_and_aliases(void **state)
{
    (void)state;
    passfood_state *s = scen(3, "");
    static const struct {
        const char *in, *canon;
    } rows[] = {
        {"done", "carry on"},
        {"  Plate   Center ", "plate centre"},
        {"take ziggy L", "take ziggy lamington"},
        {"swap give fairybread to 3", "swap give fairy bread to 3"},
        {"score col P", "score column pikelet"},
        {"decline", "swap decline"},
        {"ziggy scores row 3", "ziggy scores row 3"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pf_action a;
        char name[64];
        assert_int_equal(pfg()->parse(s, rows[i].in, &a), PF_E_OK);
        assert_true(pfg()->name(s, a, name, sizeof name) > 0);
        assert_string_equal(name, rows[i].canon);
    }
    pf_action a;
    assert_int_equal(pfg()->parse(s, "swap give snake to 4", &a), PF_E_UNKNOWN_ACTION);
    assert_int_equal(pfg()->parse(s, "swap give snake to 0", &a), PF_E_UNKNOWN_ACTION);
    char renamed[48]; /* replays of version 2 counted seats from 0 in names */
    assert_true(pfg()->renamed_since_v2("swap give fairy bread to 0", renamed, sizeof renamed));
    assert_string_equal(renamed, "swap give fairy bread to 1");
    assert_false(pfg()->renamed_since_v2("score row 1", renamed, sizeof renamed));
    assert_int_equal(pfg()->parse(s, "score row 5", &a), PF_E_UNKNOWN_ACTION);
    assert_int_equal(pfg()->parse(s, "ziggy scores row 4", &a), PF_E_UNKNOWN_ACTION);
    test_free(s);
}

/* Resample shuffles the bag only, and two states that differ only in the
 * bag's order resample to the same state. */
static void test_resample_bag_only(void **state)
{
    (void)state;
    passfood_state *a = pf_test_new(pfg(), 3, "difficulty=0;boards=S/S/S;bag=SSBBFF", 5);
    passfood_state *b = pf_test_new(pfg(), 3, "difficulty=0;boards=S/S/S;bag=FFBBSS", 5);
    assert_memory_not_equal(a->bag, b->bag, a->bag_n);
    passfood_state ra = *a, rb = *b;
    pf_rng r1, r2;
    pf_rng_seed(&r1, 99);
    pf_rng_seed(&r2, 99);
    pfg()->resample(&ra, 0, &r1);
    pfg()->resample(&rb, 2, &r2);
    assert_memory_equal(&ra, &rb, sizeof ra);
    /* everything but the bag and the generator is untouched */
    passfood_state x = ra;
    memcpy(x.bag, a->bag, sizeof x.bag);
    x.rng = a->rng;
    assert_memory_equal(&x, a, sizeof x);
    char *va = pf_test_view_text(pfg(), a, 1), *vr = pf_test_view_text(pfg(), &ra, 1);
    assert_string_equal(va, vr);
    free(va);
    free(vr);
    test_free(a);
    test_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ppf1_placement_and_full_column),
        cmocka_unit_test(test_ppf1_column_slides_up),
        cmocka_unit_test(test_ppf2_default_numbers),
        cmocka_unit_test(test_ppf2_default_table),
        cmocka_unit_test(test_ppf2_other_table),
        cmocka_unit_test(test_ppf3_row_from_second_row),
        cmocka_unit_test(test_ppf3_one_set_per_turn_own_turn_only),
        cmocka_unit_test(test_ppf3_ziggy_two_sets_player_chooses),
        cmocka_unit_test(test_ppf4_ziggy_dip_set_waits),
        cmocka_unit_test(test_ppf4_player_dip_set_waits),
        cmocka_unit_test(test_ppf4_two_dips_in_one_move),
        cmocka_unit_test(test_ppf4_start_space_does_not_count),
        cmocka_unit_test(test_ppf5_stop_on_cake),
        cmocka_unit_test(test_ppf5_on_cake_still_distributes),
        cmocka_unit_test(test_ppf5_ziggy_on_cake_loses),
        cmocka_unit_test(test_ppf5_all_on_cake_wins),
        cmocka_unit_test(test_ppf6_caught_on_same_space),
        cmocka_unit_test(test_ppf6_not_caught_at_another_turn),
        cmocka_unit_test(test_ppf7_plates_four_players),
        cmocka_unit_test(test_ppf7_two_players_x_space),
        cmocka_unit_test(test_ppf8_swap_declined),
        cmocka_unit_test(test_ppf8_swap_accepted),
        cmocka_unit_test(test_ppf8_take_breaks_ziggy_set),
        cmocka_unit_test(test_ppf8_token_points),
        cmocka_unit_test(test_ppf8_swap_on_cake),
        cmocka_unit_test(test_ppf9_empty_bag_refilled),
        cmocka_unit_test(test_ppf9_skipped_draw),
        cmocka_unit_test(test_ppf9_turn_limit),
        cmocka_unit_test(test_ppf10_setup),
        cmocka_unit_test(test_ppf10_setup_set_scores_at_first_step2),
        cmocka_unit_test(test_ppf10_tiles_add_up_from_setup),
        cmocka_unit_test(test_ppf10_bad_options),
        cmocka_unit_test(test_names_and_aliases),
        cmocka_unit_test(test_resample_bag_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
