/* loop.c: libev's loop under lws (loop.h). A prepare watcher runs just
 * before the loop blocks, that is after every callback of the turn: where
 * lws_service() returned in lws's own loop. */
#include <ev.h>
#include <stdlib.h>

#include "server/loop.h"

struct pf_loop {
    struct ev_loop *ev;
    void *foreign[1];
    struct lws_context *ctx;
    ev_prepare prepare;
    lws_sorted_usec_list_t tick;
    bool (*turn)(void *arg);
    void *arg;
};

pf_loop *pf_loop_new(void)
{
    pf_loop *l = calloc(1, sizeof *l);
    if (l && !(l->ev = ev_loop_new(EVFLAG_AUTO | EVFLAG_NOSIGMASK))) {
        free(l);
        return NULL;
    }
    return l;
}

void pf_loop_attach(pf_loop *l, struct lws_context_creation_info *info)
{
    l->foreign[0] = l->ev;
    info->options |= LWS_SERVER_OPTION_LIBEV;
    info->foreign_loops = l->foreign;
}

static void prepared(struct ev_loop *ev, ev_prepare *w, int revents)
{
    (void)revents;
    pf_loop *l = w->data;
    if (!l->turn(l->arg))
        ev_break(ev, EVBREAK_ALL);
}

static void ticked(lws_sorted_usec_list_t *sul)
{
    pf_loop *l = lws_container_of(sul, pf_loop, tick);
    lws_sul_schedule(l->ctx, 0, &l->tick, ticked, PF_LOOP_TICK_MS * LWS_US_PER_MS);
}

void pf_loop_run(pf_loop *l, struct lws_context *ctx, bool (*turn)(void *arg), void *arg)
{
    l->turn = turn, l->arg = arg, l->ctx = ctx;
    if (!turn(arg))
        return;
    ev_prepare_init(&l->prepare, prepared);
    l->prepare.data = l;
    ev_prepare_start(l->ev, &l->prepare);
    ticked(&l->tick);
    /* lws arms its timer after a socket's event: this is one, at once. */
    lws_cancel_service(ctx);
    ev_run(l->ev, 0);
    lws_sul_cancel(&l->tick);
    ev_prepare_stop(l->ev, &l->prepare);
}

void pf_loop_free(pf_loop *l)
{
    if (!l)
        return;
    ev_loop_destroy(l->ev);
    free(l);
}
