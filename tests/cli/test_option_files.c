/* test_option_files.c: --option KEY=@FILE, the one place a game option is
 * read from a file (play and sim), bounded and with clear errors. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "partyfood/file.h"
#include "pf_test.h"

typedef struct scratch {
    char dir[32];
    char table[64]; /* a valid numbers table: cake: 40 */
    char out[64];   /* a command's stdout and stderr */
} scratch;

static void scratch_make(scratch *t)
{
    snprintf(t->dir, sizeof t->dir, "/tmp/pf-optf-XXXXXX");
    assert_non_null(mkdtemp(t->dir));
    snprintf(t->table, sizeof t->table, "%s/table", t->dir);
    snprintf(t->out, sizeof t->out, "%s/out", t->dir);
    const char *text = "# a house table\ncake: 40\n";
    assert_int_equal(pf_file_write_atomic(t->table, text, strlen(text), NULL), PF_E_OK);
}

/* Runs `partyfood args` (stdin from input) and returns its exit status;
 * *text gets its output (caller frees). */
static int run(const scratch *t, const char *input, const char *args, char **text)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "printf '%s' | %s %s >%s 2>&1", input, pf_test_bin(), args, t->out);
    int st = system(cmd);
    assert_true(WIFEXITED(st));
    size_t len;
    *text = pf_file_read(t->out, 1 << 20, &len, NULL);
    assert_non_null(*text);
    return WEXITSTATUS(st);
}

/* play: the table comes from the file, and the save carries the text. */
static void play_reads_the_file_once(void **state)
{
    (void)state;
    scratch t;
    scratch_make(&t);
    char args[512], input[128], *out;
    snprintf(input, sizeof input, "save %s/g.json\\nquit\\n", t.dir);
    snprintf(args, sizeof args,
             "play passfood --plain --seed 2 --seats ana,bot:random --option numbers=@%s",
             t.table);
    assert_int_equal(run(&t, input, args, &out), 0);
    free(out);
    snprintf(args, sizeof args, "%s/g.json", t.dir);
    size_t len;
    char *save = pf_file_read(args, 1 << 20, &len, NULL);
    assert_non_null(save);
    assert_non_null(strstr(save, "cake: 40"));
    assert_null(strstr(save, t.table));
    free(save);
    pf_test_remove_dir(t.dir);
}

static void sim_reads_the_file_once(void **state)
{
    (void)state;
    scratch t;
    scratch_make(&t);
    char args[512], *out;
    snprintf(args, sizeof args,
             "sim passfood --games 4 --seats random,random --option numbers=@%s", t.table);
    assert_int_equal(run(&t, "", args, &out), 0);
    assert_non_null(strstr(out, "numbers=# a house table"));
    free(out);
    pf_test_remove_dir(t.dir);
}

/* A missing file, a file past the limit and an endless one each stop the
 * command with a message naming the file; nothing runs. */
static void bad_files_are_refused(void **state)
{
    (void)state;
    scratch t;
    scratch_make(&t);
    char big[96];
    snprintf(big, sizeof big, "%s/big", t.dir);
    char text[PF_OPT_VAL];
    memset(text, '#', sizeof text); /* one byte past the longest value */
    assert_int_equal(pf_file_write_atomic(big, text, sizeof text, NULL), PF_E_OK);
    const struct {
        const char *file, *says;
    } rows[] = {
        {"/no/such/table", "cannot open /no/such/table"},
        {big, "is larger than"},
        {"/dev/zero", "/dev/zero is larger than"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        for (int cmd = 0; cmd < 2; cmd++) {
            char args[512], *out;
            snprintf(args, sizeof args, "%s passfood --seats bot:random,bot:random --option "
                     "numbers=@%s",
                     cmd ? "sim" : "play --plain", rows[i].file);
            assert_int_equal(run(&t, "", args, &out), 2);
            if (!strstr(out, rows[i].says) || !strstr(out, "--option numbers=@"))
                fail_msg("%s: %s", args, out);
            free(out);
        }
    }
    pf_test_remove_dir(t.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(play_reads_the_file_once),
        cmocka_unit_test(sim_reads_the_file_once),
        cmocka_unit_test(bad_files_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
