/* hint.c: a bot's move planned for one seat from what that seat may know,
 * and its reason.
 *
 * A plan that a seat is shown (the protocol's "plan", a hint) must depend
 * only on what the seat knows: its chance comes from a number the request
 * gives (the salt) and the seat's own view, never from the game's seed or
 * generator, which hold the deal and the future. Two worlds the seat
 * cannot tell apart then plan the same move and give the same reason. */

#include "partyfood/bot.h"
#include "partyfood/why.h"

/* The explainer's own stream of a plan's seed, apart from the bot's. */
#define EXPLAIN_STREAM 0x776879
/* Room for a seat's picture (the largest is a few KiB). */
#define PLAN_PICTURE 16384

/* FNV-1a over a text. */
static uint64_t text_hash(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

uint64_t pf_plan_seed(const pf_game *g, const void *st, int seat, uint64_t salt)
{
    /* The seat's view as its picture: all of it the seat may see (the
     * secrecy suites check the picture as they check the JSON view), built
     * without allocating, so a plan never fails for memory. */
    char picture[PLAN_PICTURE];
    picture[0] = '\0';
    g->render(st, seat, picture, sizeof picture);
    return pf_seed_derive(text_hash(picture), salt);
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
