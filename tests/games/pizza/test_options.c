/* test_options.c: Pizza Party's options: simpler play (PIZ-5), the fixed
 * grid (C-2, PIZ-1) and the refusals with their messages. */
#include "pizza_scenario.h"

/* 2 seats, no extra slices: 24 toppings, then red 24-25, yellow 26-27. */
#define GRID_NO_EXTRA                                                             \
    "grid=on,on,on,on,on,on,pe,pe, pe,pe,pe,pe,mu,mu,mu,mu,"                      \
    " mu,mu,pp,pp,pp,pp,pp,pp, sr,sr,sy,sy"
/* 2 seats, no extra slices, 2 kinds: onion 0-5, pepper 6-11, red 12-13,
 * yellow 14-15. */
#define GRID_KINDS2 "grid=on,on,on,on,on,on,pe,pe, pe,pe,pe,pe,sr,sr,sy,sy"
/* 3 seats, no extra slices, 3 kinds: onion 0-5, pepper 6-11, mushroom
 * 12-17, red 18-19, yellow 20-21, green 22-23. */
#define GRID_KINDS3                                                               \
    "grid=on,on,on,on,on,on,pe,pe, pe,pe,pe,pe,mu,mu,mu,mu, mu,mu,sr,sr,sy,sy,sg,sg"
/* No switch pieces: the 24 toppings. */
#define GRID_NO_SWITCHES                                                          \
    "grid=on,on,on,on,on,on,pe,pe, pe,pe,pe,pe,mu,mu,mu,mu, mu,mu,pp,pp,pp,pp,pp,pp"

typedef struct option_case {
    const char *name;
    int seats;
    const char *options;
    int cells;          /* pieces in play: legal actions at the start */
    const char *script;
    const char *want;   /* pizza_describe() after the script */
} option_case;

static const option_case cases[] = {
    {"PIZ-5 extra_slices=false: only the players' slices and their switches", 2,
     "extra_slices=false;" GRID_NO_EXTRA, 28,
     "0:flip 0, 1:flip 6, 0:flip 12",
     "r0:on1 y1:pe1 | c' | next 1 | 26 down"},
    {"PIZ-5 extra_slices=false: rule e can only pick the other player's slice", 2,
     "extra_slices=false;" GRID_NO_EXTRA, 28,
     "0:flip 0, 1:flip 6, 0:flip 24, 0:switch yellow",
     "r1:on1 y0:pe1 | e | next 1 | 25 down"},
    {"PIZ-5 kinds=2: two kinds, both soon taken (b)", 2,
     "extra_slices=false;kinds=2;" GRID_KINDS2, 16,
     "0:flip 0, 1:flip 6, 0:flip 7",
     "r0:on1 y1:pe1 | b | next 1 | 14 down"},
    {"PIZ-5 kinds=3 (3 seats): switches of the three slices in play", 3,
     "extra_slices=false;kinds=3;" GRID_KINDS3, 24,
     "0:flip 0, 1:flip 6, 2:flip 12, 0:flip 22",
     "r2:on1 y1:pe1 g0:mu1 | d | next 1 | 20 down"},
    {"PIZ-5 switches=false: toppings only, imaginary slices stay put", 2,
     "switches=false;" GRID_NO_SWITCHES, 24,
     "0:flip 0, 1:flip 1, 0:flip 12",
     "r0:on1 y1:- g~2:- b~3:- | c' | next 1 | 23 down"},
    {"PIZ-5 switches=false (4 seats)", 4,
     "switches=false;" GRID_NO_SWITCHES, 24,
     "0:flip 0, 1:flip 6, 2:flip 12, 3:flip 18, 0:flip 1",
     "r0:on2 y1:pe1 g2:mu1 b3:pp1 | c | next 1 | 19 down"},
    {"PIZ-5 all options at once", 2,
     "extra_slices=false;kinds=2;switches=false;grid=pe,on,pe,on,pe,on,pe,on,pe,on,pe,on",
     12, "0:flip 0, 1:flip 1, 0:flip 3",
     "r0:pe1 y1:on1 | b | next 1 | 10 down"},
    {"C-2: grid accepts full names, any case and spacing", 2,
     "extra_slices=false;kinds=2;switches=false;"
     "grid=Onion, onion,ON ,on,on,on,pepper,PE,pe,pe,pe,pe",
     12, "0:flip 6", "r0:pe1 y1:- | a | next 1 | 11 down"},
};

/* Each option changes the table as PIZ-5 says. */
static void test_option_scenarios(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const option_case *c = &cases[i];
        pizza_state *s = pf_test_new(g, c->seats, c->options, 1);
        if (pf_test_legal_count(g, s, 0) != c->cells)
            fail_msg("%s: %d cells in play, want %d", c->name, pf_test_legal_count(g, s, 0),
                     c->cells);
        pizza_play(g, s, c->script, NULL);
        pizza_expect(s, c->name, c->want);
        test_free(s);
    }
}

/* Without extra slices there is no green or blue slice to name. */
static void test_no_extra_slices_names(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pizza_state *s = pf_test_new(g, 2, "extra_slices=false;" GRID_NO_EXTRA, 1);
    pizza_play(g, s, "0:flip 24", NULL);
    assert_int_equal(pf_test_legal_count(g, s, 0), 1);
    pf_test_refused(g, s, 0, "switch green", 0, PF_E_UNKNOWN_ACTION);
    pf_test_refused(g, s, 0, "flip 28", 0, PF_E_UNKNOWN_ACTION);
    test_free(s);
}

typedef struct refusal {
    int seats;
    const char *options;
    pf_err code;
    const char *says; /* a part of the message */
} refusal;

static const refusal refusals[] = {
    /* PIZ-5: fewer kinds than slices in play. */
    {2, "kinds=3", PF_E_BAD_OPTION, "PIZ-5"},
    {3, "kinds=2;extra_slices=false", PF_E_BAD_OPTION, "PIZ-5"},
    {4, "kinds=3", PF_E_BAD_OPTION, "PIZ-5"},
    {4, "kinds=3;extra_slices=false", PF_E_BAD_OPTION, "PIZ-5"},
    /* Ranges and types. */
    {2, "kinds=1", PF_E_BAD_OPTION, "kinds"},
    {2, "kinds=5", PF_E_BAD_OPTION, "kinds"},
    {2, "switches=maybe", PF_E_BAD_OPTION, "switches"},
    {2, "extra_slices=2", PF_E_BAD_OPTION, "extra_slices"},
    {2, "toppings=3", PF_E_BAD_OPTION, "toppings"},
    {1, "", PF_E_BAD_SEATS, "2 to 4"},
    {5, "", PF_E_BAD_SEATS, "2 to 4"},
    /* The grid must hold exactly the pieces in play. */
    {2, "grid=on,on", PF_E_BAD_OPTION, "grid: 2 pieces given; these options put 32"},
    {2, "grid=on,on,on,on,on,on,pe,pe, pe,pe,pe,pe,mu,mu,mu,mu,"
        " mu,mu,pp,pp,pp,pp,pp,pp, sr,sr,sy,sy,sg,sg,sb,xx",
     PF_E_BAD_OPTION, "'xx' is not a piece code"},
    {2, "grid=on,on,on,on,on,on,on,pe, pe,pe,pe,pe,mu,mu,mu,mu,"
        " mu,mu,pp,pp,pp,pp,pp,pp, sr,sr,sy,sy,sg,sg,sb,sb",
     PF_E_BAD_OPTION, "grid: 7 pieces 'on' given; these options put 6"},
    {2, "grid=on on", PF_E_BAD_OPTION, "separated by commas"},
    {2, "switches=false;" GRID_ALL, PF_E_BAD_OPTION, "more than 24"},
    {2, "extra_slices=false;" GRID_ALL, PF_E_BAD_OPTION, "more than 28"},
    {3, "extra_slices=false;kinds=3;" GRID_KINDS2, PF_E_BAD_OPTION, "grid: 16 pieces given"},
};

/* Impossible or malformed options are refused with a message that names
 * the problem. */
static void test_refusals(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        const refusal *r = &refusals[i];
        pf_error err;
        pf_err got = pf_test_init_error(g, r->seats, r->options, &err);
        if (got != r->code || !strstr(err.msg, r->says))
            fail_msg("%d seats '%s': want %s saying '%s', got %s: %s", r->seats, r->options,
                     pf_err_code(r->code), r->says, pf_err_code(got), err.msg);
    }
}

/* Every allowed combination is accepted, with the right number of pieces. */
static void test_accepted(void **state)
{
    (void)state;
    static const struct {
        int seats;
        const char *options;
        int cells;
    } ok[] = {
        {2, "", 32}, {3, "", 32}, {4, "", 32},
        {2, "extra_slices=false", 28}, {3, "extra_slices=false", 30},
        {4, "extra_slices=false", 32}, {2, "extra_slices=false;kinds=2", 16},
        {2, "extra_slices=false;kinds=3", 22}, {3, "extra_slices=false;kinds=3", 24},
        {2, "switches=false", 24}, {2, "extra_slices=false;kinds=2;switches=false", 12},
        {3, "extra_slices=no;kinds=3;switches=off", 18}, {4, "switches=0", 24},
    };
    const pf_game *g = pf_test_game("pizza");
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        pizza_state *s = pf_test_new(g, ok[i].seats, ok[i].options, 7);
        if (s->ncells != ok[i].cells || pf_test_legal_count(g, s, 0) != ok[i].cells)
            fail_msg("%d seats '%s': %d cells, want %d", ok[i].seats, ok[i].options,
                     s->ncells, ok[i].cells);
        test_free(s);
    }
}

/* C-2: without a grid the seed decides the layout, the same seed the same. */
static void test_seeded_shuffle(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pizza_state *a = pf_test_new(g, 4, "", 11), *b = pf_test_new(g, 4, "", 11);
    pizza_state *c = pf_test_new(g, 4, "", 12);
    assert_memory_equal(a->cell, b->cell, sizeof a->cell);
    assert_memory_not_equal(a->cell, c->cell, sizeof a->cell);
    /* The fixed grid is used as given, whatever the seed. */
    pizza_state *d = pf_test_new(g, 2, GRID_ALL, 11), *e = pf_test_new(g, 2, GRID_ALL, 99);
    assert_memory_equal(d->cell, e->cell, sizeof d->cell);
    assert_int_equal(d->cell[0], 0);
    assert_int_equal(d->cell[31], PIZZA_SWITCH(3));
    test_free(a), test_free(b), test_free(c), test_free(d), test_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_option_scenarios),
        cmocka_unit_test(test_no_extra_slices_names),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_accepted),
        cmocka_unit_test(test_seeded_shuffle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
