/* test_bench.c: short runs of the load tool (`partyfood bench server`,
 * src/cli/bench_server.c): 20 rooms played over WebSockets for two
 * seconds, the server killed with SIGKILL while moves are in flight, and
 * every acknowledged step found in its database; a run where the seats
 * think before they act; and a thousand idle connections held beside. No figure is checked: only that steps were
 * acknowledged, none is missing and no error was seen. */
#include <stdlib.h>
#include <string.h>

#include "pf_test.h"

static void test_a_short_load_loses_no_acknowledged_step(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' bench server --rooms 20 --seconds 2 --verify; echo status=$?",
             pf_test_bin());
    char *out = pf_test_run(cmd);
    long acked = -1, missing = -1, errors = -1;
    const char *v = strstr(out, "verify: "), *e = strstr(out, "errors: ");
    if (v)
        sscanf(v, "verify: %ld acknowledged steps, %ld missing", &acked, &missing);
    if (e)
        sscanf(e, "errors: %ld", &errors);
    if (!strstr(out, "status=0") || acked <= 0 || missing != 0 || errors != 0)
        fail_msg("the load tool said:\n%s", out);
    free(out);
}

/* With a think time the seats still play (the timer acts for them), and
 * the report says how long they thought (--verify: no idle phase, which
 * takes half a minute). */
static void test_seats_that_think_still_play(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "'%s' bench server --rooms 4 --seconds 1.5 --think-ms 50 --verify 2>&1; echo status=$?",
             pf_test_bin());
    char *out = pf_test_run(cmd);
    long acts = -1, errors = -1;
    const char *a = strstr(out, "acknowledged actions: "), *e = strstr(out, "errors: ");
    if (a)
        sscanf(a, "acknowledged actions: %ld", &acts);
    if (e)
        sscanf(e, "errors: %ld", &errors);
    if (!strstr(out, "status=0") || !strstr(out, "50 ms to think before each act") || acts <= 0 ||
        errors != 0)
        fail_msg("the load tool said:\n%s", out);
    free(out);
}

/* Idle connections beside the rooms played (--idle): 1,000 of them,
 * opened from several processes over 127.0.0.2 to 127.0.0.250, all held
 * (each said hello and heard its sync); docs/server.md has the figure at
 * 19,000. */
static void test_a_thousand_idle_connections_are_held(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "'%s' bench server --rooms 10 --seconds 1 --idle 1000 --verify 2>&1; echo status=$?",
             pf_test_bin());
    char *out = pf_test_run(cmd);
    long held = -1, of = -1;
    const char *h = strstr(out, "idle connections held beside the rooms played: ");
    if (h)
        sscanf(h, "idle connections held beside the rooms played: %ld of %ld", &held, &of);
    if (!strstr(out, "status=0") || held != 1000 || of != 1000)
        fail_msg("the load tool said:\n%s", out);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_short_load_loses_no_acknowledged_step),
        cmocka_unit_test(test_seats_that_think_still_play),
        cmocka_unit_test(test_a_thousand_idle_connections_are_held),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
