/* log.h: the server's log (src/server/, a helper): one line on stdout per
 * room event or refusal, as key=value pairs, never a token; refusals are
 * counted by reason for /metrics too. */
#ifndef PF_SERVER_LOG_H
#define PF_SERVER_LOG_H

#include <stdio.h>

#include "server/metrics.h"

typedef struct pf_log {
    FILE *out;
    pf_metrics *metrics; /* counts the refusals; may be NULL */
} pf_log;

/* "partyfood serve: event=EVENT[ room=ROOM game=GAME][ DETAIL]": room and
 * game may be NULL, detail too (key=value pairs; a refusal's holds
 * reason=WHY). */
void pf_log_event(const pf_log *l, const char *event, const char *room, const char *game,
                  const char *detail);

#endif
