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

static void hosts_are_the_servers_own(void **state)
{
    (void)state;
    static const char *const allow[] = {"Play.Example"};
    pf_gate *g = gate("127.0.0.1", "http://node-b.internal:8081/", allow, 1, NULL, 0);
    const char *yes[] = {NULL,         "127.0.0.1:8080", "localhost",        "LOCALHOST:1",
                         "[::1]:8080", "play.example",   "play.example.:80", "node-b.internal",
                         "::1"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
        assert_true(pf_gate_host(g, yes[i]));
    const char *no[] = {"evil.example", "play.example.evil.example", "10.0.0.7:8080", "",
                        "[::2]:80"};
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        assert_false(pf_gate_host(g, no[i]));
    assert_true(pf_gate_origin(g, NULL));
    assert_true(pf_gate_origin(g, "http://localhost:8080"));
    assert_true(pf_gate_origin(g, "https://play.example"));
    assert_false(pf_gate_origin(g, "http://evil.example:8080"));
    assert_false(pf_gate_origin(g, "null"));
    assert_false(pf_gate_origin(g, "file://localhost"));
    assert_false(pf_gate_origin(g, "http://localhost/x"));
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
    assert_true(pf_gate_metrics(g, "127.0.0.1"));
    assert_true(pf_gate_metrics(g, "127.3.2.1"));
    assert_true(pf_gate_metrics(g, "::1"));
    assert_true(pf_gate_metrics(g, "::ffff:127.0.0.1"));
    assert_false(pf_gate_metrics(g, "10.1.2.3"));
    assert_false(pf_gate_metrics(g, "2001:db8::1"));
    assert_false(pf_gate_metrics(g, "not an address"));
    pf_gate_free(g);

    static const char *const nets[] = {"10.0.0.0/8", "2001:db8::/32", "192.0.2.7"};
    g = gate("127.0.0.1", NULL, NULL, 0, nets, 3);
    assert_true(pf_gate_metrics(g, "10.1.2.3"));
    assert_false(pf_gate_metrics(g, "11.1.2.3"));
    assert_true(pf_gate_metrics(g, "2001:db8:ffff::1"));
    assert_false(pf_gate_metrics(g, "2001:db9::1"));
    assert_true(pf_gate_metrics(g, "192.0.2.7"));
    assert_false(pf_gate_metrics(g, "192.0.2.8"));
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
