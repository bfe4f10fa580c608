/* events.c: the caller-owned event buffer, the facts events carry, and
 * their texts read with seats' names. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/game.h"
#include "partyfood/parse.h"

#define MARK_SEAT '\x1d'     /* PF_SEAT */
#define MARK_SEAT_CAP '\x1e' /* PF_SEAT_CAP */

/* Copies the formatted text into e, each seat marker made "seat N" (from 1)
 * and remembered where it stands. */
static void put_text(pf_event *e, const char *s)
{
    size_t w = 0;
    e->nseats = 0;
    while (*s && w + 1 < sizeof e->text) {
        if (*s != MARK_SEAT && *s != MARK_SEAT_CAP) {
            e->text[w++] = *s++;
            continue;
        }
        char *end;
        long seat = strtol(s + 1, &end, 10);
        int k = snprintf(e->text + w, sizeof e->text - w, "%ceat %ld",
                         *s == MARK_SEAT ? 's' : 'S', seat + 1);
        if (k < 0 || (size_t)k >= sizeof e->text - w)
            break; /* no half a name */
        if (e->nseats < PF_EVENT_SEATS)
            e->seats[e->nseats++] = (pf_event_seat){(uint8_t)w, (uint8_t)k, (int8_t)seat};
        w += (size_t)k;
        s = end;
    }
    e->text[w] = '\0';
}

/* The name in parentheses: game.h's macro of the same name skips NULL buffers. */
void(pf_events_add)(pf_events *ev, int to, const char *kind, const char *fmt, ...)
{
    if (!ev || !ev->buf)
        return;
    if (ev->n >= ev->cap) {
        ev->dropped++;
        return;
    }
    pf_event *e = &ev->buf[ev->n++];
    e->to = (int8_t)to;
    e->memory = false;
    e->nfields = e->nitems = 0;
    snprintf(e->kind, sizeof e->kind, "%s", kind);
    char text[2 * PF_EVENT_TEXT];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    put_text(e, text);
}

/* The event just added, or NULL when there is none to add facts to. Once
 * the buffer is full every add is dropped, so a drop is the last add. */
static pf_event *last(pf_events *ev)
{
    if (!ev || !ev->buf || ev->n == 0 || (ev->dropped && ev->n == ev->cap))
        return NULL;
    return &ev->buf[ev->n - 1];
}

static pf_event_field *new_field(pf_events *ev, const char *name, pf_field_type type)
{
    pf_event *e = last(ev);
    if (!e)
        return NULL;
    assert(e->nfields < PF_EVENT_FIELDS);
    pf_event_field *f = &e->field[e->nfields++];
    *f = (pf_event_field){.name = name, .type = (uint8_t)type};
    return f;
}

void(pf_events_int)(pf_events *ev, const char *name, int64_t v)
{
    pf_event_field *f = new_field(ev, name, PF_FIELD_INT);
    if (f)
        f->v.i = v;
}

void(pf_events_real)(pf_events *ev, const char *name, double v)
{
    pf_event_field *f = new_field(ev, name, PF_FIELD_REAL);
    if (f)
        f->v.r = v;
}

void(pf_events_bool)(pf_events *ev, const char *name, bool v)
{
    pf_event_field *f = new_field(ev, name, PF_FIELD_BOOL);
    if (f)
        f->v.i = v;
}

void(pf_events_str)(pf_events *ev, const char *name, const char *v)
{
    pf_event_field *f = new_field(ev, name, PF_FIELD_STR);
    if (f)
        f->v.s = v;
}

void(pf_events_list)(pf_events *ev, const char *name, const char *const *v, int n)
{
    pf_event_field *f = new_field(ev, name, PF_FIELD_LIST);
    if (!f)
        return;
    pf_event *e = last(ev);
    assert(n >= 0 && e->nitems + n <= PF_EVENT_ITEMS);
    f->first = e->nitems;
    f->count = (uint8_t)n;
    for (int i = 0; i < n; i++)
        e->item[e->nitems++] = v[i];
}

void(pf_events_memory)(pf_events *ev)
{
    pf_event *e = last(ev);
    if (e)
        e->memory = true;
}

const pf_event_field *pf_event_find(const pf_event *e, const char *name)
{
    for (int i = 0; i < e->nfields; i++)
        if (strcmp(e->field[i].name, name) == 0)
            return &e->field[i];
    return NULL;
}

bool pf_event_visible(const pf_event *e, int seat)
{
    return e->to < 0 || seat == PF_SEAT_GOD || e->to == seat;
}

char *pf_event_render(const pf_event *e, const pf_seat_names *names, char *buf, size_t n)
{
    size_t w = 0, r = 0;
    for (int k = 0; k <= e->nseats && w < n; k++) {
        /* the text up to the k-th seat (or its end), then that seat's name */
        size_t upto = k < e->nseats ? e->seats[k].at : strlen(e->text);
        size_t len = upto - r;
        const char *name = NULL;
        if (k < e->nseats && names && e->seats[k].seat >= 0 && e->seats[k].seat < PF_MAX_SEATS &&
            names->name[e->seats[k].seat][0])
            name = names->name[e->seats[k].seat];
        int m = snprintf(buf + w, n - w, "%.*s%s", (int)len, e->text + r,
                         name ? name : "");
        w += m > 0 ? (size_t)m : 0;
        r = upto;
        if (k < e->nseats && name)
            r += e->seats[k].len; /* the name instead of "seat N" */
    }
    if (w >= n && n > 0) /* cut: never half a character */
        buf[pf_utf8_prefix(buf, n - 1)] = '\0';
    return buf;
}
