/* rematch.c: a rematch (rematch.h). The new room is created like any room,
 * from a create request rebuilt from the old one (its game, options and
 * settings, its bots in their seats), then each person's place is taken
 * for them with a new token, the host keeps its token, and the game starts
 * at once when every place is taken (it is shuffled again, C-1, unless the
 * order was fixed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/proto.h"
#include "server/rematch.h"

/* The create request (POST /rooms) that makes a room like r. */
static cJSON *like(const pf_room *r)
{
    cJSON *o = cJSON_CreateObject(), *seats = cJSON_AddArrayToObject(o, "seats");
    cJSON_AddStringToObject(o, "game", r->g->id);
    for (int i = 0; seats && i < r->n; i++) {
        char kind[48] = "person";
        if (r->place[i].bot)
            snprintf(kind, sizeof kind, "bot:%s", r->place[i].bot->name);
        cJSON_AddItemToArray(seats, cJSON_CreateString(kind));
    }
    cJSON_AddItemToObject(o, "options", cJSON_Parse(r->options));
    cJSON_AddNumberToObject(o, "turn_seconds", (double)(r->turn_ms / 1000));
    cJSON_AddBoolToObject(o, "listed", r->listed);
    if (r->spectators || !r->watch_link)
        cJSON_AddBoolToObject(o, "spectators", r->spectators);
    else
        cJSON_AddStringToObject(o, "spectators", "link");
    cJSON_AddBoolToObject(o, "fixed_order", r->fixed_order);
    cJSON_AddBoolToObject(o, "memory_aid", r->memory_aid);
    return o;
}

/* Makes the new room; its code and tokens into rm. */
static pf_room *make(pf_room *old, pf_rematch *rm, pf_error *err)
{
    pf_room_keys keys;
    const pf_room_env *env = old->env;
    cJSON *req = like(old);
    if (!req || !env->new_code(env->reg, rm->code)) {
        cJSON_Delete(req);
        pf_error_set(err, req ? PF_E_IO : PF_E_NO_MEMORY, req ? "no free room code" : NULL);
        return NULL;
    }
    pf_room *r = pf_room_create(env, rm->code, req, &keys, err);
    cJSON_Delete(req);
    if (!r)
        return NULL;
    memcpy(r->host_hash, old->host_hash, sizeof r->host_hash);
    memcpy(rm->watch, keys.watch, sizeof rm->watch);
    r->locked = old->locked;
    r->chat_on = old->chat_on;
    r->hints_on = old->hints_on;
    pf_err e = PF_E_OK;
    for (int i = 0; !e && i < old->n; i++) {
        if (old->place[i].bot || !old->place[i].taken)
            continue;
        pf_place *p = &r->place[i];
        p->taken = true;
        snprintf(p->name, sizeof p->name, "%s", old->place[i].name);
        if (!(e = pf_token_new(rm->token[i], err)))
            pf_token_hash(rm->token[i], p->token_hash);
    }
    if (!e)
        e = pf_room_seated(r, err);
    if (e) {
        pf_room_destroy(r);
        return NULL;
    }
    env->adopt(env->reg, r);
    return r;
}

/* Tells seat's connections their place; when seat < 0, every person's,
 * and the spectators where the table plays again (they watch it there).
 * Everyone told has the new room's watch token when it has one: they were
 * all let in to watch the old one. */
static void tell(pf_room *old, int seat)
{
    const pf_rematch *rm = old->rematch;
    char watch[64] = "";
    if (rm->watch[0])
        snprintf(watch, sizeof watch, ",\"watch_token\":\"%s\"", rm->watch);
    for (pf_member *m = old->members; m; m = m->next) {
        char frame[192];
        if (m->seat < 0 && seat < 0)
            snprintf(frame, sizeof frame, "{\"push\":\"rematch\",\"room\":\"%s\"%s}", rm->code,
                     watch);
        else if (m->seat >= 0 && (seat < 0 || m->seat == seat) && rm->token[m->seat][0])
            snprintf(frame, sizeof frame,
                     "{\"push\":\"rematch\",\"room\":\"%s\",\"token\":\"%s\"%s}", rm->code,
                     rm->token[m->seat], watch);
        else
            continue;
        pf_room_answer(old, m, strdup(frame));
    }
}

char *pf_rematch_request(pf_room *r, pf_member *m, const cJSON *req)
{
    pf_error err;
    if (!pf_table_over(r->table, NULL))
        return pf_proto_error(req, PF_E_BAD_REQUEST, "a rematch is for a game that is over");
    bool first = !r->rematch;
    if (first) {
        if (!(r->rematch = calloc(1, sizeof *r->rematch)))
            return pf_proto_error(req, PF_E_NO_MEMORY, NULL);
        pf_room *nr = make(r, r->rematch, &err);
        if (!nr) {
            free(r->rematch);
            r->rematch = NULL;
            return pf_proto_error_of(req, &err);
        }
        char detail[32];
        snprintf(detail, sizeof detail, "rematch=%s", nr->code);
        pf_room_log(r, "rematch", detail);
    }
    tell(r, first ? -1 : m->seat);
    return pf_proto_ok(req);
}
