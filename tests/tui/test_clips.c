/* test_clips.c: nothing on any screen is cut (issue 34). The client
 * records every text it had to cut when PF_TUI_CLIPS names a file (term.c);
 * these tests walk every screen of every game at 80x24, the advertised
 * minimum, and at 120x40, and fail on any recorded cut: the menu with each
 * game's rules, each seating screen with its whole list, and a whole game
 * of each (alone against bots, hot seat, the log, the rules, the save
 * prompt, the quit question, Paku Paku's pause and its own keys, the end
 * screen). The games run side by side, each in its own tmux server, so the
 * walk takes about as long as its longest game. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "partyfood/game.h"
#include "tui_harness.h"

static const int sizes[][2] = {{80, 24}, {120, 40}};
#define NSIZES 2

/* One client walked through its screens. */
typedef struct walker {
    th t;
    char what[160]; /* for messages: the size and the command line */
    char clips[96]; /* its PF_TUI_CLIPS file */
    enum { TURNS, PAKU_PEOPLE, WATCH } kind;
    const char *const *paku_keys; /* real time: the keys the people press, in turn */
    int extra;       /* the next extra screen to visit (log, rules, save, quit) */
    int sent_step;   /* the step when a key was last sent for a choice */
    int64_t sent_at; /* and when */
    int64_t started, give_up;
    int keys;        /* real time: keys pressed so far */
    bool done;
} walker;

#define MAX_WALKERS 16
static walker walkers[MAX_WALKERS];
static int nwalkers;
static bool keep_games; /* the next walk starts with the games the last one left */

static int stop_all(void **state)
{
    (void)state;
    for (int i = 0; i < nwalkers; i++)
        th_stop(&walkers[i].t);
    nwalkers = 0;
    th_current = NULL;
    return 0;
}

/* Fails when the client of w recorded a cut, printing what it cut. */
static void expect_no_clips(walker *w)
{
    FILE *f = fopen(w->clips, "r");
    if (!f)
        return; /* nothing was ever cut */
    char line[1024];
    int n = 0;
    while (fgets(line, sizeof line, f) && n < 20) {
        fprintf(stderr, "%s: %s", w->what, line);
        n++;
    }
    fclose(f);
    if (n)
        fail_msg("%s: %d cut text(s) on the screen (first ones above)", w->what, n);
}

/* Starts `partyfood play ARGS` at size k for walker w. */
static walker *start(int k, const char *args, int kind, int seconds)
{
    assert_true(nwalkers < MAX_WALKERS);
    walker *w = &walkers[nwalkers++];
    memset(w, 0, sizeof *w);
    snprintf(w->what, sizeof w->what, "%dx%d play %s", sizes[k][0], sizes[k][1], args);
    snprintf(w->clips, sizeof w->clips, "%s/clips-%d", th_state_dir(), nwalkers);
    unlink(w->clips);
    setenv("PF_TUI_CLIPS", w->clips, 1);
    th_keep_state = nwalkers > 1 || keep_games; /* a walk's clients share their state */
    th_start(&w->t, sizes[k][0], sizes[k][1], args);
    w->kind = kind;
    w->started = th_ms();
    w->give_up = w->started + seconds * 1000;
    w->sent_step = -1;
    return w;
}

/* Sends keys, then waits for `text` (the page they open). */
static void visit(walker *w, const char *keys, const char *text)
{
    th_keys(&w->t, keys);
    if (!th_wait(&w->t, text, 5000)) {
        th_dump(&w->t, text);
        fail_msg("%s: no \"%s\" after %s", w->what, text, keys);
    }
}

/* visit() for each key and screen of a list ended by {NULL}. */
static void visits(walker *w, const char *const (*steps)[2])
{
    for (; steps[0][0]; steps++)
        visit(w, steps[0][0], steps[0][1]);
}

/* The extra screens of a turn-based game, one at each of the person's
 * first turns: the log, the rules, the save prompt, the quit question;
 * each a few keys and the screen each brings. */
static const char *const extras[][4][2] = {
    {{"l", "Game log"}, {"End", "(end)"}, {"q", "(your choice)"}, {NULL}},
    {{"?", "the rules in short"}, {"Space", "rows "}, {"q", "(your choice)"}, {NULL}},
    {{"s", "Save the game to file:"}, {"Escape", "(your choice)"}, {NULL}},
    {{"q", "Quit this game?"}, {"n", "(your choice)"}, {NULL}},
};

static bool extra_screen(walker *w)
{
    if (w->extra >= (int)(sizeof extras / sizeof extras[0]))
        return false;
    visits(w, extras[w->extra++]);
    return true;
}

/* One look at a turn-based game: a key when the person may act. */
static void step_turns(walker *w, const char *s)
{
    if (strstr(s, "GAME OVER")) {
        visit(w, "l", "Game log");
        visit(w, "q", "GAME OVER");
        th_keys(&w->t, "q");
        w->done = true;
        return;
    }
    if (strstr(s, "Pass the keyboard to") || strstr(s, "Enter hides your table")) {
        if (th_ms() - w->sent_at > 300) { /* once per screen */
            th_keys(&w->t, "Enter");
            w->sent_at = th_ms();
        }
        return;
    }
    if (!strstr(s, "(your choice)"))
        return;
    int step = th_step(&w->t);
    if (step == w->sent_step && th_ms() - w->sent_at < 1000)
        return; /* the last key is still being played */
    if (extra_screen(w))
        return;
    th_keys(&w->t, "Enter");
    w->sent_step = step;
    w->sent_at = th_ms();
}

/* One look at Paku Paku with people at the keyboard: they press their
 * keys; once, the pause with its rules; then they quit. */
static void step_paku(walker *w, const char *s)
{
    if (strstr(s, "Starting in") || strstr(s, "Going on in"))
        return;
    if (strstr(s, "GAME OVER")) {
        th_keys(&w->t, "q");
        w->done = true;
        return;
    }
    w->keys++;
    if (w->keys == 40) {
        static const char *const pause[][2] = {{"Tab", "Paused:"}, {"?", "the rules in short"},
                                               {"q", "Paused:"},   {"l", "Game log"},
                                               {"q", "Paused:"},   {NULL}};
        visits(w, pause);
        th_keys(&w->t, "x");
        return;
    }
    if (w->keys >= 120) {
        visit(w, "q", "Quit this game?");
        th_keys(&w->t, "y");
        w->done = true;
        return;
    }
    int n = 0;
    while (w->paku_keys[n])
        n++;
    th_keys(&w->t, w->paku_keys[w->keys % n]);
}

/* Two people with their own keys; one with the keys of one. */
static const char *const two_people[] = {"z", "x", "x", "c", "c", "v", "v",
                                         "m", ",", ",", ".", "/", NULL};
static const char *const one_person[] = {"r", "p", "Space", "b", "Space", "c", "Space", NULL};

/* Drives every walker until each is done, then checks their records. */
static void walk_all(void)
{
    for (;;) {
        bool all = true;
        for (int i = 0; i < nwalkers; i++) {
            walker *w = &walkers[i];
            if (w->done)
                continue;
            all = false;
            if (th_ms() > w->give_up) {
                th_dump(&w->t, "too long");
                fail_msg("%s: not done in time", w->what);
            }
            const char *s = th_capture(&w->t);
            if (w->kind == TURNS)
                step_turns(w, s);
            else if (w->kind == PAKU_PEOPLE)
                step_paku(w, s);
            else if (th_ms() > w->give_up - 5000) { /* watched long enough */
                visit(w, "q", "Quit this game?");
                th_keys(&w->t, "y");
                w->done = true;
            }
        }
        if (all)
            break;
        th_sleep(60);
    }
    for (int i = 0; i < nwalkers; i++)
        th_stop(&walkers[i].t);
    for (int i = 0; i < nwalkers; i++)
        expect_no_clips(&walkers[i]);
}

/* The menu, each game's rules from it, and each game's seating screen
 * with its whole list, every kind of seat, the most seats and the option
 * prompt. */
static void menu_rules_and_seating(void **state)
{
    (void)state;
    for (int k = 0; k < NSIZES; k++) {
        walker *w = start(k, "--pace 0", TURNS, 120);
        if (!th_wait(&w->t, "Which game shall we play?", 5000))
            fail_msg("%s: no menu", w->what);
        for (int i = 0; i < pf_game_count(); i++) {
            const pf_game *g = pf_game_at(i);
            char key[16], title[80];
            snprintf(title, sizeof title, "%s: the rules in short", g->title);
            visit(w, "?", title);
            visit(w, "End", "(end)");
            visit(w, "q", "Which game shall we play?");
            snprintf(key, sizeof key, "%d", i + 1);
            visit(w, key, "who plays?");
            for (int n = 0; n < g->max_seats; n++)
                th_keys(&w->t, "+");
            for (int n = 0; n < 16; n++) /* every kind of seat, one after another */
                visit(w, "Right", "seat 1  <");
            for (int n = 0; n < 12; n++)
                th_keys(&w->t, "NPage");
            static const char *const prompts[][2] = {
                {"v", "Option as key=value"}, {"Escape", "who plays?"}, {"e", "Name:"},
                {"Escape", "who plays?"}, {"Escape", "Which game shall we play?"}, {NULL}};
            visits(w, prompts);
            th_keys(&w->t, "Down");
        }
        th_keys(&w->t, "q");
        w->done = true;
    }
    walk_all();
}

/* A whole game of each, alone and hot seat, side by side. */
static void whole_games(void **state)
{
    (void)state;
    for (int k = 0; k < NSIZES; k++) {
        start(k, "pizza --seats you,bot:memory,bot:memory,bot:memory --seed 7 --pace 0", TURNS,
              150);
        start(k, "pancake --seats ana,ben,bot:medium --seed 11 --pace 0", TURNS, 150);
        start(k, "passfood --seats you,bot:medium,bot:medium,bot:medium --seed 5 --pace 0",
              TURNS, 150);
        /* the bots alone to the end; people with their own keys */
        start(k, "pakupaku --seats bot:expert,bot:expert,bot:expert,bot:expert --seed 5 "
                 "--option limit=5",
              TURNS, 150);
        start(k, "pakupaku --seats ana,ben,bot:child --seed 3", PAKU_PEOPLE, 150)->paku_keys =
            two_people;
        start(k, "pakupaku --seats you,bot:child,bot:child,bot:child,bot:child,bot:child,"
                 "bot:child,bot:child --seed 3",
              PAKU_PEOPLE, 150)->paku_keys = one_person;
        /* the most seats, every one busy at times: watched for a while */
        start(k, "pakupaku --seats bot:skilled,bot:skilled,bot:skilled,bot:skilled,bot:skilled,"
                 "bot:skilled,bot:skilled,bot:skilled --seed 3",
              WATCH, 45);
    }
    walk_all();
}

/* The offer to resume an unfinished game (eight seats: their names over
 * two rows at 80 columns). */
static void resume_offer(void **state)
{
    (void)state;
    for (int k = 0; k < NSIZES; k++) {
        walker *w = start(k,
                          "pakupaku --seats bot:skilled,bot:skilled,bot:skilled,bot:skilled,"
                          "bot:skilled,bot:skilled,bot:skilled,bot:skilled --seed 3",
                          TURNS, 30);
        if (k > 0) /* the last size's game is offered first */
            visit(w, "n", "Starting in");
        int moves = 2;
        if (!th_wait_until(&w->t, th_moved_at_least, &moves, 10000)) {
            th_dump(&w->t, "no moves");
            fail_msg("%s: not %d moves", w->what, moves);
        }
        visit(w, "q", "Quit this game?");
        th_keys(&w->t, "y");
        w->done = true;
        th_stop(&w->t);
        keep_games = true;
        w = start(k, "--pace 0", TURNS, 30);
        keep_games = false;
        if (!th_wait(&w->t, "Resume it?", 5000)) {
            th_dump(&w->t, "no offer");
            fail_msg("%s: no offer to resume", w->what);
        }
        visit(w, "n", "Which game shall we play?");
        th_keys(&w->t, "q");
        w->done = true;
    }
    walk_all();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(menu_rules_and_seating, stop_all),
        cmocka_unit_test_teardown(whole_games, stop_all),
        cmocka_unit_test_teardown(resume_offer, stop_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
