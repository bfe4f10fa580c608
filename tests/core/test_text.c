/* test_text.c: the bounded string builder never writes past its buffer,
 * says when it cut, and never cuts a UTF-8 character in half. */
#include <string.h>

#include "partyfood/text.h"
#include "pf_test.h"

static void appends_while_it_fits(void **state)
{
    (void)state;
    char buf[32];
    pf_text t;
    pf_text_init(&t, buf, sizeof buf);
    assert_string_equal(buf, "");
    pf_text_put(&t, "seat %d", 3);
    pf_text_put(&t, ": %s\n", "ok");
    assert_string_equal(buf, "seat 3: ok\n");
    assert_int_equal(t.len, strlen(buf));
    assert_false(t.cut);
}

static void exactly_full_is_not_cut(void **state)
{
    (void)state;
    char buf[6];
    pf_text t;
    pf_text_init(&t, buf, sizeof buf);
    pf_text_put(&t, "%s", "abcde");
    pf_text_put(&t, "%s", "");
    assert_string_equal(buf, "abcde");
    assert_false(t.cut);
}

static void cuts_at_the_end_and_stays_cut(void **state)
{
    (void)state;
    char buf[16];
    memset(buf, 'x', sizeof buf);
    pf_text t;
    pf_text_init(&t, buf, 8); /* the bytes after 8 are a guard */
    pf_text_put(&t, "%s", "0123456789");
    assert_true(t.cut);
    assert_string_equal(buf, "0123456");
    assert_int_equal(t.len, 7);
    pf_text_put(&t, "z");
    assert_string_equal(buf, "0123456");
    for (size_t i = 8; i < sizeof buf; i++)
        assert_int_equal(buf[i], 'x');
}

static void never_splits_a_character(void **state)
{
    (void)state;
    char buf[6];
    pf_text t;
    pf_text_init(&t, buf, sizeof buf);
    /* "ab" then a 3-byte character, which would need bytes 2-4, then "é" */
    pf_text_put(&t, "ab\xe2\x82\xac\xc3\xa9");
    assert_true(t.cut);
    assert_string_equal(buf, "ab\xe2\x82\xac");
    pf_text_init(&t, buf, 4);
    pf_text_put(&t, "ab\xe2\x82\xac");
    assert_string_equal(buf, "ab"); /* no lone lead byte */
    assert_int_equal(t.len, 2);
}

static void an_empty_buffer_takes_nothing(void **state)
{
    (void)state;
    char guard = 'x';
    pf_text t;
    pf_text_init(&t, &guard, 0);
    pf_text_put(&t, "anything");
    assert_true(t.cut);
    assert_int_equal(guard, 'x');
    char one[1];
    pf_text_init(&t, one, 1);
    pf_text_put(&t, "a");
    assert_true(t.cut);
    assert_int_equal(one[0], '\0');
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(appends_while_it_fits),
        cmocka_unit_test(exactly_full_is_not_cut),
        cmocka_unit_test(cuts_at_the_end_and_stays_cut),
        cmocka_unit_test(never_splits_a_character),
        cmocka_unit_test(an_empty_buffer_takes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
