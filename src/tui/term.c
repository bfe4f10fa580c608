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
        init_pair(TUI_SHINE, COLOR_BLACK, COLOR_YELLOW);
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
        return c == TUI_TITLE   ? A_REVERSE
               : c == TUI_DIM   ? A_DIM
               : c == TUI_SHINE ? A_BOLD | A_UNDERLINE
                                : A_BOLD;
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

/* ---- the clipping recorder ---------------------------------------------
 * Every word on the screen goes through tui__text: what does not fit is
 * cut there, and when PF_TUI_CLIPS names a file (the tests set it) each cut
 * is appended to it, with the screen size and the text, so a test walking
 * the screens fails on any word a person would have lost. A screen redrawn
 * every frame would say the same cut many times: a small ring of the last
 * ones keeps the file to one line per cut. */

#define CLIP_RING 32

static void record_clip(int y, int x, int w, const char *s, int len)
{
    static const char *path;
    static bool looked;
    static unsigned long ring[CLIP_RING];
    static int ring_at;
    if (!looked) {
        looked = true;
        path = getenv("PF_TUI_CLIPS");
        if (path && !*path)
            path = NULL;
    }
    if (!path)
        return;
    unsigned long h = 5381u + (unsigned long)(y * 131 + x * 7 + w) + (unsigned long)COLS * 31u;
    for (int i = 0; i < len; i++)
        h = h * 33u + (unsigned char)s[i];
    for (int i = 0; i < CLIP_RING; i++)
        if (ring[i] == h)
            return;
    ring[ring_at] = h;
    ring_at = (ring_at + 1) % CLIP_RING;
    FILE *f = fopen(path, "a");
    if (!f)
        return;
    fprintf(f, "clip at %dx%d, row %d col %d, width %d: \"%.*s\"\n", COLS, LINES, y, x, w, len,
            s);
    fclose(f);
}

void tui__text(int y, int x, int w, int attr, const char *s, int len)
{
    int end = len; /* trailing blanks are padding: cutting them loses nothing */
    while (end > 0 && s[end - 1] == ' ')
        end--;
    int lead = 0;
    while (lead < end && s[lead] == ' ')
        lead++;
    /* what is seen: columns [x, x + w) of the screen */
    int from = x < 0 ? -x : 0, to = len;
    if (w < to)
        to = w;
    if (x + to > COLS)
        to = COLS - x;
    if (lead < end && (y < 0 || y >= LINES || from > lead || to < end))
        record_clip(y, x, w, s, end);
    if (y < 0 || y >= LINES || to <= from)
        return;
    attron(attr);
    mvaddnstr(y, x + from, s + from, to - from);
    attroff(attr);
}

void tui__ch(int y, int x, int attr, chtype ch)
{
    if (y < 0 || y >= LINES || x < 0 || x >= COLS) {
        char c = (char)(ch & A_CHARTEXT);
        record_clip(y, x, 1, &c, 1);
        return;
    }
    mvaddch(y, x, ch | (chtype)attr);
}

void tui__putn(int y, int x, int w, int attr, const char *s)
{
    tui__text(y, x, w, attr, s, (int)strlen(s));
}

int tui__fit(const char *s, int w, bool parts)
{
    int n = (int)strlen(s), at;
    if (n <= w)
        return n;
    for (at = w; parts && at > 0; at--)
        if (strncmp(s + at, "   ", 3) == 0)
            return at;
    for (at = w; at > 0; at--)
        if (s[at] == ' ')
            return at;
    return w > 0 ? w : 0;
}

static const char *past_blanks(const char *s)
{
    while (*s == ' ')
        s++;
    return s;
}

int tui__wrap_rows(const char *s, int w, int indent, bool parts)
{
    int k = 0;
    for (; *s; k++) {
        int n = tui__fit(s, w - (k ? indent : 0), parts);
        if (n <= 0)
            break;
        s = past_blanks(s + n);
    }
    return k;
}

int tui__wrap(int y, int x, int w, int rows, int indent, int attr, const char *s, bool parts)
{
    int k = 0;
    for (; *s && k < rows; k++) {
        int in = k ? indent : 0, n = tui__fit(s, w - in, parts);
        if (n <= 0)
            break;
        tui__text(y + k, x + in, w - in, attr, s, n);
        s = past_blanks(s + n);
    }
    if (*s) /* more text than rows: that is a cut too */
        record_clip(y + k, x, w, s, (int)strlen(s));
    return k;
}

int tui__hang(const char *s)
{
    int lead = 0;
    while (s[lead] == ' ')
        lead++;
    if (!lead)
        return 0;
    /* the marker ends at two blanks ("P  a panda") or at ") " ("a) a topping") */
    for (int i = lead + 1; s[i] && i <= lead + 6; i++)
        if (s[i] == ' ' && (s[i + 1] == ' ' || s[i - 1] == ')'))
            return (int)(past_blanks(s + i) - s);
    return lead;
}

static int indent_of(const char *s, int indent)
{
    return indent == TUI_HANG ? tui__hang(s) : indent;
}

int tui__lines_rows(const char *const *lines, int n, int w, int indent)
{
    int rows = 0;
    for (int i = 0; i < n; i++) {
        int k = tui__wrap_rows(lines[i], w, indent_of(lines[i], indent), false);
        rows += k ? k : 1; /* an empty line is a blank row */
    }
    return rows;
}

void tui__lines(int y, int x, int w, int rows, int indent, const char *const *lines,
                const int *attrs, int n, int top)
{
    int at = 0; /* the row being drawn, counted from the first line's first */
    for (int i = 0; i < n && at < top + rows; i++) {
        const char *s = lines[i];
        if (!*s)
            at++;
        int hang = indent_of(s, indent);
        for (int r = 0; *s; r++, at++) {
            int in = r ? hang : 0, len = tui__fit(s, w - in, false);
            if (len <= 0)
                break;
            if (at >= top && at < top + rows)
                tui__text(y + at - top, x + in, w - in, attrs ? attrs[i] : 0, s, len);
            for (s += len; *s == ' ';)
                s++;
        }
    }
}

void tui__title_bar(const char *text)
{
    attron(tui__colour(TUI_TITLE));
    mvhline(0, 0, ' ', COLS);
    attroff(tui__colour(TUI_TITLE));
    tui__putn(0, 1, COLS - 1, tui__colour(TUI_TITLE), text);
}

void tui__put(int y, int x, int attr, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    tui__putn(y, x, COLS - x, attr, buf);
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

bool tui__confirm(const char *q)
{
    move(LINES - 1, 0);
    clrtoeol();
    tui__putn(LINES - 1, 0, COLS, A_REVERSE, q);
    refresh();
    for (;;) {
        int ch = tui__key(-1);
        if (ch == 'y' || ch == 'Y')
            return true;
        if (ch == 'n' || ch == 'N' || ch == 27 || ch == 'q' || ch == 'Q')
            return false;
    }
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
