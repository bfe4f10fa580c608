/* exports.c: the WebAssembly module's entry points (docs/offline.md).
 *
 * The page speaks the engine protocol to the module as it speaks it to a
 * server: one JSON request in, one JSON answer out, answered by the same
 * session code as `partyfood engine` (src/proto/session.c). Text crosses as
 * UTF-8 in the module's memory: the caller writes a request into memory
 * from pf_wasm_alloc, and reads the answer (NUL-terminated) where the
 * returned pointer says, until its next call on that session. */
#include <stdlib.h>

#include "partyfood/session.h"

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
