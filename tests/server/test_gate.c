/* test_gate.c: who may ask the server what (src/server/gate.h): the Host
 * and Origin a server answers to (its listen address, the loopback names,
 * --node's host, each --allow-host; a name pointed at it by another site,
 * DNS rebinding, is refused), and /metrics for loopback and the
 * --metrics-allow networks only (a client over the network cannot be
 * made in a test over loopback, so the gate is asked directly). */
#include <string.h>

#include "pf_test.h"
#include "server/gate.h"

static pf_gate *gate(const char *listen, const char *node, const char *const *hosts, int nhosts,
                     const char *const *metrics, int nmetrics)
{
    char why[200];
    pf_gate *g = pf_gate_new(listen, node, hosts, nhosts, metrics, nmetrics, why, sizeof why);
    assert_non_null(g);
    return g;
}

/* What the gate answers for each item: host (Host header), origin (Origin
 * header) or metrics (a client's address), and what it should. */
typedef struct ask {
    enum { HOST, ORIGIN, METRICS } what;
    const char *item;
    bool yes;
} ask;

static void check(const pf_gate *g, const ask *asks, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const ask *a = &asks[i];
        bool got = a->what == HOST     ? pf_gate_host(g, a->item)
                   : a->what == ORIGIN ? pf_gate_origin(g, a->item)
                                       : pf_gate_metrics(g, a->item);
        if (got != a->yes)
            fail_msg("%s %s: %s",
                     a->what == HOST     ? "Host"
                     : a->what == ORIGIN ? "Origin"
                                         : "metrics",
                     a->item ? a->item : "(none)", got ? "let in" : "refused");
    }
}

static void hosts_are_the_servers_own(void **state)
{
    (void)state;
    static const char *const allow[] = {"Play.Example"};
    pf_gate *g = gate("127.0.0.1", "http://node-b.internal:8081/", allow, 1, NULL, 0);
    static const ask asks[] = {
        {HOST, NULL, true},
        {HOST, "127.0.0.1:8080", true},
        {HOST, "localhost", true},
        {HOST, "LOCALHOST:1", true},
        {HOST, "[::1]:8080", true},
        {HOST, "::1", true},
        {HOST, "play.example", true},
        {HOST, "play.example.:80", true},
        {HOST, "node-b.internal", true},
        {HOST, "evil.example", false},
        {HOST, "play.example.evil.example", false},
        {HOST, "10.0.0.7:8080", false},
        {HOST, "", false},
        {HOST, "[::2]:80", false},
        {ORIGIN, NULL, true},
        {ORIGIN, "http://localhost:8080", true},
        {ORIGIN, "https://play.example", true},
        {ORIGIN, "http://evil.example:8080", false},
        {ORIGIN, "null", false},
        {ORIGIN, "file://localhost", false},
        {ORIGIN, "http://localhost/x", false},
    };
    check(g, asks, sizeof asks / sizeof *asks);
    pf_gate_free(g);
}

static void any_host_with_a_star(void **state)
{
    (void)state;
    static const char *const allow[] = {"*"};
    pf_gate *g = gate("127.0.0.1", NULL, allow, 1, NULL, 0);
    assert_true(pf_gate_host(g, "whatever.example"));
    pf_gate_free(g);
}

static void metrics_for_loopback_and_the_allowed_networks(void **state)
{
    (void)state;
    pf_gate *g = gate("0.0.0.0", NULL, NULL, 0, NULL, 0);
    static const ask alone[] = {
        {METRICS, "127.0.0.1", true},
        {METRICS, "127.3.2.1", true},
        {METRICS, "::1", true},
        {METRICS, "::ffff:127.0.0.1", true},
        {METRICS, "10.1.2.3", false},
        {METRICS, "2001:db8::1", false},
        {METRICS, "not an address", false},
    };
    check(g, alone, sizeof alone / sizeof *alone);
    pf_gate_free(g);

    static const char *const nets[] = {"10.0.0.0/8", "2001:db8::/32", "192.0.2.7"};
    g = gate("127.0.0.1", NULL, NULL, 0, nets, 3);
    static const ask allowed[] = {
        {METRICS, "10.1.2.3", true},         {METRICS, "11.1.2.3", false},
        {METRICS, "2001:db8:ffff::1", true}, {METRICS, "2001:db9::1", false},
        {METRICS, "192.0.2.7", true},        {METRICS, "192.0.2.8", false},
    };
    check(g, allowed, sizeof allowed / sizeof *allowed);
    pf_gate_free(g);
}

static void a_network_not_understood_is_refused(void **state)
{
    (void)state;
    char why[200];
    static const char *const bad[] = {"10.0.0.0/33", "nowhere", "10.0.0.0/", "::/129"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        const char *const nets[] = {bad[i]};
        assert_null(pf_gate_new("127.0.0.1", NULL, NULL, 0, nets, 1, why, sizeof why));
        assert_non_null(strstr(why, "--metrics-allow"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hosts_are_the_servers_own),
        cmocka_unit_test(any_host_with_a_star),
        cmocka_unit_test(metrics_for_loopback_and_the_allowed_networks),
        cmocka_unit_test(a_network_not_understood_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
