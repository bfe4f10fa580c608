/* loop.c: libuv's loop under lws (loop.h). A prepare handle runs just
 * before the loop blocks, that is after every callback of the turn. */
#include <stdlib.h>
#include <uv.h>

#include "server/loop.h"

struct pf_loop {
    uv_loop_t uv;
    void *foreign[1];
    uv_prepare_t prepare;
    bool (*turn)(void *arg);
    void *arg;
};

pf_loop *pf_loop_new(void)
{
    pf_loop *l = calloc(1, sizeof *l);
    if (l && uv_loop_init(&l->uv)) {
        free(l);
        return NULL;
    }
    return l;
}

void pf_loop_attach(pf_loop *l, struct lws_context_creation_info *info)
{
    l->foreign[0] = &l->uv;
    info->options |= LWS_SERVER_OPTION_LIBUV;
    info->foreign_loops = l->foreign;
}

static void prepared(uv_prepare_t *h)
{
    pf_loop *l = h->data;
    if (!l->turn(l->arg))
        uv_stop(&l->uv);
}

void pf_loop_run(pf_loop *l, bool (*turn)(void *arg), void *arg)
{
    if (!turn(arg))
        return;
    l->turn = turn, l->arg = arg;
    uv_prepare_init(&l->uv, &l->prepare);
    l->prepare.data = l;
    uv_prepare_start(&l->prepare, prepared);
    uv_run(&l->uv, UV_RUN_DEFAULT);
    uv_close((uv_handle_t *)&l->prepare, NULL);
    uv_run(&l->uv, UV_RUN_NOWAIT); /* its close */
}

uv_loop_t *pf_loop_uv(pf_loop *l)
{
    return &l->uv;
}

/* Runs the loop without waiting until nothing is left to close. */
static void drain(pf_loop *l)
{
    for (int i = 0; i < 1000 && uv_run(&l->uv, UV_RUN_NOWAIT); i++)
        ;
}

void pf_loop_free(pf_loop *l, struct lws_context *ctx)
{
    if (!l)
        return;
    /* On a foreign loop lws_context_destroy only starts closing its
     * handles; once they have closed, called again, it frees the context. */
    if (ctx) {
        lws_context_destroy(ctx);
        drain(l);
        lws_context_destroy(ctx);
    }
    drain(l);
    uv_loop_close(&l->uv);
    free(l);
}
