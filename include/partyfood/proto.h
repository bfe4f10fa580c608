/* proto.h: the protocol's messages for one seat (the codec, src/proto/).
 *
 * A server calls pf_proto_step from a table's step hook once per connected
 * seat and sends each seat its own message; the engine session puts the
 * same messages in its answers' "steps". Shapes: docs/protocol.md. */
#ifndef PARTYFOOD_PROTO_H
#define PARTYFOOD_PROTO_H

#include <cjson/cJSON.h>

#include "partyfood/table.h"

/* The events of ev that seat may see, as [{"kind","text","private"}]
 * (seat -1: the public ones). NULL when memory ran out. */
cJSON *pf_proto_events(const pf_events *ev, int seat);

/* One applied step as seat may see it:
 *   {"step": i, "seat": who, "action": name, "t": ms, "events": [...]}
 * (the setup: step -1, seat -1, no action; an undo: {"undo": i, "seat":
 * who, "t": ms}). NULL when memory ran out. */
cJSON *pf_proto_step(const pf_table_step *st, int seat);

/* seat's legal actions now, by name, as the "legal" command lists them
 * (empty when it may not act). NULL when memory ran out. */
cJSON *pf_proto_legal(const pf_table *t, int seat);

/* ---- answers: every answer of the protocol is built here, the engine's
 * and a server's alike ---- */

/* A new answer to req: {"id": req's id} when it has one (req may be NULL
 * or not an object). NULL when memory ran out. */
cJSON *pf_proto_answer(const cJSON *req);
/* The error answer {"id","ok":false,"error":{"code","message"}} (msg NULL:
 * the code's own message), printed; NULL when memory ran out. */
char *pf_proto_error(const cJSON *req, pf_err e, const char *msg);
/* {"id","ok":true}, printed; NULL when memory ran out. */
char *pf_proto_ok(const cJSON *req);
/* Prints an answer with "ok": true last, and deletes it; NULL when memory
 * ran out. */
char *pf_proto_done(cJSON *out);

/* What a step played for a request tells its seat: "step", "action" (the
 * name it was played as), "t" and "events" (the seat's; owned). False when
 * memory ran out. */
bool pf_proto_played(cJSON *out, int step, const char *action, int64_t t_ms, cJSON *events);
/* The progress after a request that changed the game: "to_act" (nobody
 * once it is over), "over", "results" (null until over) and
 * "step_count". False when memory ran out. */
bool pf_proto_progress(cJSON *out, const pf_table *t);

#endif
