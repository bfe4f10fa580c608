/* engine.c: `partyfood engine`, the protocol on stdin and stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "partyfood/session.h"

int engine_run(FILE *in, FILE *out)
{
    pf_session s;
    pf_session_init(&s);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, in)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0)
            continue;
        char *resp = pf_session_handle(&s, line);
        fputs(resp, out);
        fputc('\n', out);
        fflush(out);
        free(resp);
    }
    free(line);
    pf_session_fini(&s);
    return 0;
}

int cmd_engine(int argc, char **argv)
{
    if (argc > 1) {
        printf("usage: partyfood engine\n\nReads one JSON request per line on stdin and "
               "answers one JSON line each on stdout.\nSee docs/protocol.md.\n");
        return strcmp(argv[1], "--help") == 0 ? 0 : 2;
    }
    return engine_run(stdin, stdout);
}
