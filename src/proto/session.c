/* session.c: the engine protocol's requests and responses.
 *
 * Each handler reads its fields strictly (a field of the wrong type is
 * refused, never guessed), answers with "ok": true and its data, or fails
 * through pf_error. A request that fails, out of memory too, leaves the
 * session exactly as it was: the ones that change the game run against a
 * snapshot that is restored unless the whole answer could be built. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "partyfood/match_bots.h"
#include "partyfood/parse.h"
#include "partyfood/replay.h"
#include "partyfood/session.h"

#define EVENT_CAP 128
#define ECHO_BYTES 40 /* of client text quoted in an error message */

void pf_session_init(pf_session *s)
{
    s->match = NULL;
}

void pf_session_fini(pf_session *s)
{
    pf_match_destroy(s->match);
    s->match = NULL;
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

/* ---- building answers: every allocation checked ---------------------------- */

/* Adds item to obj under key (a string literal, not copied). False when
 * item is NULL because its allocation failed; item is never leaked. */
static bool add(cJSON *obj, const char *key, cJSON *item)
{
    if (item && cJSON_AddItemToObjectCS(obj, key, item))
        return true;
    cJSON_Delete(item);
    return false;
}

/* Appends item to the array arr, like add. */
static bool append(cJSON *arr, cJSON *item)
{
    if (item && cJSON_AddItemToArray(arr, item))
        return true;
    cJSON_Delete(item);
    return false;
}

/* Deletes a half-built item and returns NULL: out of memory. */
static cJSON *discard(cJSON *item)
{
    cJSON_Delete(item);
    return NULL;
}

static cJSON *seat_list(uint32_t set)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < PF_MAX_SEATS; i++)
        if ((set & (1u << i)) && !append(a, cJSON_CreateNumber(i)))
            return discard(a);
    return a;
}

/* Adds what every state-changing answer carries: who acts and whether it is over. */
static bool add_progress(cJSON *out, const pf_match *m)
{
    return add(out, "to_act", seat_list(m->game->to_act(m->state))) &&
           add(out, "over", cJSON_CreateBool(pf_match_over(m, NULL)));
}

static cJSON *event_object(const pf_event *e)
{
    cJSON *o = cJSON_CreateObject();
    if (o && add(o, "kind", cJSON_CreateString(e->kind)) &&
        add(o, "text", cJSON_CreateString(e->text)) &&
        add(o, "private", cJSON_CreateBool(e->to >= 0)))
        return o;
    return discard(o);
}

static cJSON *events_for(const pf_events *ev, int seat)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < ev->n; i++)
        if (pf_event_visible(&ev->buf[i], seat) && !append(a, event_object(&ev->buf[i])))
            return discard(a);
    return a;
}

/* ---- reading fields ------------------------------------------------------- */

static pf_err need_match(const pf_session *s, pf_error *err)
{
    return s->match ? PF_E_OK : pf_error_set(err, PF_E_NO_GAME, NULL);
}

/* Reads "seat" as a seat of the game (a spectator when allowed). */
static pf_err read_seat(const pf_session *s, const cJSON *req, bool spectator, int *seat,
                        pf_error *err)
{
    long long x;
    if (!pf_json_int(cJSON_GetObjectItemCaseSensitive(req, "seat"), -PF_JSON_INT_MAX,
                     PF_JSON_INT_MAX, &x))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"seat\" must be a whole number");
    int lo = spectator ? PF_SEAT_SPECTATOR : 0;
    if (x < lo || x >= s->match->seats)
        return pf_error_set(err, PF_E_BAD_SEAT, "seat %lld does not exist (seats are 0 to %d%s)",
                            x, s->match->seats - 1, spectator ? ", -1 to watch" : "");
    *seat = (int)x;
    return PF_E_OK;
}

/* A game must be running and "seat" must name one of its seats. */
static pf_err need_seat(const pf_session *s, const cJSON *req, bool spectator, int *seat,
                        pf_error *err)
{
    *seat = -1; /* set on every path: gcc -O3 cannot see through pf_error_set */
    pf_err e = need_match(s, err);
    return e ? e : read_seat(s, req, spectator, seat, err);
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

/* ---- commands --------------------------------------------------------------- */

/* The answer to "new" and "load": the game that is now running. */
static pf_err answer_match(const pf_match *m, cJSON *out, pf_error *err)
{
    if (add(out, "game", cJSON_CreateString(m->game->id)) &&
        add(out, "seats", cJSON_CreateNumber(m->seats)) && add_progress(out, m))
        return PF_E_OK;
    return no_memory(err);
}

/* Makes m the session's game. The one it replaces stays alive until the
 * request's snapshot is committed (or is restored). */
static pf_err start(pf_session *s, pf_match *m, cJSON *out, pf_error *err)
{
    s->match = m;
    return answer_match(m, out, err);
}

static pf_err do_new(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
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
    pf_err e = read_seed(req, &seed, err);
    if (!e)
        e = pf_options_from_json(&opt, cJSON_GetObjectItemCaseSensitive(req, "options"), err);
    if (e)
        return e;
    pf_event buf[EVENT_CAP];
    pf_events ev = {buf, 0, EVENT_CAP, 0};
    pf_match *m = pf_match_create_events(g, (int)n, &opt, seed, &ev, err);
    if (!m)
        return err->code;
    pf_err started = start(s, m, out, err);
    /* The steps the rules played while setting up; no seat asked, so the
     * public ones (a seat's private ones are in its view). */
    if (!started && !add(out, "events", events_for(&ev, PF_SEAT_SPECTATOR)))
        return no_memory(err);
    return started;
}

static pf_err do_legal(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    int seat;
    pf_err e = need_seat(s, req, false, &seat, err);
    if (e)
        return e;
    const pf_game *g = s->match->game;
    pf_action legal[PF_MAX_LEGAL];
    int n = g->legal(s->match->state, seat, legal, PF_MAX_LEGAL);
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++) {
        char name[96];
        g->name(s->match->state, legal[i], name, sizeof name);
        if (!append(a, cJSON_CreateString(name)))
            a = discard(a);
    }
    return add(out, "actions", a) ? PF_E_OK : no_memory(err);
}

static pf_err do_act(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    int seat;
    pf_err e = need_seat(s, req, false, &seat, err);
    if (e)
        return e;
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(req, "action");
    if (!cJSON_IsString(action))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"act\" needs \"action\" (its name)");
    int64_t when = 0;
    e = read_time(req, s->match->now, &when, err);
    if (e)
        return e;
    pf_event buf[EVENT_CAP];
    pf_events ev = {buf, 0, EVENT_CAP, 0};
    e = pf_match_apply_named(s->match, seat, action->valuestring, when, &ev, err);
    if (e)
        return e;
    if (add(out, "events", events_for(&ev, seat)) && add_progress(out, s->match))
        return PF_E_OK;
    return no_memory(err);
}

/* The bot named by "bot" (default random) for the session's game. */
static pf_err read_bot(const pf_session *s, const cJSON *req, const pf_bot_def **bot,
                       pf_error *err)
{
    const char *bot_name = "random";
    pf_err e = read_string(req, "bot", &bot_name, err);
    if (e)
        return e;
    *bot = pf_bot_find(s->match->game, bot_name);
    if (*bot)
        return PF_E_OK;
    char list[256];
    pf_bot_list(s->match->game, list, sizeof list);
    return pf_error_set(err, PF_E_UNKNOWN_BOT, "no bot '%.*s' for %s (bots: %s)",
                        echo_len(bot_name), bot_name, s->match->game->title, list);
}

static pf_err do_bot(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    int seat;
    const pf_bot_def *bot;
    pf_action a;
    int64_t t;
    pf_err e = need_seat(s, req, false, &seat, err);
    if (!e)
        e = read_bot(s, req, &bot, err);
    if (!e)
        e = pf_match_bot_plan(s->match, seat, bot, &a, &t, err);
    if (e)
        return e;
    /* Named before it is applied: names may depend on the state. */
    char aname[96];
    s->match->game->name(s->match->state, a, aname, sizeof aname);
    pf_event buf[EVENT_CAP];
    pf_events ev = {buf, 0, EVENT_CAP, 0};
    e = pf_match_apply(s->match, seat, a, t, &ev, err);
    if (e)
        return e;
    if (!add(out, "action", cJSON_CreateString(aname)) ||
        !add(out, "t", cJSON_CreateNumber((double)t)) ||
        !add(out, "events", events_for(&ev, seat)) || !add_progress(out, s->match))
        return no_memory(err);
    return PF_E_OK;
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
    return add(out, key, item) ? PF_E_OK : no_memory(err);
}

static pf_err do_view(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    int seat;
    pf_err e = need_seat(s, req, true, &seat, err);
    if (e)
        return e;
    errno = 0;
    cJSON *view = pf_state_view(s->match->game, s->match->state, seat);
    return add_built(out, "view", view, err);
}

static pf_err do_result(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    (void)req;
    pf_err e = need_match(s, err);
    if (e)
        return e;
    double results[PF_MAX_SEATS];
    bool over = pf_match_over(s->match, results);
    if (add(out, "over", cJSON_CreateBool(over)) &&
        add(out, "results",
            over ? cJSON_CreateDoubleArray(results, s->match->seats) : cJSON_CreateNull()))
        return PF_E_OK;
    return no_memory(err);
}

static pf_err do_save(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    (void)req;
    pf_err e = need_match(s, err);
    if (e)
        return e;
    errno = 0;
    cJSON *replay = pf_match_save(s->match);
    e = add_built(out, "replay", replay, err);
    /* Mid-game the replay's seed tells every hidden piece and future draw:
     * say so plainly, for a program that would show it to a player. */
    if (!e && !add(out, "spoiler", cJSON_CreateBool(!pf_match_over(s->match, NULL))))
        return no_memory(err);
    return e;
}

static pf_err do_load(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(req, "replay");
    if (!cJSON_IsObject(r))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"load\" needs \"replay\" (an object)");
    pf_match *m = pf_match_load(r, err);
    return m ? start(s, m, out, err) : err->code;
}

static cJSON *game_object(const pf_game *g)
{
    cJSON *o = cJSON_CreateObject(), *opts = NULL, *bots = NULL;
    bool ok = o && add(o, "id", cJSON_CreateString(g->id)) &&
              add(o, "title", cJSON_CreateString(g->title)) &&
              add(o, "min_seats", cJSON_CreateNumber(g->min_seats)) &&
              add(o, "max_seats", cJSON_CreateNumber(g->max_seats)) &&
              add(o, "real_time", cJSON_CreateBool(g->real_time)) &&
              add(o, "options", opts = cJSON_CreateObject()) &&
              add(o, "bots", bots = cJSON_CreateArray());
    for (const pf_option_def *d = g->options; ok && d && d->key; d++)
        ok = add(opts, d->key, cJSON_CreateString(d->def));
    const char *names[64];
    int nb = pf_bot_names(g, names, 64);
    for (int k = 0; ok && k < nb; k++)
        ok = append(bots, cJSON_CreateString(names[k]));
    return ok ? o : discard(o);
}

static pf_err do_games(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    (void)s, (void)req;
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < pf_game_count(); i++)
        if (!append(a, game_object(pf_game_at(i))))
            a = discard(a);
    /* "games" first: add frees the list when it cannot be added. */
    return add(out, "games", a) &&
                   add(out, "protocol", cJSON_CreateNumber(PF_PROTOCOL_VERSION))
               ? PF_E_OK
               : no_memory(err);
}

/* What a bot would play now and when, without playing it: in real time the
 * client schedules the move and sends "act" at its time, so a person's
 * earlier action still goes first. */
static pf_err do_plan(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    int seat;
    const pf_bot_def *bot;
    pf_action a;
    int64_t t;
    pf_err e = need_seat(s, req, false, &seat, err);
    if (!e)
        e = read_bot(s, req, &bot, err);
    if (!e)
        e = pf_match_bot_plan(s->match, seat, bot, &a, &t, err);
    if (e)
        return e;
    char aname[96];
    s->match->game->name(s->match->state, a, aname, sizeof aname);
    if (!add(out, "action", cJSON_CreateString(aname)) ||
        !add(out, "t", cJSON_CreateNumber((double)t)))
        return no_memory(err);
    return PF_E_OK;
}

static const struct handler {
    const char *cmd;
    pf_err (*run)(pf_session *, const cJSON *, cJSON *, pf_error *);
    bool changes; /* may change the session's game: runs against a snapshot */
} handlers[] = {
    {"new", do_new, true},         {"legal", do_legal, false}, {"act", do_act, true},
    {"view", do_view, false},      {"result", do_result, false},
    {"save", do_save, false},      {"load", do_load, true},    {"bot", do_bot, true},
    {"games", do_games, false},    {"plan", do_plan, false},
};

/* ---- the request as a whole ------------------------------------------------- */

/* The session's game before a request that may change it. */
typedef struct snapshot {
    pf_match *match;
    void *state; /* a copy of match->state */
    int nsteps;
    int64_t now;
} snapshot;

static bool snapshot_take(snapshot *snap, const pf_session *s)
{
    *snap = (snapshot){s->match, NULL, 0, 0};
    if (!s->match)
        return true;
    snap->state = malloc(s->match->game->state_size);
    if (!snap->state)
        return false;
    memcpy(snap->state, s->match->state, s->match->game->state_size);
    snap->nsteps = s->match->nsteps;
    snap->now = s->match->now;
    return true;
}

/* Keeps the request's changes (commit) or undoes them. */
static void snapshot_end(snapshot *snap, pf_session *s, bool commit)
{
    if (s->match != snap->match) { /* "new" or "load" replaced the game */
        pf_match *drop = commit ? snap->match : s->match;
        s->match = commit ? s->match : snap->match;
        pf_match_destroy(drop);
    } else if (!commit && s->match) {
        memcpy(s->match->state, snap->state, s->match->game->state_size);
        s->match->nsteps = snap->nsteps;
        s->match->now = snap->now;
    }
    free(snap->state);
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

static pf_err find_handler(const cJSON *req, const struct handler **h, pf_error *err)
{
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    if (!cJSON_IsString(cmd))
        return pf_error_set(err, PF_E_BAD_REQUEST, "a request needs \"cmd\" (a string)");
    for (size_t i = 0; i < sizeof handlers / sizeof handlers[0]; i++) {
        if (strcmp(handlers[i].cmd, cmd->valuestring) == 0) {
            *h = &handlers[i];
            return PF_E_OK;
        }
    }
    /* The list comes from the table, so it cannot forget a command. */
    char names[160] = "";
    for (size_t i = 0, n = 0; i < sizeof handlers / sizeof handlers[0] && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                              handlers[i].cmd);
    return pf_error_set(err, PF_E_UNKNOWN_COMMAND, "no command '%.*s' (commands: %s)",
                        echo_len(cmd->valuestring), cmd->valuestring, names);
}

/* A new answer object, with the request's "id" when it has one. */
static cJSON *answer_for(const cJSON *req)
{
    cJSON *out = cJSON_CreateObject();
    const cJSON *id = cJSON_IsObject(req) ? cJSON_GetObjectItemCaseSensitive(req, "id") : NULL;
    if (out && id && !add(out, "id", cJSON_Duplicate(id, true)))
        return discard(out);
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
    if (out && add(out, "ok", cJSON_CreateFalse()) &&
        add(out, "error", eo = cJSON_CreateObject()) &&
        add(eo, "code", cJSON_CreateString(pf_err_code(e))) &&
        add(eo, "message", cJSON_CreateString(msg)))
        return print(out);
    cJSON_Delete(out);
    return NULL;
}

char *pf_session_handle(pf_session *s, const char *line, size_t len)
{
    pf_error err;
    cJSON *req = NULL;
    const struct handler *h = NULL;
    snapshot snap = {0};
    errno = 0; /* read_request tells a parse failing for want of memory by it */
    pf_err e = read_request(line, len, &req, &err);
    if (!e)
        e = find_handler(req, &h, &err);
    if (!e && h->changes && !snapshot_take(&snap, s)) {
        e = no_memory(&err);
        h = NULL;
    }
    char *text = NULL;
    if (!e) {
        cJSON *out = answer_for(req);
        e = out ? h->run(s, req, out, &err) : no_memory(&err);
        if (!e && !add(out, "ok", cJSON_CreateTrue()))
            e = no_memory(&err);
        if (e)
            cJSON_Delete(out);
        else if (!(text = print(out)))
            e = no_memory(&err);
    }
    if (h && h->changes)
        snapshot_end(&snap, s, e == PF_E_OK);
    if (e)
        text = error_answer(req, e, &err);
    cJSON_Delete(req);
    return text;
}
