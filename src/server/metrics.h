/* metrics.h: what `GET /metrics` tells an operator, in Prometheus' text
 * format (src/server/, a helper). The counters are the loop's own (one
 * thread). */
#ifndef PF_SERVER_METRICS_H
#define PF_SERVER_METRICS_H

#include <stdbool.h>

typedef struct pf_metrics pf_metrics;

/* New counters at zero (NULL when memory ran out). */
pf_metrics *pf_metrics_new(void);
void pf_metrics_free(pf_metrics *m);
/* A group commit took seconds; actions steps were made durable by it. */
void pf_metrics_commit(pf_metrics *m, double seconds, int actions, bool failed);
/* A refusal (the log's reason=...). */
void pf_metrics_refusal(pf_metrics *m, const char *reason);
/* A connection opened (+1) or closed (-1). */
void pf_metrics_connection(pf_metrics *m, int delta);
/* A room was let go while idle, or expired before it started. */
void pf_metrics_unloaded(pf_metrics *m);
void pf_metrics_expired(pf_metrics *m);

/* The gauges the server counts when asked. */
typedef struct pf_metrics_rooms {
    int waiting;  /* not started */
    int playing;  /* started, the game on, its table in memory */
    int over;     /* finished, still in memory */
    int idle;     /* started, its table let go (kept for its connections) */
    int thinking; /* bot searches waiting or running */
    int committing; /* rooms with changes waiting for or in the group commit */
} pf_metrics_rooms;

/* The whole page (newly allocated; NULL when memory ran out). */
char *pf_metrics_text(const pf_metrics *m, const pf_metrics_rooms *rooms);

#endif
