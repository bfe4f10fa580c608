/* net.h: the network's files among themselves (src/server/, the top of the
 * server: server.c starts and stops it, ws.c holds the WebSockets, http.c
 * answers the HTTP requests, loop.c is libuv's loop under lws). Nothing
 * below the network calls into it: the rooms get its calls as callbacks
 * (pf_room_env). */
#ifndef PF_SERVER_NET_H
#define PF_SERVER_NET_H

#include <signal.h>

#include <libwebsockets.h>

#include "server/gate.h"
#include "server/limits.h"
#include "server/listener.h"
#include "server/loop.h"
#include "server/metrics.h"
#include "server/rooms.h"

/* One server: what the network's callbacks reach through lws's context. */
typedef struct pf_net {
    struct lws_context *ctx;
    pf_loop *loop;
    pf_rooms *rooms;
    pf_limiter *limiter;
    pf_metrics *metrics;
    pf_log log;
    pf_committer *commit;
    pf_worker *worker;
    pf_node *node;
    pf_store *store;
    bool tls;
    const char *web; /* the browser client's folder */
    lws_sorted_usec_list_t sweep;
    struct pf_conn *to_write; /* the connections sent frames this turn of the loop */
    struct pf_listener *listener;
    pf_gate *gate;
    long max_conns;   /* connections at once: the open files less a reserve */
    int64_t hello_ms; /* a WebSocket that says no hello within this is closed */
    volatile sig_atomic_t stop;
} pf_net;

/* ws.c: the WebSockets. */
typedef struct pf_conn pf_conn;
/* The room's calls into the network (pf_room_env's). */
void pf_ws_env(pf_net *n, pf_room_env *env);
/* A WebSocket opened (NULL when memory ran out), a message (part) came, it
 * may be written, it closed. */
pf_conn *pf_ws_open(pf_net *n, struct lws *wsi);
int pf_ws_receive(pf_net *n, pf_conn *c, const void *in, size_t len);
int pf_ws_writeable(pf_net *n, pf_conn *c);
/* The end of a turn of the loop: each connection sent frames writes them
 * all at once. */
void pf_ws_flush(pf_net *n);
void pf_ws_closed(pf_net *n, pf_conn *c);
/* Its timer fired: no hello yet, it is closed. */
int pf_ws_timer(pf_net *n, pf_conn *c);
/* The stop: each room's connections are told the server restarts (1012)
 * once their last frames are out; true when there was one. */
bool pf_ws_restart_all(pf_net *n);
/* Whether a connection of a room is still open. */
bool pf_ws_any_open(pf_net *n);
/* The client's address: the peer's, or behind a reverse proxy the last
 * item of X-Forwarded-For. */
void pf_net_peer(pf_net *n, struct lws *wsi, char *buf, size_t size);
/* Whether addr may look a room up by its code now (limits.h: while its
 * misses are used up it may not); when not, err says for how long
 * (rate_limited, with the field retry_after in seconds) and the refusal is
 * logged. */
bool pf_net_may_look(pf_net *n, const char *addr, pf_error *err);
/* The server's monotonic clock in ms. */
int64_t pf_net_now_ms(void);

/* http.c: one HTTP request, its body read when it is a POST (what lws
 * keeps for each connection: the path, the body). */
typedef struct pf_http {
    char path[64];
    bool post;
    bool not_json; /* a POST whose body is not said to be JSON: refused (415) */
    char *body;
    size_t body_len;
    bool body_over;
} pf_http;
/* The longest path, and the most header bytes (the query's too), answered
 * (414 and 431 past them; past lws's 16 KiB of header the connection is
 * closed). */
#define PF_HTTP_PATH_MAX 2048
#define PF_HTTP_HEADER_MAX 4096
#define PF_HTTP_HEADER_LWS 16384
/* A request begins (its path, len bytes, and headers read): into h; it is
 * answered now (the rc to return to lws), or for a POST, 0: its body is
 * read, then routed. Host and Origin are checked first (pf_net_door). */
int pf_http_start(pf_net *n, struct lws *wsi, pf_http *h, const char *path, size_t len);
int pf_http_route(pf_net *n, struct lws *wsi, pf_http *h);
/* Whether the request's Host and Origin name this server (gate.h): 0, or
 * the status to refuse it with (403) and why (size bytes, naming
 * --allow-host). */
int pf_net_door(pf_net *n, struct lws *wsi, char *why, size_t size);

#endif
