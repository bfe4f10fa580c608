/* session.c: the engine protocol's requests and responses.
 *
 * Each handler reads its fields, answers with "ok": true and its data, or
 * fails through pf_error and leaves the session unchanged. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/parse.h"
#include "partyfood/session.h"

#define EVENT_CAP 128

void pf_session_init(pf_session *s)
{
    s->match = NULL;
}

void pf_session_fini(pf_session *s)
{
    pf_match_destroy(s->match);
    s->match = NULL;
}

static cJSON *seat_list(uint32_t set)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < PF_MAX_SEATS; i++)
        if (set & (1u << i))
            cJSON_AddItemToArray(a, cJSON_CreateNumber(i));
    return a;
}

/* Adds what every state-changing answer carries: who acts and whether it is over. */
static void add_progress(cJSON *out, const pf_match *m)
{
    cJSON_AddItemToObject(out, "to_act", seat_list(m->game->to_act(m->state)));
    cJSON_AddBoolToObject(out, "over", pf_match_over(m, NULL));
}

static cJSON *events_for(const pf_events *ev, int seat)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < ev->n; i++) {
        const pf_event *e = &ev->buf[i];
        if (!pf_event_visible(e, seat))
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "kind", e->kind);
        cJSON_AddStringToObject(o, "text", e->text);
        cJSON_AddBoolToObject(o, "private", e->to >= 0);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static pf_err need_match(const pf_session *s, pf_error *err)
{
    return s->match ? PF_E_OK : pf_error_set(err, PF_E_NO_GAME, NULL);
}

/* Reads "seat" as a seat of the game (a spectator when allowed). */
static pf_err read_seat(const pf_session *s, const cJSON *req, bool spectator, int *seat,
                        pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, "seat");
    if (!cJSON_IsNumber(v) || v->valuedouble != (double)v->valueint)
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"seat\" must be a whole number");
    int lo = spectator ? PF_SEAT_SPECTATOR : 0;
    if (v->valueint < lo || v->valueint >= s->match->seats)
        return pf_error_set(err, PF_E_BAD_SEAT, "seat %d does not exist (seats are 0 to %d%s)",
                            v->valueint, s->match->seats - 1, spectator ? ", -1 to watch" : "");
    *seat = v->valueint;
    return PF_E_OK;
}

/* A game must be running and "seat" must name one of its seats. */
static pf_err need_seat(const pf_session *s, const cJSON *req, bool spectator, int *seat,
                        pf_error *err)
{
    pf_err e = need_match(s, err);
    return e ? e : read_seat(s, req, spectator, seat, err);
}

static pf_err read_seed(const cJSON *v, uint64_t *seed, pf_error *err)
{
    if (!v) {
        *seed = 0;
        return PF_E_OK;
    }
    if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 9007199254740992.0 &&
        v->valuedouble == (double)(uint64_t)v->valuedouble) {
        *seed = (uint64_t)v->valuedouble;
        return PF_E_OK;
    }
    if (cJSON_IsString(v) && v->valuestring[0] >= '0' && v->valuestring[0] <= '9') {
        char *end;
        errno = 0;
        *seed = strtoull(v->valuestring, &end, 10);
        if (!*end && !errno)
            return PF_E_OK;
    }
    return pf_error_set(err, PF_E_BAD_REQUEST,
                        "\"seed\" must be a whole number from 0 (or a decimal string)");
}

static pf_err do_new(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(req, "game");
    const cJSON *seats = cJSON_GetObjectItemCaseSensitive(req, "seats");
    if (!cJSON_IsString(game))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"new\" needs \"game\" (a game id)");
    const pf_game *g = pf_game_find(game->valuestring);
    if (!g)
        return pf_error_set(err, PF_E_UNKNOWN_GAME, "no game called '%.40s'",
                            game->valuestring);
    if (seats && !cJSON_IsNumber(seats))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"seats\" must be a number");
    uint64_t seed = 0;
    pf_options opt;
    pf_options_clear(&opt);
    pf_err e = read_seed(cJSON_GetObjectItemCaseSensitive(req, "seed"), &seed, err);
    if (!e)
        e = pf_options_from_json(&opt, cJSON_GetObjectItemCaseSensitive(req, "options"), err);
    if (e)
        return e;
    pf_match *m = pf_match_create(g, seats ? seats->valueint : g->min_seats, &opt, seed, err);
    if (!m)
        return err->code;
    pf_match_destroy(s->match);
    s->match = m;
    cJSON_AddStringToObject(out, "game", g->id);
    cJSON_AddNumberToObject(out, "seats", m->seats);
    add_progress(out, m);
    return PF_E_OK;
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
    cJSON *a = cJSON_AddArrayToObject(out, "actions");
    for (int i = 0; i < n; i++) {
        char name[96];
        g->name(s->match->state, legal[i], name, sizeof name);
        cJSON_AddItemToArray(a, cJSON_CreateString(name));
    }
    return PF_E_OK;
}

static pf_err do_act(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    int seat;
    pf_err e = need_seat(s, req, false, &seat, err);
    if (e)
        return e;
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(req, "action");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(req, "t");
    if (!cJSON_IsString(action))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"act\" needs \"action\" (its name)");
    long long when = s->match->now;
    if (t && !pf_json_int(t, -PF_JSON_INT_MAX, PF_JSON_INT_MAX, &when))
        return pf_error_set(err, PF_E_BAD_REQUEST,
                            "\"t\" must be a time in whole milliseconds");
    pf_event buf[EVENT_CAP];
    pf_events ev = {buf, 0, EVENT_CAP, 0};
    e = pf_match_apply_named(s->match, seat, action->valuestring, when, &ev, err);
    if (e)
        return e;
    cJSON_AddItemToObject(out, "events", events_for(&ev, seat));
    add_progress(out, s->match);
    return PF_E_OK;
}

static pf_err do_bot(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    int seat;
    pf_err e = need_seat(s, req, false, &seat, err);
    if (e)
        return e;
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(req, "bot");
    const char *bot_name = cJSON_IsString(name) ? name->valuestring : "random";
    const pf_bot_def *bot = pf_bot_find(s->match->game, bot_name);
    if (!bot) {
        char list[256];
        pf_bot_list(s->match->game, list, sizeof list);
        return pf_error_set(err, PF_E_UNKNOWN_BOT, "no bot '%.40s' for %s (bots: %s)",
                            bot_name, s->match->game->title, list);
    }
    /* The action's name is taken before it is applied: names may depend on
     * the state (and the state is only changed on success). */
    pf_match *m = s->match;
    void *before = malloc(m->game->state_size);
    memcpy(before, m->state, m->game->state_size);
    pf_event buf[EVENT_CAP];
    pf_events ev = {buf, 0, EVENT_CAP, 0};
    pf_action a;
    e = pf_match_bot_move(m, seat, bot, &ev, &a, err);
    if (!e) {
        char aname[96];
        m->game->name(before, a, aname, sizeof aname);
        cJSON_AddStringToObject(out, "action", aname);
        cJSON_AddNumberToObject(out, "t", (double)m->steps[m->nsteps - 1].t_ms);
        cJSON_AddItemToObject(out, "events", events_for(&ev, seat));
        add_progress(out, m);
    }
    free(before);
    return e;
}

static pf_err do_view(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    int seat;
    pf_err e = need_seat(s, req, true, &seat, err);
    if (e)
        return e;
    cJSON_AddItemToObject(out, "view", pf_state_view(s->match->game, s->match->state, seat));
    return PF_E_OK;
}

static pf_err do_result(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    (void)req;
    pf_err e = need_match(s, err);
    if (e)
        return e;
    double results[PF_MAX_SEATS];
    bool over = pf_match_over(s->match, results);
    cJSON_AddBoolToObject(out, "over", over);
    if (over)
        cJSON_AddItemToObject(out, "results", cJSON_CreateDoubleArray(results, s->match->seats));
    else
        cJSON_AddNullToObject(out, "results");
    return PF_E_OK;
}

static pf_err do_save(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    (void)req;
    pf_err e = need_match(s, err);
    if (!e)
        cJSON_AddItemToObject(out, "replay", pf_match_save(s->match));
    return e;
}

static pf_err do_load(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(req, "replay");
    if (!cJSON_IsObject(r))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"load\" needs \"replay\" (an object)");
    pf_match *m = pf_match_load(r, err);
    if (!m)
        return err->code;
    pf_match_destroy(s->match);
    s->match = m;
    cJSON_AddStringToObject(out, "game", m->game->id);
    cJSON_AddNumberToObject(out, "seats", m->seats);
    add_progress(out, m);
    return PF_E_OK;
}

static pf_err do_games(pf_session *s, const cJSON *req, cJSON *out, pf_error *err)
{
    (void)s, (void)req, (void)err;
    cJSON *a = cJSON_AddArrayToObject(out, "games");
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", g->id);
        cJSON_AddStringToObject(o, "title", g->title);
        cJSON_AddNumberToObject(o, "min_seats", g->min_seats);
        cJSON_AddNumberToObject(o, "max_seats", g->max_seats);
        cJSON_AddBoolToObject(o, "real_time", g->real_time);
        cJSON *opts = cJSON_AddObjectToObject(o, "options");
        for (const pf_option_def *d = g->options; d && d->key; d++)
            cJSON_AddStringToObject(opts, d->key, d->def);
        cJSON *bots = cJSON_AddArrayToObject(o, "bots");
        const char *names[64];
        int nb = pf_bot_names(g, names, 64);
        for (int k = 0; k < nb; k++)
            cJSON_AddItemToArray(bots, cJSON_CreateString(names[k]));
        cJSON_AddItemToArray(a, o);
    }
    return PF_E_OK;
}

static const struct handler {
    const char *cmd;
    pf_err (*run)(pf_session *, const cJSON *, cJSON *, pf_error *);
} handlers[] = {
    {"new", do_new},   {"legal", do_legal},   {"act", do_act},   {"view", do_view},
    {"result", do_result}, {"save", do_save}, {"load", do_load}, {"bot", do_bot},
    {"games", do_games},
};

char *pf_session_handle(pf_session *s, const char *line)
{
    cJSON *req = cJSON_Parse(line);
    cJSON *out = cJSON_CreateObject();
    pf_error err;
    pf_err e = PF_E_OK;
    if (!cJSON_IsObject(req)) {
        e = pf_error_set(&err, PF_E_BAD_JSON, "the request is not a JSON object: %.60s",
                         line);
    } else {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
        if (id)
            cJSON_AddItemToObject(out, "id", cJSON_Duplicate(id, true));
        const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
        if (!cJSON_IsString(cmd)) {
            e = pf_error_set(&err, PF_E_BAD_REQUEST, "a request needs \"cmd\" (a string)");
        } else {
            size_t i = 0, n = sizeof handlers / sizeof handlers[0];
            while (i < n && strcmp(handlers[i].cmd, cmd->valuestring) != 0)
                i++;
            if (i == n)
                e = pf_error_set(&err, PF_E_UNKNOWN_COMMAND,
                                 "no command '%.40s' (commands: new, legal, act, view, "
                                 "result, save, load, bot, games)",
                                 cmd->valuestring);
            else
                e = handlers[i].run(s, req, out, &err);
        }
    }
    cJSON_AddBoolToObject(out, "ok", e == PF_E_OK);
    if (e != PF_E_OK) {
        /* A failed handler may have added partial data: answer only the error. */
        cJSON *id = cJSON_DetachItemFromObjectCaseSensitive(out, "id");
        cJSON_Delete(out);
        out = cJSON_CreateObject();
        if (id)
            cJSON_AddItemToObject(out, "id", id);
        cJSON_AddBoolToObject(out, "ok", false);
        cJSON *eo = cJSON_AddObjectToObject(out, "error");
        cJSON_AddStringToObject(eo, "code", pf_err_code(e));
        cJSON_AddStringToObject(eo, "message", err.msg);
    }
    char *text = cJSON_PrintUnformatted(out);
    cJSON_Delete(out);
    cJSON_Delete(req);
    return text;
}
