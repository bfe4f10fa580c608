/* proto.h: the protocol's messages for one seat (the codec, src/proto/).
 *
 * A server calls pf_proto_step from a table's step hook once per connected
 * seat and sends each seat its own message; the engine session puts the
 * same messages in its answers' "steps". Shapes: docs/protocol.md. */
#ifndef PARTYFOOD_PROTO_H
#define PARTYFOOD_PROTO_H

#include <cjson/cJSON.h>

#include "partyfood/table.h"

/* One event as a seat receives it:
 *   {"kind", "text", "private", "memory", "fields": {...}}
 * its text read with names (NULL: "seat N", from 1; pf_event_render).
 * NULL when memory ran out. */
cJSON *pf_proto_event(const pf_event *e, const pf_seat_names *names);

/* The events of ev that seat may see, as an array of pf_proto_event
 * (seat -1: the public ones). NULL when memory ran out. */
cJSON *pf_proto_events(const pf_events *ev, int seat, const pf_seat_names *names);

/* One applied step as seat may see it:
 *   {"step": i, "seat": who, "action": name, "t": ms, "events": [...]}
 * (the setup: step -1, seat -1, no action; an undo: {"undo": i, "seat":
 * who, "t": ms}), its events' texts read with names. NULL when memory ran
 * out. */
cJSON *pf_proto_step(const pf_table_step *st, int seat, const pf_seat_names *names);

/* Adds err's numbers (hands_busy's "until") to an answer's "error" object;
 * false when memory ran out. */
bool pf_proto_error_fields(cJSON *error, const pf_error *err);

/* What the `games` command answers, into out: "games" (every registered
 * game's descriptor as a front end needs it: docs/protocol.md) and
 * "protocol". The server's GET /games sends the same. False when memory
 * ran out. */
bool pf_proto_games(cJSON *out);

/* seat's legal actions now, by name, as the "legal" command lists them
 * (empty when it may not act). NULL when memory ran out. */
cJSON *pf_proto_legal(const pf_table *t, int seat);

#endif
