/* test_out_of_memory.c: the commands say "out of memory" when a buffer of
 * theirs cannot be had, instead of writing through NULL.
 *
 * The program's malloc is replaced by one that refuses the k-th request of
 * a chosen size (the 8 KiB text buffers, a game's state) and otherwise asks
 * glibc's own allocator. Without AddressSanitizer only, which has its own
 * malloc. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "partyfood/file.h"
#include "pf_test.h"

#ifndef __SANITIZE_ADDRESS__

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);
void __libc_free(void *p);

static size_t refused_size; /* 0: refuse nothing */
static int refused_nth;     /* refuse the refused_nth request of that size */
static bool refused;        /* it happened */

static bool refuse(size_t n)
{
    if (refused_size == 0 || n != refused_size || --refused_nth > 0)
        return false;
    refused_size = 0;
    refused = true;
    return true;
}

void *malloc(size_t n)
{
    return refuse(n) ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    return refuse(n * size) ? NULL : __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
    return refuse(n) ? NULL : __libc_realloc(p, n);
}

void free(void *p)
{
    __libc_free(p);
}

enum { TEXT_BUFFER = 8192 };

typedef struct captured {
    int rc;
    char *out, *err; /* what the command printed (caller frees) */
} captured;

/* Runs a command in this process with stdin from input, refusing the nth
 * allocation of refuse_size bytes; stdout and stderr are captured. */
static captured run(int (*cmd)(int, char **), char **argv, const char *input,
                    size_t refuse_size, int nth)
{
    char dir[] = "/tmp/pf-oom-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char in[64], out[64], err[64];
    snprintf(in, sizeof in, "%s/in", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(err, sizeof err, "%s/err", dir);
    assert_int_equal(pf_file_write_atomic(in, input, strlen(input), NULL), PF_E_OK);
    fflush(stdout);
    fflush(stderr);
    int saved[3] = {dup(0), dup(1), dup(2)};
    const char *paths[3] = {in, out, err};
    for (int fd = 0; fd < 3; fd++) {
        int f = open(paths[fd], fd ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY, 0600);
        assert_true(f >= 0);
        dup2(f, fd);
        close(f);
    }
    clearerr(stdin);
    int argc = 0;
    while (argv[argc])
        argc++;
    refused_size = refuse_size;
    refused_nth = nth;
    refused = false;
    captured c = {.rc = cmd(argc, argv)};
    refused_size = 0;
    fflush(stdout);
    fflush(stderr);
    for (int fd = 0; fd < 3; fd++) {
        dup2(saved[fd], fd);
        close(saved[fd]);
    }
    clearerr(stdin);
    size_t len;
    c.out = pf_file_read(out, 1 << 20, &len, NULL);
    c.err = pf_file_read(err, 1 << 20, &len, NULL);
    assert_non_null(c.out);
    assert_non_null(c.err);
    unlink(in);
    unlink(out);
    unlink(err);
    rmdir(dir);
    return c;
}

static void captured_free(captured *c)
{
    free(c->out);
    free(c->err);
}

/* The line mode goes on without its table picture, and says why. */
static void plain_play_without_a_table_buffer(void **state)
{
    (void)state;
    char *argv[] = {"play", "pizza", "--plain", "--seed", "4", "--seats", "ana,bot:random",
                    NULL};
    captured c = run(cmd_play, argv, "quit\n", TEXT_BUFFER, 1);
    if (!strstr(c.out, "cannot show the table: the program ran out of memory"))
        fail_msg("stdout: %s\nstderr: %s", c.out, c.err);
    captured_free(&c);
}

/* replay stops with the reason and status 1, whichever buffer is refused. */
static void replay_without_a_text_buffer(void **state)
{
    (void)state;
    char path[] = "/tmp/pf-oom-replay-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char save[128];
    snprintf(save, sizeof save, "save %s\nquit\n", path);
    char *play[] = {"play", "pizza", "--plain", "--seed", "4", "--seats", "ana,bot:random",
                    NULL};
    captured c = run(cmd_play, play, save, 0, 0);
    assert_non_null(strstr(c.out, "saved to"));
    captured_free(&c);

    /* every 8 KiB request in turn, the text buffer among them */
    char *argv[] = {"replay", path, NULL};
    for (int nth = 1;; nth++) {
        c = run(cmd_replay, argv, "", TEXT_BUFFER, nth);
        if (!refused) { /* past the last one: the whole game is shown */
            assert_int_equal(c.rc, 0);
            assert_non_null(strstr(c.out, "Pizza Party"));
            captured_free(&c);
            break;
        }
        if (c.rc != 1 || !strstr(c.err, "partyfood replay: ") ||
            !strstr(c.err, "out of memory"))
            fail_msg("request %d refused: status %d, stderr: %s", nth, c.rc, c.err);
        captured_free(&c);
    }
    unlink(path);
}

/* bench stops with the reason when a game's state cannot be had. */
static void bench_without_a_state(void **state)
{
    (void)state;
    char *argv[] = {"bench", "pizza", "--seconds", "0.01", NULL};
    captured c = run(cmd_bench, argv, "", pf_test_game("pizza")->state_size, 1);
    assert_int_equal(c.rc, 1);
    assert_non_null(strstr(c.err, "partyfood bench: the program ran out of memory"));
    captured_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plain_play_without_a_table_buffer),
        cmocka_unit_test(replay_without_a_text_buffer),
        cmocka_unit_test(bench_without_a_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#else

int main(void)
{
    puts("skipped: AddressSanitizer has its own malloc");
    return 0;
}

#endif
