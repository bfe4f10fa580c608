/* text.c: the bounded string builder (text.h). */
#include <stdarg.h>
#include <stdio.h>

#include "partyfood/text.h"

/* The length of buf[0..n) without a last UTF-8 character that vsnprintf
 * cut short (its lead byte announces more bytes than are left). */
static size_t whole_characters(const char *buf, size_t n)
{
    const unsigned char *u = (const unsigned char *)buf;
    size_t i = n;
    while (i > 0 && n - i < 3 && (u[i - 1] & 0xc0) == 0x80)
        i--; /* back over continuation bytes to the lead byte */
    if (i == 0 || u[i - 1] < 0xc0)
        return n; /* ASCII or stray continuation bytes: nothing split */
    size_t need = u[i - 1] >= 0xf0 ? 4 : u[i - 1] >= 0xe0 ? 3 : 2;
    return n - (i - 1) < need ? i - 1 : n;
}

void pf_text_init(pf_text *t, char *buf, size_t cap)
{
    *t = (pf_text){buf, cap, 0, false};
    if (cap)
        buf[0] = '\0';
}

void pf_text_put(pf_text *t, const char *fmt, ...)
{
    if (t->cut || t->cap == 0) {
        t->cut = true;
        return;
    }
    size_t room = t->cap - t->len;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(t->buf + t->len, room, fmt, ap);
    va_end(ap);
    if (k < 0) { /* an encoding error: nothing sensible to keep */
        t->buf[t->len] = '\0';
        t->cut = true;
        return;
    }
    if ((size_t)k < room) {
        t->len += (size_t)k;
        return;
    }
    t->len = whole_characters(t->buf, t->len + room - 1);
    t->buf[t->len] = '\0';
    t->cut = true;
}
