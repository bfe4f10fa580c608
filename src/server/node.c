/* node.c: this server among several on one database (node.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/json_write.h"
#include "partyfood/proto.h"
#include "server/node.h"

struct pf_node {
    pf_store *store;
    char name[PF_NODE_NAME_MAX + 1];
    int lease_ms;
};

pf_node *pf_node_new(pf_store *s, const char *name, int lease_ms)
{
    pf_node *n = calloc(1, sizeof *n);
    if (n) {
        n->store = s;
        snprintf(n->name, sizeof n->name, "%s", name);
        n->lease_ms = lease_ms;
    }
    return n;
}

void pf_node_free(pf_node *n)
{
    free(n);
}

const char *pf_node_name(const pf_node *n)
{
    return n && pf_store_shared(n->store) ? n->name : NULL;
}

pf_err pf_node_claim(pf_node *n, const char *code, pf_store_owner *lease, char *owner,
                     pf_error *err)
{
    lease->node = NULL;
    if (!pf_node_name(n))
        return PF_E_OK;
    int64_t epoch;
    pf_err e = pf_store_lease_take(n->store, code, n->name, n->lease_ms, &epoch, owner, err);
    if (!e)
        *lease = (pf_store_owner){n->name, epoch};
    return e;
}

char *pf_node_elsewhere(const cJSON *req, const char *code, const char *owner)
{
    pf_error err;
    pf_error_set(&err, PF_E_ELSEWHERE, "room %s is played by the server node at %s: ask there",
                 code, owner);
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_proto_begin(&w, req);
    pf_proto_write_error(&w, &err);
    pf_jw_key(&w, "node");
    pf_jw_str(&w, owner);
    pf_jw_raw(&w, "}", 1);
    return pf_jw_take(&w);
}

bool pf_node_renew(pf_node *n, pf_store_lease_fn *held, void *arg)
{
    pf_error err;
    if (!pf_node_name(n))
        return true;
    if (pf_store_leases_renew(n->store, n->name, n->lease_ms, held, arg, &err)) {
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
        return false;
    }
    return true;
}

bool pf_node_keep(pf_node *n, const char *code, int64_t epoch)
{
    pf_store_owner lease = {0};
    char owner[PF_NODE_NAME_MAX + 1];
    pf_error err;
    if (pf_node_claim(n, code, &lease, owner, &err)) {
        if (err.code != PF_E_ELSEWHERE)
            fprintf(stderr, "partyfood serve: %s\n", err.msg);
        return false;
    }
    if (lease.epoch == epoch)
        return true;
    pf_node_let_go(n, code);
    return false;
}

void pf_node_let_go(pf_node *n, const char *code)
{
    int64_t epoch;
    char owner[PF_NODE_NAME_MAX + 1];
    pf_error err;
    /* Taken again for 0 ms: held by this node, it ends now. */
    if (pf_node_name(n) &&
        pf_store_lease_take(n->store, code, n->name, 0, &epoch, owner, &err) &&
        err.code != PF_E_ELSEWHERE)
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
}

static void released(void *arg, const char *code, int64_t epoch)
{
    (void)arg, (void)code, (void)epoch;
}

void pf_node_release(pf_node *n)
{
    pf_error err;
    if (pf_node_name(n) &&
        pf_store_leases_renew(n->store, n->name, 0, released, NULL, &err))
        fprintf(stderr, "partyfood serve: %s\n", err.msg);
}
