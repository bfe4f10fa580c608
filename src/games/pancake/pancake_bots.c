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
 * 11 while it can avoid it.
 *
 * Hands (C-4): a bot aims its toss and its hand misses by a normal error,
 * so no bot flicks the same p every time; flick() is that model, and the
 * game's skill_error hands it to the level ladder's searches and to front
 * ends that cannot time a person. */
#include "games/pancake/pancake.h"

#include <string.h>

/* One named level of play. */
typedef struct bot_cfg {
    double forget; /* chance of forgetting each face-down pancake seen */
    int flick;     /* aimed p in hundredths */
    int flick_sd;  /* the hand's error around the aim, hundredths (C-4: never 0) */
    bool scheme;   /* scheming chef; otherwise share once and stop */
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
    double best = -1e9;
    for (int j = 0; j < s->seats; j++) {
        if (j == s->chef)
            continue;
        double ev = (1 - a) * own_gain(s) - a * weight(s, j);
        if (ev > best)
            best = ev;
    }
    return best > 0;
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

/* Shared body of every level. */
static pf_err choose(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t, const bot_cfg *cfg)
{
    pancake_state s;
    int me = pf_obs_seat(o);
    pf_obs_sample(o, rng, &s);
    *t = pf_obs_now(o);
    switch (s.phase) {
    case PANCAKE_P_TOSS:
        *a = PANCAKE_A_TOSS + (unsigned)flick(cfg->flick, cfg->flick_sd, rng);
        return PF_E_OK;
    case PANCAKE_P_SHARE:
        *a = keep_sharing(&s, cfg, rng) ? PANCAKE_A_PICK : PANCAKE_A_STOP;
        return PF_E_OK;
    case PANCAKE_P_ASK:
        *a = PANCAKE_A_ASK + (unsigned)whom(&s, cfg, rng);
        return PF_E_OK;
    case PANCAKE_P_GUESS:
        *a = PANCAKE_A_GUESS + (unsigned)guess(&s, me, cfg, rng);
        return PF_E_OK;
    default:
        return PF_E_GAME_OVER;
    }
}

#define LEVEL(fn, forget, aim, sd, scheme)                                                         \
    static pf_err fn(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)                       \
    {                                                                                              \
        static const bot_cfg cfg = {forget, aim, sd, scheme};                                      \
        return choose(o, rng, a, t, &cfg);                                                         \
    }
/* A steady adult hand: 5 hundredths, against the average 8. */
LEVEL(choose_schemer, 0.0, 90, 5, true)
LEVEL(choose_guesser, 0.0, 50, 5, false)
LEVEL(choose_forgetful, 0.25, 80, MEDIUM_FLICK_SD, true)
LEVEL(choose_child, 0.5, 60, 15, true)
#undef LEVEL

const pf_bot_def pancake__bots[] = {
    {"schemer",
     "perfect memory; as chef flicks hard (aims at 0.90, a steady hand) and shares by "
     "expected gain, keeping the leader from 12",
     choose_schemer},
    {"guesser", "perfect memory; as chef aims its toss at 0.50 and shares once", choose_guesser},
    {"forgetful", "forgets a quarter of the face-down pancakes it saw; scheming chef",
     choose_forgetful},
    {"child", "forgets half of the face-down pancakes it saw; scheming chef, wobbly flick",
     choose_child},
    {NULL, NULL, NULL}};

/* The levels a person picks (easy to expert), measured in docs/bots.md. */
const pf_rung pancake__ladder[PF_LEVELS] = {
    {"child", 0, 0, NULL, false, "the child bot: forgets half of what went face down", 1},
    {"forgetful", 0, 0, NULL, false,
     "the forgetful bot: forgets a quarter of what went face down, scheming chef", 1},
    {"schemer", 0, 0, NULL, false,
     "the schemer: perfect memory, flicks hard, shares by expected gain", 1},
    {NULL, 0, 1000, "schemer", true,
     "paired search, 1000 schemer playouts a decision, leaves the schemer's move at z > 2; "
     "the schemer's steady hand",
     5.0 / 8},
};
