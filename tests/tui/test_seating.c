/* test_seating.c: the seating screen draws the order of the seats at random
 * unless the host keeps the order shown (ruling C-1: seat 0 starts, and who
 * sits there is the host's choice, by default random). */
#include <unistd.h>

#include "tui_harness.h"

#include "partyfood/game.h"

/* Opens the seating screen of game `id` from the menu in a w x h terminal. */
static void open_game_seating(th *t, int w, int h, const char *id, const char *args)
{
    th_start(t, w, h, args);
    th_expect(t, "Which game shall we play?", 5000);
    for (int i = 0; i < pf_game_count(); i++)
        if (strcmp(pf_game_at(i)->id, id) == 0) {
            char key[16];
            snprintf(key, sizeof key, "%d", i + 1);
            th_keys(t, key);
        }
    th_expect(t, "who plays?", 3000);
}

/* Opens the seating screen of Pass the Party Food (menu, with --seed). */
static void open_seating(th *t, int seed)
{
    char args[64];
    snprintf(args, sizeof args, "--seed %d --pace 0", seed);
    open_game_seating(t, 100, 40, "passfood", args);
}

/* The seat number (1..3) the game screen shows for "you", or 0. */
static int your_board(th *t)
{
    th_expect(t, "behind the last pawn", 5000);
    for (int i = 1; i <= 3; i++) {
        char title[16];
        snprintf(title, sizeof title, "%d you", i);
        if (strstr(th_capture(t), title))
            return i;
    }
    th_dump(t, "no board titled 'you'");
    return 0;
}

/* C-1: by default the order is drawn: over a few seeds "you" (listed first)
 * does not always get seat 1; with `o` the order shown is kept. */
static void seating_is_drawn_unless_kept(void **state)
{
    (void)state;
    int moved = 0;
    for (int seed = 1; seed <= 8 && !moved; seed++) {
        th t;
        open_seating(&t, seed);
        th_expect(&t, "seat 1  < person: you", 1000);
        th_expect(&t, "order: drawn at random", 1000);
        th_keys(&t, "Enter");
        int at = your_board(&t);
        assert_int_not_equal(at, 0);
        th_stop(&t);
        if (at == 1)
            continue;
        moved = seed;
        /* the same seed with the order kept: you sit first */
        open_seating(&t, seed);
        th_keys(&t, "o");
        th_expect(&t, "order: as shown", 1000);
        th_keys(&t, "Enter");
        assert_int_equal(your_board(&t), 1);
        th_stop(&t);
    }
    assert_true(moved > 0);
}

/* The menu seats the bots `play GAME` seats (medium), and its `?` shows
 * the chosen game's rules (issue 13). */
static void menu_defaults_and_rules(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, "--pace 0");
    th_expect(&t, "Which game shall we play?", 5000);
    th_expect(&t, "? rules   q quits", 1000);
    th_keys(&t, "?");
    th_expect(&t, "the rules in short", 3000);
    th_keys(&t, "q");
    th_expect(&t, "Which game shall we play?", 3000);
    th_stop(&t);
    open_seating(&t, 1);
    th_expect(&t, "seat 2  < bot: medium", 1000);
    th_keys(&t, "q");
    th_stop(&t);
}

/* The seating screen sets a game's options (issue 13): a bad value is
 * refused there with the game's reason, a good one reaches the table. */
static void menu_sets_options(void **state)
{
    (void)state;
    th t;
    th_start(&t, 80, 24, "--pace 0");
    th_expect(&t, "Which game shall we play?", 5000);
    for (int i = 0; i < pf_game_count(); i++)
        if (strcmp(pf_game_at(i)->id, "pakupaku") == 0) {
            char key[16];
            snprintf(key, sizeof key, "%d", i + 1);
            th_keys(&t, key);
        }
    th_expect(&t, "who plays?", 3000);
    th_keys(&t, "NPage NPage NPage"); /* the options follow the bots */
    th_expect(&t, "limit = 10", 1000);
    th_keys(&t, "v");
    th_keys(&t, "limit=99 Enter");
    th_expect(&t, "limit", 1000);
    th_expect(&t, "99", 1000); /* the game's reason names the value */
    th_expect(&t, "limit = 10", 1000);
    th_keys(&t, "v");
    th_keys(&t, "limit=15 Enter");
    th_expect(&t, "limit = 15", 1000);
    th_keys(&t, "Enter");
    th_expect(&t, "the game ends at 15 points", 8000);
    th_stop(&t);
}

/* The seating screen describes every bot the seats can take, the default
 * medium too, in a list that scrolls whole lines into sight (PgDn), the
 * selected seat's bot among them; it sets the bots' pace (issue 34). */
static void seating_lists_bots_and_pace(void **state)
{
    (void)state;
    th t;
    open_game_seating(&t, 80, 24, "pizza", ""); /* ten bots */
    th_expect(&t, "medium     level 3 of 5: a sensible player; here", 1000);
    th_expect(&t, "bots' pace: 2 s after each move", 1000);
    th_refute(&t, "forgetful  ");
    th_keys(&t, "p");
    th_expect(&t, "bots' pace: 3 s after each move", 1000);
    /* the selected seat's bot comes into sight as it changes */
    th_keys(&t, "Down Left Left Left Left"); /* from medium: easy, random, person, forgetful */
    th_expect(&t, "seat 2  < bot: forgetful", 1000);
    th_expect(&t, "forgetful  the memory bot's play, remembering only the last 6", 1000);
    th_keys(&t, "PPage PPage PPage");
    th_expect(&t, "random     picks uniformly", 1000);
    th_keys(&t, "NPage NPage NPage NPage");
    th_expect(&t, "kinds = 4   How many of the four toppings", 1000);
    th_expect(&t, "switches = true", 1000);
    th_keys(&t, "q");
    th_stop(&t);
}

/* At 60x20, the least the seating screen takes, eight seats go in two
 * columns and leave the list under them rows enough for the marked seat's
 * bot, described whole; every seat shows, a long name whole, nothing is
 * cut (one column left the list a single row). */
static void eight_seats_fit_60x20(void **state)
{
    (void)state;
    char clips[96];
    snprintf(clips, sizeof clips, "%s/clips", th_state_dir());
    unlink(clips);
    setenv("PF_TUI_CLIPS", clips, 1);
    th t;
    open_game_seating(&t, 60, 20, "pakupaku", "--pace 0");
    /* the table needs more than the seating: said before Enter */
    th_expect(&t, "The game needs a window of 80x24 or more", 1000);
    th_expect(&t, "60x20): make it bigger before Enter.", 1000);
    th_keys(&t, "+ + + + +");
    th_expect(&t, "8 bot: medium", 1000);
    th_keys(&t, "Down Down Down Down Down Down e");
    th_keys(&t, "Alexandra Space Longnames Enter");
    th_expect(&t, "7 \"Alexandra Longnames\"", 1000);
    th_keys(&t, "Down Right"); /* seat 8: hard, and its description comes into sight */
    th_expect(&t, "8 bot: hard", 1000);
    const char *s = th_capture(&t);
    for (int i = 1; i <= 6; i++) {
        char seat[32];
        snprintf(seat, sizeof seat, "%d %s", i, i == 1 ? "\"you\"" : "bot: medium");
        if (!strstr(s, seat)) {
            th_dump(&t, seat);
            fail_msg("seat %d is not on the screen", i);
        }
    }
    int first = 0, last = 0;
    const char *rows = strstr(s, " rows ");
    if (!rows || sscanf(rows, " rows %d-%d", &first, &last) != 2 || last - first + 1 < 4) {
        th_dump(&t, "the list under the seats");
        fail_msg("the list has fewer than 4 rows");
    }
    th_expect(&t, "hard       level 4 of 5; here the skilled profile: quick", 1000);
    th_expect(&t, "hands, aims where the whole tower stands", 1000);
    th_keys(&t, "q");
    th_stop(&t);
    unsetenv("PF_TUI_CLIPS");
    FILE *f = fopen(clips, "r");
    if (f) {
        char line[512] = "";
        if (!fgets(line, sizeof line, f))
            line[0] = '\0';
        fclose(f);
        fail_msg("the seating screen cut a text: %s", line);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(seating_is_drawn_unless_kept, th_teardown),
        cmocka_unit_test_teardown(menu_defaults_and_rules, th_teardown),
        cmocka_unit_test_teardown(menu_sets_options, th_teardown),
        cmocka_unit_test_teardown(seating_lists_bots_and_pace, th_teardown),
        cmocka_unit_test_teardown(eight_seats_fit_60x20, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
