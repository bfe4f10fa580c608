/* gate.h: who may ask the server what (src/server/, the network;
 * docs/server.md "Operating"). A request's Host, and a browser's Origin,
 * must name an address the server serves: a page of another site, or one
 * whose name was made to point at this machine (DNS rebinding), cannot
 * drive it from a visitor's browser. The hosts allowed: the address
 * listened on, the loopback names, the machine's own addresses when
 * listening on every interface, the node's name (--node) and each
 * --allow-host. /metrics answers the loopback addresses and the
 * --metrics-allow networks only. */
#ifndef PF_SERVER_GATE_H
#define PF_SERVER_GATE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct pf_gate pf_gate;

/* The gate of a server listening on listen (an IP address), known as node
 * (a URL; NULL: none), with hosts[0..nhosts) allowed too ("*": any host)
 * and metrics[0..nmetrics) (ADDR or ADDR/BITS) let read /metrics. NULL
 * with why (n bytes) when an item is not understood. */
pf_gate *pf_gate_new(const char *listen, const char *node, const char *const *hosts, int nhosts,
                     const char *const *metrics, int nmetrics, char *why, size_t n);
void pf_gate_free(pf_gate *g);

/* Whether a request's Host header (NULL: none, a program's request) names
 * this server. */
bool pf_gate_host(const pf_gate *g, const char *host);
/* Whether a browser's Origin header (NULL: none) is a page of this
 * server's. */
bool pf_gate_origin(const pf_gate *g, const char *origin);
/* Whether a client at addr may read /metrics. */
bool pf_gate_metrics(const pf_gate *g, const char *addr);

#endif
