/* bench.c: `partyfood bench`, how fast the rules (and bots) run.
 *
 * Random playouts are the search's own (pf_playout: the seat to act, a
 * uniformly random legal action, apply with no events). A game
 * that names a bench_bot is played by that bot on every seat instead, in
 * simulated time (Paku Paku's profiles). Figures are measured, never
 * asserted. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/nearest.h"
#include "partyfood/bot.h"
#include "partyfood/ismcts.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct bench_result {
    long games, actions;
    double seconds;
} bench_result;

/* Plays one game uniformly at random; returns its number of actions. */
static long random_game(const pf_game *g, void *st, int seats, uint64_t seed)
{
    pf_rng rng;
    pf_rng_seed(&rng, seed ^ 0x5eed);
    pf_state_init(g, st, seats, NULL, seed, NULL);
    if (!g->real_time)
        return pf_playout(g, st, &rng, 0, INT_MAX);
    long n = 0;
    int64_t t = 0;
    uint32_t set;
    while ((set = g->to_act(st)) != 0) { /* as pf_playout, with a time for each action */
        int seat = pf_pick_seat(set, &rng);
        t += 1 + pf_rng_below(&rng, 300);
        g->apply(st, seat, pf_random_action(g, st, seat, &rng), t, NULL);
        n++;
    }
    return n;
}

/* Plays one game with bot on every seat; returns its number of actions. */
static long bot_game(const pf_game *g, void *st, int seats, const pf_bot_def *bot,
                     uint64_t seed)
{
    const pf_bot_def *bots[PF_MAX_SEATS];
    for (int i = 0; i < seats; i++)
        bots[i] = bot;
    pf_state_init(g, st, seats, NULL, seed, NULL);
    int n = pf_bots_play(g, st, seats, bots, seed);
    return n > 0 ? n : 0;
}

/* ISMCTS iterations a second at the first decision of a new game (random
 * playouts, one thread), searching again and again with 10,000 iterations a
 * search (the size of the strong levels' trees) for `seconds`, or exactly
 * `searches` times when that is not 0; 0 for a real-time game, which ISMCTS
 * does not play. */
static double ismcts_rate(const pf_game *g, void *st, int seats, double seconds, long searches)
{
    if (g->real_time)
        return 0;
    pf_state_init(g, st, seats, NULL, 1, NULL);
    pf_obs o;
    pf_obs_init(&o, g, st, __builtin_ctz(g->to_act(st)), seats, 0, 0);
    pf_rng rng;
    pf_rng_seed(&rng, 7);
    pf_ismcts_config cfg = {.iterations = 10000};
    long iterations = 0, done = 0;
    double spent = 0;
    do {
        pf_ismcts_stats stats = {0};
        pf_action a;
        pf_ismcts_choose(&o, &cfg, &rng, &a, &stats);
        iterations += stats.iterations;
        spent += stats.seconds;
        done++;
    } while (searches ? done < searches : spent < seconds);
    return spent > 0 ? (double)iterations / spent : 0;
}

/* Plays games 0, 1, 2... for `seconds` (whole chunks of 64), or exactly
 * `games` of them when that is not 0 (a profiler's run: the same work
 * whatever the machine's load). */
static bench_result run(const pf_game *g, void *st, int seats, double seconds, long games)
{
    const pf_bot_def *bot = g->bench_bot ? pf_bot_find(g, g->bench_bot) : NULL;
    bench_result r = {0, 0, 0};
    double start = now_s();
    do {
        for (int i = 0; i < 64 && !(games && r.games >= games); i++, r.games++)
            r.actions += bot ? bot_game(g, st, seats, bot, (uint64_t)r.games)
                             : random_game(g, st, seats, (uint64_t)r.games);
        r.seconds = now_s() - start;
    } while (games ? r.games < games : r.seconds < seconds);
    return r;
}

/* The time measured per game and figure: long enough to mean something,
 * short enough to end. */
#define MIN_SECONDS 0.01
#define MAX_SECONDS 3600.0

int cmd_bench(int argc, char **argv)
{
    const char *only = NULL, *v;
    bool json = false;
    double seconds = 1.0;
    long long seats = 4, games = 0, searches = 0;
    if (argc > 1 && strcmp(argv[1], "server") == 0)
        return cmd_bench_server(argc - 1, argv + 1);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[i], "--seconds") == 0) {
            if (!(v = cli_arg_value("bench", argc, argv, &i)) ||
                !cli_arg_real("bench", "--seconds", v, MIN_SECONDS, MAX_SECONDS, &seconds))
                return 2;
        } else if (strcmp(argv[i], "--seats") == 0) {
            if (!(v = cli_arg_value("bench", argc, argv, &i)) ||
                !cli_arg_int("bench", "--seats", v, 1, PF_MAX_SEATS, &seats))
                return 2;
        } else if (strcmp(argv[i], "--games") == 0) {
            if (!(v = cli_arg_value("bench", argc, argv, &i)) ||
                !cli_arg_int("bench", "--games", v, 1, 1000000000, &games))
                return 2;
        } else if (strcmp(argv[i], "--searches") == 0) {
            if (!(v = cli_arg_value("bench", argc, argv, &i)) ||
                !cli_arg_int("bench", "--searches", v, 1, 1000000, &searches))
                return 2;
        } else if (argv[i][0] != '-' && !only) {
            only = argv[i];
        } else {
            fprintf(stderr, "usage: partyfood bench [GAME] [--json] [--seconds S] [--seats N]\n"
                            "                       [--games N] [--searches N]\n"
                            "       partyfood bench server [--rooms N] ... (--help says more)\n"
                            "  random playouts per game on one thread (default 1 s each, %g to "
                            "%g; 4 seats or the nearest allowed),\n"
                            "  and ISMCTS iterations a second at the first decision "
                            "(random playouts; '-' for real-time games);\n"
                            "  --games and --searches fix the work instead of the time (exactly "
                            "N games; N searches\n"
                            "  of 10,000 iterations), for a profiler\n",
                    MIN_SECONDS, MAX_SECONDS);
            return strcmp(argv[i], "--help") == 0 ? 0 : 2;
        }
    }
    if (only && !pf_game_find(only)) {
        cli_no_such_game(stderr, "bench", only);
        return 2;
    }
    if (!json)
        printf("%-10s %5s %12s %14s %18s %8s  %s\n", "game", "seats", "games/s", "actions/s",
               "ismcts_iters_per_s", "state", "players");
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        if (only && strcmp(only, g->id) != 0)
            continue;
        int n = seats < g->min_seats   ? g->min_seats
                : seats > g->max_seats ? g->max_seats
                                       : (int)seats;
        void *st = malloc(g->state_size);
        if (!st) {
            fprintf(stderr, "partyfood bench: %s\n", pf_strerror(PF_E_NO_MEMORY));
            return 1;
        }
        bench_result r = run(g, st, n, seconds, (long)games);
        double gps = (double)r.games / r.seconds, aps = (double)r.actions / r.seconds;
        double ips = ismcts_rate(g, st, n, seconds, (long)searches);
        free(st);
        char ipsbuf[32];
        if (ips > 0)
            snprintf(ipsbuf, sizeof ipsbuf, "%.1f", ips);
        else
            snprintf(ipsbuf, sizeof ipsbuf, "null");
        const char *who = g->bench_bot ? g->bench_bot : "random";
        if (json)
            printf("{\"game\":\"%s\",\"seats\":%d,\"players\":\"%s\",\"games_per_s\":%.1f,"
                   "\"actions_per_s\":%.1f,\"ismcts_iters_per_s\":%s,\"state_bytes\":%zu,"
                   "\"mean_actions\":%.2f}\n",
                   g->id, n, who, gps, aps, ipsbuf, g->state_size, (double)r.actions / (double)r.games);
        else
            printf("%-10s %5d %12.0f %14.0f %18s %7zuB  %s (%.1f actions a game)\n", g->id, n,
                   gps, aps, ips > 0 ? ipsbuf : "-", g->state_size, who, (double)r.actions / (double)r.games);
        fflush(stdout);
    }
    return 0;
}
