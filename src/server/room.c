/* room.c: a room's life (room.h): made from a create request or read back
 * from storage, its row stored, its game let go while idle and rebuilt,
 * its public state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "partyfood/json_print.h"
#include "partyfood/parse.h"
#include "partyfood/proto.h"
#include "partyfood/push.h"
#include "partyfood/repeat.h"
#include "partyfood/replay.h"
#include "partyfood/rng.h"
#include "server/room_parts.h"
#include "server/told.h"

#ifndef PF_VERSION
#define PF_VERSION "unknown"
#endif

/* The options that fix chance for tests: in a room nobody may know the
 * hidden deal, the host included. */
static const char *const chance_options[] = {"grid",  "bag",  "boards", "ziggy",
                                             "table", "tosses", "dice",  "jitter"};

int64_t pf_room_now(const pf_room *r)
{
    return r->env->now_ms(r->env->net) - r->clock_base;
}

void pf_room_log(const pf_room *r, const char *event, const char *detail)
{
    pf_log_event(r->env->log, event, r->code, r->g->id, detail);
}

/* ---- storage ------------------------------------------------------------------------ */

static char *print(cJSON *o)
{
    char *text = o ? pf_json_print(o) : NULL;
    cJSON_Delete(o);
    return text;
}

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
        char hex[2 * PF_TOKEN_HASH + 1];
        pf_hex_of(r->host_hash, PF_TOKEN_HASH, hex);
        cJSON_AddNumberToObject(settings, "turn_ms", (double)r->turn_ms);
        cJSON_AddBoolToObject(settings, "listed", r->listed);
        cJSON_AddBoolToObject(settings, "spectators", r->spectators);
        if (r->watch_link) {
            char watch[2 * PF_TOKEN_HASH + 1];
            pf_hex_of(r->watch_hash, PF_TOKEN_HASH, watch);
            cJSON_AddStringToObject(settings, "watch_sha256", watch);
        }
        cJSON_AddBoolToObject(settings, "fixed_order", r->fixed_order);
        cJSON_AddBoolToObject(settings, "memory_aid", r->memory_aid);
        cJSON_AddStringToObject(settings, "host_sha256", hex);
        cJSON_AddBoolToObject(settings, "locked", r->locked);
        cJSON_AddBoolToObject(settings, "chat_on", r->chat_on);
        cJSON_AddBoolToObject(settings, "hints_on", r->hints_on);
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
        e = pf_store_room_put(r->env->store, &rec, err);
    }
    free(s), free(st);
    return e;
}

static pf_err room_options(const pf_room *r, pf_options *out, pf_error *err)
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

/* The table's seating and options of the room now. */
void pf_room_seating(const pf_room *r, pf_seating *s, pf_table_options *to)
{
    *s = (pf_seating){.n = r->n};
    for (int i = 0; i < r->n; i++) {
        s->bot[i] = r->place[i].bot;
        snprintf(s->name[i], sizeof s->name[i], "%s",
                 r->place[i].bot ? r->place[i].bot->name : r->place[i].name);
    }
    *to = (pf_table_options){.memory_aid = r->memory_aid, .turn_ms = r->turn_ms};
}

void pf_room_names(const pf_room *r, int seat, pf_seat_names *out)
{
    pf_seating s;
    pf_table_options to;
    pf_room_seating(r, &s, &to);
    pf_seating_names(&s, seat, out);
}

/* The game as it begins (with the places as they are now). */
pf_table *pf_room_new_table(pf_room *r, pf_error *err)
{
    pf_seating s;
    pf_table_options to;
    pf_options opt;
    pf_room_seating(r, &s, &to);
    return room_options(r, &opt, err)
               ? NULL
               : pf_table_create(r->g, &s, &opt, r->seed, &to, pf_room_heard, r, err);
}

typedef struct replaying {
    pf_match *m;
    pf_repeats **keys; /* NULL: the room has its keys in memory still */
} replaying;

/* A stored step played again; a keyed act's key remembered with its
 * first answer, so an act sent again after a restart is not played twice
 * (out of memory: forgotten, as when it is remembered at first). */
static pf_err replay_step(void *arg, const pf_store_step *st, pf_error *err)
{
    replaying *p = arg;
    pf_match *m = p->m;
    if (st->index != m->nsteps)
        return pf_error_set(err, PF_E_BAD_REPLAY, "step %d is missing", m->nsteps);
    pf_err e = pf_match_apply_named(m, st->seat, st->name, st->t_ms, NULL, err);
    if (!e)
        m->steps[st->index].hint = st->hint;
    pf_error lost;
    if (!e && p->keys && st->key && st->answer)
        pf_repeat_remember(p->keys, st->seat, st->key, st->answer, &lost);
    return e;
}

/* The game rebuilt from its seed and stored steps. */
static pf_err load_table(pf_room *r, pf_error *err)
{
    pf_options opt;
    pf_match *m = room_options(r, &opt, err) ? NULL
                                             : pf_match_create(r->g, r->n, &opt, r->seed, err);
    replaying p = {m, r->repeats ? NULL : &r->repeats};
    pf_err e = m ? pf_store_steps_of(r->env->store, r->code, replay_step, &p, err) : err->code;
    if (e) {
        if (p.keys) { /* read again with the steps next time */
            pf_repeats_free(r->repeats);
            r->repeats = NULL;
        }
        pf_match_destroy(m);
        return e;
    }
    pf_seating s;
    pf_table_options to;
    pf_room_seating(r, &s, &to);
    r->table = pf_table_adopt(m, &s, &to, pf_room_heard, r, err);
    return r->table ? PF_E_OK : err->code;
}

pf_err pf_room_load(pf_room *r, pf_error *err)
{
    if (!r->started || r->table)
        return PF_E_OK;
    pf_err e = load_table(r, err);
    if (e)
        return e;
    r->active_ms = r->env->now_ms(r->env->net);
    pf_room_log(r, "loaded", NULL);
    pf_room_schedule(r);
    return PF_E_OK;
}

bool pf_room_idle(const pf_room *r, int64_t now, int64_t idle_ms)
{
    return r->started && !r->ahead && !r->told && !r->thinking && !r->asks &&
           now - r->active_ms >= idle_ms && !r->due;
}

void pf_room_unload(pf_room *r)
{
    pf_table_destroy(r->table);
    pf_table_destroy(r->spare);
    r->table = r->spare = NULL;
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

/* ---- the chat's last messages ----------------------------------------------------------- */

bool pf_room_chat_keep(pf_room *r, int seat, const char *name, const char *text, int64_t t_ms)
{
    char *copy = strdup(text);
    if (!copy)
        return false;
    pf_chat_line *l = &r->chat[r->chat_next];
    free(l->text);
    *l = (pf_chat_line){.seat = seat, .text = copy, .t_ms = t_ms};
    snprintf(l->name, sizeof l->name, "%s", name);
    r->chat_next = (r->chat_next + 1) % PF_CHAT_KEEP;
    if (r->chat_n < PF_CHAT_KEEP)
        r->chat_n++;
    return true;
}

static void chat_restored(void *arg, const pf_store_chat *m)
{
    pf_room *r = arg;
    if (pf_room_chat_keep(r, m->seat, m->name, m->text, m->t_ms))
        r->chat_total = m->index + 1;
}

/* ---- creating and restoring ------------------------------------------------------------- */

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

/* Reads "spectators": true (anyone with the code watches), false (nobody),
 * "link" (whoever has the watch link); absent: true for a listed room (its
 * code is in the lobby anyway), "link" for a private one. */
static bool read_watch(pf_room *r, const cJSON *req, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, "spectators");
    if (cJSON_IsString(v) && strcmp(v->valuestring, "link") == 0) {
        r->spectators = false;
        r->watch_link = true;
        return true;
    }
    if (!read_bool(req, "spectators", r->listed, &r->spectators, err)) {
        pf_error_set(err, PF_E_BAD_REQUEST,
                     "\"spectators\" must be true (anyone with the code watches), \"link\" "
                     "(whoever has the watch link) or false");
        return false;
    }
    r->watch_link = r->spectators || !v || cJSON_IsNull(v);
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
                            "seat %d must be \"person\" or \"bot:LEVEL\" (bots: %s)", r->n + 1,
                            list);
    }
    return PF_E_OK;
}

/* Hints by default: a person alone with bots has them; at a table of two or
 * more people they are the host's choice, off unless asked for. Judged by
 * the seats the room was made with (a person's seat stays one while
 * waiting for its person), never by who joined so far. */
static bool hints_by_default(const pf_room *r)
{
    int people = 0;
    for (int i = 0; i < r->n; i++)
        people += !r->place[i].bot;
    return people <= 1;
}

static pf_room *room_new(const pf_room_env *env, const char *code)
{
    pf_room *r = calloc(1, sizeof *r);
    if (r) {
        snprintf(r->code, sizeof r->code, "%s", code);
        r->env = env;
        r->active_ms = env->now_ms(env->net);
        pf_room_changes_init(r);
    }
    return r;
}

pf_room *pf_room_create(const pf_room_env *env, const char *code, const cJSON *req,
                        pf_room_keys *keys, pf_error *err)
{
    pf_room *r = room_new(env, code);
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
                read_watch(r, req, err) &&
                read_bool(req, "fixed_order", false, &r->fixed_order, err) &&
                read_bool(req, "memory_aid", false, &r->memory_aid, err) &&
                read_bool(req, "hints", hints_by_default(r), &r->hints_on, err)))
        e = err->code;
    if (!e)
        e = pf_seed_random(&r->seed, err);
    /* PF_SERVE_TEST_SEED=N (tests only): every new room's seed is N, so a
     * browser test can reach a committed replay's position by its actions. */
    const char *test_seed = getenv("PF_SERVE_TEST_SEED");
    if (!e && test_seed)
        r->seed = strtoull(test_seed, NULL, 10);
    if (!e && !(e = pf_token_new(keys->host, err)))
        pf_token_hash(keys->host, r->host_hash);
    keys->watch[0] = '\0';
    if (!e && r->watch_link && !(e = pf_token_new(keys->watch, err)))
        pf_token_hash(keys->watch, r->watch_hash);
    if (!e) {
        r->chat_on = true;
        r->turn_ms = secs * 1000;
        r->created = (int64_t)time(NULL);
        e = pf_room_seated(r, err); /* stored; a room of bots starts at once */
    }
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

/* The settings stored with the room: the table's, and the host's. */
static void read_settings(pf_room *r, const cJSON *settings)
{
    const cJSON *turn = cJSON_GetObjectItemCaseSensitive(settings, "turn_ms");
    const cJSON *hash = cJSON_GetObjectItemCaseSensitive(settings, "host_sha256");
    const cJSON *watch = cJSON_GetObjectItemCaseSensitive(settings, "watch_sha256");
    r->turn_ms = cJSON_IsNumber(turn) ? (int64_t)turn->valuedouble : 0;
    r->listed = setting(settings, "listed");
    r->spectators = setting(settings, "spectators");
    r->fixed_order = setting(settings, "fixed_order");
    r->memory_aid = setting(settings, "memory_aid");
    r->locked = setting(settings, "locked");
    r->chat_on = !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(settings, "chat_on"));
    /* Stored before hints had a switch: as a new room of these seats. */
    const cJSON *hints = cJSON_GetObjectItemCaseSensitive(settings, "hints_on");
    r->hints_on = cJSON_IsBool(hints) ? cJSON_IsTrue(hints) : hints_by_default(r);
    if (!cJSON_IsString(hash) || !pf_unhex(hash->valuestring, r->host_hash, PF_TOKEN_HASH))
        memset(r->host_hash, 0, sizeof r->host_hash); /* no host: no token matches */
    /* A room of 0.2 has no watch link: its spectators watch by code, or not. */
    r->watch_link = cJSON_IsString(watch) &&
                    pf_unhex(watch->valuestring, r->watch_hash, PF_TOKEN_HASH);
}

pf_room *pf_room_restore(const pf_room_env *env, const pf_store_room *rec, pf_error *err)
{
    pf_room *r = room_new(env, rec->code);
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
    read_settings(r, settings);
    cJSON_Delete(opts);
    cJSON_Delete(settings);
    r->started = rec->started;
    r->finished = rec->finished;
    if (!e && rec->started) {
        e = load_table(r, err);
        /* The game's clock goes on from its last step: the time the server
         * was down does not count. */
        if (!e)
            r->clock_base = env->now_ms(env->net) - pf_table_match(r->table)->now;
    }
    if (!e && pf_store_chat_of(env->store, r->code, PF_CHAT_KEEP, chat_restored, r, err))
        fprintf(stderr, "partyfood serve: room %s: its chat is lost: %s\n", r->code, err->msg);
    if (e) {
        pf_room_destroy(r);
        return NULL;
    }
    pf_room_schedule(r);
    return r;
}

void pf_room_destroy(pf_room *r)
{
    if (!r)
        return;
    if (r->due)
        r->env->wake(r->env->net, r, -1);
    pf_room_changes_free(r);
    pf_table_destroy(r->table);
    pf_table_destroy(r->spare);
    for (int i = 0; i < PF_CHAT_KEEP; i++)
        free(r->chat[i].text);
    free(r->rematch);
    free(r->options);
    pf_repeats_free(r->repeats);
    free(r);
}

/* ---- what anyone may see ------------------------------------------------------------------ */

bool pf_room_open(const pf_room *r)
{
    return r->listed && !r->started;
}

bool pf_room_watch_by_code(const pf_room *r)
{
    return r->spectators;
}

bool pf_room_watch_token(const pf_room *r, const char *watch)
{
    return r->watch_link && pf_token_is(watch, r->watch_hash);
}

bool pf_room_write_public(pf_room *r, pf_jw *w, bool full, const pf_room_keys *keys)
{
    pf_error err;
    if (full && r->started && pf_room_load(r, &err))
        return false;
    pf_jw_comma(w);
    pf_jw_lit(w, "{\"room\":");
    pf_jw_str(w, r->code);
    pf_jw_lit(w, ",\"game\":");
    pf_jw_str(w, r->g->id);
    pf_jw_lit(w, ",\"started\":");
    pf_jw_bool(w, r->started);
    pf_jw_lit(w, ",\"spectators\":");
    pf_jw_bool(w, r->spectators);
    pf_jw_lit(w, ",\"seats\":[");
    for (int i = 0; i < r->n; i++) {
        const pf_place *p = &r->place[i];
        pf_jw_comma(w);
        pf_jw_lit(w, "{\"seat\":");
        pf_jw_int(w, i);
        pf_jw_lit(w, p->bot ? ",\"kind\":\"bot\",\"name\":" : ",\"kind\":\"person\",\"name\":");
        if (p->bot || p->taken)
            pf_jw_str(w, p->bot ? p->bot->name : p->name);
        else
            pf_jw_lit(w, "null");
        pf_jw_raw(w, "}", 1);
    }
    pf_jw_raw(w, "]", 1);
    if (full) {
        pf_jw_lit(w, ",\"listed\":");
        pf_jw_bool(w, r->listed);
        pf_jw_lit(w, ",\"fixed_order\":");
        pf_jw_bool(w, r->fixed_order);
        pf_jw_lit(w, ",\"locked\":");
        pf_jw_bool(w, r->locked);
        pf_jw_lit(w, ",\"chat_on\":");
        pf_jw_bool(w, r->chat_on);
        pf_jw_lit(w, ",\"hints_on\":");
        pf_jw_bool(w, r->hints_on);
        pf_jw_lit(w, ",\"memory_aid\":"); /* the browser draws the aid */
        pf_jw_bool(w, r->memory_aid);
        pf_jw_lit(w, ",\"turn_seconds\":");
        pf_jw_int(w, r->turn_ms / 1000);
        if (r->rematch) { /* where the table plays again (known while in memory) */
            pf_jw_lit(w, ",\"rematch\":");
            pf_jw_str(w, r->rematch->code);
        }
    }
    if (full && r->table) {
        pf_push_progress(w, r->table, pf_room_now(r));
        pf_jw_key(w, "view");
        pf_state_view_write(r->g, pf_table_match(r->table)->state, PF_SEAT_SPECTATOR, w);
    }
    if (keys) {
        pf_jw_key(w, "host_token");
        pf_jw_str(w, keys->host);
        if (keys->watch[0]) {
            pf_jw_key(w, "watch_token");
            pf_jw_str(w, keys->watch);
        }
    }
    pf_jw_raw(w, "}", 1);
    return true;
}
