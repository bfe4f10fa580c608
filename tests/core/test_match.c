/* test_match.c: a match records each step with its name, and rebuilds the
 * state after any number of its steps.
 *
 * The name is taken when the step is applied, from the state before it. An
 * action the game cannot name, or whose name is longer than a replay holds,
 * is refused and changes nothing. No game of today has such a name, so a
 * copy of Pancake Party's descriptor stands in with names of any length.
 *
 * pf_match_state_at gives the same states and events as the match had
 * when it played the steps (undo, `partyfood replay` and the game log use
 * it). */
#include <stdlib.h>
#include <string.h>

#include "pf_test.h"

/* Pancake Party with every action named by fake_len zeros. */
static int fake_len;

static int fake_name(const void *st, pf_action a, char *buf, size_t n)
{
    (void)st;
    (void)a;
    return snprintf(buf, n, "%0*d", fake_len, 0);
}

/* Applies the first seat's first legal action of a new match of g, expecting
 * `code`; on a refusal the match must be as it was. */
static void first_action(const pf_game *g, pf_err code)
{
    pf_error err;
    pf_match *m = pf_match_create(g, 2, NULL, 5, &err);
    assert_non_null(m);
    int seat = __builtin_ctz(g->to_act(m->state));
    pf_action legal[PF_MAX_LEGAL];
    assert_true(g->legal(m->state, seat, legal, PF_MAX_LEGAL) > 0);
    void *before = malloc(g->state_size);
    assert_non_null(before);
    memcpy(before, m->state, g->state_size);
    assert_int_equal(pf_match_apply(m, seat, legal[0], 0, NULL, &err), code);
    if (code == PF_E_OK) {
        assert_int_equal(m->nsteps, 1);
        assert_int_equal((int)strlen(m->steps[0].name), fake_len);
    } else {
        assert_int_equal(err.code, code);
        assert_int_equal(m->nsteps, 0);
        assert_memory_equal(m->state, before, g->state_size);
    }
    free(before);
    pf_match_destroy(m);
}

static void a_name_up_to_the_replay_limit_is_recorded(void **state)
{
    (void)state;
    pf_game g = *pf_test_game("pancake");
    g.name = fake_name;
    fake_len = PF_REPLAY_NAME_MAX;
    first_action(&g, PF_E_OK);
}

static void a_longer_name_is_refused(void **state)
{
    (void)state;
    pf_game g = *pf_test_game("pancake");
    g.name = fake_name;
    fake_len = PF_REPLAY_NAME_MAX + 1;
    first_action(&g, PF_E_TOO_LARGE);
    fake_len = 4 * PF_REPLAY_NAME_MAX;
    first_action(&g, PF_E_TOO_LARGE);
}

/* An action code the game has no name for is no action of it. */
static void an_unnamed_action_is_refused(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pancake");
    pf_error err;
    pf_match *m = pf_match_create(g, 2, NULL, 5, &err);
    assert_non_null(m);
    char name[8];
    assert_true(g->name(m->state, 0xffffff, name, sizeof name) < 0);
    assert_int_equal(pf_match_apply(m, __builtin_ctz(g->to_act(m->state)), 0xffffff, 0, NULL,
                                    &err),
                     PF_E_UNKNOWN_ACTION);
    assert_int_equal(m->nsteps, 0);
    pf_match_destroy(m);
}

#define PLAYED 40

/* A match of g played by random bots for up to PLAYED steps, with the
 * state after each step and its events written out as text. */
typedef struct played {
    pf_match *m;
    char *state[PLAYED + 1]; /* [0] after setup, [i + 1] after step i */
    char events[PLAYED + 1][PF_MATCH_STEP_EVENTS * 160];
} played;

static void events_text(const pf_events *ev, char *out, size_t n)
{
    size_t w = 0;
    out[0] = '\0';
    for (int i = 0; i < ev->n && w < n; i++)
        w += (size_t)snprintf(out + w, n - w, "%d %s %s\n", ev->buf[i].to, ev->buf[i].kind,
                              ev->buf[i].text);
}

static void play(const pf_game *g, played *p)
{
    int seats = g->min_seats > 3 ? g->min_seats : 3;
    pf_event buf[PF_MATCH_STEP_EVENTS];
    pf_events ev = {buf, 0, PF_MATCH_STEP_EVENTS, 0};
    pf_error err;
    p->m = pf_match_create_events(g, seats, NULL, 77, &ev, &err);
    assert_non_null(p->m);
    const pf_bot_def *bot = pf_bot_find(g, "random");
    for (int i = 0;; i++) {
        p->state[i] = malloc(g->state_size);
        assert_non_null(p->state[i]);
        memcpy(p->state[i], p->m->state, g->state_size);
        events_text(&ev, p->events[i], sizeof p->events[i]);
        if (i == PLAYED || pf_match_over(p->m, NULL))
            break;
        ev.n = 0;
        pf_test_bot_move(p->m, __builtin_ctz(g->to_act(p->m->state)), bot, &ev);
    }
}

static void played_free(played *p)
{
    for (int i = 0; i <= p->m->nsteps; i++)
        free(p->state[i]);
    pf_match_destroy(p->m);
    free(p);
}

/* A game of g played and recorded, and a scratch state of its size. */
static played *played_new(const pf_game *g, void **scratch)
{
    played *p = calloc(1, sizeof *p);
    assert_non_null(p);
    play(g, p);
    *scratch = malloc(g->state_size);
    assert_non_null(*scratch);
    return p;
}

static void the_state_after_n_steps_is_the_one_played(void **state)
{
    (void)state;
    for (int k = 0; k < pf_game_count(); k++) {
        const pf_game *g = pf_game_at(k);
        void *st;
        played *p = played_new(g, &st);
        for (int n = 0; n <= p->m->nsteps; n++) {
            memset(st, 0xa5, g->state_size);
            pf_match_state_at(p->m, n, st, NULL, NULL);
            assert_memory_equal(st, p->state[n], g->state_size);
        }
        free(st);
        played_free(p);
    }
}

/* What the callback saw, checked against what was played. */
typedef struct walk {
    const played *p;
    int calls;
} walk;

static void each_step(void *arg, int step, const void *st, const pf_events *ev)
{
    walk *w = arg;
    assert_int_equal(step, w->calls - 1); /* the setup first, then in order */
    w->calls++;
    assert_memory_equal(st, w->p->state[step + 1], w->p->m->game->state_size);
    char text[sizeof w->p->events[0]];
    events_text(ev, text, sizeof text);
    assert_string_equal(text, w->p->events[step + 1]);
}

static void each_step_is_reported_with_its_events(void **state)
{
    (void)state;
    for (int k = 0; k < pf_game_count(); k++) {
        const pf_game *g = pf_game_at(k);
        void *st;
        played *p = played_new(g, &st);
        for (int n = 0; n <= p->m->nsteps; n += p->m->nsteps / 2 + 1) {
            walk w = {p, 0};
            pf_match_state_at(p->m, n, st, each_step, &w);
            assert_int_equal(w.calls, n + 1);
        }
        walk w = {p, 0};
        pf_match_state_at(p->m, p->m->nsteps, st, each_step, &w);
        assert_int_equal(w.calls, p->m->nsteps + 1);
        free(st);
        played_free(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_name_up_to_the_replay_limit_is_recorded),
        cmocka_unit_test(a_longer_name_is_refused),
        cmocka_unit_test(an_unnamed_action_is_refused),
        cmocka_unit_test(the_state_after_n_steps_is_the_one_played),
        cmocka_unit_test(each_step_is_reported_with_its_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
