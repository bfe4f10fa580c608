/* host.c: the host's controls (host.h). Every change is stored first, then
 * every connection of the room hears it as a new sync push. */
#include <stdio.h>
#include <string.h>

#include "partyfood/parse.h"
#include "partyfood/proto.h"
#include "server/host.h"

/* The person's seat an action names ("seat"), checked. */
static pf_err person_seat(const pf_room *r, const cJSON *req, int *seat, pf_error *err)
{
    long long n;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, "seat");
    if (!v || !pf_json_int(v, 0, r->n - 1, &n))
        return pf_error_set(err, PF_E_BAD_SEAT, "\"seat\" must be a seat of the room, 0 to %d",
                            r->n - 1);
    if (r->place[n].bot)
        return pf_error_set(err, PF_E_BAD_SEAT, "seat %lld is a bot's", n + 1);
    if (r->table && pf_table_over(r->table, NULL))
        return pf_error_set(err, PF_E_GAME_OVER, "the game is over: its seats stay as they were");
    *seat = (int)n;
    return PF_E_OK;
}

/* An empty or abandoned (nobody connected) person's seat goes to a bot. */
static pf_err give_to_bot(pf_room *r, const cJSON *req, int seat, pf_error *err)
{
    const cJSON *level = cJSON_GetObjectItemCaseSensitive(req, "level");
    const pf_bot_def *bot = cJSON_IsString(level) ? pf_bot_find(r->g, level->valuestring) : NULL;
    if (!bot) {
        char list[256];
        pf_bot_list(r->g, list, sizeof list);
        return pf_error_set(err, PF_E_UNKNOWN_BOT, "\"level\" must be one of: %s", list);
    }
    return pf_room_give_bot(r, seat, bot, err);
}

static pf_err set_flag(pf_room *r, bool *flag, bool on, pf_error *err)
{
    bool was = *flag;
    *flag = on;
    pf_err e = pf_room_save(r, err);
    if (e)
        *flag = was;
    return e;
}

char *pf_host_request(pf_room *r, const cJSON *req, unsigned *status)
{
    const cJSON *what = cJSON_GetObjectItemCaseSensitive(req, "do");
    const cJSON *token = cJSON_GetObjectItemCaseSensitive(req, "host_token");
    const char *d = cJSON_IsString(what) ? what->valuestring : "";
    pf_error err;
    pf_err e;
    int seat;
    if (!cJSON_IsString(token) || !pf_token_is(token->valuestring, r->host_hash)) {
        pf_room_log(r, "refused", "reason=not_host");
        *status = 403;
        return pf_proto_error(NULL, PF_E_NOT_HOST, "only the room's host (its host_token) may");
    }
    if (!strcmp(d, "lock") || !strcmp(d, "unlock"))
        e = set_flag(r, &r->locked, d[0] == 'l', &err);
    else if (!strcmp(d, "chat_off") || !strcmp(d, "chat_on"))
        e = set_flag(r, &r->chat_on, !strcmp(d, "chat_on"), &err);
    else if (!strcmp(d, "hints_off") || !strcmp(d, "hints_on"))
        e = set_flag(r, &r->hints_on, !strcmp(d, "hints_on"), &err);
    else if (!strcmp(d, "remove"))
        e = person_seat(r, req, &seat, &err) ||
                pf_room_remove(r, seat, PF_CLOSE_REMOVED, "removed by the host", &err)
                ? err.code
                : PF_E_OK;
    else if (!strcmp(d, "bot"))
        e = person_seat(r, req, &seat, &err) || give_to_bot(r, req, seat, &err) ? err.code
                                                                               : PF_E_OK;
    else
        e = pf_error_set(&err, PF_E_BAD_REQUEST,
                         "\"do\" must be lock, unlock, chat_off, chat_on, hints_off, hints_on, "
                         "remove or bot");
    if (e) {
        pf_room_log(r, "refused", "reason=host");
        *status = e == PF_E_IO || e == PF_E_NO_MEMORY ? 500 : 400;
        return pf_proto_error(NULL, e, err.msg);
    }
    char detail[64];
    snprintf(detail, sizeof detail, "do=%.16s", d);
    pf_room_log(r, "host", detail);
    pf_room_sync_all(r);
    pf_jw w;
    pf_jw_init(&w, 0);
    *status = 200;
    if (!pf_room_write_public(r, &w, true, NULL)) {
        pf_jw_free(&w);
        *status = 500;
        return pf_proto_error(NULL, PF_E_IO, "the room cannot be read from storage now");
    }
    return pf_jw_take(&w);
}
