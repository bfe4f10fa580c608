/* test_seats.c: who sits where (ruling C-1). Seat 0 starts every game, so
 * the default seating is drawn at random: the person is not always first.
 * An order the people chose (--seats, a saved game's seating) is kept. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/seating.h"
#include "pf_test.h"

static pf_seating parsed(const char *list)
{
    pf_seating s;
    pf_error err;
    if (pf_seating_parse(&s, pf_test_game("passfood"), list, &err) != 0)
        fail_msg("'%s': %s", list, err.msg);
    return s;
}

static int seat_of(const pf_seating *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (!s->bot[i] && strcmp(s->name[i], name) == 0)
            return i;
    return -1;
}

/* C-1: the shuffle moves whole seats (name and bot together), the same game
 * seed gives the same seating, and every seat comes up for the person. Over
 * 600 seeds each of 3 seats is expected 200 times (sd 11.5); at least 100 is
 * nearly 9 sd below, out of chance's reach. */
static void shuffle_is_a_fair_permutation(void **state)
{
    (void)state;
    const pf_seating start = parsed("ana,bot:greedy,ben,bot:random");
    int ana_at[4] = {0};
    for (uint64_t seed = 1; seed <= 600; seed++) {
        pf_seating s = start, again = start;
        pf_seating_shuffle(&s, seed);
        pf_seating_shuffle(&again, seed);
        assert_memory_equal(&s, &again, sizeof s);
        assert_int_equal(s.n, 4);
        for (int i = 0; i < 4; i++) {
            int j = 0;
            while (j < 4 && strcmp(start.name[j], s.name[i]) != 0)
                j++;
            assert_true(j < 4);
            assert_ptr_equal(s.bot[i], start.bot[j]);
        }
        assert_true(seat_of(&s, "ben") >= 0);
        ana_at[seat_of(&s, "ana")]++;
    }
    for (int i = 0; i < 4; i++)
        if (ana_at[i] < 100)
            fail_msg("ana sat at seat %d only %d times in 600", i, ana_at[i]);
}

/* Runs `sh -c cmd` and returns the line of its stdout that starts with
 * `prefix` (static buffer; empty when there is none). */
static const char *line_of(const char *cmd, const char *prefix)
{
    static char line[512];
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char buf[512];
    line[0] = '\0';
    while (fgets(buf, sizeof buf, p))
        if (!line[0] && strncmp(buf, prefix, strlen(prefix)) == 0)
            snprintf(line, sizeof line, "%s", buf);
    pclose(p);
    return line;
}

/* The seat (from 0) the person "you" got, from `partyfood play ... --plain`'s
 * header, which counts from 1 ("...: 3 seats. 1=medium (bot) 2=you 3=medium (bot)"). */
static int your_seat(const char *args)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s play passfood --plain %s </dev/null", pf_test_bin(), args);
    const char *h = line_of(cmd, "Pass the Party Food: 3 seats.");
    for (int i = 0; i < 3; i++) {
        char want[16];
        snprintf(want, sizeof want, " %d=you", i + 1);
        if (strstr(h, want))
            return i;
    }
    fail_msg("no seat for 'you' in the header '%s' of: %s", h, cmd);
    return -1;
}

static int your_seat_seed(int seed)
{
    char args[32];
    snprintf(args, sizeof args, "--seed %d", seed);
    return your_seat(args);
}

/* C-1: `partyfood play` without --seats seats you at random (from the seed,
 * so --seed replays the seating); an explicit --seats keeps its order. */
static void play_seats_you_at_random_unless_told(void **state)
{
    (void)state;
    int seen = 0;
    for (int seed = 1; seed <= 12; seed++) {
        char args[128];
        snprintf(args, sizeof args, "--seed %d", seed);
        int at = your_seat(args);
        assert_int_equal(your_seat(args), at);
        seen |= 1 << at;
        snprintf(args, sizeof args, "--seed %d --seats you,bot:medium,bot:medium", seed);
        assert_int_equal(your_seat(args), 0);
        snprintf(args, sizeof args, "--seed %d --seats bot:medium,bot:medium,you", seed);
        assert_int_equal(your_seat(args), 2);
    }
    assert_true(seen & ~1); /* not always seat 0 */
}

/* C-1: a game saved in line mode keeps no seating; resumed without --seats
 * it is seated again from its seed, so the person finds their own seat. */
static void resumed_game_keeps_the_drawn_seat(void **state)
{
    (void)state;
    char dir[] = "/tmp/pf-seats-XXXXXX";
    assert_non_null(mkdtemp(dir));
    int seed = 1; /* a seed that does not seat you first, so the check has teeth */
    while (seed < 12 && your_seat_seed(seed) == 0)
        seed++;
    assert_int_not_equal(your_seat_seed(seed), 0);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "printf 'save %s/g.json\\nquit\\n' | %s play passfood --plain --seed %d "
             ">/dev/null", dir, pf_test_bin(), seed);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "--resume %s/g.json", dir);
    assert_int_equal(your_seat(cmd), your_seat_seed(seed));
    pf_test_remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shuffle_is_a_fair_permutation),
        cmocka_unit_test(play_seats_you_at_random_unless_told),
        cmocka_unit_test(resumed_game_keeps_the_drawn_seat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
