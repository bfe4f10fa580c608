/* test_option_text.c: an option's value through the protocol is text, never
 * a file name: the rules and the engine open no file (docs/design.md), and
 * a value past PF_OPT_VAL is refused, not cut. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/passfood/passfood.h"
#include "partyfood/file.h"
#include "partyfood/session.h"
#include "pf_test.h"

/* The answer to a passfood "new" whose option numbers is value (caller
 * deletes). */
static cJSON *new_with_numbers(pf_session *s, const char *value)
{
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "cmd", "new");
    cJSON_AddStringToObject(req, "game", "passfood");
    cJSON_AddStringToObject(cJSON_AddObjectToObject(req, "options"), "numbers", value);
    char *line = cJSON_PrintUnformatted(req);
    cJSON *r = pf_test_ask(s, line);
    free(line);
    cJSON_Delete(req);
    return r;
}

static bool answered_ok(const cJSON *r)
{
    return cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
}

/* "bad_option: message", or "ok". */
static const char *refusal(const cJSON *r, char *buf, size_t n)
{
    if (answered_ok(r))
        return "ok";
    const cJSON *e = cJSON_GetObjectItem(r, "error");
    snprintf(buf, n, "%s: %s", cJSON_GetObjectItem(e, "code")->valuestring,
             cJSON_GetObjectItem(e, "message")->valuestring);
    return buf;
}

/* A path is refused as a table, without reading the file: the message
 * quotes none of its content, even when that content is a valid table. */
static void a_path_is_not_a_table(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    char buf[512];
    cJSON *r = new_with_numbers(&s, "/etc/passwd");
    const char *why = refusal(r, buf, sizeof buf);
    assert_non_null(strstr(why, "bad_option: "));
    assert_null(strstr(why, "root"));
    cJSON_Delete(r);

    char path[] = "/tmp/pf-table-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    const char *table = "cake: 40\n";
    assert_int_equal(pf_file_write_atomic(path, table, strlen(table), NULL), PF_E_OK);
    char at[64];
    snprintf(at, sizeof at, "@%s", path);
    const char *const values[] = {path, at};
    for (int i = 0; i < 2; i++) {
        r = new_with_numbers(&s, values[i]);
        why = refusal(r, buf, sizeof buf);
        if (!strstr(why, "bad_option: ") || !strstr(why, "not a file name"))
            fail_msg("'%s': %s", values[i], why);
        cJSON_Delete(r);
    }
    r = new_with_numbers(&s, table); /* the text itself is the table */
    assert_true(answered_ok(r));
    cJSON_Delete(r);
    unlink(path);
    pf_session_fini(&s);
}

/* The longest real value, the default table with its comments, fits; a
 * longer value is refused with bad_option even though, being a comment
 * only, it would be a valid table. */
static void a_value_past_the_limit_is_refused(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON *r = new_with_numbers(&s, passfood__default_numbers);
    assert_true(answered_ok(r));
    cJSON_Delete(r);

    char comment[PF_OPT_VAL + 1];
    memset(comment, '#', PF_OPT_VAL);
    comment[PF_OPT_VAL] = '\0';
    r = new_with_numbers(&s, comment);
    char buf[512];
    const char *why = refusal(r, buf, sizeof buf);
    if (!strstr(why, "bad_option: ") || !strstr(why, "too long"))
        fail_msg("a %d-byte value: %s", PF_OPT_VAL, why);
    cJSON_Delete(r);
    comment[PF_OPT_VAL - 1] = '\0'; /* at the limit */
    r = new_with_numbers(&s, comment);
    assert_true(answered_ok(r));
    cJSON_Delete(r);
    pf_session_fini(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_path_is_not_a_table),
        cmocka_unit_test(a_value_past_the_limit_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
