/* session.h: the engine protocol, one JSON request in, one JSON response out.
 *
 * A session holds at most one game. `partyfood engine` feeds it lines from
 * stdin; a server would feed it WebSocket messages. Every message is
 * documented in docs/protocol.md (its limits too). */
#ifndef PARTYFOOD_SESSION_H
#define PARTYFOOD_SESSION_H

#include <stddef.h>

#include "partyfood/match.h"

/* The longest request (bytes, without its end of line). Longer ones are
 * refused with too_large, so a reader of a longer line need keep only its
 * first PF_REQUEST_MAX_BYTES + 1 bytes. */
#define PF_REQUEST_MAX_BYTES (64 * 1024)

/* The answer when memory runs out: fixed text, since building any other
 * answer needs memory. */
#define PF_ANSWER_NO_MEMORY                                                   \
    "{\"ok\":false,\"error\":{\"code\":\"no_memory\",\"message\":\"the engine " \
    "ran out of memory; the game is as it was\"}}"

/* The wire format's version, reported by "games" and `partyfood
 * --version`; docs/protocol.md keeps its changelog. */
#define PF_PROTOCOL_VERSION 2

typedef struct pf_session {
    pf_match *match; /* NULL until "new" or "load" */
} pf_session;

void pf_session_init(pf_session *s);
void pf_session_fini(pf_session *s);

/* Answers one request: the len bytes at line (followed by a NUL, which
 * line[len] must be). Returns a newly allocated JSON text (one line, no
 * newline) that the caller frees, or NULL when memory ran out (then answer
 * PF_ANSWER_NO_MEMORY). Bad input gets an error response; any failure,
 * running out of memory too, leaves the session as it was. */
char *pf_session_handle(pf_session *s, const char *line, size_t len);

#endif
