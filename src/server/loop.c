/* loop.c: libev's loop under lws (loop.h). A prepare watcher runs just
 * before the loop blocks, that is after every callback of the turn: where
 * lws_service() returned in lws's own loop.
 *
 * libev is opened here with dlopen, local, rather than linked: libev.so
 * also carries a libevent emulation (event_add, ...), and linked into the
 * program it took the place of the real libevent under Open MPI, which
 * crashed `mpirun partyfood sim` in MPI_Init. Opened locally, its names
 * stay its own; lws's libev plugin, opened by lws, shares this copy. */
#include <dlfcn.h>
#include <ev.h>
#include <stdlib.h>

#include "server/loop.h"

static struct {
    __typeof__(ev_loop_new) *loop_new;
    __typeof__(ev_loop_destroy) *loop_destroy;
    __typeof__(ev_run) *run;
    __typeof__(ev_break) *brk;
    __typeof__(ev_prepare_start) *prepare_start;
    __typeof__(ev_prepare_stop) *prepare_stop;
} ev;

static bool ev_opened(void)
{
    if (ev.run)
        return true;
    void *h = dlopen("libev.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return false;
    ev.loop_new = (__typeof__(ev.loop_new))dlsym(h, "ev_loop_new");
    ev.loop_destroy = (__typeof__(ev.loop_destroy))dlsym(h, "ev_loop_destroy");
    ev.brk = (__typeof__(ev.brk))dlsym(h, "ev_break");
    ev.prepare_start = (__typeof__(ev.prepare_start))dlsym(h, "ev_prepare_start");
    ev.prepare_stop = (__typeof__(ev.prepare_stop))dlsym(h, "ev_prepare_stop");
    ev.run = (__typeof__(ev.run))dlsym(h, "ev_run");
    return ev.loop_new && ev.loop_destroy && ev.brk && ev.prepare_start && ev.prepare_stop &&
           ev.run;
}

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
    if (!ev_opened())
        return NULL;
    pf_loop *l = calloc(1, sizeof *l);
    if (l && !(l->ev = ev.loop_new(EVFLAG_AUTO | EVFLAG_NOSIGMASK))) {
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

static void prepared(struct ev_loop *loop, ev_prepare *w, int revents)
{
    (void)revents;
    pf_loop *l = w->data;
    if (!l->turn(l->arg))
        ev.brk(loop, EVBREAK_ALL);
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
    ev.prepare_start(l->ev, &l->prepare);
    ticked(&l->tick);
    /* lws arms its timer after a socket's event: this is one, at once. */
    lws_cancel_service(ctx);
    ev.run(l->ev, 0);
    lws_sul_cancel(&l->tick);
    ev.prepare_stop(l->ev, &l->prepare);
}

void pf_loop_free(pf_loop *l)
{
    if (!l)
        return;
    ev.loop_destroy(l->ev);
    free(l);
}
