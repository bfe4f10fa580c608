/* test_conformance.c: the harness every registered game passes.
 *
 * For each game and each of its test_configs: many games to the end with
 * uniformly random legal actions (and increasing times for real-time
 * games), checking after every action that
 *   - applying the same action to a clone gives the same bytes;
 *   - legal actions are sorted, unique, named uniquely, and parse back, and
 *     legal_pick (where a game has it) reads the same list;
 *   - the game's playout slot (where it has one) plays what the generic
 *     loop plays;
 *   - seats not to act have no legal actions and are refused unchanged;
 *   - an action outside the legal list is refused and changes nothing;
 *   - every event is public or private to a real seat;
 * and, on sampled steps, that for every seat p
 *   - view(resample(s, p), p) == view(s, p), and the same for the text;
 *   - resample depends only on what p knows: resampling s and a resample
 *     of s with the same generator gives the same state;
 *   - the hidden part varies across resamples (for games with hidden parts),
 *     and resample reseeds the generator (two resamples differ);
 *   - the search's resample (where a game has it) keeps the view and reads
 *     nothing hidden, likewise;
 *   - conceal (where a game has it) keeps the view and gives the same bytes
 *     for the state and any resample of it: nothing hidden survives;
 *   - the state's public head (where a game declares one) is the same in
 *     the state and any resample of it: nothing hidden lies in it;
 *   - secrecy (pf_secrecy.c): whatever the seat receives from here on is the
 *     same in a second world with other hidden content and another future,
 *     until a step shows it an outcome;
 * and at the end that the game finished within max_steps, results are in
 * bounds, and replaying the action list (raw and through the replay JSON)
 * gives the same final state. Every game's views, written along random
 * games, are byte for byte what they were when cJSON printed them.
 *
 * PF_TEST_SCALE (a number, default 1) scales the number of games. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/pakupaku/pakupaku.h"
#include "games/pizza/pizza.h"
#include "partyfood/replay.h"
#include "pf_test.h"

#define MAX_CONFIGS 256
#define EVENT_CAP 256
#define TEXT_CAP 16384

typedef struct config_case {
    const pf_game *game;
    pf_test_config cfg;
    char name[160];
    long hidden_states, varied_states; /* over the whole run */
    pf_secrecy_stats secrecy;
} config_case;

static double scale(void)
{
    const char *s = getenv("PF_TEST_SCALE");
    double x = s ? atof(s) : 1.0;
    return x > 0 ? x : 1.0;
}

static char *view_text(const pf_game *g, const void *st, int seat)
{
    return pf_test_view_text(g, st, seat);
}

/* legal_pick is legal's list read at the index r stands for, for every
 * index (the lowest and highest r of each) and for r from the generator. */
static void check_legal_pick(const pf_game *g, const void *st, int seat, const pf_action *legal,
                             int n)
{
    for (int i = 0; i < n; i++) {
        /* the lowest r meaning index i, and the highest */
        uint32_t lo = (uint32_t)((((uint64_t)i << 32) + (uint64_t)n - 1) / (uint64_t)n);
        uint32_t hi = (uint32_t)((((uint64_t)(i + 1) << 32) - 1) / (uint64_t)n);
        assert_int_equal(pf_rng_scale(lo, (uint32_t)n), i);
        assert_int_equal(pf_rng_scale(hi, (uint32_t)n), i);
        pf_action a = g->legal_pick(st, seat, lo), b = g->legal_pick(st, seat, hi);
        if (a != legal[i] || b != legal[i])
            fail_msg("%s: legal_pick for index %d of %d gives %u and %u, legal's action is %u",
                     g->id, i, n, a, b, legal[i]);
    }
}

static void check_legal(const pf_game *g, const void *st, int seats, uint32_t set)
{
    static pf_action legal[PF_MAX_LEGAL];
    char name[96], name2[96];
    for (int p = 0; p < seats; p++) {
        int n = g->legal(st, p, legal, PF_MAX_LEGAL);
        if (g->legal_pick && (set & (1u << p)))
            check_legal_pick(g, st, p, legal, n);
        if (!(set & (1u << p))) {
            assert_int_equal(n, 0);
            continue;
        }
        assert_true(n > 0);
        for (int i = 0; i < n; i++) {
            if (i > 0)
                assert_true(legal[i - 1] < legal[i]);
            assert_true(g->name(st, legal[i], name, sizeof name) > 0);
            pf_action back;
            if (g->parse(st, name, &back) != PF_E_OK || back != legal[i])
                fail_msg("%s: '%s' does not parse back to %u", g->id, name, legal[i]);
            if (i > 0) {
                g->name(st, legal[i - 1], name2, sizeof name2);
                assert_string_not_equal(name, name2);
            }
        }
    }
}

/* A game's playout slot plays what pf_playout_loop plays through the
 * descriptor: the same steps to the same state, capped or not. */
static void check_playout(const pf_game *g, const void *st, uint64_t seed)
{
    void *a = malloc(g->state_size), *b = malloc(g->state_size);
    for (int k = 0; k < 2; k++) {
        int cap = k ? g->max_steps : 3;
        pf_rng ra, rb;
        pf_rng_seed(&ra, seed);
        pf_rng_seed(&rb, seed);
        memcpy(a, st, g->state_size);
        memcpy(b, st, g->state_size);
        assert_int_equal(g->playout(a, &ra, 7, cap), pf_playout_loop(g, b, &rb, 7, cap));
        assert_memory_equal(a, b, g->state_size);
        assert_memory_equal(&ra, &rb, sizeof ra);
    }
    free(a);
    free(b);
}

/* An action not in the legal list is refused and leaves st unchanged. */
static void check_refusals(const pf_game *g, void *st, int seats, uint32_t set, int seat,
                           pf_rng *rng, int64_t t)
{
    static pf_action legal[PF_MAX_LEGAL];
    void *copy = malloc(g->state_size);
    memcpy(copy, st, g->state_size);
    pf_error err;
    for (int p = 0; p < seats; p++)
        if (!(set & (1u << p)))
            assert_int_equal(pf_state_apply(g, st, p, 0, t, NULL, &err), PF_E_NOT_YOUR_TURN);
    assert_int_equal(pf_state_apply(g, st, -1, 0, t, NULL, &err), PF_E_BAD_SEAT);
    assert_int_equal(pf_state_apply(g, st, PF_MAX_SEATS, 0, t, NULL, &err), PF_E_BAD_SEAT);
    int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
    for (int k = 0; k < 4; k++) {
        pf_action a = k == 0 ? 0xffffffffu : (pf_action)pf_rng_next(rng);
        bool listed = false;
        for (int i = 0; i < n; i++)
            listed |= legal[i] == a;
        if (listed)
            continue;
        pf_err e = pf_state_apply(g, st, seat, a, t, NULL, &err);
        /* A game with continuous actions may accept values off its grid. */
        if (!g->check)
            assert_int_not_equal(e, PF_E_OK);
        if (e == PF_E_OK)
            memcpy(st, copy, g->state_size);
        assert_memory_equal(copy, st, g->state_size);
    }
    free(copy);
}

/* A real-time game's ready_at: seat's action a millisecond before it is
 * ready is refused with HANDS_BUSY and changes nothing (t is not before
 * the last action). */
static void check_not_ready(const pf_game *g, void *st, int seat, pf_action a, int64_t t)
{
    void *copy = malloc(g->state_size);
    memcpy(copy, st, g->state_size);
    pf_error err;
    assert_int_equal(pf_state_apply(g, st, seat, a, t, NULL, &err), PF_E_HANDS_BUSY);
    assert_memory_equal(copy, st, g->state_size);
    free(copy);
}

/* The search's resample (game.h) keeps the seat's view and reads nothing
 * the seat does not know: from the state and from other (a resample of
 * it), the same generator gives the same state. */
static void check_resample_search(config_case *c, const void *st, const void *other, int p,
                                  uint64_t seed, const char *view)
{
    const pf_game *g = c->game;
    void *a = malloc(g->state_size), *b = malloc(g->state_size);
    pf_rng r1, r2;
    pf_rng_seed(&r1, seed);
    pf_rng_seed(&r2, seed);
    memcpy(a, st, g->state_size);
    g->resample_search(a, p, &r1);
    memcpy(b, other, g->state_size);
    g->resample_search(b, p, &r2);
    char *va = view_text(g, a, p);
    if (strcmp(view, va) != 0)
        fail_msg("%s: resample_search for seat %d changed its view:\n%s\n%s", c->name, p, view,
                 va);
    if (memcmp(a, b, g->state_size) != 0)
        fail_msg("%s: resample_search for seat %d depends on hidden content", c->name, p);
    free(va);
    free(a);
    free(b);
}

static void check_views(config_case *c, const void *st, int seats, pf_rng *rng)
{
    const pf_game *g = c->game;
    void *a = malloc(g->state_size), *b = malloc(g->state_size);
    char *text1 = malloc(TEXT_CAP), *text2 = malloc(TEXT_CAP);
    char *god = view_text(g, st, PF_SEAT_GOD);
    char *spec = view_text(g, st, PF_SEAT_SPECTATOR);
    bool hidden = strcmp(god, spec) != 0, varied = false;
    for (int p = PF_SEAT_SPECTATOR; p < seats; p++) {
        char *v = view_text(g, st, p);
        for (int r = 0; r < 3; r++) {
            uint64_t seed = pf_rng_next(rng);
            pf_rng r1, r2;
            pf_rng_seed(&r1, seed);
            memcpy(a, st, g->state_size);
            g->resample(a, p, &r1);
            char *va = view_text(g, a, p);
            if (strcmp(v, va) != 0)
                fail_msg("%s: resample for seat %d changed its view:\n%s\n%s", c->name, p, v,
                         va);
            g->render(st, p, text1, TEXT_CAP);
            g->render(a, p, text2, TEXT_CAP);
            if (strcmp(text1, text2) != 0)
                fail_msg("%s: resample for seat %d changed its text:\n%s\n----\n%s", c->name,
                         p, text1, text2);
            char *ga = view_text(g, a, PF_SEAT_GOD);
            varied |= strcmp(ga, god) != 0;
            /* Another generator gives another world: at least the future
             * chance (the generator) is redrawn. */
            pf_rng_seed(&r2, seed + 1);
            memcpy(b, st, g->state_size);
            g->resample(b, p, &r2);
            if (memcmp(a, b, g->state_size) == 0)
                fail_msg("%s: resample for seat %d redraws nothing, not even the generator",
                         c->name, p);
            /* Resampling a resample with the same generator gives the same
             * state: resample reads nothing the seat does not know. */
            pf_rng_seed(&r2, seed);
            memcpy(b, a, g->state_size);
            g->resample(b, p, &r2);
            pf_rng_seed(&r1, seed);
            memcpy(a, st, g->state_size);
            g->resample(a, p, &r1);
            if (memcmp(a, b, g->state_size) != 0)
                fail_msg("%s: resample for seat %d depends on hidden content", c->name, p);
            if (g->resample_search) /* the same two checks for the search's */
                check_resample_search(c, st, a, p, seed, v);
            /* Nothing hidden in the public head: another world agrees on it. */
            if (g->public_head > g->state_size)
                fail_msg("%s: public_head %zu is beyond the state's %zu bytes", c->name,
                         g->public_head, g->state_size);
            if (memcmp(a, st, g->public_head) != 0)
                fail_msg("%s: public_head for seat %d holds something resample redraws", c->name,
                         p);
            if (g->conceal) { /* the state concealed, and another world concealed */
                memcpy(b, st, g->state_size);
                g->conceal(b, p);
                g->conceal(a, p);
                if (memcmp(a, b, g->state_size) != 0)
                    fail_msg("%s: conceal for seat %d keeps something hidden", c->name, p);
                char *vb = view_text(g, b, p);
                if (strcmp(v, vb) != 0)
                    fail_msg("%s: conceal for seat %d changed its view", c->name, p);
                free(vb);
            }
            free(ga);
            free(va);
        }
        free(v);
    }
    if (hidden) {
        c->hidden_states++;
        c->varied_states += varied;
    }
    free(god);
    free(spec);
    free(a);
    free(b);
    free(text1);
    free(text2);
}

static void check_replay(const pf_game *g, int seats, const pf_options *opt, uint64_t seed,
                         const pf_step *steps, int n, const void *final)
{
    void *st = malloc(g->state_size);
    assert_int_equal(pf_state_init(g, st, seats, opt, seed, NULL), PF_E_OK);
    for (int i = 0; i < n; i++)
        g->apply(st, steps[i].seat, steps[i].action, steps[i].t_ms, NULL);
    assert_memory_equal(st, final, g->state_size);
    free(st);
}

/* The replay JSON round trip: save, load, same state. */
static void check_replay_json(const pf_game *g, int seats, const pf_options *opt,
                              uint64_t seed, const pf_step *steps, int n, const void *final)
{
    pf_error err;
    pf_match *m = pf_match_create(g, seats, opt, seed, &err);
    assert_non_null(m);
    for (int i = 0; i < n; i++)
        assert_int_equal(pf_match_apply(m, steps[i].seat, steps[i].action, steps[i].t_ms,
                                        NULL, &err),
                         PF_E_OK);
    cJSON *r = pf_match_save(m);
    char *text = cJSON_PrintUnformatted(r);
    cJSON_Delete(r);
    cJSON *parsed = cJSON_Parse(text);
    pf_match *m2 = pf_match_load(parsed, &err);
    if (!m2)
        fail_msg("%s: replay did not load: %s", g->id, err.msg);
    assert_memory_equal(m2->state, final, g->state_size);
    cJSON_Delete(parsed);
    free(text);
    pf_match_destroy(m);
    pf_match_destroy(m2);
}

static void play_one(config_case *c, uint64_t seed, bool deep)
{
    const pf_game *g = c->game;
    int seats = c->cfg.seats;
    pf_options opt;
    pf_test_options(&opt, c->cfg.options);
    void *st = malloc(g->state_size), *clone = malloc(g->state_size);
    pf_error err;
    if (pf_state_init(g, st, seats, &opt, seed, &err) != PF_E_OK)
        fail_msg("%s: init refused: %s", c->name, err.msg);
    pf_step *steps = malloc(sizeof *steps * (size_t)(g->max_steps + 1));
    pf_event evbuf[EVENT_CAP];
    pf_action legal[PF_MAX_LEGAL];
    pf_rng rng;
    pf_rng_seed(&rng, seed * 7 + 3);
    int n = 0;
    int64_t t = 0;
    while (!g->over(st, NULL)) {
        if (n >= g->max_steps)
            fail_msg("%s seed %llu: still running after max_steps=%d", c->name,
                     (unsigned long long)seed, g->max_steps);
        uint32_t set = g->to_act(st);
        assert_true(set != 0);
        assert_true(set < (1u << seats));
        int seat, k = (int)pf_rng_below(&rng, (uint32_t)pf_seat_count(set));
        uint32_t s2 = set;
        while (k--)
            s2 &= s2 - 1;
        seat = __builtin_ctz(s2);
        if (g->real_time)
            t += pf_rng_below(&rng, 400);
        if (deep || n % 16 == 0) {
            check_legal(g, st, seats, set);
            check_refusals(g, st, seats, set, seat, &rng, t);
        }
        if (deep && n % 4 == 0)
            check_views(c, st, seats, &rng);
        if (deep && n % 16 == 0 && g->playout)
            check_playout(g, st, seed + (uint64_t)n);
        if (deep && n == 0) {
            char why[4 * TEXT_CAP];
            if (!pf_test_secrecy_seeds(g, seats, &opt, seed, seed ^ 0x5eed5eed, &rng,
                                       &c->secrecy, why, sizeof why))
                fail_msg("%s seeds %llu and another: %s", c->name, (unsigned long long)seed,
                         why);
        }
        if (deep && n % 8 == 0) {
            char why[4 * TEXT_CAP];
            if (!pf_test_secrecy(g, st, seats, t, &rng, &c->secrecy, why, sizeof why))
                fail_msg("%s seed %llu step %d: %s", c->name, (unsigned long long)seed, n,
                         why);
        }
        int m = g->legal(st, seat, legal, PF_MAX_LEGAL);
        pf_action a = legal[pf_rng_below(&rng, (uint32_t)m)];
        if (g->ready_at) {
            /* a seat acts once it is ready; a moment sooner is refused */
            int64_t ready = g->ready_at(st, seat);
            if (ready > t && (deep || n % 16 == 0))
                check_not_ready(g, st, seat, a, ready - 1);
            if (t < ready)
                t = ready;
        }
        memcpy(clone, st, g->state_size);
        pf_events ev = {evbuf, 0, EVENT_CAP, 0};
        assert_int_equal(pf_state_apply(g, st, seat, a, t, &ev, &err), PF_E_OK);
        g->apply(clone, seat, a, t, NULL);
        assert_memory_equal(clone, st, g->state_size);
        for (int i = 0; i < ev.n; i++)
            assert_true(evbuf[i].to >= -1 && evbuf[i].to < seats);
        steps[n++] = (pf_step){.seat = (int8_t)seat, .action = a, .t_ms = t};
    }
    assert_int_equal(g->to_act(st), 0);
    double results[PF_MAX_SEATS];
    assert_true(g->over(st, results));
    for (int i = 0; i < seats; i++) {
        assert_true(results[i] >= g->result_min);
        assert_true(results[i] <= g->result_max);
    }
    pf_error e2;
    assert_int_equal(pf_state_apply(g, st, 0, 0, t, NULL, &e2), PF_E_GAME_OVER);
    check_replay(g, seats, &opt, seed, steps, n, st);
    if (deep)
        check_replay_json(g, seats, &opt, seed, steps, n, st);
    free(steps);
    free(st);
    free(clone);
}

static void run_config(void **state)
{
    config_case *c = *state;
    int games = (int)(400 * scale());
    for (int i = 0; i < games; i++)
        play_one(c, (uint64_t)i + 1, i < games / 10 + 1);
    print_message("%s: %d games; hidden information in %ld sampled states, varied in %ld; "
                  "secrecy: %ld second worlds, %ld steps compared, %ld ended by an outcome\n",
                  c->name, games, c->hidden_states, c->varied_states, c->secrecy.worlds,
                  c->secrecy.steps, c->secrecy.revealed);
    /* Where something is hidden, resampling must really redraw it, at least
     * usually (a bag of identical tiles can leave nothing to vary). */
    if (c->hidden_states > 0)
        assert_true(c->varied_states * 2 >= c->hidden_states);
    /* The second worlds really differ: some outcome told them apart. */
    assert_true(c->secrecy.revealed > 0);
}

static void unknown_options_refused(void **state)
{
    (void)state;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        pf_error err;
        assert_int_equal(pf_test_init_error(g, g->min_seats, "no_such_option=1", &err),
                         PF_E_BAD_OPTION);
        assert_non_null(strstr(err.msg, "no_such_option"));
        assert_int_equal(pf_test_init_error(g, g->min_seats - 1, "", &err), PF_E_BAD_SEATS);
        assert_int_equal(pf_test_init_error(g, g->max_seats + 1, "", &err), PF_E_BAD_SEATS);
        assert_int_equal(pf_test_init_error(g, g->min_seats, "", &err), PF_E_OK);
    }
}

/* ---- views are written as they were printed ------------------------------- */

/* The digest of every view (each seat's, the spectators', PF_SEAT_GOD's)
 * after every step of two random games of each test config, as cJSON
 * printed them from the tree the view slot once built (commit 65c4d73):
 * the view slot now writes the text itself, and clients read what cJSON
 * printed, so a change of a byte shows here; each text is also what
 * cJSON prints of the tree read from it. After a deliberate change of a
 * view, the message gives the new digest. */
static const struct {
    const char *id;
    const char *digest;
} views_before[] = {
    {"pakupaku", "391695b1798e2784"}, {"pancake", "59b3ffc9471c8faf"},
    {"passfood", "5009ac78b3896581"}, {"pizza", "71391bcb7071f758"},
    {"template", "cad691e396dc8551"},
};

static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return (h ^ '\n') * 1099511628211ull;
}

static void views_written_as_printed_before(void **state)
{
    (void)state;
    int changed = 0;
    for (int gi = 0; gi < pf_game_count(); gi++) {
        const pf_game *g = pf_game_at(gi);
        uint64_t h = 14695981039346656037ull;
        long views = 0;
        void *st = malloc(g->state_size);
        pf_action legal[PF_MAX_LEGAL];
        for (const pf_test_config *cfg = g->test_configs; cfg && cfg->seats; cfg++)
            for (uint64_t seed = 1; seed <= 2; seed++) {
                pf_options opt;
                pf_test_options(&opt, cfg->options);
                assert_int_equal(pf_state_init(g, st, cfg->seats, &opt, seed, NULL), PF_E_OK);
                pf_rng rng;
                pf_rng_seed(&rng, seed);
                int64_t t = 0;
                for (int step = 0; step < 300; step++) {
                    for (int seat = PF_SEAT_GOD; seat < cfg->seats; seat++, views++) {
                        char *v = view_text(g, st, seat);
                        h = fnv1a(h, v);
                        cJSON *tree = cJSON_Parse(v);
                        char *printed = tree ? cJSON_PrintUnformatted(tree) : NULL;
                        if (!printed || strcmp(printed, v) != 0)
                            fail_msg("%s: seat %d's view is not what cJSON prints of it:\n%s\n%s",
                                     g->id, seat, v, printed ? printed : "(not JSON)");
                        free(printed);
                        cJSON_Delete(tree);
                        free(v);
                    }
                    uint32_t set = g->to_act(st);
                    if (!set)
                        break;
                    int seat = pf_pick_seat(set, &rng);
                    int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
                    t += g->real_time ? 250 : 0;
                    assert_int_equal(pf_state_apply(g, st, seat,
                                                    legal[pf_rng_below(&rng, (uint32_t)n)], t,
                                                    NULL, NULL),
                                     PF_E_OK);
                }
            }
        free(st);
        char got[24];
        snprintf(got, sizeof got, "%016llx", (unsigned long long)h);
        print_message("%s: %ld views, digest %s\n", g->id, views, got);
        for (size_t i = 0; i < sizeof views_before / sizeof views_before[0]; i++)
            if (strcmp(views_before[i].id, g->id) == 0 &&
                strcmp(views_before[i].digest, got) != 0) {
                print_error("%s: the views' digest was %s\n", g->id, views_before[i].digest);
                changed++;
            }
    }
    assert_int_equal(changed, 0);
}

/* ---- the secrecy check catches planted leaks ------------------------------ */

/* The game a leaky view wraps (one at a time). */
static const pf_game *leak_base;

/* A view that adds a digest of the whole state: whatever a game hides, or
 * keeps in its generator, shows in it. */
static void view_with_digest(const void *st, int seat, pf_jw *w)
{
    leak_base->view(st, seat, w);
    uint64_t h = 14695981039346656037ull; /* FNV-1a */
    for (size_t i = 0; i < leak_base->state_size; i++)
        h = (h ^ ((const uint8_t *)st)[i]) * 1099511628211ull;
    char hex[24];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
    pf_jw_key_str(w, "digest", hex);
}

/* Paku Paku's old leak: a number derived from the generator. */
static void view_with_salt(const void *st, int seat, pf_jw *w)
{
    const pakupaku_state *s = st;
    leak_base->view(st, seat, w);
    char hex[24];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)(s->rng.s[0] ^ s->rng.s[3]));
    pf_jw_key_str(w, "salt", hex);
}

/* Pizza Party's old leak: earlier reveals still face down (PIZ-7). */
static void view_with_seen(const void *st, int seat, pf_jw *w)
{
    const pizza_state *s = st;
    leak_base->view(st, seat, w);
    pf_jw_key(w, "seen");
    pf_jw_raw(w, "{", 1);
    for (uint32_t d = s->seen; d; d &= d - 1) {
        char key[8];
        snprintf(key, sizeof key, "%d", __builtin_ctz(d));
        pf_jw_key_str(w, key, pizza__piece_name(s->cell[__builtin_ctz(d)]));
    }
    pf_jw_raw(w, "}", 1);
}

/* Paku Paku's very first leak: a number derived from the seed, kept after
 * the game's own state (so resample keeps it, as it kept the old salt). */
static pf_err init_with_seed_salt(void *st, int seats, const pf_options *opt, uint64_t seed,
                                  pf_events *ev, pf_error *err)
{
    uint64_t x = seed ^ 0x70616b7570616b75ull;
    uint64_t salt = pf_splitmix64(&x);
    memcpy((char *)st + leak_base->state_size, &salt, sizeof salt);
    return leak_base->init(st, seats, opt, seed, ev, err);
}

static void view_with_seed_salt(const void *st, int seat, pf_jw *w)
{
    uint64_t salt;
    memcpy(&salt, (const char *)st + leak_base->state_size, sizeof salt);
    leak_base->view(st, seat, w);
    char hex[24];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)salt);
    pf_jw_key_str(w, "salt", hex);
}

/* An event's fact that tells what lies face down: the piece under the
 * first face-down cell, added to the step's last event (its text as the
 * game wrote it). */
static void apply_telling_a_fact(void *st, int seat, pf_action a, int64_t t, pf_events *ev)
{
    leak_base->apply(st, seat, a, t, ev);
    const pizza_state *s = st;
    if (s->down)
        pf_events_str(ev, "under", pizza__piece_name(s->cell[__builtin_ctz(s->down)]));
}

/* Plays random games of base with its view, check or apply replaced (NULL:
 * the game's own), checking secrecy at every step: the real game must pass
 * everywhere, the leaky one must fail somewhere, and its report must name
 * `key`. */
static void expect_leak(const char *id, void (*view)(const void *, int, pf_jw *),
                        pf_err (*check)(const void *, int, pf_action, int64_t),
                        void (*apply)(void *, int, pf_action, int64_t, pf_events *),
                        const char *key)
{
    const pf_game *base = pf_game_find(id);
    if (!base)
        return; /* not built (PF_GAMES) */
    pf_game leaky = *base;
    if (view)
        leaky.view = view;
    if (check)
        leaky.check = check;
    if (apply)
        leaky.apply = apply;
    leak_base = base;
    const pf_test_config *cfg = &base->test_configs[0];
    pf_options opt;
    pf_test_options(&opt, cfg->options);
    void *st = malloc(base->state_size);
    pf_action legal[PF_MAX_LEGAL];
    pf_secrecy_stats stats = {0};
    char *why = malloc(4 * TEXT_CAP);
    bool caught = false;
    for (uint64_t seed = 1; seed <= 5 && !caught; seed++) {
        pf_rng rng;
        pf_rng_seed(&rng, seed);
        assert_int_equal(pf_state_init(base, st, cfg->seats, &opt, seed, NULL), PF_E_OK);
        int64_t t = 0;
        for (int n = 0; n < 60 && !caught && !base->over(st, NULL); n++) {
            pf_rng twin = rng;
            if (!pf_test_secrecy(base, st, cfg->seats, t, &twin, &stats, why, 4 * TEXT_CAP))
                fail_msg("the real game fails where the leaky one is tested: %s", why);
            caught = !pf_test_secrecy(&leaky, st, cfg->seats, t, &rng, &stats, why,
                                      4 * TEXT_CAP);
            uint32_t set = base->to_act(st);
            int seat = __builtin_ctz(set);
            int m = base->legal(st, seat, legal, PF_MAX_LEGAL);
            t += base->real_time ? 250 : 0;
            assert_int_equal(pf_state_apply(base, st, seat, legal[pf_rng_below(&rng, (uint32_t)m)],
                                            t, NULL, NULL),
                             PF_E_OK);
        }
    }
    if (!caught)
        fail_msg("%s with a leaky view (%s) passed the secrecy check", id, key);
    assert_non_null(strstr(why, key));
    print_message("caught, as it should be: %.200s...\n", why);
    free(why);
    free(st);
}

/* Every game's view with a digest of its state fails. */
static void secrecy_catches_a_digest(void **state)
{
    (void)state;
    for (int i = 0; i < pf_game_count(); i++)
        expect_leak(pf_game_at(i)->id, view_with_digest, NULL, NULL, "digest");
}

/* The two leaks this check was written for. */
static void secrecy_catches_salt_and_seen(void **state)
{
    (void)state;
    expect_leak("pakupaku", view_with_salt, NULL, NULL, "salt");
    expect_leak("pizza", view_with_seen, NULL, NULL, "seen");
}

/* A refusal that tells what lies face down (an error text is a message,
 * C-3): turning over an empty cell is "illegal" over an onion's old cell,
 * "not your turn" elsewhere. */
static pf_err check_by_hidden(const void *st, int seat, pf_action a, int64_t t)
{
    const pizza_state *s = st;
    pf_action legal[PF_MAX_LEGAL];
    int n = leak_base->legal(st, seat, legal, PF_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (legal[i] == a)
            return PF_E_OK;
    (void)t;
    return s->cell[a % PIZZA_CELLS] == 0 ? PF_E_ILLEGAL_ACTION : PF_E_NOT_YOUR_TURN;
}

static void secrecy_catches_a_telling_refusal(void **state)
{
    (void)state;
    expect_leak("pizza", NULL, check_by_hidden, NULL, "try ");
}

/* Events' facts are messages too: a field may tell no more than the
 * sentence and the view after the step. */
static void secrecy_catches_a_telling_fact(void **state)
{
    (void)state;
    expect_leak("pizza", NULL, NULL, apply_telling_a_fact, "under=");
}

/* A view showing a number derived from the seed that resample keeps: the
 * resampled worlds cannot see it, two seeds do. */
static void secrecy_catches_a_seed_salt(void **state)
{
    (void)state;
    const pf_game *base = pf_game_find("pakupaku");
    if (!base)
        return;
    leak_base = base;
    pf_game leaky = *base;
    leaky.state_size = base->state_size + sizeof(uint64_t);
    leaky.init = init_with_seed_salt;
    leaky.view = view_with_seed_salt;
    /* The game's own bots sample a state of the game's size: the hint the
     * check shows comes from the generic ladder instead. */
    leaky.bots = NULL;
    leaky.ladder = NULL;
    pf_rng rng;
    pf_rng_seed(&rng, 1);
    pf_secrecy_stats stats = {0};
    char *why = malloc(4 * TEXT_CAP);
    assert_true(pf_test_secrecy_seeds(base, 3, NULL, 1, 2, &rng, &stats, why, 4 * TEXT_CAP));
    assert_false(pf_test_secrecy_seeds(&leaky, 3, NULL, 1, 2, &rng, &stats, why,
                                       4 * TEXT_CAP));
    assert_non_null(strstr(why, "salt"));
    void *st = malloc(leaky.state_size);
    assert_int_equal(pf_state_init(&leaky, st, 3, NULL, 1, NULL), PF_E_OK);
    assert_true(pf_test_secrecy(&leaky, st, 3, 0, &rng, &stats, why, 4 * TEXT_CAP));
    free(st);
    free(why);
}

/* Games whose setup is fixed by options look the same whatever the seed
 * (only the hidden rest and the future differ), so the seed check really
 * compares them: Passfood's boards and bag top, Pancake's first pan. */
static void secrecy_across_seeds_with_a_fixed_setup(void **state)
{
    (void)state;
    static const struct {
        const char *id, *options;
    } fixed[] = {
        {"passfood", "difficulty=0;takes=0;swaps=0;boards=SSSS/B;bag=FBLP"},
        {"pancake", "table=SKBLSKBC"},
        {"pizza", ""},
        {"pakupaku", ""},
    };
    char *why = malloc(4 * TEXT_CAP);
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        const pf_game *g = pf_game_find(fixed[i].id);
        if (!g)
            continue;
        pf_options opt;
        pf_test_options(&opt, fixed[i].options);
        pf_secrecy_stats stats = {0};
        pf_rng rng;
        pf_rng_seed(&rng, 11);
        for (uint64_t seed = 1; seed <= 20; seed++)
            if (!pf_test_secrecy_seeds(g, 2, &opt, seed, seed + 1000, &rng, &stats, why,
                                       4 * TEXT_CAP))
                fail_msg("%s", why);
        print_message("%s: %ld worlds compared across seeds, %ld steps\n", fixed[i].id,
                      stats.worlds, stats.steps);
        assert_int_equal(stats.worlds, 20 * 3); /* every seat and a spectator */
    }
    free(why);
}

int main(void)
{
    static config_case cases[MAX_CONFIGS];
    static struct CMUnitTest tests[MAX_CONFIGS + 1];
    int n = 0;
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(unknown_options_refused);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(views_written_as_printed_before);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(secrecy_catches_a_digest);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(secrecy_catches_salt_and_seen);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(secrecy_catches_a_seed_salt);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(secrecy_catches_a_telling_refusal);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(secrecy_catches_a_telling_fact);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(secrecy_across_seeds_with_a_fixed_setup);
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        for (const pf_test_config *cfg = g->test_configs; cfg && cfg->seats; cfg++) {
            config_case *c = &cases[n];
            c->game = g;
            c->cfg = *cfg;
            snprintf(c->name, sizeof c->name, "%s %d seats %s", g->id, cfg->seats,
                     cfg->options);
            tests[n] = (struct CMUnitTest){c->name, run_config, NULL, NULL, c};
            n++;
            assert_true(n < MAX_CONFIGS);
        }
    }
    return _cmocka_run_group_tests("conformance", tests, (size_t)n, NULL, NULL);
}
