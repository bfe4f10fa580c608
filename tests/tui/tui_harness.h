/* tui_harness.h: drives the real `partyfood play` in a pseudo-terminal.
 *
 * Each test starts its own tmux server (-L pf-test-<pid>-<n>) running
 * $PF_BIN in a detached session of a given size, sends keys with
 * send-keys, reads the screen with capture-pane, and always kills the
 * server (th_stop, also from a teardown). A failed expectation prints the
 * captured screen, so a failure shows what the person would have seen.
 * Header-only: every tests/tui/test_*.c is its own program. */
#ifndef TUI_HARNESS_H
#define TUI_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

typedef struct th {
    char sock[64];
    char screen[32768];
    bool running;
    long pid; /* the pane's process (the client), 0 if unknown */
} th;

static th *th_current;

__attribute__((unused)) static void th_sleep(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

__attribute__((unused)) static int64_t th_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A wait's bound in ms is what the thing waited for takes at most on an
 * idle machine. CI runs the tests on a loaded two-core machine, and under
 * the sanitizers (about ten times slower), so a wait gives up only after
 * TH_LOAD times its bound: a wait that passes ends when its condition
 * holds, so only a failure takes longer. */
#define TH_LOAD 10

/* When a wait of ms (an idle machine's bound) gives up. */
__attribute__((unused)) static int64_t th_deadline(int ms)
{
    return th_ms() + (int64_t)ms * TH_LOAD;
}

static const char *th_bin(void)
{
    const char *b = getenv("PF_BIN");
    return b && *b ? b : "./partyfood";
}

/* Runs a shell command line and returns what it printed (a static buffer
 * the next call replaces). */
__attribute__((unused)) static const char *th_output(const char *cmd)
{
    static char out[65536];
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    pclose(p);
    return out;
}

__attribute__((unused)) static int th_run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
__attribute__((unused)) static int th_run(const char *fmt, ...)
{
    char cmd[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    return system(cmd);
}

/* The client autosaves to $XDG_STATE_HOME/partyfood and offers to resume
 * from there: each test program gets its own state folder, emptied before
 * every start, so neither the user's games nor another test's show up. */
static char th_state[64];
static bool th_keep_state; /* the next start keeps the state of the last */

static void th_state_remove(void)
{
    th_run("rm -rf '%s'", th_state);
}

__attribute__((unused)) static const char *th_state_dir(void)
{
    if (!th_state[0]) {
        snprintf(th_state, sizeof th_state, "/tmp/pf-tui-state-XXXXXX");
        assert_non_null(mkdtemp(th_state));
        setenv("XDG_STATE_HOME", th_state, 1);
        atexit(th_state_remove);
    }
    return th_state;
}

/* Starts `shell_cmd` (run by sh) in a w x h terminal. */
__attribute__((unused)) static void th_start_cmd(th *t, int w, int h, const char *shell_cmd)
{
    static int n;
    if (!th_keep_state)
        th_run("rm -rf '%s/partyfood'", th_state_dir());
    th_keep_state = false;
    snprintf(t->sock, sizeof t->sock, "pf-test-%d-%d", (int)getpid(), n++);
    th_current = t;
    t->running = true;
    t->screen[0] = '\0';
    int rc = th_run("tmux -L %s -f /dev/null new-session -d -x %d -y %d \"%s\" "
                    "\\; set-option -g remain-on-exit on >/dev/null 2>&1",
                    t->sock, w, h, shell_cmd);
    assert_int_equal(rc, 0);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "tmux -L %s list-panes -F '#{pane_pid}' 2>/dev/null", t->sock);
    t->pid = atol(th_output(cmd));
}

/* Whether process pid still runs (a zombie has finished its work). */
__attribute__((unused)) static bool th_alive(long pid)
{
    char path[64], stat[256];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    size_t n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = '\0';
    const char *state = strrchr(stat, ')');
    return !(state && state[1] == ' ' && state[2] == 'Z');
}

/* Waits until process pid has ended; true when it did within ms. */
__attribute__((unused)) static bool th_wait_ended(long pid, int ms)
{
    for (int64_t end = th_deadline(ms); th_alive(pid); th_sleep(5))
        if (th_ms() > end)
            return false;
    return true;
}

/* Starts `partyfood play ARGS` in a w x h terminal. */
__attribute__((unused)) static void th_start(th *t, int w, int h, const char *args)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s play %s", th_bin(), args);
    th_start_cmd(t, w, h, cmd);
}

__attribute__((unused)) static void th_stop(th *t)
{
    if (t->running) {
        th_run("tmux -L %s kill-server >/dev/null 2>&1", t->sock);
        /* The client saves the game when its terminal hangs up: the next
         * start must not race that save (it would offer to resume it). */
        if (t->pid > 0)
            th_wait_ended(t->pid, 5000);
    }
    t->running = false;
    if (th_current == t) /* the teardown must not read a th that went out of scope */
        th_current = NULL;
}

/* Sends tmux key names ("Enter", "r", "Space", "C-c"), space separated. */
__attribute__((unused)) static void th_keys(th *t, const char *keys)
{
    th_run("tmux -L %s send-keys -t 0 %s >/dev/null 2>&1", t->sock, keys);
}

static const char *th_capture(th *t)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "tmux -L %s capture-pane -p -t 0 2>/dev/null", t->sock);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(t->screen, 1, sizeof t->screen - 1, p) : 0;
    if (p)
        pclose(p);
    t->screen[n] = '\0';
    return t->screen;
}

__attribute__((unused)) static void th_dump(th *t, const char *why)
{
    fprintf(stderr, "---- screen (%s) ----\n%s\n---- end of screen ----\n", why, t->screen);
}

/* Waits until ok(screen, arg) holds for a screen captured within ms; true
 * when it did. A check on a screen waits so too: a capture may come while
 * the client is between two rows of one refresh (the title bar says "your
 * choice" before the rows under it are drawn), more often under load. */
__attribute__((unused)) static bool th_wait_until(th *t, bool (*ok)(const char *, void *), void *arg,
                                                  int ms)
{
    int64_t end = th_deadline(ms);
    do {
        if (ok(th_capture(t), arg))
            return true;
        th_sleep(25);
    } while (th_ms() < end);
    return false;
}

__attribute__((unused)) static bool th_shows(const char *screen, void *text)
{
    return strstr(screen, text) != NULL;
}

/* Waits until the screen shows `text`; true when it did within ms. */
__attribute__((unused)) static bool th_wait(th *t, const char *text, int ms)
{
    return th_wait_until(t, th_shows, (void *)text, ms);
}

/* Fails the test (printing the screen) unless `text` shows within ms. */
__attribute__((unused)) static void th_expect(th *t, const char *text, int ms)
{
    if (!th_wait(t, text, ms)) {
        char why[200];
        snprintf(why, sizeof why, "expected \"%s\"", text);
        th_dump(t, why);
        fail_msg("the screen never showed \"%s\" (waited %d ms)", text, ms * TH_LOAD);
    }
}

/* Fails the test (printing the screen) unless `text` is gone within ms. */
__attribute__((unused)) static void th_expect_gone(th *t, const char *text, int ms)
{
    int64_t end = th_deadline(ms);
    while (strstr(th_capture(t), text)) {
        if (th_ms() > end) {
            th_dump(t, "still there");
            fail_msg("the screen still shows \"%s\" (waited %d ms)", text, ms * TH_LOAD);
        }
        th_sleep(25);
    }
}

/* Real time: waits for the count before the clock runs to end. */
__attribute__((unused)) static void th_after_countdown(th *t)
{
    th_expect(t, "Starting in", 5000);
    th_expect_gone(t, "Starting in", 6000);
}

/* Fails the test (printing the screen) when the screen shows `text`. */
__attribute__((unused)) static void th_refute(th *t, const char *text)
{
    if (strstr(th_capture(t), text)) {
        char why[200];
        snprintf(why, sizeof why, "must not show \"%s\"", text);
        th_dump(t, why);
        fail_msg("the screen shows \"%s\"", text);
    }
}

/* How many moves the title line of screen s says were played ("no move
 * yet" is 0, "12 moves" 12), or -1. */
__attribute__((unused)) static int th_step_of(const char *s)
{
    char title[400];
    snprintf(title, sizeof title, "%.*s", (int)strcspn(s, "\n"), s);
    if (strstr(title, "|  no move yet"))
        return 0;
    const char *move = strstr(title, " move");
    while (move && move > title && move[-1] != '|')
        move--;
    return move && move > title ? atoi(move + 1) : -1;
}

/* How many moves t's title line says were played, or -1. */
__attribute__((unused)) static int th_step(th *t)
{
    return th_step_of(th_capture(t));
}

/* Whether screen s's title line counts at least *(int *)moves moves. */
__attribute__((unused)) static bool th_moved_at_least(const char *s, void *moves)
{
    return th_step_of(s) >= *(int *)moves;
}

/* A witness for something that must not happen: runs `partyfood play
 * ARGS` in a 100x40 window w until its title line counts `moves` moves,
 * then stops it. A game the test holds back, started no later, would have
 * moved by then had it not been held. The game started before stays the
 * one the teardown stops. */
__attribute__((unused)) static void th_witness(th *w, const char *args, int moves, int ms)
{
    th *held = th_current;
    th_start(w, 100, 40, args);
    bool moved = th_wait_until(w, th_moved_at_least, &moves, ms);
    if (!moved)
        th_dump(w, "the witness");
    th_stop(w);
    th_current = held;
    if (!moved)
        fail_msg("the witness game did not make %d moves in %d ms", moves, ms * TH_LOAD);
}

/* Plays a turn-based game to its end screen by pressing `key` whenever the
 * person may choose; fails after max presses. */
__attribute__((unused)) static void th_play_to_end(th *t, const char *key, int max)
{
    for (int i = 0; i < max; i++) {
        int64_t end = th_deadline(3000);
        for (;;) {
            const char *s = th_capture(t);
            if (strstr(s, "GAME OVER"))
                return;
            if (strstr(s, "(your choice)") || strstr(s, "Pass the keyboard"))
                break;
            if (th_ms() > end) {
                th_dump(t, "stuck");
                fail_msg("the game did not come back to the person");
            }
            th_sleep(10);
        }
        int before = th_step(t);
        th_keys(t, key);
        end = th_deadline(2000);
        while (th_ms() < end) { /* until the step moves or the screen changes phase */
            const char *s = th_capture(t);
            if (th_step(t) != before || strstr(s, "GAME OVER") || !strstr(s, "(your choice)"))
                break;
            th_sleep(10);
        }
    }
    th_dump(t, "too long");
    fail_msg("no end screen after %d key presses", max);
}

/* cmocka teardown: kill the tmux server even after a failure. */
__attribute__((unused)) static int th_teardown(void **state)
{
    (void)state;
    if (th_current)
        th_stop(th_current);
    return 0;
}

#endif
