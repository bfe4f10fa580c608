/* commands.c: the engine protocol's commands, each a handler over the
 * session's table, and the table of their flags that the dispatcher
 * (session.c) checks before a handler runs. Each handler reads its fields
 * strictly (a field of the wrong type is refused, never guessed), answers
 * with its data or fails through pf_error. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "commands.h"
#include "partyfood/parse.h"
#include "partyfood/replay.h"
#include "partyfood/proto.h"
#include "partyfood/why.h"

/* ---- what the table tells ---------------------------------------------------- */

/* The seat the session's steps are encoded for: its own, or the public's. */
static int steps_seat(const pf_session *s)
{
    return s->bound >= PF_SEAT_SPECTATOR ? s->bound : PF_SEAT_SPECTATOR;
}

/* The table's step hook: encodes each applied step as it is applied. */
void pf__heard(void *arg, const pf_table_step *st)
{
    pf_session *s = arg;
    pf_session_heard *h = &s->heard;
    if (h->want_events) {
        h->want_events = false;
        pf_proto_write_events(&h->events, st->ev, h->events_seat, s->names);
        h->step = st->step;
        snprintf(h->action, sizeof h->action, "%s", st->name);
        h->t_ms = st->t_ms;
    }
    pf_jw_comma(&h->steps);
    pf_proto_write_step(&h->steps, st, steps_seat(s), s->names);
}

/* The next step heard is the request's own: keep its events for seat. */
static void expect_own_step(pf_session *s, int seat)
{
    s->heard.want_events = true;
    s->heard.events_seat = seat;
}

/* Adds key with the text written in from (a list the hook wrote). */
static void add_raw(pf_jw *out, const char *key, pf_jw *from)
{
    const char *text = pf_jw_text(from);
    pf_jw_key(out, key);
    if (!text)
        out->failed = true;
    else if (pf_jw_size(from) == 0)
        pf_jw_lit(out, "[]");
    else
        pf_jw_raw(out, text, pf_jw_size(from));
}

/* The answer's members for the request's own step: its index, name, time
 * and events. */
static void add_played(pf_session *s, pf_jw *out)
{
    pf_session_heard *h = &s->heard;
    pf_proto_write_played(out, h->step, h->action, h->t_ms);
    add_raw(out, "events", &h->events);
}

bool pf__has_bots(const pf_table *t)
{
    const pf_seating *seating = pf_table_seating(t);
    return pf_seating_people(seating) < seating->n;
}

/* When the bots may play: after a request, before an action, on "wait". */
enum { BOTS_AFTER, BOTS_BEFORE_ACT, BOTS_WAIT };

/* Lets the table's bots play: turn-based, until a person must act; in real
 * time, their moves due by `now`. A session whose bots move on "wait"
 * (bots_on_wait: a solo room's) plays one move there, and elsewhere only
 * real time's moves due before an action. */
static pf_err bots_play(pf_session *s, int64_t now, int when, pf_error *err)
{
    if (!pf__has_bots(s->table))
        return PF_E_OK;
    pf_error_set(err, PF_E_OK, NULL);
    bool real_time = pf_table_match(s->table)->game->real_time;
    int seat;
    int64_t at;
    if (!s->bots_on_wait || (when == BOTS_BEFORE_ACT && real_time)) {
        pf_table_advance(s->table, now, err);
    } else if (when == BOTS_WAIT) {
        pf_table_clock(s->table, now);
        if (pf_table_bot_next(s->table, &seat, &at) && (at <= now || !real_time))
            pf_table_bot_play(s->table, err);
    }
    return err->code;
}

/* The bots play, then the answer says who acts and whether it is over:
 * what every answer that changes the game carries. */
static pf_err bots_then_progress(pf_session *s, int64_t now, int when, pf_jw *out,
                                 pf_error *err)
{
    pf_err e = bots_play(s, now, when, err);
    if (e)
        return e;
    pf_proto_write_progress(out, s->table);
    return PF_E_OK;
}

/* ---- reading fields ------------------------------------------------------- */

/* Reads "seat" as a seat of the game (a spectator when allowed). */
pf_err pf__read_seat(const pf_match *m, const cJSON *req, bool spectator, int *seat,
                        pf_error *err)
{
    long long x;
    if (!pf_json_int(cJSON_GetObjectItemCaseSensitive(req, "seat"), -PF_JSON_INT_MAX,
                     PF_JSON_INT_MAX, &x))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"seat\" must be a whole number");
    int lo = spectator ? PF_SEAT_SPECTATOR : 0;
    if (x < lo || x >= m->seats)
        return pf_error_set(err, PF_E_BAD_SEAT,
                            "\"seat\": %lld is no seat (seats are numbered 0 to %d%s)", x,
                            m->seats - 1, spectator ? ", -1 to watch" : "");
    *seat = (int)x;
    return PF_E_OK;
}

/* Reads the optional field key: absent, or a string. */
static pf_err read_string(const cJSON *req, const char *key, const char **out,
                          pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, key);
    if (!v)
        return PF_E_OK;
    if (!cJSON_IsString(v))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"%s\" must be a string", key);
    *out = v->valuestring;
    return PF_E_OK;
}

/* Reads "t", by default the time of the last action. */
static pf_err read_time(const cJSON *req, int64_t now, int64_t *t, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, "t");
    long long x = now;
    if (v && !pf_json_int(v, 0, PF_TIME_MAX_MS, &x))
        return pf_error_set(err, PF_E_BAD_REQUEST,
                            "\"t\" must be a whole number of milliseconds from 0 to %" PRId64,
                            PF_TIME_MAX_MS);
    *t = x;
    return PF_E_OK;
}

/* Reads "seed"; without one, a secret seed from the system: the seed gives
 * every future draw, so nobody may know it while the game is on. */
static pf_err read_seed(const cJSON *req, uint64_t *seed, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, "seed");
    if (!v)
        return pf_seed_random(seed, err);
    if (pf_seed_from_json(v, seed))
        return PF_E_OK;
    return pf_error_set(err, PF_E_BAD_REQUEST,
                        "\"seed\" must be a whole number from 0 to %lld, or a string of "
                        "decimal digits up to %" PRIu64,
                        PF_JSON_INT_MAX - 1, UINT64_MAX);
}

/* Reads "seating" (absent: every seat a person's, n of them): one string a
 * seat, each read like an item of `partyfood play --seats`. */
static pf_err read_seating(const cJSON *req, const pf_game *g, long long n, bool seats_given,
                           pf_seating *s, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, "seating");
    if (!v) {
        /* n is an int (read so): the count alone, checked as any seating */
        if (pf_seating_check(&(pf_seating){.n = (int)n}, g, err) != 0)
            return err->code;
        pf_seating_people_only(s, (int)n);
        return PF_E_OK;
    }
    if (!cJSON_IsArray(v))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"seating\" must be an array of strings");
    s->n = 0;
    int i = 0;
    for (const cJSON *item = v->child; item; item = item->next, i++) {
        if (!cJSON_IsString(item))
            return pf_error_set(err, PF_E_BAD_REQUEST,
                                "seat %d of \"seating\" must be a person's name or a bot (a "
                                "string)", i + 1);
        if (pf_seating_add(s, g, item->valuestring, err) != 0)
            return err->code;
    }
    if (pf_seating_check(s, g, err) != 0)
        return err->code;
    if (seats_given && n != s->n)
        return pf_error_set(err, PF_E_BAD_SEATS, "\"seats\" is %lld but \"seating\" has %d",
                            n, s->n);
    return PF_E_OK;
}

/* ---- commands --------------------------------------------------------------- */

/* The answer to "new" and "load" (before its events): the game that is now
 * running, after the bots' first moves. A bound session's seat must exist. */
static pf_err answer_game(pf_session *s, pf_jw *out, pf_error *err)
{
    const pf_match *m = pf_table_match(s->table);
    if (s->bound >= m->seats)
        return pf_error_set(err, PF_E_BAD_SEATS,
                            "this session speaks for seat %d, and a game of %d seats has none",
                            s->bound + 1, m->seats);
    pf_jw_key(out, "game");
    pf_jw_str(out, m->game->id);
    pf_jw_key(out, "seats");
    pf_jw_int(out, m->seats);
    return bots_then_progress(s, m->now, BOTS_AFTER, out, err);
}

static pf_err do_new(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    (void)seat;
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(req, "game");
    const cJSON *seats = cJSON_GetObjectItemCaseSensitive(req, "seats");
    if (!cJSON_IsString(game))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"new\" needs \"game\" (a game id)");
    const pf_game *g = pf_game_find(game->valuestring);
    if (!g)
        return pf_error_set(err, PF_E_UNKNOWN_GAME, "no game called '%.*s'",
                            pf__echo_len(game->valuestring), game->valuestring);
    long long n = g->min_seats;
    if (seats && !pf_json_int(seats, INT_MIN, INT_MAX, &n))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"seats\" must be a whole number");
    uint64_t seed;
    pf_options opt;
    pf_options_clear(&opt);
    pf_seating seating;
    pf_err e = read_seed(req, &seed, err);
    if (!e)
        e = pf_options_from_json(&opt, cJSON_GetObjectItemCaseSensitive(req, "options"), err);
    if (!e)
        e = read_seating(req, g, n, seats != NULL, &seating, err);
    if (e)
        return e;
    /* The steps the rules play while setting up; no seat asked, so the
     * public ones (a seat's private ones are in its view). */
    expect_own_step(s, PF_SEAT_SPECTATOR);
    s->table = pf_table_create(g, &seating, &opt, seed, NULL, pf__heard, s, err);
    if (!s->table)
        return err->code;
    e = answer_game(s, out, err);
    if (!e)
        add_raw(out, "events", &s->heard.events);
    return e;
}

static pf_err do_legal(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    (void)req, (void)err;
    pf_jw_key(out, "actions");
    pf_proto_write_legal(out, s->table, seat);
    return PF_E_OK;
}

static pf_err do_act(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(req, "action");
    if (!cJSON_IsString(action))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"act\" needs \"action\" (its name)");
    int64_t when = 0;
    pf_err e = read_time(req, pf_table_match(s->table)->now, &when, err);
    if (e)
        return e;
    /* In real time the bots' moves due before this one go first. */
    e = bots_play(s, when, BOTS_BEFORE_ACT, err);
    if (e)
        return e;
    expect_own_step(s, seat);
    e = pf_table_act(s->table, seat, action->valuestring, when, err);
    if (e)
        return e;
    add_played(s, out);
    return bots_then_progress(s, when, BOTS_AFTER, out, err);
}

/* The bot named by "bot" (default def) for the session's game. */
static pf_err read_bot(const pf_game *g, const cJSON *req, const char *def,
                       const pf_bot_def **bot, pf_error *err)
{
    const char *bot_name = def;
    pf_err e = read_string(req, "bot", &bot_name, err);
    if (e)
        return e;
    *bot = pf_bot_find(g, bot_name);
    if (*bot)
        return PF_E_OK;
    char list[256];
    pf_bot_list(g, list, sizeof list);
    return pf_error_set(err, PF_E_UNKNOWN_BOT, "no bot '%.*s' for %s (bots: %s)",
                        pf__echo_len(bot_name), bot_name, g->title, list);
}

/* Reads "salt" (optional, default 0): the number a plan's chance starts
 * from, with the seat's view (pf_plan_seed). */
static pf_err read_salt(const cJSON *req, uint64_t *salt, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, "salt");
    *salt = 0;
    if (!v || pf_seed_from_json(v, salt))
        return PF_E_OK;
    return pf_error_set(err, PF_E_BAD_REQUEST,
                        "\"salt\" must be a whole number from 0 to %lld, or a string of "
                        "decimal digits up to %" PRIu64,
                        PF_JSON_INT_MAX - 1, UINT64_MAX);
}

static pf_err do_bot(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    const pf_bot_def *bot;
    uint64_t salt;
    pf_err e = read_bot(pf_table_match(s->table)->game, req, "random", &bot, err);
    if (!e)
        e = read_salt(req, &salt, err);
    if (e)
        return e;
    expect_own_step(s, seat);
    e = pf_table_bot_act(s->table, seat, bot, salt, err);
    if (e)
        return e;
    /* The move as the table named it when it was applied. */
    add_played(s, out);
    return bots_then_progress(s, pf_table_match(s->table)->now, BOTS_AFTER, out, err);
}

/* Adds an item built by another layer (a replay), whose
 * builders cannot report an allocation failing inside them: errno, cleared
 * before building, then holds malloc's ENOMEM. */
static pf_err add_built(pf_jw *out, const char *key, cJSON *item, pf_error *err)
{
    pf_err e = errno == ENOMEM || !item ? pf__no_memory(err) : PF_E_OK;
    if (!e) {
        pf_jw_key(out, key);
        pf_jw_item(out, item);
    }
    cJSON_Delete(item);
    return e;
}

static pf_err do_view(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    (void)req, (void)err;
    const pf_match *m = pf_table_match(s->table);
    pf_jw_key(out, "view");
    pf_state_view_write(m->game, m->state, seat, out);
    return PF_E_OK;
}

static pf_err do_result(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    (void)req, (void)seat;
    (void)err;
    pf_proto_write_result(out, pf_table_match(s->table));
    return PF_E_OK;
}

static pf_err do_save(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    (void)req, (void)seat;
    const pf_match *m = pf_table_match(s->table);
    errno = 0;
    cJSON *replay = pf_match_save(m);
    pf_err e = add_built(out, "replay", replay, err);
    /* Mid-game the replay's seed tells every hidden piece and future draw:
     * say so plainly, for a program that would show it to a player. */
    if (!e) {
        pf_jw_key(out, "spoiler");
        pf_jw_bool(out, !pf_match_over(m, NULL));
    }
    return e;
}

static pf_err do_load(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    (void)seat;
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(req, "replay");
    if (!cJSON_IsObject(r))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"load\" needs \"replay\" (an object)");
    pf_match *m = pf_match_load(r, err);
    if (!m)
        return err->code;
    /* Every seat a person's, whatever seating a front end's save holds:
     * loading never sets bots playing by themselves. */
    pf_seating seating;
    pf_seating_people_only(&seating, m->seats);
    s->table = pf_table_adopt(m, &seating, NULL, pf__heard, s, err);
    return s->table ? answer_game(s, out, err) : err->code;
}

static pf_err do_games(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    (void)s, (void)req, (void)seat;
    /* A tree of games.c's, its members written into the answer. */
    cJSON *o = cJSON_CreateObject();
    pf_err e = o && pf_proto_games(o) ? PF_E_OK : pf__no_memory(err);
    for (const cJSON *m = o ? o->child : NULL; !e && m; m = m->next) {
        pf_jw_key(out, m->string);
        pf_jw_item(out, m);
    }
    cJSON_Delete(o);
    return e;
}

/* Reads "hint" (optional, default false). */
static pf_err read_hint(const cJSON *req, bool *hint, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, "hint");
    *hint = cJSON_IsTrue(v);
    if (!v || cJSON_IsBool(v))
        return PF_E_OK;
    return pf_error_set(err, PF_E_BAD_REQUEST, "\"hint\" must be true or false");
}

/* What a bot would play now and when, without playing it, and why (from the
 * seat's own knowledge, where the game explains its moves): in real time
 * the client schedules the move and sends "act" at its time, so a person's
 * earlier action still goes first. With "hint": the medium bot's move for
 * a person, given where the table gives hints, and marking the person's
 * next move as made with one (so does any plan where s->plans_mark). */
static pf_err do_plan(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    const pf_match *m = pf_table_match(s->table);
    const pf_bot_def *bot;
    pf_action a;
    int64_t t;
    uint64_t salt;
    bool hint;
    pf_why why;
    pf_err e = read_hint(req, &hint, err);
    if (!e)
        e = read_bot(m->game, req, hint ? "medium" : "random", &bot, err);
    if (!e)
        e = read_salt(req, &salt, err);
    if (!e && hint && cJSON_GetObjectItemCaseSensitive(req, "bot"))
        e = pf_error_set(err, PF_E_BAD_REQUEST,
                         "a hint is the medium bot's move: \"hint\" takes no \"bot\"");
    if (!e)
        e = hint ? pf_table_hint(s->table, seat, salt, &a, &t, &why, err)
                 : pf_table_bot_plan(s->table, seat, bot, salt, &a, &t, err);
    if (e)
        return e;
    bool explained = hint || m->game->explain;
    if (!hint && explained && (e = pf_table_explain(s->table, seat, a, salt, &why, err)))
        return e;
    if (!hint && s->plans_mark)
        pf_table_mark_hint(s->table, seat, m->nsteps);
    char aname[96];
    m->game->name(m->state, a, aname, sizeof aname);
    pf_jw_key(out, "action");
    pf_jw_str(out, aname);
    pf_jw_key(out, "t");
    pf_jw_int(out, t);
    if (explained) {
        cJSON *j = pf_why_json(&why);
        if (!j)
            return pf__no_memory(err);
        pf_jw_key(out, "why");
        pf_jw_item(out, j);
        cJSON_Delete(j);
    }
    return PF_E_OK;
}

/* Real time at a table with bots: time passes to "t" and the bots' moves due
 * by then are played. */
static pf_err do_wait(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    (void)seat;
    int64_t until = 0;
    if (!cJSON_GetObjectItemCaseSensitive(req, "t"))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"wait\" needs \"t\" (whole ms)");
    pf_err e = read_time(req, 0, &until, err);
    return e ? e : bots_then_progress(s, until, BOTS_WAIT, out, err);
}

/* Fair undo: the caller's own last action, when nothing happened since
 * and it showed nothing hidden. */
static pf_err do_undo(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err)
{
    (void)req;
    pf_err e = pf_table_undo(s->table, seat, err);
    return e ? e : bots_then_progress(s, pf_table_match(s->table)->now, BOTS_AFTER, out, err);
}



const pf_command pf__commands[] = {
    {"new", do_new, PF_CMD_REPLACES},
    {"legal", do_legal, PF_CMD_NEEDS_GAME | PF_CMD_READS_SEAT | PF_CMD_OWN_SEAT},
    {"act", do_act, PF_CMD_NEEDS_GAME | PF_CMD_READS_SEAT | PF_CMD_OWN_SEAT | PF_CMD_CHANGES | PF_CMD_PLAYERS | PF_CMD_KEYED},
    {"view", do_view, PF_CMD_NEEDS_GAME | PF_CMD_READS_SEAT | PF_CMD_WATCH | PF_CMD_OWN_SEAT},
    {"result", do_result, PF_CMD_NEEDS_GAME},
    {"save", do_save, PF_CMD_NEEDS_GAME | PF_CMD_SPOILS},
    {"load", do_load, PF_CMD_REPLACES},
    {"bot", do_bot, PF_CMD_NEEDS_GAME | PF_CMD_READS_SEAT | PF_CMD_OWN_SEAT | PF_CMD_CHANGES | PF_CMD_PLAYERS},
    {"games", do_games, 0},
    {"plan", do_plan, PF_CMD_NEEDS_GAME | PF_CMD_READS_SEAT | PF_CMD_OWN_SEAT},
    {"wait", do_wait, PF_CMD_NEEDS_GAME | PF_CMD_CHANGES | PF_CMD_PLAYERS},
    {"undo", do_undo,
     PF_CMD_NEEDS_GAME | PF_CMD_READS_SEAT | PF_CMD_OWN_SEAT | PF_CMD_CHANGES | PF_CMD_REWRITES |
         PF_CMD_PLAYERS},
};

const size_t pf__ncommands = sizeof pf__commands / sizeof pf__commands[0];
