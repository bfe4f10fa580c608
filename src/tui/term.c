/* term.c: the terminal: ncurses on and off, colours, keys, clipped drawing,
 * clickable hot spots, and the safety net that restores the terminal on
 * Ctrl-C, kill or a crash. */
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "tui/tui_int.h"

static bool is_open, mono;
static int click_y = -1, click_x = -1;

/* Puts the terminal back and dies of the same signal, so the shell sees
 * the real cause and the screen is not left garbled. */
static void on_fatal(int sig)
{
    if (is_open) {
        is_open = false;
        endwin();
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void at_exit(void)
{
    tui__term_close();
}

void tui__term_open(void)
{
    static bool hooked;
    setlocale(LC_ALL, "");
    const char *nc = getenv("NO_COLOR");
    mono = nc && *nc;
    if (!hooked) {
        hooked = true;
        atexit(at_exit);
        int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGFPE};
        for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
            signal(sigs[i], on_fatal);
    }
    initscr();
    is_open = true;
    cbreak(); /* keeps Ctrl-C a signal */
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
    mouseinterval(0);
    if (!mono && has_colors()) {
        start_color();
        use_default_colors();
        init_pair(TUI_RED, COLOR_RED, -1);
        init_pair(TUI_YELLOW, COLOR_YELLOW, -1);
        init_pair(TUI_GREEN, COLOR_GREEN, -1);
        init_pair(TUI_BLUE, COLOR_BLUE, -1);
        init_pair(TUI_MAGENTA, COLOR_MAGENTA, -1);
        init_pair(TUI_CYAN, COLOR_CYAN, -1);
        init_pair(TUI_WHITE, COLOR_WHITE, -1);
        init_pair(TUI_TITLE, COLOR_BLACK, COLOR_CYAN);
        init_pair(TUI_DIM, COLOR_WHITE, -1);
    } else {
        mono = true;
    }
}

void tui__term_close(void)
{
    if (!is_open)
        return;
    is_open = false;
    endwin();
}

bool tui__mono(void)
{
    return mono;
}

int tui__colour(int c)
{
    if (mono)
        return c == TUI_TITLE ? A_REVERSE : c == TUI_DIM ? A_DIM : A_BOLD;
    if (c == TUI_DIM)
        return A_DIM;
    return (int)COLOR_PAIR(c) | (c == TUI_TITLE ? 0 : A_BOLD);
}

int64_t tui__wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int tui__key(int timeout_ms)
{
    timeout(timeout_ms);
    int ch = getch();
    if (ch == ERR) {
        /* A hung-up terminal answers every read at once with an error; the
         * hangup signal does not always reach us (under make, say), so
         * leave as if it had, instead of spinning. */
        if (tcgetpgrp(STDIN_FILENO) < 0)
            on_fatal(SIGHUP);
        return TUI_KEY_NONE;
    }
    if (ch == KEY_MOUSE) {
        MEVENT me;
        if (getmouse(&me) == OK && (me.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED))) {
            click_y = me.y;
            click_x = me.x;
            return TUI_KEY_CLICK;
        }
        return TUI_KEY_NONE;
    }
    return ch;
}

void tui__click(int *y, int *x)
{
    *y = click_y;
    *x = click_x;
}

void tui__putn(int y, int x, int w, int attr, const char *s)
{
    if (y < 0 || y >= LINES || x >= COLS || w <= 0)
        return;
    if (x < 0) {
        int skip = -x;
        if ((int)strlen(s) <= skip)
            return;
        s += skip;
        w -= skip;
        x = 0;
    }
    if (x + w > COLS)
        w = COLS - x;
    int len = (int)strlen(s);
    if (len > w)
        len = w;
    attron(attr);
    mvaddnstr(y, x, s, len);
    attroff(attr);
}

void tui__put(int y, int x, int attr, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    tui__putn(y, x, COLS, attr, buf);
}

void tui__hline(int y, int x, int w, int attr)
{
    if (y < 0 || y >= LINES)
        return;
    if (x + w > COLS)
        w = COLS - x;
    attron(attr);
    mvhline(y, x, ACS_HLINE, w);
    attroff(attr);
}

void tui__box(int y, int x, int h, int w, int attr, const char *title)
{
    if (h < 2 || w < 2 || y + h > LINES || x + w > COLS || y < 0 || x < 0)
        return;
    attron(attr);
    mvhline(y, x + 1, ACS_HLINE, w - 2);
    mvhline(y + h - 1, x + 1, ACS_HLINE, w - 2);
    mvvline(y + 1, x, ACS_VLINE, h - 2);
    mvvline(y + 1, x + w - 1, ACS_VLINE, h - 2);
    mvaddch(y, x, ACS_ULCORNER);
    mvaddch(y, x + w - 1, ACS_URCORNER);
    mvaddch(y + h - 1, x, ACS_LLCORNER);
    mvaddch(y + h - 1, x + w - 1, ACS_LRCORNER);
    attroff(attr);
    if (title)
        tui__put(y, x + 2, attr | A_BOLD, " %s ", title);
}

bool tui__too_small(int w, int h, const char *what)
{
    if (COLS >= w && LINES >= h)
        return false;
    erase();
    /* Short lines, so that even a narrow window shows all of them. */
    char lines[4][120];
    snprintf(lines[0], sizeof lines[0], "The terminal is %dx%d;", COLS, LINES);
    snprintf(lines[1], sizeof lines[1], "%s needs at least %dx%d.", what, w, h);
    snprintf(lines[2], sizeof lines[2], "Make the window bigger, or play");
    snprintf(lines[3], sizeof lines[3], "in line mode with --plain. (q quits)");
    int y = LINES / 2 - 2;
    if (y < 0)
        y = 0;
    for (int i = 0; i < 4 && y + i < LINES; i++)
        tui__putn(y + i, 0, COLS, i < 2 ? A_BOLD : 0, lines[i]);
    refresh();
    return true;
}

/* ---- hot spots ---------------------------------------------------------- */

#define HOT_MAX 256
static struct hot {
    int y, x, w;
    char name[TUI_MAX_NAME];
} hot[HOT_MAX];
static int nhot;

void tui__hot_clear(void)
{
    nhot = 0;
}

void tui__hot_add(int y, int x, int w, const char *name)
{
    for (int i = 0; i < nhot; i++)
        if (strcmp(hot[i].name, name) == 0) {
            hot[i].y = y; /* the last place drawn wins */
            hot[i].x = x;
            hot[i].w = w;
            return;
        }
    if (nhot == HOT_MAX)
        return;
    hot[nhot].y = y;
    hot[nhot].x = x;
    hot[nhot].w = w;
    snprintf(hot[nhot].name, sizeof hot[nhot].name, "%s", name);
    nhot++;
}

const char *tui__hot_at(int y, int x)
{
    for (int i = nhot - 1; i >= 0; i--)
        if (hot[i].y == y && x >= hot[i].x && x < hot[i].x + hot[i].w)
            return hot[i].name;
    return NULL;
}

const char *tui__hot_move(const char *from, int key, bool (*ok)(const char *, void *),
                          void *arg)
{
    const struct hot *f = NULL;
    for (int i = 0; i < nhot; i++)
        if (strcmp(hot[i].name, from) == 0)
            f = &hot[i];
    if (!f)
        return NULL;
    int fy = f->y * 3, fx = f->x + f->w / 2; /* rows count more than columns */
    long best = -1;
    const char *pick = NULL;
    for (int i = 0; i < nhot; i++) {
        const struct hot *h = &hot[i];
        if (h == f || (ok && !ok(h->name, arg)))
            continue;
        int dy = h->y * 3 - fy, dx = h->x + h->w / 2 - fx;
        int along, across;
        switch (key) {
        case KEY_UP: along = -dy, across = dx; break;
        case KEY_DOWN: along = dy, across = dx; break;
        case KEY_LEFT: along = -dx, across = dy; break;
        default: along = dx, across = dy; break;
        }
        if (along <= 0)
            continue;
        long d = (long)along + 4L * (across < 0 ? -across : across);
        if (best < 0 || d < best) {
            best = d;
            pick = h->name;
        }
    }
    return pick;
}
