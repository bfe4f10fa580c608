/* session.h: the engine protocol, one JSON request in, one JSON response out.
 *
 * A session holds at most one game. `partyfood engine` feeds it lines from
 * stdin; a server would feed it WebSocket messages. Every message is
 * documented in docs/protocol.md. */
#ifndef PARTYFOOD_SESSION_H
#define PARTYFOOD_SESSION_H

#include "partyfood/match.h"

typedef struct pf_session {
    pf_match *match; /* NULL until "new" or "load" */
} pf_session;

void pf_session_init(pf_session *s);
void pf_session_fini(pf_session *s);

/* Answers one request line; returns a newly allocated JSON text (one line,
 * no newline) that the caller frees. Never fails: bad input gets an error
 * response and leaves the session as it was. */
char *pf_session_handle(pf_session *s, const char *line);

#endif
