/* solo.h: a room for one person and bots without a server: the page plays
 * it inside the WebAssembly module (docs/offline.md), in a Web Worker.
 *
 * It speaks as a server's room speaks to the page (docs/server.md): it
 * answers the requests the page sends a room over its WebSocket (hello,
 * act, undo, legal, view, plan, result, games; "seat" may be left out), and
 * gives the pushes a room would send the person's seat (sync, steps),
 * built by the same code as the server's (push.h). So the page's reducer
 * reads a solo game and a server's game alike. Under it is a protocol
 * session bound to the person's seat, with the bots at its table.
 *
 * The page's clock drives it: every call takes the page's time `now` (ms);
 * the room's game clock is that time since the game started. In real time
 * (Paku Paku) the page asks pf_solo_due when the next bot move falls and
 * calls pf_solo_tick then. Texts in and out are JSON (UTF-8); each text
 * returned is the caller's to free. */
#ifndef PARTYFOOD_SOLO_H
#define PARTYFOOD_SOLO_H

#include <stddef.h>
#include <stdint.h>

typedef struct pf_solo pf_solo;

/* A new game. config: {"game", "seating": one string a seat as in the
 * protocol's "new" (exactly one a person's: the page's player; the others
 * "bot:LEVEL"), "options", "seed" (optional: a secret one from the system
 * by default), "memory_aid" (optional)}. NULL when refused, with the
 * refusal's answer in *error (the protocol's error codes), or *error NULL
 * when memory ran out. */
pf_solo *pf_solo_create(const char *config, size_t len, int64_t now, char **error);
/* A game saved by pf_solo_save, going on from its last step at now. */
pf_solo *pf_solo_resume(const char *save, size_t len, int64_t now, char **error);
void pf_solo_destroy(pf_solo *r);

/* The room as a server describes it (GET /rooms/CODE): "game", "started",
 * "seats" ({"seat","kind","name"} each), "memory_aid". */
char *pf_solo_room(const pf_solo *r);

/* The sync push for the person's seat: what a hello gets. */
char *pf_solo_sync(pf_solo *r, int64_t now);

/* Answers one request (the len bytes at line, NUL after them). When it
 * changed the game, *push gets the steps push (else NULL), to be handed to
 * the page before the answer. */
char *pf_solo_handle(pf_solo *r, const char *line, size_t len, int64_t now, char **push);

/* The page's time at which the next bot move is due, or -1 when none is
 * (a person must act, or the game is over). */
int64_t pf_solo_due(pf_solo *r);

/* Plays the bot moves due by now: their steps push, or NULL when none. */
char *pf_solo_tick(pf_solo *r, int64_t now);

/* The game as a save file (the terminal's: the replay with "seating" and
 * "memory_aid"), for the page to keep on the device: it holds the seed,
 * so it is the owner's, never to be shown to the player mid-game. */
char *pf_solo_save(const pf_solo *r);

#endif
