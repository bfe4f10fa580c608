/* store.c: the store's calls (store.h), forwarded to the back end the
 * address names. */
#include <stdio.h>
#include <string.h>

#include "server/store_backend.h"

static bool is_url(const char *where, const char *scheme)
{
    return strncmp(where, scheme, strlen(scheme)) == 0;
}

pf_store *pf_store_open_waits(const char *where, const pf_store_waits *waits, pf_error *err)
{
    static const pf_store_waits defaults = {PF_STORE_LOCK_MS, PF_STORE_STATEMENT_MS,
                                            PF_STORE_IDLE_MS};
    if (is_url(where, "postgresql://") || is_url(where, "postgres://"))
        return pf_store_pg_open(where, waits ? waits : &defaults, err);
    return pf_store_sqlite_open(where, err);
}

pf_store *pf_store_open(const char *where, pf_error *err)
{
    return pf_store_open_waits(where, NULL, err);
}

pf_store *pf_store_twin(pf_store *s, const char *where, const pf_store_waits *waits,
                        pf_error *err)
{
    return s->ops->twin ? s->ops->twin(s, err) : pf_store_open_waits(where, waits, err);
}

/* The connection's lock, around a call, when twins share it. */
static void hold(pf_store *s)
{
    if (s->lock)
        pthread_mutex_lock(s->lock);
}

static void release(pf_store *s)
{
    if (s->lock)
        pthread_mutex_unlock(s->lock);
}

void pf_store_where_shown(const char *where, char *out, size_t n)
{
    /* Copied piece by piece from where, each password left out. */
    size_t len = 0;
    const char *p = where, *user = strstr(where, "://");
    const char *at = user ? strchr(user, '@') : NULL;
    const char *colon = user ? strchr(user + 3, ':') : NULL;
    if (colon && at && colon < at) {
        len += (size_t)snprintf(out, n, "%.*s:***", (int)(colon - p), p);
        p = at;
    }
    const char *pw = strstr(p, "password=");
    if (pw && len < n) {
        len += (size_t)snprintf(out + len, n - len, "%.*s=***", (int)(pw + 8 - p), p);
        p = pw + 9 + strcspn(pw + 9, "&");
    }
    if (len < n)
        snprintf(out + len, n - len, "%s", p);
}

void pf_store_close(pf_store *s)
{
    if (s)
        s->ops->close(s);
}

pf_err pf_store_room_put(pf_store *s, const pf_store_room *r, pf_error *err)
{
    hold(s);
    pf_err e = s->ops->room_put(s, r, err);
    release(s);
    return e;
}

pf_err pf_store_commit(pf_store *s, const pf_store_change *changes, int n, int *lost,
                       pf_error *err)
{
    int ignored;
    hold(s);
    pf_err e = s->ops->commit(s, changes, n, lost ? lost : &ignored, err);
    release(s);
    return e;
}

pf_err pf_store_rooms_unfinished(pf_store *s, pf_store_room_fn *each, void *arg,
                                 pf_error *err)
{
    hold(s);
    pf_err e = s->ops->rooms(s, PF_ROOMS_UNFINISHED, NULL, each, arg, err);
    release(s);
    return e;
}

pf_err pf_store_room_get(pf_store *s, const char *code, pf_store_room_fn *each, void *arg,
                         pf_error *err)
{
    hold(s);
    pf_err e = s->ops->rooms(s, PF_ROOMS_CODE, code, each, arg, err);
    release(s);
    return e;
}

pf_err pf_store_room_drop(pf_store *s, const char *code, pf_error *err)
{
    hold(s);
    pf_err e = s->ops->room_drop(s, code, err);
    release(s);
    return e;
}

pf_err pf_store_steps_of(pf_store *s, const char *room, pf_store_step_fn *each, void *arg,
                         pf_error *err)
{
    hold(s);
    pf_err e = s->ops->steps_of(s, room, each, arg, err);
    release(s);
    return e;
}

pf_err pf_store_chat_put(pf_store *s, const char *room, const pf_store_chat *m, pf_error *err)
{
    hold(s);
    pf_err e = s->ops->chat_put(s, room, m, err);
    release(s);
    return e;
}

pf_err pf_store_chat_of(pf_store *s, const char *room, int last, pf_store_chat_fn *each,
                        void *arg, pf_error *err)
{
    hold(s);
    pf_err e = s->ops->chat_of(s, room, last, each, arg, err);
    release(s);
    return e;
}

pf_err pf_store_lease_take(pf_store *s, const char *room, const char *node, int ttl_ms,
                           int64_t *epoch, char *owner, pf_error *err)
{
    hold(s);
    pf_err e = s->ops->lease_take(s, room, node, ttl_ms, epoch, owner, err);
    release(s);
    return e;
}

pf_err pf_store_leases_renew(pf_store *s, const char *node, int ttl_ms, pf_store_lease_fn *each,
                             void *arg, pf_error *err)
{
    hold(s);
    pf_err e = s->ops->leases_renew(s, node, ttl_ms, each, arg, err);
    release(s);
    return e;
}

bool pf_store_shared(const pf_store *s)
{
    return s->ops->shared;
}
