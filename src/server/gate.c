/* gate.c: who may ask the server what (gate.h). */
#include <arpa/inet.h>
#include <ctype.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/gate.h"

/* A network: an address (IPv4 as IPv6 mapped) and its prefix's bits. */
typedef struct net {
    unsigned char a[16];
    int bits;
} net;

struct pf_gate {
    char **host; /* lower case, without port or brackets */
    int nhost, cap;
    bool any_host;
    net *metrics;
    int nmetrics;
};

static bool add_host(pf_gate *g, const char *h, size_t len)
{
    if (g->nhost == g->cap) {
        int cap = g->cap ? 2 * g->cap : 16;
        char **more = realloc(g->host, (size_t)cap * sizeof *more);
        if (!more)
            return false;
        g->host = more, g->cap = cap;
    }
    char *s = malloc(len + 1);
    if (!s)
        return false;
    for (size_t i = 0; i < len; i++)
        s[i] = (char)tolower((unsigned char)h[i]);
    s[len] = '\0';
    g->host[g->nhost++] = s;
    return true;
}

/* The host part of "host", "host:port", "[v6]:port" or a bare IPv6
 * address: its start and length, a final dot left out. */
static const char *host_part(const char *h, size_t *len)
{
    const char *colon = strchr(h, ':');
    if (h[0] == '[') {
        const char *end = strchr(h, ']');
        *len = end ? (size_t)(end - h - 1) : 0;
        return h + 1;
    }
    *len = colon && !strchr(colon + 1, ':') ? (size_t)(colon - h) : strlen(h);
    if (*len > 0 && h[*len - 1] == '.')
        (*len)--;
    return h;
}

/* Every address of this machine's interfaces. */
static bool add_own_addresses(pf_gate *g)
{
    struct ifaddrs *all;
    char name[256];
    if (gethostname(name, sizeof name) == 0 && !add_host(g, name, strnlen(name, sizeof name)))
        return false;
    if (getifaddrs(&all) != 0)
        return true;
    bool ok = true;
    for (struct ifaddrs *i = all; ok && i; i = i->ifa_next) {
        char text[INET6_ADDRSTRLEN];
        const struct sockaddr *sa = i->ifa_addr;
        if (!sa || (sa->sa_family != AF_INET && sa->sa_family != AF_INET6))
            continue;
        const void *a = sa->sa_family == AF_INET
                            ? (const void *)&((const struct sockaddr_in *)sa)->sin_addr
                            : (const void *)&((const struct sockaddr_in6 *)sa)->sin6_addr;
        if (inet_ntop(sa->sa_family, a, text, sizeof text))
            ok = add_host(g, text, strlen(text));
    }
    freeifaddrs(all);
    return ok;
}

/* addr as 16 bytes (an IPv4 one mapped); false when it is not an address. */
static bool address(const char *addr, unsigned char out[16])
{
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    struct in_addr v4;
    if (inet_pton(AF_INET, addr, &v4) == 1) {
        memcpy(out, mapped, 12);
        memcpy(out + 12, &v4, 4);
        return true;
    }
    return inet_pton(AF_INET6, addr, out) == 1;
}

/* "ADDR" or "ADDR/BITS" into *nt. */
static bool read_net(const char *text, net *nt)
{
    char a[INET6_ADDRSTRLEN + 8];
    snprintf(a, sizeof a, "%s", text);
    char *slash = strchr(a, '/');
    if (slash)
        *slash = '\0';
    if (!address(a, nt->a))
        return false;
    bool v4 = strchr(a, ':') == NULL;
    int max = v4 ? 32 : 128;
    nt->bits = 128;
    if (slash) {
        char *end;
        long b = strtol(slash + 1, &end, 10);
        if (*end || end == slash + 1 || b < 0 || b > max)
            return false;
        nt->bits = (int)b + (v4 ? 96 : 0);
    }
    return true;
}

static bool in_net(const unsigned char a[16], const net *nt)
{
    int whole = nt->bits / 8, rest = nt->bits % 8;
    if (memcmp(a, nt->a, (size_t)whole) != 0)
        return false;
    unsigned char mask = (unsigned char)(0xff << (8 - rest));
    return rest == 0 || (a[whole] & mask) == (nt->a[whole] & mask);
}

pf_gate *pf_gate_new(const char *listen, const char *node, const char *const *hosts, int nhosts,
                     const char *const *metrics, int nmetrics, char *why, size_t n)
{
    pf_gate *g = calloc(1, sizeof *g);
    if (!g || !(g->metrics = calloc((size_t)nmetrics + 3, sizeof *g->metrics))) {
        free(g);
        snprintf(why, n, "out of memory");
        return NULL;
    }
    static const char *const loopback[] = {"localhost", "127.0.0.1", "::1"};
    bool ok = true;
    for (size_t i = 0; ok && i < sizeof loopback / sizeof *loopback; i++)
        ok = add_host(g, loopback[i], strlen(loopback[i]));
    size_t len;
    const char *h = host_part(listen, &len);
    if (ok && (strcmp(listen, "0.0.0.0") == 0 || strcmp(listen, "::") == 0))
        ok = add_own_addresses(g);
    else if (ok)
        ok = add_host(g, h, len);
    const char *scheme = node ? strstr(node, "://") : NULL;
    if (ok && scheme) {
        char part[256];
        snprintf(part, sizeof part, "%s", scheme + 3);
        part[strcspn(part, "/")] = '\0';
        h = host_part(part, &len);
        ok = add_host(g, h, len);
    }
    for (int i = 0; ok && i < nhosts; i++) {
        if (strcmp(hosts[i], "*") == 0)
            g->any_host = true;
        else {
            h = host_part(hosts[i], &len);
            ok = add_host(g, h, len);
        }
    }
    if (!ok) {
        snprintf(why, n, "out of memory");
        pf_gate_free(g);
        return NULL;
    }
    read_net("127.0.0.0/8", &g->metrics[g->nmetrics++]);
    read_net("::1", &g->metrics[g->nmetrics++]);
    for (int i = 0; i < nmetrics; i++)
        if (!read_net(metrics[i], &g->metrics[g->nmetrics++])) {
            snprintf(why, n,
                     "--metrics-allow %s: not an address or a network (10.0.0.0/8, "
                     "2001:db8::/32)",
                     metrics[i]);
            pf_gate_free(g);
            return NULL;
        }
    return g;
}

void pf_gate_free(pf_gate *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->nhost; i++)
        free(g->host[i]);
    free(g->host);
    free(g->metrics);
    free(g);
}

bool pf_gate_host(const pf_gate *g, const char *host)
{
    if (!host || g->any_host)
        return true;
    size_t len;
    const char *h = host_part(host, &len);
    for (int i = 0; i < g->nhost; i++)
        if (strlen(g->host[i]) == len && strncasecmp(g->host[i], h, len) == 0)
            return true;
    return false;
}

bool pf_gate_origin(const pf_gate *g, const char *origin)
{
    if (!origin)
        return true;
    const char *rest = strncmp(origin, "http://", 7) == 0    ? origin + 7
                       : strncmp(origin, "https://", 8) == 0 ? origin + 8
                                                             : NULL;
    /* "null" (a sandboxed or local page) and other schemes are no page of ours. */
    if (!rest || strchr(rest, '/'))
        return false;
    return pf_gate_host(g, rest);
}

bool pf_gate_metrics(const pf_gate *g, const char *addr)
{
    unsigned char a[16];
    if (!address(addr, a))
        return false;
    for (int i = 0; i < g->nmetrics; i++)
        if (in_net(a, &g->metrics[i]))
            return true;
    return false;
}
