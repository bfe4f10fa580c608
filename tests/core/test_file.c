/* test_file.c: bounded reads and atomic writes that never follow symlinks. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include "partyfood/file.h"
#include "pf_test.h"

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/pf_test_file.XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    pf_test_remove_dir(dir);
    return 0;
}

static int files_in_dir(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static void write_then_read_back(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/save.json", dir);
    pf_error err;
    assert_int_equal(pf_file_write_atomic(path, "old", 3, &err), PF_E_OK);
    assert_int_equal(pf_file_write_atomic(path, "new text", 8, &err), PF_E_OK);
    size_t len = 0;
    char *got = pf_file_read(path, 100, &len, &err);
    assert_non_null(got);
    assert_int_equal(len, 8);
    assert_string_equal(got, "new text");
    free(got);
    assert_int_equal(files_in_dir(), 1); /* no temporary left behind */
    struct stat st;
    mode_t mask = umask(027);
    assert_int_equal(pf_file_write_atomic(path, "x", 1, &err), PF_E_OK);
    umask(mask);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640); /* the umask is honoured */
}

static void a_planted_symlink_is_replaced_not_followed(void **state)
{
    (void)state;
    char victim[128], path[128], tmp[140];
    snprintf(victim, sizeof victim, "%s/victim", dir);
    snprintf(path, sizeof path, "%s/link.json", dir);
    pf_error err;
    assert_int_equal(pf_file_write_atomic(victim, "precious", 8, &err), PF_E_OK);
    assert_int_equal(symlink(victim, path), 0);
    /* The old fixed temporary name is planted too. */
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    assert_int_equal(symlink(victim, tmp), 0);
    assert_int_equal(pf_file_write_atomic(path, "save", 4, &err), PF_E_OK);
    char *v = pf_file_read(victim, 100, NULL, &err);
    assert_string_equal(v, "precious");
    free(v);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));
}

static void reads_are_bounded(void **state)
{
    (void)state;
    pf_error err;
    char *z = pf_file_read("/dev/zero", 1 << 16, NULL, &err);
    assert_null(z);
    assert_int_equal(err.code, PF_E_TOO_LARGE);
    char path[128];
    snprintf(path, sizeof path, "%s/big", dir);
    assert_int_equal(pf_file_write_atomic(path, "0123456789", 10, &err), PF_E_OK);
    assert_null(pf_file_read(path, 9, NULL, &err));
    assert_int_equal(err.code, PF_E_TOO_LARGE);
    char *ok = pf_file_read(path, 10, NULL, &err);
    assert_non_null(ok);
    free(ok);
    assert_null(pf_file_read("/nonexistent/x", 10, NULL, &err));
    assert_int_equal(err.code, PF_E_IO);
}

static void a_write_into_a_missing_folder_fails_cleanly(void **state)
{
    (void)state;
    pf_error err;
    assert_int_equal(pf_file_write_atomic("/nonexistent/dir/x", "a", 1, &err), PF_E_IO);
    assert_non_null(strstr(err.msg, "/nonexistent/dir/x"));
}

/* A folder that exists and may be written, and a path that is no folder. */
static void writable_is_checked_before_the_work(void **state)
{
    (void)state;
    pf_error err;
    assert_int_equal(pf_file_check_writable("x.json", &err), PF_E_OK);
    assert_int_equal(pf_file_check_writable("/nonexistent/x", &err), PF_E_IO);
    assert_non_null(strstr(err.msg, "no folder /nonexistent"));
    assert_int_equal(pf_file_check_writable(".", &err), PF_E_IO);
    assert_non_null(strstr(err.msg, "is a folder"));
    if (geteuid() != 0) { /* root may write anywhere */
        assert_int_equal(pf_file_check_writable("/proc/x", &err), PF_E_IO);
        assert_non_null(strstr(err.msg, "not writable"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(write_then_read_back),
        cmocka_unit_test(a_planted_symlink_is_replaced_not_followed),
        cmocka_unit_test(reads_are_bounded),
        cmocka_unit_test(a_write_into_a_missing_folder_fails_cleanly),
        cmocka_unit_test(writable_is_checked_before_the_work),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
