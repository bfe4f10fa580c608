/* engine.c: `partyfood engine`, the protocol on stdin and stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
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

/* Answers every line of in on out, for a session bound as `bound`. */
static int serve(FILE *in, FILE *out, int bound)
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
    pf_session_bind(&s, bound);
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

int engine_run(FILE *in, FILE *out)
{
    return serve(in, out, PF_SESSION_OWNER);
}

static int usage(FILE *f, int status)
{
    fprintf(f, "usage: partyfood engine [--seat N | --spectator]\n\n"
               "Reads one JSON request per line on stdin and answers one JSON line each on "
               "stdout.\nBy default the engine serves the owner of a local game, who may speak "
               "for every\nseat. --seat N answers only requests for seat N (and keeps a "
               "mid-game save from\nit); --spectator only watches. See docs/protocol.md.\n");
    return status;
}

int cmd_engine(int argc, char **argv)
{
    int bound = PF_SESSION_OWNER;
    for (int i = 1; i < argc; i++) {
        const char *v;
        long long seat;
        if (strcmp(argv[i], "--help") == 0)
            return usage(stdout, 0);
        if (bound != PF_SESSION_OWNER &&
            (strcmp(argv[i], "--seat") == 0 || strcmp(argv[i], "--spectator") == 0)) {
            fprintf(stderr, "partyfood engine: give one of --seat and --spectator, once\n");
            return 2;
        }
        if (strcmp(argv[i], "--spectator") == 0)
            bound = PF_SEAT_SPECTATOR;
        else if (strcmp(argv[i], "--seat") == 0) {
            if (!(v = cli_arg_value("engine", argc, argv, &i)) ||
                !cli_arg_int("engine", "--seat", v, 0, PF_MAX_SEATS - 1, &seat))
                return 2;
            bound = (int)seat;
        } else {
            fprintf(stderr, "partyfood engine: unknown argument '%s'\n", argv[i]);
            return usage(stderr, 2);
        }
    }
    return serve(stdin, stdout, bound);
}
