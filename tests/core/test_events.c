/* test_events.c: events carry their facts (fields, the memory mark, the
 * seats their text names) and their text reads with any seat names. */
#include <string.h>

#include "partyfood/seating.h"
#include "pf_test.h"

static void facts_go_with_the_event_just_added(void **state)
{
    (void)state;
    pf_event buf[2];
    pf_events ev = {buf, 0, 2, 0};
    static const char *const faces[] = {"panda", "2"};
    pf_events_add(&ev, -1, "roll", PF_SEAT " rolls P 2", 3);
    pf_events_int(&ev, "seat", 3);
    pf_events_list(&ev, "faces", faces, 2);
    pf_events_add(&ev, 1, "peek", "You peek: %s", "kiwi");
    pf_events_str(&ev, "topping", "kiwi");
    pf_events_real(&ev, "p", 0.72);
    pf_events_bool(&ev, "stands", true);
    pf_events_memory(&ev);
    assert_string_equal(buf[0].text, "seat 4 rolls P 2"); /* texts count from 1 */
    assert_int_equal(buf[0].nfields, 2);
    assert_false(buf[0].memory);
    assert_int_equal(pf_event_find(&buf[0], "seat")->v.i, 3);
    const pf_event_field *f = pf_event_find(&buf[0], "faces");
    assert_int_equal(f->count, 2);
    assert_string_equal(buf[0].item[f->first + 1], "2");
    assert_true(buf[1].memory);
    assert_string_equal(pf_event_find(&buf[1], "topping")->v.s, "kiwi");
    assert_true(pf_event_find(&buf[1], "p")->v.r == 0.72);
    assert_int_equal(pf_event_find(&buf[1], "stands")->type, PF_FIELD_BOOL);
    assert_null(pf_event_find(&buf[1], "seat"));
    /* Full: the event is dropped, and its facts do not land on the last one. */
    pf_events_add(&ev, -1, "stop", "dropped");
    pf_events_int(&ev, "seat", 0);
    pf_events_memory(&ev);
    assert_int_equal(ev.dropped, 1);
    assert_int_equal(buf[1].nfields, 3);
    /* No buffer (a playout): nothing, and nothing to crash on. */
    pf_events_int(NULL, "seat", 0);
    pf_events_memory(NULL);
    pf_events none = {NULL, 0, 0, 0};
    pf_events_add(&none, -1, "x", "y");
    pf_events_str(&none, "piece", "onion");
}

static void texts_read_with_the_seats_names(void **state)
{
    (void)state;
    pf_event e;
    pf_events ev = {&e, 0, 1, 0};
    pf_events_add(&ev, -1, "swap", PF_SEAT_CAP " gives a snake to " PF_SEAT " (row 2, seat 9)", 0,
                  2);
    char buf[160];
    assert_string_equal(pf_event_render(&e, NULL, buf, sizeof buf),
                        "Seat 1 gives a snake to seat 3 (row 2, seat 9)");
    pf_seating s = {.n = 3};
    strcpy(s.name[0], "ana");
    strcpy(s.name[1], "medium");
    strcpy(s.name[2], "medium");
    s.bot[1] = s.bot[2] = pf_bot_find(pf_test_game("passfood"), "medium");
    pf_seat_names names;
    pf_seating_names(&s, 0, &names);
    /* Only the marked seats are names; identical bots read apart. */
    assert_string_equal(pf_event_render(&e, &names, buf, sizeof buf),
                        "ana (you) gives a snake to medium 2 (row 2, seat 9)");
    pf_seating_names(&s, -1, &names);
    assert_string_equal(names.name[1], "medium 1");
    strcpy(s.name[0], "");
    pf_seating_names(&s, 2, &names);
    assert_string_equal(pf_event_render(&e, &names, buf, sizeof buf),
                        "seat 1 gives a snake to medium 2 (you) (row 2, seat 9)");
    /* A person called You is not marked twice, and is spoken to. */
    strcpy(s.name[0], "You");
    pf_seating_names(&s, 0, &names);
    assert_string_equal(pf_event_render(&e, &names, buf, sizeof buf),
                        "You give a snake to medium 2 (row 2, seat 9)");
    /* A short buffer cuts, never inside a name's character. */
    strcpy(s.name[0], "\xc3\xa9l\xc3\xa9");
    pf_seating_names(&s, -1, &names);
    char small[3];
    assert_string_equal(pf_event_render(&e, &names, small, sizeof small), "\xc3\xa9");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(facts_go_with_the_event_just_added),
        cmocka_unit_test(texts_read_with_the_seats_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
