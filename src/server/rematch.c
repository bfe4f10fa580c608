/* rematch.c: a rematch (rematch.h). The new room is created like any room,
 * from a create request rebuilt from the old one (its game, options and
 * settings, its bots in their seats), then each person's place is taken
 * for them with a new token, the host keeps its token, and the game starts
 * at once when every place is taken (it is shuffled again, C-1, unless the
 * order was fixed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/host.h"
#include "server/rematch.h"
#include "server/room.h"

struct pf_rematch {
    char code[PF_ROOM_CODE_LEN + 1];
    char token[PF_MAX_SEATS][PF_TOKEN_HEX + 1]; /* "" for a bot's seat or a free one */
};

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
    cJSON_AddBoolToObject(o, "spectators", r->spectators);
    cJSON_AddBoolToObject(o, "fixed_order", r->fixed_order);
    cJSON_AddBoolToObject(o, "memory_aid", r->memory_aid);
    return o;
}

/* Makes the new room; its code and tokens into rm. */
static pf_room *make(pf_room *old, pf_rematch *rm, pf_error *err)
{
    char host_token[PF_TOKEN_HEX + 1];
    cJSON *req = like(old);
    if (!req || !pf_server_new_code(rm->code)) {
        cJSON_Delete(req);
        pf_error_set(err, req ? PF_E_IO : PF_E_NO_MEMORY, req ? "no free room code" : NULL);
        return NULL;
    }
    pf_room *r = pf_room_create(old->store, rm->code, req, host_token, err);
    cJSON_Delete(req);
    if (!r)
        return NULL;
    memcpy(r->host_hash, old->host_hash, sizeof r->host_hash);
    r->locked = old->locked;
    r->chat_on = old->chat_on;
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
    pf_server_add_room(r);
    return r;
}

/* Tells seat's connections their place; when seat < 0, every person's,
 * and the spectators where the table plays again (they watch it there). */
static void tell(pf_room *old, int seat)
{
    for (pf_conn *c = old->conns; c; c = c->next) {
        char frame[128];
        if (c->seat < 0 && seat < 0)
            snprintf(frame, sizeof frame, "{\"push\":\"rematch\",\"room\":\"%s\"}",
                     old->rematch->code);
        else if (c->seat >= 0 && (seat < 0 || c->seat == seat) && old->rematch->token[c->seat][0])
            snprintf(frame, sizeof frame,
                     "{\"push\":\"rematch\",\"room\":\"%s\",\"token\":\"%s\"}",
                     old->rematch->code, old->rematch->token[c->seat]);
        else
            continue;
        pf_server_send(c, frame);
    }
}

char *pf_rematch_request(pf_room *r, pf_conn *c, const cJSON *req)
{
    pf_error err;
    if (c->seat < 0)
        return pf_room_error(req, PF_E_NOT_YOUR_SEAT, "a spectator may only watch");
    if (!r->table || !pf_table_over(r->table, NULL))
        return pf_room_error(req, PF_E_BAD_REQUEST, "a rematch is for a game that is over");
    bool first = !r->rematch;
    if (first) {
        if (!(r->rematch = calloc(1, sizeof *r->rematch)))
            return pf_room_error(req, PF_E_NO_MEMORY, NULL);
        pf_room *nr = make(r, r->rematch, &err);
        if (!nr) {
            pf_rematch_free(r);
            return pf_room_error(req, err.code, err.msg);
        }
        char detail[32];
        snprintf(detail, sizeof detail, "rematch=%s", nr->code);
        pf_server_log("rematch", r, detail);
    }
    tell(r, first ? -1 : c->seat);
    return pf_room_ok(req);
}

const char *pf_rematch_code(const pf_room *r)
{
    return r->rematch ? r->rematch->code : NULL;
}

void pf_rematch_free(pf_room *r)
{
    free(r->rematch);
    r->rematch = NULL;
}
