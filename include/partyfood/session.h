/* session.h: the engine protocol, one JSON request in, one JSON response out.
 *
 * A session holds at most one game, at a table (table.h). `partyfood
 * engine` feeds it lines from stdin; a server would feed it WebSocket
 * messages. Every message is documented in docs/protocol.md (its limits
 * too). */
#ifndef PARTYFOOD_SESSION_H
#define PARTYFOOD_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "partyfood/table.h"

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
#define PF_PROTOCOL_VERSION 4

/* An unbound session: the owner of a local game, who may speak for every
 * seat and save mid-game (the default). */
#define PF_SESSION_OWNER (-2)

/* What the table's step hook heard during the request being answered. */
typedef struct pf_session_heard {
    cJSON *steps;     /* every applied step, for the session's seat */
    cJSON *events;    /* the events of the request's own step, once heard */
    int events_seat;  /* whose events those are */
    bool want_events; /* the next step heard is the request's own */
    char action[PF_REPLAY_NAME_MAX + 1]; /* the request's own step: its name */
    int64_t t_ms;                        /* and its time */
    bool lost;        /* memory ran out while encoding */
} pf_session_heard;

typedef struct pf_session {
    pf_table *table; /* NULL until "new" or "load" */
    int bound;       /* PF_SESSION_OWNER, PF_SEAT_SPECTATOR or one seat */
    /* How the events' texts name the seats: NULL, "seat N" (the engine's
     * way); a solo room gives its seating's names, as a server's room. */
    const pf_seat_names *names;
    /* How the table's bots move: false, inside every request until a
     * person must act (`partyfood engine`); true (a solo room, whose clock
     * ticks with "wait"), one move a "wait", so each bot's reply reaches
     * the page in a push of its own, as a server's room sends it. */
    bool bots_on_wait;
    pf_session_heard heard;
} pf_session;

/* A session must stay where it is in memory while it holds a game: its
 * table's step hook points at it. */
void pf_session_init(pf_session *s);
void pf_session_fini(pf_session *s);

/* Binds the session to one seat (requests for any other are refused with
 * not_your_seat), to PF_SEAT_SPECTATOR (view as -1, result, games), or back
 * to PF_SESSION_OWNER. The binding outlives "new" and "load". */
void pf_session_bind(pf_session *s, int seat);

/* The game being played, or NULL. */
const pf_match *pf_session_match(const pf_session *s);

/* Answers one request: the len bytes at line (followed by a NUL, which
 * line[len] must be). Returns a newly allocated JSON text (one line, no
 * newline) that the caller frees, or NULL when memory ran out (then answer
 * PF_ANSWER_NO_MEMORY). Bad input gets an error response; any failure,
 * running out of memory too, leaves the session as it was. */
char *pf_session_handle(pf_session *s, const char *line, size_t len);

#endif
