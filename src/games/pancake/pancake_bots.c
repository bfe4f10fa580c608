/* pancake_bots.c: Yummy Yummy Pancake bots. Each plays both roles, chef and guesser.
 *
 * What a seat knows (YYP-7): the multiset of pancakes that went face-down
 * this turn (everyone saw the pan face-up before the toss), and, for the
 * chef, the bonus pancake's topping and the picked one's. A bot reads these
 * from a sample (pf_obs_sample), whose public parts are exact and whose
 * hidden parts agree with what the seat knows; it never sees the true state.
 *
 * Memory: a bot with forget rate q recalls each face-down pancake it saw
 * with probability 1-q, independently at every decision (bots keep no state
 * between calls); a forgotten pancake counts as an average pancake of the
 * box. q = 0 is perfect memory. The guesser names the topping with the best
 * expected gain under what it recalls (in the chocolate gamble, chocolate
 * wins or loses a second pancake). The scheming chef flicks hard (more
 * face-down pancakes: more bonus and more chances), shares while the
 * expected gain of a share is positive, and gives a pancake it expects to be
 * guessed right to the player it least minds helping, never to a player on
 * 11 while it can avoid it. The `stopper` chef looks further: it goes on
 * while the shares to come are worth more than stopping, playing each of
 * them as well (pick_value), so a share that only breaks even is made when
 * it can leave a pan worth sharing on; in a two-player game it never hands
 * an opponent on 11 the next toss (whose bonus wins) and, on 11 itself,
 * stops for its own next toss unless the opponent is within 3. The
 * planner (pancake_planner.c) is the stopper with a search near the end.
 *
 * Hands (C-4): a bot aims its toss and its hand misses by a normal error,
 * so no bot flicks the same p every time; flick() is that model, and the
 * game's skill_error hands it to the level ladder's searches and to front
 * ends that cannot time a person. */
#include "games/pancake/pancake.h"

#include <math.h>
#include <string.h>

/* One named level of play. */
typedef struct bot_cfg {
    double forget;  /* chance of forgetting each face-down pancake seen */
    int flick;      /* aimed p in hundredths */
    int flick_sd;   /* the hand's error around the aim, hundredths (C-4: never 0) */
    bool scheme;    /* scheming chef; otherwise share once and stop */
    bool lookahead; /* the scheming chef looks past the next share */
} bot_cfg;

/* An average hand's flick error, hundredths: the forgetful bot's, which is
 * the `medium` level (docs/bots.md). */
#define MEDIUM_FLICK_SD 8

/* The p (hundredths) a hand aiming at aim tosses: a normal error of sd,
 * kept within what a flick can do. The one error model of a toss, shared
 * by the bots and by front ends that cannot time a person (C-4). */
static int flick(double aim, double sd, pf_rng *rng)
{
    double h = aim + sd * pf_rng_normal(rng);
    int hi = (int)(h + 0.5);
    if (hi < PANCAKE_P_MIN)
        hi = PANCAKE_P_MIN;
    if (hi > PANCAKE_P_MAX)
        hi = PANCAKE_P_MAX;
    return hi;
}

bool pancake__skill_error(pf_action aim, double wobble, pf_rng *rng, pf_action *played)
{
    *played = aim;
    if (aim < PANCAKE_A_TOSS + PANCAKE_P_MIN || aim > PANCAKE_A_TOSS + PANCAKE_P_MAX)
        return false;
    *played = PANCAKE_A_TOSS + (unsigned)flick(aim - PANCAKE_A_TOSS, wobble * MEDIUM_FLICK_SD, rng);
    return true;
}

static const double box_share[PANCAKE_TOPPINGS] = {8 / 36.0, 8 / 36.0, 8 / 36.0, 8 / 36.0,
                                                   4 / 36.0};

/* What the bot recalls of counts c: each pancake kept with probability
 * 1-forget, the forgotten ones spread by the box's proportions. */
static void recall(const int c[PANCAKE_TOPPINGS], double forget, pf_rng *rng,
                   double out[PANCAKE_TOPPINGS])
{
    int lost = 0;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++) {
        int kept = c[t];
        if (forget > 0)
            for (int i = 0; i < c[t]; i++)
                if (pf_rng_double(rng) < forget)
                    kept--, lost++;
        out[t] = kept;
    }
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        out[t] += lost * box_share[t];
}

/* The index of the largest of v[0..n), ties broken at random. */
static int argmax(const double *v, int n, pf_rng *rng)
{
    int best = 0, ties = 1;
    for (int i = 1; i < n; i++) {
        if (v[i] > v[best] + 1e-12)
            best = i, ties = 1;
        else if (v[i] > v[best] - 1e-12 && pf_rng_below(rng, (uint32_t)++ties) == 0)
            best = i;
    }
    return best;
}

/* The guesser's answer: the topping with the best expected gain. */
static int guess(const pancake_state *s, int me, const bot_cfg *cfg, pf_rng *rng)
{
    int c[PANCAKE_TOPPINGS];
    double r[PANCAKE_TOPPINGS], tot = 0;
    pancake__public_down(s, c);
    recall(c, cfg->forget, rng, r);
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        tot += r[t];
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        r[t] = tot > 0 ? r[t] / tot : 0.2;
    if (s->gamble) {
        double p = r[PANCAKE_CHOC];
        r[PANCAKE_CHOC] = p * (1 + (s->pile[s->chef] > 0)) - (1 - p) * (s->pile[me] > 0);
    }
    return argmax(r, PANCAKE_TOPPINGS, rng);
}

/* How much the chef minds seat j winning a pancake, against 1 for its own. */
static double weight(const pancake_state *s, int j)
{
    int me = s->chef, lead = 0;
    if (s->pile[j] >= PANCAKE_WIN - 1)
        return 100; /* one more and j wins */
    for (int i = 0; i < s->seats; i++)
        if (i != me && s->pile[i] > lead)
            lead = s->pile[i];
    if (s->pile[j] == lead && lead + 1 >= s->pile[me])
        return 1.0; /* the leader */
    return 1.0 / (s->seats - 1);
}

/* The chef's gain for one pancake of its own. */
static double own_gain(const pancake_state *s)
{
    return s->pile[s->chef] >= PANCAKE_WIN - 1 ? 100 : 1;
}

/* The chance a guesser names topping t, when guessers go by the public
 * multiset (recalled by the chef with its own memory). */
static void guess_chances(const pancake_state *s, const bot_cfg *cfg, pf_rng *rng,
                          double g[PANCAKE_TOPPINGS])
{
    int c[PANCAKE_TOPPINGS], ties = 0;
    double r[PANCAKE_TOPPINGS], best = -1;
    pancake__public_down(s, c);
    recall(c, cfg->forget, rng, r);
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        if (r[t] > best + 1e-12)
            best = r[t];
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        ties += r[t] > best - 1e-12;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        g[t] = r[t] > best - 1e-12 ? 1.0 / ties : 0;
}

/* The chef's expected gain from picking now and sharing on while it pays:
 * d the face-down counts (n of them), pub what the guessers know to be
 * among them (d and the bonus), a wrong guess worth own to the chef and a
 * right one costing lose; guessers name the topping most often in pub.
 * memo[] caches the value of going on with each sub-multiset of the
 * turn's d (index in mixed radix, NaN: not yet known). Looking past the
 * next share is what a myopic chef misses: a share that breaks even can
 * leave a pan worth sharing further. */
typedef struct share_plan {
    double own, lose;
    int radix[PANCAKE_TOPPINGS];
    double memo[128]; /* enough: 7 pancakes over 5 toppings have at most 72 sub-multisets */
} share_plan;

static double pick_value(share_plan *p, int d[PANCAKE_TOPPINGS], int pub[PANCAKE_TOPPINGS], int n)
{
    int best = 0, modes = 0;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        best = pub[t] > best ? pub[t] : best;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        modes += pub[t] == best;
    double v = 0;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++) {
        if (!d[t])
            continue;
        double named = pub[t] == best ? 1.0 / modes : 0;
        d[t]--, pub[t]--;
        double on = 0;
        if (n > 1) {
            int key = 0;
            for (int u = 0; u < PANCAKE_TOPPINGS; u++)
                key += d[u] * p->radix[u];
            if (isnan(p->memo[key]))
                p->memo[key] = pick_value(p, d, pub, n - 1);
            on = p->memo[key] > 0 ? p->memo[key] : 0; /* stop rather than lose */
        }
        d[t]++, pub[t]++;
        v += (double)d[t] / n * (named * -p->lose + (1 - named) * p->own + on);
    }
    return v;
}

/* Chef in the sharing step: true to pick another pancake, false to stop. */
static bool keep_sharing(const pancake_state *s, const bot_cfg *cfg, pf_rng *rng)
{
    if (!s->shared)
        return true; /* must share once */
    if (!cfg->scheme)
        return false;
    double g[PANCAKE_TOPPINGS], a = 0;
    guess_chances(s, cfg, rng, g);
    int d[PANCAKE_TOPPINGS] = {0};
    for (int i = 0; i < s->down_n; i++)
        d[s->down[i]]++;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        a += g[t] * d[t] / s->down_n;
    double best = -1e9, lose = 1e9;
    for (int j = 0; j < s->seats; j++) {
        if (j == s->chef)
            continue;
        double ev = (1 - a) * own_gain(s) - a * weight(s, j);
        if (ev > best)
            best = ev;
        if (weight(s, j) < lose)
            lose = weight(s, j);
    }
    if (cfg->lookahead && s->seats == 2) {
        int opp = 1 - s->chef, me = s->chef;
        if (s->pile[opp] == PANCAKE_WIN - 1)
            return true; /* stopping hands them the next toss, and its bonus wins */
        if (s->pile[me] == PANCAKE_WIN - 1 && s->pile[opp] <= PANCAKE_WIN - 4)
            return false; /* our next toss's bonus wins, unless they gain 4 first */
    }
    if (!cfg->lookahead || best > 0)
        return best > 0;
    share_plan p = {.own = own_gain(s), .lose = lose};
    for (int t = 0, r = 1; t < PANCAKE_TOPPINGS; r *= d[t] + 1, t++)
        p.radix[t] = r;
    for (int i = 0; i < 128; i++)
        p.memo[i] = NAN;
    int pub[PANCAKE_TOPPINGS];
    pancake__public_down(s, pub);
    return pick_value(&p, d, pub, s->down_n) > 1e-9;
}

/* Chef with a picked pancake: the seat to ask. */
static int whom(const pancake_state *s, const bot_cfg *cfg, pf_rng *rng)
{
    double g[PANCAKE_TOPPINGS], ev[4];
    int seats[4], n = 0;
    guess_chances(s, cfg, rng, g);
    double a = cfg->scheme ? g[s->cur] : 0.5;
    for (int j = 0; j < s->seats; j++) {
        if (j == s->chef)
            continue;
        double e = (1 - a) * own_gain(s) - a * weight(s, j);
        /* A sure miss: ask the biggest pile (the gamble may take from it). */
        if (a == 0)
            e += 1e-3 * s->pile[j];
        seats[n] = j;
        ev[n++] = e;
    }
    return seats[argmax(ev, n, rng)];
}

/* What a bot of cfg plays as seat me in s, a sample of its observation (or,
 * in a planner's playout, a determinization: every rule above reads only
 * what the acting seat knows). */
static pf_action policy(const pancake_state *s, int me, const bot_cfg *cfg, pf_rng *rng)
{
    switch (s->phase) {
    case PANCAKE_P_TOSS:
        return PANCAKE_A_TOSS + (unsigned)flick(cfg->flick, cfg->flick_sd, rng);
    case PANCAKE_P_SHARE:
        return keep_sharing(s, cfg, rng) ? PANCAKE_A_PICK : PANCAKE_A_STOP;
    case PANCAKE_P_ASK:
        return PANCAKE_A_ASK + (unsigned)whom(s, cfg, rng);
    default:
        return PANCAKE_A_GUESS + (unsigned)guess(s, me, cfg, rng);
    }
}

/* Shared body of every level. */
static pf_err choose(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t, const bot_cfg *cfg)
{
    pancake_state s;
    pf_obs_sample(o, rng, &s);
    if (s.phase == PANCAKE_P_OVER)
        return PF_E_GAME_OVER;
    *t = pf_obs_now(o);
    *a = policy(&s, pf_obs_seat(o), cfg, rng);
    return PF_E_OK;
}

/* A steady adult hand: 5 hundredths, against the average 8. */
static const bot_cfg schemer_cfg = {0.0, 90, 5, true, false};
static const bot_cfg stopper_cfg = {0.0, 90, 5, true, true};

pf_action pancake__scheming_move(const pancake_state *s, bool stopper, pf_rng *rng)
{
    return policy(s, s->phase == PANCAKE_P_GUESS ? s->guesser : s->chef,
                  stopper ? &stopper_cfg : &schemer_cfg, rng);
}

#define LEVEL(fn, forget, aim, sd, scheme)                                                         \
    static pf_err fn(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)                       \
    {                                                                                              \
        static const bot_cfg cfg = {forget, aim, sd, scheme, false};                               \
        return choose(o, rng, a, t, &cfg);                                                         \
    }
static pf_err choose_schemer(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return choose(o, rng, a, t, &schemer_cfg);
}
LEVEL(choose_guesser, 0.0, 50, 5, false)
LEVEL(choose_forgetful, 0.25, 80, MEDIUM_FLICK_SD, true)
LEVEL(choose_child, 0.5, 60, 15, true)
#undef LEVEL

static pf_err choose_stopper(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    return choose(o, rng, a, t, &stopper_cfg);
}

const pf_bot_def pancake__bots[] = {
    {"schemer",
     "perfect memory; as chef flicks hard (aims at 0.90, a steady hand) and shares by "
     "expected gain, keeping the leader from 12",
     choose_schemer, false},
    {"stopper",
     "the schemer, but as chef goes on sharing while the shares to come pay, not only the "
     "next, and plays the race to 12 in two-player games",
     choose_stopper, false},
    {"planner",
     "the stopper, but once a pile holds 9 it weighs each further share against stopping "
     "by 400 paired playouts",
     pancake__choose_planner, false},
    {"guesser", "perfect memory; as chef aims its toss at 0.50 and shares once", choose_guesser,
     false},
    {"forgetful", "forgets a quarter of the face-down pancakes it saw; scheming chef",
     choose_forgetful, false},
    {"child", "forgets half of the face-down pancakes it saw; scheming chef, wobbly flick",
     choose_child, false},
    {NULL, NULL, NULL, false}};

/* The levels a person picks (easy to expert), measured in docs/bots.md. */
const pf_rung pancake__ladder[PF_LEVELS] = {
    {"child", 0, 0, NULL, false, "the child bot: forgets half of what went face down", 1},
    {"forgetful", 0, 0, NULL, false,
     "the forgetful bot: forgets a quarter of what went face down, scheming chef", 1},
    {"schemer", 0, 0, NULL, false,
     "the schemer: perfect memory, flicks hard, shares by expected gain", 1},
    {"planner", 0, 0, NULL, false,
     "the planner: shares while the shares to come pay, plays the race to 12, and near the end "
     "weighs sharing on against stopping by 400 paired playouts",
     1},
};
