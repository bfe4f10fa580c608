/* change.c: every change of a room's game (room.h).
 *
 * A change (an action, an undo, a bot's move, a fallback) runs on a copy
 * of the game (the table after the changes still waiting, or the committed
 * one) whose hook writes what each step tells (told.h). The change waits
 * for the group commit of the loop's turn (commit.h) with the requester's
 * answer; once its steps are durable the copy becomes the room's table and
 * everyone hears of them. A change or commit that fails leaves the room as
 * it was. A turn-based bot's move is searched on the worker (think.h) and
 * comes back as a change of its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "partyfood/proto.h"
#include "partyfood/push.h"
#include "server/room_parts.h"
#include "server/told.h"

/* After a failed commit, how long the bots wait before trying again. */
#define RETRY_MS 1000

/* ---- what the hook hears ------------------------------------------------------------ */

/* Room for one more item of an array of size each; false when memory ran out. */
static bool grow(void **a, int n, int *cap, size_t each)
{
    if (n < *cap)
        return true;
    int c = *cap ? 2 * *cap : 8;
    void *p = realloc(*a, (size_t)c * each);
    if (!p)
        return false;
    *a = p, *cap = c;
    return true;
}

static pf_told *told_new(void)
{
    pf_told *t = calloc(1, sizeof *t);
    if (t)
        pf_jw_init(&t->text, 0);
    return t;
}

static void told_free(pf_told *t)
{
    free(t->store);
    free(t->step);
    free(t->event);
    free(t->own);
    pf_jw_free(&t->text);
    pf_frame_drop(t->answer);
    cJSON_Delete(t->asked_id);
    free(t);
}

/* The step to store (an undo: the removal of steps index and after). */
static bool keep_store(pf_told *t, const pf_table_step *st)
{
    if (!grow((void **)&t->store, t->nstore, &t->cap_store, sizeof *t->store))
        return false;
    pf_store_step *s = &t->store[t->nstore++];
    *s = (pf_store_step){.undo = st->change == PF_TABLE_UNDO, .index = st->step,
                         .seat = st->seat, .t_ms = st->t_ms, .hint = st->hint};
    snprintf(s->name, sizeof s->name, "%s", st->name ? st->name : "");
    return true;
}

/* The names audience (-1: the public) reads the room's seats by. */
static const pf_seat_names *names_of(const pf_room *r, int audience)
{
    pf_names_cache *c = r->heard.names;
    uint32_t bit = 1u << (audience + 1);
    if (!(c->have & bit)) {
        pf_room_names(r, audience, &c->of[audience + 1]);
        c->have |= bit;
    }
    return &c->of[audience + 1];
}

/* An event's pieces: its text for everyone, and for each seat it names
 * that may see it, that seat's (its own name read "(you)"). */
static bool keep_event(const pf_room *r, pf_told *t, const pf_event *e)
{
    if (!grow((void **)&t->event, t->nevent, &t->cap_event, sizeof *t->event))
        return false;
    pf_told_event *te = &t->event[t->nevent++];
    *te = (pf_told_event){.to = e->to, .at = t->text.len, .own = t->nown};
    pf_proto_write_event(&t->text, e, names_of(r, e->to >= 0 ? e->to : PF_SEAT_SPECTATOR));
    te->len = t->text.len - te->at;
    if (e->to >= 0) { /* only its seat sees it: the piece above is that seat's */
        t->own_text |= 1u << e->to;
        return true;
    }
    for (int k = 0; k < e->nseats; k++)
        if (e->seats[k].seat >= 0 && e->seats[k].seat < PF_MAX_SEATS)
            te->named |= 1u << e->seats[k].seat;
    for (int seat = 0; seat < PF_MAX_SEATS; seat++) {
        if (!(te->named & (1u << seat)))
            continue;
        if (!grow((void **)&t->own, t->nown, &t->cap_own, sizeof *t->own))
            return false;
        pf_told_own *o = &t->own[t->nown++];
        o->at = t->text.len;
        pf_proto_write_event(&t->text, e, names_of(r, seat));
        o->len = t->text.len - o->at;
        t->own_text |= 1u << seat;
    }
    return true;
}

/* The step to tell: its head's text, then each event's apart. */
static bool keep_tell(const pf_room *r, pf_told *t, const pf_table_step *st)
{
    if (!grow((void **)&t->step, t->nstep, &t->cap_step, sizeof *t->step))
        return false;
    pf_told_step *s = &t->step[t->nstep++];
    *s = (pf_told_step){.index = st->step, .at = t->text.len, .first = t->nevent};
    s->undo = !pf_proto_write_step_head(&t->text, st);
    s->len = t->text.len - s->at;
    for (int i = 0; !s->undo && st->ev && i < st->ev->n; i++, s->n++)
        if (!keep_event(r, t, &st->ev->buf[i]))
            return false;
    return !t->text.failed;
}

void pf_room_heard(void *room, const pf_table_step *st)
{
    pf_room *r = room;
    pf_told *t = r->heard.into;
    if (!t) /* the setup of a start or a load: the sync tells it */
        return;
    if ((st->change != PF_TABLE_SETUP && !keep_store(t, st)) || !keep_tell(r, t, st))
        r->heard.lost = true;
}

/* ---- the clock and the timer -------------------------------------------------------- */

const pf_table *pf_room_latest(const pf_room *r)
{
    return r->ahead ? r->ahead : r->table;
}

/* Whether a bot's seat may act now (turn-based: its move is searched). */
static bool bot_to_act(const pf_room *r)
{
    const pf_match *m = pf_table_match(r->table);
    uint32_t set = m->game->to_act(m->state);
    for (int i = 0; i < r->n; i++)
        if ((set & (1u << i)) && r->place[i].bot)
            return true;
    return false;
}

static void wake(pf_room *r, int64_t ms)
{
    r->due = ms >= 0;
    r->env->wake(r->env->net, r, ms);
}

/* Nothing is due while changes wait for the commit or a bot thinks: the
 * commit or the search's end calls this again. */
void pf_room_schedule(pf_room *r)
{
    if (!r->table || r->ahead || r->thinking || pf_table_over(r->table, NULL)) {
        wake(r, -1);
        return;
    }
    int seat;
    int64_t at = -1, now = pf_room_now(r);
    if (r->g->real_time) /* the reaction models are cheap: planned on the loop */
        pf_table_bot_next(r->table, &seat, &at);
    else if (bot_to_act(r))
        at = now;
    int64_t d = pf_table_deadline(r->table);
    if (d >= 0 && (at < 0 || d < at))
        at = d;
    if (at < 0) {
        wake(r, -1);
        return;
    }
    int64_t wait = at > now ? at - now : 0, retry = r->retry_at - r->env->now_ms(r->env->net);
    wake(r, retry > wait ? retry : wait);
}

/* ---- changes -------------------------------------------------------------------------- */

typedef pf_err room_op(pf_table *t, int64_t now, void *arg, pf_error *err);

/* A table the room no longer needs: kept as the spare (one is enough). */
static void retire(pf_room *r, pf_table *t)
{
    if (!r->spare)
        r->spare = t;
    else
        pf_table_destroy(t);
}

/* Runs op on copy, the game after every change so far (its hook is the
 * room's). When it made steps, they wait for the group commit and the copy
 * is the game ahead; nobody hears of them before. On an error the room is
 * as it was. */
static pf_err change_on(pf_room *r, pf_table *copy, room_op *op, void *arg, pf_error *err)
{
    pf_told *t = told_new();
    if (!t) {
        pf_table_destroy(copy);
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    }
    int64_t now = pf_room_now(r);
    pf_names_cache names = {.have = 0};
    r->heard = (pf_heard){t, &names, false};
    pf_table_clock(copy, now);
    pf_err e = op(copy, now, arg, err);
    r->heard.into = NULL;
    if (!e && t->nstep > 0) {
        t->progress_at = t->text.len; /* the last piece, without the comma before it */
        pf_push_progress(&t->text, copy, pf_room_now(r));
        if (!t->text.failed && t->text.buf[t->progress_at] == ',')
            t->progress_at++;
        if (pf_table_over(copy, NULL))
            t->finished = (int64_t)time(NULL);
    }
    if (!e && (r->heard.lost || t->text.failed))
        e = pf_error_set(err, PF_E_NO_MEMORY, NULL);
    if (e || t->nstep == 0) {
        told_free(t);
        t = NULL;
    }
    if (e) {
        retire(r, copy);
        return e;
    }
    pf_table **base = r->ahead || t ? &r->ahead : &r->table;
    if (*base && *base != r->sealed) /* the batch being committed keeps its own */
        retire(r, *base);
    *base = copy;
    if (!t) /* nothing to store: the clock moved, a bot's plan was made */
        return PF_E_OK;
    r->version++;
    r->active_ms = r->env->now_ms(r->env->net);
    if (r->told)
        r->told_tail->next = t;
    else
        r->told = t;
    r->told_tail = t;
    pf_commit_add(r->env->commit, &r->commit);
    return PF_E_OK;
}

/* change_on on a copy of the game as it stands. */
static pf_err change(pf_room *r, room_op *op, void *arg, pf_error *err)
{
    const pf_table *from = pf_room_latest(r);
    pf_table *copy = r->spare ? pf_table_clone_into(r->spare, from, pf_room_heard, r, err)
                              : pf_table_clone(from, pf_room_heard, r, err);
    r->spare = NULL;
    return copy ? change_on(r, copy, op, arg, err) : err->code;
}

/* The bots' moves due by now: real time only (turn-based bots think on the
 * worker). */
static pf_err op_bots(pf_table *t, int64_t now, void *arg, pf_error *err)
{
    (void)arg;
    pf_error_set(err, PF_E_OK, NULL);
    pf_table_advance(t, now, err);
    return err->code;
}

typedef struct act_arg {
    int seat;
    const char *name;
    int step; /* the action's own step, once played */
} act_arg;

static pf_err op_act(pf_table *t, int64_t now, void *arg, pf_error *err)
{
    act_arg *a = arg;
    bool real_time = pf_table_match(t)->game->real_time;
    /* The bots' moves due before it go first (real time). */
    pf_err e = real_time ? op_bots(t, now, NULL, err) : PF_E_OK;
    if (e)
        return e;
    int64_t deadline = pf_table_deadline(t);
    if (deadline >= 0 && now >= deadline)
        return pf_error_set(err, PF_E_NOT_YOUR_TURN,
                            "the turn timer ran out: the fallback bot plays this move");
    /* Timed by the server on arrival; a turn-based game's time only grows. */
    int64_t when = now > pf_table_match(t)->now ? now : pf_table_match(t)->now;
    e = pf_table_act(t, a->seat, a->name, when, err);
    a->step = pf_table_match(t)->nsteps - 1;
    return e || !real_time ? e : op_bots(t, now, NULL, err);
}

static pf_err op_undo(pf_table *t, int64_t now, void *arg, pf_error *err)
{
    (void)now;
    return pf_table_undo(t, *(const int *)arg, err);
}

/* The move a bot's search found (kept in the table it searched). */
static pf_err op_thought(pf_table *t, int64_t now, void *arg, pf_error *err)
{
    (void)now, (void)arg;
    return pf_table_bot_play(t, err);
}

static void bots_failed(pf_room *r, const pf_error *err)
{
    fprintf(stderr, "partyfood serve: room %s: the bots could not play: %s\n", r->code,
            err->msg);
    r->retry_at = r->env->now_ms(r->env->net) + RETRY_MS;
}

/* ---- requests ----------------------------------------------------------------------- */

/* The answer of the change just made (the last waiting) goes to m once it
 * is durable: begun with req's id, then members, then the progress. */
static void hold_answer(pf_room *r, pf_member *m, const cJSON *req, pf_jw *w)
{
    pf_told *t = r->told_tail;
    const char *progress = pf_told_piece(t, t->progress_at);
    pf_jw_comma(w);
    pf_jw_raw(w, progress, t->text.len - t->progress_at);
    pf_jw_key(w, "ok");
    pf_jw_lit(w, "true}");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
    t->answer = pf_frame_take(w);
    t->asked_id = id ? cJSON_Duplicate(id, true) : NULL;
    t->asker = m;
    m->held = true;
}

pf_err pf_room_act(pf_room *r, pf_member *m, const cJSON *req, const char *name,
                   const char *key, pf_error *err)
{
    act_arg a = {m->seat, name, -1};
    pf_err e = change(r, op_act, &a, err);
    if (e)
        return e;
    if (key) {
        pf_told *kt = r->told_tail;
        /* Out of memory: played all the same, a repeat played again. */
        if (!pf_repeat_remember(&r->repeats, m->seat, key, NULL, err)) {
            snprintf(kt->key, sizeof kt->key, "%s", key);
            kt->key_seat = m->seat;
            kt->key_step = a.step;
        }
    }
    /* The engine's answer: the action's own step (its index, name, time and
     * the seat's events), then the progress. */
    const pf_told *t = r->told_tail;
    const pf_step *st = &pf_table_match(r->ahead)->steps[a.step];
    pf_jw w;
    pf_frame_writer(&w);
    pf_proto_begin(&w, req);
    pf_proto_write_played(&w, a.step, st->name, st->t_ms);
    pf_jw_key(&w, "events");
    pf_jw_raw(&w, "[", 1);
    for (int i = 0; i < t->nstep; i++) {
        const pf_told_step *s = &t->step[i];
        for (int k = s->first; s->index == a.step && !s->undo && k < s->first + s->n; k++)
            if (pf_told_visible(&t->event[k], m->seat)) {
                pf_jw_comma(&w);
                pf_told_write_event(&w, t, &t->event[k], m->seat);
            }
    }
    pf_jw_raw(&w, "]", 1);
    hold_answer(r, m, req, &w);
    return PF_E_OK;
}

pf_err pf_room_undo(pf_room *r, pf_member *m, const cJSON *req, pf_error *err)
{
    pf_err e = change(r, op_undo, &m->seat, err);
    if (e)
        return e;
    pf_jw w;
    pf_frame_writer(&w);
    pf_proto_begin(&w, req);
    hold_answer(r, m, req, &w);
    return PF_E_OK;
}

/* ---- the bots ------------------------------------------------------------------------- */

/* A turn-based bot's move (or a fallback's) is searched on the worker, on a
 * copy of the committed game. */
static void think(pf_room *r)
{
    pf_error err;
    pf_table *copy = pf_table_clone(r->table, pf_room_heard, r, &err);
    if (copy) {
        pf_table_clock(copy, pf_room_now(r));
        if (!pf_worker_think(r->env->worker, r, copy, r->version, &err)) {
            r->thinking = true;
            return;
        }
    }
    pf_table_destroy(copy);
    bots_failed(r, &err);
    pf_room_schedule(r);
}

void pf_room_tick(pf_room *r)
{
    pf_error err;
    r->due = false;
    if (!r->table || r->ahead || r->thinking)
        return;
    if (!r->g->real_time)
        think(r);
    else if (change(r, op_bots, NULL, &err))
        bots_failed(r, &err);
    pf_room_schedule(r);
}

void pf_room_thought(void *room, pf_table *t, uint64_t version)
{
    pf_room *r = room;
    pf_error err;
    r->thinking = false;
    if (version != r->version || r->ahead || !r->table)
        pf_table_destroy(t); /* the game moved meanwhile: think again */
    else if (change_on(r, t, op_thought, NULL, &err))
        bots_failed(r, &err);
    pf_room_schedule(r);
}

/* ---- the worker's answers --------------------------------------------------------------- */

/* A request the worker answers, for its asker (NULL once it left), who
 * asked for seat. */
struct pf_ask {
    pf_ask *next;
    pf_member *asker;
    int seat;
};

pf_err pf_room_ask_worker(pf_room *r, pf_member *m, pf_table *t, const pf_command *c,
                          cJSON *req, int seat, pf_error *err)
{
    pf_ask *a = malloc(sizeof *a);
    if (!a) {
        pf_table_destroy(t);
        cJSON_Delete(req);
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    }
    if (pf_worker_ask(r->env->worker, r, a, t, c, req, seat, err)) {
        pf_table_destroy(t);
        cJSON_Delete(req);
        free(a);
        return err->code;
    }
    *a = (pf_ask){r->asks, m, seat};
    r->asks = a;
    m->held = true;
    return PF_E_OK;
}

void pf_room_answered(void *room, void *ask, char *answer, const pf_table *t)
{
    pf_room *r = room;
    pf_ask **p = &r->asks;
    while (*p != ask)
        p = &(*p)->next;
    pf_ask *a = *p;
    *p = a->next;
    if (a->asker) {
        /* A hint shown: the seat's move at that step is marked as made
         * with one, if the game is still there (pf_table_mark_hint). */
        int step = pf_table_hint_step(t, a->seat);
        if (step >= 0 && r->table)
            pf_table_mark_hint(r->table, a->seat, step);
        a->asker->held = false;
        pf_room_answer(r, a->asker, answer);
        r->env->resume(r->env->net, r);
    } else
        free(answer);
    free(a);
}

/* ---- the group commit ------------------------------------------------------------------ */

/* The commit entry's seal: the changes waiting go into the batch, and the
 * table after them is the one the commit makes durable. */
static void seal(pf_commit_entry *e, pf_commit_batch *b)
{
    pf_room *r = lws_container_of(e, pf_room, commit);
    if (!r->told || r->told->sealed) /* its changes were dropped by a failed commit */
        return;
    for (pf_told *t = r->told; t; t = t->next) {
        t->sealed = true;
        for (int i = 0; t->key[0] && t->answer && i < t->nstore; i++)
            if (!t->store[i].undo && t->store[i].index == t->key_step) {
                t->store[i].key = t->key;
                t->store[i].answer = t->answer->buf + PF_FRAME_HEAD;
            }
        pf_store_change ch = {r->code, t->store, t->nstore, t->finished,
                              r->lease.node ? &r->lease : NULL};
        pf_commit_put(b, e, &ch);
    }
    r->sealed = r->ahead;
}

/* The answer of a committed or failed change to its asker, if still there. */
static void answer_told(pf_room *r, pf_told *t, const pf_error *failed)
{
    pf_member *m = t->asker;
    if (!m)
        return;
    m->held = false;
    if (failed) {
        cJSON *req = cJSON_CreateObject();
        if (req && t->asked_id)
            cJSON_AddItemToObject(req, "id", t->asked_id), t->asked_id = NULL;
        pf_room_answer(r, m, pf_proto_error_of(req, failed));
        cJSON_Delete(req);
    } else if (t->answer) {
        r->env->send(r->env->net, m, t->answer);
    } else
        pf_room_answer(r, m, NULL);
}

/* The commit entry's end: failed is NULL when the sealed changes are
 * durable (everyone is told of them), else why not (the room goes back to
 * its committed game, dropping every change waiting, and the requesters
 * get the error). */
static void committed(pf_commit_entry *e, const pf_error *failed)
{
    pf_room *r = lws_container_of(e, pf_room, commit);
    pf_told *done = r->told, *last = NULL;
    if (!failed) {
        /* The sealed changes come first in the list: they are durable. */
        for (pf_told *t = done; t && t->sealed; t = t->next)
            last = t;
        if (!last)
            return;
        r->told = last->next;
        last->next = NULL;
        if (!r->told)
            r->told_tail = NULL;
        retire(r, r->table);
        r->table = r->sealed;
        if (r->ahead == r->sealed)
            r->ahead = NULL;
        pf_room_tell_steps(r, done);
        for (pf_told *t = done; t; t = t->next)
            if (t->finished) {
                r->finished = t->finished;
                pf_room_log(r, "finished", NULL);
            }
    } else {
        if (failed->code == PF_E_ELSEWHERE && !r->lease_lost) {
            r->lease_lost = true; /* let go at the next sweep */
            pf_room_log(r, "lost", "reason=commit");
        }
        /* Every change waiting built on the failed ones: all are dropped. */
        r->told = r->told_tail = NULL;
        if (r->ahead != r->sealed)
            pf_table_destroy(r->ahead);
        pf_table_destroy(r->sealed);
        r->ahead = NULL;
        r->version++;
        r->retry_at = r->env->now_ms(r->env->net) + RETRY_MS;
    }
    r->sealed = NULL;
    /* The answers after the pushes, then what each asker sent meanwhile. */
    for (pf_told *t = done, *next; t; t = next) {
        next = t->next;
        if (t->key[0]) /* a keyed act played, or not after all */
            pf_repeat_settle(r->repeats, t->key_seat, t->key,
                             failed ? NULL : t->answer->buf + PF_FRAME_HEAD);
        answer_told(r, t, failed);
        told_free(t);
    }
    pf_room_schedule(r);
    r->env->resume(r->env->net, r);
}

void pf_room_changes_init(pf_room *r)
{
    r->commit.seal = seal;
    r->commit.done = committed;
}

void pf_room_changes_free(pf_room *r)
{
    for (pf_told *t = r->told, *next; t; t = next) {
        next = t->next;
        told_free(t);
    }
    r->told = r->told_tail = NULL;
    if (r->ahead != r->sealed)
        pf_table_destroy(r->ahead);
    pf_table_destroy(r->sealed);
    r->ahead = r->sealed = NULL;
    for (pf_ask *a = r->asks, *next; a; a = next) { /* at the stop: the worker dropped them */
        next = a->next;
        free(a);
    }
    r->asks = NULL;
}

void pf_room_leave_changes(pf_room *r, pf_member *m)
{
    for (pf_told *t = r->told; t; t = t->next)
        if (t->asker == m)
            t->asker = NULL;
    for (pf_ask *a = r->asks; a; a = a->next)
        if (a->asker == m)
            a->asker = NULL;
}
