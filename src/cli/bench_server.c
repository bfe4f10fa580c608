/* bench_server.c: `partyfood bench server`, the game server under load
 * (docs/server.md, "Figures").
 *
 * Starts `partyfood serve` on a free port and a fresh database, makes N
 * rooms of two people, and plays them with real WebSocket clients (the
 * libwebsockets client side, in this process): closed loop, one move in
 * flight per room, no think time. The seat to act picks one of the legal
 * actions its latest push offered at random and sends `act`; the time from
 * sending the act to its answer is the latency measured. A skill action
 * (a toss, a stack: its number is a meter's, C-4) is played as a person's
 * client plays it: a meter asked for, stopped a person's reaction or more
 * later, the act sent with its stop time. A room whose game ends is replaced by a new one,
 * made ahead by a thread of plain HTTP calls. Figures are measured, never
 * asserted; --verify kills the server with SIGKILL while moves are in
 * flight and checks that every acknowledged step is in the database (the
 * test in tests/server/test_bench.c runs it).
 *
 * --nodes N starts N nodes on one PostgreSQL instead (docs/server.md,
 * "Several nodes"), each room played at one of them, and --kill-node-after
 * kills the last node with SIGKILL mid-run: a fail-over check. The clients
 * of its rooms reconnect to a surviving node with their tokens, asking
 * again while the dead node's lease lives, and play on; the tool measures
 * how long each such room was without service and checks that no
 * acknowledged step was lost (in each resync, and in the database). */
#include <arpa/inet.h>
#include <math.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <libwebsockets.h>

#include "cli/args.h"
#include "cli/bench_idle.h"
#include "cli/commands.h"
#include "partyfood/rng.h"
#include "server/meter.h"
#include "server/node.h"
#include "server/store.h"

#define SEATS 2
/* Rooms made ahead for the games that end. */
#define SPARE_ROOMS 32
/* How long the server waits before letting an idle game's table go. */
#define IDLE_SECONDS 1
/* Server nodes at most (--nodes). */
#define MAX_NODES 8
/* How soon a client refused with elsewhere asks again (as the tests' client
 * does: the dead node's lease has not run out yet). */
#define HELLO_RETRY_US 100000
/* How soon a real-time seat whose hands were busy (Paku Paku: a roll
 * still in the air) tries again, as the tests' client does. */
#define BUSY_RETRY_US 50000
/* --idle: connections a room nobody plays holds (two seats, the rest
 * spectators), and the processes that open them. */
#define IDLE_PER_ROOM 100
#define IDLE_PROCS 4
/* --min-acts: how much longer the run may go on to reach its count. */
#define MIN_ACTS_WAIT_S 120

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- plain HTTP to the server (setup, not measured) ----------------------------- */

/* One request; the status, with the body (newly allocated) in *body. */
static int http(int port, const char *method, const char *path, const char *json, char **body)
{
    *body = NULL;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    char head[512];
    size_t n = json ? strlen(json) : 0;
    int h = snprintf(head, sizeof head,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     "Content-Length: %zu\r\nConnection: close\r\n\r\n",
                     method, path, n);
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap);
    bool ok = buf && write(fd, head, (size_t)h) == h && (!n || write(fd, json, n) == (ssize_t)n);
    for (ssize_t got = 1; ok && got > 0;) {
        if (len + 1 == cap && !(buf = realloc(buf, cap *= 2)))
            break;
        got = read(fd, buf + len, cap - len - 1);
        len += got > 0 ? (size_t)got : 0;
    }
    close(fd);
    if (!buf)
        return -1;
    buf[len] = '\0';
    int status = -1;
    char *start = strstr(buf, "\r\n\r\n");
    if (ok && start && sscanf(buf, "HTTP/1.1 %d", &status) == 1)
        *body = strdup(start + 4);
    free(buf);
    return *body ? status : -1;
}

/* ---- the rooms -------------------------------------------------------------------- */

typedef struct made_room {
    char code[PF_ROOM_CODE_LEN + 1];
    char token[SEATS][33];
} made_room;

static const char *game_id = "pizza";

/* Creates a room of two people and takes both places; the node asked plays
 * it (the joins load it there). report: say why it failed. */
static bool make_room(int port, made_room *m, bool report)
{
    char spec[128], *body;
    snprintf(spec, sizeof spec,
             "{\"game\":\"%s\",\"seats\":[\"person\",\"person\"],\"fixed_order\":true,"
             "\"spectators\":true}",
             game_id);
    int status = http(port, "POST", "/rooms", spec, &body);
    cJSON *o = cJSON_Parse(body);
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(o, "room");
    bool ok = status == 201 && cJSON_IsString(code);
    if (ok)
        snprintf(m->code, sizeof m->code, "%s", code->valuestring);
    else if (report)
        fprintf(stderr, "partyfood bench: creating a room failed: %s\n", body ? body : "");
    cJSON_Delete(o);
    free(body);
    for (int i = 0; ok && i < SEATS; i++) {
        char path[64];
        snprintf(path, sizeof path, "/rooms/%s/join", m->code);
        status = http(port, "POST", path, i ? "{\"name\":\"bo\"}" : "{\"name\":\"ana\"}", &body);
        o = cJSON_Parse(body);
        const cJSON *token = cJSON_GetObjectItemCaseSensitive(o, "token");
        ok = status == 200 && cJSON_IsString(token);
        if (ok)
            snprintf(m->token[i], sizeof m->token[i], "%s", token->valuestring);
        cJSON_Delete(o);
        free(body);
    }
    return ok;
}

/* The spare rooms of each node, made there by a thread while the others
 * play; none at a node killed. */
static struct {
    pthread_mutex_t mu;
    made_room room[MAX_NODES][SPARE_ROOMS];
    int n[MAX_NODES];
    bool dead[MAX_NODES];
    int port[MAX_NODES];
    int nodes;
    bool stop;
} spare = {.mu = PTHREAD_MUTEX_INITIALIZER};

static void *make_spares(void *arg)
{
    (void)arg;
    for (int k = 0;; k = (k + 1) % spare.nodes) {
        pthread_mutex_lock(&spare.mu);
        bool stop = spare.stop, skip = spare.dead[k] || spare.n[k] == SPARE_ROOMS;
        pthread_mutex_unlock(&spare.mu);
        if (stop)
            return NULL;
        made_room m;
        bool made = !skip && make_room(spare.port[k], &m, false);
        pthread_mutex_lock(&spare.mu);
        if (made && !spare.dead[k])
            spare.room[k][spare.n[k]++] = m;
        else if (!skip && !spare.dead[k])
            fprintf(stderr, "partyfood bench: a spare room could not be made\n");
        pthread_mutex_unlock(&spare.mu);
        if (!made && k == spare.nodes - 1)
            usleep(5000);
    }
}

static bool take_spare(int node, made_room *m)
{
    pthread_mutex_lock(&spare.mu);
    bool some = spare.n[node] > 0;
    if (some)
        *m = spare.room[node][--spare.n[node]];
    pthread_mutex_unlock(&spare.mu);
    return some;
}

/* ---- the clients -------------------------------------------------------------------- */

typedef struct slot slot;

/* One connection; its slot is NULL once its game is over (it closes). */
typedef struct client {
    struct lws *wsi;
    slot *s;
    int node; /* the one it connects to */
    int place, seat;
    bool ready;   /* said hello, heard the sync */
    bool thinking; /* its act waits for the think time (--think-ms) */
    bool metering; /* its skill act waits for its meter's stop */
    char skill[48];    /* the skill action being played, without its number */
    char meter_id[48]; /* its meter, and when the meter's answer came */
    double meter_at;
    int acked_at_hello; /* the room's steps acknowledged when it said hello */
    cJSON *legal; /* its seat's legal actions, from the latest push */
    int closed_with; /* the close code the node sent, 0 if none */
    char *rx;
    size_t rx_len;
    unsigned char out[LWS_PRE + 256];
    size_t out_len;
} client;

struct slot {
    made_room room;
    int node; /* where its room is played */
    client *c[SEATS];
    uint32_t to_act;
    int steps, acked; /* steps known; steps acknowledged by an act's answer */
    bool over, busy;
    double sent;       /* when the act in flight was sent */
    double down_since; /* its node was killed or let it go; 0 once served again */
    bool moved;        /* its room was played at the node killed, or let go */
};

typedef struct acked {
    char code[PF_ROOM_CODE_LEN + 1];
    int step;
    char action[PF_REPLAY_NAME_MAX + 1];
} acked;

/* Values measured, in a growing array. */
typedef struct series {
    double *v;
    long n, cap;
} series;

static void series_add(series *s, double v)
{
    if (s->n == s->cap) {
        long cap = s->cap ? 2 * s->cap : 4096;
        double *p = realloc(s->v, (size_t)cap * sizeof *p);
        if (!p)
            return;
        s->v = p, s->cap = cap;
    }
    s->v[s->n++] = v;
}

static struct {
    struct lws_context *ctx;
    slot *slots;
    int nslots;
    bool playing; /* new moves are sent */
    pf_rng rng;
    long acts, errors, in_flight, renewed;
    long busy_hands; /* real-time acts refused with hands_busy, tried again */
    long late_stops; /* meter stops that reached the server past its lag cap */
    series lat;
    bool keep; /* keep every acknowledged step, for --verify */
    acked *ack;
    long nack, capack;
    int port[MAX_NODES], nodes;
    /* The fail-over: the node killed (-1: none yet), the actions
     * acknowledged before and after, the rooms it played, their time
     * without service, and the resyncs that had fewer steps than were
     * acknowledged. */
    int killed;
    long acts_before_kill, acts_moved, moved, retries, lost;
    long let_go; /* rooms a node alive let go (its lease ran out in a stall) */
    /* Connections a node alive closed otherwise (several nodes only), and
     * the last close code seen (0: none was sent): rare, not explained yet. */
    long closed_other;
    int closed_code;
    long long think_ms; /* a seat's pause before it acts (0: none) */
    long long min_acts; /* the run goes on past its seconds until this many */
    series outage;
} b = {.killed = -1};

static void error_seen(const char *what, const char *detail)
{
    if (b.errors++ < 5)
        fprintf(stderr, "partyfood bench: %s: %.300s\n", what, detail);
}

static void send_text(client *c, const char *text)
{
    size_t n = strlen(text);
    if (n > sizeof c->out - LWS_PRE)
        return;
    memcpy(c->out + LWS_PRE, text, n);
    c->out_len = n;
    lws_callback_on_writable(c->wsi);
}

static void send_hello(client *c)
{
    char hello[128];
    snprintf(hello, sizeof hello, "{\"cmd\":\"hello\",\"room\":\"%s\",\"token\":\"%s\"}",
             c->s->room.code, c->s->room.token[c->place]);
    c->acked_at_hello = c->s->acked;
    send_text(c, hello);
}

/* A moved room answers again: its time without service ends. */
static void served_again(slot *s)
{
    if (s->down_since > 0) {
        series_add(&b.outage, now_s() - s->down_since);
        s->down_since = 0;
    }
}

/* Whether name is a skill action ("toss 0.50", "stack cup -0.25"): its
 * kind, the name without its number, into kind. */
static bool skill_kind(const char *name, char *kind, size_t n)
{
    const char *space = strrchr(name, ' ');
    char *end;
    if ((strncmp(name, "toss ", 5) != 0 && strncmp(name, "stack ", 6) != 0) || !space ||
        (strtod(space + 1, &end), *end != '\0') || end == space + 1)
        return false;
    snprintf(kind, n, "%.*s", (int)(space - name), name);
    return true;
}

/* c's seat plays one of the legal actions its latest push offered, at
 * random (a skill action: asks for its meter first, id 3); false when it
 * has none. */
static bool act_now(slot *s, client *c)
{
    int n = cJSON_GetArraySize(c->legal);
    if (n == 0)
        return false;
    const char *name =
        cJSON_GetArrayItem(c->legal, (int)pf_rng_below(&b.rng, (uint32_t)n))->valuestring;
    if (skill_kind(name, c->skill, sizeof c->skill)) {
        send_text(c, "{\"cmd\":\"meter\",\"id\":3}");
        return true;
    }
    char text[256];
    snprintf(text, sizeof text, "{\"cmd\":\"act\",\"id\":2,\"action\":\"%s\"}", name);
    s->sent = now_s();
    send_text(c, text);
    return true;
}

/* The meter's answer (id 3): stopped after a person's reaction and up to
 * its period more (a timer), then the act goes with its stop time. */
static bool meter_given(client *c, const cJSON *m)
{
    const cJSON *meter = cJSON_GetObjectItemCaseSensitive(m, "meter");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(meter, "id");
    const cJSON *period = cJSON_GetObjectItemCaseSensitive(meter, "period_ms");
    if (!cJSON_IsString(id) || !cJSON_IsNumber(period) || period->valueint <= 0)
        return false;
    snprintf(c->meter_id, sizeof c->meter_id, "%s", id->valuestring);
    c->meter_at = now_s();
    c->metering = true;
    uint32_t ms = PF_METER_REACTION_MS + 5 + pf_rng_below(&b.rng, (uint32_t)period->valueint);
    lws_set_timer_usecs(c->wsi, (lws_usec_t)ms * 1000);
    return true;
}

static void meter_stopped(client *c)
{
    char text[256];
    c->metering = false;
    snprintf(text, sizeof text,
             "{\"cmd\":\"act\",\"id\":2,\"action\":\"%s\","
             "\"meter\":{\"id\":\"%s\",\"stop_ms\":%lld}}",
             c->skill, c->meter_id, (long long)((now_s() - c->meter_at) * 1000));
    c->s->sent = now_s();
    send_text(c, text);
}

/* One think time: exponential with the mean --think-ms, so the rooms' acts
 * arrive as people's do, at random moments. A fixed time kept the rooms in
 * step: every room acted at once, and each burst queued behind itself. */
static lws_usec_t think_usecs(void)
{
    double u = pf_rng_double(&b.rng); /* in [0, 1) */
    return (lws_usec_t)(-log(1.0 - u) * (double)b.think_ms * 1000.0);
}

/* The seat to act plays, when no move is in flight: at once, or after the
 * think time (the timer's callback plays it). */
static void drive(slot *s)
{
    if (!b.playing || s->busy || s->over)
        return;
    for (int i = 0; i < SEATS; i++) {
        client *c = s->c[i];
        if (!c || !c->ready || c->seat < 0 || !(s->to_act & (1u << c->seat)) ||
            !cJSON_GetArraySize(c->legal))
            continue;
        s->busy = true;
        b.in_flight++;
        if (b.think_ms > 0) {
            c->thinking = true;
            lws_set_timer_usecs(c->wsi, think_usecs());
        } else
            act_now(s, c);
        return;
    }
}

/* Whether answer m refuses a meter's stop for reaching the server past its
 * lag cap (late_meter, src/proto/skill_meter.c). */
static bool late_stop(const cJSON *m)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(m, "error");
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(e, "code");
    return cJSON_IsString(code) && strcmp(code->valuestring, "late_meter") == 0;
}

/* The think time is over: c's seat acts (unless the run ended meanwhile). */
static void thought(client *c)
{
    slot *s = c->s;
    c->thinking = false;
    if (b.playing && act_now(s, c))
        return;
    s->busy = false;
    b.in_flight--;
    drive(s);
}

static void progress(slot *s, const cJSON *m)
{
    const cJSON *count = cJSON_GetObjectItemCaseSensitive(m, "step_count");
    if (!cJSON_IsNumber(count) || count->valueint < s->steps)
        return; /* the other seat heard it already */
    s->steps = count->valueint;
    s->over = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "over"));
    s->to_act = 0;
    const cJSON *seat;
    cJSON_ArrayForEach(seat, cJSON_GetObjectItemCaseSensitive(m, "to_act"))
        s->to_act |= 1u << seat->valueint;
}

static void keep_ack(slot *s, const cJSON *m)
{
    const cJSON *step = cJSON_GetObjectItemCaseSensitive(m, "step");
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(m, "action");
    if (!b.keep || !cJSON_IsNumber(step) || !cJSON_IsString(action))
        return;
    if (b.nack == b.capack) {
        long cap = b.capack ? 2 * b.capack : 4096;
        acked *p = realloc(b.ack, (size_t)cap * sizeof *p);
        if (!p)
            return error_seen("out of memory", "keeping the acknowledged steps");
        b.ack = p, b.capack = cap;
    }
    acked *a = &b.ack[b.nack++];
    snprintf(a->code, sizeof a->code, "%s", s->room.code);
    a->step = step->valueint;
    snprintf(a->action, sizeof a->action, "%s", action->valuestring);
}

static void answered(client *c, const cJSON *m)
{
    slot *s = c->s;
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(m, "id");
    bool ok = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "ok"));
    if (!cJSON_IsNumber(id)) { /* the hello's answer */
        const cJSON *seat = cJSON_GetObjectItemCaseSensitive(m, "seat");
        const cJSON *code = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(m, "error"), "code");
        c->seat = cJSON_IsNumber(seat) ? seat->valueint : -1;
        if (s->moved && cJSON_IsString(code) &&
            strcmp(code->valuestring, "elsewhere") == 0) {
            /* The killed node's lease lives on: ask again soon. */
            b.retries++;
            lws_set_timer_usecs(c->wsi, HELLO_RETRY_US);
            return;
        }
        char *text = ok ? NULL : cJSON_PrintUnformatted(m);
        if (text)
            error_seen("hello", text);
        free(text);
        return;
    }
    if (id->valueint == 3 && ok && meter_given(c, m))
        return;
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(m, "error"), "code");
    if (id->valueint == 2 && cJSON_IsString(code) && b.playing &&
        strcmp(code->valuestring, "hands_busy") == 0) {
        b.busy_hands++;
        c->thinking = true; /* acts again when the timer rings */
        lws_set_timer_usecs(c->wsi, BUSY_RETRY_US);
        return;
    }
    if (id->valueint == 2 && late_stop(m) && b.playing) {
        /* The round trip, not the seat, was slow (a loaded machine): the
         * seat asks for a new meter and stops it again. */
        b.late_stops++;
        send_text(c, "{\"cmd\":\"meter\",\"id\":3}");
        return;
    }
    if (id->valueint == 2 && ok) {
        series_add(&b.lat, now_s() - s->sent);
        b.acts++;
        b.acts_moved += s->moved;
        served_again(s);
        keep_ack(s, m);
        const cJSON *step = cJSON_GetObjectItemCaseSensitive(m, "step");
        if (cJSON_IsNumber(step) && step->valueint + 1 > s->acked)
            s->acked = step->valueint + 1;
        progress(s, m);
    } else {
        char *text = cJSON_PrintUnformatted(m);
        error_seen("a refused request", text ? text : "");
        free(text);
    }
    s->busy = false;
    b.in_flight--;
    drive(s);
}

/* A steps push carries the steps and the view, which these players never
 * read, and parsing them was a third of the tool's time: only its tail
 * from the last "legal" member (the legal actions, then the progress) is
 * parsed, behind the push's name written over what precedes it. A quote
 * inside a string is escaped, so the member's text is found only where it
 * is one. */
static size_t steps_push_tail(char **text, size_t len)
{
    static const char head[] = "{\"push\":\"steps\"", key[] = ",\"legal\":";
    size_t nh = sizeof head - 1, nk = sizeof key - 1;
    if (len < nh || memcmp(*text, head, nh) != 0)
        return len;
    for (size_t at = len - nk; at > nh; at--)
        if (memcmp(*text + at, key, nk) == 0) {
            memcpy(*text + at - nh, head, nh);
            *text += at - nh;
            return len - (at - nh);
        }
    return len;
}

static void message(client *c, char *text, size_t len)
{
    len = steps_push_tail(&text, len);
    cJSON *m = cJSON_ParseWithLength(text, len);
    const cJSON *push = cJSON_GetObjectItemCaseSensitive(m, "push");
    if (!m)
        error_seen("not JSON", text);
    else if (cJSON_IsString(push)) {
        const cJSON *count = cJSON_GetObjectItemCaseSensitive(m, "step_count");
        if (strcmp(push->valuestring, "sync") == 0) {
            /* Every step acknowledged before the hello must be in it (one
             * acknowledged since, on the other seat's connection, may not). */
            if (cJSON_IsNumber(count) && count->valueint < c->acked_at_hello && b.lost++ < 5)
                fprintf(stderr,
                        "partyfood bench: room %s came back with %d steps, %d were acknowledged "
                        "before the hello\n",
                        c->s->room.code, count->valueint, c->acked_at_hello);
            c->ready = true;
        }
        cJSON_Delete(c->legal);
        c->legal = cJSON_DetachItemFromObjectCaseSensitive(m, "legal");
        progress(c->s, m);
        if (c->s->over) /* a moved room whose game ended as its node died */
            served_again(c->s);
        drive(c->s);
    } else
        answered(c, m);
    cJSON_Delete(m);
}

/* No lws ping after minutes of silence for these clients, which are never
 * silent: lws otherwise moves each one's ping timer at every message, in a
 * sorted list of thousands. */
static const lws_retry_bo_t no_validity = {0};

static void connect_client(struct lws_context *ctx, slot *s, int place)
{
    client *c = calloc(1, sizeof *c);
    s->c[place] = c;
    if (!c)
        return error_seen("out of memory", "a client");
    *c = (client){.s = s, .node = s->node, .place = place, .seat = -1};
    struct lws_client_connect_info i = {.context = ctx, .address = "127.0.0.1",
                                        .port = b.port[s->node],
                                        .path = "/ws", .host = "127.0.0.1", .userdata = c,
                                        .retry_and_idle_policy = &no_validity};
    if (!(c->wsi = lws_client_connect_via_info(&i))) {
        error_seen("connect", s->room.code);
        s->c[place] = NULL;
        free(c);
    }
}

static void start_slot(slot *s, const made_room *m)
{
    s->room = *m;
    s->to_act = 0;
    s->steps = s->acked = 0;
    s->over = s->busy = s->moved = false;
    for (int i = 0; i < SEATS; i++)
        connect_client(b.ctx, s, i);
}

/* A client of a room whose node was killed lost its connection: it
 * connects again at the room's new node at the next pass of the loop
 * (reconnect_moved). */
static void fail_over(client *c)
{
    slot *s = c->s;
    if (s->busy) { /* its answer will never come */
        s->busy = false;
        b.in_flight--;
    }
}

static void reconnect_moved(void)
{
    for (int i = 0; b.playing && i < b.nslots; i++) {
        slot *s = &b.slots[i];
        for (int k = 0; s->down_since > 0 && !s->over && k < SEATS; k++)
            if (!s->c[k])
                connect_client(b.ctx, s, k);
    }
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    client *c = user;
    switch (reason) {
    case LWS_CALLBACK_TIMER: /* the think time is over, or a hello to ask again */
        if (c->s && c->thinking) {
            thought(c);
            return 0;
        }
        if (c->s && c->metering) {
            meter_stopped(c);
            return 0;
        }
        /* fall through */
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        if (c->s)
            send_hello(c);
        return 0;
    case LWS_CALLBACK_CLIENT_RECEIVE: {
        if (!c->s)
            return 0;
        char *rx = realloc(c->rx, c->rx_len + len + 1);
        if (!rx)
            return -1;
        memcpy(rx + c->rx_len, in, len);
        c->rx = rx;
        c->rx_len += len;
        if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
            c->rx[c->rx_len] = '\0';
            c->rx_len = 0;
            message(c, c->rx, strlen(c->rx));
        }
        return 0;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (!c->s) /* its game is over */
            return -1;
        if (c->out_len &&
            lws_write(wsi, c->out + LWS_PRE, c->out_len, LWS_WRITE_TEXT) < (int)c->out_len)
            return -1;
        c->out_len = 0;
        return 0;
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        if (c && len >= 2)
            c->closed_with = ((const unsigned char *)in)[0] << 8 | ((const unsigned char *)in)[1];
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        if (b.playing && c && c->s && c->node != b.killed)
            error_seen("connection", in ? (const char *)in : "failed");
        /* fall through */
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (!c)
            return 0;
        if (c->s) {
            /* A node alive that found its lease run out (it was stalled
             * longer than the lease) lets the room go and says so (1012):
             * its clients connect again, as after a kill. */
            bool let_go = c->node != b.killed && c->closed_with == 1012; /* service restart */
            /* With several nodes any other close by a node alive is met the
             * same way, as a real client would (it connects again), and
             * counted apart: the check that matters is that no
             * acknowledged step is lost and the room is served again. */
            bool other = b.nodes > 1 && c->node != b.killed && !let_go;
            if (b.playing && other) {
                b.closed_other++;
                b.closed_code = c->closed_with;
            }
            if (b.playing && (let_go || other) && c->s->down_since == 0) {
                c->s->down_since = now_s();
                c->s->moved = true;
                b.moved++;
                b.let_go += let_go;
            }
            let_go |= other;
            if (b.playing && (c->node == b.killed || let_go))
                fail_over(c);
            else if (b.playing)
                error_seen("closed", c->s->room.code);
            c->s->c[c->place] = NULL;
        }
        cJSON_Delete(c->legal);
        free(c->rx);
        free(c);
        return 0;
    default:
        return 0;
    }
}

static const struct lws_protocols protocols[] = {
    {"bench", callback, 0, 1 << 16, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* A room whose game ended: its clients leave, a spare room of its node
 * takes its slot. */
static void renew(void)
{
    for (int i = 0; b.playing && i < b.nslots; i++) {
        slot *s = &b.slots[i];
        made_room m;
        if (!s->over || s->busy || !take_spare(s->node, &m))
            continue;
        for (int k = 0; k < SEATS; k++)
            if (s->c[k]) {
                s->c[k]->s = NULL; /* closed at its next writeable */
                lws_callback_on_writable(s->c[k]->wsi);
                s->c[k] = NULL;
            }
        start_slot(s, &m);
        b.renewed++;
    }
}

/* ---- the server --------------------------------------------------------------------- */

typedef struct server {
    pid_t pid;
    int port;
    int out; /* its stdout, drained by a thread */
    pthread_t drain;
} server;

/* Reads a server's event log to its end; its refusals (but the hellos
 * sent elsewhere in a fail-over, hundreds of them) and lost rooms go to
 * stderr, so a run that saw a connection closed shows why. */
static void *drain(void *arg)
{
    FILE *f = fdopen(dup(*(int *)arg), "r");
    char line[1024];
    while (f && fgets(line, sizeof line, f))
        if ((strstr(line, " event=refused") && !strstr(line, " reason=hello")) ||
            strstr(line, " event=lost"))
            fprintf(stderr, "%s", line);
    if (f)
        fclose(f);
    return NULL;
}

/* Starts a server on db; lease_ms > 0: a node among several, whose leases
 * last lease_ms. */
static bool start_server(const char *db, int lease_ms, server *sv)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    char idle[16], lease[16];
    snprintf(idle, sizeof idle, "%d", IDLE_SECONDS);
    snprintf(lease, sizeof lease, "%d", lease_ms);
    sv->pid = fork();
    if (sv->pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlives the tool */
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        /* Every client comes from this one address: the per-address and
         * per-connection limits, meant for strangers, are off. */
        const char *args[] = {"partyfood", "serve", "--listen", "127.0.0.1:0", "--db", db,
                              "--idle-seconds", idle, "--max-requests", "0", "--max-rooms", "0",
                              "--max-connections", "0", lease_ms ? "--lease-ms" : NULL, lease,
                              NULL};
        execv("/proc/self/exe", (char **)args);
        _exit(127);
    }
    close(fds[1]);
    sv->out = fds[0];
    FILE *f = fdopen(dup(fds[0]), "r");
    char line[512];
    sv->port = 0;
    while (f && !sv->port && fgets(line, sizeof line, f)) {
        const char *p = strstr(line, "listening on http://127.0.0.1:");
        if (p)
            sv->port = atoi(p + strlen("listening on http://127.0.0.1:"));
    }
    if (f)
        fclose(f); /* what it read ahead of the line is only event lines */
    if (!sv->port)
        return false;
    pthread_create(&sv->drain, NULL, drain, &sv->out);
    return true;
}

/* Stops the server with sig; false when it had ended before (an error). */
static bool stop_server(server *sv, int sig)
{
    int wstatus;
    bool ran = waitpid(sv->pid, &wstatus, WNOHANG) == 0;
    if (ran) {
        kill(sv->pid, sig);
        waitpid(sv->pid, &wstatus, 0);
    } else
        fprintf(stderr, "partyfood bench: the server at port %d had ended (%s %d)\n", sv->port,
                WIFSIGNALED(wstatus) ? "signal" : "exit status",
                WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : WEXITSTATUS(wstatus));
    pthread_join(sv->drain, NULL);
    close(sv->out);
    return ran;
}

static long rss_kib(pid_t pid)
{
    char path[64], line[256];
    long kib = -1;
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

/* The CPU time a process used so far (user and system), in seconds; pid 0
 * is this process. On a shared machine this measures the work an action
 * costs better than actions a second do. */
static double cpu_s(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, pid ? "/proc/%d/stat" : "/proc/self/stat", (int)pid);
    FILE *f = fopen(path, "r");
    unsigned long long user = 0, sys = 0;
    /* the fields after the command's closing parenthesis: 14th and 15th */
    int got = f ? fscanf(f, "%*[^)]) %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &user,
                         &sys)
                : 0;
    if (f)
        fclose(f);
    return got == 2 ? (double)(user + sys) / (double)sysconf(_SC_CLK_TCK) : 0;
}

/* One number of the server's /metrics page (a line starting with name). */
static double metric(int port, const char *name)
{
    char *body;
    double v = -1;
    if (http(port, "GET", "/metrics", NULL, &body) == 200) {
        size_t n = strlen(name);
        for (char *line = body; line; line = strchr(line, '\n'), line = line ? line + 1 : NULL)
            if (strncmp(line, name, n) == 0 && line[n] == ' ') {
                v = atof(line + n + 1);
                break;
            }
    }
    free(body);
    return v;
}

/* ---- the run ------------------------------------------------------------------------- */

static void service_for(double seconds, bool (*done)(void))
{
    double end = now_s() + seconds;
    while (now_s() < end && !(done && done())) {
        lws_service(b.ctx, 0);
        renew();
        reconnect_moved();
    }
}

static bool all_ready(void)
{
    for (int i = 0; i < b.nslots; i++)
        for (int k = 0; k < SEATS; k++)
            if (!b.slots[i].c[k] || !b.slots[i].c[k]->ready)
                return false;
    return true;
}

static bool none_in_flight(void)
{
    return b.in_flight == 0;
}

static bool enough_acts(void)
{
    return b.acts >= b.min_acts;
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, c = *(const double *)y;
    return (a > c) - (a < c);
}

static int by_room(const void *x, const void *y)
{
    const acked *a = x, *c = y;
    int k = strcmp(a->code, c->code);
    return k ? k : (a->step > c->step) - (a->step < c->step);
}

typedef struct stored {
    char (*name)[PF_REPLAY_NAME_MAX + 1];
    int n, cap;
} stored;

static pf_err keep_stored(void *arg, const pf_store_step *st, pf_error *err)
{
    stored *s = arg;
    if (st->index >= s->cap) {
        int cap = st->index * 2 + 64;
        void *p = realloc(s->name, (size_t)cap * sizeof *s->name);
        if (!p)
            return pf_error_set(err, PF_E_NO_MEMORY, NULL);
        s->name = p, s->cap = cap;
    }
    snprintf(s->name[st->index], sizeof s->name[0], "%s", st->name);
    s->n = st->index + 1;
    return PF_E_OK;
}

/* Every acknowledged step is in the database, with its action: the count
 * missing. */
static long verify(const char *db)
{
    pf_error err;
    pf_store *st = pf_store_open(db, &err);
    if (!st) {
        fprintf(stderr, "partyfood bench: %s\n", err.msg);
        return b.nack ? b.nack : 1;
    }
    if (b.nack)
        qsort(b.ack, (size_t)b.nack, sizeof *b.ack, by_room);
    long missing = 0;
    stored s = {0};
    for (long i = 0; i < b.nack; i++) {
        if (i == 0 || strcmp(b.ack[i].code, b.ack[i - 1].code) != 0) {
            s.n = 0;
            if (pf_store_steps_of(st, b.ack[i].code, keep_stored, &s, &err))
                fprintf(stderr, "partyfood bench: %s\n", err.msg);
        }
        const acked *a = &b.ack[i];
        if (a->step >= s.n || strcmp(s.name[a->step], a->action) != 0) {
            if (missing++ < 5)
                fprintf(stderr, "partyfood bench: room %s step %d (%s) was acknowledged but is not stored\n",
                        a->code, a->step, a->action);
        }
    }
    free(s.name);
    pf_store_close(st);
    return missing;
}

static int usage(FILE *f, int status)
{
    fprintf(f, "usage: partyfood bench server [--rooms N] [--seconds S] [--game GAME] [--db FILE]\n"
               "                              [--think-ms MS] [--idle N] [--min-acts N] [--verify]\n"
               "       partyfood bench server --nodes N --db postgresql://... [--lease-ms MS]\n"
               "                              [--kill-node-after S] [--rooms N] [--seconds S]\n"
               "                              [--game GAME] [--verify]\n\n"
               "Starts `partyfood serve` on a free port and plays N rooms (100) of two\n"
               "people over WebSockets for S seconds (10): one move in flight per room, no\n"
               "think time. Reports acknowledged actions a second, the latency from an act\n"
               "to its answer, errors and the server's memory per room. --db (default: a\n"
               "temporary file) is the server's database. --verify kills the server with\n"
               "SIGKILL while moves are in flight and checks that every acknowledged step\n"
               "is stored; the exit status is 1 when one is missing or an error was seen.\n"
               "--think-ms MS makes each seat wait before it acts, as people think (a random\n"
               "time, exponential with the mean MS): the rooms and that time set the load,\n"
               "and the latency is the server's own. --idle N holds N more connections\n"
               "meanwhile, seats and spectators of rooms nobody plays, opened from %d\n"
               "processes over the addresses 127.0.0.2 to 127.0.0.250, and reports the\n"
               "server's memory for them. --min-acts N plays on past S seconds until N\n"
               "actions are acknowledged (at most %d s more; an error if they are not), so a\n"
               "slow machine still plays enough: tossing and stacking wait on meters.\n\n"
               "--nodes N (2 to %d) starts N server nodes on the PostgreSQL database --db\n"
               "instead, their leases of MS milliseconds (5000), and spreads the rooms over\n"
               "them. --kill-node-after S kills the last node with SIGKILL S seconds into\n"
               "the run: its rooms' clients reconnect to a node alive with their tokens and\n"
               "play on. Reports the actions acknowledged before and after the kill, each\n"
               "moved room's time without service, and checks every acknowledged step (in\n"
               "each resync and in the database, after the nodes stopped); the exit status\n"
               "is 1 when one is missing, a moved room was not served again, or an error\n"
               "was seen.\n",
            IDLE_PROCS, MIN_ACTS_WAIT_S, MAX_NODES);
    return status;
}

/* The node k dies mid-run: nothing more is made there; its rooms go to the
 * nodes alive in turn, where their clients connect again once they find
 * their sockets closed. Their time without service starts now. */
static void kill_node(server *sv, int k)
{
    pthread_mutex_lock(&spare.mu);
    spare.dead[k] = true;
    spare.n[k] = 0; /* held by the dead node until its leases run out */
    pthread_mutex_unlock(&spare.mu);
    b.killed = k;
    b.acts_before_kill = b.acts;
    stop_server(&sv[k], SIGKILL);
    double now = now_s();
    for (int i = 0, alive = 0; i < b.nslots; i++) {
        slot *s = &b.slots[i];
        if (s->node != k)
            continue;
        s->node = alive < k ? alive : alive + 1;
        alive = (alive + 1) % (b.nodes - 1);
        s->down_since = now;
        s->moved = true;
        b.moved++;
    }
}

static double sorted_at(series *s, double q)
{
    qsort(s->v, (size_t)s->n, sizeof *s->v, by_value);
    long i = (long)((double)s->n * q);
    return s->n ? s->v[i < s->n ? i : s->n - 1] : 0;
}

/* Waits (up to 15 s) until no table of the server's is in memory: the
 * rooms nobody plays were let go (without connections) or kept without
 * their tables (with). */
static void idle_settled(int port)
{
    for (int i = 0; i < 75 && metric(port, "partyfood_rooms{state=\"playing\"}") > 0; i++)
        usleep(200000);
}

/* --idle N: rooms nobody plays, N connections to them held, and the
 * server's memory for them; false when they could not be set up. */
static bool open_idle(server *sv, long n, bench_idle *idle, long *kib)
{
    int nrooms = (int)((n + IDLE_PER_ROOM - 1) / IDLE_PER_ROOM);
    bench_idle_room *rooms = calloc((size_t)nrooms, sizeof *rooms);
    bool ok = rooms != NULL;
    for (int i = 0; ok && i < nrooms; i++) {
        made_room m;
        if ((ok = make_room(sv->port, &m, true))) {
            snprintf(rooms[i].code, sizeof rooms[i].code, "%s", m.code);
            memcpy(rooms[i].token, m.token, sizeof rooms[i].token);
        }
    }
    if (ok) {
        idle_settled(sv->port);
        long before = rss_kib(sv->pid);
        ok = bench_idle_open(idle, sv->port, n, IDLE_PROCS, rooms, nrooms);
        idle_settled(sv->port);
        *kib = rss_kib(sv->pid) - before;
    }
    free(rooms);
    return ok;
}

int cmd_bench_server(int argc, char **argv)
{
    long long rooms = 100, nodes = 1, lease_ms = 5000, idle_n = 0;
    double seconds = 10, kill_after = 0;
    bool check = false, lease_given = false;
    const char *db = NULL, *v;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0)
            return usage(stdout, 0);
        if (strcmp(argv[i], "--verify") == 0)
            check = true;
        else if (strcmp(argv[i], "--rooms") == 0) {
            if (!(v = cli_arg_value("bench server", argc, argv, &i)) ||
                !cli_arg_int("bench server", "--rooms", v, 1, 5000, &rooms))
                return 2;
        } else if (strcmp(argv[i], "--seconds") == 0) {
            if (!(v = cli_arg_value("bench server", argc, argv, &i)) ||
                !cli_arg_real("bench server", "--seconds", v, 0.1, 3600, &seconds))
                return 2;
        } else if (strcmp(argv[i], "--game") == 0) {
            if (!(game_id = cli_arg_value("bench server", argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--db") == 0) {
            if (!(db = cli_arg_value("bench server", argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--nodes") == 0) {
            if (!(v = cli_arg_value("bench server", argc, argv, &i)) ||
                !cli_arg_int("bench server", "--nodes", v, 1, MAX_NODES, &nodes))
                return 2;
        } else if (strcmp(argv[i], "--lease-ms") == 0) {
            lease_given = true;
            if (!(v = cli_arg_value("bench server", argc, argv, &i)) ||
                !cli_arg_int("bench server", "--lease-ms", v, PF_LEASE_MS_MIN, 600000, &lease_ms))
                return 2;
        } else if (strcmp(argv[i], "--idle") == 0) {
            if (!(v = cli_arg_value("bench server", argc, argv, &i)) ||
                !cli_arg_int("bench server", "--idle", v, 1, 1000000, &idle_n))
                return 2;
        } else if (strcmp(argv[i], "--think-ms") == 0) {
            if (!(v = cli_arg_value("bench server", argc, argv, &i)) ||
                !cli_arg_int("bench server", "--think-ms", v, 0, 60000, &b.think_ms))
                return 2;
        } else if (strcmp(argv[i], "--min-acts") == 0) {
            if (!(v = cli_arg_value("bench server", argc, argv, &i)) ||
                !cli_arg_int("bench server", "--min-acts", v, 1, 100000000, &b.min_acts))
                return 2;
        } else if (strcmp(argv[i], "--kill-node-after") == 0) {
            if (!(v = cli_arg_value("bench server", argc, argv, &i)) ||
                !cli_arg_real("bench server", "--kill-node-after", v, 0.1, 3600, &kill_after))
                return 2;
        } else {
            fprintf(stderr, "partyfood bench server: unknown argument '%s'\n", argv[i]);
            return usage(stderr, 2);
        }
    }
    bool several = nodes > 1;
    const char *wrong = NULL;
    if (several && (!db || (strncmp(db, "postgresql://", 13) != 0 &&
                            strncmp(db, "postgres://", 11) != 0)))
        wrong = "--nodes wants the nodes' PostgreSQL database: --db postgresql://...";
    else if (!several && (kill_after > 0 || lease_given))
        wrong = "--kill-node-after and --lease-ms are for several nodes (--nodes N)";
    else if (kill_after >= seconds)
        wrong = "--kill-node-after must come before the end of the run (--seconds)";
    else if (idle_n && several)
        wrong = "--idle is for one node";
    if (wrong) {
        fprintf(stderr, "partyfood bench server: %s\n", wrong);
        return 2;
    }
    /* Two sockets a room on each side, and a few more. */
    struct rlimit nofile;
    if (getrlimit(RLIMIT_NOFILE, &nofile) == 0) {
        nofile.rlim_cur = nofile.rlim_max;
        setrlimit(RLIMIT_NOFILE, &nofile);
    }
    char dir[] = "/tmp/pf-bench-XXXXXX", path[64];
    if (!db) {
        if (!mkdtemp(dir)) {
            perror("partyfood bench server");
            return 1;
        }
        snprintf(path, sizeof path, "%s/bench.db", dir);
        db = path;
    }
    signal(SIGPIPE, SIG_IGN);
    server sv[MAX_NODES];
    long rss_base[MAX_NODES];
    for (b.nodes = 0; b.nodes < nodes; b.nodes++) {
        server *n = &sv[b.nodes];
        if (!start_server(db, several ? (int)lease_ms : 0, n)) {
            fprintf(stderr, "partyfood bench server: the server did not start\n");
            while (b.nodes > 0)
                stop_server(&sv[--b.nodes], SIGKILL);
            return 1;
        }
        b.port[b.nodes] = spare.port[b.nodes] = n->port;
        rss_base[b.nodes] = rss_kib(n->pid);
    }
    spare.nodes = b.nodes;
    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info = {.port = CONTEXT_PORT_NO_LISTEN,
                                             .protocols = protocols};
    b.ctx = lws_create_context(&info);
    b.nslots = (int)rooms;
    b.slots = calloc((size_t)rooms, sizeof *b.slots);
    b.keep = check || several;
    pf_rng_seed(&b.rng, (uint64_t)time(NULL));
    int status = 1;
    bench_idle idle = {0};
    long idle_kib = 0;
    if (idle_n && b.ctx && !open_idle(&sv[0], idle_n, &idle, &idle_kib))
        error_seen("idle connections", "could not set up their rooms");
    else if (idle.held < idle_n)
        error_seen("idle connections", "some were not held (said hello and heard the sync)");
    /* Every room first, then the clients: a client connected early would
     * wait unserved while the others are made. Room i is played at node
     * i mod N. */
    bool made = b.ctx && b.slots;
    for (int i = 0; made && i < b.nslots; i++) {
        b.slots[i].node = i % b.nodes;
        made = make_room(b.port[b.slots[i].node], &b.slots[i].room, true);
    }
    for (int i = 0; made && i < b.nslots; i++)
        start_slot(&b.slots[i], &b.slots[i].room);
    pthread_t spares;
    if (made)
        pthread_create(&spares, NULL, make_spares, NULL);
    if (made) {
        service_for(60, all_ready);
        b.playing = true;
        for (int i = 0; i < b.nslots; i++)
            drive(&b.slots[i]);
        double t0 = now_s(), cpu0 = cpu_s(0), cpu_nodes0 = 0;
        for (int k = 0; k < b.nodes; k++)
            cpu_nodes0 += cpu_s(sv[k].pid);
        if (kill_after > 0) {
            service_for(kill_after, NULL);
            kill_node(sv, b.nodes - 1);
        }
        service_for(seconds - (now_s() - t0), NULL);
        if (b.acts < b.min_acts) {
            service_for(MIN_ACTS_WAIT_S, enough_acts);
            if (b.acts < b.min_acts)
                error_seen("--min-acts", "fewer actions were acknowledged in the time allowed");
        }
        double elapsed = now_s() - t0, cpu_tool = cpu_s(0) - cpu0, cpu_nodes = -cpu_nodes0;
        for (int k = 0; k < b.nodes; k++)
            cpu_nodes += cpu_s(sv[k].pid);
        long acts = b.acts, renewed = b.renewed;
        /* The nodes alive at the end, together. */
        long rss_start = 0, rss_play = 0;
        double actions = 0, commits = 0, commit_s = 0;
        for (int k = 0; k < b.nodes; k++)
            if (k != b.killed) {
                rss_start += rss_base[k];
                rss_play += rss_kib(sv[k].pid);
                actions += metric(sv[k].port, "partyfood_actions_total");
                commits += metric(sv[k].port, "partyfood_commit_seconds_count");
                commit_s += metric(sv[k].port, "partyfood_commit_seconds_sum");
            }
        b.playing = false;
        pthread_mutex_lock(&spare.mu);
        spare.stop = true;
        pthread_mutex_unlock(&spare.mu);
        pthread_join(spares, NULL);
        long missing = 0;
        if (check || several) {
            /* --verify: moves still in flight; else their answers come
             * first. */
            if (!check)
                service_for(10, none_in_flight);
            for (int k = 0; k < b.nodes; k++)
                if (k != b.killed && !stop_server(&sv[k], check ? SIGKILL : SIGTERM))
                    b.errors++;
            missing = verify(db);
            status = missing || b.lost || b.errors || b.moved > b.outage.n ? 1 : 0;
        }
        double p50 = sorted_at(&b.lat, 0.5), p99 = sorted_at(&b.lat, 0.99);
        printf("partyfood bench server: %d rooms of %s, two people each, %.1f s", b.nslots,
               game_id, elapsed);
        if (several)
            printf(", %d nodes", b.nodes);
        if (b.think_ms)
            printf(", %lld ms to think before each act", b.think_ms);
        printf("\n");
        printf("acknowledged actions: %ld (%.0f/s); per commit: %.1f, a commit's mean %.1f ms\n",
               acts, acts / elapsed, commits > 0 ? actions / commits : 0,
               commits > 0 ? commit_s / commits * 1e3 : 0);
        printf("latency act -> answer: p50 %.2f ms, p99 %.2f ms\n", p50 * 1e3, p99 * 1e3);
        if (acts > 0 && b.killed < 0)
            printf("CPU a 1,000 actions: %s %.0f ms, this tool %.0f ms\n",
                   several ? "the nodes" : "the server", cpu_nodes / acts * 1e6,
                   cpu_tool / acts * 1e6);
        printf("games ended and replaced by new rooms: %ld (%.0f/s)\n", renewed,
               renewed / elapsed);
        printf("errors: %ld\n", b.errors);
        if (b.busy_hands)
            printf("real-time acts refused with hands_busy and tried again: %ld\n", b.busy_hands);
        if (b.late_stops)
            printf("meter stops that arrived past the lag cap, made again: %ld\n", b.late_stops);
        if (idle_n)
            printf("idle connections held beside the rooms played: %ld of %lld, from %d processes "
                   "over 127.0.0.2 to 127.0.0.250; the server's memory for them %ld KiB: %.2f "
                   "KiB each\n",
                   idle.held, idle_n, idle.procs, idle_kib,
                   idle.held ? (double)idle_kib / (double)idle.held : 0.0);
        bench_idle_close(&idle);
        printf("%s: %ld KiB at start, %ld KiB playing: %.1f KiB a room\n",
               several ? "nodes' memory (those alive at the end, together)" : "server memory",
               rss_start, rss_play, (double)(rss_play - rss_start) / b.nslots);
        if (b.let_go)
            printf("rooms a node alive let go (its lease ran out while it was stalled), "
                   "played on after their clients connected again: %ld\n",
                   b.let_go);
        if (b.closed_other)
            printf("connections a node alive closed otherwise (last close code %d, 0: none), "
                   "connected again: %ld\n",
                   b.closed_code, b.closed_other);
        if (b.killed >= 0) {
            printf("fail-over: node %d of %d killed with SIGKILL %.1f s into the run\n",
                   b.killed + 1, b.nodes, kill_after);
            printf("acknowledged actions before the kill: %ld, after: %ld (%ld in the rooms "
                   "moved)\n",
                   b.acts_before_kill, acts - b.acts_before_kill, b.acts_moved);
            printf("rooms moved: %ld, served again: %ld, still without service: %ld\n", b.moved,
                   b.outage.n, b.moved - b.outage.n);
            double median = sorted_at(&b.outage, 0.5), worst = sorted_at(&b.outage, 1);
            printf("time without service (from the kill to the first acknowledged action at a "
                   "node alive): median %.2f s, worst %.2f s (leases of %lld ms)\n",
                   median, worst, lease_ms);
            printf("hellos refused with elsewhere and asked again: %ld\n", b.retries);
        }
        if (several)
            printf("resyncs with fewer steps than acknowledged: %ld\n", b.lost);
        if (check || several)
            printf("verify: %ld acknowledged steps, %ld missing after %s\n", b.nack, missing,
                   check ? "SIGKILL" : "the nodes stopped");
        if (!check && !several) {
            /* Idle: the clients stay but act no more; the server lets the
             * tables go after IDLE_SECONDS. Then the clients leave. */
            int port = sv[0].port;
            service_for(10, none_in_flight);
            for (int i = 0; i < 50 && metric(port, "partyfood_rooms{state=\"playing\"}") > 0; i++)
                service_for(0.2, NULL);
            long rss_idle = rss_kib(sv[0].pid);
            printf("idle rooms, their clients connected: %ld KiB: %.1f KiB a room (2 "
                   "connections included)\n",
                   rss_idle, (double)(rss_idle - rss_start) / b.nslots);
            lws_context_destroy(b.ctx);
            b.ctx = NULL;
            for (int i = 0; i < 50 && metric(port, "partyfood_rooms{state=\"idle\"}") > 0; i++)
                usleep(200000);
            long rss_gone = rss_kib(sv[0].pid);
            printf("idle rooms, their clients gone: %ld KiB: %.1f KiB a room\n", rss_gone,
                   (double)(rss_gone - rss_start) / b.nslots);
            stop_server(&sv[0], SIGTERM);
            status = b.errors ? 1 : 0;
        }
    } else {
        fprintf(stderr, "partyfood bench server: could not set the rooms up\n");
        for (int k = 0; k < b.nodes; k++)
            stop_server(&sv[k], SIGKILL);
    }
    if (b.ctx)
        lws_context_destroy(b.ctx);
    /* The clients still connecting when the context went heard nothing. */
    for (int i = 0; b.slots && i < b.nslots; i++)
        for (int k = 0; k < SEATS; k++)
            if (b.slots[i].c[k]) {
                free(b.slots[i].c[k]->rx);
                free(b.slots[i].c[k]);
            }
    free(b.slots);
    free(b.lat.v);
    free(b.outage.v);
    free(b.ack);
    if (db == path) {
        const char *suffix[] = {"", "-wal", "-shm"};
        for (int i = 0; i < 3; i++) {
            char f[80];
            snprintf(f, sizeof f, "%s%s", path, suffix[i]);
            unlink(f);
        }
        rmdir(dir);
    }
    return status;
}
