/* test_engine_limits.c: `partyfood engine`'s reading and writing of lines
 * (engine_run over in-memory streams).
 *
 * A line longer than PF_REQUEST_MAX_BYTES is answered with too_large and
 * dropped as it is read, without holding it in memory; the session goes on
 * with the next line. When an answer cannot be built for want of memory the
 * engine writes the fixed no_memory line. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/commands.h"
#include "partyfood/session.h"
#include "pf_test.h"

/* Runs the engine over the input bytes; returns its output (caller frees). */
static char *run_engine(FILE *in)
{
    char *out = NULL;
    size_t outlen = 0;
    FILE *o = open_memstream(&out, &outlen);
    assert_non_null(o);
    assert_int_equal(engine_run(in, o), 0);
    fclose(o);
    fclose(in);
    return out;
}

static char *run_engine_on(const char *input, size_t len)
{
    FILE *in = fmemopen((void *)input, len, "r");
    assert_non_null(in);
    return run_engine(in);
}

/* The n-th line of text (from 0), in buf. */
static const char *nth_line(const char *text, int n, char *buf, size_t cap)
{
    for (; n > 0 && text; n--)
        if ((text = strchr(text, '\n')))
            text++;
    if (!text || !*text)
        return "";
    size_t len = strcspn(text, "\n");
    snprintf(buf, cap, "%.*s", (int)len, text);
    return buf;
}

static int count_lines(const char *text)
{
    int n = 0;
    for (; (text = strchr(text, '\n')); text++)
        n++;
    return n;
}

/* An input stream of `size` bytes of 'x' then tail, made as it is read. */
typedef struct long_line {
    size_t size;
    const char *tail;
} long_line;

static ssize_t long_line_read(void *cookie, char *buf, size_t n)
{
    long_line *l = cookie;
    size_t k = 0;
    if (l->size) {
        k = n < l->size ? n : l->size;
        memset(buf, 'x', k);
        l->size -= k;
    } else {
        k = strlen(l->tail);
        k = n < k ? n : k;
        memcpy(buf, l->tail, k);
        l->tail += k;
    }
    return (ssize_t)k;
}

#ifndef __SANITIZE_ADDRESS__
/* The process's address space in bytes. */
static size_t address_space(void)
{
    unsigned long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f || fscanf(f, "%lu", &pages) != 1)
        pages = 0;
    if (f)
        fclose(f);
    return pages * (size_t)sysconf(_SC_PAGESIZE);
}
#endif

/* A 32 MB line used to be read whole (and parsed: 9 MB took 489 MB). Here
 * the engine runs in a child whose address space may grow by 16 MB only
 * (not under AddressSanitizer, whose shadow memory needs terabytes). */
static void a_huge_line_is_too_large_and_costs_no_memory(void **state)
{
    (void)state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
#ifndef __SANITIZE_ADDRESS__
        size_t limit = address_space() + (16u << 20);
        struct rlimit rl = {limit, limit};
        if (setrlimit(RLIMIT_AS, &rl) != 0)
            _exit(3);
#endif
        long_line l = {32u << 20, "\n{\"id\":2,\"cmd\":\"games\"}\n"};
        FILE *in = fopencookie(&l, "r", (cookie_io_functions_t){.read = long_line_read});
        char *out = NULL;
        size_t outlen = 0;
        FILE *o = open_memstream(&out, &outlen);
        if (!in || !o)
            _exit(4);
        engine_run(in, o);
        fclose(o);
        char first[200], second[100];
        nth_line(out, 0, first, sizeof first);
        nth_line(out, 1, second, 12);
        bool ok = count_lines(out) == 2 && strstr(first, "\"code\":\"too_large\"") &&
                  strcmp(second, "{\"id\":2,\"ga") == 0;
        if (!ok)
            fprintf(stderr, "engine answered: %.300s\n", out);
        _exit(ok ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

/* A request padded with spaces to len bytes, then end, in buf. */
static size_t padded(char *buf, size_t len, const char *end)
{
    const char *req = "{\"cmd\":\"games\"}";
    memset(buf, ' ', len);
    memcpy(buf, req, strlen(req));
    strcpy(buf + len, end);
    return len + strlen(end);
}

static void lines_at_the_limit(void **state)
{
    (void)state;
    size_t max = PF_REQUEST_MAX_BYTES;
    char *input = malloc(6 * max + 100);
    size_t n = 0;
    n += padded(input + n, max, "\r\n");     /* at the limit, with CR LF: answered */
    n += padded(input + n, max + 1, "\n");   /* one byte too many */
    n += padded(input + n, max + 1, "\r\n"); /* the CR does not count, the rest does */
    n += padded(input + n, 2 * max, "\n");
    n += padded(input + n, max, "");         /* at the limit, last line, no newline */
    char *out = run_engine_on(input, n);
    static char line[1 << 16];
    assert_int_equal(count_lines(out), 5);
    assert_non_null(strstr(nth_line(out, 0, line, sizeof line), "\"ok\":true"));
    for (int i = 1; i <= 3; i++)
        assert_non_null(strstr(nth_line(out, i, line, sizeof line), "\"code\":\"too_large\""));
    assert_non_null(strstr(nth_line(out, 4, line, sizeof line), "\"ok\":true"));
    free(out);
    free(input);
}

/* A NUL byte inside a line is refused, not a silent end of the request. */
static void a_nul_byte_in_a_line_is_refused(void **state)
{
    (void)state;
    static const char input[] = "{\"cmd\":\"games\"}\0{\"cmd\":\"dance\"}\n{\"cmd\":\"result\"}\n";
    char *out = run_engine_on(input, sizeof input - 1);
    char line[200];
    assert_int_equal(count_lines(out), 2);
    assert_non_null(strstr(nth_line(out, 0, line, sizeof line), "\"code\":\"bad_json\""));
    assert_non_null(strstr(nth_line(out, 1, line, sizeof line), "\"code\":\"no_game\""));
    free(out);
}

static void *no_malloc(size_t n)
{
    (void)n;
    errno = ENOMEM;
    return NULL;
}

/* With no memory for any answer the engine wrote fputs(NULL) and crashed. */
static void out_of_memory_answers_the_fixed_line(void **state)
{
    (void)state;
    cJSON *fixed = cJSON_ParseWithOpts(PF_ANSWER_NO_MEMORY, NULL, true);
    assert_non_null(fixed);
    const cJSON *error = cJSON_GetObjectItem(fixed, "error");
    assert_string_equal(cJSON_GetObjectItem(error, "code")->valuestring, "no_memory");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(fixed, "ok")));
    cJSON_Delete(fixed);

    static const char input[] = "{\"cmd\":\"games\"}\n{\"cmd\":\"nope\"}\n";
    cJSON_Hooks hooks = {no_malloc, free};
    cJSON_InitHooks(&hooks);
    char *out = run_engine_on(input, sizeof input - 1);
    cJSON_InitHooks(NULL);
    assert_string_equal(out, PF_ANSWER_NO_MEMORY "\n" PF_ANSWER_NO_MEMORY "\n");
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_huge_line_is_too_large_and_costs_no_memory),
        cmocka_unit_test(lines_at_the_limit),
        cmocka_unit_test(a_nul_byte_in_a_line_is_refused),
        cmocka_unit_test(out_of_memory_answers_the_fixed_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
