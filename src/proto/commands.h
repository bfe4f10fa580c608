/* commands.h: the protocol's commands and the flags the dispatcher checks
 * (src/proto only). */
#ifndef PF_PROTO_COMMANDS_H
#define PF_PROTO_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "partyfood/session.h"

/* What the dispatcher checks before a command runs, once for all. */
enum {
    NEEDS_GAME = 1 << 0, /* a game must be running */
    READS_SEAT = 1 << 1, /* reads "seat", a seat of the game */
    WATCH = 1 << 2,      /* "seat" may be -1, the spectator's */
    OWN_SEAT = 1 << 3,   /* a bound session may name only its own seat (or -1 to watch) */
    CHANGES = 1 << 4,    /* may add steps: taken back to a mark of the table if it fails */
    REPLACES = 1 << 5,   /* starts another game, the binding kept */
    SPOILS = 1 << 6,     /* tells hidden content while the game is on: the owner's only */
    PLAYERS = 1 << 7,    /* not for a spectator */
    REWRITES = 1 << 8,   /* may take steps back (undo): runs on a copy of the table */
};

typedef struct pf__command {
    const char *cmd;
    pf_err (*run)(pf_session *s, const cJSON *req, int seat, cJSON *out, pf_error *err);
    unsigned flags;
} pf__command;

/* Every command, in the order the unknown-command message lists them. */
extern const pf__command pf__commands[];
extern const size_t pf__ncommands;

/* Reads "seat" as a seat of m (or -1, a spectator's, when allowed). */
pf_err pf__read_seat(const pf_match *m, const cJSON *req, bool spectator, int *seat,
                     pf_error *err);

/* The step hook of the session's tables (arg: the session). */
void pf__heard(void *arg, const pf_table_step *st);

/* The error answer to req (NULL: none could be read), or NULL when memory
 * ran out. */
char *pf__error_answer(const cJSON *req, pf_err e, const pf_error *err);

/* True when bots sit at the table. */
bool pf__has_bots(const pf_table *t);

#endif
