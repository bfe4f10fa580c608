/* server.c: the network side of `partyfood serve` (server.h): one
 * libwebsockets event loop for the HTTP API, the WebSockets and the rooms'
 * timers. Each room's game is room.c's. After every turn of the loop the
 * changes it made are committed together (commit.c); a connection whose
 * change waits for that commit has its next messages wait too, so its
 * answers keep their order. Idle rooms are let go and rebuilt from storage
 * when touched; rooms that never started expire. */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include <netinet/in.h>
#include <sys/socket.h>

#include <libwebsockets.h>

#include "partyfood/json_print.h"
#include "partyfood/parse.h"
#include "partyfood/session.h"
#include "server/commit.h"
#include "server/host.h"
#include "server/limits.h"
#include "server/loop.h"
#include "server/memory.h"
#include "server/metrics.h"
#include "server/node.h"
#include "server/room.h"
#include "server/server.h"
#include "server/think.h"

/* The largest HTTP request body. */
#define BODY_MAX (16 * 1024)
/* The WebSocket close code "service restart" (RFC 6455's registry). */
#define SERVICE_RESTART ((enum lws_close_status)1012)
/* How long a stop waits for the connections to close. */
#define STOP_MS 500

/* Frames waiting for a slow client beyond this close its connection. */
#define QUEUE_MAX (4 * 1024 * 1024)
/* Messages waiting behind a held answer beyond this close the connection. */
#define LATER_MAX 256
/* How often idle and expired rooms are looked for. */
#define SWEEP_MS 1000

/* Room codes: letters people can read aloud and type, without look-alikes
 * (no I, L, O; no B, S, Z beside 8, 5, 2). */
static const char code_letters[] = "ACDEFGHJKMNPQRTUVWXY";

struct pf_out {
    pf_out *next;
    size_t len;
    unsigned char data[]; /* LWS_PRE bytes, then the frame */
};

/* A message that waits for its connection's held answer. */
struct pf_msg {
    pf_msg *next;
    size_t len;
    char text[];
};

/* One process, one server: the timers' callbacks find it here. */
static struct {
    struct lws_context *ctx;
    pf_loop *loop;
    pf_store *store;
    pf_room *rooms;
    int64_t idle_ms, expire_ms;
    lws_sorted_usec_list_t sweep;
    bool tls;
    const char *web; /* the browser client's folder */
    char self[PF_NODE_NAME_MAX + 1]; /* the address this server advertises */
    volatile sig_atomic_t stop;
} srv;

/* What libwebsockets keeps for each connection. */
typedef struct pss {
    char path[64];
    bool post;
    char *body;
    size_t body_len;
    bool body_over;
    pf_conn *conn; /* a WebSocket's */
} pss;

int64_t pf_server_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void pf_server_log(const char *event, const pf_room *r, const char *detail)
{
    const char *reason = detail ? strstr(detail, "reason=") : NULL;
    if (strcmp(event, "refused") == 0)
        pf_metrics_refusal(reason ? reason + 7 : "other");
    printf("partyfood serve: event=%s", event);
    if (r)
        printf(" room=%s game=%s", r->code, r->g->id);
    printf("%s%s\n", detail ? " " : "", detail ? detail : "");
    fflush(stdout);
}

/* ---- rooms ------------------------------------------------------------------------ */

/* The answer when the storage cannot say whether a room exists. */
#define ROOM_UNREADABLE "the room cannot be read from storage now: try again soon"

/* What restore_one found: the room loaded, the node that plays it, or that
 * the storage could not say (a client asks again later: its seat is not
 * lost, as it would be if the answer were "no such room"). */
typedef struct found {
    pf_room *room;
    char owner[PF_NODE_NAME_MAX + 1]; /* "" unless another node plays it */
    bool failed;
} found;

/* Loads a stored room into memory; with a shared store, an unfinished one
 * only once this node holds its lease. */
static void restore_one(void *arg, const pf_store_room *rec)
{
    found *f = arg;
    pf_error err;
    pf_store_owner lease = {NULL, 0};
    if (!rec->finished && pf_node_claim(rec->code, &lease, f->owner, &err)) {
        f->failed = err.code != PF_E_ELSEWHERE;
        if (f->failed)
            fprintf(stderr, "partyfood serve: room %s: %s\n", rec->code, err.msg);
        return;
    }
    pf_room *r = pf_room_restore(srv.store, rec, &err);
    if (!r) {
        f->failed = true;
        fprintf(stderr, "partyfood serve: room %s not restored: %s\n", rec->code, err.msg);
        return;
    }
    r->lease = lease;
    r->next = srv.rooms;
    srv.rooms = r;
    f->room = r;
    pf_server_log("restored", r, r->started ? "started=true" : "started=false");
}

/* The room with this code (either case): in memory, or else read back from
 * storage (a room let go while idle, a finished game, a room whose node
 * died), into *f. NULL when there is none here: f->owner then names the
 * node that plays it, or f->failed says the storage could not tell. */
static pf_room *find_room(const char *code, found *f)
{
    char up[PF_ROOM_CODE_LEN + 1];
    size_t n = strlen(code);
    *f = (found){NULL, "", false};
    if (n != PF_ROOM_CODE_LEN)
        return NULL;
    for (size_t i = 0; i <= n; i++)
        up[i] = (char)toupper((unsigned char)code[i]);
    for (pf_room *r = srv.rooms; r; r = r->next)
        if (strcmp(r->code, up) == 0) {
            if (!r->lease_lost)
                return r;
            /* Leaving memory (its lease or its copy was lost): joining it
             * would play on a stale copy. Asked again once it is gone, it
             * is read back from storage. */
            snprintf(f->owner, sizeof f->owner, "%s", srv.self);
            return NULL;
        }
    if (strspn(up, code_letters) != PF_ROOM_CODE_LEN)
        return NULL;
    pf_error err;
    if (pf_store_room_get(srv.store, up, restore_one, f, &err)) {
        f->failed = true;
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
    }
    return f->room;
}

/* A code no room has. With a shared store this node takes its lease first,
 * so two nodes cannot give out the same code at once. */
static void found_one(void *arg, const pf_store_room *rec)
{
    (void)rec;
    *(bool *)arg = true;
}

/* Whether a room, in memory or stored, has this code: looked up, not
 * loaded (find_room would load it, and claim a lease on a shared store). */
static bool code_taken(const char *code)
{
    for (pf_room *r = srv.rooms; r; r = r->next)
        if (strcmp(r->code, code) == 0)
            return true;
    bool stored = false;
    pf_error err;
    if (pf_store_room_get(srv.store, code, found_one, &stored, &err)) {
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
        return true; /* not known to be free */
    }
    return stored;
}

bool pf_server_new_code(char *code)
{
    for (int tries = 0; tries < 16; tries++) {
        unsigned char raw[PF_ROOM_CODE_LEN];
        if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
            return false;
        for (int i = 0; i < PF_ROOM_CODE_LEN; i++)
            code[i] = code_letters[raw[i] % (sizeof code_letters - 1)];
        code[PF_ROOM_CODE_LEN] = '\0';
        if (code_taken(code))
            continue;
        char owner[PF_NODE_NAME_MAX + 1];
        pf_error err;
        pf_store_owner lease;
        pf_err e = pf_node_claim(code, &lease, owner, &err);
        if (!e)
            return true;
        if (e != PF_E_ELSEWHERE) {
            fprintf(stderr, "partyfood serve: %s\n", err.msg);
            return false;
        }
    }
    return false;
}

void pf_server_add_room(pf_room *r)
{
    char owner[PF_NODE_NAME_MAX + 1];
    pf_error err;
    if (pf_node_claim(r->code, &r->lease, owner, &err))
        fprintf(stderr, "partyfood serve: room %s: %s\n", r->code, err.msg);
    r->next = srv.rooms;
    srv.rooms = r;
}

static void timer_fired(lws_sorted_usec_list_t *sul)
{
    pf_room_tick(lws_container_of(sul, pf_room, timer));
}

void pf_server_wake(pf_room *r, int64_t ms)
{
    if (!srv.ctx) /* shutting down: the timers went with the context */
        return;
    if (ms < 0)
        lws_sul_cancel(&r->timer);
    else
        lws_sul_schedule(srv.ctx, 0, &r->timer, timer_fired, (lws_usec_t)ms * 1000);
}


/* ---- WebSocket frames ------------------------------------------------------------- */

void pf_server_send(pf_conn *c, const char *text)
{
    size_t len = strlen(text);
    if (c->too_slow || c->queued + len > QUEUE_MAX) {
        c->too_slow = true; /* the writeable callback closes it */
        lws_callback_on_writable(c->wsi);
        return;
    }
    pf_out *o = malloc(sizeof *o + LWS_PRE + len);
    if (!o)
        return;
    o->next = NULL;
    o->len = len;
    memcpy(o->data + LWS_PRE, text, len);
    if (c->out_tail)
        c->out_tail->next = o;
    else
        c->out_head = o;
    c->out_tail = o;
    c->queued += len;
    lws_callback_on_writable(c->wsi);
}

static void send_answer(pf_conn *c, char *text)
{
    pf_server_send(c, text ? text : PF_ANSWER_NO_MEMORY);
    free(text);
}

static void conn_free(pf_conn *c)
{
    if (c->room) {
        pf_conn **p = &c->room->conns;
        while (*p && *p != c)
            p = &(*p)->next;
        if (*p)
            *p = c->next;
        c->room->active_ms = pf_server_now_ms();
        pf_room_leave(c->room, c);
    }
    for (pf_out *o = c->out_head, *next; o; o = next) {
        next = o->next;
        free(o);
    }
    for (pf_msg *m = c->later, *next; m; m = next) {
        next = m->next;
        free(m);
    }
    free(c->rx);
    pf_limits_conn_close(&c->limits);
    free(c);
    pf_metrics_connection(-1);
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
    lws_rx_flow_control(c->wsi, 0); /* read no more until the answer is out */
    return true;
}

void pf_server_resume(pf_room *r)
{
    for (pf_conn *c = r->conns; c; c = c->next) {
        pf_msg *m;
        while (!c->held && (m = c->later)) {
            if (!(c->later = m->next))
                c->later_tail = NULL;
            c->nlater--;
            pf_room_request(r, c, m->text, m->len);
            free(m);
        }
        if (!c->later)
            lws_rx_flow_control(c->wsi, 1);
    }
}

/* Leaves the room at once (no more pushes, no more requests), closed at
 * the next write. */
void pf_server_close(pf_conn *c, int code, const char *reason)
{
    if (c->room) {
        pf_conn **p = &c->room->conns;
        while (*p && *p != c)
            p = &(*p)->next;
        if (*p)
            *p = c->next;
        /* Its request in the commit is answered to nobody: the connection
         * is freed once closed, maybe before the commit ends. */
        pf_room_leave(c->room, c);
    }
    c->room = NULL;
    c->close_code = code;
    c->close_reason = reason;
    lws_callback_on_writable(c->wsi);
}

/* The client's address: the peer's, or behind a reverse proxy the last
 * item of X-Forwarded-For (the address the proxy saw). */
static void peer_address(struct lws *wsi, char *buf, size_t n)
{
    char fwd[256];
    if (pf_limits_get()->behind_proxy &&
        lws_hdr_copy(wsi, fwd, sizeof fwd, WSI_TOKEN_X_FORWARDED_FOR) > 0) {
        const char *last = strrchr(fwd, ',');
        last = last ? last + 1 : fwd;
        while (*last == ' ')
            last++;
        size_t len = strlen(last);
        if (len >= n)
            len = n - 1;
        memcpy(buf, last, len);
        buf[len] = '\0';
        return;
    }
    if (!lws_get_peer_simple(wsi, buf, n))
        snprintf(buf, n, "?");
}

/* The first message: {"cmd":"hello","room":CODE,"token":HEX}, no token for
 * a spectator. */
static void hello(pf_conn *c, const char *msg, size_t len)
{
    cJSON *req = len <= PF_REQUEST_MAX_BYTES ? cJSON_ParseWithLength(msg, len) : NULL;
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(req, "room");
    const cJSON *token = cJSON_GetObjectItemCaseSensitive(req, "token");
    pf_room *r = NULL;
    int seat = PF_SEAT_SPECTATOR;
    char *text = NULL;
    found f = {NULL, "", false};
    if (!cJSON_IsObject(req))
        text = pf_room_error(NULL, PF_E_BAD_JSON, "the message is not a JSON object");
    else if (!cJSON_IsString(cmd) || strcmp(cmd->valuestring, "hello") != 0)
        text = pf_room_error(req, PF_E_BAD_REQUEST,
                             "say hello first: {\"cmd\":\"hello\",\"room\":CODE,\"token\":TOKEN}");
    else if (!cJSON_IsString(code) || !(r = find_room(code->valuestring, &f)))
        text = f.owner[0] ? pf_node_elsewhere(req, code->valuestring, f.owner)
               : f.failed ? pf_room_error(req, PF_E_IO, ROOM_UNREADABLE)
                          : pf_room_error(req, PF_E_BAD_REQUEST, "no room has that code");
    else if (token && (!cJSON_IsString(token) ||
                       (seat = pf_room_seat_of(r, token->valuestring)) < 0))
        text = pf_room_error(req, PF_E_NOT_YOUR_SEAT, "that token holds no seat of this room");
    else if (!token && !r->spectators)
        text = pf_room_error(req, PF_E_NOT_YOUR_SEAT, "this room has no spectators");
    if (text) {
        pf_server_log("refused", r, "reason=hello");
        send_answer(c, text);
        cJSON_Delete(req);
        return;
    }
    c->room = r;
    c->seat = seat;
    c->next = r->conns;
    r->conns = c;
    r->active_ms = pf_server_now_ms();
    cJSON *out = cJSON_CreateObject();
    if (out) {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
        if (id)
            cJSON_AddItemToObject(out, "id", cJSON_Duplicate(id, true));
        cJSON_AddTrueToObject(out, "ok");
        cJSON_AddNumberToObject(out, "seat", seat);
    }
    text = out ? pf_json_print(out) : NULL;
    cJSON_Delete(out);
    send_answer(c, text);
    pf_room_sync(r, c);
    cJSON_Delete(req);
}

/* A browser says which page opened the socket: only the server's own may
 * (another site's page would act with its visitor's token). Programs that
 * send no Origin are let in. A reverse proxy must pass the Host it was
 * asked for (nginx: proxy_set_header Host $http_host). */
static bool origin_ok(struct lws *wsi)
{
    char origin[256], host[256], own[300];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0)
        return true;
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) < 0 ||
        lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
        return false;
    snprintf(own, sizeof own, "%s://%s", srv.tls ? "https" : "http", host);
    if (strcmp(origin, own) == 0)
        return true;
    /* Behind a reverse proxy that speaks TLS to the browsers, the pages
     * are https while this side is http: the host must still be ours. */
    snprintf(own, sizeof own, "https://%s", host);
    return pf_limits_get()->behind_proxy && strcmp(origin, own) == 0;
}

/* Closes with status and why. The close goes now, from inside the
 * callback, and the callback returns 0: a callback that gives up (returns
 * -1) has lws close the connection, and Debian's lws 4.1, built with
 * _DEBUG, on libuv closes it a second time at once (service.c's "uv repeat
 * test"), before the close frame left: the client saw 1006, never why.
 * Closed now, lws sends the frame at the next write and then waits for the
 * client's. What the connection still receives is not read (c->close_code). */
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

/* A connection over its request rate: an error answer (with the
 * request's id), or a close when the flood goes on. */
static int rate_limited(pf_conn *c, pf_verdict v, const char *msg, size_t len)
{
    pf_server_log("refused", c->room, v == PF_LIMIT_CLOSE ? "reason=flood" : "reason=rate");
    if (v == PF_LIMIT_CLOSE)
        return ws_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION,
                        "too many requests: the connection is closed");
    cJSON *req = cJSON_ParseWithLength(msg, len);
    char text[96];
    snprintf(text, sizeof text, "at most %d requests a second: slow down",
             pf_limits_get()->requests_per_s);
    send_answer(c, pf_room_error(req, PF_E_RATE_LIMITED, text));
    cJSON_Delete(req);
    return 0;
}

static int ws_receive(struct lws *wsi, pf_conn *c, const void *in, size_t len)
{
    if (c->close_code)
        return 0; /* closing: nothing more is read */
    if (lws_frame_is_binary(wsi)) {
        pf_server_log("refused", c->room, "reason=binary");
        return ws_close(c, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE,
                        "binary frames are not accepted: send JSON text");
    }
    if (c->rx_len + len > PF_REQUEST_MAX_BYTES) {
        pf_server_log("refused", c->room, "reason=too_large");
        return ws_close(c, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, "message too large");
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
    size_t n = c->rx_len;
    c->rx_len = 0;
    pf_verdict v = pf_limits_request(&c->limits, pf_server_now_ms());
    if (v != PF_LIMIT_PASS)
        return rate_limited(c, v, c->rx, n);
    if (!c->room)
        hello(c, c->rx, n);
    else if (!c->held && !c->later)
        pf_room_request(c->room, c, c->rx, n);
    else if (!keep_for_later(c, c->rx, n)) {
        pf_server_log("refused", c->room, "reason=too_many_waiting");
        return ws_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION,
                        "too many messages waiting for an answer");
    }
    return 0;
}

static int ws_writeable(struct lws *wsi, pf_conn *c)
{
    /* A stop sends what was committed last (answers, pushes) before the close. */
    if (c->restarting && !c->out_head)
        return ws_close(c, SERVICE_RESTART, "the server is restarting: reconnect with your token");
    if (c->too_slow)
        return ws_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION, "too slow: frames piled up");
    if (c->close_code && !c->out_head)
        return ws_close(c, (enum lws_close_status)c->close_code, c->close_reason);
    pf_out *o = c->out_head;
    if (!o)
        return 0;
    if (lws_write(wsi, o->data + LWS_PRE, o->len, LWS_WRITE_TEXT) < (int)o->len)
        return -1;
    c->out_head = o->next;
    if (!c->out_head)
        c->out_tail = NULL;
    c->queued -= o->len;
    free(o);
    if (c->out_head || c->close_code) /* a close waits for the last frame */
        lws_callback_on_writable(wsi);
    return 0;
}

/* ---- HTTP --------------------------------------------------------------------------- */

/* An HTTP answer with body (freed here; NULL: out of memory), and a
 * Location header when location is not NULL. */
static int http_answer(struct lws *wsi, unsigned status, const char *type, char *body,
                       const char *location)
{
    static const char no_memory[] = "{\"ok\":false,\"error\":{\"code\":\"no_memory\"}}";
    const char *text = body ? body : no_memory;
    size_t len = strlen(text);
    unsigned char *buf = malloc(LWS_PRE + 2048 + len);
    if (!buf) {
        free(body);
        return -1;
    }
    unsigned char *start = buf + LWS_PRE, *p = start, *end = start + 2048;
    int rc = -1;
    if (!lws_add_http_common_headers(wsi, body ? status : 500, body ? type : "application/json",
                                     len, &p, end) &&
        !lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                     (const unsigned char *)"no-store", 8, &p, end) &&
        (!location ||
         !lws_add_http_header_by_name(wsi, (const unsigned char *)"location:",
                                      (const unsigned char *)location, (int)strlen(location),
                                      &p, end)) &&
        !lws_finalize_write_http_header(wsi, start, &p, end)) {
        memcpy(p, text, len);
        if (lws_write(wsi, p, len, LWS_WRITE_HTTP_FINAL) == (int)len)
            rc = lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    free(buf);
    free(body);
    return rc;
}

static int http_reply(struct lws *wsi, unsigned status, const char *type, char *body)
{
    return http_answer(wsi, status, type, body, NULL);
}

/* A request for a room another node plays: 307 to the same path there. */
static int http_elsewhere(struct lws *wsi, const char *code, const char *owner,
                          const char *path)
{
    char location[PF_NODE_NAME_MAX + 80];
    snprintf(location, sizeof location, "%s%s", owner, path);
    return http_answer(wsi, 307, "application/json", pf_node_elsewhere(NULL, code, owner),
                       location);
}

static int http_error(struct lws *wsi, unsigned status, pf_err e, const char *msg)
{
    return http_reply(wsi, status, "application/json", pf_room_error(NULL, e, msg));
}

static int http_json(struct lws *wsi, unsigned status, cJSON *o)
{
    char *text = o ? pf_json_print(o) : NULL;
    cJSON_Delete(o);
    return http_reply(wsi, status, "application/json", text);
}

static int create_room(struct lws *wsi, const cJSON *req)
{
    char code[PF_ROOM_CODE_LEN + 1], addr[64], host_token[PF_TOKEN_HEX + 1], msg[96];
    pf_error err;
    peer_address(wsi, addr, sizeof addr);
    if (!pf_limits_room(addr, pf_server_now_ms())) {
        pf_server_log("refused", NULL, "reason=rooms_per_minute");
        snprintf(msg, sizeof msg, "at most %d new rooms a minute from one address",
                 pf_limits_get()->rooms_per_min);
        return http_error(wsi, 429, PF_E_RATE_LIMITED, msg);
    }
    if (!pf_server_new_code(code))
        return http_error(wsi, 503, PF_E_IO, "no free room code");
    pf_room *r = pf_room_create(srv.store, code, req, host_token, &err);
    if (!r) {
        pf_node_let_go(code);
        return http_error(wsi, err.code == PF_E_IO || err.code == PF_E_NO_MEMORY ? 500 : 400,
                          err.code, err.msg);
    }
    char detail[32];
    snprintf(detail, sizeof detail, "seats=%d", r->n);
    pf_server_log("created", r, detail);
    cJSON *state = pf_room_public(r, true);
    if (state) /* the creator's alone: never in any other answer */
        cJSON_AddStringToObject(state, "host_token", host_token);
    if (pf_node_name()) {
        /* Shared store: the node a client asks first plays the room, the
         * one a proxy hashing on the code picks (node.h). */
        pf_node_let_go(code);
        pf_room_destroy(r);
    } else {
        pf_server_add_room(r);
    }
    return http_json(wsi, 201, state);
}

static int join_room(struct lws *wsi, pf_room *r, const cJSON *req)
{
    char token[PF_TOKEN_HEX + 1];
    int place;
    pf_error err;
    if (pf_room_join(r, req, token, &place, &err)) {
        pf_server_log("refused", r, "reason=join");
        return http_error(wsi, err.code == PF_E_IO ? 500 : 400, err.code, err.msg);
    }
    char detail[32];
    snprintf(detail, sizeof detail, "place=%d", place);
    pf_server_log(r->started ? "joined_and_started" : "joined", r, detail);
    cJSON *o = cJSON_CreateObject();
    if (o) {
        cJSON_AddStringToObject(o, "room", r->code);
        cJSON_AddStringToObject(o, "token", token);
        cJSON_AddNumberToObject(o, "place", place);
        cJSON_AddBoolToObject(o, "started", r->started);
    }
    return http_json(wsi, 200, o);
}

/* A finished game's replay (docs/protocol.md, "The replay object"): its
 * seed tells every hidden piece, so only once the game is over. */
static int replay(struct lws *wsi, pf_room *r)
{
    pf_error err;
    cJSON *o = pf_room_replay(r, &err);
    if (!o)
        return http_error(wsi, err.code == PF_E_BAD_REQUEST ? 409 : 500, err.code, err.msg);
    return http_json(wsi, 200, o);
}

/* GET /metrics: Prometheus' text format. */
static int metrics(struct lws *wsi)
{
    pf_metrics_rooms g = {.thinking = pf_think_pending()};
    for (pf_room *r = srv.rooms; r; r = r->next) {
        if (!r->started)
            g.waiting++;
        else if (!r->table)
            g.idle++;
        else if (r->finished)
            g.over++;
        else
            g.playing++;
        g.committing += r->told != NULL;
    }
    char *text = pf_metrics_text(&g);
    if (!text)
        return http_error(wsi, 500, PF_E_NO_MEMORY, "out of memory");
    return http_reply(wsi, 200, "text/plain; version=0.0.4", text);
}

/* A lobby item for a stored room not loaded here (another node's, when
 * the store is shared): read without a lease, since nothing is played. */
static void lobby_item(void *arg, const pf_store_room *rec)
{
    for (pf_room *r = srv.rooms; r; r = r->next)
        if (strcmp(r->code, rec->code) == 0)
            return; /* the rooms in memory are listed from memory */
    pf_error err;
    pf_room *r = rec->started ? NULL : pf_room_restore(srv.store, rec, &err);
    if (r && pf_room_open(r))
        cJSON_AddItemToArray(arg, pf_room_public(r, false));
    pf_room_destroy(r);
}

/* GET /rooms/CODE/story?seat=N|all: the replay viewer's game (story.c). */
static int story(struct lws *wsi, pf_room *r)
{
    char buf[24];
    long long seat = -1;
    pf_error err;
    const char *arg = lws_get_urlarg_by_name(wsi, "seat=", buf, sizeof buf);
    if (!arg || (strcmp(arg, "all") != 0 && !pf_parse_int(arg, 0, r->n - 1, &seat)))
        return http_error(wsi, 400, PF_E_BAD_SEAT, "seat= wants a seat of the room, or all");
    if (r->started && pf_room_load(r, &err))
        return http_error(wsi, 500, err.code, err.msg);
    cJSON *o = pf_room_story(r, (int)seat, &err);
    if (!o)
        return http_error(wsi, err.code == PF_E_NO_MEMORY ? 500 : 409, err.code, err.msg);
    return http_json(wsi, 200, o);
}

/* The browser client's files (web/): plain names only, never outside the
 * folder. */
static int web_file(struct lws *wsi, const char *path)
{
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
        {".png", "image/png"},                 {".json", "application/json"},
    };
    static const char no_cache[] = "cache-control: no-cache\r\n";
    const char *name = strcmp(path, "/") == 0 ? "/index.html" : path;
    const char *dot = strrchr(name, '.');
    const char *type = NULL;
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i][0]) == 0)
            type = types[i][1];
    static const char plain[] = "abcdefghijklmnopqrstuvwxyz0123456789-_./";
    char file[PATH_MAX];
    if (!srv.web || !type || strstr(name, "..") || name[1 + strspn(name + 1, plain)] != '\0' ||
        snprintf(file, sizeof file, "%s%s", srv.web, name) >= (int)sizeof file ||
        access(file, R_OK) != 0)
        return http_error(wsi, 404, PF_E_BAD_REQUEST, "no such page");
    int n = lws_serve_http_file(wsi, file, type, no_cache, (int)strlen(no_cache));
    return n < 0 || (n > 0 && lws_http_transaction_completed(wsi)) ? -1 : 0;
}

/* The lobby: every node of a shared store lists the same rooms, read from
 * the database. */
static int list_rooms(struct lws *wsi)
{
    cJSON *o = cJSON_CreateObject(), *a = cJSON_AddArrayToObject(o, "rooms");
    for (pf_room *r = srv.rooms; a && r; r = r->next)
        if (pf_room_open(r))
            cJSON_AddItemToArray(a, pf_room_public(r, false));
    pf_error err;
    if (a && pf_node_name() && pf_store_rooms_unfinished(srv.store, lobby_item, a, &err))
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
    return http_json(wsi, 200, o);
}

/* One HTTP request, its body read when it is a POST. */
static int http_route(struct lws *wsi, pss *p)
{
    const char *path = p->path;
    if (!p->post && strcmp(path, "/healthz") == 0)
        return http_reply(wsi, 200, "application/json", strdup("{\"ok\":true}"));
    if (!p->post && strcmp(path, "/readyz") == 0)
        return http_reply(wsi, 200, "application/json", strdup("{\"ready\":true}"));
    if (!p->post && strcmp(path, "/metrics") == 0)
        return metrics(wsi);
    if (!p->post && strcmp(path, "/rooms") == 0)
        return list_rooms(wsi);
    bool rooms = strncmp(path, "/rooms", 6) == 0;
    if (!rooms)
        return p->post ? http_error(wsi, 404, PF_E_BAD_REQUEST, "no such page")
                       : web_file(wsi, path);
    cJSON *req = NULL;
    if (p->post) {
        if (p->body_over)
            return http_error(wsi, 413, PF_E_TOO_LARGE, "the request body is too large");
        if (!p->body || !pf_utf8_valid(p->body, p->body_len) ||
            !cJSON_IsObject(req = cJSON_ParseWithLength(p->body, p->body_len))) {
            cJSON_Delete(req);
            return http_error(wsi, 400, PF_E_BAD_JSON, "the body must be a JSON object");
        }
    }
    int rc;
    char code[PF_ROOM_CODE_LEN + 2] = "";
    const char *rest = path + 6;
    size_t n = rest[0] == '/' ? strcspn(rest + 1, "/") : 0;
    if (n > 0 && n <= PF_ROOM_CODE_LEN)
        memcpy(code, rest + 1, n);
    found f = {NULL, "", false};
    pf_room *r = code[0] ? find_room(code, &f) : NULL;
    const char *tail = rest[0] == '/' ? rest + 1 + n : rest;
    if (p->post && strcmp(path, "/rooms") == 0)
        rc = create_room(wsi, req);
    else if (!r && f.owner[0])
        rc = http_elsewhere(wsi, code, f.owner, path);
    else if (!r && f.failed)
        rc = http_error(wsi, 503, PF_E_IO, ROOM_UNREADABLE);
    else if (!r)
        rc = http_error(wsi, 404, PF_E_BAD_REQUEST, "no room has that code");
    else if (!p->post && tail[0] == '\0')
        rc = http_json(wsi, 200, pf_room_public(r, true));
    else if (p->post && strcmp(tail, "/join") == 0)
        rc = join_room(wsi, r, req);
    else if (!p->post && strcmp(tail, "/replay") == 0)
        rc = replay(wsi, r);
    else if (p->post && strcmp(tail, "/host") == 0) {
        unsigned status;
        char *text = pf_host_request(r, req, &status);
        rc = http_reply(wsi, status, "application/json", text);
    } else if (!p->post && strcmp(tail, "/story") == 0)
        rc = story(wsi, r);
    else
        rc = http_error(wsi, 404, PF_E_BAD_REQUEST, "no such page");
    cJSON_Delete(req);
    return rc;
}

/* ---- the protocol's callback ---------------------------------------------------------- */

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    pss *p = user;
    switch (reason) {
    case LWS_CALLBACK_HTTP:
        snprintf(p->path, sizeof p->path, "%s", (const char *)in);
        p->post = lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0;
        if (!p->post)
            return http_route(wsi, p);
        return 0; /* the body comes next */
    case LWS_CALLBACK_HTTP_BODY:
        if (p->body_over || p->body_len + len > BODY_MAX) {
            p->body_over = true;
            return 0;
        }
        {
            char *b = realloc(p->body, p->body_len + len + 1);
            if (!b)
                return -1;
            p->body = b;
            memcpy(p->body + p->body_len, in, len);
            p->body_len += len;
            p->body[p->body_len] = '\0';
        }
        return 0;
    case LWS_CALLBACK_HTTP_BODY_COMPLETION: {
        /* Completing the transaction may free p: the request is copied out. */
        pss req = *p;
        p->body = NULL;
        p->body_len = 0;
        p->body_over = false;
        int rc = http_route(wsi, &req);
        free(req.body);
        return rc;
    }
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
    case LWS_CALLBACK_CLOSED_HTTP:
        /* A connection closed before its first request has no p (a
         * browser's speculative one does that). */
        if (p) {
            free(p->body);
            p->body = NULL;
        }
        return 0;
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        if (origin_ok(wsi))
            return 0;
        pf_server_log("refused", NULL, "reason=origin");
        return -1;
    case LWS_CALLBACK_ESTABLISHED: {
        if (!(p->conn = calloc(1, sizeof *p->conn)))
            return -1;
        pf_metrics_connection(1);
        p->conn->wsi = wsi;
        p->conn->seat = PF_SEAT_SPECTATOR;
        /* A refused connection is closed at its first write (with why). */
        char uri[64] = "";
        lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI);
        char addr[64];
        peer_address(wsi, addr, sizeof addr);
        if (strcmp(uri, "/ws") != 0)
            pf_server_close(p->conn, LWS_CLOSE_STATUS_POLICY_VIOLATION, "WebSockets are at /ws");
        else if (!pf_limits_conn_open(&p->conn->limits, addr, pf_server_now_ms())) {
            pf_server_log("refused", NULL, "reason=connections_per_address");
            pf_server_close(p->conn, LWS_CLOSE_STATUS_POLICY_VIOLATION,
                            "too many connections from your address");
        }
        return 0;
    }
    case LWS_CALLBACK_RECEIVE:
        return p->conn ? ws_receive(wsi, p->conn, in, len) : -1;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return p->conn ? ws_writeable(wsi, p->conn) : 0;
    case LWS_CALLBACK_CLOSED:
        if (p->conn)
            conn_free(p->conn);
        p->conn = NULL;
        return 0;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED: /* a bot's search or a commit is done */
        pf_think_collect(pf_room_thought, pf_room_answered);
        pf_commit_flush();
        return 0;
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

static const struct lws_protocols protocols[] = {
    /* Each connection keeps a receive buffer of 256 bytes (an idle room
     * keeps two): requests are small (an act, a hello with its token), and
     * a larger one arrives in pieces (ws_receive joins them).
     * A frame is sent with one send() up to 64 KiB: without a size of its
     * own, sending is cut to the receive buffer's size, and a push of a
     * few KiB took several trips through the loop. */
    {"partyfood", callback, sizeof(pss), 256, 0, NULL, 65536},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* Lets go of idle rooms' tables (the whole room when nobody is connected:
 * it is read back from storage when someone asks for it) and drops the
 * rooms that never started and had nobody for expire_ms. */
/* Renews this node's leases and lets go of each room another node took:
 * its clients are told to reconnect (they reach the new owner), and the
 * room leaves memory once nothing of it is in flight. */
static void let_go_lost(void)
{
    pf_node_renew(srv.rooms);
    for (pf_room **p = &srv.rooms, *r; (r = *p);) {
        if (!r->lease_lost) {
            p = &r->next;
            continue;
        }
        pf_server_wake(r, -1);
        while (r->conns)
            pf_server_close(r->conns, SERVICE_RESTART,
                            "this room moved to another server node: reconnect with your token");
        if (r->told || r->thinking || r->asks) { /* the commit or the worker still has it */
            p = &r->next;
            continue;
        }
        pf_server_log("lost", r, "reason=lease");
        *p = r->next;
        pf_room_destroy(r);
    }
}

static void sweep(lws_sorted_usec_list_t *sul)
{
    int64_t now = pf_server_now_ms();
    bool freed = false;
    let_go_lost();
    for (pf_room **p = &srv.rooms, *r; (r = *p);) {
        pf_error err;
        bool expired = !r->started && !r->conns && now - r->active_ms >= srv.expire_ms;
        if (expired && pf_store_room_drop(srv.store, r->code, &err)) {
            fprintf(stderr, "partyfood serve: %s\n", err.msg);
            expired = false;
        }
        bool idle = !expired && pf_room_idle(r, now, srv.idle_ms);
        bool drop = expired || (idle && !r->conns), unload = idle && r->conns && r->table;
        if (drop || unload) {
            pf_server_log(expired ? "expired" : "unloaded", r, unload ? "kept=true" : NULL);
            expired ? pf_metrics_expired() : pf_metrics_unloaded();
            freed = true;
        }
        if (unload)
            pf_room_unload(r);
        if (drop) {
            *p = r->next;
            pf_room_destroy(r);
        } else
            p = &r->next;
    }
    if (freed)
        pf_memory_release(); /* the freed tables back to the system */
    lws_sul_schedule(srv.ctx, 0, sul, sweep, (lws_usec_t)SWEEP_MS * 1000);
}

static void wake_loop(void)
{
    lws_cancel_service(srv.ctx);
}

static void stop_waited(lws_sorted_usec_list_t *sul)
{
    (void)sul;
    srv.stop = 2;
}

/* A turn of the loop: what it changed goes to the group commit. A batch
 * told here (its end came between the committer's wake-up and its event)
 * calls lws outside its callbacks, which lws then looks at after that
 * wake-up's event: the committer always sends one. */
static bool serving(void *arg)
{
    (void)arg;
    if (srv.stop)
        return false;
    pf_commit_flush();
    return true;
}

/* A turn of the stop: on until every client went or STOP_MS passed. */
static bool closing(void *arg)
{
    (void)arg;
    bool open = false;
    for (pf_room *r = srv.rooms; r; r = r->next)
        open |= r->conns != NULL;
    return open && srv.stop != 2;
}

/* A clean stop: the changes of the last turn are committed (and told),
 * then every client is told to reconnect (close 1012) and given STOP_MS to
 * hear it. No change is half made: each is whole within one turn of the
 * loop, and a commit is not cut by a signal. */
static void close_all(void)
{
    static lws_sorted_usec_list_t wait;
    bool any = false;
    for (pf_room *r = srv.rooms; r; r = r->next)
        for (pf_conn *c = r->conns; c; c = c->next) {
            c->restarting = any = true;
            lws_callback_on_writable(c->wsi);
        }
    if (!any)
        return;
    memset(&wait, 0, sizeof wait);
    lws_sul_schedule(srv.ctx, 0, &wait, stop_waited, (lws_usec_t)STOP_MS * 1000);
    lws_cancel_service(srv.ctx); /* a wake-up, so that lws arms the timer */
    pf_loop_run(srv.loop, closing, NULL);
    lws_sul_cancel(&wait);
}

static void on_signal(int sig)
{
    (void)sig;
    srv.stop = 1;
    if (srv.ctx)
        lws_cancel_service(srv.ctx);
}

/* Whether the server can listen on host:port, before lws tries: the
 * address must be one of this machine's, and the port free. Says why not,
 * and how to fix it, into why. *v6 tells an IPv6 address. */
static bool can_listen(const char *host, int port, bool *v6, char *why, size_t n)
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
        return false;
    }
    int fd = socket(sa.ss_family, SOCK_STREAM, 0), one = 1;
    if (fd < 0) {
        snprintf(why, n, "cannot listen on %s:%d: %s", host, port, strerror(errno));
        return false;
    }
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (*v6)
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    int e = bind(fd, (struct sockaddr *)&sa, len) == 0 ? 0 : errno;
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
    else if (e)
        snprintf(why, n, "cannot listen on %s:%d: %s", host, port, strerror(e));
    return e == 0;
}

int pf_server_run(const pf_server_options *o)
{
    pf_error err;
    char why[512];
    bool v6;
    srv.web = o->web;
    lws_set_log_level(LLL_ERR | LLL_WARN, NULL);
    if (!can_listen(o->host, o->port, &v6, why, sizeof why)) {
        fprintf(stderr, "partyfood serve: %s\n", why);
        return 1;
    }
    if (!(srv.store = pf_store_open(o->db, &err))) {
        fprintf(stderr,
                "partyfood serve: %s (--db names the database: an SQLite file of partyfood's, "
                "or a new one in a folder this user may write, or a postgresql:// URL)\n",
                err.msg);
        return 1;
    }
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = o->port;
    /* lws binds an IPv6 socket to every address unless told otherwise,
     * whatever iface says: an IPv4 address gets an IPv4 socket bound to
     * it alone, an IPv6 one a socket for IPv6 only. */
    info.iface = o->host;
    info.options = LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE;
    if (!v6)
        info.options |= LWS_SERVER_OPTION_DISABLE_IPV6;
    else
        info.options |= LWS_SERVER_OPTION_IPV6_V6ONLY_MODIFY | LWS_SERVER_OPTION_IPV6_V6ONLY_VALUE;
    info.protocols = protocols;
    if (o->cert) {
        info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
        info.ssl_cert_filepath = o->cert;
        info.ssl_private_key_filepath = o->key;
        srv.tls = true;
    }
    pf_limits_set(&o->limits);
    if (!(srv.loop = pf_loop_new())) {
        fprintf(stderr, "partyfood serve: cannot make the event loop (libuv)\n");
        pf_store_close(srv.store);
        return 1;
    }
    pf_loop_attach(srv.loop, &info);
    srv.ctx = lws_create_context(&info);
    /* A listening socket lws could not make leaves a context without its
     * vhost (the port taken since can_listen looked, or TLS files refused). */
    struct lws_vhost *vh = srv.ctx ? lws_get_vhost_by_name(srv.ctx, "default") : NULL;
    if (!vh) {
        if (srv.ctx)
            pf_loop_free(srv.loop, srv.ctx), srv.ctx = NULL, srv.loop = NULL;
        if (o->cert)
            fprintf(stderr,
                    "partyfood serve: cannot listen on %s:%d with TLS (certificate %s, key %s: "
                    "are they PEM files that match?)\n",
                    o->host, o->port, o->cert, o->key);
        else
            fprintf(stderr, "partyfood serve: cannot listen on %s:%d (see the line above)\n",
                    o->host, o->port);
        pf_loop_free(srv.loop, NULL);
        pf_store_close(srv.store);
        return 1;
    }
    srv.idle_ms = (int64_t)o->idle_seconds * 1000;
    srv.expire_ms = (int64_t)o->expire_seconds * 1000;
    if (pf_commit_start(o->db, wake_loop, &err) || pf_think_start(wake_loop, &err)) {
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
        pf_commit_stop();
        pf_loop_free(srv.loop, srv.ctx);
        srv.ctx = NULL;
        pf_store_close(srv.store);
        return 1;
    }
    int port = lws_get_vhost_listen_port(vh);
    char name[PF_NODE_NAME_MAX + 1];
    char where[PF_NODE_NAME_MAX - 8]; /* HOST:PORT, an IPv6 address in brackets */
    snprintf(where, sizeof where, v6 ? "[%s]:%d" : "%s:%d", o->host, port);
    snprintf(name, sizeof name, "http://%s", where);
    snprintf(srv.self, sizeof srv.self, "%s", o->node ? o->node : name);
    pf_node_setup(srv.store, srv.self, o->lease_ms);
    /* Every unfinished room, before the first client; with a shared store,
     * each room is loaded by the node a client asks (node.h). */
    found scratch;
    if (!pf_node_name() && pf_store_rooms_unfinished(srv.store, restore_one, &scratch, &err))
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
    memset(&srv.sweep, 0, sizeof srv.sweep);
    lws_sul_schedule(srv.ctx, 0, &srv.sweep, sweep, (lws_usec_t)SWEEP_MS * 1000);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    char db[512];
    pf_store_where_shown(o->db, db, sizeof db);
    printf("partyfood serve: listening on %s://%s (database %s)\n", srv.tls ? "https" : "http",
           where, db);
    if (pf_node_name())
        printf("partyfood serve: node %s, leases of %d ms\n", pf_node_name(), o->lease_ms);
    if (srv.web)
        printf("partyfood serve: open %s://%s/ in a browser to play (files from %s)\n",
               srv.tls ? "https" : "http", where, srv.web);
    else
        printf("partyfood serve: no browser client found (--web DIR names its folder)\n");
    fflush(stdout);
    lws_cancel_service(srv.ctx); /* lws arms its timers (the sweep) after an event: this one */
    pf_loop_run(srv.loop, serving, NULL);
    pf_commit_stop();
    lws_sul_cancel(&srv.sweep);
    close_all();
    pf_node_release();
    pf_think_stop();
    for (pf_room *r = srv.rooms; r; r = r->next)
        pf_server_wake(r, -1);
    pf_loop_free(srv.loop, srv.ctx); /* closes the connections, the rooms still there */
    srv.ctx = NULL;
    for (pf_room *r = srv.rooms, *next; r; r = next) {
        next = r->next;
        pf_room_destroy(r);
    }
    srv.rooms = NULL;
    pf_store_close(srv.store);
    pf_limits_free();
    printf("partyfood serve: stopped\n");
    return 0;
}
