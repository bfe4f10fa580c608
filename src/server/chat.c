/* chat.c: a room's chat (chat.h). A room allocates its chat with the first
 * message, so a room nobody talks in costs nothing. Each message is stored
 * before anyone sees it, like a step. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/json_print.h"
#include "partyfood/parse.h"
#include "server/chat.h"
#include "server/limits.h"
#include "server/room.h"

/* A number of the limits as text, for the messages. */
#define PF_STR_(x) #x
#define PF_STR(x) PF_STR_(x)

typedef struct chat_line {
    int seat;
    char name[PF_SEAT_NAME_MAX + 1];
    char *text;
    int64_t t_ms;
} chat_line;

struct pf_chat {
    chat_line line[PF_CHAT_KEEP]; /* a ring: the oldest at (next - n) */
    int n, next;
    int64_t total; /* messages ever, the next one's index */
    pf_bucket rate[PF_MAX_SEATS];
};

static pf_chat *chat_of(pf_room *r)
{
    if (!r->chat)
        r->chat = calloc(1, sizeof *r->chat);
    return r->chat;
}

/* Keeps a message in the ring (text copied); false when memory ran out. */
static bool keep(pf_chat *ch, int seat, const char *name, const char *text, int64_t t_ms)
{
    char *copy = strdup(text);
    if (!copy)
        return false;
    chat_line *l = &ch->line[ch->next];
    free(l->text);
    *l = (chat_line){.seat = seat, .text = copy, .t_ms = t_ms};
    snprintf(l->name, sizeof l->name, "%s", name);
    ch->next = (ch->next + 1) % PF_CHAT_KEEP;
    if (ch->n < PF_CHAT_KEEP)
        ch->n++;
    return true;
}

/* A message as the sync's list holds it, or as a push. */
static cJSON *line_json(const chat_line *l, bool push)
{
    cJSON *o = cJSON_CreateObject();
    if (o && push)
        cJSON_AddStringToObject(o, "push", "chat");
    if (o) {
        cJSON_AddNumberToObject(o, "seat", l->seat);
        cJSON_AddStringToObject(o, "name", l->name);
        cJSON_AddStringToObject(o, "text", l->text);
        cJSON_AddNumberToObject(o, "t", (double)l->t_ms);
    }
    return o;
}

void pf_chat_sync(const pf_room *r, cJSON *sync)
{
    cJSON *a = cJSON_AddArrayToObject(sync, "chat");
    const pf_chat *ch = r->chat;
    for (int i = 0; a && ch && i < ch->n; i++)
        cJSON_AddItemToArray(
            a, line_json(&ch->line[(ch->next - ch->n + i + PF_CHAT_KEEP) % PF_CHAT_KEEP], false));
    cJSON_AddBoolToObject(sync, "chat_on", r->chat_on);
}

/* The text trimmed of blanks at both ends (start and length in *from and
 * *len); an error message when it is not a chat message's. */
static const char *check_text(const char *s, size_t *from, size_t *len)
{
    size_t a = 0, b = strlen(s);
    while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\n' || s[a] == '\r'))
        a++;
    while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\n' || s[b - 1] == '\r'))
        b--;
    if (a == b)
        return "a chat message needs some text";
    if (!pf_utf8_valid(s + a, b - a))
        return "a chat message must be UTF-8 text";
    size_t chars = 0;
    for (size_t i = a; i < b; i++) {
        unsigned char ch = (unsigned char)s[i];
        /* C0 controls, DEL, and C1 controls (U+0080..U+009F: C2 80..9F) */
        if (ch < 0x20 || ch == 0x7f ||
            (ch == 0xc2 && (unsigned char)s[i + 1] >= 0x80 && (unsigned char)s[i + 1] <= 0x9f))
            return "a chat message may not hold control characters (line breaks included)";
        chars += (ch & 0xc0) != 0x80;
    }
    if (chars > PF_CHAT_MAX_CHARS)
        return "a chat message is at most " PF_STR(PF_CHAT_MAX_CHARS) " characters";
    *from = a, *len = b - a;
    return NULL;
}

/* Sends the message to everyone in the room, spectators included. */
static void tell(pf_room *r, const chat_line *l)
{
    cJSON *o = line_json(l, true);
    char *text = o ? pf_json_print(o) : NULL;
    cJSON_Delete(o);
    for (pf_conn *c = r->conns; text && c; c = c->next)
        pf_server_send(c, text);
    free(text);
}

char *pf_chat_request(pf_room *r, pf_conn *c, const cJSON *req)
{
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(req, "text");
    const char *why;
    size_t from, len;
    if (c->seat < 0)
        return pf_room_error(req, PF_E_NOT_YOUR_SEAT, "a spectator may read the chat, not write");
    if (!r->chat_on)
        return pf_room_error(req, PF_E_CHAT_OFF, "the host turned the chat off");
    if (!cJSON_IsString(text))
        return pf_room_error(req, PF_E_BAD_REQUEST, "\"chat\" needs \"text\" (a string)");
    if ((why = check_text(text->valuestring, &from, &len)))
        return pf_room_error(req, PF_E_BAD_REQUEST, why);
    pf_chat *ch = chat_of(r);
    if (!ch)
        return pf_room_error(req, PF_E_NO_MEMORY, NULL);
    if (!pf_bucket_take(&ch->rate[c->seat], 1.0 / PF_CHAT_EVERY_S, PF_CHAT_BURST,
                        pf_server_now_ms())) {
        pf_server_log("refused", r, "reason=chat_rate");
        return pf_room_error(
            req, PF_E_RATE_LIMITED,
            "at most " PF_STR(PF_CHAT_BURST) " chat messages at once, then one "
                                             "every " PF_STR(PF_CHAT_EVERY_S) " seconds");
    }
    char *body = strndup(text->valuestring + from, len);
    if (!body)
        return pf_room_error(req, PF_E_NO_MEMORY, NULL);
    pf_error err;
    pf_store_chat m = {.index = ch->total,
                       .seat = c->seat,
                       .name = r->place[c->seat].name,
                       .text = body,
                       .t_ms = r->table ? pf_server_now_ms() - r->clock_base : 0};
    pf_err e = pf_store_chat_put(r->store, r->code, &m, &err);
    if (!e && !keep(ch, m.seat, m.name, body, m.t_ms))
        e = pf_error_set(&err, PF_E_NO_MEMORY, NULL);
    free(body);
    if (e)
        return pf_room_error(req, e, err.msg);
    ch->total++;
    tell(r, &ch->line[(ch->next + PF_CHAT_KEEP - 1) % PF_CHAT_KEEP]);
    char detail[32];
    snprintf(detail, sizeof detail, "seat=%d", c->seat);
    pf_server_log("chat", r, detail);
    return pf_room_ok(req);
}

static void restored(void *arg, const pf_store_chat *m)
{
    pf_chat *ch = arg;
    if (keep(ch, m->seat, m->name, m->text, m->t_ms))
        ch->total = m->index + 1;
}

pf_err pf_chat_restore(pf_room *r, pf_error *err)
{
    pf_chat *ch = chat_of(r);
    if (!ch)
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    pf_err e = pf_store_chat_of(r->store, r->code, PF_CHAT_KEEP, restored, ch, err);
    if (!e && ch->total == 0) { /* nothing said: no chat kept */
        free(ch);
        r->chat = NULL;
    }
    return e;
}

void pf_chat_free(pf_room *r)
{
    for (int i = 0; r->chat && i < PF_CHAT_KEEP; i++)
        free(r->chat->line[i].text);
    free(r->chat);
    r->chat = NULL;
}
