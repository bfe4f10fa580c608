/* replay.h: a match as a replay object and as a file.
 *
 * The replay object (docs/protocol.md, "The replay object"):
 * {"format":"partyfood-replay","version":4,"game","seats","seed",
 *  "options":{},"actions":[[seat,"name",t],...],"check":"sha256:..."};
 * an action made with a hint is [seat,"name",t,{"hint":true}].
 * "check" is the SHA-256 of the object without "check" (see
 * pf_replay_seal): a cut or edited file is refused. It guards against
 * damage and careless edits, not against a forger, who can recompute it. */
#ifndef PARTYFOOD_REPLAY_H
#define PARTYFOOD_REPLAY_H

#include "partyfood/match.h"

/* Version 3 counts seats from 1 in action names ("ask 2" asks the second
 * seat), as in every text a person reads; older replays are read with
 * their names renamed (pf_game's renamed_since_v2). Version 4 may end an
 * action with {"hint": true}: a move made with a hint (pf_step.hint). */
#define PF_REPLAY_VERSION 4

/* NULL when memory ran out. */
cJSON *pf_match_save(const pf_match *m);
/* A seed as JSON: a whole number from 0 to 2^53 - 1 (larger ones lose
 * digits as JSON numbers) or a string of decimal digits up to 2^64 - 1. */
bool pf_seed_from_json(const cJSON *v, uint64_t *seed);
/* Rebuilds a match from a replay object, applying every action. Refuses
 * (PF_E_BAD_REPLAY) a wrong format, a newer version, a check that does not
 * match, text that is not UTF-8, numbers that are not whole or out of
 * range, more actions than the game's max_steps, names longer than
 * PF_REPLAY_NAME_MAX. Version 1 (no check) still loads: see
 * pf_replay_warning. */
pf_match *pf_match_load(const cJSON *replay, pf_error *err);
/* A sentence to show a person before playing a loaded replay (an old
 * version without a check), or NULL. */
const char *pf_replay_warning(const cJSON *replay);
/* Sets the replay's "version" to the current one and its "check" over
 * everything else in it, members that front ends added included; false
 * when out of memory. */
bool pf_replay_seal(cJSON *replay);

/* Reads a replay file's JSON (caller deletes), for front ends that keep
 * their own members beside the replay's (the terminal client's seating). */
cJSON *pf_replay_read_file(const char *path, pf_error *err);
/* Seals the replay and writes it to path through a temporary file and a
 * rename, so a crash never leaves a half-written save. */
pf_err pf_replay_write_file(cJSON *replay, const char *path, pf_error *err);

/* Reads a replay file. */
pf_match *pf_match_load_file(const char *path, pf_error *err);

#endif
