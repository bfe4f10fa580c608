/* codec.c: the protocol's messages (proto.h), written as JSON text
 * (json_write.h): every answer of the engine and of a server, and each
 * seat's step messages, come from here. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"

#include "partyfood/parse.h"
#include "partyfood/proto.h"
#include "partyfood/session.h"

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

/* ---- steps and events ---------------------------------------------------------- */

static void write_field(pf_jw *w, const pf_event *e, const pf_event_field *f)
{
    pf_jw_key(w, f->name);
    switch ((pf_field_type)f->type) {
    case PF_FIELD_INT:
        pf_jw_int(w, f->v.i);
        return;
    case PF_FIELD_REAL:
        pf_jw_num(w, f->v.r);
        return;
    case PF_FIELD_BOOL:
        pf_jw_bool(w, f->v.i != 0);
        return;
    case PF_FIELD_STR:
        pf_jw_str(w, f->v.s);
        return;
    case PF_FIELD_LIST:
        pf_jw_raw(w, "[", 1);
        for (int i = 0; i < f->count; i++) {
            pf_jw_comma(w);
            pf_jw_str(w, e->item[f->first + i]);
        }
        pf_jw_raw(w, "]", 1);
        return;
    }
}

void pf_proto_write_event(pf_jw *w, const pf_event *e, const pf_seat_names *names)
{
    char text[PF_EVENT_TEXT + PF_EVENT_SEATS * PF_SEAT_LABEL];
    pf_event_render(e, names, text, sizeof text);
    pf_jw_lit(w, "{\"kind\":");
    pf_jw_str(w, e->kind);
    pf_jw_lit(w, ",\"text\":");
    pf_jw_str(w, text);
    pf_jw_lit(w, e->to >= 0 ? ",\"private\":true" : ",\"private\":false");
    pf_jw_lit(w, e->memory ? ",\"memory\":true,\"fields\":{" : ",\"memory\":false,\"fields\":{");
    for (int i = 0; i < e->nfields; i++)
        write_field(w, e, &e->field[i]);
    pf_jw_lit(w, "}}");
}

void pf_proto_write_events(pf_jw *w, const pf_events *ev, int seat, const pf_seat_names *names)
{
    pf_jw_raw(w, "[", 1);
    for (int i = 0; ev && i < ev->n; i++)
        if (pf_event_visible(&ev->buf[i], seat)) {
            pf_jw_comma(w);
            pf_proto_write_event(w, &ev->buf[i], names);
        }
    pf_jw_raw(w, "]", 1);
}

cJSON *pf_proto_events(const pf_events *ev, int seat, const pf_seat_names *names)
{
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_proto_write_events(&w, ev, seat, names);
    const char *text = pf_jw_text(&w);
    cJSON *a = text ? cJSON_Parse(text) : NULL;
    pf_jw_free(&w);
    return a;
}

/* Every field but the events depends only on the public history: who
 * acted, when, and the action's name (our games announce every action in
 * their public events anyway; the secrecy test in tests/proto checks that
 * a seat's steps never differ between worlds it cannot tell apart). */
bool pf_proto_write_step_head(pf_jw *w, const pf_table_step *st)
{
    if (st->change == PF_TABLE_UNDO) {
        pf_jw_lit(w, "{\"undo\":");
        pf_jw_int(w, st->step);
        pf_jw_lit(w, ",\"seat\":");
        pf_jw_int(w, st->seat);
        pf_jw_lit(w, ",\"t\":");
        pf_jw_int(w, st->t_ms);
        pf_jw_raw(w, "}", 1);
        return false;
    }
    pf_jw_lit(w, "{\"step\":");
    pf_jw_int(w, st->step);
    pf_jw_lit(w, ",\"seat\":");
    pf_jw_int(w, st->seat);
    if (st->change == PF_TABLE_STEP) {
        pf_jw_lit(w, ",\"action\":");
        pf_jw_str(w, st->name);
        pf_jw_lit(w, st->by_bot ? ",\"by_bot\":true" : ",\"by_bot\":false");
        if (st->hint)
            pf_jw_lit(w, ",\"hint\":true");
    }
    pf_jw_lit(w, ",\"t\":");
    pf_jw_int(w, st->t_ms);
    pf_jw_lit(w, ",\"events\":[");
    return true;
}

void pf_proto_write_step_end(pf_jw *w)
{
    pf_jw_raw(w, "]}", 2);
}

void pf_proto_write_step(pf_jw *w, const pf_table_step *st, int seat,
                         const pf_seat_names *names)
{
    if (!pf_proto_write_step_head(w, st))
        return;
    for (int i = 0; st->ev && i < st->ev->n; i++)
        if (pf_event_visible(&st->ev->buf[i], seat)) {
            pf_jw_comma(w);
            pf_proto_write_event(w, &st->ev->buf[i], names);
        }
    pf_proto_write_step_end(w);
}

void pf_proto_write_legal(pf_jw *w, const pf_table *t, int seat)
{
    const pf_match *m = pf_table_match(t);
    const pf_game *g = m->game;
    pf_action legal[PF_MAX_LEGAL];
    int n = seat >= 0 ? g->legal(m->state, seat, legal, PF_MAX_LEGAL) : 0;
    pf_jw_raw(w, "[", 1);
    for (int i = 0; i < n; i++) {
        char name[96];
        g->name(m->state, legal[i], name, sizeof name);
        if (i)
            pf_jw_raw(w, ",", 1);
        pf_jw_str(w, name);
    }
    pf_jw_raw(w, "]", 1);
}

/* ---- answers ------------------------------------------------------------------ */

void pf_proto_write_seats(pf_jw *w, uint32_t set)
{
    pf_jw_raw(w, "[", 1);
    for (int i = 0; i < PF_MAX_SEATS; i++)
        if (set & (1u << i)) {
            pf_jw_comma(w);
            pf_jw_int(w, i);
        }
    pf_jw_raw(w, "]", 1);
}

void pf_proto_write_progress(pf_jw *w, const pf_table *t)
{
    const pf_match *m = pf_table_match(t);
    pf_jw_key(w, "to_act");
    pf_proto_write_seats(w, pf_match_over(m, NULL) ? 0 : m->game->to_act(m->state));
    pf_proto_write_result(w, m);
    pf_jw_key(w, "step_count");
    pf_jw_int(w, m->nsteps);
}

void pf_proto_write_result(pf_jw *w, const pf_match *m)
{
    double results[PF_MAX_SEATS];
    bool over = pf_match_over(m, results);
    pf_jw_key(w, "over");
    pf_jw_bool(w, over);
    pf_jw_key(w, "results");
    if (!over)
        pf_jw_lit(w, "null");
    for (int i = 0; over && i < m->seats; i++) {
        pf_jw_raw(w, i ? "," : "[", 1);
        pf_jw_num(w, results[i]);
    }
    if (over)
        pf_jw_raw(w, "]", 1);
}

void pf_proto_write_played(pf_jw *w, int step, const char *action, int64_t t_ms)
{
    pf_jw_key(w, "step");
    pf_jw_int(w, step);
    pf_jw_key(w, "action");
    pf_jw_str(w, action);
    pf_jw_key(w, "t");
    pf_jw_int(w, t_ms);
}

void pf_proto_begin(pf_jw *w, const cJSON *req)
{
    const cJSON *id = cJSON_IsObject(req) ? cJSON_GetObjectItemCaseSensitive(req, "id") : NULL;
    pf_jw_raw(w, "{", 1);
    if (id) {
        pf_jw_key(w, "id");
        pf_jw_item(w, id);
    }
}

char *pf_proto_end(pf_jw *w)
{
    pf_jw_key(w, "ok");
    pf_jw_lit(w, "true}");
    return pf_jw_take(w);
}

char *pf_proto_ok(const cJSON *req)
{
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_proto_begin(&w, req);
    return pf_proto_end(&w);
}

void pf_proto_write_error(pf_jw *w, const pf_error *err)
{
    /* Messages may quote client text cut by other layers: keep them
     * printable UTF-8 whatever they quote. */
    char clean[sizeof err->msg];
    pf_text_printable(err->msg[0] ? err->msg : pf_strerror(err->code), clean, sizeof clean);
    pf_jw_key(w, "ok");
    pf_jw_lit(w, "false,\"error\":{\"code\":");
    pf_jw_str(w, pf_err_code(err->code));
    pf_jw_lit(w, ",\"message\":");
    pf_jw_str(w, clean);
    for (int i = 0; i < err->nfields; i++) {
        pf_jw_key(w, err->field[i].name);
        pf_jw_int(w, err->field[i].value);
    }
    pf_jw_raw(w, "}", 1);
}

char *pf_proto_error_of(const cJSON *req, const pf_error *err)
{
    if (err->code == PF_E_NO_MEMORY) /* the fixed line, as when nothing can be built */
        return strdup(PF_ANSWER_NO_MEMORY);
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_proto_begin(&w, req);
    pf_proto_write_error(&w, err);
    pf_jw_raw(&w, "}", 1);
    return pf_jw_take(&w);
}

char *pf_proto_error(const cJSON *req, pf_err e, const char *msg)
{
    pf_error err;
    pf_error_set(&err, e, "%s", msg ? msg : "");
    return pf_proto_error_of(req, &err);
}
