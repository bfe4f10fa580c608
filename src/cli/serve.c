/* serve.c: `partyfood serve`, the game server (src/server/, docs/server.md). */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "server/server.h"

static int usage(FILE *f, int status)
{
    fprintf(f, "usage: partyfood serve [--listen HOST:PORT] [--db FILE] [--web DIR]\n\n"
               "Serves rooms over HTTP and WebSockets (docs/server.md) and the browser\n"
               "client at / (docs/web.md). --listen is 127.0.0.1:8080 by default (port 0:\n"
               "any free port, named in the first line printed); --db is partyfood.db by\n"
               "default (SQLite, created when missing); --web is the client's folder, by\n"
               "default where `cmake --install` put it beside the program, else the\n"
               "source tree's web/.\n");
    return status;
}

/* "HOST:PORT" into host (n bytes) and *port. */
static bool read_listen(const char *v, char *host, size_t n, int *port)
{
    const char *colon = strrchr(v, ':');
    long long p;
    if (!colon || colon == v || (size_t)(colon - v) >= n) {
        fprintf(stderr, "partyfood serve: --listen wants HOST:PORT, not '%s'\n", v);
        return false;
    }
    if (!cli_arg_int("serve", "--listen's port", colon + 1, 0, 65535, &p))
        return false;
    memcpy(host, v, (size_t)(colon - v));
    host[colon - v] = '\0';
    *port = (int)p;
    return true;
}

/* The browser client's folder: installed beside the program
 * (PF_WEB_INSTALL_REL from its directory), else the source tree's. */
static const char *find_web(char *buf, size_t n)
{
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = '\0';
        if (snprintf(buf, n, "%s/%s/index.html", exe, PF_WEB_INSTALL_REL) < (int)n &&
            access(buf, R_OK) == 0) {
            *strrchr(buf, '/') = '\0';
            return buf;
        }
    }
    if (snprintf(buf, n, "%s/index.html", PF_WEB_SOURCE_DIR) < (int)n && access(buf, R_OK) == 0)
        return PF_WEB_SOURCE_DIR;
    return NULL;
}

int cmd_serve(int argc, char **argv)
{
    char host[64] = "127.0.0.1", web[PATH_MAX];
    pf_server_options o = {.host = host, .port = 8080, .db = "partyfood.db",
                           .web = find_web(web, sizeof web)};
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
        } else if (strcmp(argv[i], "--web") == 0) {
            if (!(o.web = cli_arg_value("serve", argc, argv, &i)))
                return 2;
            if (snprintf(web, sizeof web, "%s/index.html", o.web) >= (int)sizeof web ||
                access(web, R_OK) != 0) {
                fprintf(stderr, "partyfood serve: --web %s: no index.html there\n", o.web);
                return 2;
            }
        } else {
            fprintf(stderr, "partyfood serve: unknown argument '%s'\n", argv[i]);
            return usage(stderr, 2);
        }
    }
    return pf_server_run(&o);
}
