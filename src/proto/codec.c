/* codec.c: the protocol's messages for one seat (see proto.h), and the
 * checked JSON builders every answer uses. */
#include "codec.h"

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
             pf__add(o, "by_bot", cJSON_CreateBool(st->by_bot)) &&
             (!st->hint || pf__add(o, "hint", cJSON_CreateTrue()));
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
