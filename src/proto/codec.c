/* codec.c: the protocol's messages for one seat (see proto.h), and the
 * checked JSON builders every answer uses. */
#include "codec.h"

#include "partyfood/json_print.h"
#include "partyfood/parse.h"
#include "partyfood/proto.h"

#define ECHO_BYTES 40 /* of client text quoted in an error message */

pf_err pf__no_memory(pf_error *err)
{
    return pf_error_set(err, PF_E_NO_MEMORY, NULL);
}

int pf__echo_len(const char *s)
{
    return (int)pf_utf8_prefix(s, ECHO_BYTES);
}

bool pf__add(cJSON *obj, const char *key, cJSON *item)
{
    if (item && cJSON_AddItemToObjectCS(obj, key, item))
        return true;
    cJSON_Delete(item);
    return false;
}

bool pf__append(cJSON *arr, cJSON *item)
{
    if (item && cJSON_AddItemToArray(arr, item))
        return true;
    cJSON_Delete(item);
    return false;
}

cJSON *pf__discard(cJSON *item)
{
    cJSON_Delete(item);
    return NULL;
}

static cJSON *event_object(const pf_event *e)
{
    cJSON *o = cJSON_CreateObject();
    if (o && pf__add(o, "kind", cJSON_CreateString(e->kind)) &&
        pf__add(o, "text", cJSON_CreateString(e->text)) &&
        pf__add(o, "private", cJSON_CreateBool(e->to >= 0)))
        return o;
    return pf__discard(o);
}

cJSON *pf_proto_events(const pf_events *ev, int seat)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && ev && i < ev->n; i++)
        if (pf_event_visible(&ev->buf[i], seat) && !pf__append(a, event_object(&ev->buf[i])))
            return pf__discard(a);
    return a;
}

/* Every field but the events depends only on the public history: who
 * acted, when, and the action's name (our games announce every action in
 * their public events anyway; the secrecy test in tests/proto checks that
 * a seat's steps never differ between worlds it cannot tell apart). */
cJSON *pf_proto_step(const pf_table_step *st, int seat)
{
    cJSON *o = cJSON_CreateObject();
    bool ok = o != NULL;
    if (st->change == PF_TABLE_UNDO)
        return ok && pf__add(o, "undo", cJSON_CreateNumber(st->step)) &&
                       pf__add(o, "seat", cJSON_CreateNumber(st->seat)) &&
                       pf__add(o, "t", cJSON_CreateNumber((double)st->t_ms))
                   ? o
                   : pf__discard(o);
    ok = ok && pf__add(o, "step", cJSON_CreateNumber(st->step)) &&
         pf__add(o, "seat", cJSON_CreateNumber(st->seat));
    if (ok && st->change == PF_TABLE_STEP)
        ok = pf__add(o, "action", cJSON_CreateString(st->name)) &&
             pf__add(o, "by_bot", cJSON_CreateBool(st->by_bot));
    ok = ok && pf__add(o, "t", cJSON_CreateNumber((double)st->t_ms)) &&
         pf__add(o, "events", pf_proto_events(st->ev, seat));
    return ok ? o : pf__discard(o);
}

cJSON *pf_proto_legal(const pf_table *t, int seat)
{
    const pf_match *m = pf_table_match(t);
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
    return a;
}

/* ---- answers ------------------------------------------------------------------ */

cJSON *pf_proto_answer(const cJSON *req)
{
    cJSON *out = cJSON_CreateObject();
    const cJSON *id = cJSON_IsObject(req) ? cJSON_GetObjectItemCaseSensitive(req, "id") : NULL;
    if (out && id && !pf__add(out, "id", cJSON_Duplicate(id, true)))
        return pf__discard(out);
    return out;
}

char *pf_proto_done(cJSON *out)
{
    char *text = out && pf__add(out, "ok", cJSON_CreateTrue()) ? pf_json_print(out) : NULL;
    cJSON_Delete(out);
    return text;
}

char *pf_proto_ok(const cJSON *req)
{
    return pf_proto_done(pf_proto_answer(req));
}

char *pf_proto_error(const cJSON *req, pf_err e, const char *msg)
{
    /* Messages may quote client text cut by other layers: keep them
     * printable UTF-8 whatever they quote. */
    char clean[sizeof ((pf_error *)0)->msg];
    pf_text_printable(msg ? msg : pf_strerror(e), clean, sizeof clean);
    cJSON *out = pf_proto_answer(req), *eo = NULL;
    char *text = NULL;
    if (out && pf__add(out, "ok", cJSON_CreateFalse()) &&
        pf__add(out, "error", eo = cJSON_CreateObject()) &&
        pf__add(eo, "code", cJSON_CreateString(pf_err_code(e))) &&
        pf__add(eo, "message", cJSON_CreateString(clean)))
        text = pf_json_print(out);
    cJSON_Delete(out);
    return text;
}

bool pf_proto_played(cJSON *out, int step, const char *action, int64_t t_ms, cJSON *events)
{
    return pf__add(out, "step", cJSON_CreateNumber(step)) &&
           pf__add(out, "action", cJSON_CreateString(action)) &&
           pf__add(out, "t", cJSON_CreateNumber((double)t_ms)) && pf__add(out, "events", events);
}

static cJSON *seat_list(uint32_t set)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < PF_MAX_SEATS; i++)
        if ((set & (1u << i)) && !pf__append(a, cJSON_CreateNumber(i)))
            return pf__discard(a);
    return a;
}

bool pf_proto_progress(cJSON *out, const pf_table *t)
{
    const pf_match *m = pf_table_match(t);
    double results[PF_MAX_SEATS];
    bool over = pf_match_over(m, results);
    return pf__add(out, "to_act", seat_list(over ? 0 : m->game->to_act(m->state))) &&
           pf__add(out, "over", cJSON_CreateBool(over)) &&
           pf__add(out, "results",
                   over ? cJSON_CreateDoubleArray(results, m->seats) : cJSON_CreateNull()) &&
           pf__add(out, "step_count", cJSON_CreateNumber(m->nsteps));
}
