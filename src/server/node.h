/* node.h: this server as one node among several sharing a database
 * (src/server/, a helper; docs/server.md "Several nodes").
 *
 * With a shared store (PostgreSQL) each room is played by the one node
 * holding its lease (store.h). A node claims a room when a client asks it
 * for one nobody holds (a node that makes a room stores it and lets it go,
 * so that the node a proxy picks for its code plays it), renews the leases
 * of the rooms it holds on every sweep, and lets go of a room whose lease
 * another node took. A node never takes rooms over by itself: a client that
 * reconnects after its node died brings the room to the node it reaches,
 * once the dead node's lease ran out. With SQLite (one machine) none of
 * this runs: the calls do nothing. */
#ifndef PF_SERVER_NODE_H
#define PF_SERVER_NODE_H

#include <cjson/cJSON.h>

#include "server/store.h"

/* The shortest lease: the sweep renews every second, so a lease must
 * outlive a few sweeps. */
#define PF_LEASE_MS_MIN 2000

typedef struct pf_node pf_node;

/* This node on store s: its name (its address as clients reach it, which
 * other nodes send them to) and how long its leases last. NULL when memory
 * ran out. */
pf_node *pf_node_new(pf_store *s, const char *name, int lease_ms);
void pf_node_free(pf_node *n);
/* The node's name; NULL when the store is not shared. */
const char *pf_node_name(const pf_node *n);

/* Claims room code for this node into *lease (a shared store only; with
 * another it does nothing and leaves lease->node NULL). PF_E_ELSEWHERE when
 * another node holds it: its name in owner (PF_NODE_NAME_MAX + 1 bytes). */
pf_err pf_node_claim(pf_node *n, const char *code, pf_store_owner *lease, char *owner,
                     pf_error *err);

/* The answer to req (its id echoed; req may be NULL) for room code that
 * node owner plays: the error elsewhere, and "node": where to ask. A new
 * text; NULL when memory ran out. */
char *pf_node_elsewhere(const cJSON *req, const char *code, const char *owner);

/* Renews the leases of this node's rooms; calls held for each room whose
 * lease it still holds, with its epoch. False when the database could not
 * say (the rooms are then kept: their commits fail until it is back). */
bool pf_node_renew(pf_node *n, pf_store_lease_fn *held, void *arg);

/* After a renewal that missed room code's lease (this node was slower than
 * its lease, e.g. on a loaded machine): takes it again, true when nobody
 * else took it meanwhile (its epoch is still epoch), so the room is kept.
 * A lease found taken since is not held on to. */
bool pf_node_keep(pf_node *n, const char *code, int64_t epoch);

/* Ends this node's lease on room code now (a room it made but does not
 * play: another node may take it at once). */
void pf_node_let_go(pf_node *n, const char *code);

/* A clean stop: this node's leases end now, so another node can take its
 * rooms at once instead of after the lease. */
void pf_node_release(pf_node *n);

#endif
