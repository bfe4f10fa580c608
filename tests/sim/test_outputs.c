/* test_outputs.c: what `partyfood sim` leaves behind when it is stopped or
 * when its files are in the way.
 *
 * Files are replaced whole (never written through a symlink), and a run
 * stopped by SIGINT, SIGTERM or SIGHUP still reports the games it played,
 * marked partial, then exits with 128 + the signal. The real program is run
 * and signalled once it has spent some CPU time: that is the evidence it
 * got past its start and is playing games (no clock is asserted). */
#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "partyfood/file.h"
#include "pf_test.h"

/* A fresh folder for one test (remove it with rm_dir). */
static void make_dir(char *dir, size_t n)
{
    snprintf(dir, n, "/tmp/pf-sim-out-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

/* The names in dir, sorted and joined by spaces (a stray temporary shows). */
static void dir_names(const char *dir, char *out, size_t n)
{
    struct dirent **list;
    int k = scandir(dir, &list, NULL, alphasort);
    assert_true(k >= 0);
    out[0] = '\0';
    for (int i = 0; i < k; i++) {
        if (list[i]->d_name[0] != '.')
            snprintf(out + strlen(out), n - strlen(out), "%s%s", out[0] ? " " : "",
                     list[i]->d_name);
        free(list[i]);
    }
    free(list);
}

/* Starts `partyfood sim ARGS...` (NULL-terminated) with stdout into
 * out_path and the stop signals at their defaults but `ignored` (0: none);
 * returns its pid. */
static pid_t start(const char *out_path, int ignored, const char *const *args)
{
    const char *argv[32] = {pf_test_bin(), "sim"};
    int n = 2;
    for (; args[n - 2]; n++)
        argv[n] = args[n - 2];
    argv[n] = NULL;
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        FILE *f = freopen(out_path, "w", stdout);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        if (ignored)
            signal(ignored, SIG_IGN);
        if (f)
            execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    return pid;
}

/* CPU time pid has used, in clock ticks (utime + stime of /proc/PID/stat). */
static long cpu_ticks(pid_t pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = '\0';
    char *p = strrchr(buf, ')'); /* the name may hold spaces */
    assert_non_null(p);
    long utime = 0, stime = 0;
    /* after ")": state (field 3) ... utime (14), stime (15) */
    int got = sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %ld %ld", &utime,
                     &stime);
    assert_int_equal(got, 2);
    return utime + stime;
}

/* Waits until pid has used `seconds` of CPU time; fails when it ends first
 * (or never gets that far within ten minutes). */
static void wait_for_work(pid_t pid, double seconds)
{
    long want = (long)(seconds * (double)sysconf(_SC_CLK_TCK));
    for (int tries = 0; tries < 60000; tries++) {
        int st;
        if (waitpid(pid, &st, WNOHANG) == pid)
            fail_msg("the simulator ended before it was signalled (status %d)", st);
        if (cpu_ticks(pid) >= want)
            return;
        struct timespec nap = {0, 10 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    fail_msg("the simulator did no work");
}

/* Waits until pid no longer catches sig (its handler has run and put the
 * default action back), read from the SigCgt mask in /proc/PID/status. */
static void wait_until_uncaught(pid_t pid, int sig)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    for (int tries = 0; tries < 60000; tries++) {
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        unsigned long long caught = ~0ull;
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "SigCgt: %llx", &caught) == 1)
                break;
        fclose(f);
        if (!(caught & (1ull << (sig - 1))))
            return;
        struct timespec nap = {0, 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    fail_msg("the simulator still catches signal %d after the first stop signal", sig);
}

/* Waits for pid; its exit status, or 128 + the signal that killed it plus
 * 1000 (so the two cannot be confused). */
static int finish(pid_t pid)
{
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 1000 + 128 + WTERMSIG(st);
}

/* SIGTERM during the first of three batches: the JSON and the chart of the
 * games played so far replace the old files, marked partial. */
static void sigterm_writes_partial_json_and_svg(void **state)
{
    (void)state;
    char dir[64], json[96], svg[96], out[96], names[256];
    make_dir(dir, sizeof dir);
    snprintf(json, sizeof json, "%s/report.json", dir);
    snprintf(svg, sizeof svg, "%s/chart.svg", dir);
    snprintf(out, sizeof out, "%s/stdout", dir);
    assert_int_equal(pf_file_write_atomic(svg, "old chart", 9, NULL), PF_E_OK);
    const char *args[] = {"pizza", "--seats", "random,random", "--option", "extra_slices=false",
                          "--sweep", "kinds=2..4", "--games", "1000000000", "--threads", "2",
                          "--json", "--out", json, "--svg", svg, NULL};
    pid_t pid = start(out, 0, args);
    wait_for_work(pid, 0.3);
    kill(pid, SIGTERM);
    assert_int_equal(finish(pid), 128 + SIGTERM);

    char *text = pf_test_read(json);
    cJSON *j = cJSON_Parse(text);
    assert_non_null(j);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(j, "partial")));
    assert_string_equal(cJSON_GetObjectItem(j, "stopped_by")->valuestring, "SIGTERM");
    double played = cJSON_GetObjectItem(j, "games_played")->valuedouble;
    assert_true(cJSON_GetObjectItem(j, "games_planned")->valuedouble == 3e9);
    cJSON *batches = cJSON_GetObjectItem(j, "batches");
    assert_int_equal(cJSON_GetArraySize(batches), 1); /* the two later ones never began */
    cJSON *b0 = cJSON_GetArrayItem(batches, 0);
    assert_true(cJSON_GetObjectItem(b0, "games")->valuedouble == played);
    assert_true(played > 0 && played < 1e9);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(b0, "win_rates")), 2);
    cJSON_Delete(j);
    free(text);

    text = pf_test_read(svg);
    assert_non_null(strstr(text, "partial: stopped by SIGTERM after "));
    assert_non_null(strstr(text, "kinds=2"));
    size_t len = strlen(text);
    assert_true(len > 7 && strcmp(text + len - 7, "</svg>\n") == 0);
    free(text);
    text = pf_test_read(out);
    assert_string_equal(text, ""); /* the report went to --out */
    free(text);
    dir_names(dir, names, sizeof names);
    assert_string_equal(names, "chart.svg report.json stdout");
    pf_test_remove_dir(dir);
}

/* Every format says it is partial, whichever stop signal came. */
static void each_signal_marks_each_format(void **state)
{
    (void)state;
    static const struct {
        int sig;
        const char *format, *mark;
    } rows[] = {
        {SIGINT, NULL, "\npartial: stopped by SIGINT after "},
        {SIGHUP, "--csv", "\n# partial: stopped by SIGHUP after "},
        {SIGTERM, "--json", "\"partial\":\ttrue"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char dir[64], out[96];
        make_dir(dir, sizeof dir);
        snprintf(out, sizeof out, "%s/stdout", dir);
        /* Two sweeps: the summary grid has cells that were never played. */
        const char *args[] = {"pizza",  "--seats", "random", "--option", "extra_slices=false",
                              "--lines", "seats=2..3", "--sweep", "kinds=3..4",
                              "--games", "1000000000", rows[i].format, NULL};
        pid_t pid = start(out, 0, args);
        wait_for_work(pid, 0.3);
        kill(pid, rows[i].sig);
        assert_int_equal(finish(pid), 128 + rows[i].sig);
        char *text = pf_test_read(out);
        if (!strstr(text, rows[i].mark))
            fail_msg("no '%s' in:\n%s", rows[i].mark, text);
        if (!rows[i].format) /* the table: the grid shows what is missing */
            assert_non_null(strstr(text, "\nsummary: "));
        free(text);
        pf_test_remove_dir(dir);
    }
}

/* The first signal lets the game in hand finish (an expert's game of Pass
 * the Party Food is long); a second one ends the program at once, by its
 * default action, and the old files stay as they were. */
static void second_signal_ends_at_once(void **state)
{
    (void)state;
    char dir[64], svg[96], out[96], names[256] = "";
    int status = 0;
    char *text = NULL;
    /* The game in hand can end between the two signals (a loaded machine
     * let one do so in CI): the program then stops by the first (130), or
     * the second comes while it writes the partial chart and waits for the
     * file to be whole. Either is that race, and the test tries again; a
     * program that ignored the second signal, or wrote before heeding it,
     * would do so every time. No attempt may leave a temporary file. */
    for (int attempt = 0; attempt < 5; attempt++) {
        make_dir(dir, sizeof dir);
        snprintf(svg, sizeof svg, "%s/chart.svg", dir);
        snprintf(out, sizeof out, "%s/stdout", dir);
        const char *args[] = {"passfood", "--seats", "expert,expert,expert", "--threads", "1",
                              "--games", "1000", "--svg", svg, NULL};
        assert_int_equal(pf_file_write_atomic(svg, "old chart", 9, NULL), PF_E_OK);
        pid_t pid = start(out, 0, args);
        wait_for_work(pid, 0.3);
        kill(pid, SIGINT);
        wait_until_uncaught(pid, SIGTERM); /* the first signal has been handled */
        kill(pid, SIGTERM);
        status = finish(pid);
        free(text);
        text = pf_test_read(svg);
        dir_names(dir, names, sizeof names);
        pf_test_remove_dir(dir);
        assert_string_equal(names, "chart.svg stdout");
        if (status != 128 + SIGINT && strcmp(text, "old chart") == 0)
            break;
    }
    assert_int_equal(status, 1000 + 128 + SIGTERM);
    assert_string_equal(text, "old chart");
    free(text);
}

/* Two stop signals at the same moment may reach two threads' handlers at
 * once; the program still ends by a signal (whichever came second), never
 * by finishing the game in hand as if only one had come. */
static void two_signals_at_once_still_end_it(void **state)
{
    (void)state;
    char dir[64], out[96];
    make_dir(dir, sizeof dir);
    snprintf(out, sizeof out, "%s/stdout", dir);
    const char *args[] = {"passfood", "--seats", "expert,expert,expert", "--threads", "2",
                          "--games", "1000", NULL};
    pid_t pid = start(out, 0, args);
    wait_for_work(pid, 0.3);
    kill(pid, SIGINT);
    kill(pid, SIGTERM);
    int status = finish(pid);
    if (status != 1000 + 128 + SIGINT && status != 1000 + 128 + SIGTERM)
        fail_msg("two signals: the simulator ended with status %d, not by a signal", status);
    pf_test_remove_dir(dir);
}

/* A signal ignored when the simulator started (nohup ignores SIGHUP) stays
 * ignored: the run goes on until another one stops it. */
static void ignored_signals_stay_ignored(void **state)
{
    (void)state;
    char dir[64], out[96];
    make_dir(dir, sizeof dir);
    snprintf(out, sizeof out, "%s/stdout", dir);
    const char *args[] = {"pizza", "--seats", "random,random", "--games", "1000000000", NULL};
    pid_t pid = start(out, SIGHUP, args);
    wait_for_work(pid, 0.3);
    kill(pid, SIGHUP);
    kill(pid, SIGTERM);
    assert_int_equal(finish(pid), 128 + SIGTERM);
    char *text = pf_test_read(out);
    assert_non_null(strstr(text, "\npartial: stopped by SIGTERM after "));
    free(text);
    pf_test_remove_dir(dir);
}

/* A file in the way is replaced, not written through: a symlink planted at
 * the chart's or the report's name does not lead the writes elsewhere. */
static void files_are_replaced_not_followed(void **state)
{
    (void)state;
    char dir[64], cmd[1024], target[96], names[256];
    make_dir(dir, sizeof dir);
    snprintf(target, sizeof target, "%s/precious", dir);
    assert_int_equal(pf_file_write_atomic(target, "keep me", 7, NULL), PF_E_OK);
    snprintf(cmd, sizeof cmd, "ln -s precious %s/chart.svg && ln -s precious %s/report.csv",
             dir, dir);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd,
             "%s sim pizza --seats random,random --games 20 --csv --out %s/report.csv "
             "--svg %s/chart.svg >/dev/null",
             pf_test_bin(), dir, dir);
    assert_int_equal(system(cmd), 0);
    char *text = pf_test_read(target);
    assert_string_equal(text, "keep me");
    free(text);
    static const char *const made[] = {"chart.svg", "report.csv"};
    for (int i = 0; i < 2; i++) {
        char path[128];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, made[i]);
        assert_int_equal(lstat(path, &st), 0);
        assert_true(S_ISREG(st.st_mode));
        text = pf_test_read(path);
        assert_non_null(strstr(text, i == 0 ? "</svg>" : "sweep_key,sweep_value,who"));
        free(text);
    }
    dir_names(dir, names, sizeof names);
    assert_string_equal(names, "chart.svg precious report.csv");
    /* A folder that does not exist: the reason, and the status of a bad
     * argument, before any game is played. */
    snprintf(cmd, sizeof cmd,
             "%s sim pizza --seats random,random --games 5 --svg %s/no/chart.svg 2>&1 >/dev/null",
             pf_test_bin(), dir);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char err[512];
    size_t len = fread(err, 1, sizeof err - 1, p);
    err[len] = '\0';
    int st = pclose(p);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 2);
    assert_non_null(strstr(err, "cannot write"));
    assert_non_null(strstr(err, "/no/chart.svg"));
    pf_test_remove_dir(dir);
}

/* Text a person typed is escaped in the chart: a numbers table (read from
 * a file by --option numbers=@FILE) whose comment says "a<&>b" keeps the
 * SVG well formed. */
static void chart_escapes_option_text(void **state)
{
    (void)state;
    char dir[64], path[128], cmd[1024];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/table", dir);
    const char *table = "# a<&>b";
    assert_int_equal(pf_file_write_atomic(path, table, strlen(table), NULL), PF_E_OK);
    snprintf(cmd, sizeof cmd,
             "%s sim passfood --seats random,random --games 2 --option 'numbers=@%s' "
             "--svg %s/chart.svg >/dev/null",
             pf_test_bin(), path, dir);
    assert_int_equal(system(cmd), 0);
    snprintf(path, sizeof path, "%s/chart.svg", dir);
    char *text = pf_test_read(path);
    assert_non_null(strstr(text, "numbers=# a&lt;&amp;&gt;b"));
    assert_null(strstr(text, "<&>"));
    free(text);
    pf_test_remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sigterm_writes_partial_json_and_svg),
        cmocka_unit_test(each_signal_marks_each_format),
        cmocka_unit_test(second_signal_ends_at_once),
        cmocka_unit_test(two_signals_at_once_still_end_it),
        cmocka_unit_test(ignored_signals_stay_ignored),
        cmocka_unit_test(files_are_replaced_not_followed),
        cmocka_unit_test(chart_escapes_option_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
