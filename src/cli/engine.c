/* engine.c: `partyfood engine`, the protocol on stdin and stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "partyfood/session.h"

/* Reads one line (without its '\n') into buf, NUL-terminated, and returns
 * the number of bytes kept, or -1 at the end of input. A line longer than
 * cap - 1 bytes keeps only its first cap - 1 and the rest is read and
 * dropped: a huge line costs no memory, and what is kept is still too
 * long for the session, which refuses it. */
static long read_line(FILE *in, char *buf, size_t cap)
{
    size_t len = 0;
    int c;
    while ((c = getc_unlocked(in)) != EOF && c != '\n')
        if (len < cap - 1)
            buf[len++] = (char)c;
    if (c == EOF && len == 0)
        return -1;
    buf[len] = '\0';
    return (long)len;
}

int engine_run(FILE *in, FILE *out)
{
    /* The longest request, a '\r' before its '\n', one more byte to tell
     * a longer line, and the NUL. */
    size_t cap = PF_REQUEST_MAX_BYTES + 3;
    char *line = malloc(cap);
    if (!line) {
        fputs(PF_ANSWER_NO_MEMORY "\n", out);
        return 1;
    }
    pf_session s;
    pf_session_init(&s);
    long len;
    while ((len = read_line(in, line, cap)) >= 0) {
        if (len > 0 && line[len - 1] == '\r')
            line[--len] = '\0';
        if (len == 0)
            continue;
        char *resp = pf_session_handle(&s, line, (size_t)len);
        fputs(resp ? resp : PF_ANSWER_NO_MEMORY, out);
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
