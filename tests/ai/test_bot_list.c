/* test_bot_list.c: pf_bot_list in buffers of every size. */
#include <string.h>

#include "partyfood/bot.h"
#include "pf_test.h"

/* Every size from 1 up gives whole names only, never writes past n, and
 * the full size gives the whole list. */
static void cut_lists_end_at_a_whole_name(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("passfood");
    char full[1024];
    pf_bot_list(g, full, sizeof full);
    size_t need = strlen(full) + 1;
    assert_true(need < sizeof full);
    assert_non_null(strstr(full, ", "));
    for (size_t n = 1; n <= need; n++) {
        char buf[1024 + 8];
        memset(buf, '#', sizeof buf);
        pf_bot_list(g, buf, n);
        for (size_t i = n; i < sizeof buf; i++)
            assert_int_equal(buf[i], '#');
        size_t len = strlen(buf);
        assert_true(len < n);
        assert_memory_equal(buf, full, len);
        /* the cut falls at the start, before a ", " or at the end */
        if (len > 0 && full[len] != '\0' && strncmp(full + len, ", ", 2) != 0)
            fail_msg("size %zu cuts a name: '%s'", n, buf);
    }
    char buf[1024];
    pf_bot_list(g, buf, need);
    assert_string_equal(buf, full);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cut_lists_end_at_a_whole_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
