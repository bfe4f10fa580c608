/* template.c: Last Counter's rules (template.h tells the game) and its
 * descriptor.
 *
 * The rules never allocate, print, read a clock or a file, or draw
 * randomness but from the state's own generator: scripts/check_rules_pure.sh
 * checks every object of this folder. The core checks the seat and the
 * action before apply runs, so apply never repeats those checks. */
#include "games/template/template.h"

int template__bag_size(const template_state *s)
{
    int n = 0;
    for (int v = 1; v <= TEMPLATE_VALUES; v++)
        n += s->bag[v];
    return n;
}

/* Takes a tile from the bag at random (the bag must not be empty). */
static uint8_t draw(template_state *s, pf_rng *rng)
{
    uint32_t k = pf_rng_below(rng, (uint32_t)template__bag_size(s));
    uint8_t v = 1;
    while (k >= s->bag[v])
        k -= s->bag[v++];
    s->bag[v]--;
    return v;
}

/* Draws seat's next tile, telling only that seat its value. */
static void draw_tile(template_state *s, int seat, pf_events *ev)
{
    if (template__bag_size(s) == 0) {
        s->tile[seat] = 0;
        return;
    }
    s->tile[seat] = draw(s, &s->rng);
    /* Each event carries its facts as fields (docs/design.md, "Events"):
     * what a front end needs to show the step without reading the text.
     * Seats go in the text as PF_SEAT, counted from 0 like the fields. */
    pf_events_add(ev, seat, "draw", "You draw a bonus tile worth %d.", s->tile[seat]);
    pf_events_int(ev, "seat", seat);
    pf_events_int(ev, "value", s->tile[seat]);
    pf_events_add(ev, -1, "draw", PF_SEAT_CAP " draws a bonus tile.", seat);
    pf_events_int(ev, "seat", seat);
}

/* Options are checked here, with a clear message; the core has already
 * refused keys the descriptor does not list. The setup's draws report
 * their events like apply's (secrecy compares them across seeds). */
static pf_err template_init(void *st, int seats, const pf_options *opt, uint64_t seed,
                            pf_events *ev, pf_error *err)
{
    template_state *s = st;
    int pile;
    pf_err e = pf_options_int(opt, "pile", 15, 5, TEMPLATE_PILE_MAX, &pile, err);
    if (e != PF_E_OK)
        return e;
    (void)seats; /* min_seats == max_seats: the core checked it */
    *s = (template_state){.pile = (uint8_t)pile, .winner = -1, .bag = {0, 2, 2, 2}};
    pf_rng_seed(&s->rng, seed);
    for (int p = 0; p < TEMPLATE_SEATS; p++)
        draw_tile(s, p, ev);
    return PF_E_OK;
}

static uint32_t template_to_act(const void *st)
{
    const template_state *s = st;
    return s->winner >= 0 ? 0 : 1u << s->to_move;
}

static int template_legal(const void *st, int seat, pf_action *out, int cap)
{
    const template_state *s = st;
    int n = 0;
    if (!(template_to_act(s) >> seat & 1))
        return 0;
    for (int k = 1; k <= 3 && k <= s->pile && n < cap; k++)
        out[n++] = TEMPLATE_TAKE(k);
    if (s->tile[seat] && n < cap)
        out[n++] = TEMPLATE_BONUS;
    return n;
}

static void take(template_state *s, int seat, int k, pf_events *ev)
{
    s->pile = (uint8_t)(s->pile - k);
    pf_events_add(ev, -1, "take", PF_SEAT_CAP " takes %d (%d left).", seat, k, s->pile);
    pf_events_int(ev, "seat", seat);
    pf_events_int(ev, "count", k);
    pf_events_int(ev, "left", s->pile);
    if (s->pile == 0) {
        s->winner = (int8_t)seat;
        pf_events_add(ev, -1, "win", PF_SEAT_CAP " takes the last counter and wins.", seat);
        pf_events_int(ev, "seat", seat);
    }
}

static void template_apply(void *st, int seat, pf_action a, int64_t t_ms, pf_events *ev)
{
    template_state *s = st;
    (void)t_ms; /* turn-based: the time only orders the log */
    if (a == TEMPLATE_BONUS) {
        int v = s->tile[seat];
        s->played[v]++;
        s->bonuses[seat]++;
        pf_events_add(ev, -1, "bonus", PF_SEAT_CAP " shows a bonus tile worth %d.", seat, v);
        pf_events_int(ev, "seat", seat);
        pf_events_int(ev, "value", v);
        take(s, seat, v < s->pile ? v : s->pile, ev);
        if (s->winner < 0)
            draw_tile(s, seat, ev);
    } else {
        take(s, seat, (int)a, ev);
    }
    s->to_move = (uint8_t)(1 - seat);
}

static bool template_over(const void *st, double *results)
{
    const template_state *s = st;
    if (s->winner < 0)
        return false;
    if (results)
        for (int p = 0; p < TEMPLATE_SEATS; p++)
            results[p] = p == s->winner;
    return true;
}

/* Keeps what seat knows (its own tile, everything public) and redraws the
 * rest from rng: the other tiles go back into the bag and are drawn again,
 * so the result depends on the bag's public total, never on their values.
 * The generator is reseeded: the future differs too. */
static void template_resample(void *st, int seat, pf_rng *rng)
{
    template_state *s = st;
    if (seat != PF_SEAT_GOD) {
        for (int p = 0; p < TEMPLATE_SEATS; p++)
            if (p != seat && s->tile[p])
                s->bag[s->tile[p]]++;
        for (int p = 0; p < TEMPLATE_SEATS; p++)
            if (p != seat && s->tile[p])
                s->tile[p] = draw(s, rng);
    }
    pf_rng_seed(&s->rng, pf_rng_next(rng));
}

/* Figures of a finished game for `partyfood sim` (optional). */
static int template_stats(const void *st, pf_stat *out, int cap)
{
    static const char *const names[TEMPLATE_SEATS] = {"bonuses_0", "bonuses_1"};
    const template_state *s = st;
    int k = 0;
    for (int p = 0; p < TEMPLATE_SEATS && k < cap; p++)
        out[k++] = (pf_stat){names[p], s->bonuses[p]};
    return k;
}

static const pf_option_def options[] = {
    {.key = "pile", .def = "15", .label = "Counters", .kind = PF_OPT_INT, .min = 5, .max = 40,
     .menu = true, .help = "How many counters are in the pile at the start (5 to 40)."},
    {0},
};

/* What the conformance harness plays (tests/test_conformance.c). */
static const pf_test_config test_configs[] = {
    {2, ""},
    {2, "pile=5"},
    {2, "pile=40"},
    {0, NULL},
};

/* Every slot, in game.h's order; NULL where the game has no use for an
 * optional one (each says when a game needs it). */
const pf_game pf_game_template = {
    .id = "template",
    .title = "Last Counter (template)",
    .summary = "take 1-3 counters or play your hidden bonus tile; the last counter wins",
    .min_seats = TEMPLATE_SEATS,
    .max_seats = TEMPLATE_SEATS,
    .state_size = sizeof(template_state),
    .max_steps = TEMPLATE_PILE_MAX, /* every action takes a counter at least */
    .result_min = 0,
    .result_max = 1,
    .options = options,
    .test_configs = test_configs,
    .bots = template__bots,
    .ladder = template__ladder,
    .rules = template__rules,
    .brief = template__brief,
    .secrets = "Each player's bonus tile is theirs alone until they show it.",
    .memory_game = false,   /* true when remembering hidden things is the game */
    .real_time = false,     /* true: actions ordered by their time (ready_at, plan_key) */
    .bench_bot = "counter", /* on every seat in `partyfood bench` */
    .init = template_init,
    .to_act = template_to_act,
    .legal = template_legal,
    .legal_pick = NULL, /* for speed: random playouts pick without the list */
    .playout = NULL,    /* for speed: pf_playout_loop over this descriptor */
    .check = NULL, /* legal's list is the whole truth (no continuous actions) */
    .apply = template_apply,
    .over = template_over,
    .view = template__view,
    .resample = template_resample,
    .resample_forgetful = NULL, /* views and texts show all a seat remembers */
    .resample_search = NULL, /* for speed: ISMCTS's determinizations (NULL: resample) */
    .public_head = 0, /* for speed: leading state bytes hiding nothing (bots read in place) */
    .name = template__name,
    .parse = template__parse,
    .render = template__render,
    .stats = template_stats,
    .plan_key = NULL,    /* real-time games only */
    .ready_at = NULL,    /* real-time games only */
    .skill_error = NULL, /* games whose actions carry a skill number (C-4) */
};
