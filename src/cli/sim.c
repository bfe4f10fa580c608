/* sim.c: `partyfood sim GAME`, many games played by bots, with statistics.
 *
 *   partyfood sim passfood --seats bot:medium,bot:medium,bot:medium \
 *       --sweep difficulty=0..6 --games 2000 --svg out.svg
 *
 * Four steps: parse the command line (every value strict), plan the batches
 * (one, or one per swept value, all with the same base seed, so the values
 * are compared on the same deals) and check each of them before any game is
 * played, run them, and report (src/sim).
 *
 * Past one machine (docs/sim.md): `--shard I/N --out FILE` plays slice I
 * of N of every batch and writes its exact totals, which `partyfood sim
 * merge FILE...` turns into the report one run prints; under mpirun (when
 * built with MPI) every batch is split over the ranks, and rank 0 alone
 * prints. Both split the game indices by pf_sim_slice, so the games, and
 * every digit of the report, are the same.
 *
 * SIGINT, SIGTERM and SIGHUP stop a run early: no new game starts, the games
 * in hand finish, and the report of the games played is printed and written,
 * marked partial; the exit status is then 128 + the signal's number. A second
 * signal ends the program at once (the old files stay whole: every file is
 * replaced in one step). */
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/nearest.h"
#include "partyfood/file.h"
#include "cli/commands.h"
#include "partyfood/parse.h"
#include "sim/ext.h"
#include "sim/mpi.h"
#include "sim/sim.h"

#define MAX_SWEEP 256

static void usage(FILE *f)
{
    fprintf(f,
            "usage: partyfood sim GAME [--games N] [--seats LIST] [--option KEY=VALUE]...\n"
            "                          [--seed S] [--threads T] [--sweep KEY=A..B]\n"
            "                          [--lines KEY=A..B] [--json | --csv] [--out FILE]\n"
            "                          [--svg FILE] [--no-rotate] [--quiet | --progress]\n"
            "                          [--shard I/N] [--ext-timeout S]\n"
            "       partyfood sim merge FILE... [--json | --csv] [--out FILE] [--svg FILE]\n"
            "  --seats LIST   one bot per seat, e.g. bot:medium,bot:expert (default: medium,\n"
            "                 3 seats or the nearest allowed); levels random, easy, medium,\n"
            "                 hard, expert, plus ismcts and the game's own bots; ext:COMMAND\n"
            "                 seats your own program (docs/bots.md), e.g.\n"
            "                 ext:./mybot,bot:medium\n"
            "  --ext-timeout S  seconds an ext: program has for each answer, 1 to 3600\n"
            "                 (default %d)\n"
            "  --games N      games per batch, 1 to %ld (default 1000)\n"
            "  --option K=V   a game option; K=@FILE takes the value from FILE\n"
            "  --seed S       base seed; game i uses a seed derived from S and i (default 1)\n"
            "  --threads T    worker threads, 1 to %d (default or 0: every core); results do\n"
            "                 not depend on it\n"
            "  --sweep K=A..B one batch per integer value of option K (or K=a,b,c), at most\n"
            "                 %d values\n"
            "  --lines K=A..B with --sweep: a second sweep, one line per value on the\n"
            "                 chart; K is an option or `seats` (then --seats names one bot,\n"
            "                 which plays every seat)\n"
            "  --no-rotate    keep each bot on its seat (by default different bots are\n"
            "                 rotated around the seats, game by game)\n"
            "  --json, --csv  machine-readable output instead of the table\n"
            "  --out FILE     the report (table, JSON or CSV) into FILE instead of stdout\n"
            "  --svg FILE     charts: win rate (against the swept value) and game length\n"
            "  --quiet        no progress bar (there is none unless stderr is a terminal)\n"
            "  --progress     a progress bar even when stderr is not a terminal (under\n"
            "                 mpirun it never is: there rank 0 draws it with --progress)\n"
            "  --shard I/N    play only slice I (0 to N-1) of N of every batch and write its\n"
            "                 exact totals to --out FILE; `partyfood sim merge` of all N\n"
            "                 files prints the report one run would\n"
            "Ctrl-C (SIGINT), SIGTERM or SIGHUP stops early and reports the games played,\n"
            "marked partial; a second signal stops at once. Files are replaced whole.\n",
            PF_SIM_EXT_TIMEOUT_MS / 1000, PF_SIM_MAX_GAMES, PF_SIM_MAX_THREADS, MAX_SWEEP);
    const char *mpi = pf_sim_mpi_library();
    if (mpi)
        fprintf(f, "MPI: built in (%s): `mpirun -n N partyfood sim ...` splits\n"
                   "every batch over N processes and prints what one process would.\n",
                mpi);
    else
        fprintf(f, "MPI: not built in (build with Open MPI installed, see docs/sim.md);\n"
                   "--shard and `partyfood sim merge` work without it.\n");
}

/* ---- parse ------------------------------------------------------------------ */

/* What the command line asked for. */
typedef struct sim_args {
    const char *game_id, *seats_arg, *sweep_arg, *lines_arg, *out, *svg;
    bool json, csv, no_rotate, quiet, progress;
    bool sharded; /* --shard: play slice shard of shards, write its totals to --out */
    int shard, shards;
    long long games, threads, ext_timeout;
    uint64_t seed;
    pf_options opt;
} sim_args;

/* "I/N" with 0 <= I < N <= PF_SIM_MAX_SHARDS into a. */
static bool parse_shard(const char *v, sim_args *a)
{
    const char *slash = strchr(v, '/');
    char index[16];
    long long i, n;
    bool ok = slash && slash > v && (size_t)(slash - v) < sizeof index;
    if (ok) {
        snprintf(index, sizeof index, "%.*s", (int)(slash - v), v);
        ok = pf_parse_int(slash + 1, 1, PF_SIM_MAX_SHARDS, &n) &&
             pf_parse_int(index, 0, n - 1, &i);
    }
    if (!ok) {
        fprintf(stderr,
                "partyfood sim: --shard wants I/N, slice I of N with 0 <= I < N <= %d "
                "(e.g. 0/4), not '%s'\n",
                PF_SIM_MAX_SHARDS, v);
        return false;
    }
    a->sharded = true;
    a->shard = (int)i;
    a->shards = (int)n;
    return true;
}

/* Reads argv into *a; returns -1 to go on, else the exit status (0 after
 * --help, 2 with a message on stderr). */
/* --out and --svg are written at the end of a run that may be long: a
 * folder that is missing or read-only is refused before it starts. */
static bool outputs_writable(const sim_args *a)
{
    pf_error err;
    const char *paths[] = {a->out, a->svg};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
        if (paths[i] && pf_file_check_writable(paths[i], &err) != PF_E_OK) {
            fprintf(stderr, "partyfood sim: %s\n", err.msg);
            return false;
        }
    return true;
}

static int parse_args(int argc, char **argv, sim_args *a)
{
    memset(a, 0, sizeof *a);
    a->games = 1000;
    a->seed = 1;
    pf_options_clear(&a->opt);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *v = NULL;
        bool takes_value = strcmp(arg, "--games") == 0 || strcmp(arg, "--seats") == 0 ||
                           strcmp(arg, "--option") == 0 || strcmp(arg, "--seed") == 0 ||
                           strcmp(arg, "--threads") == 0 || strcmp(arg, "--sweep") == 0 ||
                           strcmp(arg, "--lines") == 0 || strcmp(arg, "--out") == 0 ||
                           strcmp(arg, "--svg") == 0 || strcmp(arg, "--shard") == 0 ||
                           strcmp(arg, "--ext-timeout") == 0;
        if (takes_value && !(v = cli_arg_value("sim", argc, argv, &i)))
            return 2;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(arg, "--games") == 0) {
            if (!cli_arg_int("sim", arg, v, 1, PF_SIM_MAX_GAMES, &a->games))
                return 2;
        } else if (strcmp(arg, "--seats") == 0) {
            a->seats_arg = v;
        } else if (strcmp(arg, "--option") == 0) {
            if (!cli_arg_option("sim", v, &a->opt))
                return 2;
        } else if (strcmp(arg, "--seed") == 0) {
            if (!cli_arg_seed("sim", arg, v, &a->seed))
                return 2;
        } else if (strcmp(arg, "--threads") == 0) {
            if (!cli_arg_int("sim", arg, v, 0, PF_SIM_MAX_THREADS, &a->threads))
                return 2;
        } else if (strcmp(arg, "--ext-timeout") == 0) {
            if (!cli_arg_int("sim", arg, v, 1, 3600, &a->ext_timeout))
                return 2;
        } else if (strcmp(arg, "--sweep") == 0) {
            a->sweep_arg = v;
        } else if (strcmp(arg, "--lines") == 0) {
            a->lines_arg = v;
        } else if (strcmp(arg, "--out") == 0) {
            a->out = v;
        } else if (strcmp(arg, "--svg") == 0) {
            a->svg = v;
        } else if (strcmp(arg, "--shard") == 0) {
            if (!parse_shard(v, a))
                return 2;
        } else if (strcmp(arg, "--json") == 0) {
            a->json = true;
        } else if (strcmp(arg, "--csv") == 0) {
            a->csv = true;
        } else if (strcmp(arg, "--no-rotate") == 0) {
            a->no_rotate = true;
        } else if (strcmp(arg, "--quiet") == 0) {
            a->quiet = true;
        } else if (strcmp(arg, "--progress") == 0) {
            a->progress = true;
        } else if (arg[0] != '-' && !a->game_id) {
            a->game_id = arg;
        } else {
            fprintf(stderr, "partyfood sim: unexpected '%s'\n", arg);
            usage(stderr);
            return 2;
        }
    }
    if (!a->game_id) {
        usage(stderr);
        return 2;
    }
    if (a->json && a->csv) {
        fprintf(stderr, "partyfood sim: --json or --csv, not both\n");
        return 2;
    }
    if (a->sharded && (!a->out || a->json || a->csv || a->svg)) {
        fprintf(stderr, "partyfood sim: --shard writes its totals to --out FILE (and no "
                        "--json, --csv or --svg: the report comes from `partyfood sim merge`)\n");
        return 2;
    }
    return outputs_writable(a) ? -1 : 2;
}

/* ---- plan ------------------------------------------------------------------- */

/* The values of --sweep or --lines. */
typedef struct sweep {
    char key[PF_OPT_KEY];
    int n;
    int values[MAX_SWEEP];
} sweep;

/* Everything the run needs; the batch configs are made from it one by one
 * (batch_config), as each holds a copy of the options. */
typedef struct sim_plan {
    pf_sim_config base;
    char names[PF_MAX_SEATS][64]; /* the --seats entries */
    bool has_sweep, has_lines, line_seats;
    sweep sw, lines;
    int nbatch;
    pf_sim_report rep;
} sim_plan;

/* The whole number from s up to end, an int. */
static bool int_between(const char *s, const char *end, long long *out)
{
    char buf[24];
    size_t n = (size_t)(end - s);
    if (n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return pf_parse_int(buf, INT_MIN, INT_MAX, out);
}

/* Parses "KEY=A..B" or "KEY=a,b,c" into *s; false when it is neither, or
 * has more than MAX_SWEEP values. */
static bool parse_sweep(const char *arg, sweep *s)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof s->key)
        return false;
    snprintf(s->key, sizeof s->key, "%.*s", (int)(eq - arg), arg);
    const char *v = eq + 1, *dots = strstr(v, "..");
    long long a, b;
    if (dots) {
        /* a and b are ints, so b - a cannot overflow. */
        if (!int_between(v, dots, &a) || !pf_parse_int(dots + 2, INT_MIN, INT_MAX, &b) ||
            b < a || b - a >= MAX_SWEEP)
            return false;
        s->n = (int)(b - a + 1);
        for (int k = 0; k < s->n; k++)
            s->values[k] = (int)(a + k);
        return true;
    }
    s->n = 0;
    for (const char *p = v;;) {
        const char *comma = strchr(p, ',');
        if (s->n == MAX_SWEEP || !int_between(p, comma ? comma : p + strlen(p), &a))
            return false;
        s->values[s->n++] = (int)a;
        if (!comma)
            return true;
        p = comma + 1;
    }
}

static void sweep_refused(const char *flag, const char *arg)
{
    fprintf(stderr,
            "partyfood sim: %s wants KEY=A..B (A <= B) or KEY=a,b,c: at most %d whole "
            "numbers from %d to %d, not '%s'\n",
            flag, MAX_SWEEP, INT_MIN, INT_MAX, arg);
}

/* Fills p->base's seats and bots from --seats (or the default table). */
static bool plan_seats(const sim_args *a, sim_plan *p)
{
    pf_sim_config *c = &p->base;
    if (!a->seats_arg) {
        int n = 3 < c->game->min_seats ? c->game->min_seats
                : 3 > c->game->max_seats ? c->game->max_seats
                                         : 3;
        for (int s = 0; s < n; s++)
            snprintf(p->names[s], sizeof p->names[s], "medium");
        c->seats = n;
    } else {
        const char *q = a->seats_arg;
        while (*q) {
            const char *comma = strchr(q, ',');
            size_t len = comma ? (size_t)(comma - q) : strlen(q);
            if (c->seats >= PF_MAX_SEATS || len == 0 || len >= sizeof p->names[0]) {
                fprintf(stderr, "partyfood sim: bad --seats list '%s' (1 to %d bots)\n",
                        a->seats_arg, PF_MAX_SEATS);
                return false;
            }
            snprintf(p->names[c->seats++], sizeof p->names[0], "%.*s", (int)len, q);
            q += len + (comma ? 1 : 0);
        }
    }
    bool all_same = true;
    c->ext_timeout_ms = (int)a->ext_timeout * 1000;
    for (int s = 0; s < c->seats; s++) {
        p->rep.entry_names[s] = p->names[s];
        if (strncmp(p->names[s], PF_SIM_EXT_PREFIX, strlen(PF_SIM_EXT_PREFIX)) == 0) {
            c->ext[s] = p->names[s] + strlen(PF_SIM_EXT_PREFIX);
            c->ext_name[s] = p->names[s];
            if (!*c->ext[s]) {
                fprintf(stderr, "partyfood sim: '%s' names no program (ext:COMMAND)\n",
                        p->names[s]);
                return false;
            }
            all_same = all_same && c->ext[0] && strcmp(c->ext[s], c->ext[0]) == 0;
            continue;
        }
        c->bots[s] = pf_bot_find(c->game, p->names[s]);
        if (!c->bots[s]) {
            char list[512];
            pf_bot_list(c->game, list, sizeof list);
            fprintf(stderr, "partyfood sim: no bot '%s' for %s (bots: %s; or ext:COMMAND)\n",
                    p->names[s], c->game->id, list);
            return false;
        }
        all_same = all_same && c->bots[s] == c->bots[0];
    }
    c->rotate = !all_same && !a->no_rotate;
    return true;
}

/* Reads --sweep and --lines into p. */
static bool plan_sweeps(const sim_args *a, sim_plan *p)
{
    p->has_sweep = a->sweep_arg != NULL;
    p->has_lines = a->lines_arg != NULL;
    if (p->has_sweep && !parse_sweep(a->sweep_arg, &p->sw)) {
        sweep_refused("--sweep", a->sweep_arg);
        return false;
    }
    if (p->has_lines) {
        if (!p->has_sweep) {
            fprintf(stderr, "partyfood sim: --lines goes with --sweep\n");
            return false;
        }
        if (!parse_sweep(a->lines_arg, &p->lines)) {
            sweep_refused("--lines", a->lines_arg);
            return false;
        }
        if (p->sw.n * p->lines.n > MAX_SWEEP) {
            fprintf(stderr, "partyfood sim: --sweep and --lines make %d batches, at most %d\n",
                    p->sw.n * p->lines.n, MAX_SWEEP);
            return false;
        }
        p->line_seats = strcmp(p->lines.key, "seats") == 0;
        if (p->line_seats) {
            if (p->base.seats != 1) {
                fprintf(stderr, "partyfood sim: with --lines seats=..., --seats names one bot\n");
                return false;
            }
            for (int s = 1; s < PF_MAX_SEATS; s++) {
                p->base.bots[s] = p->base.bots[0];
                p->base.ext[s] = p->base.ext[0];
                p->base.ext_name[s] = p->base.ext_name[0];
                p->rep.entry_names[s] = p->names[0];
            }
            p->base.rotate = false;
        }
    }
    int nsweep = p->has_sweep ? p->sw.n : 1, nline = p->has_lines ? p->lines.n : 1;
    p->nbatch = nsweep * nline;
    p->rep.sweep_key = p->has_sweep ? p->sw.key : NULL;
    p->rep.sweep_values = p->sw.values;
    p->rep.nsweep = nsweep;
    p->rep.line_key = p->has_lines ? p->lines.key : NULL;
    p->rep.line_values = p->lines.values;
    p->rep.nline = p->has_lines ? nline : 0;
    return true;
}

/* The config of batch b (every line value, or none, times every swept value,
 * or none) and its label; PF_E_BAD_OPTION when an option refuses a value. */
static pf_err batch_config(const sim_plan *p, int b, pf_sim_config *cb, char *label, size_t n,
                           pf_error *err)
{
    *cb = p->base;
    label[0] = '\0';
    size_t len = 0;
    char v[16];
    if (p->has_lines) {
        int lv = p->lines.values[b / p->sw.n];
        if (p->line_seats) {
            cb->seats = lv;
        } else {
            snprintf(v, sizeof v, "%d", lv);
            if (pf_options_set(&cb->opt, p->lines.key, v, err) != PF_E_OK)
                return err->code;
        }
        len += (size_t)snprintf(label, n, "%s=%d ", p->lines.key, lv);
    }
    if (p->has_sweep) {
        int sv = p->sw.values[b % p->sw.n];
        snprintf(v, sizeof v, "%d", sv);
        if (pf_options_set(&cb->opt, p->sw.key, v, err) != PF_E_OK)
            return err->code;
        snprintf(label + len, n - len, "%s=%d ", p->sw.key, sv);
    }
    cb->label = label;
    return PF_E_OK;
}

/* Turns the arguments into a plan and checks every batch, so that a bad
 * value stops the command before any game is played. */
static bool plan_run(const sim_args *a, sim_plan *p)
{
    pf_sim_config *c = &p->base;
    memset(p, 0, sizeof *p);
    c->game = pf_game_find(a->game_id);
    if (!c->game) {
        cli_no_such_game(stderr, "sim", a->game_id);
        return false;
    }
    c->games = (long)a->games;
    c->seed = a->seed;
    c->threads = (int)a->threads;
    c->opt = a->opt;
    if (!plan_seats(a, p) || !plan_sweeps(a, p))
        return false;
    for (int b = 0; b < p->nbatch; b++) {
        pf_sim_config cb;
        char label[96];
        pf_error err;
        if (batch_config(p, b, &cb, label, sizeof label, &err) != PF_E_OK ||
            pf_sim_check(&cb, &err) != PF_E_OK) {
            int len = (int)strlen(label);
            fprintf(stderr, "partyfood sim: %s%.*s%s%s\n", len ? "with " : "",
                    len ? len - 1 : 0, label, len ? ": " : "", err.msg);
            return false;
        }
    }
    p->rep.cfg = c;
    p->rep.planned = (long)p->nbatch * c->games;
    return true;
}

/* ---- run -------------------------------------------------------------------- */

/* The first of SIGINT, SIGTERM, SIGHUP to arrive (0 before): the workers
 * read it, the handler only stores it. */
static atomic_int stop_signal;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler may only store a lock-free atomic");

#define NSTOP 3
static const int stop_signals[NSTOP] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction saved_actions[NSTOP];

/* Puts the actions of before run_batches back. */
static void restore_stop_actions(void)
{
    for (int k = 0; k < NSTOP; k++)
        sigaction(stop_signals[k], &saved_actions[k], NULL);
}

/* Async-signal-safe: an atomic exchange, sigaction and raise. The old
 * actions (the defaults) come back, so a second signal ends the program at
 * once; a second one that reached another thread's handler at the same
 * moment is raised again under them, and ends it too. */
static void on_stop_signal(int sig)
{
    int first = 0;
    bool was_first = atomic_compare_exchange_strong(&stop_signal, &first, sig);
    restore_stop_actions();
    if (!was_first)
        raise(sig); /* blocked until this handler returns, then the default */
}

/* Catches the stop signals, except those already ignored (nohup ignores
 * SIGHUP, a shell's background job SIGINT): ignoring them was asked for. */
static void catch_stop_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    for (int k = 0; k < NSTOP; k++)
        sigaddset(&sa.sa_mask, stop_signals[k]); /* one handler at a time */
    for (int k = 0; k < NSTOP; k++) {
        sigaction(stop_signals[k], NULL, &saved_actions[k]);
        if (saved_actions[k].sa_handler != SIG_IGN)
            sigaction(stop_signals[k], &sa, NULL);
    }
}

static const char *signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* Which games of each batch this process plays: slice shard of shards
 * (all of them without --shard), and of that, slice rank of ranks (MPI). */
typedef struct sim_part {
    int shard, shards, rank, ranks;
} sim_part;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Plays this process's part of the batches in order until the end or a
 * stop signal (*stop: the signal, under MPI the one any rank saw); *played
 * counts the results filled (the last may be cut short), at least one
 * unless the first batch failed. Under MPI, rank 0's results are the
 * whole batches'. */
static pf_err run_batches(const sim_plan *p, const sim_part *part, bool progress,
                          pf_sim_result *res, int *played, int *stop, pf_error *err)
{
    pf_err e = PF_E_OK;
    *played = 0;
    *stop = 0;
    catch_stop_signals();
    while (*played < p->nbatch && !(*played > 0 && *stop)) {
        pf_sim_config cb;
        char label[96];
        batch_config(p, *played, &cb, label, sizeof label, err); /* checked by plan_run */
        cb.progress = progress && part->rank == 0;
        cb.stop = &stop_signal;
        long first, end;
        pf_sim_slice(0, cb.games, part->shard, part->shards, &first, &end);
        cb.sliced = true;
        cb.bar_games = end - first;
        pf_sim_slice(first, end, part->rank, part->ranks, &cb.first, &cb.end);
        if (part->ranks > 1)
            cb.tick = pf_sim_mpi_tick;
        double t0 = now_s();
        pf_error mine = {0};
        e = pf_sim_run(&cb, &res[*played], &mine);
        *stop = atomic_load(&stop_signal);
        if (part->ranks > 1) {
            pf_err all = pf_sim_mpi_gather(&res[*played], cb.game, e, &mine, stop, err);
            if (all != PF_E_OK && e == PF_E_OK)
                pf_sim_result_fini(&res[*played]);
            e = all;
            res[*played].seconds = now_s() - t0; /* the batch on every rank, gathered */
        } else if (e != PF_E_OK) {
            *err = mine;
        }
        if (e != PF_E_OK)
            break;
        ++*played;
    }
    restore_stop_actions(); /* a signal from here on acts as it did before */
    return e;
}

/* ---- report ----------------------------------------------------------------- */

/* Writes a file of the report with the stop signals held back: the file
 * is replaced in one step, and a write cut short would leave its temporary
 * behind. A signal that came meanwhile ends the program on return. */
static bool write_report_file(const char *path, pf_sim_printer *print, const pf_sim_report *rep)
{
    sigset_t held, before;
    sigemptyset(&held);
    for (int k = 0; k < NSTOP; k++)
        sigaddset(&held, stop_signals[k]);
    pthread_sigmask(SIG_BLOCK, &held, &before);
    pf_error err;
    bool ok = pf_sim_write_file(path, print, rep, &err) == PF_E_OK;
    if (!ok)
        fprintf(stderr, "partyfood sim: %s\n", err.msg);
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    return ok;
}

/* Prints the report (or writes it to --out) and writes --svg; false when a
 * file could not be written. */
static bool report(const sim_args *a, const pf_sim_report *rep)
{
    pf_sim_printer *print = a->json  ? pf_sim_print_json
                            : a->csv ? pf_sim_print_csv
                                     : pf_sim_print_table;
    bool ok = true;
    if (!a->out) {
        print(stdout, rep);
        fflush(stdout);
    } else {
        ok = write_report_file(a->out, print, rep);
    }
    if (a->svg && !write_report_file(a->svg, pf_sim_print_svg, rep))
        ok = false;
    return ok;
}

/* ---- shards ------------------------------------------------------------------ */

/* "key=v,v,..." of a sweep. */
static void sweep_text(const sweep *sw, char *out, size_t n)
{
    size_t len = (size_t)snprintf(out, n, "%s=", sw->key);
    for (int k = 0; k < sw->n && len < n; k++)
        len += (size_t)snprintf(out + len, n - len, "%s%d", k ? "," : "", sw->values[k]);
}

/* The identity of the planned run, as a shard file names it. */
static void run_id_of(const sim_args *a, const sim_plan *p, pf_sim_run_id *id)
{
    memset(id, 0, sizeof *id);
    snprintf(id->game, sizeof id->game, "%s", p->base.game->id);
    id->nentries = p->base.seats;
    for (int s = 0; s < p->base.seats; s++)
        snprintf(id->entries[s], sizeof id->entries[s], "%s", p->names[s]);
    id->rotate = p->base.rotate;
    id->opt = a->opt;
    id->seed = p->base.seed;
    id->games = p->base.games;
    if (p->has_sweep)
        sweep_text(&p->sw, id->sweep, sizeof id->sweep);
    if (p->has_lines)
        sweep_text(&p->lines, id->lines, sizeof id->lines);
}

/* The command line that plans the run id names, into a (pointing into id). */
static void args_of(const pf_sim_run_id *id, char *seats, size_t n, sim_args *a)
{
    memset(a, 0, sizeof *a);
    size_t len = 0;
    seats[0] = '\0';
    for (int s = 0; s < id->nentries && len < n; s++)
        len += (size_t)snprintf(seats + len, n - len, "%s%s", s ? "," : "", id->entries[s]);
    a->game_id = id->game;
    a->seats_arg = seats;
    a->no_rotate = !id->rotate;
    a->opt = id->opt;
    a->seed = id->seed;
    a->games = id->games;
    a->sweep_arg = *id->sweep ? id->sweep : NULL;
    a->lines_arg = *id->lines ? id->lines : NULL;
}

/* Writes this shard's totals to --out; false (with a message) when it
 * could not. */
static bool write_shard(const sim_args *a, const sim_plan *p, pf_sim_result *res, int played,
                        const char *stopped_by)
{
    static pf_sim_shard sh;
    run_id_of(a, p, &sh.run);
    sh.index = a->shard;
    sh.count = a->shards;
    snprintf(sh.stopped_by, sizeof sh.stopped_by, "%s", stopped_by ? stopped_by : "");
    sh.nbatch = played;
    sh.res = res;
    pf_error err;
    if (pf_sim_shard_write(a->out, &sh, &err) == PF_E_OK)
        return true;
    fprintf(stderr, "partyfood sim: %s\n", err.msg);
    return false;
}

/* What `partyfood sim merge` was given. */
typedef struct merge_args {
    int nfiles;
    char **files;
    sim_args out; /* --json, --csv, --out, --svg */
} merge_args;

static int parse_merge_args(int argc, char **argv, merge_args *m)
{
    memset(m, 0, sizeof *m);
    m->files = calloc((size_t)argc, sizeof *m->files);
    if (!m->files) {
        fprintf(stderr, "partyfood sim merge: out of memory\n");
        return 1;
    }
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *v = NULL;
        bool takes_value = strcmp(arg, "--out") == 0 || strcmp(arg, "--svg") == 0;
        if (takes_value && !(v = cli_arg_value("sim merge", argc, argv, &i)))
            return 2;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(arg, "--out") == 0) {
            m->out.out = v;
        } else if (strcmp(arg, "--svg") == 0) {
            m->out.svg = v;
        } else if (strcmp(arg, "--json") == 0) {
            m->out.json = true;
        } else if (strcmp(arg, "--csv") == 0) {
            m->out.csv = true;
        } else if (arg[0] != '-') {
            m->files[m->nfiles++] = argv[i];
        } else {
            fprintf(stderr, "partyfood sim merge: unexpected '%s'\n", arg);
            usage(stderr);
            return 2;
        }
    }
    if (m->nfiles == 0 || (m->out.json && m->out.csv)) {
        fprintf(stderr, "partyfood sim merge: %s\n",
                m->nfiles ? "--json or --csv, not both" : "which shard files?");
        return 2;
    }
    return outputs_writable(&m->out) ? -1 : 2;
}

/* Adds shard sh (from path) to the merged totals, after checking that it
 * holds the batches the plan expects; false with a message otherwise. */
static bool merge_shard(const char *path, const pf_sim_shard *sh, const sim_plan *p,
                        pf_sim_result *res)
{
    if (*sh->stopped_by) {
        fprintf(stderr,
                "partyfood sim merge: %s was stopped by %s before it played all its games: run "
                "shard %d/%d again\n",
                path, sh->stopped_by, sh->index, sh->count);
        return false;
    }
    if (sh->nbatch != p->nbatch) {
        fprintf(stderr, "partyfood sim merge: %s holds %d batches, its run has %d\n", path,
                sh->nbatch, p->nbatch);
        return false;
    }
    for (int b = 0; b < p->nbatch; b++) {
        pf_sim_config cb;
        char label[96];
        pf_error err;
        batch_config(p, b, &cb, label, sizeof label, &err); /* checked by plan_run */
        long first, end;
        pf_sim_slice(0, cb.games, sh->index, sh->count, &first, &end);
        const pf_sim_result *r = &sh->res[b];
        if (r->games != end - first || r->seats != cb.seats) {
            fprintf(stderr,
                    "partyfood sim merge: %s: batch %d holds %ld games at %d seats, shard %d/%d "
                    "of it is %ld games at %d\n",
                    path, b + 1, r->games, r->seats, sh->index, sh->count, end - first,
                    cb.seats);
            return false;
        }
        double seconds = res[b].seconds + r->seconds; /* the shards' time together */
        pf_sim_result_merge(&res[b], r);
        res[b].seconds = seconds;
    }
    return true;
}

/* Says which shards of count are missing; false when none is. */
static bool report_missing(const int *from, int count, const merge_args *m)
{
    int missing = 0;
    char list[256] = "";
    for (int k = 0; k < count; k++) {
        if (from[k] >= 0)
            continue;
        if (missing++ < 8)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%d/%d",
                     missing > 1 ? ", " : "", k, count);
    }
    if (!missing)
        return false;
    fprintf(stderr, "partyfood sim merge: %d of %d shards missing: %s%s (given:", missing,
            count, list, missing > 8 ? ", ..." : "");
    for (int k = 0, shown = 0; k < count && shown < 8; k++)
        if (from[k] >= 0)
            fprintf(stderr, "%s %s as %d/%d", shown++ ? "," : "", m->files[from[k]], k, count);
    fprintf(stderr, ")\n");
    return true;
}

/* `partyfood sim merge FILE...`: the report of the run the shards split. */
static int sim_merge(int argc, char **argv)
{
    static merge_args m;
    static pf_sim_shard first, sh;
    static sim_args args;
    static sim_plan plan;
    static char seats[PF_MAX_SEATS * 64];
    int rc = parse_merge_args(argc, argv, &m);
    if (rc >= 0) {
        free(m.files);
        return rc;
    }
    pf_sim_result *res = NULL;
    int *from = NULL; /* from[k]: the file given as shard k, -1 before */
    pf_error err;
    rc = 2;
    if (pf_sim_shard_read(m.files[0], &first, &err) != PF_E_OK) {
        fprintf(stderr, "partyfood sim merge: %s: %s\n", m.files[0], err.msg);
        goto done;
    }
    args_of(&first.run, seats, sizeof seats, &args);
    args.json = m.out.json;
    args.csv = m.out.csv;
    args.out = m.out.out;
    args.svg = m.out.svg;
    if (!plan_run(&args, &plan))
        goto done;
    res = calloc((size_t)plan.nbatch, sizeof *res);
    from = malloc((size_t)first.count * sizeof *from);
    if (!res || !from) {
        fprintf(stderr, "partyfood sim merge: out of memory\n");
        goto done;
    }
    for (int k = 0; k < first.count; k++)
        from[k] = -1;
    for (int b = 0; b < plan.nbatch; b++)
        if (!pf_sim_result_init(&res[b], plan.base.game)) {
            fprintf(stderr, "partyfood sim merge: out of memory\n");
            goto done;
        }
    for (int i = 0; i < m.nfiles; i++) {
        const pf_sim_shard *s = &first;
        if (i > 0) {
            if (pf_sim_shard_read(m.files[i], &sh, &err) != PF_E_OK) {
                fprintf(stderr, "partyfood sim merge: %s: %s\n", m.files[i], err.msg);
                goto done;
            }
            s = &sh;
            char why[1024];
            bool differs = pf_sim_run_differs(&first.run, &sh.run, why, sizeof why);
            if (differs)
                fprintf(stderr,
                        "partyfood sim merge: %s and %s are shards of different runs (%s)\n",
                        m.files[0], m.files[i], why);
            else if (sh.count != first.count)
                fprintf(stderr,
                        "partyfood sim merge: %s is shard %d/%d and %s shard %d/%d: the run was "
                        "split in %d and in %d\n",
                        m.files[0], first.index, first.count, m.files[i], sh.index, sh.count,
                        first.count, sh.count);
            if (differs || sh.count != first.count) {
                pf_sim_shard_fini(&sh);
                goto done;
            }
        }
        bool ok = from[s->index] < 0;
        if (!ok)
            fprintf(stderr, "partyfood sim merge: shard %d/%d given twice: %s and %s\n",
                    s->index, s->count, m.files[from[s->index]], m.files[i]);
        from[s->index] = ok ? i : from[s->index];
        ok = ok && merge_shard(m.files[i], s, &plan, res);
        if (i > 0)
            pf_sim_shard_fini(&sh);
        if (!ok)
            goto done;
    }
    if (report_missing(from, first.count, &m))
        goto done;
    plan.rep.nbatch = plan.nbatch;
    plan.rep.res = res;
    rc = report(&args, &plan.rep) ? 0 : 1;
done:
    for (int b = 0; res && b < plan.nbatch; b++)
        pf_sim_result_fini(&res[b]);
    free(res);
    free(from);
    pf_sim_shard_fini(&first);
    free(m.files);
    return rc;
}

/* ---- the command -------------------------------------------------------------- */

/* Joins the MPI job when a launcher started this process as one of many;
 * false (with a message) when it cannot. */
static bool join_mpi(sim_part *part, bool *joined)
{
    int launched = pf_sim_mpi_launched();
    pf_error err;
    *joined = false;
    if (launched <= 1)
        return true;
    if (pf_sim_mpi_start(&part->rank, &part->ranks, &err) != PF_E_OK) {
        fprintf(stderr,
                "partyfood sim: started as one of %d processes (mpirun, srun), but %s: run "
                "one process, or split the run with --shard (see docs/sim.md)\n",
                launched, err.msg);
        return false;
    }
    *joined = true;
    return true;
}

int cmd_sim(int argc, char **argv)
{
    static sim_args args;
    static sim_plan plan;
    if (argc > 1 && strcmp(argv[1], "merge") == 0)
        return sim_merge(argc - 1, argv + 1);
    int rc = parse_args(argc, argv, &args);
    if (rc >= 0)
        return rc;
    if (!plan_run(&args, &plan))
        return 2;
    sim_part part = {args.shard, args.sharded ? args.shards : 1, 0, 1};
    bool joined;
    if (!join_mpi(&part, &joined))
        return 2;
    if (joined) {
        static pf_sim_run_id id;
        pf_error err;
        run_id_of(&args, &plan, &id);
        if (pf_sim_mpi_same_run(&id, part.shard, part.shards, &err) != PF_E_OK) {
            if (part.rank == 0)
                fprintf(stderr, "partyfood sim: %s\n", err.msg);
            pf_sim_mpi_end();
            return 2;
        }
    }
    pf_sim_result *res = calloc((size_t)plan.nbatch, sizeof *res);
    if (!res) {
        fprintf(stderr, "partyfood sim: out of memory\n");
        return 1;
    }
    int played, sig;
    pf_error err;
    /* mpirun hands its ranks a pipe for stderr (and a pseudo-terminal for
     * stdout, even when its own output goes to a file): no telling there. */
    bool bar = !args.quiet && (args.progress || isatty(2));
    pf_err e = run_batches(&plan, &part, bar, res, &played, &sig, &err);
    rc = 0;
    if (e != PF_E_OK) {
        if (part.rank == 0)
            fprintf(stderr, "partyfood sim: %s\n", err.msg);
        rc = 1;
    } else if (part.rank == 0) {
        long games = 0, first, end;
        for (int b = 0; b < played; b++)
            games += res[b].games;
        pf_sim_slice(0, plan.base.games, part.shard, part.shards, &first, &end);
        plan.rep.nbatch = played;
        plan.rep.res = res;
        plan.rep.stopped_by =
            sig && games < (long)plan.nbatch * (end - first) ? signal_name(sig) : NULL;
        if (args.sharded)
            rc = write_shard(&args, &plan, res, played, plan.rep.stopped_by) ? 0 : 1;
        else
            rc = report(&args, &plan.rep) ? 0 : 1;
    }
    for (int b = 0; b < played; b++)
        pf_sim_result_fini(&res[b]);
    free(res);
    if (joined)
        pf_sim_mpi_end();
    return sig ? 128 + sig : rc;
}
