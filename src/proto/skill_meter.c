/* skill_meter.c: skill numbers read off a meter (skill_meter.h, ruling C-4).
 *
 * A meter runs from the moment the room issues it; its value after e ms is
 * a function of the phase (e mod P) / P: a triangle for a toss, a sine for
 * a swinging piece. The page measures e from when it received the meter,
 * so e is the room's own time since the issue less the way there. A stop is
 * plausible when e is at least a person's reaction and not later than the
 * room's time (plus a tolerance); it is late when more than the lag cap
 * earlier. */
#include "partyfood/skill_meter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "commands.h"
#include "partyfood/json_print.h"
#include "partyfood/parse.h"
#include "partyfood/proto.h"
#include "partyfood/rng.h"

/* The meter of each game with skill numbers. */
static const struct meter_kind {
    const char *game, *kind;
    int period_ms;
} kinds[] = {
    {"pancake", "toss", 2400},   /* a flick from soft to hard and back */
    {"pakupaku", "swing", 1700}, /* a piece swinging above the tower */
};

static const struct meter_kind *kind_of(const pf_game *g)
{
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (strcmp(kinds[i].game, g->id) == 0)
            return g->skill_error ? &kinds[i] : NULL;
    return NULL;
}

/* The meter's number in hundredths after e ms: a toss's p (10 to 90), a
 * swing's offset (-3000 to 3000). */
static long meter_value(const struct meter_kind *k, int64_t e)
{
    double phase = (double)(e % k->period_ms) / k->period_ms;
    if (strcmp(k->kind, "toss") == 0)
        return lround(100 * (0.10 + 0.80 * (1 - fabs(2 * phase - 1))));
    return lround(3000 * sin(2 * M_PI * phase));
}

/* True when a is an action carrying a skill number. */
static bool skill_action(const pf_game *g, pf_action a)
{
    pf_action same;
    pf_rng still;
    pf_rng_seed(&still, 0);
    return g->skill_error && g->skill_error(a, 0, &still, &same);
}

bool pf_skill_action_named(const pf_match *m, const char *name)
{
    pf_action a; /* a game without skill actions (most) needs no parse */
    return m->game->skill_error && pf_match_parse(m, name, &a, NULL) == PF_E_OK &&
           skill_action(m->game, a);
}

/* True when seat may play a skill action now. */
static bool has_skill_action(const pf_match *m, int seat)
{
    pf_action legal[PF_MAX_LEGAL];
    int n = m->game->legal(m->state, seat, legal, PF_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (skill_action(m->game, legal[i]))
            return true;
    return false;
}

pf_err pf_skill_meter_open(pf_skill_meter *mt, const pf_match *m, int seat, int64_t now,
                           const char **kind, int *period_ms, pf_error *err)
{
    const struct meter_kind *k = kind_of(m->game);
    if (!k)
        return pf_error_set(err, PF_E_BAD_REQUEST, "this game has no skill numbers: no meter");
    if (pf_match_over(m, NULL))
        return pf_error_set(err, PF_E_GAME_OVER, "the game is over");
    if (!has_skill_action(m, seat))
        return pf_error_set(err, PF_E_NOT_YOUR_TURN, "your seat has nothing to toss or stack now");
    uint64_t raw;
    pf_err e = pf_seed_random(&raw, err);
    if (e)
        return e;
    snprintf(mt->id, sizeof mt->id, "%016llx", (unsigned long long)raw);
    mt->issued = now;
    mt->used = false;
    *kind = k->kind;
    *period_ms = k->period_ms;
    return PF_E_OK;
}

char *pf_skill_meter_issue(pf_skill_meter *mt, const pf_match *m, int seat, const cJSON *req,
                           int64_t now, int64_t clock)
{
    const char *kind;
    int period_ms;
    pf_error err;
    if (pf_skill_meter_open(mt, m, seat, now, &kind, &period_ms, &err))
        return pf_proto_error_of(req, &err);
    cJSON *out = cJSON_CreateObject(), *mo = NULL;
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
    bool ok = out && (!id || pf__add(out, "id", cJSON_Duplicate(id, true))) &&
              pf__add(out, "ok", cJSON_CreateTrue()) &&
              pf__add(out, "meter", mo = cJSON_CreateObject()) &&
              pf__add(mo, "id", cJSON_CreateString(mt->id)) &&
              pf__add(mo, "kind", cJSON_CreateString(kind)) &&
              pf__add(mo, "period_ms", cJSON_CreateNumber(period_ms)) &&
              pf__add(mo, "issued", cJSON_CreateNumber((double)clock));
    char *text = ok ? pf_json_print(out) : NULL;
    cJSON_Delete(out);
    return text;
}

/* The stop time of a meter given in an act, checked; its number into
 * *value. */
static pf_err read_stop(pf_skill_meter *mt, const struct meter_kind *k, const cJSON *meter,
                        int64_t now, long *value, pf_error *err)
{
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(meter, "id");
    const cJSON *stop = cJSON_GetObjectItemCaseSensitive(meter, "stop_ms");
    long long e;
    if (!cJSON_IsObject(meter) || !cJSON_IsString(id) || !stop ||
        !pf_json_int(stop, 0, PF_JSON_INT_MAX, &e))
        return pf_error_set(err, PF_E_BAD_REQUEST,
                            "\"meter\" must be {\"id\":ID,\"stop_ms\":MS} (whole ms from 0)");
    if (!mt->id[0] || strcmp(id->valuestring, mt->id) != 0)
        return pf_error_set(err, PF_E_BAD_METER,
                            "unknown meter: ask for one with {\"cmd\":\"meter\"} (a newer one "
                            "replaces it)");
    if (mt->used)
        return pf_error_set(err, PF_E_BAD_METER, "that meter was used: each stops once");
    mt->used = true;
    int64_t since = now - mt->issued;
    if (since > PF_METER_TTL_MS)
        return pf_error_set(err, PF_E_BAD_METER, "that meter expired (a minute after its issue)");
    if (e < PF_METER_REACTION_MS)
        return pf_error_set(err, PF_E_BAD_METER,
                            "implausible: stopped %lld ms after it was shown, faster than a "
                            "person reacts (%d ms)",
                            e, PF_METER_REACTION_MS);
    if (e > since + PF_METER_TOLERANCE_MS)
        return pf_error_set(err, PF_E_BAD_METER,
                            "implausible: stopped at %lld ms, but it was issued only %lld ms ago",
                            e, (long long)since);
    /* Its own code: a slow way here is no fault of the person's, and a
     * client answers it with a fresh meter (docs/protocol.md). */
    if (since - e > PF_METER_LAG_CAP_MS)
        return pf_error_set(err, PF_E_LATE_METER,
                            "late: stopped %lld ms before the stop arrived, more than the "
                            "lag cap (%d ms); start a new meter",
                            (long long)(since - e), PF_METER_LAG_CAP_MS);
    *value = meter_value(k, e);
    return PF_E_OK;
}

pf_err pf_skill_meter_stop(pf_skill_meter *mt, const pf_match *m, const char *action,
                           const cJSON *meter, int64_t now, char *name, size_t n, pf_error *err)
{
    const struct meter_kind *k = kind_of(m->game);
    char probe[PF_REPLAY_NAME_MAX + 8];
    snprintf(probe, sizeof probe, "%s 0.50", action);
    if (!k || !pf_skill_action_named(m, probe))
        return pf_error_set(err, PF_E_BAD_ACTION,
                            "a meter goes with a skill action named without its number "
                            "(\"toss\", \"stack cup\")");
    long v = 0;
    pf_err e = read_stop(mt, k, meter, now, &v, err);
    if (e)
        return e;
    long a = labs(v);
    snprintf(name, n, "%s %s%ld.%02ld", action, v < 0 ? "-" : "", a / 100, a % 100);
    return PF_E_OK;
}

pf_err pf_skill_meter_action(pf_skill_meter *mt, const pf_match *m, const cJSON *req,
                             int64_t now, char *name, size_t n, pf_error *err)
{
    const cJSON *meter = cJSON_GetObjectItemCaseSensitive(req, "meter");
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(req, "action");
    name[0] = '\0';
    if (!meter)
        return PF_E_OK;
    if (!cJSON_IsString(action) || strlen(action->valuestring) + 8 >= n)
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"act\" needs \"action\" (a short name)");
    return pf_skill_meter_stop(mt, m, action->valuestring, meter, now, name, n, err);
}
