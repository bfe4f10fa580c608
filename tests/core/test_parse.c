/* test_parse.c: strict numbers and UTF-8 for input from outside. */
#include <string.h>

#include "partyfood/parse.h"
#include "pf_test.h"

static void whole_numbers_are_strict(void **state)
{
    (void)state;
    long long x = 7;
    assert_true(pf_parse_int("42", 0, 100, &x) && x == 42);
    assert_true(pf_parse_int("-5", -10, 10, &x) && x == -5);
    assert_false(pf_parse_int("abc", 0, 100, &x));
    assert_false(pf_parse_int("", 0, 100, &x));
    assert_false(pf_parse_int("1e3", 0, 10000, &x));
    assert_false(pf_parse_int("2.9", 0, 10, &x));
    assert_false(pf_parse_int(" 4", 0, 10, &x));
    assert_false(pf_parse_int("101", 0, 100, &x));
    assert_false(pf_parse_int("-9223372036854775809", -5, 5, &x));
    assert_false(pf_parse_int("99999999999999999999", 0, 100, &x));
    assert_true(x == -5); /* refusals leave *out alone */
}

static void reals_are_finite_and_in_range(void **state)
{
    (void)state;
    double d = 0;
    assert_true(pf_parse_real("0.5", 0, 1, &d) && d == 0.5);
    assert_true(pf_parse_real("1e1", 0, 100, &d) && d == 10);
    assert_false(pf_parse_real("inf", 0, 1e9, &d));
    assert_false(pf_parse_real("nan", 0, 1e9, &d));
    assert_false(pf_parse_real("1e999", 0, 1e9, &d));
    assert_false(pf_parse_real("2x", 0, 10, &d));
    assert_false(pf_parse_real("11", 0, 10, &d));
}

static void json_integers_never_cast_out_of_range(void **state)
{
    (void)state;
    long long x = 3;
    cJSON *n = cJSON_CreateNumber(2.9);
    assert_false(pf_json_int(n, 0, 10, &x));
    cJSON_SetNumberValue(n, 1e300);
    assert_false(pf_json_int(n, 0, PF_JSON_INT_MAX, &x));
    cJSON_SetNumberValue(n, -1e300);
    assert_false(pf_json_int(n, -PF_JSON_INT_MAX, PF_JSON_INT_MAX, &x));
    cJSON_SetNumberValue(n, 4);
    assert_true(pf_json_int(n, 2, 4, &x) && x == 4);
    cJSON_Delete(n);
    cJSON *s = cJSON_CreateString("4");
    assert_false(pf_json_int(s, 0, 10, &x));
    cJSON_Delete(s);
}

static void utf8_is_checked_and_never_split(void **state)
{
    (void)state;
    assert_true(pf_utf8_valid("pancake \xc3\xa9", 10));
    assert_false(pf_utf8_valid("\xff", 1));
    assert_false(pf_utf8_valid("\xc0\xaf", 2));         /* overlong '/' */
    assert_false(pf_utf8_valid("\xed\xa0\x80", 3));     /* a surrogate */
    assert_false(pf_utf8_valid("a\0b", 3));             /* a NUL inside */
    assert_false(pf_utf8_valid("\xe2\x82", 2));         /* cut short */
    /* "é" is two bytes: a 2-byte limit after "a" keeps "a" alone. */
    assert_int_equal(pf_utf8_prefix("a\xc3\xa9z", 2), 1);
    assert_int_equal(pf_utf8_prefix("a\xc3\xa9z", 3), 3);
    assert_int_equal(pf_utf8_prefix("abc", 10), 3);
}

static void printable_text_has_no_controls(void **state)
{
    (void)state;
    char out[32];
    assert_string_equal(pf_text_printable("ana", out, sizeof out), "ana");
    assert_string_equal(pf_text_printable("\x1b]0;pwned\x07", out, sizeof out), "?]0;pwned?");
    assert_string_equal(pf_text_printable("a\xc2\x9b" "b", out, sizeof out), "a?b");
    assert_string_equal(pf_text_printable("caf\xc3\xa9", out, sizeof out), "caf\xc3\xa9");
    assert_string_equal(pf_text_printable("caf\xc3\xa9", out, 5), "caf");
    assert_string_equal(pf_text_printable("x\xff", out, sizeof out), "x?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_numbers_are_strict),
        cmocka_unit_test(reals_are_finite_and_in_range),
        cmocka_unit_test(json_integers_never_cast_out_of_range),
        cmocka_unit_test(utf8_is_checked_and_never_split),
        cmocka_unit_test(printable_text_has_no_controls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
