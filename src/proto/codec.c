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

cJSON *pf__seat_list(uint32_t set)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < PF_MAX_SEATS; i++)
        if ((set & (1u << i)) && !pf__append(a, cJSON_CreateNumber(i)))
            return pf__discard(a);
    return a;
}

static cJSON *field_value(const pf_event *e, const pf_event_field *f)
{
    switch ((pf_field_type)f->type) {
    case PF_FIELD_INT:
        return cJSON_CreateNumber((double)f->v.i);
    case PF_FIELD_REAL:
        return cJSON_CreateNumber(f->v.r);
    case PF_FIELD_BOOL:
        return cJSON_CreateBool(f->v.i != 0);
    case PF_FIELD_STR:
        return cJSON_CreateString(f->v.s);
    case PF_FIELD_LIST:
        return cJSON_CreateStringArray(e->item + f->first, f->count);
    }
    return NULL;
}

cJSON *pf_proto_event(const pf_event *e, const pf_seat_names *names)
{
    char text[PF_EVENT_TEXT + PF_EVENT_SEATS * PF_SEAT_LABEL];
    pf_event_render(e, names, text, sizeof text);
    cJSON *o = cJSON_CreateObject(), *fields = NULL;
    bool ok = o && pf__add(o, "kind", cJSON_CreateString(e->kind)) &&
              pf__add(o, "text", cJSON_CreateString(text)) &&
              pf__add(o, "private", cJSON_CreateBool(e->to >= 0)) &&
              pf__add(o, "memory", cJSON_CreateBool(e->memory)) &&
              pf__add(o, "fields", fields = cJSON_CreateObject());
    for (int i = 0; ok && i < e->nfields; i++)
        ok = pf__add(fields, e->field[i].name, field_value(e, &e->field[i]));
    return ok ? o : pf__discard(o);
}

cJSON *pf_proto_events(const pf_events *ev, int seat, const pf_seat_names *names)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && ev && i < ev->n; i++)
        if (pf_event_visible(&ev->buf[i], seat) &&
            !pf__append(a, pf_proto_event(&ev->buf[i], names)))
            return pf__discard(a);
    return a;
}

bool pf_proto_error_fields(cJSON *error, const pf_error *err)
{
    for (int i = 0; i < err->nfields; i++)
        if (!pf__add(error, err->field[i].name, cJSON_CreateNumber((double)err->field[i].value)))
            return false;
    return true;
}

/* Every field but the events depends only on the public history: who
 * acted, when, and the action's name (our games announce every action in
 * their public events anyway; the secrecy test in tests/proto checks that
 * a seat's steps never differ between worlds it cannot tell apart). */
cJSON *pf_proto_step(const pf_table_step *st, int seat, const pf_seat_names *names)
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
         pf__add(o, "events", pf_proto_events(st->ev, seat, names));
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
