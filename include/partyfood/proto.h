/* proto.h: the protocol's messages (the codec, src/proto/), written as
 * JSON text (json_write.h).
 *
 * Every answer of the engine protocol, the engine's and a server's alike,
 * and each seat's message for each step applied at a table come from
 * here, so a server speaks exactly the engine's protocol. A server writes
 * a step once for each seat that sees it differently; the session puts
 * the same messages in its answers' "steps". Shapes: docs/protocol.md. */
#ifndef PARTYFOOD_PROTO_H
#define PARTYFOOD_PROTO_H

#include <cjson/cJSON.h>

#include "partyfood/json_write.h"
#include "partyfood/table.h"

/* ---- steps ---- */

/* One applied step as seat may see it:
 *   {"step": i, "seat": who, "action": name, "by_bot": b, "t": ms, "events": [...]}
 * (the setup: step -1, seat -1, no action; an undo: {"undo": i, "seat":
 * who, "t": ms}). Like every object written here, without the comma that
 * may go before it (pf_jw_comma). */
void pf_proto_write_step(pf_jw *w, const pf_table_step *st, int seat,
                         const pf_seat_names *names);
/* The same in parts, for a step written once for several seats: its
 * members up to the list of its events (false for an undo, written whole:
 * no events follow), each event a seat may see (pf_event_visible), its
 * text read with names, then the end. */
bool pf_proto_write_step_head(pf_jw *w, const pf_table_step *st);
void pf_proto_write_event(pf_jw *w, const pf_event *e, const pf_seat_names *names);
void pf_proto_write_step_end(pf_jw *w);

/* The events of ev that seat may see (seat -1: the public ones), each
 * {"kind", "text", "private", "memory", "fields": {...}}, its text read
 * with names (NULL: "seat N", from 1; pf_event_render). */
void pf_proto_write_events(pf_jw *w, const pf_events *ev, int seat, const pf_seat_names *names);
/* The same as a tree (for a program that inspects them); NULL when memory
 * ran out. */
cJSON *pf_proto_events(const pf_events *ev, int seat, const pf_seat_names *names);

/* seat's legal actions now, by name, as the "legal" command lists them
 * (empty when it may not act, and for a spectator). */
void pf_proto_write_legal(pf_jw *w, const pf_table *t, int seat);

/* ---- answers ---- */

/* An answer to req begins: "{" and its "id" when it has one (req may be
 * NULL, or not an object). */
void pf_proto_begin(pf_jw *w, const cJSON *req);
/* It ends with "ok": true; the text, now the caller's (NULL when memory
 * ran out). */
char *pf_proto_end(pf_jw *w);
/* The members "ok": false and "error": {"code", "message", then err's
 * numbers (hands_busy's "until")}. */
void pf_proto_write_error(pf_jw *w, const pf_error *err);
/* Whole answers: {"id","ok":false,"error":{...}} (no_memory's is the fixed
 * PF_ANSWER_NO_MEMORY), of err or of a code and a message (NULL: the
 * code's own), and {"id","ok":true}; NULL when memory ran out. */
char *pf_proto_error_of(const cJSON *req, const pf_error *err);
char *pf_proto_error(const cJSON *req, pf_err e, const char *msg);
char *pf_proto_ok(const cJSON *req);

/* The members of a step played for a request: "step", "action" (the name
 * it was played as) and "t" (its "events" follow). */
void pf_proto_write_played(pf_jw *w, int step, const char *action, int64_t t_ms);
/* The progress after a request that may change the game: "to_act"
 * (nobody once it is over), "over", "results" (null until over) and
 * "step_count". */
void pf_proto_write_progress(pf_jw *w, const pf_table *t);
/* The members "over" and "results" (one number a seat; null until over),
 * as the `result` command answers them. */
void pf_proto_write_result(pf_jw *w, const pf_match *m);
/* A set of seats as a list of numbers. */
void pf_proto_write_seats(pf_jw *w, uint32_t set);

/* What the `games` command answers, into out: "games" (every registered
 * game's descriptor as a front end needs it: docs/protocol.md) and
 * "protocol". The server's GET /games sends the same. False when memory
 * ran out. */
bool pf_proto_games(cJSON *out);

#endif
