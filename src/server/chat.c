/* chat.c: a room's chat (chat.h). Each message is stored before anyone
 * sees it, like a step. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/parse.h"
#include "partyfood/proto.h"
#include "server/chat.h"

/* A number of the limits as text, for the messages. */
#define PF_STR_(x) #x
#define PF_STR(x) PF_STR_(x)

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
static void tell(pf_room *r, const pf_store_chat *m)
{
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_jw_lit(&w, "{\"push\":\"chat\",\"seat\":");
    pf_jw_int(&w, m->seat);
    pf_jw_lit(&w, ",\"name\":");
    pf_jw_str(&w, m->name);
    pf_jw_lit(&w, ",\"text\":");
    pf_jw_str(&w, m->text);
    pf_jw_lit(&w, ",\"t\":");
    pf_jw_int(&w, m->t_ms);
    pf_jw_raw(&w, "}", 1);
    const char *text = pf_jw_text(&w);
    if (text)
        pf_room_send_all(r, text);
    pf_jw_free(&w);
}

char *pf_chat_request(pf_room *r, pf_member *m, const cJSON *req)
{
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(req, "text");
    const char *why;
    size_t from, len;
    if (!r->chat_on)
        return pf_proto_error(req, PF_E_CHAT_OFF, "the host turned the chat off");
    if (!cJSON_IsString(text))
        return pf_proto_error(req, PF_E_BAD_REQUEST, "\"chat\" needs \"text\" (a string)");
    if ((why = check_text(text->valuestring, &from, &len)))
        return pf_proto_error(req, PF_E_BAD_REQUEST, why);
    if (!pf_bucket_take(&r->chat_rate[m->seat], 1.0 / PF_CHAT_EVERY_S, PF_CHAT_BURST,
                        r->env->now_ms(r->env->net))) {
        pf_room_log(r, "refused", "reason=chat_rate");
        return pf_proto_error(
            req, PF_E_RATE_LIMITED,
            "at most " PF_STR(PF_CHAT_BURST) " chat messages at once, then one "
                                             "every " PF_STR(PF_CHAT_EVERY_S) " seconds");
    }
    char *body = strndup(text->valuestring + from, len);
    if (!body)
        return pf_proto_error(req, PF_E_NO_MEMORY, NULL);
    pf_error err;
    pf_store_chat c = {.index = r->chat_total,
                       .seat = m->seat,
                       .name = r->place[m->seat].name,
                       .text = body,
                       .t_ms = r->table ? pf_room_now(r) : 0};
    pf_err e = pf_store_chat_put(r->env->store, r->code, &c, &err);
    if (!e && !pf_room_chat_keep(r, c.seat, c.name, body, c.t_ms))
        e = pf_error_set(&err, PF_E_NO_MEMORY, NULL);
    if (!e) {
        r->chat_total++;
        tell(r, &c);
    }
    free(body);
    if (e)
        return pf_proto_error_of(req, &err);
    char detail[32];
    snprintf(detail, sizeof detail, "seat=%d", m->seat);
    pf_room_log(r, "chat", detail);
    return pf_proto_ok(req);
}
