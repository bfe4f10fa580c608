/* parse.c: strict numbers and UTF-8 (see parse.h). */
#include "partyfood/parse.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

bool pf_parse_int(const char *s, long long lo, long long hi, long long *out)
{
    if (!s || !*s || !(*s == '-' || *s == '+' || (*s >= '0' && *s <= '9')))
        return false;
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (*end || errno || x < lo || x > hi)
        return false;
    *out = x;
    return true;
}

bool pf_parse_real(const char *s, double lo, double hi, double *out)
{
    if (!s || !*s || !(*s == '-' || *s == '+' || *s == '.' || (*s >= '0' && *s <= '9')))
        return false;
    char *end;
    errno = 0;
    double x = strtod(s, &end);
    if (*end || errno || !isfinite(x) || x < lo || x > hi)
        return false;
    *out = x;
    return true;
}

bool pf_json_int(const cJSON *item, long long lo, long long hi, long long *out)
{
    if (!cJSON_IsNumber(item))
        return false;
    double d = item->valuedouble;
    /* Compare as doubles first: no cast happens until d is known in range. */
    if (!isfinite(d) || d != floor(d) || d < (double)lo || d > (double)hi)
        return false;
    *out = (long long)d;
    return true;
}

/* The length of the UTF-8 character at s (of at most n bytes), 0 if invalid. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned min;
    if (c < 0x80)
        return c ? 1 : 0;
    if (c >= 0xc2 && c <= 0xdf)
        len = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4, min = 0x10000;
    else
        return 0;
    if (len > n)
        return 0;
    unsigned cp = c & (0x3f >> (len - 1));
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

bool pf_utf8_valid(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_char(u + i, n - i);
        if (!k)
            return false;
        i += k;
    }
    return true;
}

size_t pf_utf8_prefix(const char *s, size_t max)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s), i = 0;
    while (i < n) {
        size_t k = utf8_char(u + i, n - i);
        if (!k)
            k = 1; /* an invalid byte counts as one, never joins a cut */
        if (i + k > max)
            break;
        i += k;
    }
    return i;
}

char *pf_text_printable(const char *s, char *out, size_t cap)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s), i = 0, o = 0;
    if (cap == 0)
        return out;
    while (i < n) {
        size_t k = utf8_char(u + i, n - i);
        bool ok = k > 0 && !(k == 1 && (u[i] < 0x20 || u[i] == 0x7f)) &&
                  !(k == 2 && u[i] == 0xc2 && u[i + 1] < 0xa0); /* C1 controls */
        size_t put = ok ? k : 1;
        if (o + put >= cap)
            break;
        if (ok)
            memcpy(out + o, u + i, k);
        else
            out[o] = '?';
        o += put;
        i += k ? k : 1;
    }
    out[o] = '\0';
    return out;
}
