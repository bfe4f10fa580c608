/* test_transcripts.c: speed-ups change no game (issue 35).
 *
 * Thousands of seeded games of every game, played by the random playout
 * loop (as `partyfood bench` and the search's playouts play: one generator,
 * a uniformly random legal action) and by each bot level, are hashed and
 * compared with tests/transcripts/hashes.txt. A hash covers, step by step,
 * the seat, the legal actions, the action chosen and its time, then the
 * number of steps and every seat's result: what the rules and the bots
 * decide, not how it is told (no event text, no view), so the texts and
 * views may change while the games stay the same. The `ismcts-root` lines
 * hash ISMCTS's first decision (the action, the tree's size and value).
 *
 * A line hashes one block of games; PF_TEST_SCALE (default 1) checks only
 * the first blocks of each line. After a deliberate change of the games (a
 * rules change, a bot's new play), regenerate with
 *   PF_TRANSCRIPTS_UPDATE=1 ctest --test-dir build -R transcripts
 * and say in the commit why the games changed. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/ismcts.h"
#include "pf_test.h"

/* The tables each game is played at, taken in turn game by game. */
typedef struct table_cfg {
    const char *game;
    int seats;
    const char *options;
} table_cfg;

static const table_cfg tables[] = {
    {"pizza", 2, ""},
    {"pizza", 3, ""},
    {"pizza", 4, ""},
    {"pizza", 2, "extra_slices=false;kinds=3"},
    {"pizza", 4, "switches=false"},
    {"pancake", 2, ""},
    {"pancake", 3, ""},
    {"pancake", 4, ""},
    {"pancake", 3, "chocolate_gamble=true"},
    {"passfood", 2, ""},
    {"passfood", 3, ""},
    {"passfood", 4, ""},
    {"passfood", 3, "difficulty=0"},
    {"passfood", 4, "difficulty=6"},
    {"pakupaku", 2, ""},
    {"pakupaku", 3, "architects=true"},
    {"pakupaku", 4, ""},
    {"pakupaku", 5, "brave=true"},
};
#define NTABLES ((int)(sizeof tables / sizeof tables[0]))

/* How a line's games are played, and how many a block. */
typedef struct policy {
    const char *name; /* "playout", "ismcts-root", or a bot's name */
    int blocks, block; /* blocks of games, games a block */
} policy;

static const policy policies[] = {
    {"playout", 10, 500}, {"random", 10, 200}, {"easy", 10, 200},  {"medium", 10, 200},
    {"hard", 10, 100},    {"expert", 4, 25},   {"ismcts", 4, 2},   {"ismcts-root", 4, 10},
};
#define NPOLICIES ((int)(sizeof policies / sizeof policies[0]))

static uint64_t mix(uint64_t h, uint64_t x)
{
    h = (h ^ x) * 0x100000001b3ULL;
    return h ^ (h >> 29);
}

static uint64_t mix_legal(uint64_t h, const pf_game *g, const void *st, int seat)
{
    pf_action legal[PF_MAX_LEGAL];
    int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
    h = mix(h, (uint64_t)n);
    for (int i = 0; i < n; i++)
        h = mix(h, legal[i]);
    return h;
}

static uint64_t mix_results(uint64_t h, const pf_game *g, const void *st, int seats, int steps)
{
    double r[PF_MAX_SEATS];
    h = mix(h, (uint64_t)steps);
    if (steps >= 0 && g->over(st, r))
        for (int i = 0; i < seats; i++)
            h = mix(h, (uint64_t)llround(r[i] * 1000));
    return h;
}

/* The table of game i of game g, its options in *opt. */
static const table_cfg *table_of(const pf_game *g, long i, pf_options *opt)
{
    int n = 0, k;
    for (k = 0; k < NTABLES; k++)
        n += strcmp(tables[k].game, g->id) == 0;
    assert_true(n > 0);
    long want = i % n;
    for (k = 0; k < NTABLES; k++)
        if (strcmp(tables[k].game, g->id) == 0 && want-- == 0)
            break;
    pf_test_options(opt, tables[k].options);
    return &tables[k];
}

/* The random playout loop of `partyfood bench` and the search: one
 * generator, the seat to act (one at random when several may), a uniformly
 * random legal action (pf_random_action: the game's legal_pick where it has
 * one; the hashes were first written with legal's list), here step by step;
 * then pf_playout (the game's playout slot) must end in the same state. */
static uint64_t playout_game(const pf_game *g, void *st, int seats, uint64_t seed, uint64_t h)
{
    pf_rng rng;
    int64_t t = 0;
    int steps = 0;
    void *start = malloc(g->state_size);
    memcpy(start, st, g->state_size);
    pf_rng_seed(&rng, seed ^ 0x5eed);
    while (!g->over(st, NULL)) {
        uint32_t set = g->to_act(st);
        int seat = __builtin_ctz(set);
        if (set & (set - 1)) {
            int k = (int)pf_rng_below(&rng, (uint32_t)pf_seat_count(set));
            while (k--)
                set &= set - 1;
            seat = __builtin_ctz(set);
        }
        h = mix(h, (uint64_t)seat);
        h = mix_legal(h, g, st, seat);
        t += g->real_time ? 1 + pf_rng_below(&rng, 300) : 0;
        pf_action a = pf_random_action(g, st, seat, &rng);
        h = mix(h, a);
        h = mix(h, (uint64_t)t);
        g->apply(st, seat, a, t, NULL);
        steps++;
        assert_true(steps <= g->max_steps);
    }
    if (!g->real_time) { /* pf_playout (the game's playout slot) plays the same game */
        pf_rng_seed(&rng, seed ^ 0x5eed);
        assert_int_equal(pf_playout(g, start, &rng, 0, g->max_steps), steps);
        assert_memory_equal(start, st, g->state_size);
    }
    free(start);
    return mix_results(h, g, st, seats, steps);
}

/* A game with bot on every seat, driven as pf_bots_play drives it. */
static uint64_t bot_game(const pf_game *g, void *st, int seats, const pf_bot_def *bot,
                         uint64_t seed, uint64_t h)
{
    const pf_bot_def *bots[PF_MAX_SEATS];
    for (int s = 0; s < seats; s++)
        bots[s] = bot;
    pf_bot_plans plans;
    pf_bot_plans_clear(&plans);
    pf_bot_ctx c = {.game = g, .state = st, .seats = seats, .step = 0, .now = 0, .seed = seed};
    while (!g->over(st, NULL)) {
        int seat;
        pf_action a;
        int64_t t;
        assert_true(c.step < g->max_steps);
        assert_int_equal(pf_bots_next_planned(&c, bots, &plans, &seat, &a, &t), PF_E_OK);
        h = mix(h, (uint64_t)seat);
        h = mix_legal(h, g, st, seat);
        h = mix(h, a);
        h = mix(h, (uint64_t)t);
        assert_int_equal(pf_state_apply(g, st, seat, a, t, NULL, NULL), PF_E_OK);
        c.now = t;
        c.step++;
    }
    return mix_results(h, g, st, seats, c.step);
}

/* ISMCTS's first decision in a new game (2000 iterations, random playouts). */
static uint64_t ismcts_root(const pf_game *g, void *st, int seats, uint64_t seed, uint64_t h)
{
    pf_obs o;
    pf_obs_init(&o, g, st, __builtin_ctz(g->to_act(st)), seats, 0, 0);
    pf_rng rng;
    pf_rng_seed(&rng, seed ^ 0x15c7);
    pf_ismcts_config cfg = {.iterations = 2000};
    pf_ismcts_stats stats;
    pf_action a;
    assert_int_equal(pf_ismcts_choose(&o, &cfg, &rng, &a, &stats), PF_E_OK);
    h = mix(h, a);
    h = mix(h, (uint64_t)stats.nodes);
    h = mix(h, (uint64_t)llround(stats.value * 1e9));
    return h;
}

/* The hash of block b of policy p in game g. */
static uint64_t block_hash(const pf_game *g, const policy *p, int b)
{
    void *st = malloc(g->state_size);
    assert_non_null(st);
    const pf_bot_def *bot = NULL;
    if (strcmp(p->name, "playout") != 0 && strcmp(p->name, "ismcts-root") != 0) {
        bot = pf_bot_find(g, p->name);
        assert_non_null(bot);
    }
    uint64_t h = 0xcbf29ce484222325ULL;
    if (g->real_time && strncmp(p->name, "ismcts", 6) == 0) {
        free(st);
        return h; /* ISMCTS does not play real time: its levels are the game's */
    }
    for (long i = (long)b * p->block; i < (long)(b + 1) * p->block; i++) {
        pf_options opt;
        const table_cfg *tc = table_of(g, i, &opt);
        uint64_t seed = pf_seed_derive(35, (uint64_t)i);
        pf_error err;
        assert_int_equal(pf_state_init(g, st, tc->seats, &opt, seed, &err), PF_E_OK);
        h = mix(h, (uint64_t)i);
        if (bot)
            h = bot_game(g, st, tc->seats, bot, seed, h);
        else if (strcmp(p->name, "playout") == 0)
            h = playout_game(g, st, tc->seats, seed, h);
        else
            h = ismcts_root(g, st, tc->seats, seed, h);
    }
    free(st);
    return h;
}

static double scale(void)
{
    const char *s = getenv("PF_TEST_SCALE");
    double x = s ? atof(s) : 1.0;
    return x > 0 && x < 1 ? x : 1.0;
}

/* The blocks of a policy checked at this scale (at least one). */
static int blocks_checked(const policy *p)
{
    int n = (int)ceil(p->blocks * scale());
    return n < 1 ? 1 : n > p->blocks ? p->blocks : n;
}

static const char *hashes_path(char *buf, size_t n)
{
    const char *src = getenv("PF_SOURCE_DIR");
    assert_non_null(src);
    snprintf(buf, n, "%s/tests/transcripts/hashes.txt", src);
    return buf;
}

/* The stored hash of (game, policy, first game), or false when absent. */
static bool stored(const char *text, const char *game, const char *pol, long first, uint64_t *h)
{
    char key[96];
    int k = snprintf(key, sizeof key, "%s %s %ld ", game, pol, first);
    for (const char *line = text; line && *line; line = strchr(line, '\n'), line += !!line) {
        if (strncmp(line, key, (size_t)k) == 0) {
            long games;
            return sscanf(line + k, "%ld %" SCNx64, &games, h) == 2;
        }
    }
    return false;
}

static void transcripts(void **state)
{
    const pf_game *g = *state;
    char path[1024];
    char *text = pf_test_read(hashes_path(path, sizeof path));
    int checked = 0, differ = 0;
    for (int pi = 0; pi < NPOLICIES; pi++) {
        const policy *p = &policies[pi];
        for (int b = 0; b < blocks_checked(p); b++) {
            long first = (long)b * p->block;
            uint64_t want, got = block_hash(g, p, b);
            if (!stored(text, g->id, p->name, first, &want))
                fail_msg("no hash for %s %s %ld in %s (PF_TRANSCRIPTS_UPDATE=1 writes them)",
                         g->id, p->name, first, path);
            if (want != got) {
                print_error("%s %s games %ld to %ld: hash %016" PRIx64 ", stored %016" PRIx64
                            "\n",
                            g->id, p->name, first, first + p->block - 1, got, want);
                differ++;
            }
            checked++;
        }
    }
    free(text);
    print_message("%s: %d blocks checked\n", g->id, checked);
    if (differ)
        fail_msg("%s: %d of %d blocks of games changed (a speed-up must change no game)",
                 g->id, differ, checked);
}

/* PF_TRANSCRIPTS_UPDATE=1: writes every block's hash of every game. */
static int update(void)
{
    char path[1024];
    FILE *f = fopen(hashes_path(path, sizeof path), "wb");
    if (!f) {
        fprintf(stderr, "cannot write %s\n", path);
        return 1;
    }
    fprintf(f, "# tests/ai/test_transcripts.c: game policy first_game games hash\n");
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        for (int pi = 0; pi < NPOLICIES; pi++) {
            const policy *p = &policies[pi];
            for (int b = 0; b < p->blocks; b++)
                fprintf(f, "%s %s %ld %d %016" PRIx64 "\n", g->id, p->name,
                        (long)b * p->block, p->block, block_hash(g, p, b));
        }
        fflush(f);
    }
    fclose(f);
    printf("wrote %s\n", path);
    return 0;
}

int main(void)
{
    const char *u = getenv("PF_TRANSCRIPTS_UPDATE");
    if (u && strcmp(u, "1") == 0) {
        if (scale() < 1) {
            fprintf(stderr, "PF_TRANSCRIPTS_UPDATE writes every block: unset PF_TEST_SCALE\n");
            return 1;
        }
        return update();
    }
    static struct CMUnitTest tests[64];
    int n = 0;
    for (int i = 0; i < pf_game_count() && n < 64; i++)
        tests[n++] = (struct CMUnitTest){pf_game_at(i)->id, transcripts, NULL, NULL,
                                         (void *)pf_game_at(i)};
    return _cmocka_run_group_tests("transcripts", tests, (size_t)n, NULL, NULL);
}
