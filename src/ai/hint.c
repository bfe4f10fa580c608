/* hint.c: a bot's move planned for one seat from what that seat may know,
 * and its reason.
 *
 * A plan that a seat is shown (the protocol's "plan", a hint) must depend
 * only on what the seat knows: its chance comes from a number the request
 * gives (the salt) and the seat's own view, never from the game's seed or
 * generator, which hold the deal and the future. Two worlds the seat
 * cannot tell apart then plan the same move and give the same reason. */
#include <errno.h>
#include <stdlib.h>

#include "partyfood/bot.h"
#include "partyfood/why.h"

/* The explainer's own stream of a plan's seed, apart from the bot's. */
#define EXPLAIN_STREAM 0x776879

/* FNV-1a over a text. */
static uint64_t text_hash(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

pf_err pf_plan_seed(const pf_game *g, const void *st, int seat, uint64_t salt, uint64_t *seed)
{
    /* A view's builders cannot report an allocation failing inside them
     * (they leave a member out): errno, cleared first, then holds ENOMEM. */
    errno = 0;
    cJSON *view = pf_state_view(g, st, seat);
    char *text = view ? cJSON_PrintUnformatted(view) : NULL;
    cJSON_Delete(view);
    if (!text || errno == ENOMEM) {
        free(text);
        return PF_E_NO_MEMORY;
    }
    *seed = pf_seed_derive(text_hash(text), salt);
    free(text);
    return PF_E_OK;
}

bool pf_bot_explain(const pf_bot_ctx *c, int seat, pf_action a, pf_why *why)
{
    pf_why_clear(why);
    if (!c->game->explain)
        return false;
    pf_obs o;
    pf_rng rng;
    pf_obs_init(&o, c->game, c->state, seat, c->seats, c->step, c->now);
    pf_rng_seed(&rng, pf_seed_derive(c->seed, EXPLAIN_STREAM));
    c->game->explain(&o, a, &rng, why);
    return true;
}
