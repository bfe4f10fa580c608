/* server.h: `partyfood serve`, the game server (src/server/): rooms over
 * HTTP, play over WebSockets, storage in SQLite. docs/server.md. */
#ifndef PF_SERVER_SERVER_H
#define PF_SERVER_SERVER_H

typedef struct pf_server_options {
    const char *host; /* the address to listen on, 127.0.0.1 by default */
    int port;         /* 0: any free port (the log line says which) */
    const char *db;   /* the SQLite file */
    const char *web;  /* the browser client's folder (web/), served at / */
} pf_server_options;

/* Runs the server until SIGINT or SIGTERM; the exit status. */
int pf_server_run(const pf_server_options *o);

#endif
