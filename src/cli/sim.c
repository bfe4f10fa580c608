/* sim.c: `partyfood sim GAME`, many games played by bots, with statistics.
 *
 *   partyfood sim passfood --seats bot:medium,bot:medium,bot:medium \
 *       --sweep difficulty=0..6 --games 2000 --svg out.svg
 *
 * Parses the command line into a pf_sim_config, runs one batch (or one per
 * swept value, all with the same base seed, so the values are compared on
 * the same deals), and prints the report (src/sim). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "sim/sim.h"

#define MAX_SWEEP 256

static void usage(FILE *f)
{
    fprintf(f,
            "usage: partyfood sim GAME [--games N] [--seats LIST] [--option KEY=VALUE]...\n"
            "                          [--seed S] [--threads T] [--sweep KEY=A..B]\n"
            "                          [--lines KEY=A..B] [--json | --csv] [--svg FILE]\n"
            "                          [--no-rotate] [--quiet]\n"
            "  --seats LIST   one bot per seat, e.g. bot:medium,bot:expert (default: medium,\n"
            "                 3 seats or the nearest allowed); levels random, easy, medium,\n"
            "                 hard, expert, plus ismcts and the game's own bots\n"
            "  --games N      games per batch (default 1000)\n"
            "  --seed S       base seed; game i uses a seed derived from S and i (default 1)\n"
            "  --threads T    worker threads (default: every core); results do not depend on it\n"
            "  --sweep K=A..B one batch per integer value of option K (or K=a,b,c)\n"
            "  --lines K=A..B with --sweep: a second sweep, one line per value on the\n"
            "                 chart; K is an option or `seats` (then --seats names one bot,\n"
            "                 which plays every seat)\n"
            "  --no-rotate    keep each bot on its seat (by default different bots are\n"
            "                 rotated around the seats, game by game)\n"
            "  --json, --csv  machine-readable output instead of the table\n"
            "  --svg FILE     charts: win rate (against the swept value) and game length\n"
            "  --quiet        no progress bar (there is none unless stderr is a terminal)\n");
}

/* Parses "key=a..b" or "key=a,b,c" into key and values; returns the count
 * or -1. */
static int parse_sweep(const char *arg, char *key, size_t keyn, int *vals)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= keyn)
        return -1;
    snprintf(key, keyn, "%.*s", (int)(eq - arg), arg);
    const char *v = eq + 1;
    char *end;
    long a = strtol(v, &end, 10);
    if (end == v)
        return -1;
    if (strncmp(end, "..", 2) == 0) {
        const char *w = end + 2;
        long b = strtol(w, &end, 10);
        if (end == w || *end || b < a || b - a >= MAX_SWEEP)
            return -1;
        for (long x = a; x <= b; x++)
            vals[x - a] = (int)x;
        return (int)(b - a + 1);
    }
    int n = 0;
    vals[n++] = (int)a;
    while (*end == ',' && n < MAX_SWEEP) {
        const char *w = end + 1;
        vals[n++] = (int)strtol(w, &end, 10);
        if (end == w)
            return -1;
    }
    return *end ? -1 : n;
}

int cmd_sim(int argc, char **argv)
{
    const char *game_id = NULL, *seats_arg = NULL, *svg = NULL, *sweep_arg = NULL,
               *lines_arg = NULL;
    bool json = false, csv = false, no_rotate = false, quiet = false;
    pf_sim_config c;
    memset(&c, 0, sizeof c);
    c.games = 1000;
    c.seed = 1;
    pf_options_clear(&c.opt);
    pf_error err = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool more = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--games") == 0 && more)
            c.games = atol(argv[++i]);
        else if (strcmp(a, "--seats") == 0 && more)
            seats_arg = argv[++i];
        else if (strcmp(a, "--option") == 0 && more) {
            if (pf_options_parse(&c.opt, argv[++i], &err) != PF_E_OK) {
                fprintf(stderr, "partyfood sim: %s\n", err.msg);
                return 2;
            }
        } else if (strcmp(a, "--seed") == 0 && more)
            c.seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(a, "--threads") == 0 && more)
            c.threads = atoi(argv[++i]);
        else if (strcmp(a, "--sweep") == 0 && more)
            sweep_arg = argv[++i];
        else if (strcmp(a, "--lines") == 0 && more)
            lines_arg = argv[++i];
        else if (strcmp(a, "--svg") == 0 && more)
            svg = argv[++i];
        else if (strcmp(a, "--json") == 0)
            json = true;
        else if (strcmp(a, "--csv") == 0)
            csv = true;
        else if (strcmp(a, "--no-rotate") == 0)
            no_rotate = true;
        else if (strcmp(a, "--quiet") == 0)
            quiet = true;
        else if (a[0] != '-' && !game_id)
            game_id = a;
        else {
            fprintf(stderr, "partyfood sim: unexpected '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!game_id) {
        usage(stderr);
        return 2;
    }
    c.game = pf_game_find(game_id);
    if (!c.game) {
        fprintf(stderr, "partyfood sim: no game called '%s' (see `partyfood games`)\n", game_id);
        return 2;
    }
    if (c.games < 1) {
        fprintf(stderr, "partyfood sim: --games must be at least 1\n");
        return 2;
    }

    /* The seats: one bot per entry. */
    static char names[PF_MAX_SEATS][64];
    pf_sim_report rep;
    memset(&rep, 0, sizeof rep);
    if (!seats_arg) {
        int n = 3 < c.game->min_seats ? c.game->min_seats : 3 > c.game->max_seats ? c.game->max_seats : 3;
        for (int s = 0; s < n; s++)
            snprintf(names[s], sizeof names[s], "medium");
        c.seats = n;
    } else {
        const char *p = seats_arg;
        while (*p) {
            const char *comma = strchr(p, ',');
            size_t len = comma ? (size_t)(comma - p) : strlen(p);
            if (c.seats >= PF_MAX_SEATS || len == 0 || len >= sizeof names[0]) {
                fprintf(stderr, "partyfood sim: bad --seats list '%s'\n", seats_arg);
                return 2;
            }
            snprintf(names[c.seats++], sizeof names[0], "%.*s", (int)len, p);
            p += len + (comma ? 1 : 0);
        }
    }
    bool all_same = true;
    for (int s = 0; s < c.seats; s++) {
        c.bots[s] = pf_bot_find(c.game, names[s]);
        if (!c.bots[s]) {
            char list[512];
            pf_bot_list(c.game, list, sizeof list);
            fprintf(stderr, "partyfood sim: no bot '%s' for %s (bots: %s)\n", names[s],
                    c.game->id, list);
            return 2;
        }
        rep.entry_names[s] = names[s];
        all_same = all_same && c.bots[s] == c.bots[0];
    }
    c.rotate = !all_same && !no_rotate;

    /* The batches: every line value (or none) times every swept value (or none). */
    static int values[MAX_SWEEP], lvalues[MAX_SWEEP];
    static char key[PF_OPT_KEY], lkey[PF_OPT_KEY];
    int nsweep = 1, nline = 1;
    if (sweep_arg) {
        nsweep = parse_sweep(sweep_arg, key, sizeof key, values);
        if (nsweep < 1) {
            fprintf(stderr, "partyfood sim: --sweep wants KEY=A..B or KEY=a,b,c (integers), "
                            "not '%s'\n", sweep_arg);
            return 2;
        }
        rep.sweep_key = key;
        rep.sweep_values = values;
    }
    bool line_seats = false;
    if (lines_arg) {
        nline = parse_sweep(lines_arg, lkey, sizeof lkey, lvalues);
        if (!sweep_arg || nline < 1 || nsweep * nline > MAX_SWEEP) {
            fprintf(stderr, "partyfood sim: --lines wants KEY=A..B or KEY=a,b,c with --sweep, "
                            "not '%s'\n", lines_arg);
            return 2;
        }
        line_seats = strcmp(lkey, "seats") == 0;
        if (line_seats) {
            if (c.seats != 1) {
                fprintf(stderr, "partyfood sim: with --lines seats=..., --seats names one bot\n");
                return 2;
            }
            for (int s = 1; s < PF_MAX_SEATS; s++) {
                c.bots[s] = c.bots[0];
                rep.entry_names[s] = names[0];
            }
            c.rotate = false;
        }
        rep.line_key = lkey;
        rep.line_values = lvalues;
    }
    rep.nsweep = nsweep;
    rep.nline = lines_arg ? nline : 0;
    int nbatch = nsweep * nline;
    pf_sim_result *res = calloc((size_t)nbatch, sizeof *res);
    if (!res)
        return 1;
    bool tty = isatty(2) && !quiet;
    int done = 0, rc = 0;
    for (int b = 0; b < nbatch; b++) {
        pf_sim_config cb = c;
        char label[96] = "", v[16];
        int len = 0;
        if (lines_arg) {
            int lv = lvalues[b / nsweep];
            if (line_seats) {
                if (lv < 1 || lv > PF_MAX_SEATS) {
                    fprintf(stderr, "partyfood sim: no table has %d seats\n", lv);
                    rc = 2;
                    break;
                }
                cb.seats = lv;
            } else {
                snprintf(v, sizeof v, "%d", lv);
                if (pf_options_set(&cb.opt, lkey, v, &err) != PF_E_OK) {
                    fprintf(stderr, "partyfood sim: %s\n", err.msg);
                    rc = 2;
                    break;
                }
            }
            len += snprintf(label + len, sizeof label - (size_t)len, "%s=%d ", lkey, lv);
        }
        if (sweep_arg) {
            snprintf(v, sizeof v, "%d", values[b % nsweep]);
            if (pf_options_set(&cb.opt, key, v, &err) != PF_E_OK) {
                fprintf(stderr, "partyfood sim: %s\n", err.msg);
                rc = 2;
                break;
            }
            snprintf(label + len, sizeof label - (size_t)len, "%s=%d ", key, values[b % nsweep]);
        }
        cb.progress = tty;
        cb.label = label;
        if (pf_sim_run(&cb, &res[b], &err) != PF_E_OK) {
            fprintf(stderr, "partyfood sim: %s\n", err.msg);
            rc = 2;
            break;
        }
        done++;
    }
    if (rc == 0) {
        rep.cfg = &c;
        rep.nbatch = nbatch;
        rep.res = res;
        if (json)
            pf_sim_print_json(stdout, &rep);
        else if (csv)
            pf_sim_print_csv(stdout, &rep);
        else
            pf_sim_print_table(stdout, &rep);
        if (svg && !pf_sim_write_svg(svg, &rep)) {
            fprintf(stderr, "partyfood sim: cannot write %s\n", svg);
            rc = 1;
        }
    }
    for (int b = 0; b < done; b++)
        pf_sim_result_fini(&res[b]);
    free(res);
    return rc;
}
