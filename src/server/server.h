/* server.h: `partyfood serve`, the game server (src/server/): rooms over
 * HTTP, play over WebSockets, storage in SQLite or PostgreSQL.
 * docs/server.md. */
#ifndef PF_SERVER_SERVER_H
#define PF_SERVER_SERVER_H

#include "server/limits.h"
#include "server/store.h"

typedef struct pf_server_options {
    const char *host; /* the address to listen on, 127.0.0.1 by default */
    int port;         /* 0: any free port (the log line says which) */
    const char *db;   /* the SQLite file or PostgreSQL URL */
    const char *node; /* this node's address for the others (NULL: http://HOST:PORT) */
    int lease_ms;     /* how long a room's lease lasts unrenewed (shared store) */
    int idle_seconds;   /* a game without a change for this long lets its table go */
    int expire_seconds; /* a room never started, nobody in it for this long, is dropped */
    int hello_seconds;  /* a request not whole, or a WebSocket without its hello, for this
                         * long is closed */
    int hint_threads;   /* threads answering hints (the bots have one of their own) */
    const char *cert, *key; /* TLS: the certificate and its key (PEM files); NULL: none */
    pf_limits limits;
    pf_store_waits db_waits; /* a shared database's lock, statement and idle timeouts */
    /* More hosts the server answers to (Host, Origin; gate.h): names
     * ("*": any), and the networks that may read /metrics. */
    const char *const *allow_hosts;
    int nallow_hosts;
    const char *const *metrics_allow;
    int nmetrics_allow;
    const char *web;  /* the browser client's folder (web/), served at / */
} pf_server_options;

/* Runs the server until SIGINT or SIGTERM; the exit status. */
int pf_server_run(const pf_server_options *o);

#endif
