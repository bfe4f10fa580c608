/* meter.c: skill numbers by meter (meter.h, ruling C-4).
 *
 * A meter runs from the moment the server issues it; its value after e ms
 * is a function of the phase (e mod P) / P: a triangle for a toss, a sine
 * for a swinging piece. The client measures e from when it received the
 * meter; so e is the server's own time since the issue less the round
 * trip. A stop is plausible when e is at least a person's reaction, not
 * later than the server's time (plus a tolerance), and not more than the
 * lag cap earlier. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "partyfood/parse.h"
#include "partyfood/proto.h"
#include "server/meter.h"

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
            return &kinds[i];
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

/* True when name is an action of the match carrying a skill number. */
static bool is_skill(const pf_match *m, const char *name)
{
    pf_action a, same;
    pf_rng still;
    pf_rng_seed(&still, 0);
    return m->game->skill_error && pf_match_parse(m, name, &a, NULL) == PF_E_OK &&
           m->game->skill_error(a, 0, &still, &same);
}

/* True when seat may play a skill action now. */
static bool has_skill_action(const pf_match *m, int seat)
{
    pf_action legal[PF_MAX_LEGAL], same;
    pf_rng still;
    pf_rng_seed(&still, 0);
    int n = m->game->legal(m->state, seat, legal, PF_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (m->game->skill_error(legal[i], 0, &still, &same))
            return true;
    return false;
}

char *pf_meter_request(pf_room *r, pf_member *m, const cJSON *req)
{
    const struct meter_kind *k = kind_of(r->g);
    if (!k || !r->g->skill_error)
        return pf_proto_error(req, PF_E_BAD_REQUEST, "this game has no skill numbers: no meter");
    const pf_match *mt = pf_table_match(r->table);
    if (pf_match_over(mt, NULL))
        return pf_proto_error(req, PF_E_GAME_OVER, NULL);
    if (!has_skill_action(mt, m->seat))
        return pf_proto_error(req, PF_E_NOT_YOUR_TURN, "your seat has nothing to toss or stack now");
    unsigned char raw[8];
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        return pf_proto_error(req, PF_E_IO, "the system's random source failed");
    pf_meter *me = &r->meter[m->seat];
    pf_hex_of(raw, sizeof raw, me->id);
    me->issued_ms = r->env->now_ms(r->env->net);
    me->used = false;
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_proto_begin(&w, req);
    pf_jw_key(&w, "meter");
    pf_jw_lit(&w, "{\"id\":");
    pf_jw_str(&w, me->id);
    pf_jw_lit(&w, ",\"kind\":");
    pf_jw_str(&w, k->kind);
    pf_jw_lit(&w, ",\"period_ms\":");
    pf_jw_int(&w, k->period_ms);
    pf_jw_lit(&w, ",\"issued\":");
    pf_jw_int(&w, me->issued_ms - r->clock_base);
    pf_jw_raw(&w, "}", 1);
    return pf_proto_end(&w);
}

/* The stop time of a meter given in an act, checked; its number into
 * *value. */
static pf_err read_stop(pf_room *r, int seat, const cJSON *meter, long *value, pf_error *err)
{
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(meter, "id");
    const cJSON *stop = cJSON_GetObjectItemCaseSensitive(meter, "stop_ms");
    long long e;
    if (!cJSON_IsObject(meter) || !cJSON_IsString(id) || !stop ||
        !pf_json_int(stop, 0, PF_JSON_INT_MAX, &e))
        return pf_error_set(err, PF_E_BAD_REQUEST,
                            "\"meter\" must be {\"id\":ID,\"stop_ms\":MS} (whole ms from 0)");
    pf_meter *mt = &r->meter[seat];
    if (!mt->id[0] || strcmp(id->valuestring, mt->id) != 0)
        return pf_error_set(err, PF_E_BAD_METER,
                            "unknown meter: ask for one with {\"cmd\":\"meter\"} (a newer one "
                            "replaces it)");
    if (mt->used)
        return pf_error_set(err, PF_E_BAD_METER, "that meter was used: each stops once");
    mt->used = true;
    int64_t since = r->env->now_ms(r->env->net) - mt->issued_ms;
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
    if (since - e > PF_METER_LAG_CAP_MS)
        return pf_error_set(err, PF_E_BAD_METER,
                            "implausible: stopped %lld ms before the stop arrived, more than the "
                            "lag cap (%d ms)",
                            (long long)(since - e), PF_METER_LAG_CAP_MS);
    *value = meter_value(kind_of(r->g), e);
    return PF_E_OK;
}

pf_err pf_meter_action(pf_room *r, int seat, const cJSON *req, char *name, size_t n, pf_error *err)
{
    const char *action = cJSON_GetObjectItemCaseSensitive(req, "action")->valuestring;
    const cJSON *meter = cJSON_GetObjectItemCaseSensitive(req, "meter");
    const pf_match *m = pf_table_match(r->table);
    char kind_probe[PF_REPLAY_NAME_MAX + 8];
    if (strlen(action) >= n) /* cut, it could name another action */
        return pf_error_set(err, PF_E_UNKNOWN_ACTION, "no action has so long a name");
    snprintf(kind_probe, sizeof kind_probe, "%s 0.50", action);
    if (!meter) {
        if (is_skill(m, action) || is_skill(m, kind_probe))
            return pf_error_set(err, PF_E_BAD_ACTION,
                                "use a meter: a skill number is the meter's, never chosen (ask "
                                "{\"cmd\":\"meter\"}, then send \"%.40s\" with its stop time)",
                                is_skill(m, kind_probe) ? action : "the action without its number");
        snprintf(name, n, "%s", action);
        return PF_E_OK;
    }
    if (!kind_of(r->g) || !is_skill(m, kind_probe))
        return pf_error_set(err, PF_E_BAD_ACTION,
                            "a meter goes with a skill action named without its number "
                            "(\"toss\", \"stack cup\")");
    long v = 0;
    pf_err e = read_stop(r, seat, meter, &v, err);
    if (e)
        return e;
    long a = labs(v);
    snprintf(name, n, "%s %s%ld.%02ld", action, v < 0 ? "-" : "", a / 100, a % 100);
    return PF_E_OK;
}
