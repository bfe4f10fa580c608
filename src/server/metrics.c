/* metrics.c: the server's counters and the /metrics page (metrics.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/metrics.h"

/* The commit latency histogram's upper bounds, in seconds. */
static const double bounds[] = {0.0005, 0.001, 0.0025, 0.005, 0.01,
                                0.025,  0.05,  0.1,    0.25,  1};
#define NBOUNDS (sizeof bounds / sizeof *bounds)
#define REASONS 32

struct pf_metrics {
    unsigned long long commits, failed, actions, buckets[NBOUNDS], unloaded, expired;
    double commit_sum;
    long connections;
    int nreasons;
    char reason[REASONS][24];
    unsigned long long refusals[REASONS];
};

pf_metrics *pf_metrics_new(void)
{
    return calloc(1, sizeof(pf_metrics));
}

void pf_metrics_free(pf_metrics *m)
{
    free(m);
}

void pf_metrics_commit(pf_metrics *m, double seconds, int actions, bool failed)
{
    m->commits++;
    m->failed += failed;
    m->actions += (unsigned long long)actions;
    m->commit_sum += seconds;
    for (size_t i = 0; i < NBOUNDS; i++)
        if (seconds <= bounds[i])
            m->buckets[i]++;
}

void pf_metrics_refusal(pf_metrics *m, const char *reason)
{
    char name[sizeof m->reason[0]];
    size_t n = 0;
    /* a label value of lower-case letters and '_' only, cut at the first other */
    while (reason[n] && n < sizeof name - 1 &&
           ((reason[n] >= 'a' && reason[n] <= 'z') || reason[n] == '_'))
        n++;
    memcpy(name, reason, n);
    name[n] = '\0';
    for (int i = 0; i < m->nreasons; i++)
        if (strcmp(m->reason[i], name) == 0) {
            m->refusals[i]++;
            return;
        }
    int i = m->nreasons < REASONS ? m->nreasons++ : REASONS - 1;
    if (i == REASONS - 1)
        snprintf(name, sizeof name, "other");
    snprintf(m->reason[i], sizeof m->reason[i], "%s", name);
    m->refusals[i]++;
}

void pf_metrics_connection(pf_metrics *m, int delta)
{
    m->connections += delta;
}

void pf_metrics_unloaded(pf_metrics *m)
{
    m->unloaded++;
}

void pf_metrics_expired(pf_metrics *m)
{
    m->expired++;
}

/* Appends to a growing text; false when memory ran out. */
typedef struct text {
    char *s;
    size_t len, cap;
} text;

static bool add(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool add(text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = t->s ? vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap) : -1;
        va_end(ap);
        if (n >= 0 && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return true;
        }
        size_t cap = t->cap ? 2 * t->cap : 4096;
        char *s = realloc(t->s, cap);
        if (!s)
            return false;
        t->s = s, t->cap = cap;
    }
}

char *pf_metrics_text(const pf_metrics *m, const pf_metrics_rooms *r)
{
    text t = {0};
    bool ok =
        add(&t, "# HELP partyfood_rooms Rooms in memory, by state.\n"
                "# TYPE partyfood_rooms gauge\n"
                "partyfood_rooms{state=\"waiting\"} %d\npartyfood_rooms{state=\"playing\"} %d\n"
                "partyfood_rooms{state=\"over\"} %d\npartyfood_rooms{state=\"idle\"} %d\n",
            r->waiting, r->playing, r->over, r->idle) &&
        add(&t, "# HELP partyfood_connections Open WebSocket connections.\n"
                "# TYPE partyfood_connections gauge\npartyfood_connections %ld\n",
            m->connections) &&
        add(&t, "# HELP partyfood_bot_searches Bot searches waiting or running.\n"
                "# TYPE partyfood_bot_searches gauge\npartyfood_bot_searches %d\n",
            r->thinking) &&
        add(&t, "# HELP partyfood_rooms_committing Rooms with changes waiting for the group commit "
                "or in it.\n"
                "# TYPE partyfood_rooms_committing gauge\npartyfood_rooms_committing %d\n",
            r->committing) &&
        add(&t, "# HELP partyfood_actions_total Steps made durable.\n"
                "# TYPE partyfood_actions_total counter\npartyfood_actions_total %llu\n",
            m->actions) &&
        add(&t, "# HELP partyfood_commit_failures_total Group commits that failed.\n"
                "# TYPE partyfood_commit_failures_total counter\n"
                "partyfood_commit_failures_total %llu\n",
            m->failed) &&
        add(&t, "# HELP partyfood_rooms_unloaded_total Idle rooms let go from memory.\n"
                "# TYPE partyfood_rooms_unloaded_total counter\n"
                "partyfood_rooms_unloaded_total %llu\n"
                "# HELP partyfood_rooms_expired_total Rooms that expired before they started.\n"
                "# TYPE partyfood_rooms_expired_total counter\n"
                "partyfood_rooms_expired_total %llu\n",
            m->unloaded, m->expired) &&
        add(&t, "# HELP partyfood_commit_seconds Time of one group commit (one transaction).\n"
                "# TYPE partyfood_commit_seconds histogram\n");
    for (size_t i = 0; ok && i < NBOUNDS; i++)
        ok = add(&t, "partyfood_commit_seconds_bucket{le=\"%g\"} %llu\n", bounds[i],
                 m->buckets[i]);
    ok = ok && add(&t,
                   "partyfood_commit_seconds_bucket{le=\"+Inf\"} %llu\n"
                   "partyfood_commit_seconds_sum %.6f\npartyfood_commit_seconds_count %llu\n",
                   m->commits, m->commit_sum, m->commits) &&
         add(&t, "# HELP partyfood_refusals_total Requests refused, by reason.\n"
                 "# TYPE partyfood_refusals_total counter\n");
    for (int i = 0; ok && i < m->nreasons; i++)
        ok = add(&t, "partyfood_refusals_total{reason=\"%s\"} %llu\n", m->reason[i],
                 m->refusals[i]);
    if (!ok) {
        free(t.s);
        return NULL;
    }
    return t.s;
}
