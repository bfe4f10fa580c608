/* ws.c: the WebSockets (net.h). Each connection holds the room's side of it
 * (pf_member); its first message is the hello that takes it into a room,
 * every later one goes to the room's commands. A connection whose answer
 * waits (a change in the commit, a hint on the worker) has its next
 * messages wait too, so its answers keep their order. The frames a turn of
 * the loop sends a connection (a push, then an answer) go out in one
 * write at its end (pf_ws_flush), or at the writeable callback when the
 * socket was full. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "partyfood/proto.h"
#include "partyfood/session.h"
#include "server/commands.h"
#include "server/net.h"

_Static_assert(LWS_PRE <= PF_FRAME_HEAD, "a frame keeps room for lws's header");

/* Frames waiting for a slow client beyond this close its connection. */
#define QUEUE_MAX (4 * 1024 * 1024)
/* Messages waiting behind a held answer beyond this close the connection. */
#define LATER_MAX 256

/* A message that waits for its connection's held answer. */
typedef struct pf_msg {
    struct pf_msg *next;
    size_t len;
    char text[];
} pf_msg;

struct pf_conn {
    pf_member m; /* the room's side */
    struct lws *wsi;
    /* The frames to write, headers included (after LWS_PRE bytes): each
     * turn of the loop ends with one write of them all. */
    unsigned char *out;
    size_t queued, cap;
    pf_conn *next_out; /* in the net's list of connections with frames to write */
    bool listed;
    bool flow_off; /* reading stopped while messages wait */
    bool too_slow;   /* frames piled up unread: closed at the next write */
    bool restarting; /* the server stops: closed, asking to reconnect */
    char *rx;        /* the message being received */
    size_t rx_len;
    size_t draining; /* the bytes of a message too large read so far (not kept) */
    pf_msg *later, *later_tail;
    int nlater;
    pf_conn_limits limits;
    char addr[64]; /* the client's (pf_net_peer) */
    int close_code; /* closed at the next write with this code and reason (not 0) */
    const char *close_reason;
};

static pf_conn *conn_of(pf_member *m)
{
    return lws_container_of(m, pf_conn, m);
}

int64_t pf_net_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- frames out ------------------------------------------------------------------------ */

/* Appends f as a WebSocket text frame (its header, then its text) to the
 * connection's frames to write; false when memory ran out. */
static bool append_frame(pf_conn *c, const pf_frame *f)
{
    unsigned char head[10];
    size_t h = 2;
    head[0] = 0x81; /* the last fragment of a text message */
    if (f->len < 126)
        head[1] = (unsigned char)f->len;
    else if (f->len < 65536) {
        head[1] = 126, h = 4;
        head[2] = (unsigned char)(f->len >> 8), head[3] = (unsigned char)f->len;
    } else {
        head[1] = 127, h = 10;
        for (int i = 0; i < 8; i++)
            head[2 + i] = (unsigned char)((uint64_t)f->len >> (56 - 8 * i));
    }
    size_t need = LWS_PRE + c->queued + h + f->len;
    if (need > c->cap) {
        size_t cap = c->cap ? c->cap : 1024;
        while (cap < need)
            cap *= 2;
        unsigned char *b = realloc(c->out, cap);
        if (!b)
            return false;
        c->out = b, c->cap = cap;
    }
    memcpy(c->out + LWS_PRE + c->queued, head, h);
    memcpy(c->out + LWS_PRE + c->queued + h, pf_frame_text(f), f->len);
    c->queued += h + f->len;
    return true;
}

static void send_frame(void *net, pf_member *m, pf_frame *f)
{
    pf_net *n = net;
    pf_conn *c = conn_of(m);
    if (c->too_slow || c->queued + f->len > QUEUE_MAX || !append_frame(c, f)) {
        c->too_slow = true; /* the writeable callback closes it */
        lws_callback_on_writable(c->wsi);
        return;
    }
    if (!c->listed) {
        c->listed = true;
        c->next_out = n->to_write;
        n->to_write = c;
    }
}

/* Writes the connection's frames, whole WebSocket frames already: lws's
 * HTTP write sends bytes as they are on any connection (its ws role sends
 * them raw, lws 4.1 to 4.3), and buffers what the socket does not take.
 * False when the connection failed. */
static bool write_out(pf_conn *c)
{
    size_t len = c->queued;
    c->queued = 0;
    return lws_write(c->wsi, c->out + LWS_PRE, len, LWS_WRITE_HTTP) >= (int)len;
}

void pf_ws_flush(pf_net *n)
{
    for (pf_conn *c = n->to_write, *next; c; c = next) {
        next = c->next_out;
        c->listed = false;
        /* With nothing of lws's before them, they go now: no turn of the
         * loop for a writeable callback. */
        if (c->queued && !c->close_code && !c->restarting && !c->too_slow &&
            !lws_partial_buffered(c->wsi))
            write_out(c);
        if (c->queued || c->close_code || c->restarting || c->too_slow)
            lws_callback_on_writable(c->wsi);
    }
    n->to_write = NULL;
}

/* Closes with status and why. The close goes now, from inside the
 * callback, and the callback returns 0: a callback that gives up (returns
 * -1) has lws close the connection, and Debian's lws 4.1, built with
 * _DEBUG, on libuv closes it a second time at once (service.c's "uv repeat
 * test"), before the close frame left: the client saw 1006, never why.
 * Closed now, lws sends the frame at the next write and then waits for the
 * client's. What the connection still receives is not read (c->close_code). */
/* The most of a message too large read to its end before the close. */
#define DRAIN_MAX (4 * PF_REQUEST_MAX_BYTES)

static int ws_close(pf_conn *c, enum lws_close_status status, const char *why)
{
    if (!c->close_code) {
        c->close_code = (int)status;
        c->close_reason = why;
    }
    lws_close_reason(c->wsi, status, (unsigned char *)why, strlen(why));
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_CLOSE_SEND, LWS_TO_KILL_SYNC);
    return 0;
}

int pf_ws_writeable(pf_net *n, pf_conn *c)
{
    (void)n;
    if (c->too_slow)
        return ws_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION, "too slow: frames piled up");
    if (c->queued && !lws_partial_buffered(c->wsi) && !write_out(c))
        return -1;
    if (c->queued || lws_partial_buffered(c->wsi)) { /* a close waits for the last frame */
        lws_callback_on_writable(c->wsi);
        return 0;
    }
    /* A stop sends what was committed last (answers, pushes) before the close. */
    if (c->restarting)
        return ws_close(c, PF_CLOSE_RESTART, "the server is restarting: reconnect with your token");
    if (c->close_code)
        return ws_close(c, (enum lws_close_status)c->close_code, c->close_reason);
    return 0;
}

/* ---- the room's calls ------------------------------------------------------------------ */

static void leave(pf_conn *c)
{
    if (c->m.room)
        pf_room_leave(c->m.room, &c->m);
}

/* Leaves the room at once (no more pushes, no more requests), closed once
 * its frames are out. */
static void close_member(void *net, pf_member *m, int code, const char *reason)
{
    (void)net;
    pf_conn *c = conn_of(m);
    leave(c);
    c->close_code = code;
    c->close_reason = reason;
    lws_callback_on_writable(c->wsi);
}

static void timer_fired(lws_sorted_usec_list_t *sul)
{
    pf_room *r = lws_container_of(sul, pf_room, timer);
    pf_room_tick(r);
}

static void wake(void *net, pf_room *r, int64_t ms)
{
    pf_net *n = net;
    if (!n->ctx) /* shutting down: the timers went with the context */
        return;
    if (ms < 0)
        lws_sul_cancel(&r->timer);
    else
        lws_sul_schedule(n->ctx, 0, &r->timer, timer_fired, (lws_usec_t)ms * 1000);
}

/* The room's members whose answers were held may go on: their messages
 * that waited are handled, in order. */
static void resume(void *net, pf_room *r)
{
    (void)net;
    for (pf_member *m = r->members; m; m = m->next) {
        pf_conn *c = conn_of(m);
        pf_msg *msg;
        while (!m->held && m->room == r && (msg = c->later)) {
            if (!(c->later = msg->next))
                c->later_tail = NULL;
            c->nlater--;
            pf_room_request(r, m, msg->text, msg->len);
            free(msg);
        }
        if (!c->later && c->flow_off) {
            c->flow_off = false;
            lws_rx_flow_control(c->wsi, 1);
        }
    }
}

static int64_t now_ms(void *net)
{
    (void)net;
    return pf_net_now_ms();
}

void pf_ws_env(pf_net *n, pf_room_env *env)
{
    env->send = send_frame;
    env->close = close_member;
    env->wake = wake;
    env->resume = resume;
    env->now_ms = now_ms;
    env->net = n;
}

/* ---- connections ------------------------------------------------------------------------ */

void pf_net_peer(pf_net *n, struct lws *wsi, char *buf, size_t size)
{
    char fwd[256];
    if (pf_limiter_limits(n->limiter)->behind_proxy &&
        lws_hdr_copy(wsi, fwd, sizeof fwd, WSI_TOKEN_X_FORWARDED_FOR) > 0) {
        const char *last = strrchr(fwd, ',');
        last = last ? last + 1 : fwd;
        while (*last == ' ')
            last++;
        snprintf(buf, size, "%s", last);
        return;
    }
    if (!lws_get_peer_simple(wsi, buf, size))
        snprintf(buf, size, "?");
}

bool pf_net_may_look(pf_net *n, const char *addr, pf_error *err)
{
    int64_t ms = pf_limits_lookup(n->limiter, addr, pf_net_now_ms());
    if (ms == 0)
        return true;
    long long s = (ms + 999) / 1000;
    pf_log_event(&n->log, "refused", NULL, NULL, "reason=misses");
    pf_error_set(err, PF_E_RATE_LIMITED,
                 "too many room codes that match no room from your address: try again in "
                 "%lld s",
                 s);
    pf_error_field(err, "retry_after", s);
    return false;
}

pf_conn *pf_ws_open(pf_net *n, struct lws *wsi)
{
    pf_conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    pf_metrics_connection(n->metrics, 1);
    c->wsi = wsi;
    c->m.seat = PF_SEAT_SPECTATOR;
    /* A refused connection is closed at its first write (with why). */
    char uri[64] = "", addr[64];
    lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI);
    pf_net_peer(n, wsi, addr, sizeof addr);
    snprintf(c->addr, sizeof c->addr, "%s", addr);
    pf_limits_conn_init(n->limiter, &c->limits);
    /* Every connection counted against its address when taken (listener.h),
     * but behind a proxy: there by the address the proxy names. */
    if (strcmp(uri, "/ws") != 0)
        close_member(n, &c->m, LWS_CLOSE_STATUS_POLICY_VIOLATION, "WebSockets are at /ws");
    else if (pf_limiter_limits(n->limiter)->behind_proxy &&
             !pf_limits_conn_open(n->limiter, &c->limits, addr, pf_net_now_ms())) {
        pf_log_event(&n->log, "refused", NULL, NULL, "reason=connections_per_address");
        close_member(n, &c->m, LWS_CLOSE_STATUS_POLICY_VIOLATION,
                     "too many connections from your address");
    } else
        lws_set_timer_usecs(wsi, (lws_usec_t)n->hello_ms * 1000);
    return c;
}

void pf_ws_closed(pf_net *n, pf_conn *c)
{
    leave(c);
    if (c->listed) /* out of the list of connections to write */
        for (pf_conn **p = &n->to_write; *p; p = &(*p)->next_out)
            if (*p == c) {
                *p = c->next_out;
                break;
            }
    free(c->out);
    for (pf_msg *m = c->later, *next; m; m = next) {
        next = m->next;
        free(m);
    }
    free(c->rx);
    pf_limits_conn_close(&c->limits);
    free(c);
    pf_metrics_connection(n->metrics, -1);
}

/* Keeps a message until the connection's held answer is sent; false when
 * too many wait. */
static bool keep_for_later(pf_conn *c, const char *text, size_t len)
{
    pf_msg *m = c->nlater < LATER_MAX ? malloc(sizeof *m + len + 1) : NULL;
    if (!m)
        return false;
    m->next = NULL;
    m->len = len;
    memcpy(m->text, text, len + 1);
    if (c->later_tail)
        c->later_tail->next = m;
    else
        c->later = m;
    c->later_tail = m;
    c->nlater++;
    if (!c->flow_off) {
        c->flow_off = true;
        lws_rx_flow_control(c->wsi, 0); /* read no more until the answer is out */
    }
    return true;
}

static void log_refused(pf_net *n, const pf_conn *c, const char *why)
{
    const pf_room *r = c->m.room;
    pf_log_event(&n->log, "refused", r ? r->code : NULL, r ? r->g->id : NULL, why);
}

int pf_ws_timer(pf_net *n, pf_conn *c)
{
    if (c->m.room || c->close_code)
        return 0;
    log_refused(n, c, "reason=no_hello");
    close_member(n, &c->m, LWS_CLOSE_STATUS_POLICY_VIOLATION,
                 "no hello in time: say hello first, {\"cmd\":\"hello\",\"room\":CODE}");
    return 0;
}

/* An answer to a connection not in a room (yet). */
static void answer(pf_net *n, pf_conn *c, char *text)
{
    pf_frame *f = pf_frame_copy(text ? text : PF_ANSWER_NO_MEMORY);
    free(text);
    if (f)
        send_frame(n, &c->m, f);
    pf_frame_drop(f);
}

/* A connection over its request rate: an error answer (with the
 * request's id), or a close when the flood goes on. */
static int rate_limited(pf_net *n, pf_conn *c, pf_verdict v, const char *msg, size_t len)
{
    log_refused(n, c, v == PF_LIMIT_CLOSE ? "reason=flood" : "reason=rate");
    if (v == PF_LIMIT_CLOSE)
        return ws_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION,
                        "too many requests: the connection is closed");
    cJSON *req = cJSON_ParseWithLength(msg, len);
    char text[96];
    snprintf(text, sizeof text, "at most %d requests a second: slow down",
             pf_limiter_limits(n->limiter)->requests_per_s);
    answer(n, c, pf_proto_error(req, PF_E_RATE_LIMITED, text));
    cJSON_Delete(req);
    return 0;
}

int pf_ws_receive(pf_net *n, pf_conn *c, const void *in, size_t len)
{
    struct lws *wsi = c->wsi;
    if (c->close_code)
        return 0; /* closing: nothing more is read */
    if (lws_frame_is_binary(wsi)) {
        log_refused(n, c, "reason=binary");
        return ws_close(c, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE,
                        "binary frames are not accepted: send JSON text");
    }
    /* A message too large is read to its end (its fragments still on the
     * way, up to DRAIN_MAX) and then closed with 1009: closed at once, the
     * fragments already sent would reach a closed socket, and the
     * system's reset would reach the client before the close frame
     * (1006, no reason). */
    if (c->draining || c->rx_len + len > PF_REQUEST_MAX_BYTES) {
        if (!c->draining)
            log_refused(n, c, "reason=too_large");
        c->draining += c->rx_len + len;
        c->rx_len = 0;
        if ((lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) ||
            c->draining > DRAIN_MAX)
            return ws_close(c, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, "message too large");
        return 0;
    }
    char *rx = realloc(c->rx, c->rx_len + len + 1);
    if (!rx)
        return ws_close(c, LWS_CLOSE_STATUS_UNEXPECTED_CONDITION, "out of memory");
    c->rx = rx;
    memcpy(c->rx + c->rx_len, in, len);
    c->rx_len += len;
    c->rx[c->rx_len] = '\0';
    if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi))
        return 0;
    size_t size = c->rx_len;
    c->rx_len = 0;
    pf_verdict v = pf_limits_request(&c->limits, pf_net_now_ms());
    if (v != PF_LIMIT_PASS)
        return rate_limited(n, c, v, c->rx, size);
    if (!c->m.room) {
        char *text;
        pf_error err;
        if (!pf_net_may_look(n, c->addr, &err)) {
            cJSON *req = cJSON_ParseWithLength(c->rx, size);
            answer(n, c, pf_proto_error_of(req, &err));
            cJSON_Delete(req);
            return 0;
        }
        if (pf_rooms_hello(n->rooms, &c->m, c->rx, size, &text))
            pf_limits_missed(n->limiter, c->addr, pf_net_now_ms());
        /* In a room, its hello timer goes now (pf_ws_timer does nothing
         * then; lws 4.1 has no cancel for it, and takes
         * LWS_SET_TIMER_USEC_CANCEL as a time). Left to run, every idle
         * connection's timer sat in lws's sorted list, walked by each one
         * opened after it, and lws on libuv reads the clock in a loop for
         * the last half millisecond before each timer (its waits are
         * rounded to whole milliseconds). */
        if (c->m.room)
            lws_set_timer_usecs(wsi, 0);
        if (text)
            answer(n, c, text);
    } else if (!c->m.held && !c->later)
        pf_room_request(c->m.room, &c->m, c->rx, size);
    else if (!keep_for_later(c, c->rx, size)) {
        log_refused(n, c, "reason=too_many_waiting");
        return ws_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION,
                        "too many messages waiting for an answer");
    }
    return 0;
}

/* ---- the stop ------------------------------------------------------------------------------ */

static void restart(pf_room *r, void *arg)
{
    for (pf_member *m = r->members; m; m = m->next) {
        pf_conn *c = conn_of(m);
        c->restarting = *(bool *)arg = true;
        lws_callback_on_writable(c->wsi);
    }
}

bool pf_ws_restart_all(pf_net *n)
{
    bool any = false;
    pf_rooms_each(n->rooms, restart, &any);
    return any;
}

static void open_one(pf_room *r, void *arg)
{
    *(bool *)arg |= r->members != NULL;
}

bool pf_ws_any_open(pf_net *n)
{
    bool any = false;
    pf_rooms_each(n->rooms, open_one, &any);
    return any;
}
