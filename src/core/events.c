/* events.c: the caller-owned event buffer, the facts events carry, and
 * their texts read with seats' names. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* Events speak of seats in the third person ("seat 1 has too many dice");
 * a seat named "you" (the default name of the person) takes the second
 * person: the verb that follows (after an optional "now") and "'s"; when
 * "you" opens the event, also the verbs after " and " and "their". */
static const char *const second_person[][2] = {
    {"has", "have"},       {"is", "are"},           {"was", "were"},       {"'s", "r"},
    {"tosses", "toss"},    {"rolls", "roll"},       {"stacks", "stack"},   {"takes", "take"},
    {"wins", "win"},       {"answers", "answer"},   {"picks", "pick"},     {"draws", "draw"},
    {"starts", "start"},   {"asks", "ask"},         {"guesses", "guess"},  {"passes", "pass"},
    {"gets", "get"},       {"offers", "offer"},     {"gives", "give"},     {"keeps", "keep"},
    {"declines", "decline"}, {"throws", "throw"},   {"chooses", "choose"}, {"scores", "score"},
    {"moves", "move"},     {"loses", "lose"},       {"drops", "drop"},     {"topples", "topple"},
    {"holds", "hold"},     {"flips", "flip"},       {"swaps", "swap"},     {"reaches", "reach"},
    {"lands", "land"},     {"eats", "eat"},         {"does", "do"},        {"goes", "go"},
    {"puts", "put"},       {"grabs", "grab"},       {"sends", "send"},     {"fills", "fill"},
    {"hands", "hand"},     {"looks", "look"},       {"uses", "use"},       {"stops", "stop"},
    {"shows", "show"},     {"shares", "share"},     {"needs", "need"},
};

size_t pf_you_verb(const char *s, char *buf, size_t *w, size_t n)
{
    size_t skip = strncmp(s, " now", 4) == 0 && (s[4] == ' ' || s[4] == '\0') ? 4 : 0;
    const char *word = s + skip + (s[skip] == ' ' ? 1 : 0);
    if (strncmp(s, "'s", 2) == 0)
        word = s, skip = 0;
    size_t len = strcspn(word, " ,.:;!)");
    for (size_t i = 0; i < sizeof second_person / sizeof second_person[0]; i++)
        if (strlen(second_person[i][0]) == len && strncmp(word, second_person[i][0], len) == 0) {
            int k = snprintf(buf + *w, n - *w, "%.*s%s", (int)(word - s), s,
                             second_person[i][1]);
            *w += k > 0 ? (size_t)k : 0;
            if (*w >= n)
                *w = n - 1;
            return (size_t)(word - s) + len;
        }
    return 0;
}

/* The seat e names at text offset at, or -1. */
static int seat_at(const pf_event *e, size_t at, size_t *len)
{
    for (int k = 0; k < e->nseats; k++)
        if (e->seats[k].at == at) {
            *len = e->seats[k].len;
            return e->seats[k].seat;
        }
    return -1;
}

char *pf_event_render(const pf_event *e, const pf_seat_names *names, char *buf, size_t n)
{
    if (n == 0)
        return buf;
    const char *text = e->text, *s = text;
    size_t w = 0;
    bool you_subject = false;
    while (*s && w + 1 < n) {
        if (you_subject && strncmp(s, " and ", 5) == 0 && w + 5 < n) {
            size_t at = w; /* " and", then the verb in the second person */
            w += (size_t)snprintf(buf + w, n - w, " and");
            size_t used = pf_you_verb(s + 4, buf, &w, n);
            if (used) {
                s += 4 + used;
                continue;
            }
            w = at;
            buf[w] = '\0';
        }
        if (you_subject && strncmp(s, "their ", 6) == 0 && s > text && s[-1] == ' ') {
            w += (size_t)snprintf(buf + w, n - w, "your ");
            if (w >= n)
                w = n - 1;
            s += 6;
            continue;
        }
        size_t len;
        int seat = seat_at(e, (size_t)(s - text), &len);
        if (names && seat >= 0 && seat < PF_MAX_SEATS && names->name[seat][0]) {
            const char *name = names->name[seat];
            bool opens = s == text, you = strcasecmp(name, "you") == 0;
            w += (size_t)snprintf(buf + w, n - w, "%s", you && !opens ? "you" : name);
            if (w >= n)
                w = n - 1;
            s += len;
            if (you) {
                s += pf_you_verb(s, buf, &w, n);
                you_subject = opens;
            }
            continue;
        }
        buf[w++] = *s++;
    }
    buf[w] = '\0';
    if (*s || w + 1 >= n) /* cut: never half a character */
        buf[pf_utf8_prefix(buf, w)] = '\0';
    return buf;
}
