/* tui_int.h: what the files of src/tui share (prefix tui__).
 *
 * Layout of a game screen, top to bottom: a title line, the table (drawn by
 * the game's screen_<id>.c from the seat's view only), a strip of recent
 * events, the choices, and a line of keys. The table area is the screen's;
 * everything else is drawn by game.c. */
#ifndef PF_TUI_INT_H
#define PF_TUI_INT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "partyfood/lesson.h"
#include "partyfood/seating.h"
#include "partyfood/match.h"
#include "partyfood/table.h"
#include "tui/tui.h"

/* ---- terminal (term.c) -------------------------------------------------- */

enum {
    TUI_RED = 1, TUI_YELLOW, TUI_GREEN, TUI_BLUE, TUI_MAGENTA, TUI_CYAN, TUI_WHITE,
    TUI_TITLE, TUI_DIM, TUI_SHINE, TUI_NCOLOURS
};

#define TUI_KEY_CLICK 0x7fff0001 /* a mouse click; tui__click gives where */
#define TUI_KEY_NONE (-1)        /* the wait ended without a key */

void tui__term_open(void);
void tui__term_close(void);
bool tui__mono(void);
/* The attribute for a colour (bold when there is no colour, so a meaning
 * never rests on colour alone: every piece also carries a letter). */
int tui__colour(int c);
/* Monotonic wall clock in ms. */
int64_t tui__wall_ms(void);
/* Waits up to timeout_ms (-1: forever) for a key; TUI_KEY_NONE on timeout. */
int tui__key(int timeout_ms);
/* Where the last click was. */
void tui__click(int *y, int *x);
/* Every text drawn goes through tui__text: s[0..len) at (y, x), within the
 * columns [x, x + w) and the screen. Whatever is cut (but blanks) is
 * recorded when PF_TUI_CLIPS names a file, for the tests: a screen that
 * fits says everything whole, wrapping (tui__wrap) rather than cutting. */
void tui__text(int y, int x, int w, int attr, const char *s, int len);
/* One character (a bar's cell, a marker), recorded when off the screen. */
void tui__ch(int y, int x, int attr, chtype ch);
/* Prints at (y, x) up to the screen's edge. */
void tui__put(int y, int x, int attr, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Prints within [x, x + w). */
void tui__putn(int y, int x, int w, int attr, const char *s);
/* How much of s one line of width w holds: all of it, or up to a break
 * between parts (three spaces apart) when parts, or else between words;
 * cut at w only inside a word longer than the line. */
int tui__fit(const char *s, int w, bool parts);
/* The rows s takes wrapped at width w, rows after the first indented. */
int tui__wrap_rows(const char *s, int w, int indent, bool parts);
/* Draws s wrapped into at most `rows` rows from (y, x), width w, rows after
 * the first indented by indent; returns the rows drawn (text left over
 * is recorded as cut). */
int tui__wrap(int y, int x, int w, int rows, int indent, int attr, const char *s, bool parts);
/* As the indent of tui__lines: each line's rows after its first start
 * under its own text (tui__hang), a list item's under the words after its
 * marker. */
#define TUI_HANG (-1)
/* Where the words of s start after its leading blanks and a list marker
 * ("  a) ", "  P  "): 0 for a line that starts with a word. */
int tui__hang(const char *s);
/* The rows lines[0..n) take wrapped at width w (an empty line: one). */
int tui__lines_rows(const char *const *lines, int n, int w, int indent);
/* Draws the rows [top, top + rows) of lines[0..n) wrapped at width w from
 * (y, x), each line's rows after its first indented, in attrs[i] (NULL:
 * plain): a scrolling window on a list. */
void tui__lines(int y, int x, int w, int rows, int indent, const char *const *lines,
                const int *attrs, int n, int top);
/* The title bar on row 0 with text. */
void tui__title_bar(const char *text);
/* Asks q on the last row until y (true) or n, Esc or q (false). */
bool tui__confirm(const char *q);
void tui__box(int y, int x, int h, int w, int attr, const char *title);
void tui__hline(int y, int x, int w, int attr);
/* When the terminal is smaller than w x h, says so and returns true. */
bool tui__too_small(int w, int h, const char *what);

/* Clickable places on the screen, each naming an action or a choice id. */
void tui__hot_clear(void);
void tui__hot_add(int y, int x, int w, const char *name);
/* The name at (y, x), or NULL. */
const char *tui__hot_at(int y, int x);
/* Spatial navigation: the hot spot nearest to the one named `from` in the
 * direction of an arrow key, accepted by ok(name, arg); NULL when none. */
const char *tui__hot_move(const char *from, int key, bool (*ok)(const char *, void *),
                          void *arg);

/* ---- text pages (help.c, log.c) ----------------------------------------- */

/* Shows lines in a paged full-screen viewer until q, Esc or Enter; a line
 * wider than the screen goes on over more rows, indented by indent. */
void tui__pager(const char *title, const char *const *lines, int n, int indent);
/* The rules of game id in our own words, as lines (NULL-terminated). */
const char *const *tui__rules(const char *id);
/* Shows the rules of g in the pager. */
void tui__show_rules(const pf_game *g);

/* ---- the game in progress (game.c) -------------------------------------- */

/* A timing meter: a value swinging between lo and hi that a key press stops. */
typedef struct tui_meter {
    bool on;
    double lo, hi;
    int period_ms;
    bool sine;          /* a smooth swing (stacking) rather than a ramp (a flick) */
    char fmt[48];       /* printf format of the action, one %.2f */
    char what[96];      /* what the meter sets, in words, above it */
    char lo_word[16];   /* what its low end means ("soft"), left of it */
    char hi_word[16];   /* and its high end, right of it */
    int64_t started;    /* wall ms */
} tui_meter;

typedef struct tui_game tui_game;

/* What a screen draws from. */
typedef struct tui_table {
    const tui_game *g;
    const cJSON *view; /* pf_state_view for seat */
    int seat;          /* the seat whose eyes the screen shows */
    int y, x, h, w;    /* the table area */
    const char *sel;   /* the selected action's name, or NULL */
    bool memory_aid;
} tui_table;

typedef struct tui_screen {
    const char *id;
    int min_w;
    /* The rows the table needs at the least; frame.c gives it more when the
     * terminal is taller, and shrinks the events and choices below it
     * (never the table) when it is short. */
    int rows;
    /* The rows the table uses well on a tall terminal (its roomy drawing),
     * given before the log grows longer. */
    int big_rows;
    /* The columns the table uses well (0: any width): a terminal wider by
     * a panel's width shows the game's rules in brief beside it. */
    int wide_w;
    /* Whether seats see different things (a peek, a bonus): only then does
     * the keyboard pass behind a hand-over screen between people. */
    bool secrets;
    /* Draws the table and adds a hot spot per action it shows. */
    void (*draw)(const tui_table *t);
    /* Optional: a friendlier label for an action name. */
    void (*label)(const tui_game *g, const cJSON *view, const char *name, char *buf, size_t n);
    /* Optional: when the seat's choices are a grid of one continuous
     * action, the meter that replaces them. */
    bool (*meter)(const cJSON *view, const char *const *names, int n, tui_meter *m);
    /* Optional: keys of this game (real-time play); true when consumed. */
    bool (*key)(tui_game *g, int ch);
    /* Optional: the line of keys shown instead of the choice list. */
    const char *(*hint)(const tui_game *g);
    /* Optional (real time): true when the people at the keyboard each have
     * keys of their own; then the table is drawn for no one seat and every
     * key goes to `key`. */
    bool (*own_keys)(const tui_game *g);
    /* Optional: where the seat's turn stands, said above its choices. */
    const char *(*prompt)(const tui_game *g, const cJSON *view);
    /* Optional: the lesson's highlight word (docs/lessons.md) a choice in
     * the list answers to ("pick" is "button pick"), into buf; false when
     * none. */
    bool (*word)(const char *name, char *buf, size_t n);
} tui_screen;

const tui_screen *tui__screen_for(const pf_game *g);
/* A view's member k as an int (def when absent or not a number). */
int tui__num(const cJSON *o, const char *k, int def);
/* A view's member k as a string (NULL when absent or not a string). */
const char *tui__str(const cJSON *o, const char *k);
extern const tui_screen tui__screen_generic, tui__screen_pizza, tui__screen_pancake,
    tui__screen_pakupaku, tui__screen_passfood;

#define TUI_MAX_NAME 64

struct tui_game {
    const pf_table *t;  /* what is drawn */
    pf_table *own;      /* the game's table, played on (NULL in a lesson: the runner's) */
    const pf_match *m;  /* the table's (the same object for the whole game) */
    const pf_seating *seats; /* the table's; in a lesson, only the person's seat is a person */
    const tui_screen *scr;
    int viewer;          /* seat at the keyboard, or PF_SEAT_SPECTATOR */
    int focus;           /* real time: the person whose hands the keys are */
    int pace_ms;
    bool memory_aid;
    /* choices of the viewer */
    int nlegal;
    pf_action legal[PF_MAX_LEGAL];
    char (*names)[TUI_MAX_NAME];
    int sel;
    int page_first, page_n; /* the choices on screen, lettered a) on */
    char typed[8];       /* digits typed so far to pick a choice by its number */
    int legal_step;      /* m->nsteps when legal was listed (-1: stale) */
    tui_meter meter;
    /* real-time clock (clock.c) */
    int64_t start_wall, paused;
    int64_t stopped_at;  /* wall ms the clock stopped at (0: it runs) */
    /* real time: a key press made while a person's hands were busy
     * (PAKU-10), sent a reaction after they are free ("": none) */
    char held[PF_MAX_SEATS][TUI_MAX_NAME];
    char status[600];
    /* a hint (hint.c): the move shown, for the step it was asked at */
    char hinted[TUI_MAX_NAME];
    int hint_step;
    bool hints_shared;   /* people sharing the keyboard may have hints */
    /* a lesson (lesson.c): the runner, its lesson, what happens now, its
     * seating */
    pf_lesson_run *lesson;
    const pf_lesson *lesson_file;
    pf_lesson_now now;
    pf_seating lesson_seats;
    char save_path[256];
    bool autosave_on;
    int autosaved_steps; /* m->nsteps when last autosaved */
};

/* The pause after each bot move in turn-based games, unless set. */
#define TUI_PACE_MS 2000

/* The first seat a person holds, or PF_SEAT_SPECTATOR. */
int tui__first_person(const tui_game *g);
/* Plays an action by name for seat at time t; false (status set) when refused.
 * In a real-time game whose seat's hands are busy at t, an action that will
 * be legal when they are free is held instead (false, status says so) and
 * sent by tui__send_held. In a lesson the runner judges it (the lesson's
 * reason for another move in the status) and gives the time. */
bool tui__act(tui_game *g, int seat, const char *name, int64_t t);
/* Sends the held key press a human reaction (PF_REACTION_MIN_MS) after its
 * seat's hands are free; true when sent. */
bool tui__send_held(tui_game *g);
/* The name of the game's seat (pf_table_seat_name: "ana", "bot planner",
 * alike seats told apart as "medium 1", "medium 2") into buf (at least
 * TUI_SEAT_NAME_SIZE bytes); returns buf. */
#define TUI_SEAT_NAME_SIZE PF_SEAT_LABEL
const char *tui__seat_name_into(const tui_game *g, int seat, char *buf);
/* The display name in a buffer of its own that lasts to the end of the
 * enclosing block, so two names can share one expression ("ana offers a
 * swap to ben"). */
#define tui__seat_name(g, seat) tui__seat_name_into((g), (seat), (char[TUI_SEAT_NAME_SIZE]){0})
/* How far a game is, in a person's words: "no move yet", "1 move", "12
 * moves" (short, for the title line; the match's step count is an
 * internal number). */
const char *tui__moves_played(int nsteps, char *buf, size_t n);
/* Lists the choices of seat (the viewer or the focused person) when the
 * state moved (or legal_step is -1), keeping the selection by name. */
void tui__refresh_legal(tui_game *g, int seat);
/* What a person's key did in a turn-based game (tui__person_key). */
enum { TUI_K_NONE, TUI_K_ACTED, TUI_K_QUIT };
/* A person's key while choosing (a meter, arrows, a letter, a digit,
 * a click, undo, a hint, the pages of common keys). */
int tui__person_key(tui_game *g, int seat, int ch);
/* Starts a meter (a key press later plays fmt with its value). */
void tui__meter_start(tui_game *g, const tui_meter *m);
/* The meter's value now. */
double tui__meter_value(const tui_meter *m);

/* The rows around the table: the title, two rules, the keys, and at least
 * two event rows and three choice rows. */
#define TUI_FRAME_ROWS 9
/* The terminal size a screen needs. */
#define tui__min_h(scr) ((scr)->rows + TUI_FRAME_ROWS)

/* ---- what shines (shine.c) ---------------------------------------------- */

/* The attribute of a thing that shines, 0 for one that does not: a thing
 * the lesson's step names (its highlight word, printf-style: "cell %d";
 * "" for none), or the element of `action` when that is the move a hint
 * suggested (action may be NULL). */
int tui__shine(const tui_game *g, const char *action, const char *word_fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The attribute of shining things (a colour, or bold underline in mono). */
int tui__shine_attr(void);
/* Whether the current lesson step names any highlight starting with prefix. */
bool tui__shows_any(const tui_game *g, const char *prefix);

/* ---- hints (hint.c) ------------------------------------------------------ */

/* Whether seat may have hints here now (a game that gives them, the memory
 * aid in a memory game, one person or hints shared); why not into why. */
bool tui__hints_allowed(const tui_game *g, char *why, size_t n);
/* The `h` key: the move a `medium` bot would make and why, in the status,
 * the move selected and shining; nothing played (the table marks the
 * seat's next move as made with a hint). */
void tui__hint(tui_game *g, int seat);
/* Writes text with each "seat N" (counted from 1) replaced by its name. */
void tui__named_seats(const tui_game *g, const char *text, char *buf, size_t n);

/* ---- the screen around the table (frame.c) ------------------------------ */

/* Where the parts of a game screen go on this terminal. */
typedef struct tui_layout {
    int table_h, table_w; /* the table: rows 1.., columns 0.. */
    int side_w;           /* the rules in brief, right of the table (0: none) */
    int events, caption, choices, keys;          /* rows of each (events 0: none shown) */
    int events_y, caption_y, choices_y, keys_y;  /* their first rows (a rule above the
                                                    first three) */
} tui_layout;

/* The letters that play the choices on screen (l q s u are commands). */
extern const char tui__hotkeys[];
tui_layout tui__layout(const tui_game *g, int seat, bool mine);
/* True when the terminal is too small for a game's screen (scr), for g's. */
bool tui__screen_too_small(const tui_screen *scr);
bool tui__game_too_small(const tui_game *g);
/* The title line: the game, who (with mine after it when it fits), the
 * moves, and "you are" seat's name when it fits. */
void tui__draw_title(const tui_game *g, const char *who, const char *mine, int seat);
/* Draws the whole game screen for seat; mine: seat is a person choosing. */
void tui__draw(tui_game *g, int seat, bool mine);

/* ---- lessons (lesson.c) ------------------------------------------------- */

/* Plays the lesson of game from a->chapter; returns TUI_OUT_MENU (or
 * TUI_OUT_QUIT when it was started from the command line and is left),
 * TUI_OUT_PLAY to play the game now, TUI_OUT_NO_MEMORY. */
int tui__lesson(const pf_game *game, const pf_tui_args *a);
/* The lesson's caption: the rows it takes at width w (the refusal too). */
int tui__caption_rows(const tui_game *g, int w);
/* Draws the caption box of a lesson's screen (l: the layout). */
void tui__draw_caption(const tui_game *g, const tui_layout *l);
/* The line in the choices' place when the person has no move to make in a
 * lesson (a note, a scripted move, the end of a chapter). */
const char *tui__lesson_line(const tui_game *g, char *buf, size_t n);

/* ---- the real-time clock (clock.c) -------------------------------------- */

/* Game time in ms (real-time games: the wall clock minus pauses). */
int64_t tui__game_now(const tui_game *g);
/* Stops the clock (the game time stands still) and starts it again. */
void tui__clock_stop(tui_game *g);
void tui__clock_go(tui_game *g);
/* Counts "what in 3, 2, 1" over the table, the clock stopped, then runs it. */
void tui__countdown(tui_game *g, const char *what);
/* Holds the clock while the window is too small to show the table; false
 * when the person quits meanwhile. */
bool tui__hold_while_small(tui_game *g);
/* The pause key: the table hidden, the rules and the log at hand, until
 * any other key; false when the person quits from there. */
bool tui__pause(tui_game *g);

/* The end screen; returns what the person chose (TUI_OUT_*). */
int tui__end_screen(tui_game *g);

/* ---- log, undo, save (log.c, undo.c, save.c) ---------------------------- */

/* Says on the status line that the log misses events (memory ran out). */
void tui__log_incomplete(tui_game *g);
/* True when e, from `step`, may be shown to seat now (C-3, memory games). */
bool tui__log_shows(const tui_game *g, const pf_table_event *e, int seat);
/* The most an event's text takes with its seats' names (and "(only you)"). */
#define TUI_EVENT_TEXT (16 + PF_EVENT_TEXT + PF_EVENT_SEATS * PF_SEAT_LABEL)
/* Writes e's text with seat numbers replaced by names. */
void tui__log_text(const tui_game *g, const pf_table_event *e, char *buf, size_t n);
void tui__log_show(tui_game *g);

/* Saves the match and seating to path. */
bool tui__save(const tui_game *g, const char *path, char *msg, size_t n);
/* Asks for a file name (Enter alone: the suggested one) and saves there. */
void tui__save_prompt(tui_game *g);
/* Saves the match to the per-user autosave file when it moved since the
 * last time (on failure: says so in the status line and stops). */
void tui__autosave(tui_game *g);
/* Removes the autosave (the game ended normally). */
void tui__autosave_remove(void);
/* When an unfinished autosave exists, asks whether to resume it; true with
 * *m, *s and *memory_aid set from it when the person says yes. */
bool tui__offer_autosave(pf_match **m, pf_seating *s, bool *memory_aid);
/* Reads one line from the person at the bottom of the screen into buf,
 * which starts empty; Enter alone takes `suggest` (shown with the
 * question; NULL: none). False on Esc, or on Enter with nothing typed or
 * suggested. */
bool tui__prompt(const char *question, const char *suggest, char *buf, size_t n);

/* ---- the app (app.c, seats.c) ------------------------------------------- */

enum { TUI_OUT_QUIT, TUI_OUT_MENU, TUI_OUT_AGAIN, TUI_OUT_NO_MEMORY, TUI_OUT_PLAY };

/* Plays match m with seating s to its end screen; returns what the person
 * chose there. Takes m (it may be replaced by an undo; destroyed here). */
int tui__play(pf_match *m, const pf_seating *s, const pf_tui_args *a);
/* The game menu; NULL when the person quits; *learn says whether they
 * chose the game's lesson ("learn to play") rather than a game. */
const pf_game *tui__menu(bool *learn);
/* The seating screen for g; false when the person goes back. *shuffle says
 * whether the seats are to be drawn at random (C-1's default) or kept in
 * the order shown (the host chose it). *opt: the game's options, set
 * there with `v` (each checked before it is kept). *hints_shared: whether
 * people sharing the keyboard may have hints (`h`). */
bool tui__seats(const pf_game *g, pf_seating *s, bool *memory_aid, bool *shuffle,
                pf_options *opt, int *pace_ms, bool *hints_shared);
/* Shows "pass the keyboard to NAME" until Enter; false when they quit. */
bool tui__handover(const tui_game *g, int seat);

#endif
