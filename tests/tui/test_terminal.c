/* test_terminal.c: robust terminal behaviour (issue 6, item 6) and the
 * plain line mode: resizing redraws, a too-small terminal says the size it
 * needs, Ctrl-C puts the terminal back, NO_COLOR, the menu of `make run`,
 * and --plain / a non-terminal / TERM=dumb giving the line mode. */
#include <signal.h>

#include "tui_harness.h"

static void resize_and_too_small(void **state)
{
    (void)state;
    th t;
    th_start(&t, 100, 40, "pizza --seats you,bot:memory --seed 2 --pace 0");
    th_expect(&t, "Slices (6 toppings", 5000);
    th_run("tmux -L %s resize-window -t 0 -x 60 -y 15 >/dev/null 2>&1", t.sock);
    th_expect(&t, "needs at least 80x21", 3000); /* Pizza's table: 12 rows */
    th_expect(&t, "--plain", 1000);
    th_refute(&t, "Slices");
    th_run("tmux -L %s resize-window -t 0 -x 90 -y 30 >/dev/null 2>&1", t.sock);
    th_expect(&t, "Slices (6 toppings", 3000);
    th_refute(&t, "needs at least");
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

static void too_small_from_the_start(void **state)
{
    (void)state;
    th t;
    th_start(&t, 40, 20, "pancake --seats you,bot:schemer --seed 2 --pace 0");
    th_expect(&t, "needs at least 80x24", 5000);
    th_expect(&t, "line mode with --plain", 1000); /* every line fits 40 columns */
    th_keys(&t, "q");
    th_stop(&t);
}

static void ctrl_c_restores_the_terminal(void **state)
{
    (void)state;
    th t;
    char cmd[1024];
    /* The shell ignores SIGINT so it survives to report the exit and the
     * terminal modes (icanon and echo back on) after the client died, then
     * keeps the pane (its screen read) until the test stops tmux. */
    snprintf(cmd, sizeof cmd,
             "trap '' INT; %s play pizza --seats you,bot:memory --seed 1; "
             "echo EXIT=\\$?; stty -a | tr ' ' '\\\\n' | grep -x -e icanon -e echo | tr '\\\\n' ' '; "
             "echo; echo DONE; exec cat >/dev/null",
             th_bin());
    th_start_cmd(&t, 100, 40, cmd);
    th_expect(&t, "(your choice)", 5000);
    th_keys(&t, "C-c");
    th_expect(&t, "DONE", 5000);
    th_expect(&t, "EXIT=130", 100);
    th_expect(&t, "icanon echo", 100);
    th_refute(&t, "Slices"); /* the alternate screen is gone */
    th_stop(&t);
}

/* Under make (as `make run` starts it) the hangup signal does not reach the
 * client when the terminal goes away; it must still leave, not spin. */
static void hangup_ends_the_client(void **state)
{
    (void)state;
    char dir[] = "/tmp/pf-hup-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], cmd[1024];
    snprintf(path, sizeof path, "%s/Makefile", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "run:\n\t@echo $$$$ > pid; exec %s play pizza --seats you,bot:memory --seed 1\n",
            th_bin());
    fclose(f);
    th t;
    snprintf(cmd, sizeof cmd, "make -s -C %s run", dir);
    th_start_cmd(&t, 100, 40, cmd);
    th_expect(&t, "(your choice)", 5000);
    snprintf(path, sizeof path, "%s/pid", dir);
    f = fopen(path, "r");
    assert_non_null(f);
    int pid = 0;
    assert_int_equal(fscanf(f, "%d", &pid), 1);
    fclose(f);
    th_stop(&t); /* the terminal goes away */
    bool gone = th_wait_ended(pid, 3000);
    if (!gone)
        kill(pid, SIGKILL);
    th_run("rm -rf %s", dir);
    if (!gone)
        fail_msg("the client still ran %d ms after its terminal went away", 3000 * TH_LOAD);
}

static void no_color_and_menu(void **state)
{
    (void)state;
    th t;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "NO_COLOR=1 %s play --pace 0", th_bin());
    th_start_cmd(&t, 100, 40, cmd);
    th_expect(&t, "Which game shall we play?", 5000);
    th_expect(&t, "Pizza Party", 100);
    th_keys(&t, "Down");
    th_keys(&t, "Enter");
    th_expect(&t, "who plays?", 3000);
    th_expect(&t, "seat 1  < person: you", 100);
    th_keys(&t, "Enter");
    th_expect(&t, "(your choice)", 3000);
    th_keys(&t, "?");
    th_expect(&t, "the rules in short", 3000);
    th_keys(&t, "q");
    th_keys(&t, "l");
    th_expect(&t, "Game log, as you may see it", 3000);
    th_keys(&t, "q");
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

static void plain_mode(void **state)
{
    (void)state;
    char cmd[1024];
    /* --plain, and output that is not a terminal, give the line mode. */
    snprintf(cmd, sizeof cmd,
             "printf '1\\nquit\\n' | %s play pizza --plain --seats you,bot:memory --seed 1",
             th_bin());
    const char *out = th_output(cmd);
    if (!strstr(out, "Your choices:"))
        fprintf(stderr, "%s\n", out);
    assert_non_null(strstr(out, "Your choices:"));
    assert_non_null(strstr(out, "you (seat 1): flip 1")); /* 1 is cell 1 (issue 13) */
    /* TERM=dumb on a real terminal: the line mode too. */
    th t;
    snprintf(cmd, sizeof cmd, "TERM=dumb %s play pizza --seats you,bot:memory --seed 1", th_bin());
    th_start_cmd(&t, 100, 40, cmd);
    th_expect(&t, "Your choices:", 5000);
    th_refute(&t, "arrows move");
    th_keys(&t, "quit Enter");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(resize_and_too_small, th_teardown),
        cmocka_unit_test_teardown(too_small_from_the_start, th_teardown),
        cmocka_unit_test_teardown(ctrl_c_restores_the_terminal, th_teardown),
        cmocka_unit_test_teardown(no_color_and_menu, th_teardown),
        cmocka_unit_test_teardown(hangup_ends_the_client, th_teardown),
        cmocka_unit_test_teardown(plain_mode, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
