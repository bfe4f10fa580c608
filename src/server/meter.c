/* meter.c: skill numbers by meter in a server's room (meter.h, ruling C-4).
 *
 * The meter itself, its kinds, values and the stop's checks, is the
 * protocol's (skill_meter.h), on the server's monotonic clock; this file
 * writes the server's answer and refuses a skill number a client chose. */
#include <stdio.h>
#include <string.h>

#include "partyfood/proto.h"
#include "partyfood/skill_meter.h"
#include "server/meter.h"

char *pf_meter_request(pf_room *r, pf_member *m, const cJSON *req)
{
    pf_skill_meter *me = &r->meter[m->seat];
    const char *kind;
    int period_ms;
    pf_error err;
    if (pf_skill_meter_open(me, pf_table_match(r->table), m->seat, r->env->now_ms(r->env->net),
                            &kind, &period_ms, &err))
        return pf_proto_error_of(req, &err);
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_proto_begin(&w, req);
    pf_jw_key(&w, "meter");
    pf_jw_lit(&w, "{\"id\":");
    pf_jw_str(&w, me->id);
    pf_jw_lit(&w, ",\"kind\":");
    pf_jw_str(&w, kind);
    pf_jw_lit(&w, ",\"period_ms\":");
    pf_jw_int(&w, period_ms);
    pf_jw_lit(&w, ",\"issued\":");
    pf_jw_int(&w, me->issued - r->clock_base);
    pf_jw_raw(&w, "}", 1);
    return pf_proto_end(&w);
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
        bool bare = pf_skill_action_named(m, kind_probe); /* named without its number */
        if (bare || pf_skill_action_named(m, action))
            return pf_error_set(err, PF_E_BAD_ACTION,
                                "use a meter: a skill number is the meter's, never chosen (ask "
                                "{\"cmd\":\"meter\"}, then send \"%.40s\" with its stop time)",
                                bare ? action : "the action without its number");
        snprintf(name, n, "%s", action);
        return PF_E_OK;
    }
    int64_t now = r->env->now_ms(r->env->net);
    return pf_skill_meter_stop(&r->meter[seat], m, action, meter, now, name, n, err);
}
