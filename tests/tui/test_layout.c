/* test_layout.c: every game's screen shows everything at 80x24, the
 * advertised minimum, and at a large size (issue 13): each seat, slice,
 * pile, pawn and penalty bar, with the most seats the game takes. */
#include <string.h>

#include "tui_harness.h"

static const int sizes[][2] = {{80, 24}, {100, 40}};

/* The screen's row that holds `text`, copied into row; false when none. */
static bool row_with(const char *screen, const char *text, char *row, size_t n)
{
    const char *at = strstr(screen, text);
    if (!at)
        return false;
    const char *start = at;
    while (start > screen && start[-1] != '\n')
        start--;
    const char *end = strchr(at, '\n');
    size_t len = end ? (size_t)(end - start) : strlen(start);
    if (len >= n)
        len = n - 1;
    memcpy(row, start, len);
    row[len] = '\0';
    return true;
}

/* Whether the track ". . @" and the rows under it hold the pawns Z, 1, 2,
 * 3 and 4 (four players and Ziggy). */
static bool pawns_under_track(const char *s, void *arg)
{
    (void)arg;
    const char *track = strstr(s, ". . @");
    if (!track)
        return false;
    const char *below = track;
    while (below > s && below[-1] != '\n')
        below--;
    below--; /* the track's own row is the first one read */
    char pawns[6] = {0};
    const char *want = "Z1234";
    for (int r = 0; r < 5 && below; r++) {
        const char *end = strchr(below + 1, '\n');
        for (const char *c = below + 1; c < (end ? end : below + strlen(below)) && c < below + 40;
             c++)
            if (strchr(want, *c) && *c)
                pawns[strchr(want, *c) - want] = *c;
        below = end;
    }
    return strcmp(pawns, want) == 0;
}

/* Whether the screen's row holding texts[0] also holds one of texts[1..]
 * (NULL ends them). */
static bool row_holds(const char *screen, void *arg)
{
    const char *const *texts = arg;
    char row[400];
    if (!row_with(screen, texts[0], row, sizeof row))
        return false;
    for (int i = 1; texts[i]; i++)
        if (strstr(row, texts[i]))
            return true;
    return false;
}

/* Fails (printing the screen) unless the row holding texts[0] comes to hold
 * one of texts[1..]. */
static void expect_row(th *t, const char *const *texts)
{
    if (!th_wait_until(t, row_holds, (void *)texts, 2000)) {
        th_dump(t, texts[0]);
        fail_msg("the row of \"%s\" does not hold \"%s\"", texts[0], texts[1]);
    }
}

static void expect_all(th *t, const char *const *texts)
{
    for (int i = 0; texts[i]; i++)
        th_expect(t, texts[i], 2000);
}

static void passfood_shows_everything(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        th t;
        th_start(&t, sizes[k][0], sizes[k][1],
                 "passfood --seats you,bot:random,bot:random,bot:random --seed 5 --pace 0");
        th_expect(&t, "Ziggy (Z)", 5000);
        /* also what a full row scores (pt) and how close Ziggy is */
        static const char *const texts[] = {"1 you", "2 random 1", "3 random 2", "4 random 3", "bag: ",
                                            "discard: ", "a) carry on", "5 5 5 5 5 pt",
                                            "behind the last pawn", "lowercase: empty", NULL};
        expect_all(&t, texts);
        /* a board's title reads alone, not as "pt 1 you" (issue 34) */
        th_refute(&t, "pt 1 you");
        /* The pawns: all four players and Ziggy start near space 0; Ziggy
         * stands on the track and every player's pawn in the rows under it,
         * none hidden by another. */
        if (!th_wait_until(&t, pawns_under_track, NULL, 2000)) {
            th_dump(&t, "a pawn is missing under the track");
            fail_msg("not every pawn (Z1234) is on the track");
        }
        th_keys(&t, "q");
        th_keys(&t, "y");
        th_stop(&t);
    }
}

static void pizza_shows_everything(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        th t;
        th_start(&t, sizes[k][0], sizes[k][1],
                 "pizza --seats you,bot:memory,bot:memory,bot:memory --seed 7 --pace 0");
        th_expect(&t, "Slices (6 toppings", 5000);
        static const char *const texts[] = {"R red    handle", "Y yellow handle",
                                            "G green  handle", "B blue   handle",
                                            "[  0 ]", "[ 31 ]", NULL};
        expect_all(&t, texts);
        th_keys(&t, "q");
        th_keys(&t, "y");
        th_stop(&t);
    }
}

static void pancake_shows_everything(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        th t;
        th_start(&t, sizes[k][0], sizes[k][1],
                 "pancake --seats ana,bo,cy,di --seed 11 --pace 0");
        th_expect(&t, "Pass the keyboard", 5000);
        th_keys(&t, "Enter");
        th_expect(&t, "Piles (12 pancakes win)", 5000);
        static const char *const texts[] = {"ana ", "bo ", "cy ", "di ", "On the table:",
                                            "face up:", NULL};
        expect_all(&t, texts);
        const char *names[] = {"    ana", "    bo", "    cy", "    di"};
        for (int i = 0; i < 4; i++) {
            const char *const pile[] = {names[i], "............", NULL};
            expect_row(&t, pile);
        }
        th_keys(&t, "q");
        th_keys(&t, "y");
        th_stop(&t);
    }
}

static void pakupaku_shows_everything(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        th t;
        th_start(&t, sizes[k][0], sizes[k][1],
                 "pakupaku --seats you,bot:child,bot:child,bot:child,bot:child,bot:child,"
                 "bot:child,bot:child --seed 3");
        th_expect(&t, "The tower", 5000);
        static const char *const texts[] = {"Round 1: the game ends at 10 points.",
                                            "Holding", "supply: P", "the mat", NULL};
        expect_all(&t, texts);
        char seat[16];
        for (int i = 1; i <= 8; i++) {
            snprintf(seat, sizeof seat, " %d %s", i, i == 1 ? "you" : "child");
            /* the penalty bar: ten cells, a '#' per point */
            const char *const bar[] = {seat, "..........", "#", NULL};
            expect_row(&t, bar);
        }
        th_keys(&t, "q");
        th_keys(&t, "y");
        th_stop(&t);
    }
}

/* Paku Paku's key hint wraps over the choices' rows at 80 columns: the
 * stacking keys' line once lost its end ("then SPA"), and two people's
 * keys are two lines. An event longer than 80 columns goes on over the
 * strip's next row, not cut (issue 13): a long name's stack ends with its
 * piece count. */
static void pakupaku_hint_and_events_are_whole(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, "pakupaku --seats annabelle-the-great,ben --seed 3 --option dice=D,D,D,D");
    th_expect(&t, "The tower", 5000);
    th_after_countdown(&t);
    th_expect(&t, "annabelle-the-great: z roll  x plate  c bowl  v cup", 3000);
    th_expect(&t, "(a piece's key again drops it)", 1000);
    th_keys(&t, "z");
    th_expect(&t, "annabelle-the-great rolls", 3000);
    th_keys(&t, "x");
    th_expect(&t, "=P=", 3000); /* the plate swings over the mat: the next x drops it */
    th_keys(&t, "x");
    th_expect(&t, "annabelle-the-great stacks a plate", 3000);
    th_expect(&t, "piece)", 1000); /* the last word, on the row after */
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

/* The pager's key line fits 80 columns with a log of 100 lines and more
 * (it lost 'close'). Four bots play a whole Pancake game. */
static void the_log_key_line_fits(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24,
             "pancake --seats bot:random,bot:random,bot:random,bot:random --seed 3 --pace 0");
    th_expect(&t, "GAME OVER", 10000);
    th_keys(&t, "l");
    th_expect(&t, " (end)", 2000);
    th_expect(&t, "q close", 1000);
    th_keys(&t, "q");
    th_keys(&t, "q");
    th_stop(&t);
}

/* Every choice has a key and a whole label (issue 13): the list pages by
 * PgDn, each page lettered from a), and no name is cut. */
static void every_choice_has_a_key(void **state)
{
    (void)state;
    th t;
    /* the bots wait 5 s (--pace), so the offer shows until answered */
    th_start(&t, 80, 24, "passfood --seats you,bot:random,bot:random,bot:random --seed 5 --pace 5000");
    th_expect(&t, "a) carry on", 5000);
    th_expect(&t, "d) swap: biscuit to random 1", 1000);
    th_expect(&t, "1-6 of 9 (PgDn)", 1000);
    th_keys(&t, "NPage");
    th_expect(&t, "a) swap: fairy bread to random 2", 2000);
    th_refute(&t, "a) carry on");
    th_keys(&t, "c");
    th_expect(&t, "A swap from you to random 3", 3000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

/* Pass the Party Food: what every full column and row scores is on each
 * board, and the turn line warns when Ziggy's next tile could give him a
 * set that catches the last pawn (issue 13). */
static void passfood_shows_what_sets_are_worth(void **state)
{
    (void)state;
    th t;
    /* Ziggy has two lamingtons (a column of three scores 3) and is one
     * space behind both pawns. */
    th_start(&t, 80, 24,
             "passfood --seats you,bot:random --seed 5 --pace 0 --option ziggy=LL "
             "--option zpos=5 --option pos=6,6");
    th_expect(&t, "Ziggy is 1 behind the last pawn: a lamington lets him catch up!", 5000);
    /* two boards and Ziggy's leave room for wider cells at 80 columns */
    th_expect(&t, "2  2  3  3  3  pt", 1000); /* Ziggy's columns */
    th_expect(&t, "5  5  5  5  5  pt", 1000); /* the players' */
    th_expect(&t, "L  12", 1000);             /* Ziggy's first row */
    th_expect(&t, "2 bot random", 1000);      /* a whole name */
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    /* Far ahead, the same board is no danger. */
    th_start(&t, 80, 24,
             "passfood --seats you,bot:random --seed 5 --pace 0 --option ziggy=LL "
             "--option zpos=5 --option pos=20,20");
    th_expect(&t, "Ziggy (Z) is 15 spaces behind the last pawn.", 5000);
    th_refute(&t, "lets him");
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    /* Ziggy ahead of a pawn (the party ends with that player's turn). */
    th_start(&t, 80, 24,
             "passfood --seats you,bot:random --seed 5 --pace 0 --option zpos=10 "
             "--option pos=5,20");
    th_expect(&t, "Ziggy (Z) has caught up with the last pawn.", 5000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
    /* A row missing only its snake scores 12: enough for 10 spaces. */
    th_start(&t, 80, 24,
             "passfood --seats you,bot:random --seed 5 --pace 0 --option ziggy=BFPL "
             "--option zpos=20 --option pos=30,30");
    th_expect(&t, "Ziggy is 10 behind the last pawn: a snake lets him catch up!", 5000);
    th_keys(&t, "q");
    th_keys(&t, "y");
    th_stop(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(passfood_shows_everything, th_teardown),
        cmocka_unit_test_teardown(passfood_shows_what_sets_are_worth, th_teardown),
        cmocka_unit_test_teardown(pizza_shows_everything, th_teardown),
        cmocka_unit_test_teardown(pancake_shows_everything, th_teardown),
        cmocka_unit_test_teardown(pakupaku_shows_everything, th_teardown),
        cmocka_unit_test_teardown(pakupaku_hint_and_events_are_whole, th_teardown),
        cmocka_unit_test_teardown(the_log_key_line_fits, th_teardown),
        cmocka_unit_test_teardown(every_choice_has_a_key, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
