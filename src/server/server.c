/* server.c: `partyfood serve` (server.h), the top of the server: it makes
 * the services (the store, the committer, the bots' worker, the limits,
 * the metrics, the node), the registry of rooms and libwebsockets'
 * context on libuv's loop, runs the loop until SIGINT or SIGTERM, and
 * stops cleanly. Each turn of the loop ends with the group commit's turn
 * (commit.h); once a second the registry sweeps its rooms. The WebSockets
 * are ws.c's, the HTTP requests http.c's. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libwebsockets.h>

#include "server/net.h"
#include "server/server.h"

/* How long a stop waits for the connections to close. */
#define STOP_MS 500
/* How often idle and expired rooms are looked for. */
#define SWEEP_MS 1000
/* The largest HTTP request body. */
#define BODY_MAX (16 * 1024)

/* The signal handler's way to the server. */
static pf_net *running;

/* What lws keeps for each connection. */
typedef struct pss {
    pf_http http;
    pf_conn *conn; /* a WebSocket's */
} pss;

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    pss *p = user;
    pf_net *n = lws_context_user(lws_get_context(wsi));
    switch (reason) {
    case LWS_CALLBACK_HTTP:
        return pf_http_start(n, wsi, &p->http, in, len);
    case LWS_CALLBACK_HTTP_BODY:
        if (p->http.body_over || p->http.body_len + len > BODY_MAX) {
            p->http.body_over = true;
            return 0;
        }
        {
            char *b = realloc(p->http.body, p->http.body_len + len + 1);
            if (!b)
                return -1;
            p->http.body = b;
            memcpy(p->http.body + p->http.body_len, in, len);
            p->http.body_len += len;
            p->http.body[p->http.body_len] = '\0';
        }
        return 0;
    case LWS_CALLBACK_HTTP_BODY_COMPLETION: {
        /* Completing the transaction may free p: the request is copied out. */
        pf_http req = p->http;
        p->http.body = NULL;
        p->http.body_len = 0;
        p->http.body_over = false;
        int rc = pf_http_route(n, wsi, &req);
        free(req.body);
        return rc;
    }
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
    case LWS_CALLBACK_CLOSED_HTTP:
        /* A connection closed before its first request has no p (a
         * browser's speculative one does that). */
        if (p) {
            free(p->http.body);
            p->http.body = NULL;
        }
        return 0;
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: {
        /* A browser says which page opened the socket: only the server's
         * own may (another site's page would act with its visitor's
         * token), on a host the server answers to. */
        char why[256];
        if (!pf_net_door(n, wsi, why, sizeof why))
            return 0;
        pf_log_event(&n->log, "refused", NULL, NULL, "reason=origin");
        lws_return_http_status(wsi, 403, why);
        return -1;
    }
    case LWS_CALLBACK_ESTABLISHED:
        return (p->conn = pf_ws_open(n, wsi)) ? 0 : -1;
    case LWS_CALLBACK_RECEIVE:
        return p->conn ? pf_ws_receive(n, p->conn, in, len) : -1;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return p->conn ? pf_ws_writeable(n, p->conn) : 0;
    case LWS_CALLBACK_CLOSED:
        if (p->conn)
            pf_ws_closed(n, p->conn);
        p->conn = NULL;
        return 0;
    case LWS_CALLBACK_TIMER: /* a WebSocket's hello timeout */
        return p && p->conn ? pf_ws_timer(n, p->conn) : 0;
    case LWS_CALLBACK_WSI_DESTROY: /* any connection the listener took */
        pf_listener_closed(n->listener, wsi);
        return 0;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED: /* a bot's search or a commit is done */
        if (n->rooms) { /* (not yet made when the start failed) */
            pf_worker_collect(n->worker, pf_room_thought, pf_room_answered);
            pf_commit_flush(n->commit);
        }
        return 0;
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

static const struct lws_protocols protocols[] = {
    /* Each connection keeps a receive buffer of 256 bytes (an idle room
     * keeps two): requests are small (an act, a hello with its token), and
     * a larger one arrives in pieces (ws.c joins them).
     * A frame is sent with one send() up to 64 KiB: without a size of its
     * own, sending is cut to the receive buffer's size, and a push of a
     * few KiB took several trips through the loop. */
    {"partyfood", callback, sizeof(pss), 256, 0, NULL, 65536},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

static void sweep(lws_sorted_usec_list_t *sul)
{
    pf_net *n = lws_container_of(sul, pf_net, sweep);
    pf_rooms_sweep(n->rooms);
    lws_sul_schedule(n->ctx, 0, sul, sweep, (lws_usec_t)SWEEP_MS * 1000);
}

/* The committer's and the worker's wake-up of the loop (from their threads). */
static void wake_loop(void *arg)
{
    lws_cancel_service(((pf_net *)arg)->ctx);
}

/* A turn of the loop: what it changed goes to the group commit. A batch
 * told here (its end came between the committer's wake-up and its event)
 * calls lws outside its callbacks, which lws then looks at after that
 * wake-up's event: the committer always sends one. */
static bool serving(void *arg)
{
    pf_net *n = arg;
    if (n->stop)
        return false;
    pf_commit_flush(n->commit);
    pf_ws_flush(n);
    return true;
}

static void stop_waited(lws_sorted_usec_list_t *sul)
{
    (void)sul;
    running->stop = 2;
}

/* A turn of the stop: on until every client went or STOP_MS passed. */
static bool closing(void *arg)
{
    pf_net *n = arg;
    pf_ws_flush(n);
    return pf_ws_any_open(n) && n->stop != 2;
}

/* A clean stop: the changes of the last turn are committed (and told),
 * then every client is told to reconnect (close 1012) and given STOP_MS to
 * hear it. No change is half made: each is whole within one turn of the
 * loop, and a commit is not cut by a signal. */
static void close_all(pf_net *n)
{
    static lws_sorted_usec_list_t wait;
    if (!pf_ws_restart_all(n))
        return;
    memset(&wait, 0, sizeof wait);
    lws_sul_schedule(n->ctx, 0, &wait, stop_waited, (lws_usec_t)STOP_MS * 1000);
    lws_cancel_service(n->ctx); /* a wake-up, so that lws arms the timer */
    pf_loop_run(n->loop, closing, n);
    lws_sul_cancel(&wait);
}

static void on_signal(int sig)
{
    (void)sig;
    running->stop = 1;
    if (running->ctx)
        lws_cancel_service(running->ctx);
}

/* Descriptors kept for what is not a connection: the database's files, the
 * listening socket, the loop's own, the committer's connection. */
#define FD_RESERVE 64
/* Below this many connections, the start line says how to allow more. */
#define FD_FEW 4096

/* The open-file limit raised to its hard limit, as many connections as one
 * node can hold; the line that says how many (and, when few, how to allow
 * more). */
static long raise_fd_limit(char *line, size_t n)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0) {
        snprintf(line, n, "the open-file limit is unknown: %s", strerror(errno));
        return 1024 - FD_RESERVE;
    }
    if (rl.rlim_cur < rl.rlim_max) {
        rlim_t was = rl.rlim_cur;
        rl.rlim_cur = rl.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
            rl.rlim_cur = was;
    }
    long conns = (long)rl.rlim_cur - FD_RESERVE;
    int len = snprintf(line, n, "up to %ld connections (%ld open files)", conns,
                       (long)rl.rlim_cur);
    if (conns < FD_FEW && len > 0 && (size_t)len < n)
        snprintf(line + len, n - (size_t)len,
                 ": for more, raise the hard limit (ulimit -Hn as root, LimitNOFILE= in a "
                 "systemd unit, nofile in /etc/security/limits.conf)");
    return conns > 0 ? conns : 1;
}

/* The services below the rooms, the registry; false when one failed
 * (said on stderr). */
static bool services(pf_net *n, const pf_server_options *o, const char *self)
{
    pf_error err;
    n->log = (pf_log){stdout, n->metrics = pf_metrics_new()};
    if (!n->metrics || !(n->limiter = pf_limiter_new(&o->limits)) ||
        !(n->node = pf_node_new(n->store, self, o->lease_ms))) {
        fprintf(stderr, "partyfood serve: out of memory\n");
        return false;
    }
    if (!(n->commit = pf_commit_start(n->store, o->db, &o->db_waits, wake_loop, n, n->metrics, &err)) ||
        !(n->worker = pf_worker_start(wake_loop, n, o->hint_threads, &err))) {
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
        return false;
    }
    pf_room_env env = {.store = n->store, .commit = n->commit, .worker = n->worker,
                       .log = &n->log};
    pf_ws_env(n, &env);
    if (!(n->rooms = pf_rooms_new(&env, n->node, n->metrics, (int64_t)o->idle_seconds * 1000,
                                  (int64_t)o->expire_seconds * 1000))) {
        fprintf(stderr, "partyfood serve: out of memory\n");
        return false;
    }
    return true;
}

static void no_timer(pf_room *r, void *arg)
{
    (void)arg;
    lws_sul_cancel(&r->timer);
    r->due = false;
}

/* Everything the server made, in the order that lets each go cleanly. */
static void shut_down(pf_net *n)
{
    pf_listener_stop(n->listener);
    pf_commit_stop(n->commit);
    if (n->ctx && n->rooms) {
        lws_sul_cancel(&n->sweep);
        close_all(n);
    }
    pf_node_release(n->node);
    pf_worker_stop(n->worker);
    if (n->rooms) /* the rooms' timers go before the context */
        pf_rooms_each(n->rooms, no_timer, NULL);
    pf_loop_free(n->loop, n->ctx); /* closes the connections, the rooms still there */
    n->ctx = NULL;
    pf_listener_free(n->listener);
    n->listener = NULL;
    pf_rooms_free(n->rooms);
    pf_commit_free(n->commit);
    pf_worker_free(n->worker);
    pf_node_free(n->node);
    pf_limiter_free(n->limiter);
    pf_metrics_free(n->metrics);
    pf_store_close(n->store);
    pf_gate_free(n->gate);
    n->gate = NULL;
}

int pf_server_run(const pf_server_options *o)
{
    static pf_net net;
    pf_net *n = &net;
    pf_error err;
    char why[512];
    bool v6;
    *n = (pf_net){.web = o->web, .tls = o->cert != NULL};
    running = n;
    char fds[256];
    n->max_conns = raise_fd_limit(fds, sizeof fds);
    n->hello_ms = (int64_t)o->hello_seconds * 1000;
    lws_set_log_level(LLL_ERR | LLL_WARN, NULL);
    if (!(n->gate = pf_gate_new(o->host, o->node, o->allow_hosts, o->nallow_hosts,
                                o->metrics_allow, o->nmetrics_allow, why, sizeof why))) {
        fprintf(stderr, "partyfood serve: %s\n", why);
        return 1;
    }
    int fd = pf_listen_open(o->host, o->port, &v6, why, sizeof why);
    if (fd < 0) {
        fprintf(stderr, "partyfood serve: %s\n", why);
        pf_gate_free(n->gate);
        return 1;
    }
    if (!(n->store = pf_store_open_waits(o->db, &o->db_waits, &err))) {
        fprintf(stderr,
                "partyfood serve: %s (--db names the database: an SQLite file of partyfood's, "
                "or a new one in a folder this user may write, or a postgresql:// URL)\n",
                err.msg);
        close(fd);
        pf_gate_free(n->gate);
        return 1;
    }
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    /* The listening socket is the server's (listener.h); lws's vhost
     * takes the connections it hands over. */
    info.port = CONTEXT_PORT_NO_LISTEN_SERVER;
    /* The security headers are the server's own (http.c), not lws's. */
    info.options = 0;
    /* Room for a long path or query, answered 414 or 431 rather than cut. */
    info.max_http_header_data = PF_HTTP_HEADER_LWS;
    /* A request not whole within the hello timeout is closed. */
    info.timeout_secs = (unsigned)o->hello_seconds;
    info.protocols = protocols;
    info.user = n;
    /* No validity ping of lws's: each message received would move the
     * connection's ping timer in one sorted list of every connection's (a
     * walk over them all). A peer gone without a word is found by TCP's
     * keepalive instead, in the kernel: after 5 idle minutes, 5 probes 30 s
     * apart. */
    static const lws_retry_bo_t no_validity = {0};
    info.retry_and_idle_policy = &no_validity;
    info.ka_time = 300;
    info.ka_probes = 5;
    info.ka_interval = 30;
    if (o->cert) {
        info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
        info.ssl_cert_filepath = o->cert;
        info.ssl_private_key_filepath = o->key;
    }
    if (!(n->loop = pf_loop_new())) {
        fprintf(stderr, "partyfood serve: cannot make the event loop (libuv)\n");
        pf_store_close(n->store);
        pf_gate_free(n->gate);
        close(fd);
        return 1;
    }
    pf_loop_attach(n->loop, &info);
    n->ctx = lws_create_context(&info);
    /* A listening socket lws could not make leaves a context without its
     * vhost (the port taken since can_listen looked, or TLS files refused). */
    struct lws_vhost *vh = n->ctx ? lws_get_vhost_by_name(n->ctx, "default") : NULL;
    if (!vh) {
        if (o->cert)
            fprintf(stderr,
                    "partyfood serve: cannot serve TLS (certificate %s, key %s: are they PEM "
                    "files that match?)\n",
                    o->cert, o->key);
        else
            fprintf(stderr, "partyfood serve: cannot make libwebsockets' context (see the line "
                            "above)\n");
        close(fd);
        shut_down(n);
        return 1;
    }
    int port = pf_listener_port(fd);
    char where[PF_NODE_NAME_MAX - 8]; /* HOST:PORT, an IPv6 address in brackets */
    char self[PF_NODE_NAME_MAX + 1];
    snprintf(where, sizeof where, v6 ? "[%s]:%d" : "%s:%d", o->host, port);
    snprintf(self, sizeof self, "http://%s", where);
    if (!services(n, o, o->node ? o->node : self) ||
        !(n->listener = pf_listener_start(fd, n->loop, vh, n->tls, n->limiter, n->max_conns,
                                          &n->log))) {
        if (!n->listener)
            close(fd);
        shut_down(n);
        return 1;
    }
    /* Every unfinished room, before the first client. */
    pf_rooms_restore(n->rooms);
    lws_sul_schedule(n->ctx, 0, &n->sweep, sweep, (lws_usec_t)SWEEP_MS * 1000);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    char db[512];
    pf_store_where_shown(o->db, db, sizeof db);
    printf("partyfood serve: listening on %s://%s (database %s)\n", n->tls ? "https" : "http",
           where, db);
    printf("partyfood serve: %s\n", fds);
    if (pf_node_name(n->node))
        printf("partyfood serve: node %s, leases of %d ms\n", pf_node_name(n->node),
               o->lease_ms);
    if (n->web)
        printf("partyfood serve: open %s://%s/ in a browser to play (files from %s)\n",
               n->tls ? "https" : "http", where, n->web);
    else
        printf("partyfood serve: no browser client found (--web DIR names its folder)\n");
    fflush(stdout);
    lws_cancel_service(n->ctx); /* lws arms its timers (the sweep) after an event: this one */
    pf_loop_run(n->loop, serving, n);
    shut_down(n);
    printf("partyfood serve: stopped\n");
    return 0;
}
