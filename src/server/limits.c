/* limits.c: the server's limits (limits.h). Addresses are kept in a list
 * while they hold connections or their room allowance is refilling, and
 * dropped once neither, so the list stays as small as the crowd. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/limits.h"

typedef struct pf_address {
    char addr[64];
    int conns;
    pf_bucket rooms;
    struct pf_address *next;
} pf_address;

static pf_limits limits = {PF_LIMIT_REQUESTS_PER_S, PF_LIMIT_ROOMS_PER_MIN, PF_LIMIT_CONNS_PER_ADDR,
                           false};
static pf_address *addresses;

void pf_limits_defaults(pf_limits *l)
{
    *l = (pf_limits){PF_LIMIT_REQUESTS_PER_S, PF_LIMIT_ROOMS_PER_MIN, PF_LIMIT_CONNS_PER_ADDR,
                     false};
}

void pf_limits_set(const pf_limits *l)
{
    limits = *l;
}

const pf_limits *pf_limits_get(void)
{
    return &limits;
}

bool pf_bucket_take(pf_bucket *b, double per_s, double burst, int64_t now_ms)
{
    if (b->at_ms == 0)
        b->tokens = burst;
    else if (now_ms > b->at_ms) {
        b->tokens += per_s * (double)(now_ms - b->at_ms) / 1000;
        if (b->tokens > burst)
            b->tokens = burst;
    }
    b->at_ms = now_ms;
    if (b->tokens < 1)
        return false;
    b->tokens -= 1;
    return true;
}

/* The address's entry, made when missing (NULL when memory ran out);
 * entries with nothing to remember are dropped on the way. */
static pf_address *address(const char *addr, int64_t now_ms)
{
    pf_address *found = NULL;
    for (pf_address **p = &addresses; *p;) {
        pf_address *a = *p;
        if (strcmp(a->addr, addr) == 0)
            found = a;
        else if (a->conns == 0 && (a->rooms.at_ms == 0 || now_ms - a->rooms.at_ms >= 60000)) {
            *p = a->next;
            free(a);
            continue;
        }
        p = &a->next;
    }
    if (!found && (found = calloc(1, sizeof *found))) {
        snprintf(found->addr, sizeof found->addr, "%s", addr);
        found->next = addresses;
        addresses = found;
    }
    return found;
}

bool pf_limits_conn_open(pf_conn_limits *cl, const char *addr, int64_t now_ms)
{
    pf_address *a = address(addr, now_ms);
    if (!a)
        return limits.conns_per_addr == 0;
    if (limits.conns_per_addr && a->conns >= limits.conns_per_addr)
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
    int rate = limits.requests_per_s;
    if (rate == 0 || pf_bucket_take(&cl->requests, rate, rate * PF_LIMIT_REQUEST_BURST_S, now_ms))
        return PF_LIMIT_PASS;
    return pf_bucket_take(&cl->strikes, 1, PF_LIMIT_STRIKES, now_ms) ? PF_LIMIT_REFUSE
                                                                     : PF_LIMIT_CLOSE;
}

bool pf_limits_room(const char *addr, int64_t now_ms)
{
    int n = limits.rooms_per_min;
    if (n == 0)
        return true;
    pf_address *a = address(addr, now_ms);
    return a && pf_bucket_take(&a->rooms, n / 60.0, n, now_ms);
}

void pf_limits_free(void)
{
    for (pf_address *a = addresses, *next; a; a = next) {
        next = a->next;
        free(a);
    }
    addresses = NULL;
}
