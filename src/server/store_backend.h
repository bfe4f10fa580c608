/* store_backend.h: what a storage back end implements (src/server/,
 * internal to store*.c). store.c picks the back end from the address and
 * forwards each call of store.h to it. */
#ifndef PF_SERVER_STORE_BACKEND_H
#define PF_SERVER_STORE_BACKEND_H

#include <pthread.h>

#include "server/store.h"

/* Which rooms a listing reads. */
typedef enum pf_store_rooms {
    PF_ROOMS_UNFINISHED,
    PF_ROOMS_CODE,     /* the one with the given code, finished or not */
} pf_store_rooms;

typedef struct pf_store_ops {
    void (*close)(pf_store *s);
    pf_err (*room_put)(pf_store *s, const pf_store_room *r, pf_error *err);
    pf_err (*commit)(pf_store *s, const pf_store_change *changes, int n, int *lost,
                     pf_error *err);
    pf_err (*rooms)(pf_store *s, pf_store_rooms which, const char *code,
                    pf_store_room_fn *each, void *arg, pf_error *err);
    pf_err (*room_drop)(pf_store *s, const char *code, pf_error *err);
    pf_err (*steps_of)(pf_store *s, const char *room, pf_store_step_fn *each, void *arg,
                       pf_error *err);
    pf_err (*chat_put)(pf_store *s, const char *room, const pf_store_chat *m, pf_error *err);
    pf_err (*chat_of)(pf_store *s, const char *room, int last, pf_store_chat_fn *each, void *arg,
                      pf_error *err);
    pf_err (*lease_take)(pf_store *s, const char *room, const char *node, int ttl_ms,
                         int64_t *epoch, char *owner, pf_error *err);
    pf_err (*leases_renew)(pf_store *s, const char *node, int ttl_ms, pf_store_lease_fn *each,
                           void *arg, pf_error *err);
    /* A second handle on s's connection, for another thread (store.h,
     * pf_store_twin); NULL: the back end opens a connection of its own. */
    pf_store *(*twin)(pf_store *s, pf_error *err);
    bool shared;
} pf_store_ops;

/* Every back end's handle starts with this. */
struct pf_store {
    const pf_store_ops *ops;
    /* Held by store.c around each call but close, when not NULL: the lock
     * of a connection twins share. */
    pthread_mutex_t *lock;
};

/* The schema version this build writes; a database with a newer one is
 * refused (an older build must not write rooms it does not understand). */
#define PF_STORE_SCHEMA 5

pf_store *pf_store_sqlite_open(const char *path, pf_error *err);
pf_store *pf_store_pg_open(const char *url, const pf_store_waits *waits, pf_error *err);

#endif
