/* test_make.c: `make play` and `make run` build quietly (issue 34): a
 * newcomer sees a line about the build and then the game or the address,
 * not some 150 lines of the build's own chatter; a failed build still
 * shows its whole output, errors first. The Makefile's recipe runs with a
 * stand-in CMake (CMAKE=) that chatters like a real build and makes a
 * stand-in program, so the test needs no real build. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pf_test.h"

static char dir[] = "/tmp/pf-make-XXXXXX";

/* A CMake that configures nothing and "builds" with 150 steps of chatter,
 * failing when FAKE_FAIL is set, else leaving a program that says how it
 * was called. */
static const char fake_cmake[] =
    "#!/bin/sh\n"
    "[ \"$1\" = --build ] || exit 0\n"
    "i=0\n"
    "while [ $i -lt 150 ]; do\n"
    "  echo \"gmake[3]: Entering directory '$2'\"\n"
    "  echo \"[ $((i * 100 / 150))%] Building C object step$i.o\"\n"
    "  i=$((i + 1))\n"
    "done\n"
    "if [ -n \"${FAKE_FAIL:-}\" ]; then echo 'src/x.c:1:1: error: it broke'; exit 2; fi\n"
    "printf '#!/bin/sh\\necho \"the program: $*\"\\n' > \"$2/partyfood\"\n"
    "chmod +x \"$2/partyfood\"\n";

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    char path[128];
    snprintf(path, sizeof path, "%s/cmake", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(fake_cmake, f);
    fclose(f);
    return chmod(path, 0755);
}

static int teardown(void **state)
{
    (void)state;
    pf_test_remove_dir(dir);
    return 0;
}

/* Runs `make TARGET` in the source tree with the stand-in; its output. */
static char *make(const char *target, const char *env)
{
    const char *src = getenv("PF_SOURCE_DIR");
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && %s make --no-print-directory BUILD=%s CMAKE=%s/cmake DEPS= "
             "PORT=0 %s </dev/null 2>&1; echo \"exit $?\"",
             src ? src : ".", env, dir, dir, target);
    return pf_test_run(cmd);
}

static int lines(const char *s)
{
    int n = 0;
    for (; (s = strchr(s, '\n')); s++)
        n++;
    return n;
}

static void play_and_run_are_quiet(void **state)
{
    (void)state;
    static const char *const targets[][2] = {{"play", "the program: play\n"},
                                             {"run", "the program: serve --listen"}};
    for (int i = 0; i < 2; i++) {
        char *out = make(targets[i][0], "");
        if (lines(out) > 3 || !strstr(out, targets[i][1]))
            fprintf(stderr, "make %s said:\n%s\n", targets[i][0], out);
        assert_null(strstr(out, "Entering directory"));
        assert_null(strstr(out, "Building C object"));
        assert_non_null(strstr(out, "partyfood: built"));
        /* the program last: a line about the build, its output, the status */
        assert_true(lines(out) <= 3);
        assert_non_null(strstr(out, targets[i][1]));
        assert_non_null(strstr(out, "exit 0\n"));
        free(out);
    }
}

static void a_failed_build_shows_everything(void **state)
{
    (void)state;
    char *out = make("play", "FAKE_FAIL=1");
    assert_non_null(strstr(out, "src/x.c:1:1: error: it broke"));
    assert_non_null(strstr(out, "partyfood: the build failed"));
    assert_null(strstr(out, "the program:"));
    assert_null(strstr(out, "exit 0\n"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(play_and_run_are_quiet),
        cmocka_unit_test(a_failed_build_shows_everything),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
