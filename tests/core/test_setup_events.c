/* test_setup_events.c: steps the rules play while setting a game up report
 * their events like any step's (pf_state_init_events, pf_match_create_events),
 * so a client sees them without comparing views. */
#include <stdlib.h>
#include <string.h>

#include "pf_test.h"

#define CAP 64

/* The events of setting up id with these seats, options and seed. */
static pf_events setup(const char *id, int seats, const char *spec, uint64_t seed,
                       pf_event *buf)
{
    const pf_game *g = pf_test_game(id);
    pf_options opt;
    pf_test_options(&opt, spec);
    pf_events ev = {buf, 0, CAP, 0};
    void *st = malloc(g->state_size);
    pf_error err;
    if (pf_state_init_events(g, st, seats, &opt, seed, &ev, &err) != PF_E_OK)
        fail_msg("%s: %s", id, err.msg);
    free(st);
    return ev;
}

/* The text of the first event of this kind, or NULL. */
static const char *text_of(const pf_events *ev, const char *kind)
{
    for (int i = 0; i < ev->n; i++)
        if (strcmp(ev->buf[i].kind, kind) == 0)
            return ev->buf[i].text;
    return NULL;
}

/* Pancake: the first chef draws the pan full at setup (YYP). */
static void pancake_first_draw(void **state)
{
    (void)state;
    pf_event buf[CAP];
    pf_events ev = setup("pancake", 2, "", 3, buf);
    const char *draw = text_of(&ev, "draw");
    assert_non_null(draw);
    assert_non_null(strstr(draw, "Seat 1 is chef and draws"));
    assert_int_equal(ev.buf[0].to, -1);
}

/* Pass the Party Food: the starting boards are announced, and with no token
 * to use, the first turn's start runs at setup: Ziggy grabs a tile. */
static void passfood_boards_and_ziggy(void **state)
{
    (void)state;
    pf_event buf[CAP];
    pf_events ev = setup("passfood", 2, "swaps=0;takes=0;bag=BL", 1, buf);
    bool seat0 = false, seat1 = false, ziggy = false;
    for (int i = 0; i < ev.n; i++) {
        assert_int_equal(buf[i].to, -1);
        if (strcmp(buf[i].kind, "setup") == 0) {
            seat0 |= strncmp(buf[i].text, "Seat 1 starts with", 18) == 0;
            seat1 |= strncmp(buf[i].text, "Seat 2 starts with", 18) == 0;
            ziggy |= strncmp(buf[i].text, "Ziggy starts with", 17) == 0;
        }
    }
    assert_true(seat0 && seat1 && ziggy);
    /* The bag's top tiles go to seat 0 first (B then L): the boards say so. */
    const char *first = text_of(&ev, "setup");
    assert_string_equal(first, "Seat 1 starts with 1 biscuit, 1 lamington.");
    assert_non_null(text_of(&ev, "zdraw"));
}

/* A match created with events has the same state as one without, and the
 * same events as the state's init. */
static void match_create_events(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pancake");
    pf_event buf[CAP], buf2[CAP];
    pf_events ev = {buf, 0, CAP, 0};
    pf_error err;
    pf_match *a = pf_match_create_events(g, 3, NULL, 9, &ev, &err);
    pf_match *b = pf_match_create(g, 3, NULL, 9, &err);
    assert_non_null(a);
    assert_non_null(b);
    assert_memory_equal(a->state, b->state, g->state_size);
    pf_events ev2 = setup("pancake", 3, "", 9, buf2);
    assert_int_equal(ev.n, ev2.n);
    for (int i = 0; i < ev.n; i++)
        assert_string_equal(buf[i].text, buf2[i].text);
    pf_match_destroy(a);
    pf_match_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pancake_first_draw),
        cmocka_unit_test(passfood_boards_and_ziggy),
        cmocka_unit_test(match_create_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
