/* test_lessons.c: each game's lesson (web/lessons/<game>.json) played
 * through the real engine by the lesson runner (lesson.h): every scripted
 * move legal, every chapter startable on its own and ending, the lesson
 * ending, and the events and rulings this test lists for each game (not the
 * lesson file) all shown to the person along the way. Then the runner's
 * own promises: other moves refused with the lesson's reason and nothing
 * changed, restart and skip, the lesson's clock in real time, and clear
 * errors for bad files.
 *
 * PF_LESSON_VERBOSE=1 prints every step with what the person was shown. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/lesson.h"
#include "pf_test.h"

/* ---- what each lesson must show --------------------------------------------- */

/* One thing a lesson must show: an event of `kind` visible to the person
 * whose fact `field` (NULL: any event of the kind) reads `value` (a
 * string, or a whole number written out; NULL: any), in a step that has no
 * event of kind `without` (NULL: no such condition). */
typedef struct required {
    const char *what; /* the ruling (RULINGS.md) or the rule */
    const char *kind, *field, *value, *without;
} required;

static const required pizza_required[] = {
    {"PIZ-3 turning over", "flip", NULL, NULL, NULL},
    {"PIZ-3 a", "place", "rule", "a", NULL},
    {"PIZ-3 b", "back", "rule", "b", NULL},
    {"PIZ-3 c", "place", "rule", "c", NULL},
    {"PIZ-3 c'", "back", "rule", "c'", NULL},
    {"PIZ-3 d", "switch", NULL, NULL, "choose"},
    {"PIZ-3 e", "choose", NULL, NULL, NULL},
    {"PIZ-4 the win", "win", NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const required pancake_required[] = {
    {"YYP-1 drawing", "draw", NULL, NULL, NULL},
    {"YYP-2 tossing again", "retoss", NULL, NULL, NULL},
    {"YYP-2 the toss", "toss", NULL, NULL, NULL},
    {"YYP-3 the bonus", "bonus", NULL, NULL, NULL},
    {"YYP-4 picking", "pick", NULL, NULL, NULL},
    {"YYP-4 asking", "ask", NULL, NULL, NULL},
    {"YYP-4 a right guess", "reveal", "right", "true", NULL},
    {"YYP-4 a wrong guess", "reveal", "right", "false", NULL},
    {"YYP-4 stopping", "stop", NULL, NULL, NULL},
    {"YYP-4 turned face-up", "turn_up", NULL, NULL, NULL},
    {"YYP-6 the end: 12 pancakes win", "win", "pancakes", "12", NULL},
    {"YYP-5 the chocolate gamble", "gamble", NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const required passfood_required[] = {
    {"PPF-10 setup", "setup", NULL, NULL, NULL},
    {"Ziggy's draw (step 1)", "zdraw", NULL, NULL, NULL},
    {"PPF-3 Ziggy scores (step 2)", "zscore", NULL, NULL, NULL},
    {"PPF-7 a tile for a plate", "draw", NULL, NULL, NULL},
    {"PPF-7 choosing a plate", "plate", NULL, NULL, NULL},
    {"PPF-7 handing out the plates", "share", NULL, NULL, NULL},
    {"PPF-3 a column", "score", "set", "column", NULL},
    {"PPF-3 a row", "score", "set", "row", NULL},
    {"PPF-8 a swap offered", "swap", "to", NULL, NULL},
    {"PPF-8 a swap made", "swap", "back", NULL, NULL},
    {"PPF-8 a take", "take", NULL, NULL, NULL},
    {"PPF-4 a lucky dip", "dip", NULL, NULL, NULL},
    {"PPF-5 the cake", "cake", NULL, NULL, NULL},
    {"PPF-6 caught: the loss", "lost", "cause", "caught", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const required pakupaku_required[] = {
    {"PAKU-3 rolling", "roll", NULL, NULL, NULL},
    {"PAKU-3 pandas pass left", "roll", "passed", "2", NULL},
    {"PAKU-5 stacking", "stack", NULL, NULL, NULL},
    {"PAKU-5 the tower falls", "collapse", NULL, NULL, NULL},
    {"PAKU-4 too many dice", "stop", "cause", "dice", NULL},
    {"PAKU-6 the penalty for a fall", "stop", "cause", "collapse", NULL},
    {"PAKU-6 a new round", "deal", NULL, NULL, NULL},
    {"PAKU-8 the end", "win", NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* Whether e's fact `field` reads value (a pancake guess is right when it
 * names the topping it is). */
static bool fact_reads(const pf_event *e, const char *field, const char *value)
{
    if (strcmp(field, "right") == 0) {
        const pf_event_field *g = pf_event_find(e, "guess"), *t = pf_event_find(e, "topping");
        return g && t && (strcmp(g->v.s, t->v.s) == 0) == (strcmp(value, "true") == 0);
    }
    const pf_event_field *f = pf_event_find(e, field);
    char text[32];
    if (!f || !value)
        return f != NULL;
    if (f->type == PF_FIELD_STR)
        return strcmp(f->v.s, value) == 0;
    if (f->type != PF_FIELD_INT)
        return false;
    snprintf(text, sizeof text, "%lld", (long long)f->v.i);
    return strcmp(text, value) == 0;
}

/* Whether one step's events (those seat may see) show r. */
static bool step_shows(const pf_events *ev, int seat, const required *r)
{
    bool found = false;
    for (int i = 0; i < ev->n; i++) {
        const pf_event *e = &ev->buf[i];
        if (!pf_event_visible(e, seat))
            continue;
        if (r->without && strcmp(e->kind, r->without) == 0)
            return false;
        found |= strcmp(e->kind, r->kind) == 0 && (!r->field || fact_reads(e, r->field, r->value));
    }
    return found;
}

/* What the person was shown while a lesson played. */
typedef struct watch {
    const required *req;
    bool shown[32];
    int seat, steps;
    bool verbose;
} watch;

static void heard(void *arg, const pf_table_step *st)
{
    watch *w = arg;
    if (!st->ev)
        return;
    w->steps++;
    for (int i = 0; w->req[i].what; i++)
        w->shown[i] |= step_shows(st->ev, w->seat, &w->req[i]);
    if (w->verbose) {
        printf("    %s (seat %d, t=%lld)\n", st->name, st->seat, (long long)st->t_ms);
        for (int i = 0; i < st->ev->n; i++)
            if (pf_event_visible(&st->ev->buf[i], w->seat))
                printf("      %s: %s\n", st->ev->buf[i].kind, st->ev->buf[i].text);
    }
}

/* ---- playing a lesson through ------------------------------------------------ */

static pf_lesson *lesson(const char *id)
{
    pf_error err;
    pf_lesson *l = pf_lesson_find(id, &err);
    if (!l)
        fail_msg("the %s lesson does not load: %s", id, err.msg);
    return l;
}

/* Plays the chapter r stands at to its end, the person making each move
 * asked for (with an aim, its lowest, highest or middle number by `aim`);
 * returns the number of the person's moves. */
static int play_chapter(pf_lesson_run *r, int aim, bool verbose)
{
    pf_lesson_now now;
    pf_error err;
    int yours = 0;
    for (pf_lesson_now_get(r, &now); now.kind != PF_LESSON_DONE; pf_lesson_now_get(r, &now)) {
        if (verbose && now.say)
            printf("  [%d] %s%s\n", now.step + 1, now.kind == PF_LESSON_YOU ? "YOU: " : "",
                   now.say);
        if (now.kind != PF_LESSON_YOU) {
            if (pf_lesson_next(r, &err) != PF_E_OK)
                fail_msg("step %d: %s", now.step + 1, err.msg);
            continue;
        }
        char move[PF_REPLAY_NAME_MAX + 16];
        snprintf(move, sizeof move, "%s", now.act);
        if (now.aim) {
            double x = aim < 0 ? now.aim_lo : aim > 0 ? now.aim_hi : (now.aim_lo + now.aim_hi) / 2;
            snprintf(strrchr(move, ' ') + 1, 16, "%.2f", x);
        }
        if (pf_lesson_play(r, move, &err) != PF_E_OK)
            fail_msg("step %d, the person's '%s': %s", now.step + 1, move, err.msg);
        yours++;
    }
    return yours;
}

/* The whole lesson of game id, chapter after chapter as a person goes
 * through it: it ends, the last chapter leaves the game over, and every
 * required thing was shown. Then each chapter again on its own. */
static void lesson_plays_through(const char *id, const required *req)
{
    bool verbose = getenv("PF_LESSON_VERBOSE") != NULL;
    pf_lesson *l = lesson(id);
    watch w = {.req = req, .seat = pf_lesson_you(l), .verbose = verbose};
    pf_error err;
    pf_lesson_run *r = pf_lesson_start(l, 0, heard, &w, &err);
    assert_non_null(r);
    pf_lesson_now now;
    int yours = 0;
    for (int c = 0;; c++) {
        if (verbose)
            printf("%s chapter %d: %s\n", id, c + 1, pf_lesson_chapter_title(l, c));
        yours += play_chapter(r, 0, verbose);
        pf_lesson_now_get(r, &now);
        assert_int_equal(now.chapter, c);
        /* The game ends in the last chapter, the optional ones after it aside. */
        bool ending = !pf_lesson_chapter_optional(l, c);
        for (int k = c + 1; k < pf_lesson_chapters(l); k++)
            ending &= pf_lesson_chapter_optional(l, k);
        if (ending)
            assert_true(pf_table_over(pf_lesson_table(r), NULL));
        if (now.last)
            break;
        assert_int_equal(pf_lesson_next(r, &err), PF_E_OK);
    }
    assert_int_equal(pf_lesson_next(r, &err), PF_E_GAME_OVER);
    pf_lesson_stop(r);
    for (int i = 0; req[i].what; i++)
        if (!w.shown[i])
            fail_msg("the %s lesson never shows %s (an event '%s'%s%s%s%s)", id, req[i].what,
                     req[i].kind, req[i].field ? " with " : "", req[i].field ? req[i].field : "",
                     req[i].field ? " " : "", req[i].field ? req[i].value : "");
    /* Each chapter on its own, at both ends of every aim. */
    for (int c = 0; c < pf_lesson_chapters(l); c++)
        for (int aim = -1; aim <= 1; aim += 2) {
            r = pf_lesson_start(l, c, NULL, NULL, &err);
            if (!r)
                fail_msg("%s chapter %d does not start on its own: %s", id, c + 1, err.msg);
            play_chapter(r, aim, false);
            pf_lesson_stop(r);
        }
    print_message("%s: %d chapters, %d moves of the person's, %d steps shown\n", id,
                  pf_lesson_chapters(l), yours, w.steps);
    pf_lesson_free(l);
}

static void pizza_lesson(void **state)
{
    (void)state;
    lesson_plays_through("pizza", pizza_required);
}

static void pancake_lesson(void **state)
{
    (void)state;
    lesson_plays_through("pancake", pancake_required);
}

static void passfood_lesson(void **state)
{
    (void)state;
    lesson_plays_through("passfood", passfood_required);
}

static void pakupaku_lesson(void **state)
{
    (void)state;
    lesson_plays_through("pakupaku", pakupaku_required);
}

/* ---- the runner's promises ------------------------------------------------------ */

/* The state's bytes and the number of steps of r's table. */
typedef struct snapshot {
    char state[1024];
    int nsteps;
} snapshot;

static void snap(const pf_lesson_run *r, snapshot *s)
{
    const pf_match *m = pf_table_match(pf_lesson_table(r));
    assert_true(m->game->state_size <= sizeof s->state);
    memcpy(s->state, m->state, m->game->state_size);
    s->nsteps = m->nsteps;
}

static void unchanged(const pf_lesson_run *r, const snapshot *s)
{
    const pf_match *m = pf_table_match(pf_lesson_table(r));
    assert_memory_equal(s->state, m->state, m->game->state_size);
    assert_int_equal(s->nsteps, m->nsteps);
}

/* Goes on until the person must move. */
static void to_your_move(pf_lesson_run *r, pf_lesson_now *now)
{
    pf_error err;
    for (pf_lesson_now_get(r, now); now->kind != PF_LESSON_YOU; pf_lesson_now_get(r, now))
        assert_int_equal(pf_lesson_next(r, &err), PF_E_OK);
}

/* Any other move than the one asked for is refused with the lesson's reason
 * (the step's, else the chapter's, else the lesson's) and changes nothing;
 * so is a move at a note or a bot's step, and Next at the person's move. */
static void other_moves_are_refused_gently(void **state)
{
    (void)state;
    pf_lesson *l = lesson("pizza");
    pf_error err;
    pf_lesson_run *r = pf_lesson_start(l, 1, NULL, NULL, &err);
    assert_non_null(r);
    pf_lesson_now now;
    pf_lesson_now_get(r, &now);
    assert_int_equal(now.kind, PF_LESSON_BOT);
    snapshot before;
    snap(r, &before);
    assert_int_equal(pf_lesson_play(r, "flip 3", &err), PF_E_NOT_YOUR_TURN);
    unchanged(r, &before);
    to_your_move(r, &now);
    assert_string_equal(now.act, "flip 3");
    assert_int_equal(now.nshow, 1);
    assert_string_equal(now.show[0], "cell 3");
    snap(r, &before);
    assert_int_equal(pf_lesson_next(r, &err), PF_E_NOT_YOUR_TURN);
    /* legal by the rules, not the lesson's; not legal at all; not a move */
    static const char *const others[] = {"flip 4", "flip 0", "banana"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(pf_lesson_play(r, others[i], &err), PF_E_ILLEGAL_ACTION);
        assert_string_equal(err.msg, "Remember Sam's onion? It went back here.");
        unchanged(r, &before);
    }
    assert_int_equal(pf_lesson_play(r, "turn over 3", &err), PF_E_OK); /* any spelling */
    to_your_move(r, &now);
    assert_int_equal(pf_lesson_play(r, "flip 9", &err), PF_E_ILLEGAL_ACTION);
    assert_string_equal(err.msg, "Try the new piece that shines.");
    pf_lesson_stop(r);
    /* Without a reason of its own, a step gives the lesson's. */
    r = pf_lesson_start(l, 4, NULL, NULL, &err);
    to_your_move(r, &now);
    assert_int_equal(pf_lesson_play(r, "flip 15", &err), PF_E_ILLEGAL_ACTION);
    assert_string_equal(err.msg, "Not that one yet: try the piece that shines.");
    pf_lesson_stop(r);
    pf_lesson_free(l);
}

/* A skill number must be within the step's aim: a toss outside it is
 * refused like any other move. */
static void an_aim_bounds_the_skill_number(void **state)
{
    (void)state;
    pf_lesson *l = lesson("pakupaku");
    pf_error err;
    pf_lesson_run *r = pf_lesson_start(l, 2, NULL, NULL, &err);
    assert_non_null(r);
    pf_lesson_now now;
    pf_lesson_play(r, "roll", &err);
    to_your_move(r, &now);
    assert_true(now.aim);
    assert_true(now.aim_lo == -3.0 && now.aim_hi == 3.0);
    snapshot before;
    snap(r, &before);
    static const char *const misses[] = {"stack cup 3.01", "stack cup -3.50", "stack bowl 0.00",
                                         "roll"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(pf_lesson_play(r, misses[i], &err), PF_E_ILLEGAL_ACTION);
        unchanged(r, &before);
    }
    assert_int_equal(pf_lesson_play(r, "stack cup -2.75", &err), PF_E_OK);
    pf_lesson_stop(r);
    pf_lesson_free(l);
}

/* Restart gives the chapter's start again; goto starts another; each start
 * is the same table as a fresh start of that chapter. */
static void restart_and_skip(void **state)
{
    (void)state;
    pf_lesson *l = lesson("passfood");
    pf_error err;
    pf_lesson_run *r = pf_lesson_start(l, 2, NULL, NULL, &err), *fresh;
    assert_non_null(r);
    snapshot start;
    snap(r, &start);
    pf_lesson_now now;
    to_your_move(r, &now);
    assert_int_equal(pf_lesson_play(r, now.act, &err), PF_E_OK);
    assert_int_equal(pf_lesson_restart(r, &err), PF_E_OK);
    pf_lesson_now_get(r, &now);
    assert_int_equal(now.chapter, 2);
    assert_int_equal(now.step, 0);
    unchanged(r, &start);
    for (int c = pf_lesson_chapters(l) - 1; c >= 0; c--) {
        assert_int_equal(pf_lesson_goto(r, c, &err), PF_E_OK);
        fresh = pf_lesson_start(l, c, NULL, NULL, &err);
        snap(fresh, &start);
        unchanged(r, &start);
        pf_lesson_stop(fresh);
    }
    assert_int_equal(pf_lesson_goto(r, pf_lesson_chapters(l), &err), PF_E_BAD_REQUEST);
    assert_null(pf_lesson_start(l, -1, NULL, NULL, &err));
    pf_lesson_stop(r);
    pf_lesson_free(l);
}

/* Real time on the lesson's clock: nothing moves while the person thinks;
 * each move is timed after the last by its step's `after`, never before the
 * seat's hands are free (PAKU-10), and the times never go back. */
static void real_time_runs_on_the_lessons_clock(void **state)
{
    (void)state;
    pf_lesson *l = lesson("pakupaku");
    pf_error err;
    pf_lesson_run *r = pf_lesson_start(l, 1, NULL, NULL, &err);
    assert_non_null(r);
    const pf_match *m = pf_table_match(pf_lesson_table(r));
    int64_t last = m->now;
    pf_lesson_now now;
    pf_lesson_now_get(r, &now);
    assert_int_equal(now.kind, PF_LESSON_BOT);
    assert_true(now.t_ms == last + 300); /* Sam's roll: 300 ms after yours */
    for (int c = 1; c < pf_lesson_chapters(l); c++) {
        for (pf_lesson_now_get(r, &now); now.kind != PF_LESSON_DONE; pf_lesson_now_get(r, &now)) {
            if (now.act) {
                assert_true(now.t_ms >= last);
                assert_true(now.t_ms >= m->game->ready_at(m->state, now.seat));
            }
            assert_int_equal(now.kind == PF_LESSON_YOU ? pf_lesson_play(r, now.act, &err)
                                                       : pf_lesson_next(r, &err),
                             PF_E_OK);
            if (now.act)
                assert_true(m->now == now.t_ms);
            last = m->now;
        }
        if (!now.last)
            assert_int_equal(pf_lesson_next(r, &err), PF_E_OK);
        m = pf_table_match(pf_lesson_table(r));
    }
    pf_lesson_stop(r);
    pf_lesson_free(l);
}

/* The hook hears the steps played, and the setup of a chapter that starts
 * from nothing; a chapter that goes on from others starts silently. */
static void the_hook_hears_the_lesson(void **state)
{
    (void)state;
    pf_lesson *l = lesson("passfood");
    pf_error err;
    watch w = {.req = passfood_required, .seat = 0};
    pf_lesson_run *r = pf_lesson_start(l, 0, heard, &w, &err);
    assert_int_equal(w.steps, 1); /* the setup: boards, Ziggy's grab, the first draw */
    assert_true(w.shown[0]);
    pf_lesson_now now;
    to_your_move(r, &now);
    assert_int_equal(pf_lesson_play(r, now.act, &err), PF_E_OK);
    assert_int_equal(w.steps, 2);
    pf_lesson_stop(r);
    w.steps = 0;
    r = pf_lesson_start(l, 2, heard, &w, &err);
    assert_int_equal(w.steps, 0);
    pf_lesson_stop(r);
    pf_lesson_free(l);
}

/* Bad files are refused with a message saying where and what. */
static void bad_files_say_where_and_what(void **state)
{
    (void)state;
    static const struct {
        const char *text, *says;
    } cases[] = {
        {"{", "not JSON"},
        {"{\"format\":\"partyfood-replay\"}", "not a lesson"},
        {"{\"format\":\"partyfood-lesson\",\"version\":2,\"game\":\"pizza\"}",
         "version 2"},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"chess\"}",
         "'chess' is none"},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"chapters\":[]}",
         "at least one chapter"},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"colour\":1,"
         "\"chapters\":[]}",
         "unknown field \"colour\""},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"chapters\":"
         "[{\"id\":\"a\",\"title\":\"A\",\"steps\":[{\"seat\":0,\"act\":\"flip 0\","
         "\"show\":[\"cell x\"]}]}]}",
         "lesson.json: chapter 1 ('a') step 1: \"cell x\" is nothing Pizza Party can highlight"},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"chapters\":"
         "[{\"id\":\"a\",\"title\":\"A\",\"steps\":[{\"seat\":0,\"act\":\"flip 0\"},"
         "{\"seat\":0,\"act\":\"flip 1\"}]}]}",
         "chapter 1 ('a') step 2: 'flip 1' cannot be played there"},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"chapters\":"
         "[{\"id\":\"a\",\"title\":\"A\",\"steps\":[{\"say\":\"Hello.\"}]}]}",
         "no move of the person's"},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"chapters\":"
         "[{\"id\":\"a\",\"title\":\"A\",\"steps\":[{\"seat\":5,\"act\":\"flip 0\"}]}]}",
         "\"seat\" must be a whole number from 0 to 1"},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"chapters\":"
         "[{\"id\":\"a\",\"title\":\"A\",\"steps\":[{\"seat\":1,\"say\":\"Hi.\"}]}]}",
         "a note (no \"act\") has no \"seat\""},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"chapters\":"
         "[{\"id\":\"a\",\"title\":\"A\",\"from\":\"b\",\"steps\":[]}]}",
         "\"from\" names no earlier chapter"},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"chapters\":"
         "[{\"id\":\"a\",\"title\":\"A\",\"options\":{\"kinds\":9},\"steps\":"
         "[{\"seat\":0,\"act\":\"flip 0\"}]}]}",
         "kinds"},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"chapters\":"
         "[{\"id\":\"a\",\"title\":\"A\",\"steps\":[{\"seat\":1,\"act\":\"flip 0\","
         "\"aim\":[0,1]},{\"seat\":0,\"act\":\"flip 1\"}]}]}",
         "\"refuse\" and \"aim\" are for the person's moves"},
        {"{\"format\":\"partyfood-lesson\",\"version\":1,\"game\":\"pizza\",\"chapters\":"
         "[{\"id\":\"a\",\"title\":\"A\",\"steps\":[{\"seat\":0,\"act\":\"flip 0\"},"
         "{\"seat\":1,\"act\":\"flip 1\",\"show\":[\"cell 1\"]}]}]}",
         "another seat's move that shows something needs \"say\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pf_error err = {0};
        pf_lesson *l = pf_lesson_parse(cases[i].text, "lesson.json", &err);
        if (l)
            fail_msg("case %zu loaded; expected \"%s\"", i, cases[i].says);
        assert_int_equal(err.code, PF_E_BAD_LESSON);
        if (!strstr(err.msg, cases[i].says))
            fail_msg("case %zu says \"%s\", not \"%s\"", i, err.msg, cases[i].says);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pizza_lesson),
        cmocka_unit_test(pancake_lesson),
        cmocka_unit_test(passfood_lesson),
        cmocka_unit_test(pakupaku_lesson),
        cmocka_unit_test(other_moves_are_refused_gently),
        cmocka_unit_test(an_aim_bounds_the_skill_number),
        cmocka_unit_test(restart_and_skip),
        cmocka_unit_test(real_time_runs_on_the_lessons_clock),
        cmocka_unit_test(the_hook_hears_the_lesson),
        cmocka_unit_test(bad_files_say_where_and_what),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
