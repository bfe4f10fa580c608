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
    pf_bot_plans asked; /* without standing plans, every seat is asked */
    if (!g->plan_key || !plans) {
        asked = (pf_bot_plans){0}; /* its keys are read, if never as fresh */
        plans = &asked;
    }
    /* First the fingerprints, then the asks, then the earliest: each loop's
     * branches are predictable, where one loop doing all three mispredicted
     * which seat is stale (the one that just acted) and which is earliest. */
    uint32_t set = g->to_act(c->state) & ((1u << c->seats) - 1), stale = 0;
    uint64_t key[PF_MAX_SEATS];
    for (uint32_t rest = set; rest; rest &= rest - 1) { /* the seats that may act */
        int s = __builtin_ctz(rest);
        if (!bots[s]) {
            set &= ~(1u << s);
            continue;
        }
        key[s] = plans != &asked ? g->plan_key(c->state, s) : 0;
        uint32_t fresh = (plans->valid >> s & 1) & (plans->key[s] == key[s]);
        stale |= (fresh ^ 1) << s;
    }
    for (; stale; stale &= stale - 1) {
        int s = __builtin_ctz(stale);
        pf_action sa;
        int64_t stime;
        if (ask(c, bots[s], s, &sa, &stime) != PF_E_OK) {
            set &= ~(1u << s); /* no move this step; a standing plan stays */
            continue;
        }
        plans->valid |= 1u << s;
        plans->key[s] = key[s];
        plans->a[s] = sa;
        plans->t[s] = stime;
    }
    if (!set)
        return PF_E_NOT_YOUR_TURN;
    int bs = __builtin_ctz(set);
    int64_t bt = plans->t[bs] > c->now ? plans->t[bs] : c->now;
    for (uint32_t rest = set & (set - 1); rest; rest &= rest - 1) { /* ties: the lowest seat */
        int s = __builtin_ctz(rest);
        int64_t st = plans->t[s] > c->now ? plans->t[s] : c->now;
        int take = st < bt;
        bs = take ? s : bs;
        bt = take ? st : bt;
    }
    *seat = bs;
    *a = plans->a[bs];
    *t = bt;
    return PF_E_OK;
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
