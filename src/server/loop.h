/* loop.h: libuv's event loop under libwebsockets, for the server
 * (src/server/).
 *
 * lws's own loop calls poll() over every socket at every wake-up: with a
 * thousand rooms that is two thousand sockets looked at for the few that
 * are ready, the largest single cost left in the server's loop
 * (docs/server.md, "Operating the server"). libuv's loop waits on epoll.
 * It is ours (foreign to lws): lws installs no signal handlers of its own
 * in it, so SIGTERM stays the server's clean stop. */
#ifndef PF_SERVER_LOOP_H
#define PF_SERVER_LOOP_H

#include <stdbool.h>

#include <libwebsockets.h>
#include <uv.h>

typedef struct pf_loop pf_loop;

/* A new loop (NULL when libuv cannot make one). */
pf_loop *pf_loop_new(void);
/* Makes info's context use loop (LWS_SERVER_OPTION_LIBUV, foreign). */
void pf_loop_attach(pf_loop *loop, struct lws_context_creation_info *info);
/* Serves until turn returns false. turn(arg) runs once before the loop
 * first waits and then after each turn's events, where lws_service()
 * would have returned on lws's own loop. */
void pf_loop_run(pf_loop *loop, bool (*turn)(void *arg), void *arg);
/* libuv's loop itself, for a handle of the server's own. */
uv_loop_t *pf_loop_uv(pf_loop *loop);
/* Destroys ctx (made on loop; NULL for none), then frees the loop. */
void pf_loop_free(pf_loop *loop, struct lws_context *ctx);

#endif
