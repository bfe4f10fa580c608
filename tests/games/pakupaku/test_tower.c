/* test_tower.c: the static tower physics of ruling PAKU-5 (pakupaku_tower.c), on
 * hand-built towers: a table of towers and whether (and where) they fall. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "games/pakupaku/pakupaku_tower.h"

#define P PAKUPAKU__PLATE
#define B PAKUPAKU__BOWL
#define C PAKUPAKU__CUP
#define U(x) ((int32_t)((x) * PAKUPAKU__UNIT))

/* A tower from a list of (type, offset) pairs, bottom first. */
typedef struct row {
    const char *name; /* the ruling and the situation */
    int n;
    int type[6];
    double x[6];
    int fall; /* expected pakupaku__tower_first_fall */
} row;

static const row rows[] = {
    {"PAKU-5 first piece stands anywhere on the mat", 1, {C}, {17.0}, -1},
    {"PAKU-5 a cup 4.0 off a cup stands (on the end counts as inside)", 2, {C, C},
     {0, 4.0}, -1},
    {"PAKU-5 a cup 4.1 off a cup falls", 2, {C, C}, {0, 4.1}, 1},
    {"PAKU-5 a cup -4.1 off a cup falls (left side too)", 2, {C, C}, {0, -4.1}, 1},
    {"PAKU-5 a plate 4.5 off a plate stands", 2, {P, P}, {0, 4.5}, -1},
    {"PAKU-5 a plate on a cup is fragile: 4.5 off falls", 2, {C, P}, {0, 4.5}, 1},
    {"PAKU-5 a plate on a cup 4.0 off stands", 2, {C, P}, {0, 4.0}, -1},
    {"PAKU-5 a cup 9.0 off a plate stands (overlap 5..10)", 2, {P, C}, {0, 9.0}, -1},
    {"PAKU-5 a cup 10.5 off a plate falls", 2, {P, C}, {0, 10.5}, 1},
    {"PAKU-5 a bowl 7.5 off a bowl falls", 2, {B, B}, {0, 7.5}, 1},
    {"PAKU-5 a cup on a cup 3.0 off stands", 2, {C, C}, {0, 3.0}, -1},
    {"PAKU-5 a plate 3.0 off a cup stands on its own", 2, {C, P}, {0, 3.0}, -1},
    /* the whole upper load counts: cup at 3, plate at 6; load of joint 1 is
     * (1*3 + 3*6)/4 = 5.25 > 4 although each piece alone would stand */
    {"PAKU-5 the load of the upper tower counts (falls low)", 3, {C, C, P},
     {0, 3.0, 3.0}, 1},
    /* a counterweight helps: cup at 4.5 alone falls, a plate at abs 1.0 pulls
     * the load of joint 1 to (4.5 + 3)/4 = 1.875 */
    {"PAKU-5 a counterweight on top saves a leaning cup", 3, {C, C, P},
     {0, 4.5, -3.5}, -1},
    {"PAKU-5 the lowest failing joint is reported", 4, {P, C, C, C},
     {0, 9.9, 4.5, 0}, 1},
};

static void build(pakupaku__tower *t, const row *r)
{
    memset(t, 0, sizeof *t);
    t->n = (uint8_t)r->n;
    for (int k = 0; k < r->n; k++) {
        t->type[k] = (uint8_t)r->type[k];
        t->x[k] = U(r->x[k]);
    }
}

static void table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pakupaku__tower t;
        build(&t, &rows[i]);
        int got = pakupaku__tower_first_fall(&t);
        if (got != rows[i].fall)
            fail_msg("%s: first_fall %d, expected %d", rows[i].name, got, rows[i].fall);
        assert_int_equal(pakupaku__tower_stands(&t), rows[i].fall < 0);
        double m = pakupaku__tower_margin(&t);
        if (rows[i].fall < 0 ? m < 0 : m >= 0)
            fail_msg("%s: margin %g has the wrong sign", rows[i].name, m);
    }
}

/* PAKU-5: a centred tower of all 24 pieces, in any order, stands. */
static void centred_24_stands(void **state)
{
    (void)state;
    static const int orders[3][3] = {{P, B, C}, {C, B, P}, {B, C, P}};
    for (int o = 0; o < 3; o++) {
        pakupaku__tower t;
        memset(&t, 0, sizeof t);
        for (int k = 0; k < PAKUPAKU__PIECES; k++)
            t.type[t.n++] = (uint8_t)orders[o][k % 3];
        assert_true(pakupaku__tower_stands(&t));
        assert_true(pakupaku__tower_margin(&t) == 4.0); /* cup joints: half a cup */
        assert_int_equal(pakupaku__tower_height(&t), 8 * (2 + 6 + 9));
    }
}

/* PAKU-5: a leaning 24-piece tower falls at its bottom joint because the
 * load above it adds up, while every single joint leans by a small amount. */
static void lean_adds_up(void **state)
{
    (void)state;
    pakupaku__tower t;
    memset(&t, 0, sizeof t);
    for (int k = 0; k < PAKUPAKU__PIECES; k++) {
        t.type[t.n] = C;
        t.x[t.n++] = k ? U(0.35) : 0;
    }
    /* each cup sits 0.35 off the one below: the load above joint 1 has its
     * centre 0.35 * (1 + 23) / 2 = 4.2 off the bottom cup, outside 4 */
    assert_int_equal(pakupaku__tower_first_fall(&t), 1);
    t.n = 12; /* half as tall: 0.35 * 6 = 2.1, inside */
    assert_true(pakupaku__tower_stands(&t));
}

/* The absolute centre of a piece sums the offsets below it. */
static void absolute_positions(void **state)
{
    (void)state;
    pakupaku__tower t;
    build(&t, &rows[13]);
    assert_int_equal(pakupaku__tower_at(&t, 0), 0);
    assert_int_equal(pakupaku__tower_at(&t, 1), U(4.5));
    assert_int_equal(pakupaku__tower_at(&t, 2), U(1.0));
}

/* PAKU-5: the weakest joint and its margin (the page wobbles the tower by
 * them): cup at 3 on a plate, cup at 6 on it; joint 2's load (the top cup,
 * centre 6) is 1 from its support's end [2, 7], joint 1's (centre 4.5) 2.5
 * from [-1, 7]. On a tie the lowest joint; no joint under 2 pieces. */
static void weakest_joint(void **state)
{
    (void)state;
    static const row leaning = {"", 3, {P, C, C}, {0, 3.0, 3.0}, -1};
    static const row even = {"", 3, {P, C, C}, {0, 5.0, 0}, -1};
    pakupaku__tower t;
    double margin;
    build(&t, &leaning);
    assert_int_equal(pakupaku__tower_weakest(&t, &margin), 2);
    assert_true(margin == 1.0);
    build(&t, &even);
    assert_int_equal(pakupaku__tower_weakest(&t, &margin), 1);
    assert_true(margin == 4.0);
    build(&t, &rows[0]);
    assert_int_equal(pakupaku__tower_weakest(&t, &margin), -1);
    assert_true(margin >= 1e9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table),
        cmocka_unit_test(centred_24_stands),
        cmocka_unit_test(lean_adds_up),
        cmocka_unit_test(absolute_positions),
        cmocka_unit_test(weakest_joint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
