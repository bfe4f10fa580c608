/* serve.c: `partyfood serve`, the game server (src/server/, docs/server.md). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "partyfood/web_dir.h"
#include "server/node.h"
#include "server/server.h"
#include "server/think.h"

static int usage(FILE *f, int status)
{
    fprintf(f,
            "usage: partyfood serve [--listen HOST:PORT] [--db FILE|URL] [--web DIR]\n"
            "                       [--cert FILE --key FILE]\n"
            "                       [--idle-seconds N] [--expire-seconds N] [--hello-timeout S]\n"
            "                       [--hint-threads N]\n"
            "                       [--node URL] [--db-lock-timeout MS]\n"
            "                       [--db-statement-timeout MS] [--db-idle-timeout MS]\n"
            "                       [--lease-ms N] [--max-requests N] [--max-rooms N]\n"
            "                       [--max-connections N] [--max-misses N] [--behind-proxy]\n"
            "                       [--allow-host HOST]... [--metrics-allow NET]...\n\n"
            "Serves rooms over HTTP and WebSockets (docs/server.md) and the browser\n"
            "client at / (docs/web.md). --listen is 127.0.0.1:8080 by default (port 0:\n"
            "any free port, named in the first line printed). --web is the client's\n"
            "folder, by default where `cmake --install` put it beside the program, else\n"
            "the source tree's web/. --db is an SQLite file, created when missing, or a\n"
            "postgresql:// URL; without it, $PARTYFOOD_DB, else partyfood.db.\n"
            "--cert and --key (PEM files) serve over TLS (https, wss).\n"
            "A game with no change for --idle-seconds (60) lets its table go until\n"
            "someone needs it; a room that never started and had nobody in it for\n"
            "--expire-seconds (3600) is dropped. A connection that does not finish its\n"
            "request, or a WebSocket that says no hello, within --hello-timeout (10) seconds\n"
            "is closed.\n"
            "Bots think on a thread of their own, hints on --hint-threads (1) of theirs,\n"
            "each room's hints in turn with the others', %d at most waiting per room.\n"
            "Several nodes on one PostgreSQL: each room is played by one node at a time;\n"
            "--node is this node's address as clients and other nodes reach it\n"
            "(http://HOST:PORT by default), --lease-ms how long its hold on a room\n"
            "lasts unrenewed, so how soon another node takes over when it dies (5000).\n"
            "On PostgreSQL a wait for a row another node holds ends after\n"
            "--db-lock-timeout ms (%d), a statement after --db-statement-timeout (%d),\n"
            "and a session idle inside a transaction (a node frozen or cut off\n"
            "mid-commit) is ended by the database after --db-idle-timeout (%d; 0: never).\n"
            "Limits (0: none): --max-requests per second per connection (%d),\n"
            "--max-rooms created per minute per address (%d), --max-connections open\n"
            "per address, HTTP and WebSockets (%d; an IPv6 address counts by its /64),\n"
            "--max-misses: room codes that match no room looked up per minute per address\n"
            "(%d; past them every lookup is refused a while, 429 with Retry-After).\n"
            "--behind-proxy: the address is the last item of X-Forwarded-For (a reverse\n"
            "proxy's view of its client).\n"
            "Requests must name the server (Host, and a browser's Origin): the address\n"
            "listened on, localhost, this machine's addresses when listening on 0.0.0.0,\n"
            "--node's host, and each --allow-host (the name people type, behind a proxy\n"
            "too; * for any). /metrics answers this machine and each --metrics-allow\n"
            "network (10.0.0.0/8) only.\n",
            PF_HINTS_WAITING, PF_STORE_LOCK_MS, PF_STORE_STATEMENT_MS, PF_STORE_IDLE_MS, PF_LIMIT_REQUESTS_PER_S,
            PF_LIMIT_ROOMS_PER_MIN, PF_LIMIT_CONNS_PER_ADDR, PF_LIMIT_MISSES_PER_MIN);
    return status;
}

/* "HOST:PORT" (an IPv6 address in brackets: "[::1]:8080") into host (n
 * bytes) and *port. */
static bool read_listen(const char *v, char *host, size_t n, int *port)
{
    const char *colon = strrchr(v, ':');
    long long p;
    bool bracket = v[0] == '[' && colon && colon > v && colon[-1] == ']';
    const char *from = v + bracket;
    size_t len = colon ? (size_t)(colon - from) - bracket : 0;
    if (!colon || len == 0 || len >= n) {
        fprintf(stderr, "partyfood serve: --listen wants HOST:PORT, not '%s'\n", v);
        return false;
    }
    if (!cli_arg_int("serve", "--listen's port", colon + 1, 0, 65535, &p))
        return false;
    memcpy(host, from, len);
    host[len] = '\0';
    if (strcmp(host, "localhost") == 0) /* this machine's first loopback address */
        snprintf(host, n, "127.0.0.1");
    *port = (int)p;
    return true;
}

/* A limit's number: 0 (none) to 1,000,000. */
static bool read_limit(int argc, char **argv, int *i, const char *what, int *out)
{
    const char *v = cli_arg_value("serve", argc, argv, i);
    long long n;
    if (!v || !cli_arg_int("serve", what, v, 0, 1000000, &n))
        return false;
    *out = (int)n;
    return true;
}

/* --cert and --key come together and must be readable. */
static bool tls_files_ok(const pf_server_options *o)
{
    if (!o->cert != !o->key) {
        fprintf(stderr, "partyfood serve: TLS needs both --cert and --key\n");
        return false;
    }
    const char *files[] = {o->cert, o->key};
    for (int i = 0; o->cert && i < 2; i++)
        if (access(files[i], R_OK) != 0) {
            fprintf(stderr, "partyfood serve: cannot read %s\n", files[i]);
            return false;
        }
    return true;
}

int cmd_serve(int argc, char **argv)
{
    char host[64] = "127.0.0.1", web[PATH_MAX];
    const char *db = getenv("PARTYFOOD_DB");
    pf_server_options o = {.host = host, .port = 8080, .db = db && *db ? db : "partyfood.db",
                           .idle_seconds = 60, .expire_seconds = 3600, .hello_seconds = 10,
                           .hint_threads = 1,
                           .lease_ms = 5000,
                           .db_waits = {PF_STORE_LOCK_MS, PF_STORE_STATEMENT_MS,
                                        PF_STORE_IDLE_MS},
                           .web = pf_web_dir(web, sizeof web)};
    long long n;
    const char **allow_hosts = NULL, **metrics_allow = NULL;
    pf_limits_defaults(&o.limits);
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (strcmp(argv[i], "--help") == 0)
            return usage(stdout, 0);
        if (strcmp(argv[i], "--listen") == 0) {
            if (!(v = cli_arg_value("serve", argc, argv, &i)) ||
                !read_listen(v, host, sizeof host, &o.port))
                return 2;
        } else if (strcmp(argv[i], "--db") == 0) {
            if (!(o.db = cli_arg_value("serve", argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--hint-threads") == 0) {
            if (!(v = cli_arg_value("serve", argc, argv, &i)) ||
                !cli_arg_int("serve", "--hint-threads", v, 1, PF_HINT_THREADS_MAX, &n))
                return 2;
            o.hint_threads = (int)n;
        } else if (strcmp(argv[i], "--hello-timeout") == 0) {
            if (!(v = cli_arg_value("serve", argc, argv, &i)) ||
                !cli_arg_int("serve", "--hello-timeout", v, 1, 3600, &n))
                return 2;
            o.hello_seconds = (int)n;
        } else if (strcmp(argv[i], "--idle-seconds") == 0 ||
                   strcmp(argv[i], "--expire-seconds") == 0) {
            bool idle = argv[i][2] == 'i';
            if (!(v = cli_arg_value("serve", argc, argv, &i)) ||
                !cli_arg_int("serve", idle ? "--idle-seconds" : "--expire-seconds", v, 1,
                             7 * 24 * 3600, &n))
                return 2;
            *(idle ? &o.idle_seconds : &o.expire_seconds) = (int)n;
        } else if (strcmp(argv[i], "--node") == 0) {
            if (!(o.node = cli_arg_value("serve", argc, argv, &i)))
                return 2;
            if (strncmp(o.node, "http://", 7) != 0 && strncmp(o.node, "https://", 8) != 0) {
                fprintf(stderr, "partyfood serve: --node wants the node's address, "
                                "http://HOST:PORT or https://..., not '%s'\n", o.node);
                return 2;
            }
            if (strlen(o.node) > PF_NODE_NAME_MAX) {
                fprintf(stderr, "partyfood serve: --node is at most %d characters\n",
                        PF_NODE_NAME_MAX);
                return 2;
            }
        } else if (strcmp(argv[i], "--lease-ms") == 0) {
            if (!(v = cli_arg_value("serve", argc, argv, &i)) ||
                !cli_arg_int("serve", "--lease-ms", v, PF_LEASE_MS_MIN, 600000, &n))
                return 2;
            o.lease_ms = (int)n;
        } else if (strcmp(argv[i], "--db-lock-timeout") == 0 ||
                   strcmp(argv[i], "--db-statement-timeout") == 0 ||
                   strcmp(argv[i], "--db-idle-timeout") == 0) {
            const char *name = argv[i];
            int *to = name[5] == 'l'   ? &o.db_waits.lock_ms
                      : name[5] == 's' ? &o.db_waits.statement_ms
                                       : &o.db_waits.idle_ms;
            if (!(v = cli_arg_value("serve", argc, argv, &i)) ||
                !cli_arg_int("serve", name, v, 0, 3600000, &n))
                return 2;
            *to = (int)n;
        } else if (strcmp(argv[i], "--cert") == 0) {
            if (!(o.cert = cli_arg_value("serve", argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--key") == 0) {
            if (!(o.key = cli_arg_value("serve", argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--max-requests") == 0) {
            if (!read_limit(argc, argv, &i, "--max-requests", &o.limits.requests_per_s))
                return 2;
        } else if (strcmp(argv[i], "--max-rooms") == 0) {
            if (!read_limit(argc, argv, &i, "--max-rooms", &o.limits.rooms_per_min))
                return 2;
        } else if (strcmp(argv[i], "--max-connections") == 0) {
            if (!read_limit(argc, argv, &i, "--max-connections", &o.limits.conns_per_addr))
                return 2;
        } else if (strcmp(argv[i], "--max-misses") == 0) {
            if (!read_limit(argc, argv, &i, "--max-misses", &o.limits.misses_per_min))
                return 2;
        } else if (strcmp(argv[i], "--allow-host") == 0 ||
                   strcmp(argv[i], "--metrics-allow") == 0) {
            bool hosts = argv[i][2] == 'a';
            const char ***list = hosts ? &allow_hosts : &metrics_allow;
            int *count = hosts ? &o.nallow_hosts : &o.nmetrics_allow;
            if (!(v = cli_arg_value("serve", argc, argv, &i)))
                return 2;
            const char **more = realloc(*list, (size_t)(*count + 1) * sizeof *more);
            if (!more) {
                fprintf(stderr, "partyfood serve: out of memory\n");
                return 1;
            }
            more[(*count)++] = v;
            *list = more;
            o.allow_hosts = allow_hosts;
            o.metrics_allow = metrics_allow;
        } else if (strcmp(argv[i], "--behind-proxy") == 0) {
            o.limits.behind_proxy = true;
        } else if (strcmp(argv[i], "--web") == 0) {
            if (!(o.web = cli_arg_value("serve", argc, argv, &i)))
                return 2;
            if (snprintf(web, sizeof web, "%s/index.html", o.web) >= (int)sizeof web ||
                access(web, R_OK) != 0) {
                fprintf(stderr,
                        "partyfood serve: --web %s: no index.html there (--web names the "
                        "browser client's folder: web/ in the source tree)\n",
                        o.web);
                return 1;
            }
        } else {
            fprintf(stderr, "partyfood serve: unknown argument '%s'\n", argv[i]);
            return usage(stderr, 2);
        }
    }
    if (!tls_files_ok(&o))
        return 2;
    int rc = pf_server_run(&o);
    free(allow_hosts);
    free(metrics_allow);
    return rc;
}
