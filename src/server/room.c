/* room.c: a room's game (room.h): seats and tokens, the shared table, the
 * server's clock, storage before telling, and each seat's share.
 *
 * Every change (an action, an undo, a bot's move, a fallback) runs on a
 * copy of the game (the table after the changes still waiting, or the
 * committed one) whose hook collects the steps. The change waits for the
 * group commit of the loop's turn (commit.c) with what each seat is to be
 * told and the requester's answer; once the steps are durable the copy
 * becomes the room's table and everyone hears of them. A change or commit
 * that fails leaves the room as it was. A turn-based bot's move is searched
 * on the worker (think.c) and comes back as a change of its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "partyfood/json_print.h"
#include "partyfood/parse.h"
#include "partyfood/proto.h"
#include "partyfood/replay.h"
#include "partyfood/rng.h"
#include "partyfood/session.h"
#include "proto/commands.h"
#include "server/chat.h"
#include "server/commit.h"
#include "server/host.h"
#include "server/room.h"
#include "server/think.h"

#ifndef PF_VERSION
#define PF_VERSION "unknown"
#endif

/* The options that fix chance for tests: in a room nobody may know the
 * hidden deal, the host included. */
static const char *const chance_options[] = {"grid",  "bag",  "boards", "ziggy",
                                             "table", "tosses", "dice",  "jitter"};

/* After a failed commit, how long the bots wait before trying again. */
#define RETRY_MS 1000

/* ---- answers ------------------------------------------------------------------ */

static cJSON *answer_for(const cJSON *req)
{
    cJSON *out = cJSON_CreateObject();
    const cJSON *id = cJSON_IsObject(req) ? cJSON_GetObjectItemCaseSensitive(req, "id") : NULL;
    if (out && id)
        cJSON_AddItemToObject(out, "id", cJSON_Duplicate(id, true));
    return out;
}

static char *print(cJSON *o)
{
    char *text = o ? pf_json_print(o) : NULL;
    cJSON_Delete(o);
    return text;
}

char *pf_room_ok(const cJSON *req)
{
    cJSON *out = answer_for(req);
    cJSON_AddTrueToObject(out, "ok");
    return print(out);
}

char *pf_room_error(const cJSON *req, pf_err e, const char *msg)
{
    char clean[256];
    pf_text_printable(msg ? msg : pf_strerror(e), clean, sizeof clean); /* NULL: the code's own */
    cJSON *out = answer_for(req), *eo = NULL;
    if (out) {
        cJSON_AddFalseToObject(out, "ok");
        eo = cJSON_AddObjectToObject(out, "error");
    }
    if (eo) {
        cJSON_AddStringToObject(eo, "code", pf_err_code(e));
        cJSON_AddStringToObject(eo, "message", clean);
    }
    return print(out);
}

/* ---- seats and tokens ----------------------------------------------------------- */

void pf_token_hash(const char *token, unsigned char hash[PF_TOKEN_HASH])
{
    unsigned int n = PF_TOKEN_HASH;
    EVP_Digest(token, strlen(token), hash, &n, EVP_sha256(), NULL);
}

pf_err pf_token_new(char *hex, pf_error *err)
{
    unsigned char raw[PF_TOKEN_HEX / 2];
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        return pf_error_set(err, PF_E_IO, "the system's random source failed");
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(hex + 2 * i, 3, "%02x", raw[i]);
    return PF_E_OK;
}

int pf_room_seat_of(const pf_room *r, const char *token)
{
    if (strlen(token) != PF_TOKEN_HEX)
        return -2;
    unsigned char h[PF_TOKEN_HASH];
    pf_token_hash(token, h);
    for (int i = 0; i < r->n; i++)
        if (r->place[i].taken && CRYPTO_memcmp(h, r->place[i].token_hash, sizeof h) == 0)
            return i;
    return -2;
}

/* A person's name: printable UTF-8, no comma (seating lists use them). */
static pf_err check_name(const char *name, pf_error *err)
{
    size_t n = strlen(name);
    if (n == 0 || n > PF_SEAT_NAME_MAX || !pf_utf8_valid(name, n))
        return pf_error_set(err, PF_E_BAD_REQUEST,
                            "a name is 1 to %d bytes of UTF-8 text", PF_SEAT_NAME_MAX);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f || name[i] == ',')
            return pf_error_set(err, PF_E_BAD_REQUEST,
                                "a name may not hold control characters or commas");
    return PF_E_OK;
}

/* ---- storage -------------------------------------------------------------------- */

void pf_hex_of(const unsigned char *b, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
}

bool pf_unhex(const char *hex, unsigned char *b, size_t n)
{
    if (strlen(hex) != 2 * n)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return false;
        b[i] = (unsigned char)v;
    }
    return true;
}

/* Writes the room's row; the texts are built here and freed. */
pf_err pf_room_save(pf_room *r, pf_error *err)
{
    cJSON *seating = cJSON_CreateArray(), *settings = cJSON_CreateObject();
    for (int i = 0; seating && i < r->n; i++) {
        const pf_place *p = &r->place[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToArray(seating, o);
        if (p->bot) {
            cJSON_AddStringToObject(o, "bot", p->bot->name);
        } else if (p->taken) {
            char hex[2 * PF_TOKEN_HASH + 1];
            pf_hex_of(p->token_hash, PF_TOKEN_HASH, hex);
            cJSON_AddStringToObject(o, "person", p->name);
            cJSON_AddStringToObject(o, "token_sha256", hex);
        } else {
            cJSON_AddNullToObject(o, "person");
        }
    }
    if (settings) {
        cJSON_AddNumberToObject(settings, "turn_ms", (double)r->turn_ms);
        cJSON_AddBoolToObject(settings, "listed", r->listed);
        cJSON_AddBoolToObject(settings, "spectators", r->spectators);
        cJSON_AddBoolToObject(settings, "fixed_order", r->fixed_order);
        cJSON_AddBoolToObject(settings, "memory_aid", r->memory_aid);
        pf_host_settings_save(r, settings);
    }
    char *s = print(seating), *st = print(settings);
    pf_err e;
    if (!s || !st)
        e = pf_error_set(err, PF_E_NO_MEMORY, NULL);
    else {
        pf_store_room rec = {.game = r->g->id, .options = r->options, .seed = r->seed, .seating = s,
                             .settings = st, .started = r->started,
                             .engine_version = PF_VERSION, .protocol = PF_PROTOCOL_VERSION,
                             .created = r->created, .finished = r->finished};
        memcpy(rec.code, r->code, sizeof rec.code);
        e = pf_store_room_put(r->store, &rec, err);
    }
    free(s), free(st);
    return e;
}

pf_err pf_room_options(const pf_room *r, pf_options *out, pf_error *err)
{
    cJSON *v = cJSON_Parse(r->options);
    pf_options_clear(out);
    pf_err e = v ? pf_options_from_json(out, v, err) : pf_error_set(err, PF_E_NO_MEMORY, NULL);
    cJSON_Delete(v);
    return e;
}

/* Reads the options v (a JSON object, or NULL for none) into *opt and the
 * room (as pf_options keeps them). */
static pf_err set_options(pf_room *r, const cJSON *v, pf_options *opt, pf_error *err)
{
    pf_options_clear(opt);
    pf_err e = pf_options_from_json(opt, v, err);
    if (e)
        return e;
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; o && i < opt->n; i++)
        cJSON_AddStringToObject(o, opt->key[i], opt->val[i]);
    free(r->options);
    r->options = print(o);
    return r->options ? PF_E_OK : pf_error_set(err, PF_E_NO_MEMORY, NULL);
}

/* ---- the table's hook ------------------------------------------------------------ */

static void heard_reset(pf_room *r)
{
    for (int i = 0; i <= r->n; i++) {
        cJSON_Delete(r->heard[i]);
        r->heard[i] = NULL;
    }
    r->nsteps = 0;
    r->lost = false;
}

static void keep_step(pf_room *r, const pf_table_step *st)
{
    if (r->nsteps == r->cap) {
        int cap = r->cap ? 2 * r->cap : 16;
        pf_store_step *s = realloc(r->steps, (size_t)cap * sizeof *s);
        if (!s) {
            r->lost = true;
            return;
        }
        r->steps = s, r->cap = cap;
    }
    pf_store_step *s = &r->steps[r->nsteps++];
    *s = (pf_store_step){.undo = st->change == PF_TABLE_UNDO, .index = st->step,
                         .seat = st->seat, .t_ms = st->t_ms};
    snprintf(s->name, sizeof s->name, "%s", st->name ? st->name : "");
}

/* Each seat's (and the public's) message for the step, and the step to store. */
static void room_heard(void *arg, const pf_table_step *st)
{
    pf_room *r = arg;
    if (st->change != PF_TABLE_SETUP)
        keep_step(r, st);
    for (int i = 0; i <= r->n; i++) {
        if (!r->heard[i] && !(r->heard[i] = cJSON_CreateArray())) {
            r->lost = true;
            continue;
        }
        cJSON *m = pf_proto_step(st, i - 1);
        if (!m || !cJSON_AddItemToArray(r->heard[i], m))
            r->lost = true;
    }
}

/* ---- the clock and what everyone is told ------------------------------------------ */

static int64_t room_now(const pf_room *r)
{
    return pf_server_now_ms() - r->clock_base;
}

static cJSON *seat_list(uint32_t set)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < PF_MAX_SEATS; i++)
        if (set & (1u << i))
            cJSON_AddItemToArray(a, cJSON_CreateNumber(i));
    return a;
}

/* Who acts in t, whether it is over, the results, the clock and the turn
 * deadline. */
static void add_progress(const pf_room *r, const pf_table *t, cJSON *o)
{
    const pf_match *m = pf_table_match(t);
    double results[PF_MAX_SEATS];
    bool over = pf_match_over(m, results);
    cJSON_AddItemToObject(o, "to_act", seat_list(over ? 0 : m->game->to_act(m->state)));
    cJSON_AddBoolToObject(o, "over", over);
    cJSON_AddItemToObject(o, "results",
                          over ? cJSON_CreateDoubleArray(results, m->seats) : cJSON_CreateNull());
    cJSON_AddNumberToObject(o, "step_count", m->nsteps);
    cJSON_AddNumberToObject(o, "clock", (double)room_now(r));
    int64_t d = pf_table_deadline(t);
    if (d >= 0)
        cJSON_AddNumberToObject(o, "deadline", (double)d);
}

/* The push of the changes just committed (done, in order) for seat: all
 * their steps as the seat heard them, its view and legal actions after
 * them (a spectator: the public view), then the last change's progress.
 * NULL when the seat heard nothing or memory ran out. */
static char *steps_push(pf_room *r, const pf_told *done, int seat)
{
    int i = seat + 1;
    cJSON *steps = cJSON_CreateArray(), *step;
    const pf_told *last = done;
    for (const pf_told *t = done; steps && t; last = t, t = t->next)
        while (t->heard[i] && (step = cJSON_DetachItemFromArray(t->heard[i], 0)))
            cJSON_AddItemToArray(steps, step);
    if (!cJSON_GetArraySize(steps)) {
        cJSON_Delete(steps);
        return NULL;
    }
    const pf_match *m = pf_table_match(r->table);
    char *text[3] = {pf_json_print(steps),
                     print(pf_state_view(r->g, m->state, seat)),
                     seat >= 0 ? print(pf_proto_legal(r->table, seat)) : strdup("[]")};
    cJSON_Delete(steps);
    char *frame = NULL;
    if (text[0] && text[1] && text[2]) {
        /* {"push":"steps", ..., then the progress's members */
        size_t n = strlen(text[0]) + strlen(text[1]) + strlen(text[2]) + strlen(last->progress) + 64;
        if ((frame = malloc(n)))
            snprintf(frame, n, "{\"push\":\"steps\",\"steps\":%s,\"view\":%s,\"legal\":%s,%s",
                     text[0], text[1], text[2], last->progress + 1);
    }
    for (int k = 0; k < 3; k++)
        free(text[k]);
    return frame;
}

/* Sends every connection its seat's push of the changes just committed:
 * one frame per connection, built once per seat. */
static void tell_steps(pf_room *r, const pf_told *done)
{
    char *text[PF_MAX_SEATS + 1] = {0};
    bool built[PF_MAX_SEATS + 1] = {0};
    for (pf_conn *c = r->conns; c; c = c->next) {
        int i = c->seat + 1;
        if (!built[i])
            text[i] = steps_push(r, done, c->seat), built[i] = true;
        if (text[i])
            pf_server_send(c, text[i]);
    }
    for (int i = 0; i <= r->n; i++)
        free(text[i]);
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

/* Sets the room's timer to the next bot move or turn deadline. Nothing is
 * due while changes wait for the commit or a bot thinks: the commit or the
 * search's end calls this again. */
static void schedule(pf_room *r)
{
    if (!r->table || r->ahead || r->thinking || pf_table_over(r->table, NULL)) {
        pf_server_wake(r, -1);
        return;
    }
    int seat;
    int64_t at = -1, now = room_now(r);
    if (r->g->real_time) /* the reaction models are cheap: planned on the loop */
        pf_table_bot_next(r->table, &seat, &at);
    else if (bot_to_act(r))
        at = now;
    int64_t d = pf_table_deadline(r->table);
    if (d >= 0 && (at < 0 || d < at))
        at = d;
    if (at < 0) {
        pf_server_wake(r, -1);
        return;
    }
    int64_t wait = at > now ? at - now : 0, retry = r->retry_at - pf_server_now_ms();
    pf_server_wake(r, retry > wait ? retry : wait);
}

/* ---- changes --------------------------------------------------------------------- */

typedef pf_err room_op(pf_table *t, int64_t now, void *arg, pf_error *err);

static void told_free(pf_told *t)
{
    for (int i = 0; i <= PF_MAX_SEATS; i++)
        cJSON_Delete(t->heard[i]);
    free(t->steps);
    free(t->progress);
    cJSON_Delete(t->asked);
    free(t->answer);
    free(t);
}

/* What the hook heard, and the progress after it, as a change waiting for
 * the commit. */
static pf_told *told_new(pf_room *r, const pf_table *after, pf_error *err)
{
    pf_told *t = calloc(1, sizeof *t);
    cJSON *progress = cJSON_CreateObject();
    if (t && progress) {
        add_progress(r, after, progress);
        t->progress = print(progress);
        progress = NULL;
    }
    cJSON_Delete(progress);
    if (!t || !t->progress) {
        if (t)
            told_free(t);
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    memcpy(t->heard, r->heard, sizeof r->heard);
    memset(r->heard, 0, sizeof r->heard);
    t->steps = r->steps, t->nsteps = r->nsteps;
    r->steps = NULL, r->nsteps = r->cap = 0;
    if (pf_table_over(after, NULL))
        t->finished = (int64_t)time(NULL);
    return t;
}

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
    int64_t now = room_now(r);
    pf_table_clock(copy, now);
    pf_err e = op(copy, now, arg, err);
    if (!e && r->lost)
        e = pf_error_set(err, PF_E_NO_MEMORY, NULL);
    pf_told *t = NULL;
    if (!e && r->nsteps > 0 && !(t = told_new(r, copy, err)))
        e = err->code;
    heard_reset(r);
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
    r->active_ms = pf_server_now_ms();
    if (r->told)
        r->told_tail->next = t;
    else
        r->told = t;
    r->told_tail = t;
    if (!r->queued) {
        r->queued = true;
        pf_commit_add(r);
    }
    return PF_E_OK;
}

/* change_on on a copy of the game as it stands. */
static pf_err change(pf_room *r, room_op *op, void *arg, pf_error *err)
{
    heard_reset(r);
    const pf_table *from = r->ahead ? r->ahead : r->table;
    pf_table *copy = r->spare ? pf_table_clone_into(r->spare, from, room_heard, r, err)
                              : pf_table_clone(from, room_heard, r, err);
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
} act_arg;

static pf_err op_act(pf_table *t, int64_t now, void *arg, pf_error *err)
{
    const act_arg *a = arg;
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
    r->retry_at = pf_server_now_ms() + RETRY_MS;
}

/* A turn-based bot's move (or a fallback's) is searched on the worker, on a
 * copy of the committed game. */
static void think(pf_room *r)
{
    pf_error err;
    pf_table *copy = pf_table_clone(r->table, room_heard, r, &err);
    if (copy) {
        pf_table_clock(copy, room_now(r));
        if (!pf_think_submit(r, copy, r->version, &err)) {
            r->thinking = true;
            return;
        }
    }
    pf_table_destroy(copy);
    bots_failed(r, &err);
    schedule(r);
}

void pf_room_tick(pf_room *r)
{
    pf_error err;
    if (!r->table || r->ahead || r->thinking)
        return;
    if (!r->g->real_time)
        think(r);
    else if (change(r, op_bots, NULL, &err))
        bots_failed(r, &err);
    schedule(r);
}

void pf_room_thought(void *room, pf_table *t, uint64_t version)
{
    pf_room *r = room;
    pf_error err;
    r->thinking = false;
    if (version != r->version || r->ahead || !r->table) {
        pf_table_destroy(t); /* the game moved meanwhile: think again */
    } else {
        heard_reset(r);
        if (change_on(r, t, op_thought, NULL, &err))
            bots_failed(r, &err);
    }
    schedule(r);
}

void pf_room_seal(pf_room *r)
{
    for (pf_told *t = r->told; t; t = t->next)
        t->sealed = true;
    r->sealed = r->ahead;
}

/* The answer of a committed or failed change to its asker, if still there. */
static void answer_told(pf_told *t, const pf_error *failed)
{
    if (!t->asker)
        return;
    char *text = failed ? pf_room_error(t->asked, failed->code, failed->msg) : t->answer;
    pf_server_send(t->asker, text ? text : PF_ANSWER_NO_MEMORY);
    if (failed)
        free(text);
    t->asker->held = false;
}

void pf_room_committed(pf_room *r, const pf_error *failed)
{
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
        tell_steps(r, done);
        for (pf_told *t = done; t; t = t->next) {
            if (t->finished) {
                r->finished = t->finished;
                pf_server_log("finished", r, NULL);
            }
        }
    } else {
        /* Every change waiting built on the failed ones: all are dropped. */
        r->told = r->told_tail = NULL;
        if (r->ahead != r->sealed)
            pf_table_destroy(r->ahead);
        pf_table_destroy(r->sealed);
        r->ahead = NULL;
        r->version++;
        r->retry_at = pf_server_now_ms() + RETRY_MS;
    }
    r->sealed = NULL;
    /* The answers after the pushes, then what each asker sent meanwhile. */
    for (pf_told *t = done, *next; t; t = next) {
        next = t->next;
        answer_told(t, failed);
        told_free(t);
    }
    schedule(r);
    pf_server_resume(r);
}

void pf_room_leave(pf_room *r, pf_conn *c)
{
    for (pf_told *t = r->told; t; t = t->next)
        if (t->asker == c)
            t->asker = NULL;
    for (pf_ask *a = r->asks; a; a = a->next)
        if (a->asker == c)
            a->asker = NULL;
}

void pf_room_answered(void *room, void *ask, char *answer)
{
    pf_room *r = room;
    pf_ask **p = &r->asks;
    while (*p != ask)
        p = &(*p)->next;
    pf_ask *a = *p;
    *p = a->next;
    if (a->asker) {
        pf_server_send(a->asker, answer ? answer : PF_ANSWER_NO_MEMORY);
        a->asker->held = false;
        pf_server_resume(r);
    }
    free(a);
    free(answer);
}

/* ---- the start ------------------------------------------------------------------- */

/* Ruling C-1: the places are shuffled from the seed, unless the host fixed
 * the order. pf_seating_shuffle's permutation, read off places named by
 * their index. */
static void shuffle_places(pf_room *r)
{
    pf_seating s = {.n = r->n};
    for (int i = 0; i < r->n; i++)
        snprintf(s.name[i], sizeof s.name[i], "%d", i);
    pf_seating_shuffle(&s, r->seed);
    pf_place was[PF_MAX_SEATS];
    memcpy(was, r->place, sizeof was);
    for (int i = 0; i < r->n; i++)
        r->place[i] = was[atoi(s.name[i])];
}

static void table_seating(const pf_room *r, pf_seating *s)
{
    *s = (pf_seating){.n = r->n};
    for (int i = 0; i < r->n; i++) {
        s->bot[i] = r->place[i].bot;
        snprintf(s->name[i], sizeof s->name[i], "%s",
                 r->place[i].bot ? r->place[i].bot->name : r->place[i].name);
    }
}

static pf_table_options table_options(const pf_room *r)
{
    return (pf_table_options){.memory_aid = r->memory_aid, .turn_ms = r->turn_ms};
}

/* Every person's place is taken: the game begins. */
static pf_err start(pf_room *r, pf_error *err)
{
    pf_place before[PF_MAX_SEATS];
    memcpy(before, r->place, sizeof before);
    if (!r->fixed_order)
        shuffle_places(r);
    pf_seating s;
    table_seating(r, &s);
    pf_table_options to = table_options(r);
    pf_options opt;
    heard_reset(r);
    r->table = pf_room_options(r, &opt, err)
                   ? NULL
                   : pf_table_create(r->g, &s, &opt, r->seed, &to, room_heard, r, err);
    heard_reset(r); /* the setup: each seat gets it in its sync */
    r->started = r->table != NULL;
    pf_err e = r->table ? pf_room_save(r, err) : err->code;
    if (e) {
        pf_table_destroy(r->table);
        r->table = NULL;
        r->started = false;
        memcpy(r->place, before, sizeof before);
        return e;
    }
    r->clock_base = pf_server_now_ms();
    pf_server_log("started", r, NULL);
    /* A person's place moved with the shuffle: each connection follows its
     * token to its seat before anyone is told. */
    for (pf_conn *c = r->conns; c; c = c->next) {
        const unsigned char *hash = c->seat >= 0 ? before[c->seat].token_hash : NULL;
        for (int i = 0; hash && i < r->n; i++)
            if (!r->place[i].bot && memcmp(hash, r->place[i].token_hash, PF_TOKEN_HASH) == 0) {
                c->seat = i;
                break;
            }
    }
    for (pf_conn *c = r->conns; c; c = c->next)
        pf_room_sync(r, c);
    schedule(r);
    return PF_E_OK;
}

/* ---- creating and restoring ------------------------------------------------------- */

static bool read_bool(const cJSON *req, const char *key, bool def, bool *out, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, key);
    if (!v || cJSON_IsNull(v)) {
        *out = def;
        return true;
    }
    if (!cJSON_IsBool(v)) {
        pf_error_set(err, PF_E_BAD_REQUEST, "\"%s\" must be true or false", key);
        return false;
    }
    *out = cJSON_IsTrue(v);
    return true;
}

/* Reads "options": refuses those that fix chance, then checks the rest
 * by setting up a game with them. */
static pf_err read_options(pf_room *r, const cJSON *v, pf_error *err)
{
    if (v && !cJSON_IsObject(v))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"options\" must be an object");
    for (const cJSON *o = v ? v->child : NULL; o; o = o->next)
        for (size_t i = 0; i < sizeof chance_options / sizeof *chance_options; i++)
            if (strcmp(o->string, chance_options[i]) == 0)
                return pf_error_set(err, PF_E_BAD_OPTION,
                                    "the option '%s' fixes chance: refused in rooms, where "
                                    "nobody may know the hidden deal",
                                    chance_options[i]);
    pf_options opt;
    pf_err e = set_options(r, v, &opt, err);
    if (e)
        return e;
    pf_match *m = pf_match_create(r->g, r->n, &opt, 0, err);
    if (!m)
        return err->code;
    pf_match_destroy(m);
    return PF_E_OK;
}

static pf_err read_seats(pf_room *r, const cJSON *v, pf_error *err)
{
    if (!cJSON_IsArray(v))
        return pf_error_set(err, PF_E_BAD_REQUEST,
                            "\"seats\" must be an array of \"person\" or \"bot:LEVEL\"");
    int n = cJSON_GetArraySize(v);
    if (n < r->g->min_seats || n > r->g->max_seats)
        return pf_error_set(err, PF_E_BAD_SEATS, "%s is for %d to %d seats, not %d",
                            r->g->title, r->g->min_seats, r->g->max_seats, n);
    r->n = 0;
    for (const cJSON *s = v->child; s; s = s->next, r->n++) {
        pf_place *p = &r->place[r->n];
        *p = (pf_place){0};
        if (cJSON_IsString(s) && strcmp(s->valuestring, "person") == 0)
            continue;
        if (cJSON_IsString(s) && strncmp(s->valuestring, "bot:", 4) == 0 &&
            (p->bot = pf_bot_find(r->g, s->valuestring + 4)))
            continue;
        char list[256];
        pf_bot_list(r->g, list, sizeof list);
        return pf_error_set(err, PF_E_BAD_SEATS,
                            "seat %d must be \"person\" or \"bot:LEVEL\" (bots: %s)", r->n,
                            list);
    }
    return PF_E_OK;
}

static pf_room *room_new(pf_store *store, const char *code)
{
    pf_room *r = calloc(1, sizeof *r);
    if (r) {
        snprintf(r->code, sizeof r->code, "%s", code);
        r->store = store;
        r->active_ms = pf_server_now_ms();
    }
    return r;
}

pf_room *pf_room_create(pf_store *store, const char *code, const cJSON *req, char *host_token,
                        pf_error *err)
{
    pf_room *r = room_new(store, code);
    if (!r) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(req, "game");
    const cJSON *turn = cJSON_GetObjectItemCaseSensitive(req, "turn_seconds");
    long long secs = 0;
    pf_err e = PF_E_OK;
    if (!cJSON_IsString(game))
        e = pf_error_set(err, PF_E_BAD_REQUEST, "a room needs \"game\" (a game id)");
    else if (!(r->g = pf_game_find(game->valuestring)))
        e = pf_error_set(err, PF_E_UNKNOWN_GAME, "no game called '%.*s'",
                         (int)pf_utf8_prefix(game->valuestring, 40), game->valuestring);
    else if (cJSON_GetObjectItemCaseSensitive(req, "seed"))
        e = pf_error_set(err, PF_E_BAD_OPTION,
                         "a room's seed is drawn by the server and kept secret: \"seed\" is "
                         "refused");
    else if (turn && !cJSON_IsNull(turn) && !pf_json_int(turn, 0, 3600, &secs))
        e = pf_error_set(err, PF_E_BAD_REQUEST,
                         "\"turn_seconds\" must be a whole number from 0 (off) to 3600");
    else if (secs > 0 && r->g->real_time)
        e = pf_error_set(err, PF_E_BAD_OPTION, "%s is played in real time: no turn timer",
                         r->g->title);
    if (!e)
        e = read_seats(r, cJSON_GetObjectItemCaseSensitive(req, "seats"), err);
    if (!e)
        e = read_options(r, cJSON_GetObjectItemCaseSensitive(req, "options"), err);
    if (!e && !(read_bool(req, "listed", false, &r->listed, err) &&
                read_bool(req, "spectators", true, &r->spectators, err) &&
                read_bool(req, "fixed_order", false, &r->fixed_order, err) &&
                read_bool(req, "memory_aid", false, &r->memory_aid, err)))
        e = err->code;
    if (!e)
        e = pf_seed_random(&r->seed, err);
    if (!e)
        e = pf_host_new(r, host_token, err);
    if (!e) {
        r->chat_on = true;
        r->turn_ms = secs * 1000;
        r->created = (int64_t)time(NULL);
        e = pf_room_save(r, err);
    }
    bool bots_only = true;
    for (int i = 0; i < r->n; i++)
        bots_only &= r->place[i].bot != NULL;
    if (!e && bots_only)
        e = start(r, err);
    if (e) {
        pf_room_destroy(r);
        return NULL;
    }
    return r;
}

/* Reads the stored seating back into the places. */
static pf_err read_stored_seating(pf_room *r, const char *text, pf_error *err)
{
    cJSON *a = cJSON_Parse(text);
    pf_err e = cJSON_IsArray(a) && cJSON_GetArraySize(a) <= PF_MAX_SEATS
                   ? PF_E_OK
                   : pf_error_set(err, PF_E_BAD_REPLAY, "its seating is unreadable");
    r->n = 0;
    for (const cJSON *s = a ? a->child : NULL; !e && s; s = s->next, r->n++) {
        pf_place *p = &r->place[r->n];
        const cJSON *bot = cJSON_GetObjectItemCaseSensitive(s, "bot");
        const cJSON *person = cJSON_GetObjectItemCaseSensitive(s, "person");
        const cJSON *hash = cJSON_GetObjectItemCaseSensitive(s, "token_sha256");
        *p = (pf_place){0};
        if (cJSON_IsString(bot))
            p->bot = pf_bot_find(r->g, bot->valuestring);
        else if (cJSON_IsString(person) && cJSON_IsString(hash)) {
            p->taken = true;
            snprintf(p->name, sizeof p->name, "%s", person->valuestring);
            if (!pf_unhex(hash->valuestring, p->token_hash, PF_TOKEN_HASH))
                e = pf_error_set(err, PF_E_BAD_REPLAY, "a token's hash is unreadable");
        }
        if (cJSON_IsString(bot) && !p->bot)
            e = pf_error_set(err, PF_E_BAD_REPLAY, "no bot %s any more", bot->valuestring);
    }
    cJSON_Delete(a);
    return e;
}

static bool setting(const cJSON *o, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static pf_err replay_step(void *arg, const pf_store_step *st, pf_error *err)
{
    pf_match *m = arg;
    if (st->index != m->nsteps)
        return pf_error_set(err, PF_E_BAD_REPLAY, "step %d is missing", m->nsteps);
    return pf_match_apply_named(m, st->seat, st->name, st->t_ms, NULL, err);
}

/* The game rebuilt from its seed and stored steps. */
static pf_err load_table(pf_room *r, pf_error *err)
{
    pf_options opt;
    pf_match *m = pf_room_options(r, &opt, err) ? NULL : pf_match_create(r->g, r->n, &opt, r->seed, err);
    pf_err e = m ? pf_store_steps_of(r->store, r->code, replay_step, m, err) : err->code;
    if (e) {
        pf_match_destroy(m);
        return e;
    }
    pf_seating s;
    table_seating(r, &s);
    pf_table_options to = table_options(r);
    r->table = pf_table_adopt(m, &s, &to, room_heard, r, err);
    return r->table ? PF_E_OK : err->code;
}

pf_err pf_room_load(pf_room *r, pf_error *err)
{
    if (!r->started || r->table)
        return PF_E_OK;
    pf_err e = load_table(r, err);
    if (e)
        return e;
    r->active_ms = pf_server_now_ms();
    pf_server_log("loaded", r, NULL);
    schedule(r);
    return PF_E_OK;
}

pf_room *pf_room_restore(pf_store *store, const pf_store_room *rec, pf_error *err)
{
    pf_room *r = room_new(store, rec->code);
    if (!r) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    r->seed = rec->seed;
    r->created = rec->created;
    cJSON *opts = cJSON_Parse(rec->options), *settings = cJSON_Parse(rec->settings);
    pf_err e = PF_E_OK;
    if (!(r->g = pf_game_find(rec->game)))
        e = pf_error_set(err, PF_E_UNKNOWN_GAME, "no game %s any more", rec->game);
    if (!e)
        e = read_stored_seating(r, rec->seating, err);
    pf_options opt;
    if (!e)
        e = set_options(r, opts, &opt, err);
    const cJSON *turn = cJSON_GetObjectItemCaseSensitive(settings, "turn_ms");
    r->turn_ms = cJSON_IsNumber(turn) ? (int64_t)turn->valuedouble : 0;
    r->listed = setting(settings, "listed");
    r->spectators = setting(settings, "spectators");
    r->fixed_order = setting(settings, "fixed_order");
    r->memory_aid = setting(settings, "memory_aid");
    pf_host_settings_load(r, settings);
    cJSON_Delete(opts);
    cJSON_Delete(settings);
    r->started = rec->started;
    r->finished = rec->finished;
    if (!e && rec->started) {
        e = load_table(r, err);
        /* The game's clock goes on from its last step: the time the server
         * was down does not count. */
        if (!e)
            r->clock_base = pf_server_now_ms() - pf_table_match(r->table)->now;
    }
    if (!e && pf_chat_restore(r, err))
        fprintf(stderr, "partyfood serve: room %s: its chat is lost: %s\n", r->code, err->msg);
    if (e) {
        pf_room_destroy(r);
        return NULL;
    }
    schedule(r);
    return r;
}

void pf_room_destroy(pf_room *r)
{
    if (!r)
        return;
    pf_server_wake(r, -1);
    heard_reset(r);
    free(r->steps);
    for (pf_told *t = r->told, *next; t; t = next) {
        next = t->next;
        told_free(t);
    }
    if (r->ahead != r->sealed)
        pf_table_destroy(r->ahead);
    pf_table_destroy(r->sealed);
    pf_table_destroy(r->table);
    pf_table_destroy(r->spare);
    for (pf_ask *a = r->asks, *next; a; a = next) { /* at the stop: the worker dropped them */
        next = a->next;
        free(a);
    }
    pf_chat_free(r);
    pf_rematch_free(r);
    free(r->options);
    free(r);
}

bool pf_room_idle(const pf_room *r, int64_t now, int64_t idle_ms)
{
    /* A detached timer: no bot move or turn deadline is due. */
    return r->started && !r->ahead && !r->thinking && !r->asks && now - r->active_ms >= idle_ms &&
           lws_dll2_is_detached(&r->timer.list);
}

void pf_room_unload(pf_room *r)
{
    pf_table_destroy(r->table);
    pf_table_destroy(r->spare);
    r->table = r->spare = NULL;
    heard_reset(r);
    free(r->steps);
    r->steps = NULL, r->cap = 0;
}

cJSON *pf_room_replay(pf_room *r, pf_error *err)
{
    if (!r->started || r->finished == 0)
        pf_error_set(err, PF_E_BAD_REQUEST,
                     "the replay tells every hidden piece: it is given once the game is over");
    else if (!pf_room_load(r, err))
        return pf_match_save(pf_table_match(r->table));
    return NULL;
}

/* ---- seats ------------------------------------------------------------------------ */

pf_err pf_room_join(pf_room *r, const cJSON *req, char *token, int *place, pf_error *err)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(req, "name");
    if (r->locked)
        return pf_error_set(err, PF_E_BAD_SEATS, "the host locked the room: no new joins");
    if (!cJSON_IsString(name))
        return pf_error_set(err, PF_E_BAD_REQUEST, "joining needs \"name\" (a string)");
    pf_err e = check_name(name->valuestring, err);
    if (e)
        return e;
    int free_place = -1;
    for (int i = r->n - 1; i >= 0; i--)
        if (!r->place[i].bot && !r->place[i].taken)
            free_place = i;
    if (free_place < 0)
        return pf_error_set(err, PF_E_BAD_SEATS, "%s",
                            r->table ? "the game has started: every seat is taken"
                                     : "every person's seat is taken");
    if ((e = pf_token_new(token, err)))
        return e;
    pf_place *p = &r->place[free_place], was = *p;
    p->taken = true;
    snprintf(p->name, sizeof p->name, "%s", name->valuestring);
    pf_token_hash(token, p->token_hash);
    bool started = r->started;
    if ((e = pf_room_seated(r, err))) {
        *p = was;
        return e;
    }
    *place = free_place;
    r->active_ms = pf_server_now_ms();
    /* Everyone there hears of the newcomer (the start tells them itself). */
    if (r->started == started)
        for (pf_conn *c = r->conns; c; c = c->next)
            pf_room_sync(r, c);
    return PF_E_OK;
}

/* A table around a copy of t's match with the room's seating now. */
static pf_table *reseated(pf_room *r, const pf_table *t, pf_error *err)
{
    pf_seating s;
    table_seating(r, &s);
    pf_table_options to = table_options(r);
    pf_match *m = pf_match_clone(pf_table_match(t));
    pf_table *n = m ? pf_table_adopt(m, &s, &to, room_heard, r, err) : NULL;
    if (!m)
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
    return n;
}

pf_err pf_room_seated(pf_room *r, pf_error *err)
{
    if (!r->started) {
        bool full = true;
        for (int i = 0; i < r->n; i++)
            full &= r->place[i].bot || r->place[i].taken;
        /* The last place starts the game, stored with it in one write: a
         * start that fails gives the place back (the room must not stay
         * full and unstarted, refusing everyone). */
        pf_err e = full ? start(r, err) : pf_room_save(r, err);
        if (e && full)
            fprintf(stderr, "partyfood serve: room %s could not start: %s\n", r->code,
                    err->msg);
        return e;
    }
    if (pf_room_save(r, err) || pf_room_load(r, err))
        return err->code;
    /* The started game goes on with the new seating (and so do the changes
     * waiting for the commit). */
    pf_table *t = reseated(r, r->table, err);
    pf_table *ahead = t && r->ahead ? reseated(r, r->ahead, err) : NULL;
    if (!t || (r->ahead && !ahead)) {
        pf_table_destroy(t);
        return err->code;
    }
    pf_table_destroy(r->table);
    r->table = t;
    if (ahead) {
        pf_table_destroy(r->ahead);
        r->ahead = ahead;
    }
    schedule(r); /* a bot now in a person's place may be the one to act */
    return PF_E_OK;
}

bool pf_room_open(const pf_room *r)
{
    return r->listed && !r->started;
}

cJSON *pf_room_public(pf_room *r, bool full)
{
    cJSON *o = cJSON_CreateObject(), *seats = NULL;
    if (!o)
        return NULL;
    cJSON_AddStringToObject(o, "room", r->code);
    cJSON_AddStringToObject(o, "game", r->g->id);
    cJSON_AddBoolToObject(o, "started", r->started);
    cJSON_AddBoolToObject(o, "spectators", r->spectators);
    seats = cJSON_AddArrayToObject(o, "seats");
    for (int i = 0; seats && i < r->n; i++) {
        const pf_place *p = &r->place[i];
        cJSON *s = cJSON_CreateObject();
        cJSON_AddItemToArray(seats, s);
        cJSON_AddNumberToObject(s, "seat", i);
        cJSON_AddStringToObject(s, "kind", p->bot ? "bot" : "person");
        if (p->bot || p->taken)
            cJSON_AddStringToObject(s, "name", p->bot ? p->bot->name : p->name);
        else
            cJSON_AddNullToObject(s, "name");
    }
    if (!full)
        return o;
    cJSON_AddBoolToObject(o, "listed", r->listed);
    cJSON_AddBoolToObject(o, "fixed_order", r->fixed_order);
    cJSON_AddBoolToObject(o, "locked", r->locked);
    cJSON_AddBoolToObject(o, "chat_on", r->chat_on);
    cJSON_AddBoolToObject(o, "memory_aid", r->memory_aid); /* the browser draws the aid */
    cJSON_AddNumberToObject(o, "turn_seconds", (double)(r->turn_ms / 1000));
    if (pf_rematch_code(r)) /* where the table plays again (known while in memory) */
        cJSON_AddStringToObject(o, "rematch", pf_rematch_code(r));
    pf_error err;
    if (r->started && pf_room_load(r, &err)) {
        cJSON_Delete(o);
        return NULL;
    }
    if (r->table) {
        const pf_match *m = pf_table_match(r->table);
        add_progress(r, r->table, o);
        cJSON_AddItemToObject(o, "view", pf_state_view(r->g, m->state, PF_SEAT_SPECTATOR));
    }
    return o;
}

/* ---- messages ---------------------------------------------------------------------- */

/* The table's log as seat may see it: every step's (step < -1), or one
 * step's without the step field (an act's answer, as the engine's). */
static cJSON *log_for(const pf_table *t, int seat, int step)
{
    int n;
    const pf_table_event *ev = pf_table_log(t, &n);
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++) {
        if ((ev[i].to >= 0 && ev[i].to != seat) || (step >= -1 && ev[i].step != step))
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToArray(a, o);
        if (step < -1)
            cJSON_AddNumberToObject(o, "step", ev[i].step);
        cJSON_AddStringToObject(o, "kind", ev[i].kind);
        cJSON_AddStringToObject(o, "text", ev[i].text);
        cJSON_AddBoolToObject(o, "private", ev[i].to >= 0);
    }
    return a;
}

void pf_room_sync(pf_room *r, pf_conn *c)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return;
    cJSON_AddStringToObject(o, "push", "sync");
    cJSON_AddStringToObject(o, "room", r->code);
    cJSON_AddStringToObject(o, "game", r->g->id);
    cJSON_AddNumberToObject(o, "seat", c->seat);
    cJSON_AddNumberToObject(o, "seats", r->n);
    cJSON_AddBoolToObject(o, "started", r->started);
    pf_error err;
    if (r->started && pf_room_load(r, &err)) {
        cJSON_Delete(o);
        char *text = pf_room_error(NULL, err.code, err.msg);
        pf_server_send(c, text ? text : PF_ANSWER_NO_MEMORY);
        free(text);
        return;
    }
    if (r->table) {
        const pf_match *m = pf_table_match(r->table);
        add_progress(r, r->table, o);
        cJSON_AddItemToObject(o, "view", pf_state_view(r->g, m->state, c->seat));
        cJSON_AddItemToObject(o, "legal", c->seat >= 0 ? pf_proto_legal(r->table, c->seat)
                                                       : cJSON_CreateArray());
        cJSON_AddItemToObject(o, "log", log_for(r->table, c->seat, -2));
    }
    pf_chat_sync(r, o);
    char *text = print(o);
    if (text)
        pf_server_send(c, text);
    free(text);
}

/* A read-only command answered by the engine protocol's own session, over
 * the room's table and bound to the connection's seat (its "seat" check
 * included), so the answers are the protocol's own. */
static char *ask_session(pf_room *r, pf_conn *c, const cJSON *req, const char *msg, size_t len)
{
    /* A command that would change or replace the session's table would
     * free the room's: those are the room's own (act, undo) or refused. */
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    const pf_command *pc = cJSON_IsString(cmd) ? pf_command_find(cmd->valuestring) : NULL;
    if (pc && (pf_command_flags(pc) & (PF_CMD_CHANGES | PF_CMD_REPLACES)))
        return pf_room_error(req, PF_E_UNKNOWN_COMMAND, "not available in a room");
    pf_session s;
    pf_session_init(&s);
    pf_session_bind(&s, c->seat);
    s.table = r->table;
    char *text = pf_session_handle(&s, msg, len);
    s.table = NULL; /* the room's: no command asked here may change it */
    return text;
}

/* A hint ("plan") may search as long as a bot's move: the protocol's
 * session answers it on the worker, over a copy of the committed game, and
 * the answer is sent when it is back (pf_room_answered); the connection's
 * later messages wait for it. */
static char *ask_worker(pf_room *r, pf_conn *c, const cJSON *req, const char *msg, size_t len)
{
    pf_error err;
    pf_ask *a = malloc(sizeof *a);
    pf_table *copy = a ? pf_table_clone(r->table, NULL, NULL, &err) : NULL;
    if (!a)
        pf_error_set(&err, PF_E_NO_MEMORY, NULL);
    if (!copy || pf_think_ask(r, a, copy, c->seat, msg, len, &err)) {
        pf_table_destroy(copy);
        free(a);
        return pf_room_error(req, err.code, err.msg);
    }
    *a = (pf_ask){r->asks, c};
    r->asks = a;
    c->held = true;
    return NULL;
}

/* The engine's commands a room refuses. */
static const char *refused(const char *cmd)
{
    if (!strcmp(cmd, "new") || !strcmp(cmd, "load"))
        return "a room plays the one game it was created with";
    if (!strcmp(cmd, "save"))
        return "a save tells every hidden piece: rooms keep the game until it is over";
    if (!strcmp(cmd, "bot"))
        return "the room's bots play by themselves; \"plan\" gives a hint";
    if (!strcmp(cmd, "wait"))
        return "the server's clock runs by itself: no need to wait";
    if (!strcmp(cmd, "hello"))
        return "this connection already said hello";
    return NULL;
}

static char *act_or_undo(pf_room *r, pf_conn *c, const cJSON *req, bool undo)
{
    pf_error err;
    const cJSON *seat = cJSON_GetObjectItemCaseSensitive(req, "seat");
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(req, "action");
    long long asked = c->seat;
    if (c->seat < 0)
        return pf_room_error(req, PF_E_NOT_YOUR_SEAT, "a spectator may only watch");
    if (seat && !pf_json_int(seat, -PF_JSON_INT_MAX, PF_JSON_INT_MAX, &asked))
        return pf_room_error(req, PF_E_BAD_REQUEST, "\"seat\" must be a whole number");
    if (asked != c->seat) {
        snprintf(err.msg, sizeof err.msg,
                 "this connection speaks for seat %d only, not seat %lld", c->seat, asked);
        return pf_room_error(req, PF_E_NOT_YOUR_SEAT, err.msg);
    }
    if (!r->started)
        return pf_room_error(req, PF_E_NO_GAME,
                             "the game starts when every person's seat is taken");
    if (!undo && !cJSON_IsString(action))
        return pf_room_error(req, PF_E_BAD_REQUEST, "\"act\" needs \"action\" (its name)");
    /* A skill number comes from a meter (C-4, meter.c). */
    char name[PF_REPLAY_NAME_MAX + 1];
    pf_err e = undo ? PF_E_OK : pf_meter_action(r, c->seat, req, name, sizeof name, &err);
    if (e)
        return pf_room_error(req, e, err.msg);
    const pf_table *t = r->ahead ? r->ahead : r->table;
    int before = pf_table_match(t)->nsteps;
    const pf_told *older = r->told_tail;
    act_arg a = {c->seat, undo ? NULL : name};
    e = undo ? change(r, op_undo, &c->seat, &err) : change(r, op_act, &a, &err);
    if (e)
        return pf_room_error(req, e, err.msg);
    /* The engine's answer (its own step's events, who acts, whether it is
     * over) with the step's index, name and time, from the game ahead. */
    t = r->ahead ? r->ahead : r->table;
    cJSON *out = answer_for(req);
    if (out && !undo) {
        const pf_step *st = &pf_table_match(t)->steps[before];
        cJSON_AddNumberToObject(out, "step", before);
        cJSON_AddStringToObject(out, "action", st->name);
        cJSON_AddNumberToObject(out, "t", (double)st->t_ms);
        cJSON_AddItemToObject(out, "events", log_for(t, c->seat, before));
    }
    if (out) {
        add_progress(r, t, out);
        cJSON_AddTrueToObject(out, "ok");
    }
    char *text = print(out);
    if (!text || r->told_tail == older) /* no step: nothing to wait for */
        return text;
    /* Sent once the step is durable (pf_room_committed). */
    pf_told *mine = r->told_tail;
    mine->asker = c;
    mine->asked = answer_for(req);
    mine->answer = text;
    c->held = true;
    return NULL;
}

/* A command the room does not answer itself: by the session, on the loop
 * or (a hint) on the worker. */
static char *ask(pf_room *r, pf_conn *c, const cJSON *req, const char *msg, size_t len)
{
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    return strcmp(cmd->valuestring, "plan") == 0 ? ask_worker(r, c, req, msg, len)
                                                 : ask_session(r, c, req, msg, len);
}

void pf_room_request(pf_room *r, pf_conn *c, const char *msg, size_t len)
{
    cJSON *req = len <= PF_REQUEST_MAX_BYTES && pf_utf8_valid(msg, len)
                     ? cJSON_ParseWithLength(msg, len)
                     : NULL;
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    char *text;
    const char *why;
    pf_error err;
    if (!cJSON_IsObject(req) || !cJSON_IsString(cmd))
        text = ask_session(r, c, req, msg, len); /* its error, the protocol's own */
    else if ((why = refused(cmd->valuestring)))
        text = pf_room_error(req, PF_E_UNKNOWN_COMMAND, why);
    else if (r->started && pf_room_load(r, &err))
        text = pf_room_error(req, err.code, err.msg);
    else if (!strcmp(cmd->valuestring, "act") || !strcmp(cmd->valuestring, "undo"))
        text = act_or_undo(r, c, req, cmd->valuestring[0] == 'u');
    else if (!strcmp(cmd->valuestring, "chat"))
        text = pf_chat_request(r, c, req);
    else if (!strcmp(cmd->valuestring, "meter"))
        text = pf_meter_request(r, c, req);
    else if (!strcmp(cmd->valuestring, "rematch"))
        text = pf_rematch_request(r, c, req);
    else if (!r->started && strcmp(cmd->valuestring, "games") != 0)
        text = pf_room_error(req, PF_E_NO_GAME,
                             "the game starts when every person's seat is taken");
    else if (!cJSON_GetObjectItemCaseSensitive(req, "seat")) {
        /* The seat is the connection's: added when the request names none. */
        cJSON_AddNumberToObject(req, "seat", c->seat);
        char *with = pf_json_print(req);
        text = with ? ask(r, c, req, with, strlen(with)) : NULL;
        free(with);
    } else
        text = ask(r, c, req, msg, len);
    cJSON_Delete(req);
    if (text || !c->held)
        pf_server_send(c, text ? text : PF_ANSWER_NO_MEMORY);
    free(text);
}
