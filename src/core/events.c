/* events.c: the caller-owned event buffer. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "partyfood/game.h"

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
    snprintf(e->kind, sizeof e->kind, "%s", kind);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
}

bool pf_event_visible(const pf_event *e, int seat)
{
    return e->to < 0 || seat == PF_SEAT_GOD || e->to == seat;
}
