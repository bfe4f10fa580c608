/* push.c: the parts of a room's pushes made of its table (see push.h). */
#include "partyfood/push.h"

#include "codec.h"
#include "partyfood/proto.h"

bool pf_push_progress(cJSON *o, const pf_table *t, int64_t clock)
{
    const pf_match *m = pf_table_match(t);
    double results[PF_MAX_SEATS];
    bool over = pf_match_over(m, results);
    int64_t deadline = pf_table_deadline(t);
    return pf__add(o, "to_act", pf__seat_list(over ? 0 : m->game->to_act(m->state))) &&
           pf__add(o, "over", cJSON_CreateBool(over)) &&
           pf__add(o, "results", over ? cJSON_CreateDoubleArray(results, m->seats)
                                      : cJSON_CreateNull()) &&
           pf__add(o, "step_count", cJSON_CreateNumber(m->nsteps)) &&
           pf__add(o, "clock", cJSON_CreateNumber((double)clock)) &&
           (deadline < 0 || pf__add(o, "deadline", cJSON_CreateNumber((double)deadline)));
}

cJSON *pf_push_log(const pf_table *t, int seat, int step, const pf_seat_names *names)
{
    int n;
    const pf_table_event *ev = pf_table_log(t, &n);
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++) {
        if (!pf_event_visible(&ev[i].ev, seat) || (step >= -1 && ev[i].step != step))
            continue;
        cJSON *o = pf_proto_event(&ev[i].ev, names);
        if (!pf__append(a, o) || (step < -1 && !pf__add(o, "step", cJSON_CreateNumber(ev[i].step))))
            a = pf__discard(a);
    }
    return a;
}

/* The seat's view and legal actions now (a spectator: the public view, []). */
static bool add_view_legal(cJSON *o, const pf_table *t, int seat)
{
    const pf_match *m = pf_table_match(t);
    return pf__add(o, "view", pf_state_view(m->game, m->state, seat)) &&
           pf__add(o, "legal", seat >= 0 ? pf_proto_legal(t, seat) : cJSON_CreateArray());
}

bool pf_push_sync_game(cJSON *o, const pf_table *t, int seat, int64_t clock,
                       const pf_seat_names *names)
{
    return pf_push_progress(o, t, clock) && add_view_legal(o, t, seat) &&
           pf__add(o, "log", pf_push_log(t, seat, -2, names));
}

cJSON *pf_push_steps(cJSON *steps, const pf_table *t, int seat, int64_t clock)
{
    cJSON *o = cJSON_CreateObject();
    if (!o || !pf__add(o, "push", cJSON_CreateString("steps"))) {
        cJSON_Delete(steps);
        return pf__discard(o);
    }
    if (pf__add(o, "steps", steps) && add_view_legal(o, t, seat) && pf_push_progress(o, t, clock))
        return o;
    return pf__discard(o);
}
