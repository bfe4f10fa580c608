/* report.c: what `partyfood sim` prints: a table, JSON, CSV, and SVG charts.
 *
 * Every report shows, per batch, the win rate of each "group" with its 95%
 * Wilson interval: the team in a co-operative game (every finished game gave
 * all seats the same result), each entry of the --seats list when seats were
 * rotated, else each seat. Then game length (actions) and the game's own
 * figures (means), with per-seat figures also credited to each entry.
 *
 * A run stopped early reports the batches it played (the last one cut
 * short) and says so in every format. Files are built in memory and then
 * replace the old file in one step. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/file.h"
#include "sim/sim.h"

#define Z95 1.959963984540054

typedef struct group {
    char label[80]; /* a --seats entry (up to 63 bytes) and its number */
    long wins, games;
    double result; /* sum of normalised results */
} group;

/* The swept value and the line value of batch b. */
static int sweep_value(const pf_sim_report *rep, int b)
{
    return rep->sweep_key ? rep->sweep_values[b % rep->nsweep] : 0;
}
static int line_value(const pf_sim_report *rep, int b)
{
    return rep->line_key ? rep->line_values[b / rep->nsweep] : 0;
}

/* Whether batch b was played (a run stopped early has fewer batches). */
static bool played(const pf_sim_report *rep, int b)
{
    return b < rep->nbatch;
}

static long games_played(const pf_sim_report *rep)
{
    long games = 0;
    for (int b = 0; b < rep->nbatch; b++)
        games += rep->res[b].games;
    return games;
}

/* "stopped by SIGTERM after N of M games", for a partial report. */
static void partial_text(const pf_sim_report *rep, char *buf, size_t n)
{
    snprintf(buf, n, "stopped by %s after %ld of %ld games", rep->stopped_by,
             games_played(rep), rep->planned);
}

/* True when every finished game gave all seats one result. */
static bool is_team(const pf_sim_result *r)
{
    return r->finished > 0 && r->team == r->finished;
}

/* The name of entry e of the --seats list for a person to read: the bot's
 * name, numbered from 1 when the list holds that name more than once
 * ("memory 1", "memory 2", "random"). */
static void entry_label(const pf_sim_report *rep, int seats, int e, char *buf, size_t n)
{
    int same = 0, nth = 0;
    for (int i = 0; i < seats; i++)
        if (strcmp(rep->entry_names[i], rep->entry_names[e]) == 0) {
            same++;
            if (i <= e)
                nth++;
        }
    if (same > 1)
        snprintf(buf, n, "%s %d", rep->entry_names[e], nth);
    else
        snprintf(buf, n, "%s", rep->entry_names[e]);
}

/* The groups of batch b; returns their count. */
static int groups_of(const pf_sim_report *rep, int b, group *out)
{
    const pf_sim_result *r = &rep->res[b];
    int n = r->seats;
    if (is_team(r)) {
        snprintf(out[0].label, sizeof out[0].label, "team");
        out[0].wins = r->seat_wins[0];
        out[0].games = r->seat_games[0];
        out[0].result = (double)r->seat_result[0] / PF_SIM_RESULT_UNIT;
        return 1;
    }
    for (int i = 0; i < n; i++) {
        if (rep->cfg->rotate) {
            entry_label(rep, n, i, out[i].label, sizeof out[i].label);
            out[i].wins = r->entry_wins[i];
            out[i].games = r->entry_games[i];
            out[i].result = (double)r->entry_result[i] / PF_SIM_RESULT_UNIT;
        } else {
            snprintf(out[i].label, sizeof out[i].label, "seat %d %s", i + 1, rep->entry_names[i]);
            out[i].wins = r->seat_wins[i];
            out[i].games = r->seat_games[i];
            out[i].result = (double)r->seat_result[i] / PF_SIM_RESULT_UNIT;
        }
    }
    return n;
}

/* Half-width of the normal 95% interval of a figure's mean. */
static double fig_half95(const pf_sim_fig *x)
{
    return x->n > 1 ? Z95 * pf_sim_fig_sd(x) / sqrt((double)x->n) : 0;
}

static double length_mean(const pf_sim_result *r)
{
    return r->finished ? (double)r->length_sum / r->finished : 0;
}

static void options_text(const pf_options *o, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < o->n && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s=%s", i ? " " : "", o->key[i],
                                o->val[i]);
    if (!o->n)
        snprintf(buf, n, "(defaults)");
}

/* ---- table ---------------------------------------------------------------- */

static void print_batch(FILE *f, const pf_sim_report *rep, int b)
{
    const pf_sim_result *r = &rep->res[b];
    group gr[PF_MAX_SEATS];
    int ng = groups_of(rep, b, gr);
    if (rep->sweep_key && rep->line_key)
        fprintf(f, "\n== %s=%d, %s=%d ==\n", rep->sweep_key, sweep_value(rep, b), rep->line_key,
                line_value(rep, b));
    else if (rep->sweep_key)
        fprintf(f, "\n== %s=%d ==\n", rep->sweep_key, sweep_value(rep, b));
    fprintf(f, "%ld games (%ld finished", r->games, r->finished);
    if (r->stalled)
        fprintf(f, ", %ld stalled", r->stalled);
    if (r->errors)
        fprintf(f, ", %ld with an illegal bot move", r->errors);
    fprintf(f, ") in %.1f s, %.0f games/s\n", r->seconds,
            r->seconds > 0 ? r->games / r->seconds : 0);
    int wide = 26; /* the names' column: an ext: program's command may be longer */
    for (int i = 0; i < ng; i++)
        if ((int)strlen(gr[i].label) > wide)
            wide = (int)strlen(gr[i].label);
    fprintf(f, "%-*s %7s %7s %9s  %-17s %s\n", wide, is_team(r) ? "co-operative" : "who",
            "games", "wins", "win rate", "95% interval", "mean result");
    for (int i = 0; i < ng; i++) {
        double lo, hi;
        pf_wilson(gr[i].wins, gr[i].games, Z95, &lo, &hi);
        fprintf(f, "%-*s %7ld %7ld %8.1f%%  [%5.1f%%, %5.1f%%]  %.3f\n", wide, gr[i].label,
                gr[i].games, gr[i].wins, gr[i].games ? 100.0 * gr[i].wins / gr[i].games : 0,
                100 * lo, 100 * hi, gr[i].games ? gr[i].result / gr[i].games : 0);
    }
    fprintf(f, "game length (actions): mean %.1f, median %d, 90th percentile %d\n",
            length_mean(r), pf_hist_quantile(r->length, r->length_cap, 0.5),
            pf_hist_quantile(r->length, r->length_cap, 0.9));
    if (r->nfig) {
        fprintf(f, "%-26s %9s %9s %9s %9s\n", "figures (per game)", "mean", "sd", "min", "max");
        for (int j = 0; j < r->nfig; j++)
            fprintf(f, "  %-24s %9.3f %9.3f %9g %9g\n", r->fig[j].name,
                    pf_sim_fig_mean(&r->fig[j]), pf_sim_fig_sd(&r->fig[j]), r->fig[j].min,
                    r->fig[j].max);
    }
    if (r->nefig && rep->cfg->rotate) {
        fprintf(f, "per-seat figures by bot (mean, +- the 95%% interval's half-width):\n");
        for (int j = 0; j < r->nefig; j++) {
            fprintf(f, "  %-24s", r->efig[j][0].name);
            for (int e = 0; e < r->seats; e++) {
                char who[64];
                entry_label(rep, r->seats, e, who, sizeof who);
                fprintf(f, "  %s %.3f (+-%.3f)", who, pf_sim_fig_mean(&r->efig[j][e]),
                        fig_half95(&r->efig[j][e]));
            }
            fprintf(f, "\n");
        }
    }
}

void pf_sim_print_table(FILE *f, const pf_sim_report *rep)
{
    const pf_sim_config *c = rep->cfg;
    char opts[512];
    options_text(&c->opt, opts, sizeof opts);
    bool by_seats = rep->line_key && strcmp(rep->line_key, "seats") == 0;
    char seats[32];
    snprintf(seats, sizeof seats, by_seats ? "seats by line" : "%d seats", c->seats);
    fprintf(f, "%s (%s): %s, seed %llu, options %s\nbots:", c->game->title, c->game->id, seats,
            (unsigned long long)c->seed, opts);
    for (int i = 0; i < c->seats; i++)
        fprintf(f, " %s", rep->entry_names[i]);
    fprintf(f, "%s\n", c->rotate ? " (rotated around the seats, game i shifts them by i)" : "");
    if (rep->stopped_by) {
        char why[128];
        partial_text(rep, why, sizeof why);
        fprintf(f, "partial: %s\n", why);
    }
    for (int b = 0; b < rep->nbatch; b++)
        print_batch(f, rep, b);
    if (rep->line_key) {
        fprintf(f, "\nsummary: %s win rate [95%% interval] by %s (rows) and %s (columns)\n%-10s",
                is_team(&rep->res[0]) ? "team" : "first bot's", rep->sweep_key, rep->line_key,
                rep->sweep_key);
        for (int l = 0; l < rep->nline; l++) {
            char head[48];
            snprintf(head, sizeof head, "%s=%d", rep->line_key, rep->line_values[l]);
            fprintf(f, " %-20s", head);
        }
        fprintf(f, "\n");
        for (int si = 0; si < rep->nsweep; si++) {
            fprintf(f, "%-10d", rep->sweep_values[si]);
            for (int l = 0; l < rep->nline; l++) {
                if (!played(rep, l * rep->nsweep + si)) {
                    fprintf(f, " %-20s", "-");
                    continue;
                }
                group gr[PF_MAX_SEATS];
                groups_of(rep, l * rep->nsweep + si, gr);
                double lo, hi;
                pf_wilson(gr[0].wins, gr[0].games, Z95, &lo, &hi);
                char cell[64];
                snprintf(cell, sizeof cell, "%.1f%% [%.1f, %.1f]",
                         gr[0].games ? 100.0 * gr[0].wins / gr[0].games : 0, 100 * lo, 100 * hi);
                fprintf(f, " %-20s", cell);
            }
            fprintf(f, "\n");
        }
    } else if (rep->sweep_key && rep->nbatch > 1) {
        fprintf(f, "\nsummary: win rate [95%% interval] by %s\n%-10s", rep->sweep_key,
                rep->sweep_key);
        group gr[PF_MAX_SEATS];
        int ng = groups_of(rep, 0, gr);
        for (int i = 0; i < ng; i++)
            fprintf(f, " %-24s", gr[i].label);
        fprintf(f, " %s\n", "length mean/median/p90");
        for (int b = 0; b < rep->nbatch; b++) {
            const pf_sim_result *r = &rep->res[b];
            fprintf(f, "%-10d", sweep_value(rep, b));
            ng = groups_of(rep, b, gr);
            for (int i = 0; i < ng; i++) {
                double lo, hi;
                pf_wilson(gr[i].wins, gr[i].games, Z95, &lo, &hi);
                char cell[64];
                snprintf(cell, sizeof cell, "%.1f%% [%.1f, %.1f]",
                         gr[i].games ? 100.0 * gr[i].wins / gr[i].games : 0, 100 * lo, 100 * hi);
                fprintf(f, " %-24s", cell);
            }
            fprintf(f, " %.1f / %d / %d\n", length_mean(r),
                    pf_hist_quantile(r->length, r->length_cap, 0.5),
                    pf_hist_quantile(r->length, r->length_cap, 0.9));
        }
    }
}

/* ---- JSON ------------------------------------------------------------------ */

static cJSON *batch_json(const pf_sim_report *rep, int b)
{
    const pf_sim_result *r = &rep->res[b];
    cJSON *o = cJSON_CreateObject();
    if (rep->sweep_key) {
        cJSON *sw = cJSON_AddObjectToObject(o, "sweep");
        cJSON_AddStringToObject(sw, "key", rep->sweep_key);
        cJSON_AddNumberToObject(sw, "value", sweep_value(rep, b));
    }
    if (rep->line_key) {
        cJSON *ln = cJSON_AddObjectToObject(o, "line");
        cJSON_AddStringToObject(ln, "key", rep->line_key);
        cJSON_AddNumberToObject(ln, "value", line_value(rep, b));
    }
    cJSON_AddNumberToObject(o, "seats", r->seats);
    cJSON_AddNumberToObject(o, "games", (double)r->games);
    cJSON_AddNumberToObject(o, "finished", (double)r->finished);
    cJSON_AddNumberToObject(o, "stalled", (double)r->stalled);
    cJSON_AddNumberToObject(o, "errors", (double)r->errors);
    cJSON_AddBoolToObject(o, "cooperative", is_team(r));
    cJSON_AddNumberToObject(o, "seconds", r->seconds);
    group gr[PF_MAX_SEATS];
    int ng = groups_of(rep, b, gr);
    cJSON *ws = cJSON_AddArrayToObject(o, "win_rates");
    for (int i = 0; i < ng; i++) {
        double lo, hi;
        pf_wilson(gr[i].wins, gr[i].games, Z95, &lo, &hi);
        cJSON *w = cJSON_CreateObject();
        cJSON_AddStringToObject(w, "who", gr[i].label);
        cJSON_AddNumberToObject(w, "games", (double)gr[i].games);
        cJSON_AddNumberToObject(w, "wins", (double)gr[i].wins);
        cJSON_AddNumberToObject(w, "rate", gr[i].games ? (double)gr[i].wins / gr[i].games : 0);
        cJSON_AddNumberToObject(w, "lo95", lo);
        cJSON_AddNumberToObject(w, "hi95", hi);
        cJSON_AddNumberToObject(w, "mean_result", gr[i].games ? gr[i].result / gr[i].games : 0);
        cJSON_AddItemToArray(ws, w);
    }
    cJSON *len = cJSON_AddObjectToObject(o, "length");
    cJSON_AddNumberToObject(len, "mean", length_mean(r));
    cJSON_AddNumberToObject(len, "median", pf_hist_quantile(r->length, r->length_cap, 0.5));
    cJSON_AddNumberToObject(len, "p90", pf_hist_quantile(r->length, r->length_cap, 0.9));
    cJSON *figs = cJSON_AddObjectToObject(o, "figures");
    for (int j = 0; j < r->nfig; j++) {
        cJSON *x = cJSON_AddObjectToObject(figs, r->fig[j].name);
        cJSON_AddNumberToObject(x, "mean", pf_sim_fig_mean(&r->fig[j]));
        cJSON_AddNumberToObject(x, "sd", pf_sim_fig_sd(&r->fig[j]));
        cJSON_AddNumberToObject(x, "min", r->fig[j].min);
        cJSON_AddNumberToObject(x, "max", r->fig[j].max);
    }
    if (r->nefig && rep->cfg->rotate) {
        cJSON *eb = cJSON_AddObjectToObject(o, "figures_by_entry");
        for (int j = 0; j < r->nefig; j++) {
            cJSON *arr = cJSON_AddArrayToObject(eb, r->efig[j][0].name);
            for (int e = 0; e < r->seats; e++) {
                const pf_sim_fig *x = &r->efig[j][e];
                double m = pf_sim_fig_mean(x), half = fig_half95(x);
                cJSON *it = cJSON_CreateObject();
                cJSON_AddStringToObject(it, "who", rep->entry_names[e]);
                cJSON_AddNumberToObject(it, "mean", m);
                cJSON_AddNumberToObject(it, "sd", pf_sim_fig_sd(x));
                cJSON_AddNumberToObject(it, "lo95", m - half);
                cJSON_AddNumberToObject(it, "hi95", m + half);
                cJSON_AddItemToArray(arr, it);
            }
        }
    }
    return o;
}

void pf_sim_print_json(FILE *f, const pf_sim_report *rep)
{
    const pf_sim_config *c = rep->cfg;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "game", c->game->id);
    cJSON_AddNumberToObject(o, "seats", c->seats);
    cJSON_AddNumberToObject(o, "seed", (double)c->seed);
    cJSON_AddBoolToObject(o, "rotated", c->rotate);
    cJSON_AddBoolToObject(o, "partial", rep->stopped_by != NULL);
    if (rep->stopped_by) {
        cJSON_AddStringToObject(o, "stopped_by", rep->stopped_by);
        cJSON_AddNumberToObject(o, "games_played", (double)games_played(rep));
        cJSON_AddNumberToObject(o, "games_planned", (double)rep->planned);
    }
    cJSON *bots = cJSON_AddArrayToObject(o, "bots");
    for (int i = 0; i < c->seats; i++)
        cJSON_AddItemToArray(bots, cJSON_CreateString(rep->entry_names[i]));
    cJSON *opts = cJSON_AddObjectToObject(o, "options");
    for (int i = 0; i < c->opt.n; i++)
        cJSON_AddStringToObject(opts, c->opt.key[i], c->opt.val[i]);
    cJSON *bs = cJSON_AddArrayToObject(o, "batches");
    for (int b = 0; b < rep->nbatch; b++)
        cJSON_AddItemToArray(bs, batch_json(rep, b));
    char *text = cJSON_Print(o);
    fprintf(f, "%s\n", text);
    cJSON_free(text);
    cJSON_Delete(o);
}

/* ---- CSV ------------------------------------------------------------------- */

void pf_sim_print_csv(FILE *f, const pf_sim_report *rep)
{
    const pf_sim_result *r0 = &rep->res[0];
    fprintf(f, "sweep_key,sweep_value,who,games,wins,win_rate,lo95,hi95,mean_result,"
               "length_mean,length_median,length_p90");
    for (int j = 0; j < r0->nfig; j++)
        fprintf(f, ",%s", r0->fig[j].name);
    fprintf(f, "%s\n", rep->line_key ? ",line_key,line_value" : "");
    for (int b = 0; b < rep->nbatch; b++) {
        const pf_sim_result *r = &rep->res[b];
        group gr[PF_MAX_SEATS];
        int ng = groups_of(rep, b, gr);
        for (int i = 0; i < ng; i++) {
            double lo, hi;
            pf_wilson(gr[i].wins, gr[i].games, Z95, &lo, &hi);
            if (rep->sweep_key)
                fprintf(f, "%s,%d,", rep->sweep_key, sweep_value(rep, b));
            else
                fprintf(f, ",,");
            fprintf(f, "\"%s\",%ld,%ld,%.6f,%.6f,%.6f,%.6f,%.3f,%d,%d", gr[i].label,
                    gr[i].games, gr[i].wins,
                    gr[i].games ? (double)gr[i].wins / gr[i].games : 0, lo, hi,
                    gr[i].games ? gr[i].result / gr[i].games : 0, length_mean(r),
                    pf_hist_quantile(r->length, r->length_cap, 0.5),
                    pf_hist_quantile(r->length, r->length_cap, 0.9));
            for (int j = 0; j < r0->nfig; j++)
                fprintf(f, ",%.6g", j < r->nfig ? pf_sim_fig_mean(&r->fig[j]) : 0.0);
            if (rep->line_key)
                fprintf(f, ",%s,%d", rep->line_key, line_value(rep, b));
            fprintf(f, "\n");
        }
    }
    if (rep->stopped_by) {
        char why[128];
        partial_text(rep, why, sizeof why);
        fprintf(f, "# partial: %s\n", why);
    }
}

/* ---- SVG ------------------------------------------------------------------- */

static const char *const colour[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                     "#9467bd", "#8c564b", "#e377c2", "#17becf"};

enum { W = 760, H = 360, ML = 64, MR = 180, MT = 44, MB = 52 };

/* Writes s as XML character data: option values are typed by a person. */
static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else
            fputc(*s, f);
    }
}

/* Chart frame at vertical offset y0: axes, title, y grid in percent or counts. */
/* The top of an axis of five steps holding v: five times 1, 2, 5 or 10
 * times a power of ten, so every tick is a round number (36 games: 0, 10 ...
 * 50). */
static double round_top(double v)
{
    double p = 1;
    while (p * 10 <= v / 5)
        p *= 10;
    static const double m[] = {1, 2, 5};
    for (int k = 0; k < 3; k++)
        if (p * m[k] * 5 >= v)
            return p * m[k] * 5;
    return p * 50;
}

static void frame(FILE *f, int y0, const char *title, const char *xlabel, const char *ylabel,
                  double ymax, bool percent)
{
    int pw = W - ML - MR, ph = H - MT - MB;
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"16\" font-weight=\"bold\">%s</text>\n", ML,
            y0 + 24, title);
    for (int k = 0; k <= 5; k++) {
        double v = ymax * k / 5;
        int y = y0 + MT + ph - (int)(ph * k / 5);
        fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n", ML, y,
                ML + pw, y);
        if (percent)
            fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%.0f%%</text>\n",
                    ML - 6, y + 4, 100 * v);
        else
            fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%.0f</text>\n",
                    ML - 6, y + 4, v);
    }
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n", ML,
            y0 + MT + ph, ML + pw, y0 + MT + ph);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n", ML, y0 + MT,
            ML, y0 + MT + ph);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">%s</text>\n",
            ML + pw / 2, y0 + H - 12, xlabel);
    fprintf(f, "<text x=\"14\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" "
               "transform=\"rotate(-90 14 %d)\">%s</text>\n",
            y0 + MT + ph / 2, y0 + MT + ph / 2, ylabel);
}

static void legend(FILE *f, int y0, int i, const char *label)
{
    int x = W - MR + 16, y = y0 + MT + 8 + 20 * i;
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"10\" fill=\"%s\"/>\n", x, y - 9,
            colour[i % 8]);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\">%s</text>\n", x + 20, y, label);
}

/* Win rate by batch (x: the swept value) or by group (bars), with intervals. */
static void win_chart(FILE *f, const pf_sim_report *rep, int y0)
{
    int pw = W - ML - MR, ph = H - MT - MB, base = y0 + MT + ph;
    char title[160];
    snprintf(title, sizeof title, "%s: win rate, 95%% Wilson intervals, %ld games a point",
             rep->cfg->game->title, rep->res[0].games);
    group gr[PF_MAX_SEATS];
    int ng = groups_of(rep, 0, gr);
    /* A subtitle: who played, and the fixed options. */
    char sub[512], opts[256];
    int len = snprintf(sub, sizeof sub, "bots:");
    int shown = rep->line_key && strcmp(rep->line_key, "seats") == 0 ? 1 : rep->cfg->seats;
    for (int i = 0; i < shown && len < (int)sizeof sub; i++)
        len += snprintf(sub + len, sizeof sub - (size_t)len, " %s", rep->entry_names[i]);
    options_text(&rep->cfg->opt, opts, sizeof opts);
    if (len < (int)sizeof sub)
        snprintf(sub + len, sizeof sub - (size_t)len, "%s%s; options %s; seed %llu",
                 shown == 1 && rep->cfg->seats == 1 ? " on every seat" : "",
                 rep->cfg->rotate ? " (rotated)" : "", opts,
                 (unsigned long long)rep->cfg->seed);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#555\">", ML, y0 + 38);
    if (rep->stopped_by) {
        char why[128];
        partial_text(rep, why, sizeof why);
        fprintf(f, "<tspan fill=\"#b00\" font-weight=\"bold\">partial: %s; </tspan>", why);
    }
    xml_text(f, sub);
    fprintf(f, "</text>\n");
    if (rep->sweep_key && rep->nsweep > 1) {
        /* One series per line value (first group: the team or the first
         * bot), or per group when there are no lines. */
        frame(f, y0, title, rep->sweep_key, "win rate", 1.0, true);
        int lo_v = rep->sweep_values[0], hi_v = rep->sweep_values[rep->nsweep - 1];
        double span = hi_v > lo_v ? hi_v - lo_v : 1;
        for (int si = 0; si < rep->nsweep; si++) {
            int x = ML + 20 + (int)((pw - 40) * (rep->sweep_values[si] - lo_v) / span);
            fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%d</text>\n",
                    x, base + 16, rep->sweep_values[si]);
        }
        int nseries = rep->line_key ? rep->nline : ng;
        for (int k = 0; k < nseries; k++) {
            int gi = rep->line_key ? 0 : k;
            double dx = nseries > 1 ? (k - (nseries - 1) / 2.0) * 4 : 0; /* keep bars apart */
            char label[sizeof gr[0].label];
            if (rep->line_key)
                snprintf(label, sizeof label, "%.40s=%d", rep->line_key, rep->line_values[k]);
            else
                memcpy(label, gr[k].label, sizeof label);
            fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"",
                    colour[k % 8]);
            for (int si = 0; si < rep->nsweep; si++) {
                int b = rep->line_key ? k * rep->nsweep + si : si;
                if (!played(rep, b))
                    break;
                group g2[PF_MAX_SEATS];
                groups_of(rep, b, g2);
                double x = ML + 20 + (pw - 40) * (rep->sweep_values[si] - lo_v) / span + dx;
                double p = g2[gi].games ? (double)g2[gi].wins / g2[gi].games : 0;
                fprintf(f, "%.1f,%.1f ", x, base - ph * p);
            }
            fprintf(f, "\"/>\n");
            for (int si = 0; si < rep->nsweep; si++) {
                int b = rep->line_key ? k * rep->nsweep + si : si;
                if (!played(rep, b))
                    break;
                group g2[PF_MAX_SEATS];
                groups_of(rep, b, g2);
                double x = ML + 20 + (pw - 40) * (rep->sweep_values[si] - lo_v) / span + dx;
                double p = g2[gi].games ? (double)g2[gi].wins / g2[gi].games : 0, lo, hi;
                pf_wilson(g2[gi].wins, g2[gi].games, Z95, &lo, &hi);
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n"
                           "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n"
                           "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n"
                           "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\">"
                           "<title>%s %s=%d: %.1f%% [%.1f%%, %.1f%%]</title></circle>\n",
                        x, base - ph * lo, x, base - ph * hi, colour[k % 8], x - 4,
                        base - ph * lo, x + 4, base - ph * lo, colour[k % 8], x - 4,
                        base - ph * hi, x + 4, base - ph * hi, colour[k % 8], x, base - ph * p,
                        colour[k % 8], label, rep->sweep_key, rep->sweep_values[si], 100 * p,
                        100 * lo, 100 * hi);
            }
            legend(f, y0, k, label);
        }
    } else {
        frame(f, y0, title, "", "win rate", 1.0, true);
        double bw = (double)pw / (ng ? ng : 1);
        for (int i = 0; i < ng; i++) {
            double p = gr[i].games ? (double)gr[i].wins / gr[i].games : 0, lo, hi;
            pf_wilson(gr[i].wins, gr[i].games, Z95, &lo, &hi);
            double x = ML + bw * i + bw * 0.2, w = bw * 0.6, cx = x + w / 2;
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                       "<title>%s: %.1f%% [%.1f%%, %.1f%%]</title></rect>\n",
                    x, base - ph * p, w, ph * p, colour[i % 8], gr[i].label, 100 * p, 100 * lo,
                    100 * hi);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n"
                       "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n"
                       "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n",
                    cx, base - ph * lo, cx, base - ph * hi, cx - 6, base - ph * lo, cx + 6,
                    base - ph * lo, cx - 6, base - ph * hi, cx + 6, base - ph * hi);
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s "
                       "%.1f%%</text>\n",
                    cx, base + 16, gr[i].label, 100 * p);
        }
    }
}

/* Histogram of game length, one outline per batch (bars for a single one). */
static void length_chart(FILE *f, const pf_sim_report *rep, int y0)
{
    enum { BINS = 40 };
    int pw = W - ML - MR, ph = H - MT - MB, base = y0 + MT + ph;
    int top = 1;
    for (int b = 0; b < rep->nbatch; b++) {
        int q = pf_hist_quantile(rep->res[b].length, rep->res[b].length_cap, 0.995);
        if (q > top)
            top = q;
    }
    int width = (top + BINS) / BINS; /* actions per bin */
    static long bins[64][BINS];
    /* One outline per batch, or per line value played (its batches pooled). */
    int nb = rep->line_key ? (rep->nbatch + rep->nsweep - 1) / rep->nsweep : rep->nbatch;
    if (nb > 64)
        nb = 64;
    long most = 1;
    for (int k = 0; k < nb; k++)
        memset(bins[k], 0, sizeof bins[k]);
    for (int b = 0; b < rep->nbatch; b++) {
        const pf_sim_result *r = &rep->res[b];
        int k = rep->line_key ? b / rep->nsweep : b;
        if (k >= nb)
            continue;
        for (int v = 0; v <= r->length_cap; v++) {
            int bin = v / width;
            bins[k][bin < BINS ? bin : BINS - 1] += r->length[v];
        }
    }
    for (int k = 0; k < nb; k++)
        for (int i = 0; i < BINS; i++)
            if (bins[k][i] > most)
                most = bins[k][i];
    char xl[64];
    snprintf(xl, sizeof xl, "game length (actions, %d a bin)", width);
    most = (long)round_top((double)most);
    frame(f, y0, "Game length", xl, "games", (double)most, false);
    double bw = (double)pw / BINS;
    for (int i = 0; i <= BINS; i += 5)
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%d</text>\n",
                ML + bw * i, base + 16, i * width);
    for (int b = 0; b < nb; b++) {
        if (nb == 1) {
            for (int i = 0; i < BINS; i++)
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                           "fill=\"%s\"/>\n",
                        ML + bw * i + 1, base - (double)ph * bins[b][i] / most, bw - 2,
                        (double)ph * bins[b][i] / most, colour[0]);
            continue;
        }
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"",
                colour[b % 8]);
        for (int i = 0; i < BINS; i++) {
            double y = base - (double)ph * bins[b][i] / most;
            fprintf(f, "%.1f,%.1f %.1f,%.1f ", ML + bw * i, y, ML + bw * (i + 1), y);
        }
        fprintf(f, "\"/>\n");
        char lab[64];
        if (rep->line_key)
            snprintf(lab, sizeof lab, "%s=%d", rep->line_key, rep->line_values[b]);
        else
            snprintf(lab, sizeof lab, "%s=%d", rep->sweep_key, sweep_value(rep, b));
        legend(f, y0, b, lab);
    }
}

void pf_sim_print_svg(FILE *f, const pf_sim_report *rep)
{
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "font-family=\"sans-serif\">\n<rect width=\"100%%\" height=\"100%%\" "
               "fill=\"white\"/>\n",
            W, 2 * H);
    win_chart(f, rep, 0);
    length_chart(f, rep, H);
    fprintf(f, "</svg>\n");
}

/* ---- files ----------------------------------------------------------------- */

pf_err pf_sim_write_file(const char *path, pf_sim_printer *print, const pf_sim_report *rep,
                         pf_error *err)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
    print(f, rep);
    bool ok = !ferror(f);
    if (fclose(f) != 0 || !ok) {
        free(text);
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
    }
    pf_err e = pf_file_write_atomic(path, text, len, err);
    free(text);
    return e;
}
