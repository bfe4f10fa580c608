/* match.h: one game in progress with its history.
 *
 * A match owns a game state and the list of (seat, action, time) applied
 * to it. Options + seed + that list reproduce the game exactly (ARCHITECTURE
 * idea 9): it is the save file and the bug-report format. */
#ifndef PARTYFOOD_MATCH_H
#define PARTYFOOD_MATCH_H

#include "partyfood/obs.h"
#include "partyfood/game.h"

typedef struct pf_step {
    int8_t seat;
    pf_action action;
    int64_t t_ms;
} pf_step;

typedef struct pf_match {
    const pf_game *game;
    int seats;
    uint64_t seed;
    pf_options opt;
    void *state; /* game->state_size bytes */
    pf_step *steps;
    int nsteps, cap;
    int64_t now; /* time of the last applied action */
} pf_match;

/* Creates a match (NULL on error, with *err set). */
pf_match *pf_match_create(const pf_game *g, int seats, const pf_options *opt,
                          uint64_t seed, pf_error *err);
/* pf_match_create that also reports the events of the steps the rules play
 * during setup (pf_state_init_events) to ev. */
pf_match *pf_match_create_events(const pf_game *g, int seats, const pf_options *opt,
                                 uint64_t seed, pf_events *ev, pf_error *err);
void pf_match_destroy(pf_match *m);

/* Checked apply; records the step on success. */
pf_err pf_match_apply(pf_match *m, int seat, pf_action a, int64_t t_ms, pf_events *ev,
                      pf_error *err);
/* Reads an action name in the match's present state (UNKNOWN_ACTION with a
 * message a person can act on when it is none). */
pf_err pf_match_parse(const pf_match *m, const char *name, pf_action *a, pf_error *err);
pf_err pf_match_apply_named(pf_match *m, int seat, const char *name, int64_t t_ms,
                            pf_events *ev, pf_error *err);

/* An observation of the match for seat (valid until the next apply). */
void pf_match_obs(const pf_match *m, int seat, pf_obs *o);

bool pf_match_over(const pf_match *m, double *results);

/* The replay object (docs/protocol.md, "The replay object"):
 * {"format":"partyfood-replay","version":2,"game","seats","seed",
 *  "options":{},"actions":[[seat,"name",t],...],"check":"sha256:..."}.
 * "check" is the SHA-256 of the object without "check" (see
 * pf_replay_seal): a cut or edited file is refused. It guards against
 * damage and careless edits, not against a forger, who can recompute it. */
#define PF_REPLAY_VERSION 2
/* The longest action name a replay may hold, in bytes. */
#define PF_REPLAY_NAME_MAX 95

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
