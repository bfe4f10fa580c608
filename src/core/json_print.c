/* json_print.c: JSON text from a cJSON tree (json_print.h), into one
 * growing buffer. */
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/json_print.h"

typedef struct {
    char *p;
    size_t len, cap;
    bool failed;
} out;

static bool room_for(out *o, size_t n)
{
    if (o->failed)
        return false;
    if (o->len + n + 1 <= o->cap)
        return true;
    size_t cap = o->cap ? o->cap : 256;
    while (cap < o->len + n + 1)
        cap *= 2;
    char *p = realloc(o->p, cap);
    if (!p) {
        o->failed = true;
        return false;
    }
    o->p = p, o->cap = cap;
    return true;
}

static void put(out *o, const char *s, size_t n)
{
    if (room_for(o, n)) {
        memcpy(o->p + o->len, s, n);
        o->len += n;
    }
}

/* Whether b reads back as a, as cJSON judges it (within one DBL_EPSILON). */
static bool same_double(double a, double b)
{
    double most = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return fabs(a - b) <= most * DBL_EPSILON;
}

/* Whole numbers under 10^15 as digits, which is what cJSON's "%1.15g"
 * makes of them; others as cJSON prints them (15 significant
 * digits when they read back the same, else 17). */
static void number(out *o, double d)
{
    char buf[32];
    if (isnan(d) || isinf(d)) {
        put(o, "null", 4);
        return;
    }
    if (d == floor(d) && fabs(d) < 1e15) {
        long long v = (long long)d;
        unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
        char *e = buf + sizeof buf, *s = e;
        do
            *--s = (char)('0' + u % 10);
        while (u /= 10);
        if (signbit(d)) /* -0 too, as "%1.15g" prints it */
            *--s = '-';
        put(o, s, (size_t)(e - s));
        return;
    }
    int n = snprintf(buf, sizeof buf, "%1.15g", d);
    if (!same_double(strtod(buf, NULL), d))
        n = snprintf(buf, sizeof buf, "%1.17g", d);
    char point = localeconv()->decimal_point[0];
    for (int i = 0; i < n; i++)
        if (buf[i] == point)
            buf[i] = '.';
    put(o, buf, (size_t)n);
}

/* A string escaped as cJSON escapes it: the quote, the backslash and the
 * control characters; everything else, UTF-8 included, as it is. */
static void string(out *o, const char *s)
{
    put(o, "\"", 1);
    const char *run = s;
    for (; s && *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch >= 32 && ch != '"' && ch != '\\')
            continue;
        put(o, run, (size_t)(s - run));
        run = s + 1;
        char esc[8];
        switch (ch) {
        case '"': put(o, "\\\"", 2); break;
        case '\\': put(o, "\\\\", 2); break;
        case '\b': put(o, "\\b", 2); break;
        case '\f': put(o, "\\f", 2); break;
        case '\n': put(o, "\\n", 2); break;
        case '\r': put(o, "\\r", 2); break;
        case '\t': put(o, "\\t", 2); break;
        default:
            snprintf(esc, sizeof esc, "\\u%04x", ch);
            put(o, esc, 6);
        }
    }
    if (run)
        put(o, run, (size_t)(s - run));
    put(o, "\"", 1);
}

static void value(out *o, const cJSON *v)
{
    const cJSON *c;
    switch (v->type & 0xFF) {
    case cJSON_False: put(o, "false", 5); break;
    case cJSON_True: put(o, "true", 4); break;
    case cJSON_NULL: put(o, "null", 4); break;
    case cJSON_Number: number(o, v->valuedouble); break;
    case cJSON_String: string(o, v->valuestring); break;
    case cJSON_Raw:
        if (v->valuestring)
            put(o, v->valuestring, strlen(v->valuestring));
        else
            o->failed = true;
        break;
    case cJSON_Array:
        put(o, "[", 1);
        for (c = v->child; c; c = c->next) {
            value(o, c);
            if (c->next)
                put(o, ",", 1);
        }
        put(o, "]", 1);
        break;
    case cJSON_Object:
        put(o, "{", 1);
        for (c = v->child; c; c = c->next) {
            string(o, c->string);
            put(o, ":", 1);
            value(o, c);
            if (c->next)
                put(o, ",", 1);
        }
        put(o, "}", 1);
        break;
    default: o->failed = true;
    }
}

bool pf_json_print_append(const cJSON *item, char **buf, size_t *len, size_t *cap)
{
    out o = {*buf, *len, *cap, !item};
    if (item)
        value(&o, item);
    *buf = o.p, *cap = o.cap; /* it may have moved, even when it failed */
    if (o.failed)
        return false;
    *len = o.len;
    return true;
}

char *pf_json_print(const cJSON *item)
{
    char *p = NULL;
    size_t len = 0, cap = 0;
    if (pf_json_print_append(item, &p, &len, &cap)) {
        p[len] = '\0'; /* every write left room for it */
        return p;
    }
    free(p);
    return NULL;
}
