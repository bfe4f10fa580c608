/* test_limits.c: the server's limits (src/server/limits.h) counted by
 * address: an IPv6 address by its /64 (one machine commonly holds a whole
 * /64, so counting each address apart let one machine open as many
 * connections as it liked), an IPv4 address mapped in IPv6 as the IPv4
 * one, and the rooms created a minute the same way. */
#include "pf_test.h"
#include "server/limits.h"

static pf_limiter *limiter(int conns, int rooms)
{
    pf_limits l;
    pf_limits_defaults(&l);
    l.conns_per_addr = conns;
    l.rooms_per_min = rooms;
    pf_limiter *lim = pf_limiter_new(&l);
    assert_non_null(lim);
    return lim;
}

static void an_ipv6_machine_counts_by_its_64(void **state)
{
    (void)state;
    pf_limiter *lim = limiter(2, 20);
    pf_conn_limits c[4] = {0};
    assert_true(pf_limits_conn_open(lim, &c[0], "2001:db8:1:2::5", 1));
    assert_true(pf_limits_conn_open(lim, &c[1], "2001:db8:1:2:ffff:ffff:ffff:1", 1));
    /* A third address of the same /64: refused. Another /64: let in. */
    assert_false(pf_limits_conn_open(lim, &c[2], "2001:db8:1:2:abcd::9", 1));
    assert_true(pf_limits_conn_open(lim, &c[3], "2001:db8:1:3::1", 1));
    pf_limits_conn_close(&c[0]);
    assert_true(pf_limits_conn_open(lim, &c[2], "2001:db8:1:2:abcd::9", 1));
    for (int i = 1; i < 4; i++)
        pf_limits_conn_close(&c[i]);
    pf_limiter_free(lim);
}

static void a_mapped_ipv4_address_is_the_ipv4_one(void **state)
{
    (void)state;
    pf_limiter *lim = limiter(1, 20);
    pf_conn_limits a = {0}, b = {0};
    assert_true(pf_limits_conn_open(lim, &a, "192.0.2.7", 1));
    assert_false(pf_limits_conn_open(lim, &b, "::ffff:192.0.2.7", 1));
    pf_limits_conn_close(&a);
    pf_limiter_free(lim);
}

static void rooms_a_minute_count_by_the_64_too(void **state)
{
    (void)state;
    pf_limiter *lim = limiter(64, 2);
    assert_true(pf_limits_room(lim, "2001:db8::1", 1000));
    assert_true(pf_limits_room(lim, "2001:db8::2", 1000));
    assert_false(pf_limits_room(lim, "2001:db8::3", 1000));
    assert_true(pf_limits_room(lim, "2001:db9::3", 1000));
    pf_limiter_free(lim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_ipv6_machine_counts_by_its_64),
        cmocka_unit_test(a_mapped_ipv4_address_is_the_ipv4_one),
        cmocka_unit_test(rooms_a_minute_count_by_the_64_too),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
