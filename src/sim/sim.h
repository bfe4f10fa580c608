/* sim.h: the batch simulator behind `partyfood sim` (the sim layer).
 *
 * A batch plays N games of one game with one bot per seat, in parallel
 * threads. Game i is seeded with pf_seed_derive(seed, i) and played by
 * pf_bots_next, so every game, and every total, is the same whatever the
 * thread count: threads only change who plays which game, and every total
 * is an integer (results in 1/PF_SIM_RESULT_UNIT of the result range,
 * lengths, and the games' figures, which are whole numbers), so the order
 * in which threads, shards or MPI ranks add them up cannot change a digit.
 * Memory stays flat: nothing is kept per game, only running totals and a
 * histogram of game length.
 *
 * Slices: a batch may play only the games first..end-1 (a shard of a run,
 * or an MPI rank's part); the totals of the slices, merged, are the totals
 * of the whole batch.
 *
 * Seat rotation: with rotate set, game i seats entry (s + i) mod seats of
 * the bot list at seat s, so every bot plays every seat equally often (as
 * equally as N allows). Totals are kept per seat and per entry.
 *
 * Programs as bots (ext.h): an entry with an `ext` command is played by
 * that program, started once per worker thread. Whatever the program does
 * wrong (no answer in time, an answer that is no legal action, an exit)
 * stops the batch with an error that says what and where: no report is
 * made of a run whose bot did not play.
 *
 * Stopping early: when *stop turns non-zero (a signal handler sets it), the
 * workers start no new game; the games in hand finish and the batch returns
 * the totals of the games played so far.
 *
 * Statistics (stats.c): Wilson score intervals and percentiles of a
 * histogram. Reports (report.c): a table, JSON, CSV and an SVG chart. */
#ifndef PF_SIM_H
#define PF_SIM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "partyfood/bot.h"

#define PF_SIM_STATS 40  /* distinct figures a batch keeps */
#define PF_SIM_NAME 40
#define PF_SIM_MAX_THREADS 64
#define PF_SIM_MAX_GAMES 1000000000L /* a batch; more would take days */
/* A seat's result is tallied in units of 2^-20 of the game's result range:
 * exact for results that are multiples of that (every game's are 0 or 1),
 * and 2^20 * PF_SIM_MAX_GAMES stays below 2^53, so a JSON number holds it. */
#define PF_SIM_RESULT_UNIT (1L << 20)

/* Called by pf_sim_run's calling thread about ten times a second while a
 * batch plays, and once when it ends, with the games this process has
 * played; sets *shown to the games the whole run has played (for the bar)
 * and returns whether other processes still play this batch: pf_sim_run
 * then goes on calling it after its own games, so that the bar reaches
 * the end. An MPI rank passes its count on here. */
typedef bool pf_sim_tick(void *ctx, long done, long *shown);

typedef struct pf_sim_config {
    const pf_game *game;
    int seats;
    const pf_bot_def *bots[PF_MAX_SEATS]; /* entry i of the --seats list */
    const char *ext[PF_MAX_SEATS];        /* or the command of a program playing entry i */
    const char *ext_name[PF_MAX_SEATS];   /* the entry as typed, for messages */
    int ext_timeout_ms;                   /* an answer's time; 0: PF_SIM_EXT_TIMEOUT_MS */
    pf_options opt;
    uint64_t seed;
    long games;
    int threads;   /* 0: every core (at most PF_SIM_MAX_THREADS) */
    bool rotate;   /* rotate the entries around the seats */
    bool progress; /* a progress bar on stderr */
    const char *label; /* shown before the progress bar */
    const atomic_int *stop; /* NULL, or non-zero once no new game may start */
    bool sliced;     /* play only the games first..end-1 of the batch */
    long first, end;
    long bar_games;  /* the bar's total; 0: the games played here */
    pf_sim_tick *tick; /* NULL, or called while the batch plays */
    void *tick_ctx;
} pf_sim_config;

/* Running totals of one figure (figures are whole numbers: a fraction is
 * rounded to the nearest). The sum of squares needs 128 bits: a Paku Paku
 * game lasts up to ~10^6 ms, squared 10^12, times 10^9 games. */
typedef struct pf_sim_fig {
    char name[PF_SIM_NAME];
    long n;
    long long sum;
    __int128 sumsq;
    double min, max;
} pf_sim_fig;

typedef struct pf_sim_result {
    int seats;     /* seats at the table in this batch */
    long games;    /* games played */
    long finished; /* games that ended by the rules */
    long stalled;  /* games stopped at max_steps or with no bot to move */
    long errors;   /* games where a bot played an illegal action */
    long team;     /* finished games where every seat had the same result */
    long seat_wins[PF_MAX_SEATS], entry_wins[PF_MAX_SEATS];
    long seat_games[PF_MAX_SEATS], entry_games[PF_MAX_SEATS];
    /* sums of the results, normalised to 0..1, in units of 1/PF_SIM_RESULT_UNIT */
    long seat_result[PF_MAX_SEATS], entry_result[PF_MAX_SEATS];
    long *length;  /* length[k]: games that lasted k actions, k <= length_cap */
    int length_cap;
    long length_sum;
    int nfig;
    pf_sim_fig fig[PF_SIM_STATS]; /* the game's figures, in the order it reports them */
    /* Figures named "<name>_<k>" or "<name>_seat<k>" are per seat; they are
     * also credited to the entry playing seat k here, as "<name>". */
    int nefig;
    pf_sim_fig efig[PF_SIM_STATS][PF_MAX_SEATS];
    double seconds;
} pf_sim_result;

/* Whether a batch can be played: PF_E_OK, or BAD_OPTION / BAD_SEATS /
 * UNKNOWN_BOT / NO_MEMORY with the reason in err. */
pf_err pf_sim_check(const pf_sim_config *c, pf_error *err);

/* Plays a batch (checking it first). PF_E_OK with *r filled (fini it; fewer
 * than c->games games when stopped), or pf_sim_check's refusal (and nothing
 * to fini). */
pf_err pf_sim_run(const pf_sim_config *c, pf_sim_result *r, pf_error *err);
void pf_sim_result_fini(pf_sim_result *r);

/* Empty totals for a batch of game g (fini them); false when out of memory. */
bool pf_sim_result_init(pf_sim_result *r, const pf_game *g);
/* Adds the totals in from (another slice of the same batch) to r; the
 * seconds are the caller's to add, if it wants them. */
void pf_sim_result_merge(pf_sim_result *r, const pf_sim_result *from);

/* The games from..to-1 split in n near-equal slices: slice k is
 * *first..*end-1 (the same cut for every caller, so shards agree). */
void pf_sim_slice(long from, long to, int k, int n, long *first, long *end);

/* ---- exact totals as JSON (tally.c) ---------------------------------------- */

/* The totals of a batch, every count exact (see docs/sim.md for the fields). */
cJSON *pf_sim_tally_json(const pf_sim_result *r);
/* Reads them back into *r (initialised here for game g: fini it on
 * success); PF_E_IO with the reason in err when j is not such totals for g
 * (or NO_MEMORY). */
pf_err pf_sim_tally_read(const cJSON *j, const pf_game *g, pf_sim_result *r, pf_error *err);

/* ---- shard files (shard.c) ------------------------------------------------ */

#define PF_SIM_SHARD_FORMAT "partyfood-sim-shard"
#define PF_SIM_SHARD_VERSION 1
#define PF_SIM_MAX_SHARDS 100000
#define PF_SIM_SWEEP_TEXT 4096 /* "key=v,v,...": 256 values of up to 11 characters */

/* What makes two shards parts of one run: everything that decides which
 * games are played and how the report names them (not the thread count). */
typedef struct pf_sim_run_id {
    char game[32];
    int nentries;
    char entries[PF_MAX_SEATS][64]; /* the --seats list */
    bool rotate;
    pf_options opt;                 /* as typed, in order */
    uint64_t seed;
    long games;                     /* per batch */
    char sweep[PF_SIM_SWEEP_TEXT];  /* "key=v,v,..." or "" */
    char lines[PF_SIM_SWEEP_TEXT];
} pf_sim_run_id;

/* One shard's file: slice index of count of every batch of the run. */
typedef struct pf_sim_shard {
    pf_sim_run_id run;
    int index, count;
    char stopped_by[16];   /* "" when complete */
    int nbatch;
    pf_sim_result *res;    /* nbatch; owned by the shard once read */
} pf_sim_shard;

/* Writes s to path atomically (the file format: docs/sim.md). */
pf_err pf_sim_shard_write(const char *path, const pf_sim_shard *s, pf_error *err);
/* Reads path into *s (fini it on success); PF_E_IO, TOO_LARGE or NO_MEMORY
 * with the reason in err. */
pf_err pf_sim_shard_read(const char *path, pf_sim_shard *s, pf_error *err);
void pf_sim_shard_fini(pf_sim_shard *s);
/* False when a and b are the same run; else true, with the first field
 * that differs and both values in why ("seed: 1 vs 2"). */
bool pf_sim_run_differs(const pf_sim_run_id *a, const pf_sim_run_id *b, char *why, size_t n);

/* ---- statistics (stats.c) ------------------------------------------------ */

/* The Wilson score interval of k successes in n trials at normal quantile z
 * (1.96 for 95%); [0, 1] when n == 0. */
void pf_wilson(long k, long n, double z, double *lo, double *hi);

/* The q-quantile (0..1) of a histogram h[0..cap] of integer values, by the
 * nearest-rank rule (the smallest v with at least q*total values <= v);
 * -1 when empty. */
int pf_hist_quantile(const long *h, int cap, double q);

/* The figure's mean (0 when it has no values) and standard deviation. */
double pf_sim_fig_mean(const pf_sim_fig *f);
double pf_sim_fig_sd(const pf_sim_fig *f);

/* ---- reports (report.c) --------------------------------------------------- */

/* What a report shows about the batches of one run. */
typedef struct pf_sim_report {
    const pf_sim_config *cfg;
    const char *entry_names[PF_MAX_SEATS]; /* as typed in --seats */
    const char *sweep_key;   /* NULL: no sweep */
    int nsweep;              /* values swept (1 without a sweep) */
    const int *sweep_values;
    const char *line_key;    /* NULL: one line; else a second sweep, one line per value
                                ("seats" or an option) */
    int nline;
    const int *line_values;
    int nbatch;               /* batches played (at least 1), line-major: b = line *
                                 nsweep + sweep; nsweep * nline unless stopped early */
    const pf_sim_result *res; /* nbatch results */
    long planned;             /* games the run was to play, over every batch */
    const char *stopped_by;   /* NULL: complete; else why it stopped early ("SIGTERM") */
} pf_sim_report;

/* Each writes one whole report to f. A partial report says so: a line
 * "partial: stopped by SIGTERM after N of M games" in the table and as the
 * last line of the CSV (a '#' comment), "partial": true in JSON, a subtitle
 * on the chart. */
void pf_sim_print_table(FILE *f, const pf_sim_report *rep);
void pf_sim_print_json(FILE *f, const pf_sim_report *rep);
void pf_sim_print_csv(FILE *f, const pf_sim_report *rep);
void pf_sim_print_svg(FILE *f, const pf_sim_report *rep); /* the charts, one SVG document */

typedef void pf_sim_printer(FILE *f, const pf_sim_report *rep);

/* Replaces the file at path with a report, atomically (pf_file_write_atomic):
 * a kill leaves the old file or the new one, never a part. */
pf_err pf_sim_write_file(const char *path, pf_sim_printer *print, const pf_sim_report *rep,
                         pf_error *err);

#endif
