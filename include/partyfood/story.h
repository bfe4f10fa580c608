/* story.h: a finished game told step by step as one seat saw it, or with
 * everything shown, for the browser's replay viewer: the shape of the
 * server's GET /rooms/CODE/story (docs/server.md, "The story of a finished
 * game"), here from a replay or a save, for the page's games kept on the
 * device (docs/offline.md). */
#ifndef PARTYFOOD_STORY_H
#define PARTYFOOD_STORY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "partyfood/seating.h"

/* The story of m (over) as seat saw it (PF_SEAT_GOD: everything shown),
 * the seats named as s names them: {"game","seats","seat","names",
 * "setup":{"events","view"},"steps":[{"step","seat","action","t","by_bot",
 * "events","view"}...],"results"}. NULL when memory ran out. */
cJSON *pf_story(const pf_match *m, const pf_seating *s, int seat);

/* The story of the replay or save of len bytes at text (a save's seating
 * names the seats; without one they are "seat N"), as seat saw it (-1:
 * everything shown): its text, or the protocol's error answer when the
 * file is unusable (bad_replay), the game not over (bad_request) or the
 * seat not one of its seats (bad_seat). NULL when memory ran out. */
char *pf_story_text(const char *text, size_t len, int seat);

#endif
