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

#endif
