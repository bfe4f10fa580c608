/* test_options.c: options parse, range-check and explain their errors;
 * error codes and messages come from one table. */
#include <stdio.h>
#include <string.h>

#include "pf_test.h"

static void parse_set_get(void **state)
{
    (void)state;
    pf_options o;
    pf_error err;
    pf_options_clear(&o);
    assert_int_equal(pf_options_parse(&o, "difficulty=4", &err), PF_E_OK);
    assert_int_equal(pf_options_parse(&o, "difficulty=5", &err), PF_E_OK); /* replaces */
    assert_int_equal(o.n, 1);
    assert_string_equal(pf_options_get(&o, "difficulty"), "5");
    assert_null(pf_options_get(&o, "missing"));
    assert_int_equal(pf_options_parse(&o, "novalue", &err), PF_E_BAD_OPTION);
    assert_int_equal(pf_options_parse(&o, "=x", &err), PF_E_BAD_OPTION);
    assert_int_equal(pf_options_parse(&o, "empty=", &err), PF_E_OK);
    assert_string_equal(pf_options_get(&o, "empty"), "");
}

static void typed_readers(void **state)
{
    (void)state;
    pf_options o;
    pf_error err;
    int i;
    double d;
    bool b;
    pf_options_clear(&o);
    assert_int_equal(pf_options_int(&o, "n", 3, 0, 6, &i, &err), PF_E_OK);
    assert_int_equal(i, 3);
    pf_options_parse(&o, "n=7", &err);
    assert_int_equal(pf_options_int(&o, "n", 3, 0, 6, &i, &err), PF_E_BAD_OPTION);
    assert_non_null(strstr(err.msg, "from 0 to 6"));
    pf_options_parse(&o, "n=2x", &err);
    assert_int_equal(pf_options_int(&o, "n", 3, 0, 6, &i, &err), PF_E_BAD_OPTION);
    pf_options_parse(&o, "p=0.25", &err);
    assert_int_equal(pf_options_double(&o, "p", 0.5, 0.1, 0.9, &d, &err), PF_E_OK);
    assert_true(d == 0.25);
    pf_options_parse(&o, "p=nan", &err);
    assert_int_equal(pf_options_double(&o, "p", 0.5, 0.1, 0.9, &d, &err), PF_E_BAD_OPTION);
    pf_options_parse(&o, "v=Yes", &err);
    assert_int_equal(pf_options_bool(&o, "v", false, &b, &err), PF_E_OK);
    assert_true(b);
    pf_options_parse(&o, "v=off", &err);
    assert_int_equal(pf_options_bool(&o, "v", true, &b, &err), PF_E_OK);
    assert_false(b);
    pf_options_parse(&o, "v=maybe", &err);
    assert_int_equal(pf_options_bool(&o, "v", true, &b, &err), PF_E_BAD_OPTION);
}

static void from_json(void **state)
{
    (void)state;
    pf_options o;
    pf_error err;
    pf_options_clear(&o);
    cJSON *j = cJSON_Parse("{\"a\":\"x\",\"b\":3,\"c\":true,\"d\":0.5}");
    assert_int_equal(pf_options_from_json(&o, j, &err), PF_E_OK);
    assert_string_equal(pf_options_get(&o, "a"), "x");
    assert_string_equal(pf_options_get(&o, "b"), "3");
    assert_string_equal(pf_options_get(&o, "c"), "true");
    assert_string_equal(pf_options_get(&o, "d"), "0.5");
    cJSON_Delete(j);
    j = cJSON_Parse("{\"a\":[1]}");
    assert_int_equal(pf_options_from_json(&o, j, &err), PF_E_BAD_OPTION);
    cJSON_Delete(j);
    j = cJSON_Parse("[1]");
    assert_int_equal(pf_options_from_json(&o, j, &err), PF_E_BAD_OPTION);
    cJSON_Delete(j);
}

static void too_many_or_too_long(void **state)
{
    (void)state;
    pf_options o;
    pf_error err;
    char kv[32];
    pf_options_clear(&o);
    for (int i = 0; i < PF_OPT_MAX; i++) {
        snprintf(kv, sizeof kv, "k%d=1", i);
        assert_int_equal(pf_options_parse(&o, kv, &err), PF_E_OK);
    }
    assert_int_equal(pf_options_parse(&o, "one_more=1", &err), PF_E_BAD_OPTION);
    static char longval[PF_OPT_VAL + 10];
    memset(longval, 'x', sizeof longval - 1);
    assert_int_equal(pf_options_set(&o, "k0", longval, &err), PF_E_BAD_OPTION);
}

static void error_table(void **state)
{
    (void)state;
    for (int e = 0; e < PF_E__COUNT; e++) {
        assert_int_equal(pf_err_from_code(pf_err_code((pf_err)e)), e);
        assert_true(strlen(pf_strerror((pf_err)e)) > 0);
    }
    assert_int_equal(pf_err_from_code("nonsense"), PF_E__COUNT);
    assert_string_equal(pf_err_code(PF_E_ILLEGAL_ACTION), "illegal_action");
    pf_error err;
    assert_int_equal(pf_error_set(&err, PF_E_BAD_SEAT, "seat %d", 9), PF_E_BAD_SEAT);
    assert_string_equal(err.msg, "seat 9");
    pf_error_set(&err, PF_E_NO_GAME, NULL);
    assert_string_equal(err.msg, pf_strerror(PF_E_NO_GAME));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_set_get),  cmocka_unit_test(typed_readers),
        cmocka_unit_test(from_json),      cmocka_unit_test(too_many_or_too_long),
        cmocka_unit_test(error_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
