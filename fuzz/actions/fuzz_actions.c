/* fuzz_actions.c: every game, driven by a stream of bytes.
 *
 * The first bytes pick a game, one of its test configurations (seats and
 * options), maybe another seat count, and a seed. Each later byte is an
 * operation, with its own bytes after it:
 *   - play one of the legal actions of a seat that may act (most often);
 *   - a raw 32-bit action for any seat, legal or not;
 *   - a name made of arbitrary bytes, parsed and applied;
 *   - a legal action from a seat that may not act, or at an earlier time;
 *   - a move of one of the game's bots, a resample, the views and the text
 *     of every seat.
 * After each one it checks what must always hold: a refused action leaves
 * the state and the history as they were, an accepted one is deterministic
 * (a clone given the same action ends the same), who acts agrees with
 * over(), results lie within the game's bounds, events go to real seats,
 * every view builds, resampling for a seat never changes what it sees, and
 * at the end the replay (saved, printed, parsed and loaded) rebuilds the
 * same state. A broken check aborts with a message: a finding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/match.h"
#include "partyfood/bot.h"
#include "partyfood/replay.h"

#define EVENT_CAP 256
#define TEXT_CAP 16384
#define BOT_MOVES 4 /* per input: some bots search */

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "fuzz_actions: %s: ", #cond);                                  \
            fprintf(stderr, __VA_ARGS__);                                                  \
            fputc('\n', stderr);                                                           \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

/* The input, read from the front; zeros once it runs out. */
typedef struct input {
    const uint8_t *p;
    size_t n;
} input;

static uint64_t take(input *in, int bytes)
{
    uint64_t x = 0;
    for (int i = 0; i < bytes && in->n; i++, in->p++, in->n--)
        x |= (uint64_t)in->p[0] << (8 * i);
    return x;
}

/* The k-th seat (mod their count) of a non-empty set. */
static int pick_seat(uint32_t set, unsigned k)
{
    k %= (unsigned)__builtin_popcount(set);
    while (k--)
        set &= set - 1;
    return __builtin_ctz(set);
}

/* A test configuration's "k=v;k=v" options. */
static void parse_options(const char *spec, pf_options *o)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", spec);
    pf_options_clear(o);
    char *save = NULL;
    for (char *kv = strtok_r(buf, ";", &save); kv; kv = strtok_r(NULL, ";", &save))
        CHECK(pf_options_parse(o, kv, NULL) == PF_E_OK, "test config option '%s'", kv);
}

static char *view_text(const pf_game *g, const void *st, int seat)
{
    cJSON *v = pf_state_view(g, st, seat);
    CHECK(v != NULL, "%s: no view for seat %d", g->id, seat);
    char *text = cJSON_PrintUnformatted(v);
    CHECK(text != NULL, "%s: view of seat %d does not print", g->id, seat);
    cJSON_Delete(v);
    return text;
}

/* What holds in every state, whatever was played. */
static void check_state(const pf_match *m)
{
    const pf_game *g = m->game;
    uint32_t set = g->to_act(m->state);
    double results[PF_MAX_SEATS];
    bool over = g->over(m->state, results);
    CHECK((set == 0) == over, "%s: to_act %#x but over=%d", g->id, set, over);
    CHECK(set < (1u << m->seats), "%s: to_act %#x names a seat past %d", g->id, set,
          m->seats);
    CHECK(m->nsteps <= g->max_steps, "%s: %d steps, more than max_steps %d", g->id,
          m->nsteps, g->max_steps);
    for (int i = 0; over && i < m->seats; i++)
        CHECK(results[i] >= g->result_min && results[i] <= g->result_max,
              "%s: seat %d's result %g is out of [%g, %g]", g->id, i, results[i],
              g->result_min, g->result_max);
}

static void check_events(const pf_match *m, const pf_events *ev)
{
    for (int i = 0; i < ev->n; i++) {
        const pf_event *e = &ev->buf[i];
        CHECK(e->to >= -1 && e->to < m->seats, "%s: event '%s' sent to seat %d",
              m->game->id, e->kind, e->to);
        CHECK(memchr(e->kind, '\0', sizeof e->kind) && memchr(e->text, '\0', sizeof e->text),
              "%s: an event's text is not terminated", m->game->id);
    }
}

/* Tries something that may be refused: when it is, nothing changed. */
static void try_apply(pf_match *m, int seat, pf_action a, const char *name, int64_t t)
{
    const pf_game *g = m->game;
    void *before = malloc(g->state_size);
    memcpy(before, m->state, g->state_size);
    int nsteps = m->nsteps;
    pf_event buf[EVENT_CAP];
    pf_events ev = {buf, 0, EVENT_CAP, 0};
    pf_error err;
    pf_err e = name ? pf_match_apply_named(m, seat, name, t, &ev, &err)
                    : pf_match_apply(m, seat, a, t, &ev, &err);
    if (e != PF_E_OK) {
        CHECK(memcmp(before, m->state, g->state_size) == 0 && m->nsteps == nsteps,
              "%s: refused action changed the state (%s)", g->id, err.msg);
        CHECK(ev.n == 0, "%s: refused action made events", g->id);
    } else {
        check_events(m, &ev);
    }
    free(before);
}

/* A legal action of an acting seat: accepted, and the same on a clone. */
static void play_legal(pf_match *m, int seat, unsigned k, int64_t t)
{
    const pf_game *g = m->game;
    static pf_action legal[PF_MAX_LEGAL];
    int n = g->legal(m->state, seat, legal, PF_MAX_LEGAL);
    CHECK(n > 0 && n <= PF_MAX_LEGAL, "%s: seat %d may act but has %d legal actions", g->id,
          seat, n);
    for (int i = 1; i < n; i++)
        CHECK(legal[i - 1] < legal[i], "%s: legal actions not sorted and unique", g->id);
    pf_action a = legal[k % (unsigned)n];
    if (g->ready_at && g->ready_at(m->state, seat) > t) /* busy hands: PAKU-10 */
        t = g->ready_at(m->state, seat);
    void *clone = malloc(g->state_size);
    memcpy(clone, m->state, g->state_size);
    pf_event buf[EVENT_CAP];
    pf_events ev = {buf, 0, EVENT_CAP, 0};
    pf_error err;
    pf_err e = pf_match_apply(m, seat, a, t, &ev, &err);
    CHECK(e == PF_E_OK, "%s: legal action %u of seat %d refused: %s", g->id, a, seat,
          err.msg);
    check_events(m, &ev);
    g->apply(clone, seat, a, t, NULL);
    CHECK(memcmp(clone, m->state, g->state_size) == 0,
          "%s: the same action on a clone gave another state", g->id);
    free(clone);
}

/* Resampling for seat redraws what it does not know, never what it sees. */
static void check_resample(const pf_match *m, int seat, uint64_t seed)
{
    const pf_game *g = m->game;
    void *sample = malloc(g->state_size);
    memcpy(sample, m->state, g->state_size);
    pf_rng rng;
    pf_rng_seed(&rng, seed);
    g->resample(sample, seat, &rng);
    char *seen = view_text(g, m->state, seat), *resampled = view_text(g, sample, seat);
    CHECK(strcmp(seen, resampled) == 0, "%s: resample for seat %d changed its view:\n%s\n%s",
          g->id, seat, seen, resampled);
    free(seen);
    free(resampled);
    free(sample);
}

static void check_texts(const pf_match *m)
{
    const pf_game *g = m->game;
    static char text[TEXT_CAP];
    for (int p = PF_SEAT_GOD; p < m->seats; p++) {
        free(view_text(g, m->state, p));
        text[TEXT_CAP - 1] = 'x';
        g->render(m->state, p, text, TEXT_CAP - 1);
        CHECK(text[TEXT_CAP - 1] == 'x' && memchr(text, '\0', TEXT_CAP - 1),
              "%s: render for seat %d overran its buffer", g->id, p);
    }
}

/* One of the game's own bots moves (the generic ladder's searches are too
 * slow to fuzz; the engine target reaches them). */
static void bot_move(pf_match *m, int seat, unsigned k)
{
    int n = 0;
    while (m->game->bots && m->game->bots[n].name)
        n++;
    if (n == 0)
        return;
    const pf_bot_def *bot = &m->game->bots[k % (unsigned)n];
    pf_event buf[EVENT_CAP];
    pf_events ev = {buf, 0, EVENT_CAP, 0};
    pf_error err;
    pf_action a;
    int64_t t;
    pf_bot_ctx c = {m->game, m->state, m->seats, m->nsteps, m->now, m->seed};
    pf_err e = pf_bot_plan(&c, bot, seat, &a, &t);
    CHECK(e == PF_E_OK, "%s: bot '%s' found no move for seat %d", m->game->id, bot->name, seat);
    e = pf_match_apply(m, seat, a, t < m->now ? m->now : t, &ev, &err);
    CHECK(e == PF_E_OK, "%s: bot '%s' failed for seat %d: %s", m->game->id, bot->name, seat,
          err.msg);
    check_events(m, &ev);
}

/* Save, print, parse, load: the same game. */
static void check_replay(const pf_match *m)
{
    cJSON *r = pf_match_save(m);
    char *text = cJSON_PrintUnformatted(r);
    cJSON_Delete(r);
    cJSON *parsed = cJSON_Parse(text);
    pf_error err;
    pf_match *back = pf_match_load(parsed, &err);
    CHECK(back != NULL, "%s: its own replay does not load: %s\n%s", m->game->id, err.msg,
          text);
    CHECK(back->nsteps == m->nsteps &&
              memcmp(back->state, m->state, m->game->state_size) == 0,
          "%s: the replay rebuilds another state:\n%s", m->game->id, text);
    pf_match_destroy(back);
    cJSON_Delete(parsed);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, size};
    const pf_game *g = pf_game_at((int)(take(&in, 1) % (unsigned)pf_game_count()));
    int nconfigs = 0;
    while (g->test_configs[nconfigs].seats)
        nconfigs++;
    const pf_test_config *cfg = &g->test_configs[take(&in, 1) % (unsigned)nconfigs];
    unsigned seats_byte = (unsigned)take(&in, 1);
    int seats = cfg->seats;
    if (seats_byte & 0x80) /* another table size: the options may refuse it */
        seats = g->min_seats + (int)(seats_byte % (unsigned)(g->max_seats - g->min_seats + 1));
    uint64_t seed = take(&in, 8);
    pf_options opt;
    parse_options(cfg->options, &opt);
    pf_match *m = pf_match_create(g, seats, &opt, seed, NULL);
    if (!m)
        return 0;
    int bot_moves = 0;
    check_state(m);
    while (in.n && !pf_match_over(m, NULL)) {
        unsigned op = (unsigned)take(&in, 1);
        uint32_t set = g->to_act(m->state);
        int seat = pick_seat(set, (unsigned)take(&in, 1));
        int64_t t = m->now + (g->real_time ? (int64_t)take(&in, 1) * 16 : 0);
        switch (op % 12) {
        case 8: /* any 32 bits from any seat, even none */
            try_apply(m, (int)(take(&in, 1) % (PF_MAX_SEATS + 2)) - 1,
                      (pf_action)take(&in, 4), NULL, t);
            break;
        case 9: { /* a name of arbitrary bytes */
            char name[64];
            size_t len = take(&in, 1) % sizeof name;
            len = len < in.n ? len : in.n;
            memcpy(name, in.p, len);
            name[len] = '\0';
            in.p += len, in.n -= len;
            try_apply(m, seat, 0, name, t);
            break;
        }
        case 10: { /* a legal action from the wrong seat, or too early */
            pf_action legal[PF_MAX_LEGAL];
            int n = g->legal(m->state, seat, legal, PF_MAX_LEGAL);
            unsigned k = (unsigned)take(&in, 2);
            uint32_t idle = ~set & ((1u << m->seats) - 1);
            if (idle)
                try_apply(m, pick_seat(idle, k), legal[k % (unsigned)n], NULL, t);
            if (g->real_time)
                try_apply(m, seat, legal[k % (unsigned)n], NULL, m->now - 1 - (k & 0xff));
            break;
        }
        case 11: /* the rest of what a client or a bot does */
            switch (take(&in, 1) % 3) {
            case 0:
                check_resample(m, (int)(take(&in, 1) % (unsigned)(m->seats + 1)) - 1,
                               take(&in, 8));
                break;
            case 1:
                check_texts(m);
                break;
            default:
                if (bot_moves++ < BOT_MOVES)
                    bot_move(m, seat, (unsigned)take(&in, 1));
            }
            break;
        default:
            play_legal(m, seat, (unsigned)take(&in, 2), t);
        }
        check_state(m);
    }
    if (pf_match_over(m, NULL))
        try_apply(m, 0, 0, NULL, m->now);
    check_replay(m);
    pf_match_destroy(m);
    return 0;
}
