/* session.c: the engine protocol's requests and responses.
 *
 * The session is a codec over a table (table.h): it reads a request, checks
 * the command's flags once (a game, a seat, the caller's own seat, what a
 * spectator may ask), runs the command on the table, and encodes what the
 * table's step hook heard. Each handler reads its fields strictly (a field
 * of the wrong type is refused, never guessed), answers with "ok": true and
 * its data, or fails through pf_error. A request that fails, out of memory
 * too, leaves the session exactly as it was: the ones that change the game
 * run on a copy of the table that replaces it only once the whole answer is
 * built. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "codec.h"
#include "partyfood/parse.h"
#include "partyfood/proto.h"
#include "partyfood/session.h"

#define ECHO_BYTES 40 /* of client text quoted in an error message */

void pf_session_init(pf_session *s)
{
    *s = (pf_session){.table = NULL, .bound = PF_SESSION_OWNER};
}

void pf_session_fini(pf_session *s)
{
    pf_table_destroy(s->table);
    s->table = NULL;
}

void pf_session_bind(pf_session *s, int seat)
{
    s->bound = seat;
}

const pf_match *pf_session_match(const pf_session *s)
{
    return s->table ? pf_table_match(s->table) : NULL;
}

static pf_err no_memory(pf_error *err)
{
    return pf_error_set(err, PF_E_NO_MEMORY, NULL);
}

/* The number of bytes of client text s to quote: at most ECHO_BYTES,
 * never half a character. */
static int echo_len(const char *s)
{
    return (int)pf_utf8_prefix(s, ECHO_BYTES);
}

static cJSON *seat_list(uint32_t set)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < PF_MAX_SEATS; i++)
        if ((set & (1u << i)) && !pf__append(a, cJSON_CreateNumber(i)))
            return pf__discard(a);
    return a;
}

/* ---- what the table tells ---------------------------------------------------- */

/* The seat the session's steps are encoded for: its own, or the public's. */
static int steps_seat(const pf_session *s)
{
    return s->bound >= PF_SEAT_SPECTATOR ? s->bound : PF_SEAT_SPECTATOR;
}

/* The table's step hook: encodes each applied step as it is applied. */
static void heard(void *arg, const pf_table_step *st)
{
    pf_session_heard *h = &((pf_session *)arg)->heard;
    if (h->want_events) {
        h->want_events = false;
        h->lost |= !(h->events = pf_proto_events(st->ev, h->events_seat));
        snprintf(h->action, sizeof h->action, "%s", st->name);
        h->t_ms = st->t_ms;
    }
    if (h->steps && !pf__append(h->steps, pf_proto_step(st, steps_seat((pf_session *)arg))))
        h->lost = true;
}

/* The next step heard is the request's own: keep its events for seat. */
static void expect_own_step(pf_session *s, int seat)
{
    s->heard.want_events = true;
    s->heard.events_seat = seat;
}

/* The events of the request's own step, now the caller's. */
static cJSON *take_events(pf_session *s)
{
    cJSON *events = s->heard.events;
    s->heard.events = NULL;
    return events;
}

static bool has_bots(const pf_table *t)
{
    const pf_seating *seating = pf_table_seating(t);
    return pf_seating_people(seating) < seating->n;
}

/* Lets the table's bots play: turn-based, until a person must act; in real
 * time, their moves due by `now`. */
static pf_err bots_play(pf_session *s, int64_t now, pf_error *err)
{
    if (!has_bots(s->table))
        return PF_E_OK;
    pf_error_set(err, PF_E_OK, NULL);
    pf_table_advance(s->table, now, err);
    return err->code;
}

/* The bots play, then the answer says who acts and whether it is over:
 * what every answer that changes the game carries. */
static pf_err bots_then_progress(pf_session *s, int64_t now, cJSON *out, pf_error *err)
{
    pf_err e = bots_play(s, now, err);
    if (e)
        return e;
    const pf_match *m = pf_table_match(s->table);
    if (pf__add(out, "to_act", seat_list(m->game->to_act(m->state))) &&
        pf__add(out, "over", cJSON_CreateBool(pf_match_over(m, NULL))))
        return PF_E_OK;
    return no_memory(err);
}

/* ---- reading fields ------------------------------------------------------- */

/* Reads "seat" as a seat of the game (a spectator when allowed). */
static pf_err read_seat(const pf_match *m, const cJSON *req, bool spectator, int *seat,
                        pf_error *err)
{
    long long x;
    if (!pf_json_int(cJSON_GetObjectItemCaseSensitive(req, "seat"), -PF_JSON_INT_MAX,
                     PF_JSON_INT_MAX, &x))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"seat\" must be a whole number");
    int lo = spectator ? PF_SEAT_SPECTATOR : 0;
    if (x < lo || x >= m->seats)
        return pf_error_set(err, PF_E_BAD_SEAT, "seat %lld does not exist (seats are 0 to %d%s)",
                            x, m->seats - 1, spectator ? ", -1 to watch" : "");
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

/* A seating of n people (n as asked: the rules refuse a wrong count). */
static void people(pf_seating *s, long long n)
{
    memset(s, 0, sizeof *s);
    s->n = (int)n;
    for (int i = 0; i < s->n && i < PF_MAX_SEATS; i++)
        snprintf(s->name[i], sizeof s->name[i], "seat %d", i);
}

/* Reads "seating" (absent: every seat a person's, n of them): one string a
 * seat, each read like an item of `partyfood play --seats`. */
static pf_err read_seating(const cJSON *req, const pf_game *g, long long n, bool seats_given,
                           pf_seating *s, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, "seating");
    if (!v) {
        people(s, n);
        return PF_E_OK;
    }
    if (!cJSON_IsArray(v))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"seating\" must be an array of strings");
    char list[256] = "";
    size_t used = 0;
    int i = 0;
    for (const cJSON *item = v->child; item; item = item->next, i++) {
        if (!cJSON_IsString(item) || !*item->valuestring || strchr(item->valuestring, ','))
            return pf_error_set(err, PF_E_BAD_REQUEST,
                                "seat %d of \"seating\" must be a person's name or a bot "
                                "(a string, not empty, without a comma)", i);
        if (i == PF_MAX_SEATS)
            return pf_error_set(err, PF_E_BAD_SEATS, "at most %d seats", PF_MAX_SEATS);
        size_t len = strlen(item->valuestring);
        if (len > PF_SEAT_NAME_MAX + 4) /* "bot:" and a name */
            return pf_error_set(err, PF_E_BAD_SEATS, "the name of seat %d is too long", i);
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? "," : "",
                                 item->valuestring);
    }
    if (pf_seating_parse(s, g, list, err) != 0)
        return err->code;
    if (seats_given && n != s->n)
        return pf_error_set(err, PF_E_BAD_SEATS, "\"seats\" is %lld but \"seating\" has %d",
                            n, s->n);
    return PF_E_OK;
}

/* ---- commands --------------------------------------------------------------- */

/* The answer to "new" and "load" (before its events): the game that is now
 * running, after the bots' first moves. A bound session's seat must exist. */
static pf_err answer_game(pf_session *s, cJSON *out, pf_error *err)
{
    const pf_match *m = pf_table_match(s->table);
    if (s->bound >= m->seats)
        return pf_error_set(err, PF_E_BAD_SEATS,
                            "this session speaks for seat %d, and a game of %d seats has none",
                            s->bound, m->seats);
    if (!pf__add(out, "game", cJSON_CreateString(m->game->id)) ||
        !pf__add(out, "seats", cJSON_CreateNumber(m->seats)))
        return no_memory(err);
    return bots_then_progress(s, m->now, out, err);
}

static pf_err do_new(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    (void)seat;
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(req, "game");
    const cJSON *seats = cJSON_GetObjectItemCaseSensitive(req, "seats");
    if (!cJSON_IsString(game))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"new\" needs \"game\" (a game id)");
    const pf_game *g = pf_game_find(game->valuestring);
    if (!g)
        return pf_error_set(err, PF_E_UNKNOWN_GAME, "no game called '%.*s'",
                            echo_len(game->valuestring), game->valuestring);
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
    s->table = pf_table_create(g, &seating, &opt, seed, NULL, heard, s, err);
    if (!s->table)
        return err->code;
    e = answer_game(s, out, err);
    if (!e && !pf__add(out, "events", take_events(s)))
        return no_memory(err);
    return e;
}

static pf_err do_legal(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    (void)req;
    const pf_match *m = pf_table_match(s->table);
    const pf_game *g = m->game;
    pf_action legal[PF_MAX_LEGAL];
    int n = g->legal(m->state, seat, legal, PF_MAX_LEGAL);
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++) {
        char name[96];
        g->name(m->state, legal[i], name, sizeof name);
        if (!pf__append(a, cJSON_CreateString(name)))
            a = pf__discard(a);
    }
    return pf__add(out, "actions", a) ? PF_E_OK : no_memory(err);
}

/* The rules' own verdict on seat playing a at t, tried on a scratch copy:
 * the table raises an early time to the match's and words busy hands its
 * own way, and the protocol answers as it always has (time_backwards, the
 * rules' hands_busy message). Only asked when it could differ. */
static pf_err rules_verdict(const pf_match *m, int seat, pf_action a, int64_t t, pf_error *err)
{
    const pf_game *g = m->game;
    if (t >= m->now && !(g->ready_at && t < g->ready_at(m->state, seat)))
        return PF_E_OK;
    void *scratch = malloc(g->state_size);
    if (!scratch)
        return no_memory(err);
    memcpy(scratch, m->state, g->state_size);
    pf_err e = pf_state_apply(g, scratch, seat, a, t, NULL, err);
    free(scratch);
    return e;
}

static pf_err do_act(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(req, "action");
    if (!cJSON_IsString(action))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"act\" needs \"action\" (its name)");
    int64_t when = 0;
    pf_err e = read_time(req, pf_table_match(s->table)->now, &when, err);
    if (e)
        return e;
    /* In real time the bots' moves due before this one go first. */
    e = bots_play(s, when, err);
    if (e)
        return e;
    const pf_match *m = pf_table_match(s->table);
    pf_action a;
    e = pf_match_parse(m, action->valuestring, &a, err);
    if (!e)
        e = rules_verdict(m, seat, a, when, err);
    if (e)
        return e;
    expect_own_step(s, seat);
    e = pf_table_act(s->table, seat, action->valuestring, when, err);
    if (e)
        return e;
    if (!pf__add(out, "events", take_events(s)))
        return no_memory(err);
    return bots_then_progress(s, when, out, err);
}

/* The bot named by "bot" (default random) for the session's game. */
static pf_err read_bot(const pf_game *g, const cJSON *req, const pf_bot_def **bot,
                       pf_error *err)
{
    const char *bot_name = "random";
    pf_err e = read_string(req, "bot", &bot_name, err);
    if (e)
        return e;
    *bot = pf_bot_find(g, bot_name);
    if (*bot)
        return PF_E_OK;
    char list[256];
    pf_bot_list(g, list, sizeof list);
    return pf_error_set(err, PF_E_UNKNOWN_BOT, "no bot '%.*s' for %s (bots: %s)",
                        echo_len(bot_name), bot_name, g->title, list);
}

static pf_err do_bot(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    const pf_bot_def *bot;
    pf_err e = read_bot(pf_table_match(s->table)->game, req, &bot, err);
    if (e)
        return e;
    expect_own_step(s, seat);
    e = pf_table_bot_act(s->table, seat, bot, err);
    if (e)
        return e;
    /* The move as the table named it when it was applied. */
    if (!pf__add(out, "action", cJSON_CreateString(s->heard.action)) ||
        !pf__add(out, "t", cJSON_CreateNumber((double)s->heard.t_ms)) ||
        !pf__add(out, "events", take_events(s)))
        return no_memory(err);
    return bots_then_progress(s, pf_table_match(s->table)->now, out, err);
}

/* Adds an item built by another layer (a game's view, a replay), whose
 * builders cannot report an allocation failing inside them: errno, cleared
 * before building, then holds malloc's ENOMEM. */
static pf_err add_built(cJSON *out, const char *key, cJSON *item, pf_error *err)
{
    if (errno == ENOMEM) {
        cJSON_Delete(item);
        return no_memory(err);
    }
    return pf__add(out, key, item) ? PF_E_OK : no_memory(err);
}

static pf_err do_view(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    (void)req;
    const pf_match *m = pf_table_match(s->table);
    errno = 0;
    cJSON *view = pf_state_view(m->game, m->state, seat);
    return add_built(out, "view", view, err);
}

static pf_err do_result(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    (void)req, (void)seat;
    const pf_match *m = pf_table_match(s->table);
    double results[PF_MAX_SEATS];
    bool over = pf_match_over(m, results);
    if (pf__add(out, "over", cJSON_CreateBool(over)) &&
        pf__add(out, "results", over ? cJSON_CreateDoubleArray(results, m->seats) : cJSON_CreateNull()))
        return PF_E_OK;
    return no_memory(err);
}

static pf_err do_save(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    (void)req, (void)seat;
    const pf_match *m = pf_table_match(s->table);
    errno = 0;
    cJSON *replay = pf_match_save(m);
    pf_err e = add_built(out, "replay", replay, err);
    /* Mid-game the replay's seed tells every hidden piece and future draw:
     * say so plainly, for a program that would show it to a player. */
    if (!e && !pf__add(out, "spoiler", cJSON_CreateBool(!pf_match_over(m, NULL))))
        return no_memory(err);
    return e;
}

static pf_err do_load(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
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
    people(&seating, m->seats);
    s->table = pf_table_adopt(m, &seating, NULL, heard, s, err);
    return s->table ? answer_game(s, out, err) : err->code;
}

static cJSON *game_object(const pf_game *g)
{
    cJSON *o = cJSON_CreateObject(), *opts = NULL, *bots = NULL;
    bool ok = o && pf__add(o, "id", cJSON_CreateString(g->id)) &&
              pf__add(o, "title", cJSON_CreateString(g->title)) &&
              pf__add(o, "min_seats", cJSON_CreateNumber(g->min_seats)) &&
              pf__add(o, "max_seats", cJSON_CreateNumber(g->max_seats)) &&
              pf__add(o, "real_time", cJSON_CreateBool(g->real_time)) &&
              pf__add(o, "options", opts = cJSON_CreateObject()) &&
              pf__add(o, "bots", bots = cJSON_CreateArray());
    for (const pf_option_def *d = g->options; ok && d && d->key; d++)
        ok = pf__add(opts, d->key, cJSON_CreateString(d->def));
    const char *names[64];
    int nb = pf_bot_names(g, names, 64);
    for (int k = 0; ok && k < nb; k++)
        ok = pf__append(bots, cJSON_CreateString(names[k]));
    return ok ? o : pf__discard(o);
}

static pf_err do_games(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    (void)s, (void)req, (void)seat;
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < pf_game_count(); i++)
        if (!pf__append(a, game_object(pf_game_at(i))))
            a = pf__discard(a);
    /* "games" first: add frees the list when it cannot be added. */
    return pf__add(out, "games", a) &&
                   pf__add(out, "protocol", cJSON_CreateNumber(PF_PROTOCOL_VERSION))
               ? PF_E_OK
               : no_memory(err);
}

/* What a bot would play now and when, without playing it: in real time the
 * client schedules the move and sends "act" at its time, so a person's
 * earlier action still goes first. */
static pf_err do_plan(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    const pf_match *m = pf_table_match(s->table);
    const pf_bot_def *bot;
    pf_action a;
    int64_t t;
    pf_err e = read_bot(m->game, req, &bot, err);
    if (!e)
        e = pf_table_bot_plan(s->table, seat, bot, &a, &t, err);
    if (e)
        return e;
    char aname[96];
    m->game->name(m->state, a, aname, sizeof aname);
    if (!pf__add(out, "action", cJSON_CreateString(aname)) ||
        !pf__add(out, "t", cJSON_CreateNumber((double)t)))
        return no_memory(err);
    return PF_E_OK;
}

/* Real time at a table with bots: time passes to "t" and the bots' moves due
 * by then are played. */
static pf_err do_wait(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    (void)seat;
    int64_t until;
    if (!cJSON_GetObjectItemCaseSensitive(req, "t"))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"wait\" needs \"t\" (whole ms)");
    pf_err e = read_time(req, 0, &until, err);
    return e ? e : bots_then_progress(s, until, out, err);
}

/* Fair undo: the caller's own last action, when nothing happened since
 * and it showed nothing hidden. */
static pf_err do_undo(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err)
{
    (void)req;
    pf_err e = pf_table_undo(s->table, seat, err);
    return e ? e : bots_then_progress(s, pf_table_match(s->table)->now, out, err);
}

/* What the dispatcher checks before a command runs, once for all. */
enum {
    NEEDS_GAME = 1 << 0, /* a game must be running */
    READS_SEAT = 1 << 1, /* reads "seat", a seat of the game */
    WATCH = 1 << 2,      /* "seat" may be -1, the spectator's */
    OWN_SEAT = 1 << 3,   /* a bound session may name only its own seat (or -1 to watch) */
    CHANGES = 1 << 4,    /* may change the game: runs on a copy of the table */
    REPLACES = 1 << 5,   /* starts another game, the binding kept */
    SPOILS = 1 << 6,     /* tells hidden content while the game is on: the owner's only */
    PLAYERS = 1 << 7,    /* not for a spectator */
};

static const struct command {
    const char *cmd;
    pf_err (*run)(pf_session *, const cJSON *, int seat, cJSON *, pf_error *);
    unsigned flags;
} commands[] = {
    {"new", do_new, REPLACES},
    {"legal", do_legal, NEEDS_GAME | READS_SEAT | OWN_SEAT},
    {"act", do_act, NEEDS_GAME | READS_SEAT | OWN_SEAT | CHANGES},
    {"view", do_view, NEEDS_GAME | READS_SEAT | WATCH | OWN_SEAT},
    {"result", do_result, NEEDS_GAME},
    {"save", do_save, NEEDS_GAME | SPOILS},
    {"load", do_load, REPLACES},
    {"bot", do_bot, NEEDS_GAME | READS_SEAT | OWN_SEAT | CHANGES},
    {"games", do_games, 0},
    {"plan", do_plan, NEEDS_GAME | READS_SEAT | OWN_SEAT},
    {"wait", do_wait, NEEDS_GAME | CHANGES | PLAYERS},
    {"undo", do_undo, NEEDS_GAME | READS_SEAT | OWN_SEAT | CHANGES},
};

/* Checks the command's flags against the session; reads its seat. */
static pf_err admit(const pf_session *s, const struct command *c, const cJSON *req, int *seat,
                    pf_error *err)
{
    *seat = PF_SEAT_SPECTATOR; /* set on every path: gcc -O3 cannot see through pf_error_set */
    if ((c->flags & NEEDS_GAME) && !s->table)
        return pf_error_set(err, PF_E_NO_GAME, NULL);
    if (c->flags & READS_SEAT) {
        pf_err e = read_seat(pf_table_match(s->table), req, c->flags & WATCH, seat, err);
        if (e)
            return e;
    }
    bool bound = s->bound != PF_SESSION_OWNER;
    if (bound && (c->flags & OWN_SEAT) && *seat != s->bound && *seat != PF_SEAT_SPECTATOR) {
        if (s->bound == PF_SEAT_SPECTATOR)
            return pf_error_set(err, PF_E_NOT_YOUR_SEAT,
                                "a spectator's session may only watch (seat -1), not seat %d",
                                *seat);
        return pf_error_set(err, PF_E_NOT_YOUR_SEAT,
                            "this session speaks for seat %d only, not seat %d", s->bound, *seat);
    }
    if (s->bound == PF_SEAT_SPECTATOR && (c->flags & PLAYERS))
        return pf_error_set(err, PF_E_NOT_YOUR_SEAT, "a spectator's session may only watch");
    if (bound && (c->flags & SPOILS) && !pf_table_over(s->table, NULL))
        return pf_error_set(err, PF_E_NOT_YOUR_SEAT,
                            "a save tells every hidden piece: only the table's owner may have "
                            "it while the game is on");
    return PF_E_OK;
}

/* ---- the request as a whole ------------------------------------------------- */

/* A copy of the match: its state and steps. */
static pf_match *match_copy(const pf_match *m)
{
    pf_match *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    *c = *m;
    c->state = malloc(m->game->state_size);
    c->steps = m->cap ? malloc((size_t)m->cap * sizeof *m->steps) : NULL;
    if (!c->state || (m->cap && !c->steps)) {
        pf_match_destroy(c);
        return NULL;
    }
    memcpy(c->state, m->state, m->game->state_size);
    if (m->nsteps)
        memcpy(c->steps, m->steps, (size_t)m->nsteps * sizeof *m->steps);
    return c;
}

/* Before a command that may change the game: the table it runs on is a
 * copy, and the session's own is kept in *kept until the answer is built. */
static pf_err begin(pf_session *s, const struct command *c, pf_table **kept, pf_error *err)
{
    *kept = s->table;
    s->heard = (pf_session_heard){.steps = cJSON_CreateArray()};
    if (!s->heard.steps)
        return no_memory(err);
    if (!(c->flags & CHANGES))
        return PF_E_OK;
    pf_match *m = match_copy(pf_table_match(s->table));
    if (!m)
        return no_memory(err);
    s->table = pf_table_adopt(m, pf_table_seating(*kept), pf_table_options_of(*kept), heard, s,
                              err);
    if (!s->table) {
        s->table = *kept;
        return err->code;
    }
    return PF_E_OK;
}

/* Keeps the request's table (commit) or the one before it. */
static void end(pf_session *s, pf_table *kept, bool commit)
{
    if (s->table != kept) {
        pf_table *drop = commit ? kept : s->table;
        s->table = commit ? s->table : kept;
        pf_table_destroy(drop);
    }
    cJSON_Delete(s->heard.steps);
    cJSON_Delete(s->heard.events);
    s->heard = (pf_session_heard){0};
}

/* Adds "steps" to the answer of a command that changed the game: for a
 * bound session, or when bots played by themselves. */
static pf_err add_steps(pf_session *s, cJSON *out, pf_error *err)
{
    if (s->heard.lost)
        return no_memory(err);
    if (s->bound == PF_SESSION_OWNER && !has_bots(s->table))
        return PF_E_OK;
    cJSON *steps = s->heard.steps;
    s->heard.steps = NULL;
    return pf__add(out, "steps", steps) ? PF_E_OK : no_memory(err);
}

/* Whether the (valid JSON) text has a string with the escape \u0000:
 * cJSON decodes it into a NUL, which would silently cut the string
 * ("pizza\u0000evil" would read as "pizza"). */
static bool has_nul_escape(const char *text, size_t n)
{
    bool in_string = false;
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '"')
            in_string = !in_string;
        else if (in_string && text[i] == '\\' && i + 1 < n) {
            if (n - i >= 6 && memcmp(text + i + 1, "u0000", 5) == 0)
                return true;
            i++; /* the escaped character, maybe a quote */
        }
    }
    return false;
}

/* Parses the line into *req: one JSON object, nothing else. */
static pf_err read_request(const char *line, size_t len, cJSON **req, pf_error *err)
{
    if (len > PF_REQUEST_MAX_BYTES)
        return pf_error_set(err, PF_E_TOO_LARGE, "a request may be at most %d bytes long",
                            PF_REQUEST_MAX_BYTES);
    if (!pf_utf8_valid(line, len))
        return pf_error_set(err, PF_E_BAD_JSON,
                            "the request is not UTF-8 text (or holds a NUL byte)");
    const char *end = NULL;
    *req = cJSON_ParseWithLengthOpts(line, len, &end, false);
    if (!*req && errno == ENOMEM) /* set by malloc: the text may be fine */
        return no_memory(err);
    while (*req && end < line + len && (*end == ' ' || *end == '\t' || *end == '\r'))
        end++;
    if (*req && end < line + len)
        return pf_error_set(err, PF_E_BAD_JSON,
                            "one request per line: text follows the JSON value at byte %zu",
                            (size_t)(end - line));
    if (!cJSON_IsObject(*req))
        return pf_error_set(err, PF_E_BAD_JSON, "the request is not a JSON object: %.*s",
                            (int)pf_utf8_prefix(line, 60), line);
    if (has_nul_escape(line, len))
        return pf_error_set(err, PF_E_BAD_REQUEST, "strings may not hold \\u0000");
    return PF_E_OK;
}

static pf_err find_command(const cJSON *req, const struct command **c, pf_error *err)
{
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    if (!cJSON_IsString(cmd))
        return pf_error_set(err, PF_E_BAD_REQUEST, "a request needs \"cmd\" (a string)");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(commands[i].cmd, cmd->valuestring) == 0) {
            *c = &commands[i];
            return PF_E_OK;
        }
    }
    /* The list comes from the table, so it cannot forget a command. */
    char names[160] = "";
    for (size_t i = 0, n = 0; i < sizeof commands / sizeof commands[0] && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                              commands[i].cmd);
    return pf_error_set(err, PF_E_UNKNOWN_COMMAND, "no command '%.*s' (commands: %s)",
                        echo_len(cmd->valuestring), cmd->valuestring, names);
}

/* A new answer object, with the request's "id" when it has one. */
static cJSON *answer_for(const cJSON *req)
{
    cJSON *out = cJSON_CreateObject();
    const cJSON *id = cJSON_IsObject(req) ? cJSON_GetObjectItemCaseSensitive(req, "id") : NULL;
    if (out && id && !pf__add(out, "id", cJSON_Duplicate(id, true)))
        return pf__discard(out);
    return out;
}

/* Prints out (and deletes it); NULL when memory ran out. */
static char *print(cJSON *out)
{
    char *text = out ? cJSON_PrintUnformatted(out) : NULL;
    cJSON_Delete(out);
    return text;
}

static char *error_answer(const cJSON *req, pf_err e, const pf_error *err)
{
    /* Messages may quote client text cut by other layers: keep them
     * printable UTF-8 whatever they quote. */
    char msg[sizeof err->msg];
    pf_text_printable(err->msg, msg, sizeof msg);
    cJSON *out = answer_for(req), *eo = NULL;
    if (out && pf__add(out, "ok", cJSON_CreateFalse()) &&
        pf__add(out, "error", eo = cJSON_CreateObject()) &&
        pf__add(eo, "code", cJSON_CreateString(pf_err_code(e))) &&
        pf__add(eo, "message", cJSON_CreateString(msg)))
        return print(out);
    cJSON_Delete(out);
    return NULL;
}

char *pf_session_handle(pf_session *s, const char *line, size_t len)
{
    pf_error err;
    cJSON *req = NULL;
    const struct command *c = NULL;
    pf_table *kept = NULL;
    bool changing = false;
    int seat = PF_SEAT_SPECTATOR;
    errno = 0; /* read_request tells a parse failing for want of memory by it */
    pf_err e = read_request(line, len, &req, &err);
    if (!e)
        e = find_command(req, &c, &err);
    if (!e)
        e = admit(s, c, req, &seat, &err);
    if (!e && (c->flags & (CHANGES | REPLACES))) {
        changing = true;
        e = begin(s, c, &kept, &err);
    }
    char *text = NULL;
    if (!e) {
        cJSON *out = answer_for(req);
        e = out ? c->run(s, req, seat, out, &err) : no_memory(&err);
        if (!e && changing)
            e = add_steps(s, out, &err);
        if (!e && !pf__add(out, "ok", cJSON_CreateTrue()))
            e = no_memory(&err);
        if (e)
            cJSON_Delete(out);
        else if (!(text = print(out)))
            e = no_memory(&err);
    }
    if (changing)
        end(s, kept, e == PF_E_OK);
    if (e)
        text = error_answer(req, e, &err);
    cJSON_Delete(req);
    return text;
}
