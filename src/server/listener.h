/* listener.h: the listening socket (src/server/, the network), the
 * server's own rather than lws's, so that taking a connection is the
 * server's decision: every connection, an HTTP request half sent or a
 * WebSocket, counts against its address's limit and the server's total
 * (its open files less a reserve); at the total, or when the system has
 * no descriptor left, the server stops accepting (the kernel's backlog
 * holds the callers) and says so at most once a second, and accepts again
 * when a connection closes. A connection taken is handed to lws
 * (lws_adopt_descriptor_vhost). lws's own accept loop retried at the limit
 * without end, logging each failure. */
#ifndef PF_SERVER_LISTENER_H
#define PF_SERVER_LISTENER_H

#include <stdbool.h>
#include <stddef.h>

#include <libwebsockets.h>

#include "server/limits.h"
#include "server/log.h"
#include "server/loop.h"

typedef struct pf_listener pf_listener;

/* Binds host:port (an IP address of this machine; *v6 says which kind)
 * and listens there: the socket, or -1 with why (and how to fix it) in
 * why. */
int pf_listen_open(const char *host, int port, bool *v6, char *why, size_t n);

/* Takes the connections of fd (pf_listen_open's) on loop for vh, each
 * counted against its address by lim (but behind a proxy, where every
 * connection is the proxy's: then the WebSockets count by the address
 * the proxy names), at most max_conns at once. NULL when memory ran out. */
pf_listener *pf_listener_start(int fd, pf_loop *loop, struct lws_vhost *vh, bool tls,
                               pf_limiter *lim, long max_conns, const pf_log *log);
/* A connection the listener handed to lws was destroyed (its
 * LWS_CALLBACK_WSI_DESTROY): it counts no more. */
void pf_listener_closed(pf_listener *l, struct lws *wsi);
/* Stops taking connections and closes the socket (the connections taken
 * go on, and are still counted off as they close). */
void pf_listener_stop(pf_listener *l);
/* Frees it, once its loop has run its closing and the connections it took
 * are gone (the context destroyed). */
void pf_listener_free(pf_listener *l);
/* The port it listens on. */
int pf_listener_port(int fd);

#endif
