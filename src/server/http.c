/* http.c: the HTTP requests (net.h): health, metrics, the rooms' API
 * (docs/server.md "Rooms over HTTP") and the browser client's files. Every
 * answer is JSON with the protocol's error shape. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "partyfood/json_print.h"
#include "partyfood/parse.h"
#include "partyfood/proto.h"
#include "partyfood/session.h"
#include "server/host.h"
#include "server/net.h"

/* The headers of every answer: the server's own content security policy
 * (the browser client's files only, its sockets to this server only; the
 * engine's module compiled, run in a worker, the page installed as an app:
 * docs/offline.md), no sniffing, no framing, no referrer; with TLS, HSTS. */
#define SECURITY_HEADERS                                                                       \
    "content-security-policy: default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; "     \
    "worker-src 'self'; manifest-src 'self'; style-src 'self'; img-src 'self' data:; "       \
    "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; "              \
    "frame-ancestors 'none'\r\n"                                                              \
    "x-content-type-options: nosniff\r\n"                                                     \
    "x-frame-options: deny\r\n"                                                               \
    "referrer-policy: no-referrer\r\n"
#define HSTS "strict-transport-security: max-age=15768000\r\n"

static int add_headers(struct lws *wsi, const char *text, unsigned char **p, unsigned char *end)
{
    /* Each "name: value\r\n" line added by name. */
    while (*text) {
        const char *colon = strchr(text, ':'), *eol = strstr(text, "\r\n");
        char name[64];
        snprintf(name, sizeof name, "%.*s:", (int)(colon - text), text);
        const char *v = colon + 2;
        if (lws_add_http_header_by_name(wsi, (const unsigned char *)name,
                                        (const unsigned char *)v, (int)(eol - v), p, end))
            return -1;
        text = eol + 2;
    }
    return 0;
}

/* An HTTP answer with body (freed here; NULL: out of memory), and one
 * more header (its name with the colon: "location:") when name is not
 * NULL. */
static int http_answer(struct lws *wsi, unsigned status, const char *type, char *body,
                       const char *name, const char *value)
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
        !add_headers(wsi, SECURITY_HEADERS, &p, end) &&
        (!lws_is_ssl(wsi) || !add_headers(wsi, HSTS, &p, end)) &&
        !lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                     (const unsigned char *)"no-store", 8, &p, end) &&
        (!name || !lws_add_http_header_by_name(wsi, (const unsigned char *)name,
                                               (const unsigned char *)value, (int)strlen(value),
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

static int http_reply(struct lws *wsi, unsigned status, char *body)
{
    return http_answer(wsi, status, "application/json", body, NULL, NULL);
}

static int http_error(struct lws *wsi, unsigned status, pf_err e, const char *msg)
{
    return http_reply(wsi, status, pf_proto_error(NULL, e, msg));
}

static int http_tree(struct lws *wsi, unsigned status, cJSON *o)
{
    char *text = o ? pf_json_print(o) : NULL;
    cJSON_Delete(o);
    return http_reply(wsi, status, text);
}

/* A room not here: 307 to the node that plays it (the same path there),
 * 503 when storage could not say, else 404. */
static int not_found(struct lws *wsi, const char *code, const pf_found *f, const char *path)
{
    unsigned status;
    char *text = pf_rooms_not_found(NULL, code, f, &status);
    char location[PF_NODE_NAME_MAX + 80];
    snprintf(location, sizeof location, "%s%s", f->owner, path);
    return http_answer(wsi, status, "application/json", text, status == 307 ? "location:" : NULL,
                       location);
}

static int create_room(pf_net *n, struct lws *wsi, const cJSON *req)
{
    char addr[64], msg[96];
    pf_net_peer(n, wsi, addr, sizeof addr);
    if (!pf_limits_room(n->limiter, addr, pf_net_now_ms())) {
        pf_log_event(&n->log, "refused", NULL, NULL, "reason=rooms_per_minute");
        snprintf(msg, sizeof msg, "at most %d new rooms a minute from one address",
                 pf_limiter_limits(n->limiter)->rooms_per_min);
        return http_error(wsi, 429, PF_E_RATE_LIMITED, msg);
    }
    unsigned status;
    char *text = pf_rooms_create(n->rooms, req, &status);
    return http_reply(wsi, status, text);
}

static int join_room(struct lws *wsi, pf_room *r, const cJSON *req)
{
    char token[PF_TOKEN_HEX + 1];
    int place;
    pf_error err;
    if (pf_room_join(r, req, token, &place, &err)) {
        pf_room_log(r, "refused", "reason=join");
        return http_error(wsi, err.code == PF_E_IO ? 500 : 400, err.code, err.msg);
    }
    char detail[32];
    snprintf(detail, sizeof detail, "place=%d", place);
    pf_room_log(r, r->started ? "joined_and_started" : "joined", detail);
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_jw_lit(&w, "{\"room\":");
    pf_jw_str(&w, r->code);
    pf_jw_lit(&w, ",\"token\":");
    pf_jw_str(&w, token);
    pf_jw_lit(&w, ",\"place\":");
    pf_jw_int(&w, place);
    pf_jw_lit(&w, ",\"started\":");
    pf_jw_bool(&w, r->started);
    pf_jw_raw(&w, "}", 1);
    return http_reply(wsi, 200, pf_jw_take(&w));
}

static int room_state(struct lws *wsi, pf_room *r)
{
    pf_jw w;
    pf_jw_init(&w, 0);
    if (!pf_room_write_public(r, &w, true, NULL)) {
        pf_jw_free(&w);
        return http_error(wsi, 503, PF_E_IO, "the room cannot be read from storage now");
    }
    return http_reply(wsi, 200, pf_jw_take(&w));
}

/* A finished game's replay (docs/protocol.md, "The replay object"): its
 * seed tells every hidden piece, so only once the game is over. */
static int replay(struct lws *wsi, pf_room *r)
{
    pf_error err;
    cJSON *o = pf_room_replay(r, &err);
    if (!o)
        return http_error(wsi, err.code == PF_E_BAD_REQUEST ? 409 : 500, err.code, err.msg);
    return http_tree(wsi, 200, o);
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
    return http_tree(wsi, 200, o);
}

/* GET /games: every game's facts, the engine's `games` answer (proto.h). */
static int games(struct lws *wsi)
{
    cJSON *o = cJSON_CreateObject();
    if (!o || !pf_proto_games(o) || !cJSON_AddTrueToObject(o, "ok")) {
        cJSON_Delete(o);
        return http_error(wsi, 500, PF_E_NO_MEMORY, "out of memory");
    }
    return http_tree(wsi, 200, o);
}

/* GET /metrics: Prometheus' text format, for the loopback addresses and
 * the --metrics-allow networks (gate.h). */
static int metrics(pf_net *n, struct lws *wsi)
{
    char addr[64];
    pf_net_peer(n, wsi, addr, sizeof addr);
    if (!pf_gate_metrics(n->gate, addr)) {
        pf_log_event(&n->log, "refused", NULL, NULL, "reason=metrics");
        return http_error(wsi, 403, PF_E_BAD_REQUEST,
                          "the metrics are for this machine: allow other addresses with "
                          "--metrics-allow");
    }
    pf_metrics_rooms g;
    pf_rooms_gauges(n->rooms, &g);
    char *text = pf_metrics_text(n->metrics, &g);
    if (!text)
        return http_error(wsi, 500, PF_E_NO_MEMORY, "out of memory");
    return http_answer(wsi, 200, "text/plain; version=0.0.4", text, NULL, NULL);
}

/* The browser client's files (web/): plain names only, never outside the
 * folder. */
static int web_file(pf_net *n, struct lws *wsi, const char *path)
{
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
        {".png", "image/png"},                 {".json", "application/json"},
        {".wasm", "application/wasm"}, /* the engine module: compiled as it streams in */
    };
    static const char plain_headers[] = "cache-control: no-cache\r\n" SECURITY_HEADERS;
    static const char tls_headers[] = "cache-control: no-cache\r\n" SECURITY_HEADERS HSTS;
    const char *headers = lws_is_ssl(wsi) ? tls_headers : plain_headers;
    const char *name = strcmp(path, "/") == 0 ? "/index.html" : path;
    const char *dot = strrchr(name, '.');
    const char *type = NULL;
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i][0]) == 0)
            type = types[i][1];
    static const char plain[] = "abcdefghijklmnopqrstuvwxyz0123456789-_./";
    char file[PATH_MAX];
    if (!n->web || !type || strstr(name, "..") || name[1 + strspn(name + 1, plain)] != '\0' ||
        snprintf(file, sizeof file, "%s%s", n->web, name) >= (int)sizeof file ||
        access(file, R_OK) != 0)
        return http_error(wsi, 404, PF_E_BAD_REQUEST, "no such page");
    int rc = lws_serve_http_file(wsi, file, type, headers, (int)strlen(headers));
    return rc < 0 || (rc > 0 && lws_http_transaction_completed(wsi)) ? -1 : 0;
}

/* A request under /rooms/CODE. Looking a code up counts against the
 * address's misses when no room has it (limits.h), and is refused (429,
 * Retry-After) while they are used up. */
static int room_route(pf_net *n, struct lws *wsi, const pf_http *h, const cJSON *req)
{
    char code[PF_ROOM_CODE_LEN + 2] = "", addr[64];
    const char *rest = h->path + 6;
    size_t len = rest[0] == '/' ? strcspn(rest + 1, "/") : 0;
    if (len > 0 && len <= PF_ROOM_CODE_LEN)
        memcpy(code, rest + 1, len);
    pf_error err;
    pf_net_peer(n, wsi, addr, sizeof addr);
    if (!pf_net_may_look(n, addr, &err)) {
        char after[24];
        snprintf(after, sizeof after, "%lld", err.field[0].value);
        return http_answer(wsi, 429, "application/json", pf_proto_error_of(NULL, &err),
                           "retry-after:", after);
    }
    pf_found f = {"", false};
    pf_room *r = code[0] ? pf_rooms_find(n->rooms, code, &f) : NULL;
    const char *tail = rest[0] == '/' ? rest + 1 + len : rest;
    if (!r && !f.owner[0] && !f.failed)
        pf_limits_missed(n->limiter, addr, pf_net_now_ms());
    if (!r)
        return not_found(wsi, code, &f, h->path);
    if (!h->post && tail[0] == '\0')
        return room_state(wsi, r);
    if (h->post && strcmp(tail, "/join") == 0)
        return join_room(wsi, r, req);
    if (!h->post && strcmp(tail, "/replay") == 0)
        return replay(wsi, r);
    if (h->post && strcmp(tail, "/host") == 0) {
        unsigned status;
        char *text = pf_host_request(r, req, &status);
        return http_reply(wsi, status, text);
    }
    if (!h->post && strcmp(tail, "/story") == 0)
        return story(wsi, r);
    return http_error(wsi, 404, PF_E_BAD_REQUEST, "no such page");
}

/* A header's value (n bytes); NULL when the request has none. */
static const char *header(struct lws *wsi, enum lws_token_indexes t, char *buf, int n)
{
    return lws_hdr_total_length(wsi, t) > 0 && lws_hdr_copy(wsi, buf, n, t) > 0 ? buf : NULL;
}

int pf_net_door(pf_net *n, struct lws *wsi, char *why, size_t size)
{
    char host[256], origin[256];
    const char *h = header(wsi, WSI_TOKEN_HOST, host, sizeof host);
    const char *o = header(wsi, WSI_TOKEN_ORIGIN, origin, sizeof origin);
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HOST) >= (int)sizeof host ||
        !pf_gate_host(n->gate, h)) {
        snprintf(why, size,
                 "this server does not answer to the host %.64s: its operator allows a name "
                 "with --allow-host",
                 h ? h : "(too long)");
        return 403;
    }
    /* A page of this server's: its origin is the scheme and the host the
     * request names (another port of the same machine is another site);
     * behind a reverse proxy that speaks TLS to the browsers, the pages
     * are https while this side is http. */
    char own[300], proxied[300];
    snprintf(own, sizeof own, "%s://%s", n->tls ? "https" : "http", h ? h : "");
    snprintf(proxied, sizeof proxied, "https://%s", h ? h : "");
    bool same = o && h &&
                (strcasecmp(o, own) == 0 ||
                 (pf_limiter_limits(n->limiter)->behind_proxy && strcasecmp(o, proxied) == 0));
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) >= (int)sizeof origin ||
        (o && (!same || !pf_gate_origin(n->gate, o)))) {
        snprintf(why, size,
                 "pages of %.64s may not use this server: its operator allows a host with "
                 "--allow-host",
                 o ? o : "(too long)");
        return 403;
    }
    return 0;
}

/* The whole header's size, every field lws keeps (the query's too). */
static int header_bytes(struct lws *wsi)
{
    int total = 0;
    for (int t = 0; t < WSI_TOKEN_COUNT; t++)
        total += lws_hdr_total_length(wsi, (enum lws_token_indexes)t);
    return total;
}

int pf_http_start(pf_net *n, struct lws *wsi, pf_http *h, const char *path, size_t len)
{
    char *uri;
    int ulen, method = lws_http_get_uri_and_method(wsi, &uri, &ulen);
    char why[256];
    (void)uri, (void)ulen;
    free(h->body);
    *h = (pf_http){.post = method == LWSHUMETH_POST};
    snprintf(h->path, sizeof h->path, "%s", path);
    int status = 0;
    if (len > PF_HTTP_PATH_MAX) {
        status = 414;
        snprintf(why, sizeof why, "the path is longer than %d bytes", PF_HTTP_PATH_MAX);
    } else if (header_bytes(wsi) > PF_HTTP_HEADER_MAX) {
        status = 431;
        snprintf(why, sizeof why, "the request's header (its query too) is over %d bytes",
                 PF_HTTP_HEADER_MAX);
    } else
        status = pf_net_door(n, wsi, why, sizeof why);
    if (status) {
        pf_log_event(&n->log, "refused", NULL, NULL,
                     status == 403 ? "reason=host" : "reason=header_size");
        return http_error(wsi, (unsigned)status, PF_E_BAD_REQUEST, why);
    }
    if (method == LWSHUMETH_OPTIONS) {
        /* What the server takes, and no cross-site grant (no CORS headers:
         * a page of another site may not call it). */
        return http_answer(wsi, 204, "application/json", strdup(""), "allow:",
                           "GET, POST, OPTIONS");
    }
    if (method != LWSHUMETH_GET && method != LWSHUMETH_POST)
        return http_answer(wsi, 405, "application/json",
                           pf_proto_error(NULL, PF_E_BAD_REQUEST, "the server takes GET and POST"),
                           "allow:", "GET, POST, OPTIONS");
    if (!h->post)
        return pf_http_route(n, wsi, h);
    /* A body a web form could send (text/plain, a form's encoding) is not
     * read: only a page of this server's may send JSON (a page of another
     * site would need the server's leave, CORS, which it never gives). */
    char type[64];
    const char *t = header(wsi, WSI_TOKEN_HTTP_CONTENT_TYPE, type, sizeof type);
    size_t tl = t ? strcspn(t, "; ") : 0;
    h->not_json = !t || tl != strlen("application/json") ||
                  strncasecmp(t, "application/json", tl) != 0;
    /* lws reads a body only by its length: one sent in chunks (or with no
     * length at all) would never come. It is refused at once, and the
     * connection closed after the answer (its chunks are not read). */
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH) <= 0) {
        pf_log_event(&n->log, "refused", NULL, NULL, "reason=no_length");
        http_error(wsi, 411, PF_E_BAD_REQUEST,
                   "the body must be sent with a Content-Length (chunks are not read)");
        return -1;
    }
    return 0; /* the body comes next */
}

int pf_http_route(pf_net *n, struct lws *wsi, pf_http *h)
{
    const char *path = h->path;
    if (!h->post && strcmp(path, "/healthz") == 0)
        return http_reply(wsi, 200, strdup("{\"ok\":true}"));
    if (!h->post && strcmp(path, "/readyz") == 0)
        return http_reply(wsi, 200, strdup("{\"ready\":true}"));
    if (!h->post && strcmp(path, "/metrics") == 0)
        return metrics(n, wsi);
    if (!h->post && strcmp(path, "/games") == 0)
        return games(wsi);
    if (!h->post && strcmp(path, "/rooms") == 0)
        return http_reply(wsi, 200, pf_rooms_lobby(n->rooms));
    if (strncmp(path, "/rooms", 6) != 0)
        return h->post ? http_error(wsi, 404, PF_E_BAD_REQUEST, "no such page")
                       : web_file(n, wsi, path);
    cJSON *req = NULL;
    if (h->post) {
        pf_error err;
        if (h->not_json) {
            pf_log_event(&n->log, "refused", NULL, NULL, "reason=content_type");
            return http_error(wsi, 415, PF_E_BAD_JSON,
                              "the body must be JSON, sent as Content-Type: application/json");
        }
        if (h->body_over)
            return http_error(wsi, 413, PF_E_TOO_LARGE, "the request body is too large");
        if (!h->body || pf_request_read(h->body, h->body_len, &req, &err)) {
            cJSON_Delete(req);
            return http_error(wsi, 400, h->body ? err.code : PF_E_BAD_JSON,
                              h->body ? err.msg : "the body must be a JSON object");
        }
    }
    int rc = h->post && strcmp(path, "/rooms") == 0 ? create_room(n, wsi, req)
                                                     : room_route(n, wsi, h, req);
    cJSON_Delete(req);
    return rc;
}
