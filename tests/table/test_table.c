/* test_table.c: the table layer (include/partyfood/table.h): the step hook,
 * the bots' schedule on the table clock, turn timers, fair undo, saves. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "partyfood/replay.h"
#include "partyfood/table.h"
#include "partyfood/why.h"
#include "pf_test.h"

/* What the hook heard. */
typedef struct heard {
    int n, setups, undos, by_bot, hints;
    int step[512], seat[512];
    char name[512][PF_REPLAY_NAME_MAX + 1];
    int events[512];
} heard;

static void listen(void *arg, const pf_table_step *st)
{
    heard *h = arg;
    if (st->change == PF_TABLE_SETUP)
        h->setups++;
    if (st->change == PF_TABLE_UNDO)
        h->undos++;
    if (st->change != PF_TABLE_STEP || h->n == 512)
        return;
    h->step[h->n] = st->step;
    h->seat[h->n] = st->seat;
    h->events[h->n] = st->ev->n;
    snprintf(h->name[h->n], sizeof h->name[0], "%s", st->name);
    h->by_bot += st->by_bot;
    h->hints += st->hint;
    h->n++;
}

static pf_seating seating(const pf_game *g, const char *list)
{
    pf_seating s;
    pf_error err;
    assert_int_equal(pf_seating_parse(&s, g, list, &err), 0);
    return s;
}

static pf_table *table(const char *game, const char *seats, uint64_t seed,
                       const pf_table_options *to, heard *h)
{
    const pf_game *g = pf_test_game(game);
    pf_seating s = seating(g, seats);
    pf_error err;
    pf_table *t = pf_table_create(g, &s, NULL, seed, to, listen, h, &err);
    if (!t)
        fail_msg("%s", err.msg);
    return t;
}

/* Every applied step reaches the hook once, the setup included, with the
 * name the replay records; the hook never has to copy a state to name it. */
static void the_hook_hears_every_step_once(void **state)
{
    (void)state;
    for (int k = 0; k < pf_game_count(); k++) {
        const pf_game *g = pf_game_at(k);
        static heard h;
        memset(&h, 0, sizeof h);
        char seats[64] = "random";
        for (int i = 1; i < g->min_seats; i++)
            strcat(seats, ",random");
        pf_table *t = table(g->id, seats, 11, NULL, &h);
        assert_int_equal(h.setups, 1);
        pf_error err;
        while (!pf_table_over(t, NULL) && h.n < 400)
            assert_int_equal(pf_table_advance(t, INT64_C(1) << 39, &err) > 0, 1);
        const pf_match *m = pf_table_match(t);
        int logged = 0;
        (void)pf_table_log(t, &logged);
        assert_int_equal(h.n, m->nsteps);
        assert_int_equal(h.by_bot, h.n);
        cJSON *replay = pf_match_save(m);
        const cJSON *actions = cJSON_GetObjectItemCaseSensitive(replay, "actions");
        for (int i = 0; i < h.n; i++) {
            const cJSON *a = cJSON_GetArrayItem(actions, i);
            assert_int_equal(h.step[i], i);
            assert_int_equal(h.seat[i], cJSON_GetArrayItem(a, 0)->valueint);
            assert_string_equal(h.name[i], cJSON_GetArrayItem(a, 1)->valuestring);
        }
        assert_true(logged > 0);
        cJSON_Delete(replay);
        pf_table_destroy(t);
    }
}

/* Turn-based: advancing plays the bots until a person must act. */
static void bots_play_until_a_person_must_act(void **state)
{
    (void)state;
    static heard h;
    memset(&h, 0, sizeof h);
    /* seed 3: seat 0 acts first in Pass the Party Food with two seats */
    pf_table *t = table("passfood", "bot:random,ana", 3, NULL, &h);
    const pf_match *m = pf_table_match(t);
    pf_error err;
    int seat;
    int64_t at;
    assert_true(pf_table_advance(t, 0, &err) >= 1);
    assert_false(pf_table_over(t, NULL));
    assert_int_equal(m->game->to_act(m->state), 1u << 1); /* ana's turn */
    assert_false(pf_table_bot_next(t, &seat, &at));
    assert_int_equal(pf_table_bot_play(t, &err), PF_E_NOT_YOUR_TURN);
    assert_int_equal(pf_table_advance(t, 1000, &err), 0);
    pf_table_destroy(t);
}

/* Real time: a bot's move waits for its time on the table clock. */
static void real_time_bots_wait_for_the_clock(void **state)
{
    (void)state;
    static heard h;
    memset(&h, 0, sizeof h);
    pf_table *t = table("pakupaku", "random,random,ana", 5, NULL, &h);
    const pf_match *m = pf_table_match(t);
    int seat;
    int64_t at;
    pf_error err;
    assert_true(pf_table_bot_next(t, &seat, &at));
    assert_true(at > 0);
    assert_int_equal(pf_table_advance(t, at - 1, &err), 0);
    assert_int_equal(m->nsteps, 0);
    assert_int_equal(pf_table_advance(t, at, &err), 1);
    assert_int_equal(h.seat[0], seat);
    assert_true(m->steps[0].t_ms == at);
    pf_table_destroy(t);
}

/* A person who runs out of time is played by the fallback bot, and the
 * next person's time starts from that step. */
static void a_turn_timer_hands_the_seat_to_its_fallback(void **state)
{
    (void)state;
    static heard h;
    memset(&h, 0, sizeof h);
    pf_table_options to = {.turn_ms = 5000};
    pf_table *t = table("passfood", "ana,ben", 3, &to, &h);
    int seat;
    int64_t at;
    pf_error err;
    assert_int_equal(pf_table_deadline(t), 5000);
    pf_table_clock(t, 4999);
    assert_false(pf_table_bot_next(t, &seat, &at));
    assert_int_equal(pf_table_advance(t, 4999, &err), 0);
    assert_int_equal(pf_table_advance(t, 5000, &err), 1);
    assert_int_equal(h.n, 1);
    assert_int_equal(h.seat[0], 0);
    assert_int_equal(h.by_bot, 1);
    assert_int_equal(pf_table_deadline(t) >= 10000, 1);
    /* a person who acts in time is not played for */
    const pf_match *m = pf_table_match(t);
    int next = __builtin_ctz(m->game->to_act(m->state));
    pf_action legal[PF_MAX_LEGAL];
    assert_true(m->game->legal(m->state, next, legal, PF_MAX_LEGAL) > 0);
    pf_table_clock(t, 9000);
    assert_int_equal(pf_table_play(t, next, legal[0], 0, &err), PF_E_OK);
    assert_int_equal(h.by_bot, 1);
    pf_table_destroy(t);
}

static void a_real_time_game_has_no_turn_timer(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pakupaku");
    pf_seating s = seating(g, "ana,random,random");
    pf_table_options to = {.turn_ms = 5000};
    pf_error err;
    assert_null(pf_table_create(g, &s, NULL, 1, &to, NULL, NULL, &err));
    assert_int_equal(err.code, PF_E_BAD_OPTION);
    to.turn_ms = -1;
    assert_null(pf_table_create(pf_test_game("pizza"), &s, NULL, 1, &to, NULL, NULL, &err));
    assert_int_equal(err.code, PF_E_BAD_OPTION);
}

/* Fair undo: a take token (nothing hidden, no chance) comes back; carrying
 * on lets Ziggy draw (chance), which cannot be taken back. The match
 * object stays the same across an undo. */
static void undo_only_where_fair(void **state)
{
    (void)state;
    static heard h;
    memset(&h, 0, sizeof h);
    pf_table *t = table("passfood", "ana,bot:random", 3, NULL, &h);
    const pf_match *m = pf_table_match(t);
    pf_error err;
    char why[160];
    assert_false(pf_table_undo_fair(t, 0, why, sizeof why));
    assert_int_equal(pf_table_act(t, 0, "take ziggy snake", 0, &err), PF_E_OK);
    assert_false(pf_table_undo_fair(t, 1, why, sizeof why));
    assert_true(pf_table_undo_fair(t, 0, why, sizeof why));
    int before;
    (void)pf_table_log(t, &before);
    assert_int_equal(pf_table_undo(t, 0, &err), PF_E_OK);
    assert_ptr_equal(pf_table_match(t), m);
    assert_int_equal(m->nsteps, 0);
    assert_int_equal(h.undos, 1);
    assert_true(pf_test_is_legal(m->game, m->state, 0, "take ziggy snake"));
    assert_int_equal(pf_table_act(t, 0, "carry on", 0, &err), PF_E_OK);
    assert_false(pf_table_undo_fair(t, 0, why, sizeof why));
    assert_non_null(strstr(why, "chance"));
    assert_int_equal(pf_table_undo(t, 0, &err), PF_E_ILLEGAL_ACTION);
    assert_int_equal(m->nsteps, 1);
    pf_table_destroy(t);
}

/* t saved to a file and loaded back (the file removed). */
static pf_table *saved_and_loaded(const pf_table *t, bool *seated, const char **warning)
{
    pf_error err;
    char dir[] = "/tmp/pf_table_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/save.json", dir);
    assert_int_equal(pf_table_save(t, path, &err), PF_E_OK);
    pf_table *back = pf_table_load(path, NULL, seated, warning, NULL, NULL, &err);
    if (!back)
        fail_msg("%s", err.msg);
    unlink(path);
    rmdir(dir);
    return back;
}

/* A save holds the seating and the memory aid; loading it seats everyone
 * again and rebuilds the log as it was. */
static void save_and_load(void **state)
{
    (void)state;
    static heard h;
    memset(&h, 0, sizeof h);
    pf_table_options to = {.memory_aid = true};
    pf_table *t = table("pizza", "ana,bot:memory", 9, &to, &h);
    pf_error err;
    const pf_match *m = pf_table_match(t);
    while (m->nsteps < 6 && !pf_table_over(t, NULL)) {
        int seat = __builtin_ctz(m->game->to_act(m->state));
        if (pf_table_seating(t)->bot[seat])
            assert_int_equal(pf_table_bot_play(t, &err), PF_E_OK);
        else
            assert_int_equal(pf_table_bot_act(t, seat, &pf_bot_random, 0, &err), PF_E_OK);
    }
    bool seated;
    const char *warning;
    pf_table *back = saved_and_loaded(t, &seated, &warning);
    assert_true(seated);
    assert_null(warning);
    assert_true(pf_table_options_of(back)->memory_aid);
    assert_string_equal(pf_table_seating(back)->name[0], "ana");
    assert_ptr_equal(pf_table_seating(back)->bot[1], pf_table_seating(t)->bot[1]);
    int n1, n2;
    const pf_table_event *l1 = pf_table_log(t, &n1), *l2 = pf_table_log(back, &n2);
    assert_int_equal(n1, n2);
    for (int i = 0; i < n1; i++) {
        assert_int_equal(l1[i].step, l2[i].step);
        assert_int_equal(l1[i].ev.to, l2[i].ev.to);
        assert_string_equal(l1[i].ev.kind, l2[i].ev.kind);
        assert_string_equal(l1[i].ev.text, l2[i].ev.text);
    }
    assert_memory_equal(pf_table_match(back)->state, m->state, m->game->state_size);
    pf_table_destroy(back);
    pf_table_destroy(t);
}

/* Seat's first legal action at t other than `not`. */
static pf_action legal_but(const pf_table *t, int seat, pf_action not)
{
    const pf_match *m = pf_table_match(t);
    pf_action legal[PF_MAX_LEGAL];
    assert_true(m->game->legal(m->state, seat, legal, PF_MAX_LEGAL) > 1);
    return legal[0] == not ? legal[1] : legal[0];
}

/* Hints: none in real time, none in a memory game without the memory aid
 * (the refusal says why), else the medium bot's move with its reason; the
 * seat's move after a hint is marked (the step, the hook, the save), and an
 * undo keeps the marks of the steps before. */
static void a_move_after_a_hint_is_marked(void **state)
{
    (void)state;
    static heard h;
    memset(&h, 0, sizeof h);
    pf_error err;
    pf_action a;
    int64_t at;
    pf_why why;
    pf_table *t = table("pakupaku", "ana,bot:adult", 1, NULL, &h);
    assert_int_equal(pf_table_hint(t, 0, 0, &a, &at, &why, &err), PF_E_NO_HINT);
    assert_non_null(strstr(err.msg, "real time"));
    pf_table_destroy(t);
    t = table("pizza", "ana,bob", 1, NULL, &h);
    assert_int_equal(pf_table_hint(t, 0, 0, &a, &at, &why, &err), PF_E_NO_HINT);
    assert_non_null(strstr(err.msg, "memory aid"));
    pf_table_destroy(t);

    /* Without switch pieces every move is a flip and turns alternate. */
    memset(&h, 0, sizeof h);
    pf_table_options aid = {.memory_aid = true};
    const pf_game *pizza = pf_test_game("pizza");
    pf_seating two = seating(pizza, "ana,bob");
    pf_options no_switches;
    pf_test_options(&no_switches, "switches=false");
    t = pf_table_create(pizza, &two, &no_switches, 1, &aid, listen, &h, &err);
    assert_non_null(t);
    const pf_match *m = pf_table_match(t);
    assert_int_equal(pf_table_hint(t, 0, 0, &a, &at, &why, &err), PF_E_OK);
    assert_true(strlen(why.text) > 0);
    assert_int_equal(pf_table_hint(t, 1, 0, &a, &at, &why, &err), PF_E_NOT_YOUR_TURN);
    /* A reason is for a legal move of a seat that may act. */
    assert_int_equal(pf_table_explain(t, 0, a, 0, &why, &err), PF_E_OK);
    assert_int_equal(pf_table_explain(t, 0, 99, 0, &why, &err), PF_E_ILLEGAL_ACTION);
    assert_int_equal(pf_table_explain(t, 1, a, 0, &why, &err), PF_E_ILLEGAL_ACTION);
    assert_int_equal(pf_table_play(t, 0, a, 0, &err), PF_E_OK); /* with the hint */
    assert_int_equal(pf_table_play(t, 1, legal_but(t, 1, PF_MAX_LEGAL), 0, &err), PF_E_OK);
    assert_int_equal(pf_table_hint(t, 0, 0, &a, &at, &why, &err), PF_E_OK);
    assert_int_equal(pf_table_play(t, 0, legal_but(t, 0, a), 0, &err), PF_E_OK); /* not taken */
    assert_int_equal(pf_table_play(t, 1, legal_but(t, 1, PF_MAX_LEGAL), 0, &err), PF_E_OK);
    assert_true(m->steps[0].hint);
    assert_false(m->steps[1].hint);
    assert_true(m->steps[2].hint); /* a move made after a hint, whatever it is */
    assert_false(m->steps[3].hint);
    assert_int_equal(h.hints, 2);
    /* A hint worked out on a copy is marked on the table while it stands
     * where it was asked, and not once it moved on. */
    pf_table_mark_hint(t, 0, m->nsteps - 1);
    assert_int_equal(pf_table_play(t, 0, legal_but(t, 0, PF_MAX_LEGAL), 0, &err), PF_E_OK);
    pf_table_mark_hint(t, 1, m->nsteps);
    assert_int_equal(pf_table_play(t, 1, legal_but(t, 1, PF_MAX_LEGAL), 0, &err), PF_E_OK);
    assert_false(m->steps[4].hint);
    assert_true(m->steps[5].hint);
    bool seated;
    const char *warning;
    pf_table *back = saved_and_loaded(t, &seated, &warning);
    for (int i = 0; i < m->nsteps; i++)
        assert_int_equal(pf_table_match(back)->steps[i].hint, m->steps[i].hint);
    pf_table_destroy(back);
    pf_table_destroy(t);

    /* An undo replays the steps before it with their marks. */
    const pf_game *g = pf_test_game("passfood");
    pf_seating people = seating(g, "ana,bob");
    pf_options opt;
    pf_test_options(&opt, "difficulty=0;ziggy=SB;takes=0;swaps=1;bag=FFFFFF");
    t = pf_table_create(g, &people, &opt, 1, NULL, NULL, NULL, &err);
    assert_non_null(t);
    m = pf_table_match(t);
    assert_int_equal(pf_table_hint(t, 0, 0, &a, &at, &why, &err), PF_E_OK);
    assert_int_equal(pf_table_act(t, 0, "carry on", 0, &err), PF_E_OK);
    assert_int_equal(pf_table_act(t, 0, "swap give fairy bread to 2", 0, &err), PF_E_OK);
    assert_int_equal(pf_table_undo(t, 0, &err), PF_E_OK);
    assert_int_equal(m->nsteps, 1);
    assert_true(m->steps[0].hint);
    pf_table_destroy(t);
}

/* A clone plays on by itself: the original and its hook hear nothing. */
static void a_clone_is_a_table_of_its_own(void **state)
{
    (void)state;
    static heard h, hc;
    memset(&h, 0, sizeof h);
    memset(&hc, 0, sizeof hc);
    pf_table *t = table("passfood", "ana,bot:random", 3, NULL, &h);
    pf_error err;
    assert_int_equal(pf_table_act(t, 0, "take ziggy snake", 0, &err), PF_E_OK);
    pf_table *c = pf_table_clone(t, listen, &hc, &err);
    assert_non_null(c);
    int n1, n2;
    (void)pf_table_log(t, &n1);
    (void)pf_table_log(c, &n2);
    assert_int_equal(n1, n2);
    assert_int_equal(pf_table_act(c, 0, "carry on", 0, &err), PF_E_OK);
    assert_int_equal(hc.n, 1);
    assert_int_equal(h.n, 1);
    assert_int_equal(pf_table_match(t)->nsteps, 1);
    assert_int_equal(pf_table_match(c)->nsteps, 2);
    pf_table_destroy(c);
    pf_table_destroy(t);
}

/* Whether a and b hold the same game: their steps and their logs. */
static void assert_same_table(const pf_table *a, const pf_table *b)
{
    const pf_match *ma = pf_table_match(a), *mb = pf_table_match(b);
    assert_int_equal(ma->nsteps, mb->nsteps);
    assert_memory_equal(ma->state, mb->state, ma->game->state_size);
    for (int i = 0; i < ma->nsteps; i++) {
        assert_int_equal(ma->steps[i].seat, mb->steps[i].seat);
        assert_int_equal(ma->steps[i].action, mb->steps[i].action);
        assert_string_equal(ma->steps[i].name, mb->steps[i].name);
    }
    int na, nb;
    const pf_table_event *la = pf_table_log(a, &na), *lb = pf_table_log(b, &nb);
    assert_int_equal(na, nb);
    for (int i = 0; i < na; i++) {
        assert_int_equal(la[i].step, lb[i].step);
        assert_string_equal(la[i].ev.text, lb[i].ev.text);
    }
}

/* The first legal action of seat 0 but `skip` of them. */
static pf_action legal_action(const pf_table *t, int skip)
{
    const pf_match *m = pf_table_match(t);
    pf_action legal[PF_MAX_LEGAL];
    int n = m->game->legal(m->state, 0, legal, PF_MAX_LEGAL);
    assert_true(n > skip);
    return legal[skip];
}

/* A copy into an older copy (as the server makes one for every change)
 * is the table itself: after a step, after an undo that took steps back,
 * and after the two played different steps at the same point. */
static void a_copy_into_an_older_copy_is_the_table(void **state)
{
    (void)state;
    static heard h;
    memset(&h, 0, sizeof h);
    pf_table *t = table("passfood", "ana,bo", 3, NULL, &h);
    pf_error err;
    assert_int_equal(pf_table_act(t, 0, "take ziggy snake", 0, &err), PF_E_OK);
    pf_table *longer = pf_table_clone(t, NULL, NULL, &err);
    assert_non_null(longer);
    assert_int_equal(pf_table_undo(t, 0, &err), PF_E_OK);
    assert_non_null(longer = pf_table_clone_into(longer, t, NULL, NULL, &err));
    assert_same_table(longer, t);

    pf_table *old = pf_table_clone(t, NULL, NULL, &err);
    assert_non_null(old);
    assert_int_equal(pf_table_play(t, 0, legal_action(t, 0), 0, &err), PF_E_OK);
    assert_non_null(old = pf_table_clone_into(old, t, NULL, NULL, &err));
    assert_same_table(old, t);

    /* The same number of steps, the last one different. */
    assert_int_equal(pf_table_play(longer, 0, legal_action(longer, 1), 0, &err), PF_E_OK);
    assert_int_equal(pf_table_match(longer)->nsteps, pf_table_match(t)->nsteps);
    assert_non_null(longer = pf_table_clone_into(longer, t, NULL, NULL, &err));
    assert_same_table(longer, t);
    pf_table_destroy(longer);
    pf_table_destroy(old);
    pf_table_destroy(t);
}

/* A mark takes the table back to where it was, whatever was played since;
 * the bots then play the same again. */
static void a_rollback_returns_to_the_mark(void **state)
{
    (void)state;
    static heard h;
    memset(&h, 0, sizeof h);
    pf_table *t = table("pancake", "random,random,random", 4, NULL, &h);
    const pf_match *m = pf_table_match(t);
    pf_error err;
    for (int i = 0; i < 3; i++)
        assert_int_equal(pf_table_bot_play(t, &err), PF_E_OK);
    void *before = malloc(m->game->state_size);
    assert_non_null(before);
    memcpy(before, m->state, m->game->state_size);
    int nlog, nlog2;
    (void)pf_table_log(t, &nlog);
    pf_table_mark mk;
    assert_int_equal(pf_table_mark_set(t, &mk, &err), PF_E_OK);
    for (int i = 0; i < 5 && !pf_table_over(t, NULL); i++)
        assert_int_equal(pf_table_bot_play(t, &err), PF_E_OK);
    char fourth[PF_REPLAY_NAME_MAX + 1];
    snprintf(fourth, sizeof fourth, "%s", m->steps[3].name);
    pf_table_rollback(t, &mk);
    assert_null(mk.state);
    assert_int_equal(m->nsteps, 3);
    assert_memory_equal(m->state, before, m->game->state_size);
    (void)pf_table_log(t, &nlog2);
    assert_int_equal(nlog2, nlog);
    assert_int_equal(pf_table_bot_play(t, &err), PF_E_OK);
    assert_string_equal(m->steps[3].name, fourth);
    free(before);
    pf_table_destroy(t);
}

/* Actions are the rules' to judge: an earlier time in real time is
 * time_backwards, a press while the hands are busy is hands_busy, and the
 * table says when those hands are free (PAKU-10). */
static void the_rules_judge_times(void **state)
{
    (void)state;
    static heard h;
    memset(&h, 0, sizeof h);
    pf_table *t = table("pakupaku", "ana,random,random", 5, NULL, &h);
    const pf_match *m = pf_table_match(t);
    pf_error err;
    assert_int_equal(pf_table_act(t, 0, "roll", 1000, &err), PF_E_OK);
    int64_t busy = m->game->ready_at(m->state, 0);
    assert_true(busy > 1000);
    assert_true(m->game->to_act(m->state) & 1u);
    assert_int_equal(pf_table_act(t, 0, "roll", 1100, &err), PF_E_HANDS_BUSY);
    assert_int_equal(pf_table_when_free(t, 0, "roll", 1100), busy);
    assert_int_equal(pf_table_when_free(t, 0, "roll", busy), -1);
    assert_int_equal(pf_table_act(t, 0, "roll", 900, &err), PF_E_TIME_BACKWARDS);
    assert_int_equal(m->nsteps, 1);
    pf_table_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_hook_hears_every_step_once),
        cmocka_unit_test(bots_play_until_a_person_must_act),
        cmocka_unit_test(real_time_bots_wait_for_the_clock),
        cmocka_unit_test(a_turn_timer_hands_the_seat_to_its_fallback),
        cmocka_unit_test(a_real_time_game_has_no_turn_timer),
        cmocka_unit_test(undo_only_where_fair),
        cmocka_unit_test(save_and_load),
        cmocka_unit_test(a_move_after_a_hint_is_marked),
        cmocka_unit_test(a_clone_is_a_table_of_its_own),
        cmocka_unit_test(a_copy_into_an_older_copy_is_the_table),
        cmocka_unit_test(a_rollback_returns_to_the_mark),
        cmocka_unit_test(the_rules_judge_times),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
