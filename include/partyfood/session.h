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

#include "partyfood/json_write.h"
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
    pf_jw steps;      /* every applied step, for the session's seat: a list being written */
    pf_jw events;     /* the events of the request's own step, once heard */
    int events_seat;  /* whose events those are */
    bool want_events; /* the next step heard is the request's own */
    int step;                            /* the request's own step: its index, */
    char action[PF_REPLAY_NAME_MAX + 1]; /* its name */
    int64_t t_ms;                        /* and its time */
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
    /* Whether a bot's plan asked for a seat marks that seat's next move as
     * made with help, as a hint does: true in a server's room, where the
     * host's switch governs hints and a plain "plan" must not dodge the
     * mark; false for a bot author's own engine. */
    bool plans_mark;
    pf_session_heard heard;
    /* The last acts' keys of each seat, with their answers (repeat.h);
     * dropped with the game. */
    struct pf_repeats *repeats;
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
 * running out of memory too, leaves the session as it was.
 * pf_session_handle is pf_request_read, pf_request_command,
 * pf_session_admit and pf_session_run in turn. */
char *pf_session_handle(pf_session *s, const char *line, size_t len);

/* ---- the same steps one by one, for a program that dispatches requests
 * itself (a server has commands of its own beside the protocol's) ---- */

/* What a command needs, checked once by pf_session_admit before it runs.
 * A server's own commands use the same flags (from PF_CMD_OWN_FLAGS up,
 * flags of its own). */
enum {
    PF_CMD_NEEDS_GAME = 1 << 0, /* a game must be running (no_game) */
    PF_CMD_READS_SEAT = 1 << 1, /* reads "seat", a seat of the game; a bound session's by default */
    PF_CMD_WATCH = 1 << 2,      /* "seat" may be -1, the spectator's */
    PF_CMD_OWN_SEAT = 1 << 3,   /* a bound session may name only its own seat (or -1 to watch) */
    PF_CMD_CHANGES = 1 << 4,    /* may add steps: taken back to a mark of the table if it fails */
    PF_CMD_REPLACES = 1 << 5,   /* starts another game, the binding kept */
    PF_CMD_SPOILS = 1 << 6,     /* tells hidden content while the game is on: the owner's only */
    PF_CMD_PLAYERS = 1 << 7,    /* not for a spectator (not_your_seat) */
    PF_CMD_REWRITES = 1 << 8,   /* may take steps back (undo): runs on a copy of the table */
    PF_CMD_KEYED = 1 << 9,      /* may carry a "key": sent again, answered, not run again */
    PF_CMD_OWN_FLAGS = 1 << 16,
};

typedef struct pf_command pf_command;

/* Reads one request (as pf_session_handle takes it) into *req: one JSON
 * object and nothing after it, UTF-8 without NUL bytes, no \u0000 in its
 * strings, at most PF_REQUEST_MAX_BYTES. *req may be set (to delete) even
 * when it fails: an error answer echoes its id. */
pf_err pf_request_read(const char *line, size_t len, cJSON **req, pf_error *err);
/* The protocol's command named by req's "cmd" (unknown_command, listing
 * them, when there is none). */
pf_err pf_request_command(const cJSON *req, const pf_command **c, pf_error *err);
/* The protocol's command called name, or NULL; its name and flags. */
const pf_command *pf_command_find(const char *name);
const char *pf_command_name(const pf_command *c);
unsigned pf_command_flags(const pf_command *c);
/* Checks a command's flags against the session and the request, in a
 * fixed order (no_game, not_your_seat for a spectator's PLAYERS command,
 * the seat, then whose it is), and reads the seat it names (a bound
 * session's own when the request names none) into *seat. flags are c's
 * flags or a server command's. */
pf_err pf_session_admit(const pf_session *s, unsigned flags, const cJSON *req, int *seat,
                        pf_error *err);
/* Runs an admitted command for seat: its answer, or its error answer (NULL
 * when memory ran out). A request that fails leaves the session as it was. */
char *pf_session_run(pf_session *s, const pf_command *c, const cJSON *req, int seat);

#endif
