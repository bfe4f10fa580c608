/* lesson_room.h: a lesson (lesson.h) spoken to as a room: the page plays
 * it inside the WebAssembly module, as it plays a solo room (solo.h).
 *
 * It answers the requests the page sends a room (hello, act, meter) and
 * gives the pushes a room gives the person's seat (sync, steps), built by
 * the same code as a server's room (push.h), so the page draws a lesson's
 * table with the reducer and the game modules of any game. Each push also
 * carries "lesson": what happens now (docs/lessons.md, "The browser"):
 * {"kind": "note"|"you"|"bot"|"done", "chapter", "step", "steps", "seat",
 * "say", "show", "act", "aim": [lo, hi] or null, "last"}; while the lesson
 * does not wait for the person's move, "to_act" and "legal" are empty.
 * Beside a room's requests it takes the lesson's own: "next", "restart"
 * and "goto" ("chapter", from 0). A move the lesson does not ask for is
 * refused with illegal_action and the lesson's gentle reason as the
 * message; a meter's number (a toss, a swing) is brought within the step's
 * aim, so a child's stop is never refused for a near miss. Texts in and out are JSON (UTF-8), the caller's to free. */
#ifndef PARTYFOOD_LESSON_ROOM_H
#define PARTYFOOD_LESSON_ROOM_H

#include <stddef.h>
#include <stdint.h>

typedef struct pf_lesson_room pf_lesson_room;

/* Chapter `chapter` of the lesson whose file's text is the len bytes at
 * text; NULL when refused, with the refusal's answer in *error (NULL when
 * memory ran out). */
pf_lesson_room *pf_lesson_room_create(const char *text, size_t len, int chapter, char **error);
void pf_lesson_room_destroy(pf_lesson_room *r);

/* The room as the page reads a room (and the answer to {"cmd":"room"}): "game", "started", "seats" (every
 * seat a person's, named by the lesson), "memory_aid", and "lesson":
 * {"title", "you", "chapters": [{"id", "title", "optional"}]}. */
char *pf_lesson_room_room(const pf_lesson_room *r);

/* The sync push for the person's seat, with "lesson". */
char *pf_lesson_room_sync(pf_lesson_room *r);

/* Answers one request (the len bytes at line, NUL after them) at the
 * page's time now (ms, for the meter); *push gets the push it caused (a
 * steps push, or a sync when another chapter or the same one again
 * starts), else NULL. */
char *pf_lesson_room_handle(pf_lesson_room *r, const char *line, size_t len, int64_t now,
                            char **push);

#endif
