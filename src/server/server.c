/* server.c: the network side of `partyfood serve` (server.h): one
 * libwebsockets event loop for the HTTP API, the WebSockets and the rooms'
 * timers. Each room's game is room.c's. */
#include <ctype.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include <libwebsockets.h>

#include "partyfood/parse.h"
#include "partyfood/replay.h"
#include "partyfood/session.h"
#include "server/room.h"
#include "server/server.h"

/* The largest HTTP request body. */
#define BODY_MAX (16 * 1024)
/* The WebSocket close code "service restart" (RFC 6455's registry). */
#define SERVICE_RESTART ((enum lws_close_status)1012)
/* How long a stop waits for the connections to close. */
#define STOP_MS 500

/* Frames waiting for a slow client beyond this close its connection. */
#define QUEUE_MAX (4 * 1024 * 1024)

/* Room codes: letters people can read aloud and type, without look-alikes
 * (no I, L, O; no B, S, Z beside 8, 5, 2). */
static const char code_letters[] = "ACDEFGHJKMNPQRTUVWXY";

struct pf_out {
    pf_out *next;
    size_t len;
    unsigned char data[]; /* LWS_PRE bytes, then the frame */
};

/* One process, one server: the timers' callbacks find it here. */
static struct {
    struct lws_context *ctx;
    pf_store *store;
    pf_room *rooms;
    const char *web; /* the browser client's folder */
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
    printf("partyfood serve: event=%s", event);
    if (r)
        printf(" room=%s game=%s", r->code, r->g->id);
    printf("%s%s\n", detail ? " " : "", detail ? detail : "");
    fflush(stdout);
}

/* ---- rooms ------------------------------------------------------------------------ */

static pf_room *find_room(const char *code)
{
    char up[PF_ROOM_CODE_LEN + 1];
    size_t n = strlen(code);
    if (n != PF_ROOM_CODE_LEN)
        return NULL;
    for (size_t i = 0; i <= n; i++)
        up[i] = (char)toupper((unsigned char)code[i]);
    for (pf_room *r = srv.rooms; r; r = r->next)
        if (strcmp(r->code, up) == 0)
            return r;
    return NULL;
}

static bool new_code(char *code)
{
    for (int tries = 0; tries < 16; tries++) {
        unsigned char raw[PF_ROOM_CODE_LEN];
        if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
            return false;
        for (int i = 0; i < PF_ROOM_CODE_LEN; i++)
            code[i] = code_letters[raw[i] % (sizeof code_letters - 1)];
        code[PF_ROOM_CODE_LEN] = '\0';
        if (!find_room(code))
            return true;
    }
    return false;
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

static void restore_one(void *arg, const pf_store_room *rec)
{
    (void)arg;
    pf_error err;
    pf_room *r = pf_room_restore(srv.store, rec, &err);
    if (!r) {
        fprintf(stderr, "partyfood serve: room %s not restored: %s\n", rec->code, err.msg);
        return;
    }
    r->next = srv.rooms;
    srv.rooms = r;
    pf_server_log("restored", r, r->table ? "started=true" : "started=false");
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
    }
    for (pf_out *o = c->out_head, *next; o; o = next) {
        next = o->next;
        free(o);
    }
    free(c->rx);
    free(c);
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
    if (!cJSON_IsObject(req))
        text = pf_room_error(NULL, PF_E_BAD_JSON, "the message is not a JSON object");
    else if (!cJSON_IsString(cmd) || strcmp(cmd->valuestring, "hello") != 0)
        text = pf_room_error(req, PF_E_BAD_REQUEST,
                             "say hello first: {\"cmd\":\"hello\",\"room\":CODE,\"token\":TOKEN}");
    else if (!cJSON_IsString(code) || !(r = find_room(code->valuestring)))
        text = pf_room_error(req, PF_E_BAD_REQUEST, "no room has that code");
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
    cJSON *out = cJSON_CreateObject();
    if (out) {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
        if (id)
            cJSON_AddItemToObject(out, "id", cJSON_Duplicate(id, true));
        cJSON_AddTrueToObject(out, "ok");
        cJSON_AddNumberToObject(out, "seat", seat);
    }
    text = out ? cJSON_PrintUnformatted(out) : NULL;
    cJSON_Delete(out);
    send_answer(c, text);
    pf_room_sync(r, c);
    cJSON_Delete(req);
}

/* A browser says which page opened the socket: only the server's own may
 * (another site's page would act with its visitor's token). Programs that
 * send no Origin are let in. */
static bool origin_ok(struct lws *wsi)
{
    char origin[256], host[256], own[300];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0)
        return true;
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) < 0 ||
        lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
        return false;
    snprintf(own, sizeof own, "http://%s", host);
    return strcmp(origin, own) == 0;
}

static int ws_close(struct lws *wsi, enum lws_close_status status, const char *why)
{
    lws_close_reason(wsi, status, (unsigned char *)why, strlen(why));
    return -1;
}

static int ws_receive(struct lws *wsi, pf_conn *c, const void *in, size_t len)
{
    if (lws_frame_is_binary(wsi)) {
        pf_server_log("refused", c->room, "reason=binary");
        return ws_close(wsi, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE,
                        "binary frames are not accepted: send JSON text");
    }
    if (c->rx_len + len > PF_REQUEST_MAX_BYTES) {
        pf_server_log("refused", c->room, "reason=too_large");
        return ws_close(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, "message too large");
    }
    char *rx = realloc(c->rx, c->rx_len + len + 1);
    if (!rx)
        return ws_close(wsi, LWS_CLOSE_STATUS_UNEXPECTED_CONDITION, "out of memory");
    c->rx = rx;
    memcpy(c->rx + c->rx_len, in, len);
    c->rx_len += len;
    c->rx[c->rx_len] = '\0';
    if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi))
        return 0;
    size_t n = c->rx_len;
    c->rx_len = 0;
    if (!c->room)
        hello(c, c->rx, n);
    else
        send_answer(c, pf_room_request(c->room, c, c->rx, n));
    return 0;
}

static int ws_writeable(struct lws *wsi, pf_conn *c)
{
    if (c->restarting)
        return ws_close(wsi, SERVICE_RESTART, "the server is restarting: reconnect with your token");
    if (c->too_slow)
        return ws_close(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, "too slow: frames piled up");
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
    if (c->out_head)
        lws_callback_on_writable(wsi);
    return 0;
}

/* ---- HTTP --------------------------------------------------------------------------- */

static int http_reply(struct lws *wsi, unsigned status, char *body)
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
    if (!lws_add_http_common_headers(wsi, body ? status : 500, "application/json", len, &p,
                                     end) &&
        !lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                     (const unsigned char *)"no-store", 8, &p, end) &&
        !lws_finalize_write_http_header(wsi, start, &p, end)) {
        memcpy(p, text, len);
        if (lws_write(wsi, p, len, LWS_WRITE_HTTP_FINAL) == (int)len)
            rc = lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    free(buf);
    free(body);
    return rc;
}

static int http_error(struct lws *wsi, unsigned status, pf_err e, const char *msg)
{
    return http_reply(wsi, status, pf_room_error(NULL, e, msg));
}

static int http_json(struct lws *wsi, unsigned status, cJSON *o)
{
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    return http_reply(wsi, status, text);
}

static int create_room(struct lws *wsi, const cJSON *req)
{
    char code[PF_ROOM_CODE_LEN + 1];
    pf_error err;
    if (!new_code(code))
        return http_error(wsi, 503, PF_E_IO, "no free room code");
    pf_room *r = pf_room_create(srv.store, code, req, &err);
    if (!r)
        return http_error(wsi, err.code == PF_E_IO || err.code == PF_E_NO_MEMORY ? 500 : 400,
                          err.code, err.msg);
    r->next = srv.rooms;
    srv.rooms = r;
    char detail[32];
    snprintf(detail, sizeof detail, "seats=%d", r->n);
    pf_server_log("created", r, detail);
    return http_json(wsi, 201, pf_room_public(r, true));
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
    pf_server_log(r->table ? "joined_and_started" : "joined", r, detail);
    cJSON *o = cJSON_CreateObject();
    if (o) {
        cJSON_AddStringToObject(o, "room", r->code);
        cJSON_AddStringToObject(o, "token", token);
        cJSON_AddNumberToObject(o, "place", place);
        cJSON_AddBoolToObject(o, "started", r->table != NULL);
    }
    return http_json(wsi, 200, o);
}

/* A finished game's replay (docs/protocol.md, "The replay object"): its
 * seed tells every hidden piece, so only once the game is over. */
static int replay(struct lws *wsi, const pf_room *r)
{
    if (!r->table || !pf_table_over(r->table, NULL))
        return http_error(wsi, 409, PF_E_BAD_REQUEST,
                          "the replay tells every hidden piece: it is given once the game is over");
    return http_json(wsi, 200, pf_match_save(pf_table_match(r->table)));
}

/* GET /rooms/CODE/story?seat=N|all: the replay viewer's game (story.c). */
static int story(struct lws *wsi, const pf_room *r)
{
    char buf[24];
    long long seat = -1;
    pf_error err;
    const char *arg = lws_get_urlarg_by_name(wsi, "seat=", buf, sizeof buf);
    if (!arg || (strcmp(arg, "all") != 0 && !pf_parse_int(arg, 0, r->n - 1, &seat)))
        return http_error(wsi, 400, PF_E_BAD_SEAT, "seat= wants a seat of the room, or all");
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

static int list_rooms(struct lws *wsi)
{
    cJSON *o = cJSON_CreateObject(), *a = cJSON_AddArrayToObject(o, "rooms");
    for (pf_room *r = srv.rooms; a && r; r = r->next)
        if (pf_room_open(r))
            cJSON_AddItemToArray(a, pf_room_public(r, false));
    return http_json(wsi, 200, o);
}

/* One HTTP request, its body read when it is a POST. */
static int http_route(struct lws *wsi, pss *p)
{
    const char *path = p->path;
    if (!p->post && strcmp(path, "/healthz") == 0)
        return http_reply(wsi, 200, strdup("{\"ok\":true}"));
    if (!p->post && strcmp(path, "/readyz") == 0)
        return http_reply(wsi, 200, strdup("{\"ready\":true}"));
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
    pf_room *r = code[0] ? find_room(code) : NULL;
    const char *tail = rest[0] == '/' ? rest + 1 + n : rest;
    if (p->post && strcmp(path, "/rooms") == 0)
        rc = create_room(wsi, req);
    else if (!r)
        rc = http_error(wsi, 404, PF_E_BAD_REQUEST, "no room has that code");
    else if (!p->post && tail[0] == '\0')
        rc = http_json(wsi, 200, pf_room_public(r, true));
    else if (p->post && strcmp(tail, "/join") == 0)
        rc = join_room(wsi, r, req);
    else if (!p->post && strcmp(tail, "/replay") == 0)
        rc = replay(wsi, r);
    else if (!p->post && strcmp(tail, "/story") == 0)
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
        char uri[64] = "";
        lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI);
        if (strcmp(uri, "/ws") != 0)
            return ws_close(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, "WebSockets are at /ws");
        if (!(p->conn = calloc(1, sizeof *p->conn)))
            return -1;
        p->conn->wsi = wsi;
        p->conn->seat = PF_SEAT_SPECTATOR;
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
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

static const struct lws_protocols protocols[] = {
    {"partyfood", callback, sizeof(pss), 4096, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

static void stop_waited(lws_sorted_usec_list_t *sul)
{
    (void)sul;
    srv.stop = 2;
}

/* A clean stop: every client is told to reconnect (close 1012) and given
 * STOP_MS to hear it. No change is half made: each is whole within one
 * turn of the loop. */
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
    bool open = true;
    while (open && srv.stop != 2 && lws_service(srv.ctx, 0) >= 0) {
        open = false;
        for (pf_room *r = srv.rooms; r; r = r->next)
            open |= r->conns != NULL;
    }
    lws_sul_cancel(&wait);
}

static void on_signal(int sig)
{
    (void)sig;
    srv.stop = 1;
    if (srv.ctx)
        lws_cancel_service(srv.ctx);
}

int pf_server_run(const pf_server_options *o)
{
    pf_error err;
    srv.web = o->web;
    lws_set_log_level(LLL_ERR | LLL_WARN, NULL);
    if (!(srv.store = pf_store_open(o->db, &err))) {
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
        return 1;
    }
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = o->port;
    info.iface = o->host;
    info.protocols = protocols;
    info.options = LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE;
    if (!(srv.ctx = lws_create_context(&info))) {
        fprintf(stderr, "partyfood serve: cannot listen on %s:%d\n", o->host, o->port);
        pf_store_close(srv.store);
        return 1;
    }
    /* Every unfinished room, before the first client. */
    if (pf_store_rooms_unfinished(srv.store, restore_one, NULL, &err))
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    int port = lws_get_vhost_listen_port(lws_get_vhost_by_name(srv.ctx, "default"));
    printf("partyfood serve: listening on http://%s:%d (database %s)\n", o->host, port, o->db);
    if (srv.web)
        printf("partyfood serve: open http://%s:%d/ in a browser to play (files from %s)\n",
               o->host, port, srv.web);
    else
        printf("partyfood serve: no browser client found (--web DIR names its folder)\n");
    fflush(stdout);
    while (!srv.stop && lws_service(srv.ctx, 0) >= 0)
        ;
    close_all();
    for (pf_room *r = srv.rooms; r; r = r->next)
        pf_server_wake(r, -1);
    lws_context_destroy(srv.ctx); /* closes the connections, the rooms still there */
    srv.ctx = NULL;
    for (pf_room *r = srv.rooms, *next; r; r = next) {
        next = r->next;
        pf_room_destroy(r);
    }
    srv.rooms = NULL;
    pf_store_close(srv.store);
    printf("partyfood serve: stopped\n");
    return 0;
}
