/* commands.h: the protocol's commands and the flags the dispatcher checks
 * (src/proto only). */
#ifndef PF_PROTO_COMMANDS_H
#define PF_PROTO_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "partyfood/session.h"

/* One command: its name, its handler and its flags (PF_CMD_*, session.h). */
struct pf_command {
    const char *cmd;
    pf_err (*run)(pf_session *s, const cJSON *req, int seat, pf_jw *out, pf_error *err);
    unsigned flags;
};

/* Every command, in the order the unknown-command message lists them. */
extern const pf_command pf__commands[];
extern const size_t pf__ncommands;

/* Reads "seat" as a seat of m (or -1, a spectator's, when allowed). */
pf_err pf__read_seat(const pf_match *m, const cJSON *req, bool spectator, int *seat,
                     pf_error *err);

/* The step hook of the session's tables (arg: the session). */
void pf__heard(void *arg, const pf_table_step *st);

/* True when bots sit at the table. */
bool pf__has_bots(const pf_table *t);

#endif
