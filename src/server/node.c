/* node.c: this server among several on one database (node.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/json_print.h"
#include "partyfood/error.h"

#include "server/node.h"

static struct {
    pf_store *store;
    char name[PF_NODE_NAME_MAX + 1];
    int lease_ms;
} node;

void pf_node_setup(pf_store *s, const char *name, int lease_ms)
{
    node.store = s;
    snprintf(node.name, sizeof node.name, "%s", name);
    node.lease_ms = lease_ms;
}

const char *pf_node_name(void)
{
    return node.store && pf_store_shared(node.store) ? node.name : NULL;
}

pf_err pf_node_claim(const char *code, pf_store_owner *lease, char *owner, pf_error *err)
{
    lease->node = NULL;
    if (!pf_node_name())
        return PF_E_OK;
    int64_t epoch;
    pf_err e = pf_store_lease_take(node.store, code, node.name, node.lease_ms, &epoch, owner, err);
    if (!e)
        *lease = (pf_store_owner){node.name, epoch};
    return e;
}

char *pf_node_elsewhere(const cJSON *req, const char *code, const char *owner)
{
    char msg[160];
    snprintf(msg, sizeof msg, "room %s is played by the server node at %s: ask there", code,
             owner);
    cJSON *out = cJSON_CreateObject(), *e = cJSON_AddObjectToObject(out, "error");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
    if (id)
        cJSON_AddItemToObject(out, "id", cJSON_Duplicate(id, true));
    cJSON_AddFalseToObject(out, "ok");
    cJSON_AddStringToObject(e, "code", pf_err_code(PF_E_ELSEWHERE));
    cJSON_AddStringToObject(e, "message", msg);
    cJSON_AddStringToObject(out, "node", owner);
    char *text = pf_json_print(out);
    cJSON_Delete(out);
    return text;
}

/* The rooms holding a lease, sorted by code, for the renewal's answers:
 * one binary search per lease held instead of a walk of every room. */
typedef struct held {
    pf_room **room;
    size_t n;
} held;

static int by_code(const void *x, const void *y)
{
    return strcmp((*(pf_room *const *)x)->code, (*(pf_room *const *)y)->code);
}

static int code_vs_room(const void *code, const void *room)
{
    return strcmp(code, (*(pf_room *const *)room)->code);
}

/* A lease the renewal found held: its room (of the held arg) is kept. */
static void still_held(void *arg, const char *code, int64_t epoch)
{
    const held *h = arg;
    pf_room **found = h->n ? bsearch(code, h->room, h->n, sizeof *h->room, code_vs_room) : NULL;
    if (found && (*found)->lease.epoch == epoch)
        (*found)->lease_renewed = true;
}

void pf_node_renew(pf_room *rooms)
{
    if (!pf_node_name())
        return;
    size_t n = 0;
    for (pf_room *r = rooms; r; r = r->next) {
        r->lease_renewed = false;
        n += r->lease.node != NULL;
    }
    held h = {malloc((n ? n : 1) * sizeof *h.room), 0};
    for (pf_room *r = rooms; h.room && r; r = r->next)
        if (r->lease.node)
            h.room[h.n++] = r;
    if (h.room)
        qsort(h.room, h.n, sizeof *h.room, by_code);
    pf_error err;
    pf_err e = pf_store_leases_renew(node.store, node.name, node.lease_ms, still_held, &h, &err);
    bool known = h.room != NULL;
    free(h.room);
    if (e) {
        /* The database is out of reach: the rooms are kept; their commits
         * fail until it is back, and if another node took them meanwhile,
         * the epoch check refuses this one's writes. */
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
        return;
    }
    if (!known) /* out of memory: renewed, but which were lost is not known */
        return;
    for (pf_room *r = rooms; r; r = r->next)
        if (r->lease.node && !r->finished && !r->lease_renewed)
            r->lease_lost = true;
}

void pf_node_let_go(const char *code)
{
    int64_t epoch;
    char owner[PF_NODE_NAME_MAX + 1];
    pf_error err;
    /* Taken again for 0 ms: held by this node, it ends now. */
    if (pf_node_name() &&
        pf_store_lease_take(node.store, code, node.name, 0, &epoch, owner, &err) &&
        err.code != PF_E_ELSEWHERE)
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
}

static void released(void *arg, const char *code, int64_t epoch)
{
    (void)arg, (void)code, (void)epoch;
}

void pf_node_release(void)
{
    pf_error err;
    if (pf_node_name() &&
        pf_store_leases_renew(node.store, node.name, 0, released, NULL, &err))
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
}
