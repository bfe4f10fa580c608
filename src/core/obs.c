/* obs.c: a seat's observation, the only window a bot has on a game.
 *
 * The true state is kept in the opaque storage of pf_obs; every function
 * here hands out only what the seat may know. */
#include <assert.h>
#include <string.h>

#include "partyfood/obs.h"

typedef struct obs_impl {
    const pf_game *game;
    const void *st;
    int32_t seat, seats, step, pad_;
    int64_t now;
} obs_impl;

_Static_assert(sizeof(obs_impl) <= sizeof(pf_obs), "pf_obs storage too small");

static const obs_impl *impl(const pf_obs *o)
{
    return (const obs_impl *)(const void *)o->opaque_;
}

void pf_obs_init(pf_obs *o, const pf_game *g, const void *st, int seat, int seats,
                 int step, int64_t now)
{
    obs_impl *p = (obs_impl *)(void *)o->opaque_;
    *p = (obs_impl){g, st, seat, seats, step, 0, now};
}

const pf_game *pf_obs_game(const pf_obs *o) { return impl(o)->game; }
int pf_obs_seat(const pf_obs *o) { return impl(o)->seat; }
int pf_obs_seats(const pf_obs *o) { return impl(o)->seats; }
int64_t pf_obs_now(const pf_obs *o) { return impl(o)->now; }
int pf_obs_step(const pf_obs *o) { return impl(o)->step; }

int64_t pf_obs_ready(const pf_obs *o)
{
    const obs_impl *p = impl(o);
    return p->game->ready_at ? p->game->ready_at(p->st, p->seat) : p->now;
}

int pf_obs_legal(const pf_obs *o, pf_action *out, int cap)
{
    const obs_impl *p = impl(o);
    return p->game->legal(p->st, p->seat, out, cap);
}

cJSON *pf_obs_view(const pf_obs *o)
{
    const obs_impl *p = impl(o);
    return pf_state_view(p->game, p->st, p->seat);
}

void pf_obs_sample(const pf_obs *o, pf_rng *rng, void *out)
{
    const obs_impl *p = impl(o);
    memcpy(out, p->st, p->game->state_size);
    p->game->resample(out, p->seat, rng);
}

void pf_obs_sample_search(const pf_obs *o, pf_rng *rng, void *out)
{
    const obs_impl *p = impl(o);
    memcpy(out, p->st, p->game->state_size);
    if (p->game->resample_search)
        p->game->resample_search(out, p->seat, rng);
    else
        p->game->resample(out, p->seat, rng);
}

void pf_obs_public(const pf_obs *o, void *out)
{
    const obs_impl *p = impl(o);
    memcpy(out, p->st, p->game->state_size);
    if (p->game->conceal) {
        p->game->conceal(out, p->seat);
    } else {
        pf_rng fixed = {{1, 2, 3, 4}}; /* any but xoshiro's all-zero state */
        p->game->resample(out, p->seat, &fixed);
    }
}

const void *pf_obs_public_head(const pf_obs *o, size_t n)
{
    const obs_impl *p = impl(o);
    return n <= p->game->public_head ? p->st : NULL;
}
