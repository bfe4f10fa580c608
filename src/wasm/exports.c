/* exports.c: the WebAssembly module's entry points (docs/offline.md).
 *
 * The page speaks to the module as it speaks to a server: a protocol
 * session answers as `partyfood engine` does (src/proto/session.c), and a
 * solo room as a server's room does (src/proto/solo.c), one JSON request
 * in, one JSON answer (and maybe a push) out. Text crosses as UTF-8 in the
 * module's memory: the caller writes a request into memory from
 * pf_wasm_alloc, and reads an answer (NUL-terminated) where the returned
 * pointer says, until its next call on that session or room. */
#include <stdlib.h>

#include "partyfood/lesson_room.h"
#include "partyfood/session.h"
#include "partyfood/solo.h"
#include "partyfood/story.h"

#define EXPORT(name) __attribute__((export_name(#name)))

/* A session and its last answer, which the caller reads in place. */
typedef struct wasm_session {
    pf_session s;
    char *answer;
} wasm_session;

EXPORT(pf_wasm_alloc) void *pf_wasm_alloc(size_t n)
{
    return malloc(n);
}

EXPORT(pf_wasm_free) void pf_wasm_free(void *p)
{
    free(p);
}

/* The wire format's version: the page refuses a module whose version
 * differs from its server's. */
EXPORT(pf_wasm_protocol) int pf_wasm_protocol(void)
{
    return PF_PROTOCOL_VERSION;
}

/* A session bound as `partyfood engine` binds one: -2 the owner of the
 * table (every seat), -1 a spectator, N seat N alone. NULL when memory ran
 * out. */
EXPORT(pf_wasm_session_new) wasm_session *pf_wasm_session_new(int bound)
{
    wasm_session *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    pf_session_init(&w->s);
    pf_session_bind(&w->s, bound);
    return w;
}

/* Answers the request of len bytes at line (line[len] must be NUL): the
 * answer's text, valid until the next call on this session. */
EXPORT(pf_wasm_session_handle)
const char *pf_wasm_session_handle(wasm_session *w, const char *line, size_t len)
{
    free(w->answer);
    w->answer = pf_session_handle(&w->s, line, len);
    return w->answer ? w->answer : PF_ANSWER_NO_MEMORY;
}

EXPORT(pf_wasm_session_free) void pf_wasm_session_free(wasm_session *w)
{
    if (!w)
        return;
    pf_session_fini(&w->s);
    free(w->answer);
    free(w);
}

/* ---- a solo room (solo.h): one person and bots, without a server ---------------- */

/* A room and what its last call gave: an answer and a push to read in
 * place until the next call (either may be NULL: 0 to the caller). */
typedef struct wasm_solo {
    pf_solo *r; /* NULL when the setup was refused: answer says why */
    char *answer, *push;
} wasm_solo;

static void solo_forget(wasm_solo *w)
{
    free(w->answer);
    free(w->push);
    w->answer = w->push = NULL;
}

typedef pf_solo *solo_opener(const char *text, size_t len, int64_t now, char **error);

static wasm_solo *solo_open(solo_opener *open, const char *text, size_t len, double now)
{
    wasm_solo *w = calloc(1, sizeof *w);
    if (w)
        w->r = open(text, len, (int64_t)now, &w->answer);
    return w;
}

/* A new room from its setup (solo.h), or a saved game going on; the page's
 * clock now in ms. NULL only when memory ran out. */
EXPORT(pf_wasm_solo_create)
wasm_solo *pf_wasm_solo_create(const char *config, size_t len, double now)
{
    return solo_open(pf_solo_create, config, len, now);
}

EXPORT(pf_wasm_solo_resume)
wasm_solo *pf_wasm_solo_resume(const char *save, size_t len, double now)
{
    return solo_open(pf_solo_resume, save, len, now);
}

EXPORT(pf_wasm_solo_ok) int pf_wasm_solo_ok(const wasm_solo *w)
{
    return w->r != NULL;
}

EXPORT(pf_wasm_solo_answer) const char *pf_wasm_solo_answer(const wasm_solo *w)
{
    return w->answer;
}

EXPORT(pf_wasm_solo_push) const char *pf_wasm_solo_push(const wasm_solo *w)
{
    return w->push;
}

/* One request as the page sends it to a room: the answer, and the push it
 * caused (NULL answer: memory ran out). */
EXPORT(pf_wasm_solo_handle)
void pf_wasm_solo_handle(wasm_solo *w, const char *line, size_t len, double now)
{
    solo_forget(w);
    w->answer = pf_solo_handle(w->r, line, len, (int64_t)now, &w->push);
}

/* The bot moves due by now: their push, or none. */
EXPORT(pf_wasm_solo_tick) void pf_wasm_solo_tick(wasm_solo *w, double now)
{
    solo_forget(w);
    w->push = pf_solo_tick(w->r, (int64_t)now);
}

/* When the next bot move is due on the page's clock; -1: none. */
EXPORT(pf_wasm_solo_due) double pf_wasm_solo_due(wasm_solo *w)
{
    return (double)pf_solo_due(w->r);
}

/* The sync push (the push), the room's description or its save (the answer). */
EXPORT(pf_wasm_solo_sync) void pf_wasm_solo_sync(wasm_solo *w, double now)
{
    solo_forget(w);
    w->push = pf_solo_sync(w->r, (int64_t)now);
}

EXPORT(pf_wasm_solo_room) void pf_wasm_solo_room(wasm_solo *w)
{
    solo_forget(w);
    w->answer = pf_solo_room(w->r);
}

EXPORT(pf_wasm_solo_save) void pf_wasm_solo_save(wasm_solo *w)
{
    solo_forget(w);
    w->answer = pf_solo_save(w->r);
}

EXPORT(pf_wasm_solo_free) void pf_wasm_solo_free(wasm_solo *w)
{
    if (!w)
        return;
    solo_forget(w);
    pf_solo_destroy(w->r);
    free(w);
}

/* ---- a finished game's story (story.h), for the page's replay viewer -------------- */

static char *story_answer;

/* The story of the replay or save of len bytes at text as seat saw it (-1:
 * everything shown), or the refusal: valid until the next call. */
EXPORT(pf_wasm_story) const char *pf_wasm_story(const char *text, size_t len, int seat)
{
    free(story_answer);
    story_answer = pf_story_text(text, len, seat);
    return story_answer ? story_answer : PF_ANSWER_NO_MEMORY;
}

/* ---- a lesson (lesson_room.h), spoken to as a solo room ---------------------------- */

/* A lesson room and its last answer and push, read in place as a solo
 * room's are (wasm_solo). */
typedef struct wasm_lesson {
    pf_lesson_room *r; /* NULL when the lesson was refused: answer says why */
    char *answer, *push;
} wasm_lesson;

static void lesson_forget(wasm_lesson *w)
{
    free(w->answer);
    free(w->push);
    w->answer = w->push = NULL;
}

/* Chapter `chapter` of the lesson file's text. NULL only when memory ran out. */
EXPORT(pf_wasm_lesson_create)
wasm_lesson *pf_wasm_lesson_create(const char *text, size_t len, int chapter)
{
    wasm_lesson *w = calloc(1, sizeof *w);
    if (w)
        w->r = pf_lesson_room_create(text, len, chapter, &w->answer);
    return w;
}

EXPORT(pf_wasm_lesson_ok) int pf_wasm_lesson_ok(const wasm_lesson *w)
{
    return w->r != NULL;
}

EXPORT(pf_wasm_lesson_answer) const char *pf_wasm_lesson_answer(const wasm_lesson *w)
{
    return w->answer;
}

EXPORT(pf_wasm_lesson_push) const char *pf_wasm_lesson_push(const wasm_lesson *w)
{
    return w->push;
}

EXPORT(pf_wasm_lesson_room) void pf_wasm_lesson_room(wasm_lesson *w)
{
    lesson_forget(w);
    w->answer = pf_lesson_room_room(w->r);
}

EXPORT(pf_wasm_lesson_handle)
void pf_wasm_lesson_handle(wasm_lesson *w, const char *line, size_t len, double now)
{
    lesson_forget(w);
    w->answer = pf_lesson_room_handle(w->r, line, len, (int64_t)now, &w->push);
}

EXPORT(pf_wasm_lesson_free) void pf_wasm_lesson_free(wasm_lesson *w)
{
    if (!w)
        return;
    lesson_forget(w);
    pf_lesson_room_destroy(w->r);
    free(w);
}
