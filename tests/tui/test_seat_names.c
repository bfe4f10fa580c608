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
    tui_game g = {.t = pf_table_create(pf_test_game("passfood"), &seats, NULL, 1, NULL, NULL,
                                       NULL, &err)};
    assert_non_null(g.t);
    char line[128];
    snprintf(line, sizeof line, "%s offers a swap to %s", tui__seat_name(&g, 0),
             tui__seat_name(&g, 1));
    assert_string_equal(line, "ana offers a swap to ben");
    snprintf(line, sizeof line, "%s offers a swap to %s", tui__seat_name(&g, 2),
             tui__seat_name(&g, 0));
    assert_string_equal(line, "bot greedy offers a swap to ana");
    snprintf(line, sizeof line, "%s, %s", tui__seat_name(&g, 3), tui__seat_name(&g, -1));
    assert_string_equal(line, "?, ?");
    pf_table_destroy(g.t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_names_in_one_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
