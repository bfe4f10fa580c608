/* drive.c: one step of a game played by bots, in simulated time. */
#include "partyfood/bot.h"

void pf_bot_plans_clear(pf_bot_plans *p)
{
    p->valid = 0;
}

/* The generator a chance-free bot is given: any will do (not xoshiro's
 * all-zero state), and seeding one for every ask cost Paku Paku's bench a
 * tenth of its time. */
static const pf_rng unseeded = {{1, 2, 3, 4}};

/* Asks seat s's bot for its move; PF_E_OK with *a and *t set. */
static pf_err ask(const pf_bot_ctx *c, const pf_bot_def *bot, int s, pf_action *a,
                  int64_t *t)
{
    pf_obs o;
    pf_rng rng = unseeded;
    pf_obs_init(&o, c->game, c->state, s, c->seats, c->step, c->now);
    if (!bot->chance_free)
        pf_rng_seed(&rng, pf_seed_derive(c->seed, (uint64_t)c->step * PF_MAX_SEATS + (uint64_t)s));
    *t = c->now;
    return bot->choose(&o, &rng, a, t);
}

pf_err pf_bots_next_planned(const pf_bot_ctx *c, const pf_bot_def *const *bots,
                            pf_bot_plans *plans, int *seat, pf_action *a, int64_t *t)
{
    const pf_game *g = c->game;
    uint32_t set = g->to_act(c->state) & ((1u << c->seats) - 1);
    pf_err best = PF_E_NOT_YOUR_TURN;
    int bs = 0;
    pf_action ba = 0;
    int64_t bt = 0;
    if (!g->plan_key)
        plans = NULL;
    for (; set; set &= set - 1) { /* the seats that may act, lowest first */
        int s = __builtin_ctz(set);
        if (!bots[s])
            continue;
        pf_action sa;
        int64_t stime;
        uint64_t key = plans ? g->plan_key(c->state, s) : 0;
        if (plans && (plans->valid & (1u << s)) && plans->key[s] == key) {
            sa = plans->a[s];
            stime = plans->t[s];
        } else {
            if (ask(c, bots[s], s, &sa, &stime) != PF_E_OK)
                continue;
            if (plans) {
                plans->valid |= 1u << s;
                plans->key[s] = key;
                plans->a[s] = sa;
                plans->t[s] = stime;
            }
        }
        if (stime < c->now)
            stime = c->now;
        /* selects without a branch: which seat is earliest is unpredictable */
        int take = (best != PF_E_OK) | (stime < bt);
        bs = take ? s : bs;
        ba = take ? sa : ba;
        bt = take ? stime : bt;
        best = PF_E_OK;
    }
    if (best == PF_E_OK) {
        *seat = bs;
        *a = ba;
        *t = bt;
    }
    return best;
}

pf_err pf_bots_next(const pf_bot_ctx *c, const pf_bot_def *const *bots, int *seat,
                    pf_action *a, int64_t *t)
{
    return pf_bots_next_planned(c, bots, NULL, seat, a, t);
}

pf_err pf_bot_plan(const pf_bot_ctx *c, const pf_bot_def *bot, int seat, pf_action *a,
                   int64_t *t)
{
    if (seat < 0 || seat >= c->seats)
        return PF_E_BAD_SEAT;
    const pf_bot_def *bots[PF_MAX_SEATS] = {0};
    bots[seat] = bot;
    int s;
    return pf_bots_next(c, bots, &s, a, t);
}

int pf_bots_play(const pf_game *g, void *st, int seats, const pf_bot_def *const *bots,
                 uint64_t seed)
{
    pf_bot_plans plans;
    pf_bot_plans_clear(&plans);
    pf_bot_ctx c = {.game = g, .state = st, .seats = seats, .step = 0, .now = 0, .seed = seed};
    while (!g->over(st, NULL)) {
        int seat;
        pf_action a;
        int64_t t;
        if (c.step >= g->max_steps || pf_bots_next_planned(&c, bots, &plans, &seat, &a, &t))
            return PF_BOTS_STUCK;
        if (g->check) {
            /* the loop checked over and seat came from to_act: only the
             * game's own check of pf_state_apply is left to do */
            if (g->check(st, seat, a, t) != PF_E_OK)
                return PF_BOTS_ILLEGAL;
            g->apply(st, seat, a, t, NULL);
        } else if (pf_state_apply(g, st, seat, a, t, NULL, NULL) != PF_E_OK) {
            return PF_BOTS_ILLEGAL;
        }
        c.now = t;
        c.step++;
    }
    return c.step;
}
