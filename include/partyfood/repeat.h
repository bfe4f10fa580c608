/* repeat.h: an act sent again is answered, not played again (the
 * protocol's "key", docs/protocol.md "Sending an act again").
 *
 * A client that lost an act's answer (its connection dropped) cannot know
 * whether the act was played. It may give an act a "key" of its own; the
 * last PF_REPEAT_KEEP keys of each seat are remembered with the act's
 * answer, and an act with a key remembered gets that first answer again,
 * marked "repeat": true, and plays nothing. The request's "id" is not the
 * key: clients number their requests from 1 again after a reconnection,
 * so an id seen before may well be a new act. The session keeps its
 * seats' keys (`partyfood engine`, the page's solo room), a server's room
 * its own, per seat, so they outlive a connection. Only an act that was
 * played is remembered: one refused played nothing, and may be sent again
 * as it is. */
#ifndef PARTYFOOD_REPEAT_H
#define PARTYFOOD_REPEAT_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "partyfood/error.h"

/* A key's longest (bytes), and how many each seat's memory keeps. */
#define PF_REPEAT_KEY_MAX 64
#define PF_REPEAT_KEEP 8

/* The keys of a table's seats; NULL until the first is remembered. */
typedef struct pf_repeats pf_repeats;

/* req's "key": NULL when it has none; bad_request when it is not a string
 * of 1 to PF_REPEAT_KEY_MAX bytes. */
pf_err pf_repeat_key(const cJSON *req, const char **key, pf_error *err);
/* The answer remembered for seat's key, or NULL; *pending is set when the
 * key's act is being played still (a server's, waiting for its commit:
 * its answer not known yet). */
const char *pf_repeat_find(const pf_repeats *r, int seat, const char *key, bool *pending);
/* The first answer given again to req: its "id" req's own (or none), with
 * "repeat": true; NULL when memory ran out. */
char *pf_repeat_answer(const char *first, const cJSON *req);
/* Whether req, an act of seat, is answered without being played: *answer
 * bad_request for a bad key, or its key's first answer given again (NULL
 * when memory ran out). When it is to be played (false), *key is its key
 * or NULL, and *pending whether that key's act is being played still. */
bool pf_repeat_answered(const pf_repeats *r, const cJSON *req, int seat, const char **key,
                        bool *pending, char **answer);
/* Remembers seat's key with its answer (copied; NULL: pending, until
 * pf_repeat_settle), in place of the seat's oldest past PF_REPEAT_KEEP;
 * *r made when NULL. no_memory leaves it as it was. */
pf_err pf_repeat_remember(pf_repeats **r, int seat, const char *key, const char *answer,
                          pf_error *err);
/* A pending key's answer is known (copied; the key forgotten when memory
 * runs out: a repeat is then played, which is no worse than no key), or
 * its act was not played after all (answer NULL: forgotten). */
void pf_repeat_settle(pf_repeats *r, int seat, const char *key, const char *answer);
void pf_repeats_free(pf_repeats *r);

#endif
