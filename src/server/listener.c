/* listener.c: the listening socket (listener.h). */
#define _GNU_SOURCE /* accept4 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "server/listener.h"

/* Connections taken at most each time the socket is readable: the loop
 * serves the others between. */
#define BATCH 64

/* What a connection taken holds: its place in its address's count. */
typedef struct taken {
    pf_conn_limits limits;
} taken;

struct pf_listener {
    int fd;
    int reserve; /* a descriptor kept to take and close one caller when none is left */
    uv_poll_t poll;
    bool polling;
    uv_timer_t later; /* says the refusals of the last second */
    struct lws_vhost *vh;
    bool tls;
    pf_limiter *lim;
    long open, max;
    const pf_log *log;
    /* Refusals said at most once a second: when the last line was, and how
     * many of each kind since. */
    int64_t said_ms;
    long full, busy_address;
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int pf_listen_open(const char *host, int port, bool *v6, char *why, size_t n)
{
    struct sockaddr_storage sa;
    memset(&sa, 0, sizeof sa);
    struct sockaddr_in *in4 = (struct sockaddr_in *)&sa;
    struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&sa;
    socklen_t len;
    if (inet_pton(AF_INET, host, &in4->sin_addr) == 1) {
        in4->sin_family = AF_INET;
        in4->sin_port = htons((uint16_t)port);
        len = sizeof *in4;
        *v6 = false;
    } else if (inet_pton(AF_INET6, host, &in6->sin6_addr) == 1) {
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons((uint16_t)port);
        len = sizeof *in6;
        *v6 = true;
    } else {
        snprintf(why, n,
                 "cannot listen on %s: not an IP address (--listen wants one of this machine's "
                 "addresses: 127.0.0.1:PORT for this machine only, 0.0.0.0:PORT for every network)",
                 host);
        return -1;
    }
    int fd = socket(sa.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0), one = 1;
    if (fd < 0) {
        snprintf(why, n, "cannot listen on %s:%d: %s", host, port, strerror(errno));
        return -1;
    }
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (*v6)
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    int e = bind(fd, (struct sockaddr *)&sa, len) == 0 && listen(fd, SOMAXCONN) == 0 ? 0 : errno;
    if (e == 0)
        return fd;
    close(fd);
    if (e == EADDRINUSE)
        snprintf(why, n,
                 "cannot listen on %s:%d: the port is taken (is another server running?): stop "
                 "it, or choose another port with --listen %s:PORT (0: any free port)",
                 host, port, host);
    else if (e == EADDRNOTAVAIL)
        snprintf(why, n,
                 "cannot listen on %s:%d: %s is not an address of this machine (--listen "
                 "127.0.0.1:PORT for this machine only, 0.0.0.0:PORT for every network)",
                 host, port, host);
    else if (e == EACCES)
        snprintf(why, n,
                 "cannot listen on %s:%d: a port under 1024 needs privileges: choose another "
                 "with --listen %s:PORT",
                 host, port, host);
    else
        snprintf(why, n, "cannot listen on %s:%d: %s", host, port, strerror(e));
    return -1;
}

int pf_listener_port(int fd)
{
    struct sockaddr_storage sa;
    socklen_t len = sizeof sa;
    if (getsockname(fd, (struct sockaddr *)&sa, &len) != 0)
        return 0;
    return ntohs(sa.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&sa)->sin6_port
                                          : ((struct sockaddr_in *)&sa)->sin_port);
}

static void said_later(uv_timer_t *h);

/* The refusals since the last line, in one line at most once a second:
 * now, or when the second is over. */
static void say(pf_listener *l)
{
    int64_t now = now_ms();
    if (!l->full && !l->busy_address)
        return;
    if (now - l->said_ms < 1000) {
        if (!uv_is_active((uv_handle_t *)&l->later))
            uv_timer_start(&l->later, said_later, (uint64_t)(1000 - (now - l->said_ms)), 0);
        return;
    }
    char detail[160];
    snprintf(detail, sizeof detail,
             "reason=%s full=%ld busy_address=%ld open=%ld",
             l->full ? "descriptors" : "connections_per_address", l->full, l->busy_address,
             l->open);
    pf_log_event(l->log, "refused", NULL, NULL, detail);
    l->said_ms = now;
    l->full = l->busy_address = 0;
}

static void ready(uv_poll_t *h, int status, int events);
static void resume(pf_listener *l);

/* The second is over: its refusals said; and after a shed, accepting is
 * tried again (a descriptor may have come free outside the connections:
 * the store's, a file's). */
static void said_later(uv_timer_t *h)
{
    pf_listener *l = h->data;
    say(l);
    if (l->open < l->max)
        resume(l);
}

static void resume(pf_listener *l)
{
    if (!l->polling && l->fd >= 0 && uv_poll_start(&l->poll, UV_READABLE, ready) == 0)
        l->polling = true;
}

static void pause_taking(pf_listener *l)
{
    if (l->polling)
        uv_poll_stop(&l->poll);
    l->polling = false;
}

/* No descriptor is left: one caller is taken with the reserve and closed
 * at once (the kernel would keep offering it), and the listener waits for
 * a connection to close. */
static void shed(pf_listener *l)
{
    if (l->reserve >= 0) {
        close(l->reserve);
        int fd = accept4(l->fd, NULL, NULL, SOCK_CLOEXEC);
        if (fd >= 0)
            close(fd);
        l->reserve = open("/dev/null", O_RDONLY | O_CLOEXEC);
    }
    l->full++;
    pause_taking(l);
    if (!uv_is_active((uv_handle_t *)&l->later))
        uv_timer_start(&l->later, said_later, 1000, 0);
}

/* The address a connection comes from, as text. */
static void address_of(const struct sockaddr_storage *sa, char *buf, size_t n)
{
    const void *a = sa->ss_family == AF_INET6
                        ? (const void *)&((const struct sockaddr_in6 *)sa)->sin6_addr
                        : (const void *)&((const struct sockaddr_in *)sa)->sin_addr;
    if (!inet_ntop(sa->ss_family, a, buf, (socklen_t)n))
        snprintf(buf, n, "?");
}

/* Takes what waits, up to a batch. */
static void ready(uv_poll_t *h, int status, int events)
{
    (void)events;
    pf_listener *l = h->data;
    for (int i = 0; status == 0 && i < BATCH; i++) {
        if (l->open >= l->max) {
            l->full++;
            pause_taking(l);
            break;
        }
        struct sockaddr_storage sa;
        socklen_t len = sizeof sa;
        int fd = accept4(l->fd, (struct sockaddr *)&sa, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            int e = errno;
            if (e == EMFILE || e == ENFILE || e == ENOBUFS || e == ENOMEM)
                shed(l);
            if (e != EINTR && e != ECONNABORTED)
                break;
            continue;
        }
        taken *t = calloc(1, sizeof *t);
        char addr[INET6_ADDRSTRLEN];
        address_of(&sa, addr, sizeof addr);
        /* Behind a proxy every connection is the proxy's: the WebSockets
         * count by the address it names (ws.c). */
        if (!t || (!pf_limiter_limits(l->lim)->behind_proxy &&
                   !pf_limits_conn_open(l->lim, &t->limits, addr, now_ms()))) {
            l->busy_address += t != NULL;
            free(t);
            close(fd);
            continue;
        }
        lws_sock_file_fd_type d = {.sockfd = fd};
        struct lws *wsi = lws_adopt_descriptor_vhost(
            l->vh, LWS_ADOPT_SOCKET | LWS_ADOPT_HTTP | (l->tls ? LWS_ADOPT_ALLOW_SSL : 0), d, NULL,
            NULL); /* on failure lws closed fd */
        if (!wsi) {
            pf_limits_conn_close(&t->limits);
            free(t);
            continue;
        }
        lws_set_opaque_user_data(wsi, t);
        l->open++;
    }
    say(l);
}

pf_listener *pf_listener_start(int fd, pf_loop *loop, struct lws_vhost *vh, bool tls,
                               pf_limiter *lim, long max_conns, const pf_log *log)
{
    pf_listener *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    *l = (pf_listener){.fd = fd, .vh = vh, .tls = tls, .lim = lim, .max = max_conns, .log = log,
                       .reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)};
    if (uv_poll_init(pf_loop_uv(loop), &l->poll, fd) != 0) {
        if (l->reserve >= 0)
            close(l->reserve);
        free(l);
        return NULL;
    }
    uv_timer_init(pf_loop_uv(loop), &l->later);
    l->poll.data = l->later.data = l;
    resume(l);
    return l;
}

void pf_listener_closed(pf_listener *l, struct lws *wsi)
{
    taken *t = lws_get_opaque_user_data(wsi);
    if (!l || !t)
        return;
    lws_set_opaque_user_data(wsi, NULL);
    pf_limits_conn_close(&t->limits);
    free(t);
    l->open--;
    resume(l);
}

void pf_listener_stop(pf_listener *l)
{
    if (!l || l->fd < 0)
        return;
    pause_taking(l);
    uv_close((uv_handle_t *)&l->poll, NULL);
    uv_close((uv_handle_t *)&l->later, NULL);
    close(l->fd);
    if (l->reserve >= 0)
        close(l->reserve);
    l->fd = l->reserve = -1;
}

void pf_listener_free(pf_listener *l)
{
    free(l);
}
