/* log.c: the server's log lines (log.h). */
#include <string.h>

#include "server/log.h"

void pf_log_event(const pf_log *l, const char *event, const char *room, const char *game,
                  const char *detail)
{
    const char *reason = detail ? strstr(detail, "reason=") : NULL;
    if (strcmp(event, "refused") == 0 && l->metrics)
        pf_metrics_refusal(l->metrics, reason ? reason + 7 : "other");
    if (!l->out)
        return;
    fprintf(l->out, "partyfood serve: event=%s", event);
    if (room)
        fprintf(l->out, " room=%s game=%s", room, game);
    fprintf(l->out, "%s%s\n", detail ? " " : "", detail ? detail : "");
    fflush(l->out);
}
