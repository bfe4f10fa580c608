/* json_write.c: JSON text into one growing buffer (json_write.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/json_print.h"
#include "partyfood/json_write.h"

void pf_jw_init(pf_jw *w, size_t head)
{
    *w = (pf_jw){.head = head, .len = head};
}

void pf_jw_free(pf_jw *w)
{
    free(w->buf);
    pf_jw_init(w, w->head);
}

void pf_jw_reset(pf_jw *w)
{
    w->len = w->head;
    w->failed = false;
}

/* Room for n more bytes and a NUL; false once memory ran out. */
static bool room_for(pf_jw *w, size_t n)
{
    if (w->failed)
        return false;
    if (w->len + n + 1 <= w->cap)
        return true;
    size_t cap = w->cap ? w->cap : 256 + w->head;
    while (cap < w->len + n + 1)
        cap *= 2;
    char *b = realloc(w->buf, cap);
    if (!b) {
        w->failed = true;
        return false;
    }
    w->buf = b, w->cap = cap;
    return true;
}

void pf_jw_raw(pf_jw *w, const char *s, size_t n)
{
    if (room_for(w, n)) {
        memcpy(w->buf + w->len, s, n);
        w->len += n;
    }
}

void pf_jw_lit(pf_jw *w, const char *s)
{
    pf_jw_raw(w, s, strlen(s));
}

/* True unless the text ends where a first member or item goes. */
static bool comma_due(const pf_jw *w)
{
    char last = w->len > w->head && w->buf ? w->buf[w->len - 1] : '{';
    return last != '{' && last != '[' && last != ':' && last != ',';
}

void pf_jw_comma(pf_jw *w)
{
    if (comma_due(w))
        pf_jw_raw(w, ",", 1);
}

/* The control characters cJSON writes by name. */
static const char named[] = "b\bf\fn\nr\rt\t";

/* True for the bytes a string holds as they are: not a control character
 * (NUL included), a quote or a backslash. */
static bool plain(unsigned char ch)
{
    return ch >= 32 && ch != '"' && ch != '\\';
}

/* s as a string, byte by byte: the escapes cJSON writes. */
static void escaped(pf_jw *w, const char *s)
{
    pf_jw_raw(w, "\"", 1);
    const char *run = s;
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (plain(ch))
            continue;
        pf_jw_raw(w, run, (size_t)(s - run));
        run = s + 1;
        const char *name = ch >= 32 ? NULL : memchr(named + 1, ch, sizeof named - 2);
        char esc[8] = {'\\', (char)ch};
        size_t n = 2;
        if (name)
            esc[1] = name[-1];
        else if (ch < 32) {
            static const char hex[] = "0123456789abcdef";
            memcpy(esc + 1, "u00", 3);
            esc[4] = hex[ch >> 4], esc[5] = hex[ch & 15];
            n = 6;
        }
        pf_jw_raw(w, esc, n);
    }
    pf_jw_raw(w, run, (size_t)(s - run));
    pf_jw_raw(w, "\"", 1);
}

/* s as a string, after a comma where one is due when `comma`, and followed
 * by `after` unless it is NUL; a string with nothing to escape (every key
 * and word of a view) in one piece, its room made once. */
static void string(pf_jw *w, const char *s, bool comma, char after)
{
    size_t len = 0;
    while (plain((unsigned char)s[len]))
        len++;
    if (s[len] == '\0' && room_for(w, len + 4)) {
        char *at = w->buf + w->len;
        if (comma && comma_due(w))
            *at++ = ',';
        *at++ = '"';
        memcpy(at, s, len);
        at += len;
        *at++ = '"';
        if (after)
            *at++ = after;
        w->len = (size_t)(at - w->buf);
        return;
    }
    if (comma)
        pf_jw_comma(w);
    escaped(w, s);
    if (after)
        pf_jw_raw(w, &after, 1);
}

void pf_jw_str(pf_jw *w, const char *s)
{
    string(w, s, false, '\0');
}

void pf_jw_key(pf_jw *w, const char *key)
{
    string(w, key, true, ':');
}

void pf_jw_int(pf_jw *w, int64_t v)
{
    char buf[24], *e = buf + sizeof buf, *p = e;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--p = '-';
    pf_jw_raw(w, p, (size_t)(e - p));
}

void pf_jw_bool(pf_jw *w, bool b)
{
    pf_jw_lit(w, b ? "true" : "false");
}

void pf_jw_null(pf_jw *w)
{
    pf_jw_raw(w, "null", 4);
}

void pf_jw_num(pf_jw *w, double d)
{
    if (d == floor(d) && fabs(d) < 1e15 && !(d == 0 && signbit(d))) {
        pf_jw_int(w, (int64_t)d);
        return;
    }
    cJSON n = {.type = cJSON_Number, .valuedouble = d}; /* on the stack: printed, never freed */
    pf_jw_item(w, &n);
}

void pf_jw_key_str(pf_jw *w, const char *key, const char *s)
{
    pf_jw_key(w, key);
    pf_jw_str(w, s);
}

void pf_jw_key_int(pf_jw *w, const char *key, int64_t v)
{
    pf_jw_key(w, key);
    pf_jw_int(w, v);
}

void pf_jw_key_bool(pf_jw *w, const char *key, bool b)
{
    pf_jw_key(w, key);
    pf_jw_bool(w, b);
}

void pf_jw_key_null(pf_jw *w, const char *key)
{
    pf_jw_key(w, key);
    pf_jw_null(w);
}

void pf_jw_key_bits(pf_jw *w, const char *key, uint32_t bits, int n)
{
    pf_jw_key(w, key);
    pf_jw_raw(w, "[", 1);
    for (int i = 0; i < n; i++)
        if (bits >> i & 1) {
            pf_jw_comma(w);
            pf_jw_int(w, i);
        }
    pf_jw_raw(w, "]", 1);
}

void pf_jw_item(pf_jw *w, const cJSON *item)
{
    if (!w->failed && !pf_json_print_append(item, &w->buf, &w->len, &w->cap))
        w->failed = true;
}

const char *pf_jw_text(pf_jw *w)
{
    if (!room_for(w, 0))
        return NULL;
    w->buf[w->len] = '\0';
    return w->buf + w->head;
}

size_t pf_jw_size(const pf_jw *w)
{
    return w->len - w->head;
}

char *pf_jw_take(pf_jw *w)
{
    char *text = NULL;
    if (pf_jw_text(w)) {
        memmove(w->buf, w->buf + w->head, pf_jw_size(w) + 1);
        text = w->buf;
    } else
        free(w->buf);
    pf_jw_init(w, w->head);
    return text;
}
