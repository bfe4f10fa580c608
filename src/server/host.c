/* host.c: the host's controls (host.h). Every change is stored first, then
 * every connection of the room hears it as a new sync push. */
#include <stdio.h>
#include <string.h>

#include <openssl/crypto.h>

#include "partyfood/json_print.h"
#include "partyfood/parse.h"
#include "server/host.h"
#include "server/room.h"

pf_err pf_host_new(pf_room *r, char *token, pf_error *err)
{
    pf_err e = pf_token_new(token, err);
    if (!e)
        pf_token_hash(token, r->host_hash);
    return e;
}

void pf_host_settings_save(const pf_room *r, cJSON *settings)
{
    char hex[2 * PF_TOKEN_HASH + 1];
    pf_hex_of(r->host_hash, PF_TOKEN_HASH, hex);
    cJSON_AddStringToObject(settings, "host_sha256", hex);
    cJSON_AddBoolToObject(settings, "locked", r->locked);
    cJSON_AddBoolToObject(settings, "chat_on", r->chat_on);
}

void pf_host_settings_load(pf_room *r, const cJSON *settings)
{
    const cJSON *hash = cJSON_GetObjectItemCaseSensitive(settings, "host_sha256");
    const cJSON *chat = cJSON_GetObjectItemCaseSensitive(settings, "chat_on");
    if (!cJSON_IsString(hash) || !pf_unhex(hash->valuestring, r->host_hash, PF_TOKEN_HASH))
        memset(r->host_hash, 0, sizeof r->host_hash); /* no host: no token matches */
    r->locked = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(settings, "locked"));
    r->chat_on = !cJSON_IsFalse(chat);
}

static bool is_host(const pf_room *r, const cJSON *token)
{
    static const unsigned char none[PF_TOKEN_HASH];
    unsigned char h[PF_TOKEN_HASH];
    if (!cJSON_IsString(token) || strlen(token->valuestring) != PF_TOKEN_HEX ||
        memcmp(r->host_hash, none, sizeof none) == 0)
        return false;
    pf_token_hash(token->valuestring, h);
    return CRYPTO_memcmp(h, r->host_hash, sizeof h) == 0;
}

static bool connected(const pf_room *r, int seat)
{
    for (const pf_conn *c = r->conns; c; c = c->next)
        if (c->seat == seat)
            return true;
    return false;
}

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

/* The seat's person leaves: the seat is free to join, the token dead, the
 * sockets closed. */
static pf_err remove_person(pf_room *r, const cJSON *req, pf_error *err)
{
    int seat;
    pf_err e = person_seat(r, req, &seat, err);
    if (e)
        return e;
    pf_place *p = &r->place[seat], was = *p;
    if (!p->taken)
        return pf_error_set(err, PF_E_BAD_SEAT, "seat %d has nobody to remove", seat + 1);
    *p = (pf_place){0};
    if ((e = pf_room_save(r, err))) {
        *p = was;
        return e;
    }
    memset(&r->meter[seat], 0, sizeof r->meter[seat]);
    for (pf_conn *c = r->conns, *next; c; c = next) {
        next = c->next;
        if (c->seat == seat)
            pf_server_close(c, PF_CLOSE_REMOVED, "removed by the host");
    }
    return PF_E_OK;
}

/* An empty or abandoned (nobody connected) person's seat goes to a bot. */
static pf_err give_to_bot(pf_room *r, const cJSON *req, pf_error *err)
{
    int seat;
    pf_err e = person_seat(r, req, &seat, err);
    if (e)
        return e;
    const cJSON *level = cJSON_GetObjectItemCaseSensitive(req, "level");
    const pf_bot_def *bot = cJSON_IsString(level) ? pf_bot_find(r->g, level->valuestring) : NULL;
    if (!bot) {
        char list[256];
        pf_bot_list(r->g, list, sizeof list);
        return pf_error_set(err, PF_E_UNKNOWN_BOT, "\"level\" must be one of: %s", list);
    }
    if (r->place[seat].taken && connected(r, seat))
        return pf_error_set(err, PF_E_BAD_SEAT,
                            "seat %d is played by someone connected: remove them first", seat + 1);
    pf_place was = r->place[seat];
    r->place[seat] = (pf_place){.bot = bot};
    if ((e = pf_room_seated(r, err)))
        r->place[seat] = was;
    return e;
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
    const char *d = cJSON_IsString(what) ? what->valuestring : "";
    pf_error err;
    pf_err e;
    if (!is_host(r, cJSON_GetObjectItemCaseSensitive(req, "host_token"))) {
        pf_server_log("refused", r, "reason=not_host");
        *status = 403;
        return pf_room_error(NULL, PF_E_NOT_HOST, "only the room's host (its host_token) may");
    }
    if (!strcmp(d, "lock") || !strcmp(d, "unlock"))
        e = set_flag(r, &r->locked, d[0] == 'l', &err);
    else if (!strcmp(d, "chat_off") || !strcmp(d, "chat_on"))
        e = set_flag(r, &r->chat_on, !strcmp(d, "chat_on"), &err);
    else if (!strcmp(d, "remove"))
        e = remove_person(r, req, &err);
    else if (!strcmp(d, "bot"))
        e = give_to_bot(r, req, &err);
    else
        e = pf_error_set(&err, PF_E_BAD_REQUEST,
                         "\"do\" must be lock, unlock, chat_off, chat_on, remove or bot");
    char detail[64];
    snprintf(detail, sizeof detail, "do=%.16s", d);
    if (e) {
        pf_server_log("refused", r, "reason=host");
        *status = e == PF_E_IO || e == PF_E_NO_MEMORY ? 500 : 400;
        return pf_room_error(NULL, e, err.msg);
    }
    pf_server_log("host", r, detail);
    for (pf_conn *c = r->conns; c; c = c->next)
        pf_room_sync(r, c);
    *status = 200;
    cJSON *o = pf_room_public(r, true);
    char *text = o ? pf_json_print(o) : NULL;
    cJSON_Delete(o);
    return text;
}
