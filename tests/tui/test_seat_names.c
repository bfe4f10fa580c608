/* test_seat_names.c: seat names on the full-screen client's lines. */
#include <stdio.h>
#include <string.h>

#include "pf_test.h"
#include "tui/tui_int.h"

/* Two names in one expression stay two names: the Pass the Party Food swap
 * line once read "ana offers a swap to ana" when ben was asked. */
static void two_names_in_one_line(void **state)
{
    (void)state;
    pf_seating seats = {.n = 3};
    strcpy(seats.name[0], "ana");
    strcpy(seats.name[1], "ben");
    strcpy(seats.name[2], "greedy");
    seats.bot[2] = pf_bot_find(pf_test_game("passfood"), "random");
    assert_non_null(seats.bot[2]);
    pf_error err;
    pf_table *t = pf_table_create(pf_test_game("passfood"), &seats, NULL, 1, NULL, NULL, NULL,
                                  &err);
    assert_non_null(t);
    tui_game g = {.t = t, .own = t};
    char line[128];
    snprintf(line, sizeof line, "%s offers a swap to %s", tui__seat_name(&g, 0),
             tui__seat_name(&g, 1));
    assert_string_equal(line, "ana offers a swap to ben");
    snprintf(line, sizeof line, "%s offers a swap to %s", tui__seat_name(&g, 2),
             tui__seat_name(&g, 0));
    assert_string_equal(line, "bot greedy offers a swap to ana");
    snprintf(line, sizeof line, "%s, %s", tui__seat_name(&g, 3), tui__seat_name(&g, -1));
    assert_string_equal(line, "?, ?");
    pf_table_destroy(t);
}

/* Identical bots (and people of one name) read apart (issue 13): "ask
 * bot schemer / ask bot schemer" told a person nothing. */
static void identical_seats_read_apart(void **state)
{
    (void)state;
    const pf_game *pc = pf_test_game("pancake");
    pf_seating seats = {.n = 4};
    strcpy(seats.name[0], "ana");
    strcpy(seats.name[1], "schemer");
    strcpy(seats.name[2], "schemer");
    strcpy(seats.name[3], "random");
    seats.bot[1] = seats.bot[2] = pf_bot_find(pc, "schemer");
    seats.bot[3] = pf_bot_find(pc, "random");
    assert_non_null(seats.bot[1]);
    assert_non_null(seats.bot[3]);
    pf_error err;
    pf_table *t = pf_table_create(pc, &seats, NULL, 1, NULL, NULL, NULL, &err);
    assert_non_null(t);
    tui_game g = {.t = t, .own = t};
    char line[160];
    snprintf(line, sizeof line, "%s|%s|%s|%s", tui__seat_name(&g, 0), tui__seat_name(&g, 1),
             tui__seat_name(&g, 2), tui__seat_name(&g, 3));
    assert_string_equal(line, "ana|schemer 1|schemer 2|bot random");
    pf_table_destroy(t);
}

/* A seat called "you" is spoken to in the second person (issue 13): never
 * "you has too many dice", "in you's hand" or "you tosses". */
static void you_in_the_second_person(void **state)
{
    (void)state;
    const pf_game *pc = pf_test_game("pancake");
    pf_seating seats = {.n = 2};
    strcpy(seats.name[0], "you");
    strcpy(seats.name[1], "ben");
    pf_error err;
    pf_table *t = pf_table_create(pc, &seats, NULL, 1, NULL, NULL, NULL, &err);
    assert_non_null(t);
    tui_game g = {.t = t, .own = t};
    g.seats = pf_table_seating(g.t);
    g.m = pf_table_match(g.t);
    g.scr = &tui__screen_generic;
    pf_table_event e = {.step = 0};
    pf_events one = {&e.ev, 0, 1, 0};
    /* An event as a game writes it: each seat marked, counted from 0. */
#define SAY(...) (one.n = 0, pf_events_add(&one, -1, "x", __VA_ARGS__))
    char line[200];
    SAY(PF_SEAT " has too many dice; in " PF_SEAT "'s hand; " PF_SEAT " now has it; " PF_SEAT
                " tosses; " PF_SEAT " tosses; " PF_SEAT " turned over cell 4",
        0, 0, 0, 0, 1, 0);
    tui__log_text(&g, &e, line, sizeof line);
    assert_string_equal(line, "you have too many dice; in your hand; you now have it; you toss; "
                              "ben tosses; you turned over cell 4");
    SAY(PF_SEAT " puts it down. " PF_SEAT " hands out the plates.", 0, 0);
    tui__log_text(&g, &e, line, sizeof line);
    assert_string_equal(line, "you put it down. you hand out the plates.");
    /* When "you" opens the event, the verbs after "and" and "their" follow. */
    SAY(PF_SEAT_CAP " is chef and draws 2 kiwi", 0);
    tui__log_text(&g, &e, line, sizeof line);
    assert_string_equal(line, "you are chef and draw 2 kiwi");
    SAY(PF_SEAT " turned over their own colour and picks a slice", 0);
    tui__log_text(&g, &e, line, sizeof line);
    assert_string_equal(line, "you turned over your own colour and pick a slice");
    SAY(PF_SEAT_CAP " gives a snake to " PF_SEAT " and gets a kiwi back.", 1, 0);
    tui__log_text(&g, &e, line, sizeof line);
    assert_string_equal(line, "ben gives a snake to you and gets a kiwi back.");
    SAY(PF_SEAT_CAP " stops sharing. " PF_SEAT " shows it.", 0, 0);
    tui__log_text(&g, &e, line, sizeof line);
    assert_string_equal(line, "you stop sharing. you show it.");
    /* Only the marked seats are names: "seat 2" written as words stays. */
    SAY("row 2 of seat 2's board, as " PF_SEAT " said", 1);
    tui__log_text(&g, &e, line, sizeof line);
    assert_string_equal(line, "row 2 of seat 2's board, as ben said");
#undef SAY
    pf_table_destroy(t);
}

/* A game's own text (the table printout of the line mode) names its seats
 * "Seat N": a seat called "you" takes the second person there too, and a
 * column of names stays a column. */
static void game_text_speaks_to_you(void **state)
{
    (void)state;
    pf_seating seats = {.n = 2};
    strcpy(seats.name[0], "you");
    strcpy(seats.name[1], "ben");
    char line[200];
    pf_seating_name_text(&seats, 0, "Seat 1 tosses: a flick. Seat 2 shares: 'pick'", line,
                         sizeof line);
    assert_string_equal(line, "you toss: a flick. ben shares: 'pick'");
    pf_seating_name_text(&seats, 0, "Seat 1 needs a kiwi; Seat 2 needs a kiwi", line, sizeof line);
    assert_string_equal(line, "you need a kiwi; ben needs a kiwi");

    /* Pizza Party's slice rows: the names start and end in one column. */
    const pf_game *pz = pf_test_game("pizza");
    pf_error err;
    pf_table *t = pf_table_create(pz, &seats, NULL, 1, NULL, NULL, NULL, &err);
    assert_non_null(t);
    const pf_match *m = pf_table_match(t);
    char text[4096], named[4096];
    m->game->render(m->state, 0, text, sizeof text);
    pf_seating_name_text(&seats, 0, text, named, sizeof named);
    const char *red = strstr(named, "\n  red    "), *yellow = strstr(named, "\n  yellow ");
    assert_non_null(red);
    assert_non_null(yellow);
    /* "you" and "ben" padded alike: the slices' contents in one column */
    assert_int_equal(strstr(red, "empty") - red, strstr(yellow, "empty") - yellow);
    pf_table_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_names_in_one_line),
        cmocka_unit_test(identical_seats_read_apart),
        cmocka_unit_test(you_in_the_second_person),
        cmocka_unit_test(game_text_speaks_to_you),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
