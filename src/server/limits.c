/* limits.c: the server's limits (limits.h). Addresses are kept in a list
 * while they hold connections or their room allowance is refilling, and
 * dropped once neither, so the list stays as small as the crowd. */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/limits.h"

typedef struct pf_address {
    char addr[64];
    int conns;
    pf_bucket rooms, misses;
    struct pf_address *next;
} pf_address;

struct pf_limiter {
    pf_limits limits;
    pf_address *addresses;
};

void pf_limits_defaults(pf_limits *l)
{
    *l = (pf_limits){.requests_per_s = PF_LIMIT_REQUESTS_PER_S,
                     .rooms_per_min = PF_LIMIT_ROOMS_PER_MIN,
                     .conns_per_addr = PF_LIMIT_CONNS_PER_ADDR,
                     .misses_per_min = PF_LIMIT_MISSES_PER_MIN};
}

pf_limiter *pf_limiter_new(const pf_limits *l)
{
    pf_limiter *lim = calloc(1, sizeof *lim);
    if (lim)
        lim->limits = *l;
    return lim;
}

void pf_limiter_free(pf_limiter *lim)
{
    if (!lim)
        return;
    for (pf_address *a = lim->addresses, *next; a; a = next) {
        next = a->next;
        free(a);
    }
    free(lim);
}

const pf_limits *pf_limiter_limits(const pf_limiter *lim)
{
    return &lim->limits;
}

/* The bucket brought up to now (a new one full). */
static void refill(pf_bucket *b, double per_s, double burst, int64_t now_ms)
{
    if (b->at_ms == 0)
        b->tokens = burst;
    else if (now_ms > b->at_ms) {
        b->tokens += per_s * (double)(now_ms - b->at_ms) / 1000;
        if (b->tokens > burst)
            b->tokens = burst;
    }
    b->at_ms = now_ms;
}

bool pf_bucket_take(pf_bucket *b, double per_s, double burst, int64_t now_ms)
{
    refill(b, per_s, burst, now_ms);
    if (b->tokens < 1)
        return false;
    b->tokens -= 1;
    return true;
}

void pf_limits_key(const char *addr, char *key, size_t n)
{
    unsigned char a[16];
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    char text[INET6_ADDRSTRLEN];
    if (inet_pton(AF_INET6, addr, a) == 1) {
        if (memcmp(a, mapped, sizeof mapped) == 0)
            inet_ntop(AF_INET, a + 12, text, sizeof text);
        else {
            memset(a + 8, 0, 8);
            inet_ntop(AF_INET6, a, text, sizeof text);
            strncat(text, "/64", sizeof text - strlen(text) - 1);
        }
        snprintf(key, n, "%s", text);
    } else
        snprintf(key, n, "%s", addr);
}

/* The address's entry, made when missing (NULL when memory ran out);
 * entries with nothing to remember are dropped on the way. */
static pf_address *address(pf_limiter *lim, const char *addr, int64_t now_ms)
{
    pf_address *found = NULL;
    for (pf_address **p = &lim->addresses; *p;) {
        pf_address *a = *p;
        if (strcmp(a->addr, addr) == 0)
            found = a;
        else if (a->conns == 0 && (a->rooms.at_ms == 0 || now_ms - a->rooms.at_ms >= 60000) &&
                 (a->misses.at_ms == 0 || now_ms - a->misses.at_ms >= 60000)) {
            *p = a->next;
            free(a);
            continue;
        }
        p = &a->next;
    }
    if (!found && (found = calloc(1, sizeof *found))) {
        snprintf(found->addr, sizeof found->addr, "%s", addr);
        found->next = lim->addresses;
        lim->addresses = found;
    }
    return found;
}

void pf_limits_conn_init(pf_limiter *lim, pf_conn_limits *cl)
{
    cl->by = lim;
}

bool pf_limits_conn_open(pf_limiter *lim, pf_conn_limits *cl, const char *addr, int64_t now_ms)
{
    char key[PF_LIMITS_KEY];
    pf_limits_key(addr, key, sizeof key);
    pf_address *a = address(lim, key, now_ms);
    cl->by = lim;
    if (!a)
        return lim->limits.conns_per_addr == 0;
    if (lim->limits.conns_per_addr && a->conns >= lim->limits.conns_per_addr)
        return false;
    a->conns++;
    cl->addr = a;
    return true;
}

void pf_limits_conn_close(pf_conn_limits *cl)
{
    if (cl->addr)
        cl->addr->conns--;
    cl->addr = NULL;
}

pf_verdict pf_limits_request(pf_conn_limits *cl, int64_t now_ms)
{
    int rate = cl->by ? cl->by->limits.requests_per_s : 0;
    if (rate == 0 || pf_bucket_take(&cl->requests, rate, rate * PF_LIMIT_REQUEST_BURST_S, now_ms))
        return PF_LIMIT_PASS;
    return pf_bucket_take(&cl->strikes, 1, PF_LIMIT_STRIKES, now_ms) ? PF_LIMIT_REFUSE
                                                                     : PF_LIMIT_CLOSE;
}

/* The address's entry, when it has one (none: nothing to remember). */
static pf_address *known(pf_limiter *lim, const char *addr)
{
    char key[PF_LIMITS_KEY];
    pf_limits_key(addr, key, sizeof key);
    for (pf_address *a = lim->addresses; a; a = a->next)
        if (strcmp(a->addr, key) == 0)
            return a;
    return NULL;
}

int64_t pf_limits_lookup(pf_limiter *lim, const char *addr, int64_t now_ms)
{
    int n = lim->limits.misses_per_min;
    pf_address *a = n ? known(lim, addr) : NULL;
    if (!a || a->misses.at_ms == 0)
        return 0;
    refill(&a->misses, n / 60.0, n, now_ms);
    if (a->misses.tokens >= 1)
        return 0;
    return (int64_t)((1 - a->misses.tokens) * 60000 / n) + 1;
}

void pf_limits_missed(pf_limiter *lim, const char *addr, int64_t now_ms)
{
    int n = lim->limits.misses_per_min;
    if (n == 0)
        return;
    char key[PF_LIMITS_KEY];
    pf_limits_key(addr, key, sizeof key);
    pf_address *a = address(lim, key, now_ms);
    if (a)
        pf_bucket_take(&a->misses, n / 60.0, n, now_ms);
}

bool pf_limits_room(pf_limiter *lim, const char *addr, int64_t now_ms)
{
    int n = lim->limits.rooms_per_min;
    if (n == 0)
        return true;
    char key[PF_LIMITS_KEY];
    pf_limits_key(addr, key, sizeof key);
    pf_address *a = address(lim, key, now_ms);
    return a && pf_bucket_take(&a->rooms, n / 60.0, n, now_ms);
}
