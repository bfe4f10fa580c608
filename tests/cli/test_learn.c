/* test_learn.c: `partyfood learn GAME` in the line mode (issue 30): each
 * game's lesson played to its end by typed lines (Enter past a note or a
 * scripted move with words, the move the lesson asks for by its name), the
 * optional chapter too; another move refused with the lesson's reason and
 * nothing changed; the chapters listed, started again and skipped; a bad
 * game or chapter a clear error.
 *
 * The lines are written from the lesson itself (lesson.h), as a person who
 * follows its words would type them. A typed toss or stack is an aim the
 * hand wobbles around (plain_skill.h), so it is typed a few times: a line
 * that misses is refused and changes nothing, and a line the lesson does
 * not ask for at a note only says to press Enter. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "partyfood/lesson.h"
#include "pf_test.h"

#define SKILL_TRIES 12

/* Whether only optional chapters come after chapter c. */
static bool ends_lesson(const pf_lesson *l, int c)
{
    for (int k = c + 1; k < pf_lesson_chapters(l); k++)
        if (!pf_lesson_chapter_optional(l, k))
            return false;
    return true;
}

/* Writes into f the lines that play the lesson of game from chapter 0 to
 * its end (its optional chapters too, with 'skip'); `wrong` is typed first
 * at the person's first move. Returns the person's moves. */
static int lines_for(const char *game, const char *wrong, FILE *f)
{
    pf_error err;
    pf_lesson *l = pf_lesson_find(game, &err);
    assert_non_null(l);
    pf_lesson_run *r = pf_lesson_start(l, 0, NULL, NULL, &err);
    assert_non_null(r);
    int moves = 0;
    for (int guard = 0; guard < 1000; guard++) {
        pf_lesson_now now;
        pf_lesson_now_get(r, &now);
        if (now.kind == PF_LESSON_YOU) {
            if (moves++ == 0 && wrong)
                fprintf(f, "%s\n", wrong);
            for (int i = 0; i < (now.aim ? SKILL_TRIES : 1); i++)
                fprintf(f, "%s\n", now.act);
            assert_int_equal(pf_lesson_play(r, now.act, &err), PF_E_OK);
            continue;
        }
        if (now.kind == PF_LESSON_BOT && !now.say) { /* played at once, no line */
            assert_int_equal(pf_lesson_next(r, &err), PF_E_OK);
            continue;
        }
        if (now.kind == PF_LESSON_DONE && ends_lesson(l, now.chapter)) {
            if (now.last) {
                fprintf(f, "\n"); /* ends the lesson */
                break;
            }
            fprintf(f, "skip\n"); /* the optional chapter */
        } else {
            fprintf(f, "\n");
        }
        assert_int_equal(pf_lesson_next(r, &err), PF_E_OK);
    }
    pf_lesson_stop(r);
    pf_lesson_free(l);
    return moves;
}

/* Runs `partyfood learn ARGS --plain` with lines on its input; returns
 * its output and exit status in *rc. */
static char *learn(const char *args, const char *input_path, int *rc)
{
    char out_path[] = "/tmp/pf-learn-out-XXXXXX", cmd[1024];
    int fd = mkstemp(out_path);
    assert_true(fd >= 0);
    close(fd);
    snprintf(cmd, sizeof cmd, "%s learn %s --plain <%s >%s 2>&1", pf_test_bin(), args,
             input_path ? input_path : "/dev/null", out_path);
    int st = system(cmd);
    *rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    char *out = pf_test_read(out_path);
    unlink(out_path);
    return out;
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (; (s = strstr(s, what)); s += strlen(what))
        n++;
    return n;
}

static void lesson_to_the_end(const char *game, const char *wrong, const char *reason)
{
    char in_path[] = "/tmp/pf-learn-in-XXXXXX";
    int fd = mkstemp(in_path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    int moves = lines_for(game, wrong, f);
    fclose(f);
    int rc;
    char *out = learn(game, in_path, &rc);
    unlink(in_path);
    if (rc != 0 || !strstr(out, "> You finished the lesson!"))
        fprintf(stderr, "%s\n", out);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "> You finished the lesson!"));
    char you[80];
    snprintf(you, sizeof you, "You (seat 1): ");
    assert_true(count(out, you) >= moves); /* each of the person's moves, played */
    if (wrong) {
        assert_non_null(strstr(out, reason));
        assert_non_null(strstr(out, "(look at: "));
    }
    free(out);
}

static void pizza_in_lines(void **state)
{
    (void)state;
    lesson_to_the_end("pizza", "flip 5", "Not that one yet: try the piece that shines.");
}

static void pancake_in_lines(void **state)
{
    (void)state;
    lesson_to_the_end("pancake", NULL, NULL);
}

static void passfood_in_lines(void **state)
{
    (void)state;
    lesson_to_the_end("passfood", NULL, NULL);
}

static void pakupaku_in_lines(void **state)
{
    (void)state;
    lesson_to_the_end("pakupaku", NULL, NULL);
}

/* The chapters: listed, skipped, started again, chosen; quit leaves. */
static void chapters_in_lines(void **state)
{
    (void)state;
    char in_path[] = "/tmp/pf-learn-in-XXXXXX";
    int fd = mkstemp(in_path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "chapters\nskip\n\nagain\nchapter 4\nchapter 9\nquit\n");
    fclose(f);
    int rc;
    char *out = learn("pizza", in_path, &rc);
    unlink(in_path);
    assert_int_equal(rc, 1); /* left before the end */
    assert_non_null(strstr(out, "The chapters of Learn Pizza Party:"));
    assert_non_null(strstr(out, "1) Turning over   <- you are here"));
    assert_int_equal(count(out, "== Chapter 2 of 5: Putting pieces back =="), 2);
    assert_non_null(strstr(out, "== Chapter 4 of 5:"));
    assert_non_null(strstr(out, "The chapters are 1 to 5."));
    free(out);
}

/* The table names the seats as the captions do (You, Sam), and a
 * chapter's setup comes under its heading. */
static void names_and_heading_first(void **state)
{
    (void)state;
    int rc;
    char *out = learn("passfood", NULL, &rc);
    const char *heading = strstr(out, "== Chapter 1 of 5:"), *dealt = strstr(out, "You start with");
    assert_non_null(heading);
    assert_non_null(dealt);
    assert_true(heading < dealt);
    assert_non_null(strstr(out, "You on space 1"));
    assert_non_null(strstr(out, "Sam on space 1"));
    assert_null(strstr(out, "Seat 1"));
    free(out);
    out = learn("pancake", NULL, &rc);
    assert_non_null(strstr(out, "Piles: You: 0 Sam: 0\n")); /* You, not "You: 0 (you)" */
    free(out);
}

/* A bad game, chapter or argument: a clear error and the usage. */
static void bad_arguments(void **state)
{
    (void)state;
    int rc;
    char *out = learn("pizzza", NULL, &rc);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "pizzza"));
    assert_non_null(strstr(out, "pizza")); /* the game meant, or the games there are */
    free(out);
    out = learn("pizza --chapter 9", NULL, &rc);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "Learn Pizza Party has chapters 1 to 5, not 9"));
    free(out);
    out = learn("", NULL, &rc);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "usage: partyfood learn GAME"));
    free(out);
    out = learn("pizza --chapterr 2", NULL, &rc);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "did you mean --chapter?"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pizza_in_lines),    cmocka_unit_test(pancake_in_lines),
        cmocka_unit_test(passfood_in_lines), cmocka_unit_test(pakupaku_in_lines),
        cmocka_unit_test(chapters_in_lines), cmocka_unit_test(names_and_heading_first),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
