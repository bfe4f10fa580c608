/* loop.h: libev's event loop under libwebsockets, for the load tool's
 * clients (src/server/).
 *
 * lws's own loop calls poll() over every socket on every turn: with a
 * thousand rooms that is two thousand sockets looked at for each few that
 * are ready, a fifth of the load tool's time. This is libev's loop (epoll
 * on Linux) handed to lws as a foreign loop, plus a function called once
 * each turn's events are served, before the loop waits again (the tool
 * checks its clock there). The server stays on lws's own loop
 * (docs/server.md, "Operating the server", says why). */
#ifndef PF_SERVER_LOOP_H
#define PF_SERVER_LOOP_H

#include <stdbool.h>

#include <libwebsockets.h>

/* How late an lws timer (lws_sul_schedule, lws_set_timer_usecs) may fire.
 * lws 4.1 on libev re-arms its one libev timer with ev_timer_set while it
 * is running, which libev ignores: a timer due sooner than the one armed
 * waited for it (the load tool's think times never came). A timer of our
 * own every PF_LOOP_TICK_MS keeps the armed one that close. */
#define PF_LOOP_TICK_MS 2

typedef struct pf_loop pf_loop;

/* A new loop (NULL when libev cannot make one). */
pf_loop *pf_loop_new(void);
/* Makes info's context use loop (LWS_SERVER_OPTION_LIBEV, foreign). */
void pf_loop_attach(pf_loop *loop, struct lws_context_creation_info *info);
/* Serves ctx until turn returns false. turn(arg) runs after every turn's
 * events, and so at least every PF_LOOP_TICK_MS. */
void pf_loop_run(pf_loop *loop, struct lws_context *ctx, bool (*turn)(void *arg), void *arg);
/* After lws_context_destroy: frees the loop. */
void pf_loop_free(pf_loop *loop);

#endif
