/* rooms.c: the room registry (rooms.h). Rooms are kept in a hash table by
 * code; rooms.h's calls are the only ones that add or drop a room. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "partyfood/proto.h"
#include "server/memory.h"
#include "server/rooms.h"

/* The answer when the storage cannot say whether a room exists. */
#define ROOM_UNREADABLE "the room cannot be read from storage now: try again soon"

struct pf_rooms {
    pf_room_env env;
    pf_node *node;
    pf_metrics *metrics;
    int64_t idle_ms, expire_ms;
    int64_t swept_ms; /* the last sweep's time */
    bool unreleased;  /* rooms' memory freed since the allocator last gave it back */
    pf_room **bucket;
    size_t nbuckets, n;
};

static size_t hash(const char *code, size_t nbuckets)
{
    size_t h = 5381;
    for (; *code; code++)
        h = h * 33 + (unsigned char)*code;
    return h % nbuckets;
}

static pf_room **slot_of(pf_rooms *rs, const char *code)
{
    pf_room **p = &rs->bucket[hash(code, rs->nbuckets)];
    while (*p && strcmp((*p)->code, code) != 0)
        p = &(*p)->next;
    return p;
}

static void grow(pf_rooms *rs)
{
    size_t n = rs->nbuckets * 2;
    pf_room **b = calloc(n, sizeof *b);
    if (!b)
        return; /* longer chains, still right */
    for (size_t i = 0; i < rs->nbuckets; i++)
        for (pf_room *r = rs->bucket[i], *next; r; r = next) {
            next = r->next;
            size_t h = hash(r->code, n);
            r->next = b[h];
            b[h] = r;
        }
    free(rs->bucket);
    rs->bucket = b, rs->nbuckets = n;
}

static void add(pf_rooms *rs, pf_room *r)
{
    if (rs->n >= 2 * rs->nbuckets)
        grow(rs);
    size_t h = hash(r->code, rs->nbuckets);
    r->next = rs->bucket[h];
    rs->bucket[h] = r;
    rs->n++;
}

static bool new_code_of(void *reg, char *code);
static void adopt(void *reg, pf_room *r);

pf_rooms *pf_rooms_new(const pf_room_env *env, pf_node *node, pf_metrics *metrics,
                       int64_t idle_ms, int64_t expire_ms)
{
    pf_rooms *rs = calloc(1, sizeof *rs);
    if (!rs || !(rs->bucket = calloc(rs->nbuckets = 64, sizeof *rs->bucket))) {
        free(rs);
        return NULL;
    }
    rs->env = *env;
    rs->env.reg = rs;
    rs->env.new_code = new_code_of;
    rs->env.adopt = adopt;
    rs->node = node, rs->metrics = metrics;
    rs->idle_ms = idle_ms, rs->expire_ms = expire_ms;
    return rs;
}

const pf_room_env *pf_rooms_env(const pf_rooms *rs)
{
    return &rs->env;
}

void pf_rooms_each(pf_rooms *rs, void (*each)(pf_room *r, void *arg), void *arg)
{
    for (size_t i = 0; i < rs->nbuckets; i++)
        for (pf_room *r = rs->bucket[i], *next; r; r = next) {
            next = r->next;
            each(r, arg);
        }
}

void pf_rooms_free(pf_rooms *rs)
{
    if (!rs)
        return;
    for (size_t i = 0; i < rs->nbuckets; i++)
        for (pf_room *r = rs->bucket[i], *next; r; r = next) {
            next = r->next;
            pf_room_destroy(r);
        }
    free(rs->bucket);
    free(rs);
}

/* ---- finding and restoring --------------------------------------------------------- */

typedef struct restoring {
    pf_rooms *rs;
    pf_room *room;
    pf_found *f;
} restoring;

/* Loads a stored room into memory; with a shared store, an unfinished one
 * only once this node holds its lease. */
static void restore_one(void *arg, const pf_store_room *rec)
{
    restoring *rt = arg;
    pf_error err;
    pf_store_owner lease = {NULL, 0};
    if (!rec->finished && pf_node_claim(rt->rs->node, rec->code, &lease, rt->f->owner, &err)) {
        rt->f->failed = err.code != PF_E_ELSEWHERE;
        if (rt->f->failed)
            fprintf(stderr, "partyfood serve: room %s: %s\n", rec->code, err.msg);
        return;
    }
    pf_room *r = pf_room_restore(&rt->rs->env, rec, &err);
    if (!r) {
        rt->f->failed = true;
        fprintf(stderr, "partyfood serve: room %s not restored: %s\n", rec->code, err.msg);
        return;
    }
    r->lease = lease;
    add(rt->rs, r);
    rt->room = r;
    pf_room_log(r, "restored", r->started ? "started=true" : "started=false");
}

void pf_rooms_restore(pf_rooms *rs)
{
    pf_error err;
    pf_found scratch = {"", false};
    restoring rt = {rs, NULL, &scratch};
    if (!pf_node_name(rs->node) &&
        pf_store_rooms_unfinished(rs->env.store, restore_one, &rt, &err))
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
}

pf_room *pf_rooms_find(pf_rooms *rs, const char *code, pf_found *f)
{
    char up[PF_ROOM_CODE_LEN + 1];
    size_t n = strlen(code);
    *f = (pf_found){"", false};
    if (n != PF_ROOM_CODE_LEN && n != PF_ROOM_CODE_OLD_LEN)
        return NULL;
    for (size_t i = 0; i <= n; i++)
        up[i] = (char)toupper((unsigned char)code[i]);
    pf_room *r = *slot_of(rs, up);
    if (r && !r->lease_lost)
        return r;
    if (r) {
        /* Leaving memory (its lease or its copy was lost): joining it would
         * play on a stale copy. Asked again once it is gone, it is read back
         * from storage. */
        snprintf(f->owner, sizeof f->owner, "%s", pf_node_name(rs->node));
        return NULL;
    }
    if (strspn(up, PF_CODE_LETTERS) != n)
        return NULL;
    pf_error err;
    restoring rt = {rs, NULL, f};
    if (pf_store_room_get(rs->env.store, up, restore_one, &rt, &err)) {
        f->failed = true;
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
    }
    return rt.room;
}

char *pf_rooms_not_found(const cJSON *req, const char *code, const pf_found *f,
                         unsigned *status)
{
    *status = f->owner[0] ? 307 : f->failed ? 503 : 404;
    return f->owner[0] ? pf_node_elsewhere(req, code, f->owner)
           : f->failed ? pf_proto_error(req, PF_E_IO, ROOM_UNREADABLE)
                       : pf_proto_error(req, PF_E_BAD_REQUEST, "no room has that code");
}

/* ---- new rooms ---------------------------------------------------------------------- */

static void found_one(void *arg, const pf_store_room *rec)
{
    (void)rec;
    *(bool *)arg = true;
}

/* Whether a room, in memory or stored, has this code: looked up, not
 * loaded (pf_rooms_find would load it, and claim a lease on a shared
 * store). */
static bool code_taken(pf_rooms *rs, const char *code)
{
    if (*slot_of(rs, code))
        return true;
    bool stored = false;
    pf_error err;
    if (pf_store_room_get(rs->env.store, code, found_one, &stored, &err)) {
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
        return true; /* not known to be free */
    }
    return stored;
}

/* A code no room has. With a shared store this node takes its lease first,
 * so two nodes cannot give out the same code at once. */
static bool new_code_of(void *reg, char *code)
{
    pf_rooms *rs = reg;
    static const char letters[] = PF_CODE_LETTERS;
    /* Bytes of 240 and up are drawn again: each letter equally likely. */
    const unsigned top = 256 - 256 % (sizeof letters - 1);
    for (int tries = 0; tries < 16; tries++) {
        for (int i = 0; i < PF_ROOM_CODE_LEN;) {
            unsigned char raw[2 * PF_ROOM_CODE_LEN];
            if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
                return false;
            for (size_t k = 0; k < sizeof raw && i < PF_ROOM_CODE_LEN; k++)
                if (raw[k] < top)
                    code[i++] = letters[raw[k] % (sizeof letters - 1)];
        }
        code[PF_ROOM_CODE_LEN] = '\0';
        if (code_taken(rs, code))
            continue;
        char owner[PF_NODE_NAME_MAX + 1];
        pf_error err;
        pf_store_owner lease;
        pf_err e = pf_node_claim(rs->node, code, &lease, owner, &err);
        if (!e)
            return true;
        if (e != PF_E_ELSEWHERE) {
            fprintf(stderr, "partyfood serve: %s\n", err.msg);
            return false;
        }
    }
    return false;
}

/* A room made outside a request (a rematch) joins the registry. */
static void adopt(void *reg, pf_room *r)
{
    pf_rooms *rs = reg;
    char owner[PF_NODE_NAME_MAX + 1];
    pf_error err;
    if (pf_node_claim(rs->node, r->code, &r->lease, owner, &err))
        fprintf(stderr, "partyfood serve: room %s: %s\n", r->code, err.msg);
    add(rs, r);
}

char *pf_rooms_create(pf_rooms *rs, const cJSON *req, unsigned *status)
{
    char code[PF_ROOM_CODE_LEN + 1];
    pf_room_keys keys;
    pf_error err;
    if (!new_code_of(rs, code)) {
        *status = 503;
        return pf_proto_error(NULL, PF_E_IO, "no free room code");
    }
    pf_room *r = pf_room_create(&rs->env, code, req, &keys, &err);
    if (!r) {
        pf_node_let_go(rs->node, code);
        *status = err.code == PF_E_IO || err.code == PF_E_NO_MEMORY ? 500 : 400;
        return pf_proto_error(NULL, err.code, err.msg);
    }
    char detail[32];
    snprintf(detail, sizeof detail, "seats=%d", r->n);
    pf_room_log(r, "created", detail);
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_room_write_public(r, &w, true, &keys); /* the creator's alone */
    if (pf_node_name(rs->node)) {
        /* Shared store: the node a client asks first plays the room, the
         * one a proxy hashing on the code picks (node.h). */
        pf_node_let_go(rs->node, code);
        pf_room_destroy(r);
    } else
        add(rs, r);
    *status = 201;
    return pf_jw_take(&w);
}

/* ---- the hello --------------------------------------------------------------------- */

bool pf_rooms_hello(pf_rooms *rs, pf_member *m, const char *msg, size_t len, char **answer)
{
    cJSON *req;
    pf_error err;
    pf_err e = pf_request_read(msg, len, &req, &err);
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(req, "room");
    const cJSON *token = cJSON_GetObjectItemCaseSensitive(req, "token");
    const cJSON *watch = cJSON_GetObjectItemCaseSensitive(req, "watch");
    pf_room *r = NULL;
    pf_found f = {"", false};
    int seat = PF_SEAT_SPECTATOR;
    unsigned status = 0;
    bool missed = false;
    char *text = NULL;
    if (e)
        text = pf_proto_error_of(req, &err);
    else if (!cJSON_IsString(cmd) || strcmp(cmd->valuestring, "hello") != 0)
        text = pf_proto_error(req, PF_E_BAD_REQUEST,
                              "say hello first: {\"cmd\":\"hello\",\"room\":CODE,\"token\":TOKEN}");
    else if (!cJSON_IsString(code) || !(r = pf_rooms_find(rs, code->valuestring, &f)))
        text = pf_rooms_not_found(req, cJSON_IsString(code) ? code->valuestring : "", &f,
                                  &status);
    else if (token && (!cJSON_IsString(token) ||
                       (seat = pf_room_seat_of(r, token->valuestring)) < 0))
        text = pf_proto_error(req, PF_E_NOT_YOUR_SEAT, "that token holds no seat of this room");
    else if (!token && watch &&
             (missed = !cJSON_IsString(watch) || !pf_room_watch_token(r, watch->valuestring)))
        text = pf_proto_error(req, PF_E_NOT_YOUR_SEAT, "that watch link is not this room's");
    else if (!token && !watch && !pf_room_watch_by_code(r))
        text = pf_proto_error(req, PF_E_NOT_YOUR_SEAT,
                              r->watch_link ? "this room is watched with its watch link only"
                                            : "this room has no spectators");
    if (text || !r) {
        pf_log_event(rs->env.log, "refused", r ? r->code : NULL, r ? r->g->id : NULL,
                     "reason=hello");
        *answer = text;
        cJSON_Delete(req);
        return missed || status == 404;
    }
    pf_room_enter(r, m, seat);
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_proto_begin(&w, req);
    pf_jw_key(&w, "seat");
    pf_jw_int(&w, seat);
    pf_room_answer(r, m, pf_proto_end(&w));
    pf_room_sync(r, m);
    *answer = NULL;
    cJSON_Delete(req);
    return false;
}

/* ---- the lobby and the gauges ----------------------------------------------------------- */

typedef struct lobby {
    pf_rooms *rs;
    pf_jw *w;
} lobby;

/* A lobby item for a stored room not loaded here (another node's, when
 * the store is shared): read without a lease, since nothing is played. */
static void lobby_item(void *arg, const pf_store_room *rec)
{
    lobby *l = arg;
    if (*slot_of(l->rs, rec->code))
        return; /* the rooms in memory are listed from memory */
    pf_error err;
    pf_room *r = rec->started ? NULL : pf_room_restore(&l->rs->env, rec, &err);
    if (r && pf_room_open(r))
        pf_room_write_public(r, l->w, false, NULL);
    pf_room_destroy(r);
}

static void lobby_room(pf_room *r, void *arg)
{
    if (pf_room_open(r))
        pf_room_write_public(r, ((lobby *)arg)->w, false, NULL);
}

char *pf_rooms_lobby(pf_rooms *rs)
{
    pf_jw w;
    pf_jw_init(&w, 0);
    lobby l = {rs, &w};
    pf_jw_lit(&w, "{\"rooms\":[");
    pf_rooms_each(rs, lobby_room, &l);
    pf_error err;
    if (pf_node_name(rs->node) &&
        pf_store_rooms_unfinished(rs->env.store, lobby_item, &l, &err))
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
    pf_jw_lit(&w, "]}");
    return pf_jw_take(&w);
}

static void gauge(pf_room *r, void *arg)
{
    pf_metrics_rooms *g = arg;
    if (!r->started)
        g->waiting++;
    else if (!r->table)
        g->idle++;
    else if (r->finished)
        g->over++;
    else
        g->playing++;
    g->committing += r->told != NULL;
}

void pf_rooms_gauges(pf_rooms *rs, pf_metrics_rooms *g)
{
    *g = (pf_metrics_rooms){.thinking = pf_worker_pending(rs->env.worker)};
    pf_rooms_each(rs, gauge, g);
}

/* ---- the sweep ------------------------------------------------------------------------ */

/* A lease the renewal found held: its room is kept. */
static void still_held(void *arg, const char *code, int64_t epoch)
{
    pf_room *r = *slot_of(arg, code);
    if (r && r->lease.epoch == epoch)
        r->lease_renewed = true;
}

static void unrenewed(pf_room *r, void *arg)
{
    pf_rooms *rs = arg;
    if (r->lease.node && !r->finished && !r->lease_renewed &&
        !pf_node_keep(rs->node, r->code, r->lease.epoch))
        r->lease_lost = true;
    r->lease_renewed = false;
}

/* What the sweep does to one room: dropped from the registry (true) or
 * kept. */
static bool sweep_one(pf_rooms *rs, pf_room *r, int64_t now, bool *freed)
{
    pf_error err;
    if (r->lease_lost) {
        /* Another node took it: its clients are told to reconnect (they
         * reach the new owner), and the room leaves memory once nothing of
         * it is in flight. */
        if (r->due)
            rs->env.wake(rs->env.net, r, -1), r->due = false;
        while (r->members)
            rs->env.close(rs->env.net, r->members, PF_CLOSE_RESTART,
                          "this room moved to another server node: reconnect with your token");
        if (r->told || r->thinking || r->asks) /* the commit or the worker still has it */
            return false;
        pf_room_log(r, "lost", "reason=lease");
        return true;
    }
    bool expired = !r->started && !r->members && now - r->active_ms >= rs->expire_ms;
    if (expired && pf_store_room_drop(rs->env.store, r->code, &err)) {
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
        expired = false;
    }
    bool idle = !expired && pf_room_idle(r, now, rs->idle_ms);
    bool drop = expired || (idle && !r->members), unload = idle && r->members && r->table;
    if (drop || unload) {
        pf_room_log(r, expired ? "expired" : "unloaded", unload ? "kept=true" : NULL);
        if (rs->metrics)
            (expired ? pf_metrics_expired : pf_metrics_unloaded)(rs->metrics);
        *freed = true;
    }
    if (unload)
        pf_room_unload(r);
    return drop;
}

void pf_rooms_sweep(pf_rooms *rs)
{
    if (pf_node_name(rs->node) && pf_node_renew(rs->node, still_held, rs))
        pf_rooms_each(rs, unrenewed, rs);
    int64_t now = rs->env.now_ms(rs->env.net);
    bool quiet = true;
    for (size_t i = 0; i < rs->nbuckets; i++)
        for (pf_room **p = &rs->bucket[i], *r; (r = *p);) {
            quiet &= r->active_ms < rs->swept_ms;
            if (sweep_one(rs, r, now, &rs->unreleased)) {
                *p = r->next;
                rs->n--;
                pf_room_destroy(r);
            } else
                p = &r->next;
        }
    rs->swept_ms = now;
    /* The freed tables go back to the system once no room changed since
     * the last sweep. While rooms play, the allocator reuses what the
     * rooms that ended left (and jemalloc gives back what stays unused
     * over its decay time): given back at every sweep that freed a room,
     * it was all faulted in again page by page, 2.5 page faults an action
     * against 1.1 under `partyfood bench server --rooms 1000` (docs/server.md). */
    if (rs->unreleased && quiet) {
        pf_memory_release();
        rs->unreleased = false;
    }
}
