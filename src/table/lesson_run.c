/* lesson_run.c: playing a lesson (lesson.h): a chapter's table, its steps
 * one by one, the person's moves checked against the one the step asks
 * for, and the lesson's own clock for real time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson_int.h"
#include "partyfood/parse.h"

struct pf_lesson_run {
    const pf_lesson *l;
    int chapter, step; /* step == nsteps: the chapter is done */
    pf_table *t;
    pf_table_hook hook;
    void *arg;
    bool quiet; /* playing the moves before a chapter: the front end hears nothing */
};

static const lesson_chapter *chapter_of(const pf_lesson_run *r)
{
    return &r->l->ch[r->chapter];
}

/* The front end hears the steps of the lesson, not those of a setup. */
static void heard(void *arg, const pf_table_step *st)
{
    pf_lesson_run *r = arg;
    if (!r->quiet && r->hook)
        r->hook(r->arg, st);
}

/* When seat's move of a step is played: the last move's time plus the
 * step's `after`, and never before the seat's hands are free (real time). */
static int64_t move_time(const pf_table *t, int seat, int64_t after)
{
    const pf_match *m = pf_table_match(t);
    int64_t at = pf_time_after(m->now, after);
    if (m->game->ready_at) {
        int64_t ready = m->game->ready_at(m->state, seat);
        at = ready > at ? ready : at;
    }
    return at;
}

/* Plays step s's scripted move (the seat's, as named by the lesson). */
static pf_err play_step(pf_lesson_run *r, const lesson_step *s, pf_error *err)
{
    return pf_table_act(r->t, s->seat, s->act, move_time(r->t, s->seat, s->after), err);
}

/* Plays the moves of steps[0..n) silently; `what` names them in messages. */
static pf_err replay_moves(pf_lesson_run *r, int c, const char *what, const lesson_step *steps,
                           int n, pf_error *err)
{
    for (int i = 0; i < n; i++)
        if (steps[i].act) {
            pf_err e = play_step(r, &steps[i], err);
            if (e)
                return pf_error_set(err, e, "chapter %d ('%s') %s %d, '%s': %s", c + 1,
                                    r->l->ch[c].id, what, i + 1, steps[i].act, err->msg);
        }
    return PF_E_OK;
}

/* Plays silently what comes before chapter c's steps: the chapters it goes
 * on from, whole, then its own moves `before`. */
static pf_err replay_start(pf_lesson_run *r, int c, pf_error *err)
{
    const lesson_chapter *ch = &r->l->ch[c];
    pf_err e = PF_E_OK;
    if (ch->from >= 0) {
        const lesson_chapter *from = &r->l->ch[ch->from];
        e = replay_start(r, ch->from, err);
        if (!e)
            e = replay_moves(r, ch->from, "step", from->steps, from->nsteps, err);
    }
    return e ? e : replay_moves(r, c, "move before", ch->before, ch->nbefore, err);
}

/* Sets chapter c up on a fresh table; r is as it was when this fails. */
static pf_err set_up(pf_lesson_run *r, int c, pf_error *err)
{
    const pf_lesson *l = r->l;
    const lesson_chapter *ch = &l->ch[c];
    pf_seating seating = {.n = ch->seats};
    for (int i = 0; i < ch->seats; i++)
        snprintf(seating.name[i], sizeof seating.name[i], "%s", l->names[i]);
    /* A chapter that starts from nothing is heard from its setup on; one
     * that starts where other moves left the game is drawn as it stands. */
    r->quiet = ch->from >= 0 || ch->nbefore > 0;
    pf_table *t = pf_table_create(l->game, &seating, &ch->opt, ch->seed, NULL, heard, r, err);
    pf_table *old = r->t;
    r->t = t;
    pf_err e = t ? replay_start(r, c, err) : err->code;
    r->quiet = false;
    if (e) {
        pf_table_destroy(t);
        r->t = old;
        return e;
    }
    pf_table_destroy(old);
    r->chapter = c;
    r->step = 0;
    return PF_E_OK;
}

pf_lesson_run *pf_lesson_start(const pf_lesson *l, int chapter, pf_table_hook hook, void *arg,
                               pf_error *err)
{
    if (chapter < 0 || chapter >= l->nchapters) {
        pf_error_set(err, PF_E_BAD_REQUEST, "the lesson has chapters 1 to %d, not %d",
                     l->nchapters, chapter + 1);
        return NULL;
    }
    pf_lesson_run *r = calloc(1, sizeof *r);
    if (!r) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    *r = (pf_lesson_run){.l = l, .hook = hook, .arg = arg};
    if (set_up(r, chapter, err)) {
        free(r);
        return NULL;
    }
    return r;
}

void pf_lesson_stop(pf_lesson_run *r)
{
    if (!r)
        return;
    pf_table_destroy(r->t);
    free(r);
}

const pf_table *pf_lesson_table(const pf_lesson_run *r)
{
    return r->t;
}

void pf_lesson_now_get(const pf_lesson_run *r, pf_lesson_now *now)
{
    const lesson_chapter *ch = chapter_of(r);
    *now = (pf_lesson_now){.kind = PF_LESSON_DONE, .chapter = r->chapter, .step = r->step,
                           .steps = ch->nsteps, .seat = -1};
    if (r->step >= ch->nsteps) {
        now->last = r->chapter + 1 == r->l->nchapters;
        return;
    }
    const lesson_step *s = &ch->steps[r->step];
    now->kind = !s->act ? PF_LESSON_NOTE : s->seat == r->l->you ? PF_LESSON_YOU : PF_LESSON_BOT;
    now->seat = s->seat;
    now->say = s->say;
    now->nshow = s->nshow;
    memcpy(now->show, s->show, sizeof now->show);
    now->act = s->act;
    now->aim = s->aim;
    now->aim_lo = s->aim_lo;
    now->aim_hi = s->aim_hi;
    if (s->act)
        now->t_ms = move_time(r->t, s->seat, s->after);
}

/* The reason the lesson gives for refusing a move at step s. */
static const char *reason(const pf_lesson_run *r, const lesson_step *s)
{
    if (s->refuse)
        return s->refuse;
    return chapter_of(r)->refuse ? chapter_of(r)->refuse : r->l->refuse;
}

/* The last word of a name, as a number (a skill number: "toss 0.60"). */
static bool skill_number(const char *name, size_t *head, double *x)
{
    const char *sp = strrchr(name, ' ');
    if (!sp)
        return false;
    *head = (size_t)(sp - name);
    return pf_parse_real(sp + 1, -1e6, 1e6, x);
}

/* Whether the person's move `given` is the one step s asks for: the same
 * action, or with `aim` the same words and a number in range. */
static bool asked_for(const pf_lesson_run *r, const lesson_step *s, const char *given)
{
    const pf_match *m = pf_table_match(r->t);
    pf_action want, got;
    if (m->game->parse(m->state, given, &got) != PF_E_OK ||
        m->game->parse(m->state, s->act, &want) != PF_E_OK)
        return false;
    if (!s->aim)
        return got == want;
    char a[PF_REPLAY_NAME_MAX + 1], b[PF_REPLAY_NAME_MAX + 1];
    size_t ha, hb;
    double x, unused;
    return m->game->name(m->state, got, a, sizeof a) > 0 &&
           m->game->name(m->state, want, b, sizeof b) > 0 && skill_number(a, &ha, &x) &&
           skill_number(b, &hb, &unused) && ha == hb && memcmp(a, b, ha) == 0 &&
           x >= s->aim_lo - 1e-9 && x <= s->aim_hi + 1e-9;
}

pf_err pf_lesson_play(pf_lesson_run *r, const char *action, pf_error *err)
{
    pf_lesson_now now;
    pf_lesson_now_get(r, &now);
    if (now.kind != PF_LESSON_YOU)
        return pf_error_set(err, PF_E_NOT_YOUR_TURN, "%s",
                            now.kind == PF_LESSON_NOTE   ? "read this first, then go on"
                            : now.kind == PF_LESSON_BOT ? "wait: it is someone else's move"
                                                        : "this chapter is over");
    const lesson_step *s = &chapter_of(r)->steps[r->step];
    if (!asked_for(r, s, action))
        return pf_error_set(err, PF_E_ILLEGAL_ACTION, "%s", reason(r, s));
    pf_err e = pf_table_act(r->t, s->seat, action, now.t_ms, err);
    if (e)
        return e;
    r->step++;
    return PF_E_OK;
}

pf_err pf_lesson_next(pf_lesson_run *r, pf_error *err)
{
    pf_lesson_now now;
    pf_lesson_now_get(r, &now);
    switch (now.kind) {
    case PF_LESSON_YOU:
        return pf_error_set(err, PF_E_NOT_YOUR_TURN, "it is your move: %s",
                            now.say ? now.say : "make the move the lesson asks for");
    case PF_LESSON_DONE:
        if (now.last)
            return pf_error_set(err, PF_E_GAME_OVER, "the lesson is over");
        return set_up(r, r->chapter + 1, err);
    case PF_LESSON_BOT: {
        pf_err e = play_step(r, &chapter_of(r)->steps[r->step], err);
        if (e)
            return e;
        break;
    }
    case PF_LESSON_NOTE:
        break;
    }
    r->step++;
    return PF_E_OK;
}

pf_err pf_lesson_restart(pf_lesson_run *r, pf_error *err)
{
    return set_up(r, r->chapter, err);
}

pf_err pf_lesson_goto(pf_lesson_run *r, int chapter, pf_error *err)
{
    if (chapter < 0 || chapter >= r->l->nchapters)
        return pf_error_set(err, PF_E_BAD_REQUEST, "the lesson has chapters 1 to %d, not %d",
                            r->l->nchapters, chapter + 1);
    return set_up(r, chapter, err);
}
