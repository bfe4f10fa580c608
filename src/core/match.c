/* match.c: a game in progress, its history, and the replay format.
 *
 * Options + seed + the list of (seat, action, time) reproduce a game: the
 * replay object is the save file, the engine's "save"/"load" payload and the
 * bug-report format. Actions are stored by name so a replay reads as text. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/file.h"
#include "partyfood/match.h"
#include "partyfood/parse.h"

#define REPLAY_FORMAT "partyfood-replay"
#define REPLAY_VERSION 1

pf_match *pf_match_create(const pf_game *g, int seats, const pf_options *opt,
                          uint64_t seed, pf_error *err)
{
    pf_match *m = calloc(1, sizeof *m);
    if (!m || !(m->state = malloc(g->state_size))) {
        free(m);
        pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
        return NULL;
    }
    m->game = g;
    m->seats = seats;
    m->seed = seed;
    if (opt)
        m->opt = *opt;
    if (pf_state_init(g, m->state, seats, opt, seed, err) != PF_E_OK) {
        pf_match_destroy(m);
        return NULL;
    }
    return m;
}

void pf_match_destroy(pf_match *m)
{
    if (!m)
        return;
    free(m->state);
    free(m->steps);
    free(m);
}

/* Makes room for one more step, so a failed allocation changes nothing. */
static pf_err reserve(pf_match *m, pf_error *err)
{
    if (m->nsteps < m->cap)
        return PF_E_OK;
    int cap = m->cap ? m->cap * 2 : 64;
    pf_step *s = realloc(m->steps, (size_t)cap * sizeof *s);
    if (!s)
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
    m->steps = s;
    m->cap = cap;
    return PF_E_OK;
}

pf_err pf_match_apply(pf_match *m, int seat, pf_action a, int64_t t_ms, pf_events *ev,
                      pf_error *err)
{
    pf_err e = reserve(m, err);
    if (e == PF_E_OK)
        e = pf_state_apply(m->game, m->state, seat, a, t_ms, ev, err);
    if (e == PF_E_OK) {
        m->steps[m->nsteps++] = (pf_step){(int8_t)seat, a, t_ms};
        if (t_ms > m->now)
            m->now = t_ms;
    }
    return e;
}

pf_err pf_match_apply_named(pf_match *m, int seat, const char *name, int64_t t_ms,
                            pf_events *ev, pf_error *err)
{
    pf_action a;
    if (m->game->parse(m->state, name, &a) != PF_E_OK)
        return pf_error_set(err, PF_E_UNKNOWN_ACTION,
                            "'%.60s' is not an action of %s (ask \"legal\" for the list)",
                            name, m->game->title);
    return pf_match_apply(m, seat, a, t_ms, ev, err);
}

void pf_match_obs(const pf_match *m, int seat, pf_obs *o)
{
    pf_obs_init(o, m->game, m->state, seat, m->seats, m->nsteps, m->now);
}

pf_err pf_match_bot_move(pf_match *m, int seat, const pf_bot_def *bot, pf_events *ev,
                         pf_action *played, pf_error *err)
{
    if (m->game->over(m->state, NULL))
        return pf_error_set(err, PF_E_GAME_OVER, NULL);
    if (seat < 0 || seat >= m->seats)
        return pf_error_set(err, PF_E_BAD_SEAT, "seat %d does not exist", seat);
    if (!(m->game->to_act(m->state) & (1u << seat)))
        return pf_error_set(err, PF_E_NOT_YOUR_TURN, "seat %d may not act now", seat);
    /* Bots' chance depends on the game and the moment, so a saved game
     * replays the same and bots in a batch differ game by game. */
    const pf_bot_def *bots[PF_MAX_SEATS] = {0};
    bots[seat] = bot;
    pf_action a;
    int64_t t;
    int s;
    pf_err e = pf_bots_next(m->game, m->state, m->seats, m->nsteps, m->now, bots,
                            pf_seed_derive(m->seed, 0xb07), &s, &a, &t);
    if (e != PF_E_OK)
        return pf_error_set(err, e, "bot '%s' found no move for seat %d", bot->name, seat);
    e = pf_match_apply(m, seat, a, t, ev, err);
    if (e == PF_E_OK && played)
        *played = a;
    return e;
}

bool pf_match_over(const pf_match *m, double *results)
{
    return m->game->over(m->state, results);
}

/* ---- replay ------------------------------------------------------------- */

cJSON *pf_match_save(const pf_match *m)
{
    cJSON *r = cJSON_CreateObject();
    char seed[32];
    cJSON_AddStringToObject(r, "format", REPLAY_FORMAT);
    cJSON_AddNumberToObject(r, "version", REPLAY_VERSION);
    cJSON_AddStringToObject(r, "game", m->game->id);
    cJSON_AddNumberToObject(r, "seats", m->seats);
    /* As a string: JSON numbers lose 64-bit seeds past 2^53. */
    snprintf(seed, sizeof seed, "%" PRIu64, m->seed);
    cJSON_AddStringToObject(r, "seed", seed);
    cJSON *opts = cJSON_AddObjectToObject(r, "options");
    for (int i = 0; i < m->opt.n; i++)
        cJSON_AddStringToObject(opts, m->opt.key[i], m->opt.val[i]);
    cJSON *acts = cJSON_AddArrayToObject(r, "actions");
    /* Names depend on the state, so walk a copy of the game forward. */
    void *st = malloc(m->game->state_size);
    pf_state_init(m->game, st, m->seats, &m->opt, m->seed, NULL);
    for (int i = 0; i < m->nsteps; i++) {
        const pf_step *s = &m->steps[i];
        char name[96];
        m->game->name(st, s->action, name, sizeof name);
        cJSON *step = cJSON_CreateArray();
        cJSON_AddItemToArray(step, cJSON_CreateNumber(s->seat));
        cJSON_AddItemToArray(step, cJSON_CreateString(name));
        cJSON_AddItemToArray(step, cJSON_CreateNumber((double)s->t_ms));
        cJSON_AddItemToArray(acts, step);
        m->game->apply(st, s->seat, s->action, s->t_ms, NULL);
    }
    free(st);
    return r;
}

/* Reads the seed, a decimal string or a number. */
static bool read_seed(const cJSON *v, uint64_t *seed)
{
    long long x;
    if (cJSON_IsNumber(v)) {
        if (!pf_json_int(v, 0, PF_JSON_INT_MAX, &x))
            return false;
        *seed = (uint64_t)x;
        return true;
    }
    if (cJSON_IsString(v) && *v->valuestring) {
        char *end;
        errno = 0;
        *seed = strtoull(v->valuestring, &end, 10);
        return !*end && !errno && v->valuestring[0] != '-';
    }
    return false;
}

pf_match *pf_match_load(const cJSON *r, pf_error *err)
{
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(r, "game");
    const cJSON *seats = cJSON_GetObjectItemCaseSensitive(r, "seats");
    const cJSON *acts = cJSON_GetObjectItemCaseSensitive(r, "actions");
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(r, "format");
    uint64_t seed;
    if (!cJSON_IsObject(r) || (fmt && !(cJSON_IsString(fmt) &&
                                         strcmp(fmt->valuestring, REPLAY_FORMAT) == 0))) {
        pf_error_set(err, PF_E_BAD_REPLAY, "not a partyfood replay");
        return NULL;
    }
    if (!cJSON_IsString(game) || !cJSON_IsNumber(seats) || !cJSON_IsArray(acts) ||
        !read_seed(cJSON_GetObjectItemCaseSensitive(r, "seed"), &seed)) {
        pf_error_set(err, PF_E_BAD_REPLAY,
                     "a replay needs \"game\", \"seats\", \"seed\" and \"actions\"");
        return NULL;
    }
    const pf_game *g = pf_game_find(game->valuestring);
    if (!g) {
        pf_error_set(err, PF_E_UNKNOWN_GAME, "no game called '%.40s'", game->valuestring);
        return NULL;
    }
    pf_options opt;
    pf_options_clear(&opt);
    if (pf_options_from_json(&opt, cJSON_GetObjectItemCaseSensitive(r, "options"), err))
        return NULL;
    pf_match *m = pf_match_create(g, seats->valueint, &opt, seed, err);
    if (!m)
        return NULL;
    int i = 0;
    const cJSON *step;
    cJSON_ArrayForEach(step, acts)
    {
        const cJSON *s = cJSON_GetArrayItem(step, 0), *n = cJSON_GetArrayItem(step, 1),
                    *t = cJSON_GetArrayItem(step, 2);
        pf_error e2;
        long long when = m->now;
        if (!cJSON_IsNumber(s) || !cJSON_IsString(n) ||
            (t && !pf_json_int(t, -PF_JSON_INT_MAX, PF_JSON_INT_MAX, &when))) {
            pf_error_set(err, PF_E_BAD_REPLAY, "action %d is not [seat, \"name\", t]", i);
            pf_match_destroy(m);
            return NULL;
        }
        if (pf_match_apply_named(m, s->valueint, n->valuestring, when, NULL, &e2)) {
            pf_error_set(err, PF_E_BAD_REPLAY, "action %d: %s", i, e2.msg);
            pf_match_destroy(m);
            return NULL;
        }
        i++;
    }
    return m;
}

cJSON *pf_replay_read_file(const char *path, pf_error *err)
{
    char *buf = pf_file_read(path, PF_REPLAY_MAX_BYTES, NULL, err);
    if (!buf)
        return NULL;
    cJSON *r = cJSON_Parse(buf);
    free(buf);
    if (!r)
        pf_error_set(err, PF_E_BAD_REPLAY, "%s is not JSON", path);
    return r;
}

pf_err pf_replay_write_file(const cJSON *replay, const char *path, pf_error *err)
{
    char *text = cJSON_Print(replay);
    if (!text)
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory saving %s", path);
    size_t n = strlen(text);
    text[n] = '\n'; /* the terminating NUL becomes the file's last newline */
    pf_err e = pf_file_write_atomic(path, text, n + 1, err);
    free(text);
    return e;
}

pf_match *pf_match_load_file(const char *path, pf_error *err)
{
    cJSON *r = pf_replay_read_file(path, err);
    if (!r)
        return NULL;
    pf_match *m = pf_match_load(r, err);
    cJSON_Delete(r);
    return m;
}

pf_err pf_match_save_file(const pf_match *m, const char *path, pf_error *err)
{
    cJSON *r = pf_match_save(m);
    pf_err e = pf_replay_write_file(r, path, err);
    cJSON_Delete(r);
    return e;
}
