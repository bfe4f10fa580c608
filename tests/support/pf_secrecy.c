/* pf_secrecy.c: the secrecy property (C-3, "fair play").
 *
 * What a seat receives must not depend on what it may not know. From a
 * state s and a seat p, a second world s2 is drawn that agrees with
 * everything p knows (resample, or resample_forgetful where a view must
 * carry no memory) but has other hidden content and, through a reseeded
 * generator, another future. Both worlds then play the same actions, and
 * after each step p must receive the same messages in both: its view, the
 * text of its view, its events, its legal actions by name, the refusals of
 * a few actions off that list (code and text), who is to act, whether the
 * game is over and its results, and, when it may act, the hint it would be
 * shown (the medium bot's plan and the reason for it).
 *
 * A step whose events for p differ ends the comparison: the step revealed
 * an outcome to p (a draw, a flip, a peek), publicly or privately, and from
 * there the worlds may rightly look different. Up to that step every
 * message must match, and the first message, right after the split, always
 * is compared. The actions are the first world's, by name; the comparison
 * also ends when an action is not legal in the second world (the acting
 * seat's options depend on what it holds).
 *
 * A second kind of second world starts from another seed: when the setup
 * shows the seat the same events, nothing it receives may differ, so a
 * view carrying anything derived from the seed (Paku Paku's old "salt")
 * fails even when resample keeps it. This needs the setup's events to tell
 * every outcome the seat sees (pf_state_init_events). */
#include <stdlib.h>
#include <string.h>

#include "partyfood/why.h"
#include "pf_test.h"

#define SECRECY_STEPS 32   /* steps compared after each split */
#define SECRECY_EVENTS 256
#define SECRECY_TEXT 16384

typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n < 0)
            return;
        if ((size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap * 2 + (size_t)n;
        t->s = realloc(t->s, t->cap);
    }
}

/* The plan a hint shows seat (the medium bot's move, its chance from the
 * seat's view) and the reason for it, into t. */
static void put_hint(text *t, const pf_game *g, const void *st, int seats, int seat, int64_t now)
{
    pf_bot_ctx c = {g, st, seats, 0, now, pf_plan_seed(g, st, seat, 0)};
    pf_action a;
    int64_t when;
    if (pf_bot_plan(&c, pf_bot_find(g, "medium"), seat, &a, &when) != PF_E_OK) {
        put(t, "hint: none\n");
        return;
    }
    put(t, "hint: %u at %lld\n", (unsigned)a, (long long)when);
    pf_why why;
    if (pf_bot_explain(&c, seat, a, &why)) {
        cJSON *j = pf_why_json(&why);
        char *text = cJSON_PrintUnformatted(j);
        put(t, "why: %s\n", text);
        free(text);
        cJSON_Delete(j);
    }
}

/* Everything seat receives about st between steps (at time now), as one
 * text. */
static char *messages(const pf_game *g, const void *st, int seats, int seat, int64_t now)
{
    text t = {malloc(4096), 0, 4096};
    t.s[0] = '\0';
    char *view = pf_test_view_text(g, st, seat);
    put(&t, "view: %s\n", view);
    free(view);
    char *picture = malloc(SECRECY_TEXT);
    g->render(st, seat, picture, SECRECY_TEXT);
    put(&t, "text:\n%s\n", picture);
    free(picture);
    put(&t, "to_act: %#x\n", (unsigned)g->to_act(st));
    double results[PF_MAX_SEATS];
    if (g->over(st, results)) {
        put(&t, "over, results:");
        for (int i = 0; i < seats; i++)
            put(&t, " %g", results[i]);
        put(&t, "\n");
    }
    if (seat >= 0) {
        pf_action legal[PF_MAX_LEGAL];
        int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
        put(&t, "legal:");
        for (int i = 0; i < n; i++) {
            char name[96];
            g->name(st, legal[i], name, sizeof name);
            put(&t, " [%s]", name);
        }
        put(&t, "\n");
        /* Refusals are messages too (C-3: no hidden information in an
         * error text): a few actions off the list, tried on a scratch copy. */
        static const pf_action probes[] = {0, 1, 2, 33, 0x10001, 0xffffffffu};
        void *scratch = malloc(g->state_size);
        for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
            bool listed = false;
            for (int k = 0; k < n; k++)
                listed |= legal[k] == probes[i];
            if (listed)
                continue;
            memcpy(scratch, st, g->state_size);
            pf_error err;
            pf_err e = pf_state_apply(g, scratch, seat, probes[i], now, NULL, &err);
            put(&t, "try %#x: %s %s", (unsigned)probes[i], pf_err_code(e),
                e == PF_E_OK ? "" : err.msg);
            for (int k = 0; e != PF_E_OK && k < err.nfields; k++)
                put(&t, " %s=%lld", err.field[k].name, err.field[k].value);
            put(&t, "\n");
        }
        free(scratch);
        /* A hint is a memory aid: where a seat's messages must carry no
         * memory (resample_forgetful), the second world forgets what a hint
         * may use, and hints are compared over worlds that remember instead
         * (tests/ai/test_hint.c; tests/proto/test_secrecy.c with the aid). */
        if ((g->to_act(st) >> seat & 1) && !g->resample_forgetful)
            put_hint(&t, g, st, seats, seat, now);
    }
    return t.s;
}

/* An event's facts (its fields, the seats its text names, the memory
 * mark), as text. */
static void put_facts(text *t, const pf_event *e)
{
    put(t, "  memory=%d seats:", e->memory);
    for (int k = 0; k < e->nseats; k++)
        put(t, " %d@%d", e->seats[k].seat, e->seats[k].at);
    for (int k = 0; k < e->nfields; k++) {
        const pf_event_field *f = &e->field[k];
        put(t, " %s=", f->name);
        if (f->type == PF_FIELD_INT || f->type == PF_FIELD_BOOL)
            put(t, "%lld", (long long)f->v.i);
        else if (f->type == PF_FIELD_REAL)
            put(t, "%.17g", f->v.r);
        else if (f->type == PF_FIELD_STR)
            put(t, "'%s'", f->v.s);
        else
            for (int j = 0; j < f->count; j++)
                put(t, "%s'%s'", j ? "," : "[", e->item[f->first + j]);
    }
    put(t, "\n");
}

/* The events of ev that seat receives, as one text: with their facts, or
 * only the sentences (kind and text). */
static char *events_text(const pf_events *ev, int seat, bool facts)
{
    text t = {malloc(1024), 0, 1024};
    t.s[0] = '\0';
    for (int i = 0; i < ev->n; i++)
        if (pf_event_visible(&ev->buf[i], seat)) {
            put(&t, "%s%s: %s\n", ev->buf[i].to >= 0 ? "(private) " : "", ev->buf[i].kind,
                ev->buf[i].text);
            if (facts)
                put_facts(&t, &ev->buf[i]);
        }
    return t.s;
}

/* True when the two texts are the same. */
static bool same_text(char *a, char *b)
{
    bool same = strcmp(a, b) == 0;
    free(a);
    free(b);
    return same;
}

/* Where a and b first differ, as a's text around that place, into out. */
static void first_difference(const char *a, const char *b, char *out, size_t n)
{
    size_t i = 0;
    while (a[i] && a[i] == b[i])
        i++;
    size_t from = i > 60 ? i - 60 : 0, len = strlen(a + from);
    snprintf(out, n, "...%.*s...", (int)(len < 120 ? len : 120), a + from);
}

/* Writes the leak into why; returns false. */
static bool leak(char *why, size_t n, const pf_game *g, int seat, int after, const char *a,
                 const char *b)
{
    char la[160], lb[160];
    first_difference(a, b, la, sizeof la);
    first_difference(b, a, lb, sizeof lb);
    snprintf(why, n, "%s: seat %d receives different messages in two worlds that agree on "
             "all it may know, %d step%s after they split; first difference:\n"
             "  world 1: %s\n  world 2: %s\n--- world 1\n%s\n--- world 2\n%s",
             g->id, seat, after, after == 1 ? "" : "s", la, lb, a, b);
    return false;
}

/* Plays the same actions in w1 and w2 (both freed here), comparing what
 * seat receives; false with why set at the first difference. */
static bool compare_worlds(const pf_game *g, void *w1, void *w2, int seats, int seat,
                           int64_t t, pf_rng *rng, pf_secrecy_stats *stats, char *why,
                           size_t n)
{
    stats->worlds++;
    bool ok = true;
    pf_event buf1[SECRECY_EVENTS], buf2[SECRECY_EVENTS];
    pf_action legal[PF_MAX_LEGAL];
    for (int step = 0; ok; step++) {
        char *m1 = messages(g, w1, seats, seat, t), *m2 = messages(g, w2, seats, seat, t);
        if (strcmp(m1, m2) != 0)
            ok = leak(why, n, g, seat, step, m1, m2);
        free(m1);
        free(m2);
        if (!ok || step == SECRECY_STEPS || g->over(w1, NULL))
            break;
        uint32_t set = g->to_act(w1);
        int k = (int)pf_rng_below(rng, (uint32_t)pf_seat_count(set));
        while (k--)
            set &= set - 1;
        int q = __builtin_ctz(set);
        int count = g->legal(w1, q, legal, PF_MAX_LEGAL);
        pf_action a1 = legal[pf_rng_below(rng, (uint32_t)count)], a2;
        char name[96];
        g->name(w1, a1, name, sizeof name);
        if (g->real_time)
            t += pf_rng_below(rng, 400);
        pf_events ev1 = {buf1, 0, SECRECY_EVENTS, 0}, ev2 = {buf2, 0, SECRECY_EVENTS, 0};
        if (g->parse(w2, name, &a2) != PF_E_OK ||
            pf_state_apply(g, w2, q, a2, t, &ev2, NULL) != PF_E_OK)
            break; /* not legal there: q's options differ, which p may not see */
        if (pf_state_apply(g, w1, q, a1, t, &ev1, NULL) != PF_E_OK)
            fail_msg("%s: legal action '%s' of seat %d refused", g->id, name, q);
        stats->steps++;
        if (!same_text(events_text(&ev1, seat, true), events_text(&ev2, seat, true))) {
            /* A reveal. Facts are the sentences' numbers, plus what the
             * view shows: when the sentences and all seat receives after
             * the step agree, facts that differ tell what it may not know. */
            if (same_text(events_text(&ev1, seat, false), events_text(&ev2, seat, false)) &&
                same_text(messages(g, w1, seats, seat, t), messages(g, w2, seats, seat, t))) {
                char *f1 = events_text(&ev1, seat, true), *f2 = events_text(&ev2, seat, true);
                ok = leak(why, n, g, seat, step + 1, f1, f2);
                free(f1);
                free(f2);
            }
            stats->revealed++;
            break;
        }
    }
    free(w1);
    free(w2);
    return ok;
}

bool pf_test_secrecy(const pf_game *g, const void *st, int seats, int64_t t, pf_rng *rng,
                     pf_secrecy_stats *stats, char *why, size_t n)
{
    for (int seat = PF_SEAT_SPECTATOR; seat < seats; seat++) {
        void *w1 = malloc(g->state_size), *w2 = malloc(g->state_size);
        memcpy(w1, st, g->state_size);
        memcpy(w2, st, g->state_size);
        pf_rng split;
        pf_rng_seed(&split, pf_rng_next(rng));
        (g->resample_forgetful ? g->resample_forgetful : g->resample)(w2, seat, &split);
        if (!compare_worlds(g, w1, w2, seats, seat, t, rng, stats, why, n))
            return false;
    }
    return true;
}

bool pf_test_secrecy_seeds(const pf_game *g, int seats, const pf_options *opt, uint64_t seed1,
                           uint64_t seed2, pf_rng *rng, pf_secrecy_stats *stats, char *why,
                           size_t n)
{
    void *s1 = malloc(g->state_size), *s2 = malloc(g->state_size);
    pf_event buf1[SECRECY_EVENTS], buf2[SECRECY_EVENTS];
    pf_events ev1 = {buf1, 0, SECRECY_EVENTS, 0}, ev2 = {buf2, 0, SECRECY_EVENTS, 0};
    if (pf_state_init_events(g, s1, seats, opt, seed1, &ev1, NULL) != PF_E_OK ||
        pf_state_init_events(g, s2, seats, opt, seed2, &ev2, NULL) != PF_E_OK)
        fail_msg("%s: init refused", g->id);
    bool ok = true;
    for (int seat = PF_SEAT_SPECTATOR; seat < seats && ok; seat++) {
        if (!same_text(events_text(&ev1, seat, true), events_text(&ev2, seat, true))) {
            stats->revealed++; /* the setup showed the seat another outcome */
            continue;
        }
        void *w1 = malloc(g->state_size), *w2 = malloc(g->state_size);
        memcpy(w1, s1, g->state_size);
        memcpy(w2, s2, g->state_size);
        ok = compare_worlds(g, w1, w2, seats, seat, 0, rng, stats, why, n);
    }
    free(s1);
    free(s2);
    return ok;
}
