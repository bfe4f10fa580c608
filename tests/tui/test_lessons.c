/* test_lessons.c: each game's lesson played to its end on the full
 * screen at 80x24 and 120x40 (`partyfood learn GAME`, issue 30), by the
 * keys a person presses: Enter past a note or a scripted move, and at the
 * person's move the key that move takes on that game's screen (Enter on
 * the choice the lesson selected, SPACE to stop the flick meter, r to
 * roll, a piece's letter and SPACE over the middle of the tower), the
 * optional chapter too (n at the end). Nothing on any screen is cut
 * (PF_TUI_CLIPS). Then a move the lesson does not ask for is refused with
 * the lesson's reason, the chapters can be started again and skipped, and
 * `h` gives a hint that says why in a game against bots.
 *
 * The test reads which move each step of the person asks for from the
 * lesson itself (lesson.h), to choose the keys; what it checks is the
 * screen. PF_LESSON_VERBOSE=1 prints every screen the walk sees. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "partyfood/lesson.h"
#include "tui_harness.h"

/* The person's moves of a lesson, by chapter and step. */
typedef struct asked {
    int chapter, step;
    char act[64];
    char refused[sizeof ((pf_error *)0)->msg]; /* a stack: the lesson's reason for a miss */
} asked;

#define MAX_ASKED 64

/* Plays the lesson of game through the runner, noting each move asked of
 * the person; returns their count. */
static int moves_asked(const char *game, asked *out)
{
    pf_error err;
    pf_lesson *l = pf_lesson_find(game, &err);
    assert_non_null(l);
    pf_lesson_run *r = pf_lesson_start(l, 0, NULL, NULL, &err);
    assert_non_null(r);
    int n = 0;
    for (int guard = 0; guard < 1000; guard++) {
        pf_lesson_now now;
        pf_lesson_now_get(r, &now);
        if (now.kind == PF_LESSON_DONE && now.last)
            break;
        if (now.kind == PF_LESSON_YOU) {
            assert_true(n < MAX_ASKED);
            out[n] = (asked){now.chapter, now.step, "", ""};
            snprintf(out[n].act, sizeof out[n].act, "%s", now.act);
            char piece[16], miss[64];
            if (now.aim && sscanf(now.act, "stack %15s", piece) == 1) {
                snprintf(miss, sizeof miss, "stack %s %.2f", piece, now.aim_hi + 5);
                assert_int_equal(pf_lesson_play(r, miss, &err), PF_E_ILLEGAL_ACTION);
                snprintf(out[n].refused, sizeof out[n].refused, "%s", err.msg);
            }
            n++;
            assert_int_equal(pf_lesson_play(r, now.act, &err), PF_E_OK);
        } else {
            assert_int_equal(pf_lesson_next(r, &err), PF_E_OK);
        }
    }
    pf_lesson_stop(r);
    pf_lesson_free(l);
    return n;
}

/* Where the screen stands: the chapter (from the title line, counted from
 * 1), the step (the caption box's "step K of N", from 1; 0 at the end of a
 * chapter) and whether it is the person's move. */
typedef struct where {
    int chapter, step;
    bool yours;
} where;

static where where_of(const char *s)
{
    where w = {0, 0, false};
    const char *bar = strstr(s, "  |  ");
    if (bar)
        w.chapter = atoi(bar + 5);
    const char *st = strstr(s, "─ step "); /* on the caption box's top side */
    if (st)
        w.step = atoi(st + strlen("─ step "));
    w.yours = strstr(s, "┌── Your move ") != NULL;
    return w;
}

static bool verbose(void)
{
    const char *v = getenv("PF_LESSON_VERBOSE");
    return v && *v && strcmp(v, "0") != 0;
}

/* Whether screen s has left *(where *)w (a new step, a new chapter, the end). */
static bool moved_on(const char *s, void *w)
{
    const where *was = w;
    where now = where_of(s);
    return now.chapter != was->chapter || now.step != was->step || now.yours != was->yours ||
           (was->step && strstr(s, "You finished the lesson"));
}

/* Waits until the screen leaves w. */
static void expect_moved_on(th *t, where w)
{
    if (!th_wait_until(t, moved_on, &w, 5000)) {
        th_dump(t, "the lesson did not go on");
        fail_msg("stuck at chapter %d step %d", w.chapter, w.step);
    }
}

/* The swing screen s shows for the person's piece ("You: cup +0.3"). */
static bool swing_shown(const char *s, const char *piece, double *at)
{
    char pat[40];
    snprintf(pat, sizeof pat, "You: %s ", piece);
    const char *on = strstr(s, pat);
    return on && sscanf(on + strlen(pat), "%lf", at) == 1;
}

/* Whether screen s shows the swing of the piece *(const char **)piece
 * over the middle. */
static bool over_the_middle(const char *s, void *piece)
{
    double at;
    return swing_shown(s, *(const char **)piece, &at) && fabs(at) < 0.6;
}

/* A drop at step w of a lesson, and the reason it refuses a miss. */
typedef struct drop {
    where w;
    const char *refused;
} drop;

/* Whether screen s shows the drop at step w taken: the lesson went on. */
static bool drop_taken(const char *s, where w)
{
    where now = where_of(s);
    return now.chapter != w.chapter || now.step != w.step || !now.yours;
}

/* Whether screen s shows the drop *(drop *)d taken or refused. */
static bool drop_answered(const char *s, void *d)
{
    const drop *dr = d;
    return drop_taken(s, dr->w) || strstr(s, dr->refused);
}

/* Paku Paku: picks the piece up and drops it when the swing passes over
 * the middle; a drop that missed the lesson's aim is refused with its
 * reason (`refused`) and the piece is picked up again. */
static void stack(th *t, const char *piece, const char *refused, where w)
{
    char key[2] = {piece[0], '\0'};
    drop d = {w, refused};
    for (int tries = 0; tries < 20; tries++) {
        th_keys(t, key);
        if (!th_wait_until(t, over_the_middle, &piece, 8000)) {
            th_dump(t, "no swing over the middle");
            fail_msg("the %s never swung over the middle", piece);
        }
        th_keys(t, "Space");
        if (!th_wait_until(t, drop_answered, &d, 5000)) {
            th_dump(t, "the drop was neither taken nor refused");
            fail_msg("the %s was dropped and nothing happened", piece);
        }
        if (drop_taken(t->screen, w))
            return; /* stacked; else missed: the reason is shown, try again */
    }
    th_dump(t, "never stacked");
    fail_msg("the %s was never stacked over the middle", piece);
}

/* Presses the keys of the person's move `act` on the screen. */
static void play_move(th *t, const asked *move, where w)
{
    const char *act = move->act;
    char piece[16];
    if (strcmp(act, "roll") == 0)
        th_keys(t, "r");
    else if (sscanf(act, "stack %15s", piece) == 1)
        stack(t, piece, move->refused, w);
    else if (strncmp(act, "toss ", 5) == 0)
        th_keys(t, "Space"); /* stops the flick meter: the lesson takes any flick */
    else
        th_keys(t, "Enter"); /* the lesson's move is the one selected */
}

static void expect_no_clips(const char *clips)
{
    FILE *f = fopen(clips, "r");
    if (!f)
        return; /* nothing was ever cut */
    char line[1024];
    while (fgets(line, sizeof line, f))
        fprintf(stderr, "cut: %s", line);
    fclose(f);
    fail_msg("a lesson's screen cut a text (above)");
}

/* Plays the lesson of game from its first chapter to its end in a w x h
 * terminal. */
static void lesson_at(const char *game, int w, int h)
{
    asked moves[MAX_ASKED];
    int nmoves = moves_asked(game, moves), played = 0;
    char clips[96], cmd[512];
    snprintf(clips, sizeof clips, "/tmp/pf-lesson-clips-%d-%s-%d", (int)getpid(), game, w);
    unlink(clips);
    snprintf(cmd, sizeof cmd, "PF_TUI_CLIPS=%s %s learn %s --pace 0", clips, th_bin(), game);
    th t;
    th_start_cmd(&t, w, h, cmd);
    th_expect(&t, "step 1 of", 3000);
    char last[sizeof t.screen] = "";
    for (int presses = 0;; presses++) {
        if (presses > 400) {
            th_dump(&t, "too long");
            fail_msg("the %s lesson did not end", game);
        }
        const char *s = th_capture(&t);
        if (verbose() && strcmp(s, last) != 0) {
            fprintf(stderr, "---- %s ----\n%s\n", game, s);
            snprintf(last, sizeof last, "%s", s);
        }
        where w = where_of(s);
        if (strstr(s, "You finished the lesson")) {
            if (!strstr(s, "n: an extra chapter"))
                break;
            th_keys(&t, "n"); /* the optional chapter too (the chocolate gamble) */
            expect_moved_on(&t, w);
            continue;
        }
        if (!w.yours) {
            th_keys(&t, "Enter");
            expect_moved_on(&t, w);
            continue;
        }
        const asked *move = NULL;
        for (int i = 0; i < nmoves; i++)
            if (moves[i].chapter + 1 == w.chapter && moves[i].step + 1 == w.step)
                move = &moves[i];
        if (!move) {
            th_dump(&t, "a move the lesson does not ask for");
            fail_msg("no move asked at chapter %d step %d", w.chapter, w.step);
        }
        play_move(&t, move, w);
        expect_moved_on(&t, w);
        played++;
    }
    assert_int_equal(played, nmoves);
    th_expect(&t, "Enter: the menu", 1000);
    th_keys(&t, "Enter");
    th_expect(&t, "Which game shall we play?", 3000);
    th_stop(&t);
    expect_no_clips(clips);
    unlink(clips);
}

/* At the smallest terminal the tables work at, and a big one. */
static void lesson_to_the_end(const char *game)
{
    lesson_at(game, 80, 24);
    lesson_at(game, 120, 40);
}

static void pizza_lesson(void **state)
{
    (void)state;
    lesson_to_the_end("pizza");
}

static void pancake_lesson(void **state)
{
    (void)state;
    lesson_to_the_end("pancake");
}

static void passfood_lesson(void **state)
{
    (void)state;
    lesson_to_the_end("passfood");
}

static void pakupaku_lesson(void **state)
{
    (void)state;
    lesson_to_the_end("pakupaku");
}

/* Whether the screen says that Enter goes on exactly once. */
static bool go_on_once(const char *s, void *arg)
{
    (void)arg;
    int n = 0;
    for (const char *at = s; (at = strstr(at, "go on")); at += 5)
        n++;
    return n == 1;
}

/* Another move is refused gently with the lesson's reason, and nothing
 * changes; Esc lists the chapters: skip one, start one again, leave. */
static void refuse_skip_restart_leave(void **state)
{
    (void)state;
    th t;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "%s learn pizza --pace 0", th_bin());
    th_start_cmd(&t, 80, 24, cmd);
    th_expect(&t, "1 of 5: Turning over", 3000);
    th_expect(&t, "Enter: go on", 1000);
    if (!th_wait_until(&t, go_on_once, NULL, 1000)) { /* not again on the keys line */
        th_dump(&t, "Enter: go on, once");
        fail_msg("the screen says more than once that Enter goes on");
    }
    th_keys(&t, "Enter Enter");
    th_expect(&t, " Your move ", 2000);
    th_expect(&t, "Try this one!", 1000);
    th_keys(&t, "Right Enter"); /* cell 1, not the one that shines */
    th_expect(&t, "Not that one yet: try the piece that shines.", 2000);
    th_expect(&t, "16 pieces face down", 1000);
    th_keys(&t, "Escape");
    th_expect(&t, "You are in chapter 1 of 5", 2000);
    th_keys(&t, "n");
    th_expect(&t, "2 of 5: Putting pieces back", 2000);
    th_expect(&t, "step 1 of", 1000);
    th_keys(&t, "Enter");
    th_expect(&t, "step 2 of", 2000);
    th_keys(&t, "Escape");
    th_expect(&t, "You are in chapter 2 of 5", 2000);
    th_keys(&t, "r");
    th_expect(&t, "step 1 of", 2000);
    th_expect(&t, "2 of 5: Putting pieces back", 1000);
    th_keys(&t, "Escape 4");
    th_expect(&t, "4 of 5:", 2000);
    th_keys(&t, "q");
    th_expect(&t, "Leave the lesson?", 2000);
    th_keys(&t, "y");
    /* `partyfood learn` ends when the person leaves its lesson */
    if (!th_wait_ended(t.pid, 5000))
        fail_msg("learn still runs after the person left its lesson");
    th_stop(&t);
}

/* The menu offers each game's lesson, and says when the window is too
 * small for one. */
static void menu_offers_lessons(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, "");
    th_expect(&t, "Which game shall we play?", 3000);
    th_expect(&t, "[ learn to play ]", 1000);
    /* the keys on one row of the 80 columns */
    th_expect(&t, "arrows+Enter or a number   L learn to play   ? rules   q quits   (clicks work)",
              1000);
    th_keys(&t, "Down Down L"); /* the third game's lesson */
    th_expect(&t, "Learn Pass the Party Food  |  1 of", 3000);
    th_keys(&t, "q y");
    th_expect(&t, "Which game shall we play?", 3000);
    th_stop(&t);
    /* the menu fits 60x20, a lesson's table does not: L says so up front
     * rather than opening a lesson that says the window is too small */
    th_start(&t, 60, 20, "");
    th_expect(&t, "Which game shall we play?", 3000);
    th_keys(&t, "L");
    th_expect(&t, "Paku Paku's lesson needs a window of 80x24 or more (this one", 2000);
    th_refute(&t, "needs at least");
    th_expect(&t, "Which game shall we play?", 1000);
    th_keys(&t, "Down"); /* the note goes with the next key */
    th_expect(&t, "L learn to play", 2000);
    th_refute(&t, "lesson needs a window");
    th_stop(&t);
}

/* h in a game against bots: the move a medium bot would make and why; in
 * a memory game only with the memory aid; with two people at the keyboard
 * only when the seating screen or `play --hints` turns hints on. */
static void hint_says_why(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, "passfood --seats you,bot:medium --seed 3 --pace 0");
    th_expect(&t, "h hint", 5000);
    th_keys(&t, "h");
    th_expect(&t, "Hint: ", 3000);
    th_stop(&t);
    th_start(&t, 80, 24, "pizza --seats you,bot:medium --seed 3 --pace 0");
    th_expect(&t, "(your choice)", 5000);
    th_keys(&t, "h");
    th_expect(&t, "hints need the memory aid", 3000);
    th_stop(&t);
    th_start(&t, 80, 24, "pizza --seats you,bot:medium --seed 3 --pace 0 --memory-aid");
    th_expect(&t, "(your choice)", 5000);
    th_keys(&t, "h");
    th_expect(&t, "Hint: ", 3000);
    th_stop(&t);
    /* two people at one keyboard: off unless the seating screen turns them on */
    th_start(&t, 80, 24, "passfood --seats ana,ben --seed 3");
    th_expect(&t, "(your choice)", 5000);
    th_refute(&t, "h hint");
    th_keys(&t, "h");
    th_expect(&t, "with more than one person at the keyboard hints are off", 3000);
    th_stop(&t);
    /* play --hints turns them on for the shared keyboard (issue 30) */
    th_start(&t, 80, 24, "passfood --seats ana,ben --seed 3 --hints");
    th_expect(&t, "h hint", 5000);
    th_keys(&t, "h");
    th_expect(&t, "Hint: ", 3000);
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(pizza_lesson, th_teardown),
        cmocka_unit_test_teardown(pancake_lesson, th_teardown),
        cmocka_unit_test_teardown(passfood_lesson, th_teardown),
        cmocka_unit_test_teardown(pakupaku_lesson, th_teardown),
        cmocka_unit_test_teardown(refuse_skip_restart_leave, th_teardown),
        cmocka_unit_test_teardown(menu_offers_lessons, th_teardown),
        cmocka_unit_test_teardown(hint_says_why, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
