/* tally.c: a batch's totals as JSON, every count exact, for shard files
 * and for the MPI ranks' messages (one format, read back by one reader).
 *
 * Counts fit a JSON number exactly (below 2^53, see PF_SIM_RESULT_UNIT); a
 * figure's sum of squares may not, so it is a decimal string. The length
 * histogram lists only the lengths that occurred, as [length, games]. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/parse.h"
#include "sim/sim.h"

#define EXACT (1LL << 53) /* a double holds every integer below this */

/* ---- writing ------------------------------------------------------------- */

static void add_int(cJSON *o, const char *key, long long v)
{
    cJSON_AddNumberToObject(o, key, (double)v);
}

static void add_longs(cJSON *o, const char *key, const long *v, int n)
{
    cJSON *a = cJSON_AddArrayToObject(o, key);
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber((double)v[i]));
}

/* The decimal digits of v >= 0. */
static void u128_text(unsigned __int128 v, char *buf, size_t n)
{
    char tmp[48];
    int len = 0;
    do {
        tmp[len++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    size_t k = 0;
    while (len > 0 && k + 1 < n)
        buf[k++] = tmp[--len];
    buf[k] = '\0';
}

static cJSON *fig_json(const pf_sim_fig *f, bool named)
{
    cJSON *o = cJSON_CreateObject();
    if (named)
        cJSON_AddStringToObject(o, "name", f->name);
    add_int(o, "n", f->n);
    add_int(o, "sum", f->sum);
    char sq[48];
    u128_text((unsigned __int128)f->sumsq, sq, sizeof sq);
    cJSON_AddStringToObject(o, "sumsq", sq);
    add_int(o, "min", (long long)f->min);
    add_int(o, "max", (long long)f->max);
    return o;
}

cJSON *pf_sim_tally_json(const pf_sim_result *r)
{
    cJSON *o = cJSON_CreateObject();
    int n = r->seats;
    add_int(o, "seats", n);
    add_int(o, "games", r->games);
    add_int(o, "finished", r->finished);
    add_int(o, "stalled", r->stalled);
    add_int(o, "errors", r->errors);
    add_int(o, "team", r->team);
    add_longs(o, "seat_wins", r->seat_wins, n);
    add_longs(o, "entry_wins", r->entry_wins, n);
    add_longs(o, "seat_games", r->seat_games, n);
    add_longs(o, "entry_games", r->entry_games, n);
    add_longs(o, "seat_result", r->seat_result, n);
    add_longs(o, "entry_result", r->entry_result, n);
    cJSON *len = cJSON_AddArrayToObject(o, "length");
    for (int k = 0; k <= r->length_cap; k++) {
        if (!r->length[k])
            continue;
        cJSON *pair = cJSON_CreateArray();
        cJSON_AddItemToArray(pair, cJSON_CreateNumber(k));
        cJSON_AddItemToArray(pair, cJSON_CreateNumber((double)r->length[k]));
        cJSON_AddItemToArray(len, pair);
    }
    add_int(o, "length_sum", r->length_sum);
    cJSON *figs = cJSON_AddArrayToObject(o, "figures");
    for (int j = 0; j < r->nfig; j++)
        cJSON_AddItemToArray(figs, fig_json(&r->fig[j], true));
    cJSON *efigs = cJSON_AddArrayToObject(o, "entry_figures");
    for (int j = 0; j < r->nefig; j++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "name", r->efig[j][0].name);
        cJSON *by = cJSON_AddArrayToObject(e, "by_entry");
        for (int s = 0; s < n; s++)
            cJSON_AddItemToArray(by, fig_json(&r->efig[j][s], false));
        cJSON_AddItemToArray(efigs, e);
    }
    cJSON_AddNumberToObject(o, "seconds", r->seconds);
    return o;
}

/* ---- reading ------------------------------------------------------------- */

/* The whole number o[key], lo..hi; false (with the reason) otherwise. */
static bool get_int(const cJSON *o, const char *key, long long lo, long long hi, long long *out,
                    pf_error *err)
{
    if (pf_json_int(cJSON_GetObjectItemCaseSensitive(o, key), lo, hi, out))
        return true;
    pf_error_set(err, PF_E_IO, "\"%s\" is not a whole number from %lld to %lld", key, lo, hi);
    return false;
}

static bool get_long(const cJSON *o, const char *key, long *out, pf_error *err)
{
    long long v;
    if (!get_int(o, key, 0, EXACT, &v, err))
        return false;
    *out = (long)v;
    return true;
}

/* n counts from o[key] into v. */
static bool get_longs(const cJSON *o, const char *key, long *v, int n, pf_error *err)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n) {
        pf_error_set(err, PF_E_IO, "\"%s\" is not a list of %d counts", key, n);
        return false;
    }
    for (int i = 0; i < n; i++) {
        long long x;
        if (!pf_json_int(cJSON_GetArrayItem(a, i), 0, EXACT, &x)) {
            pf_error_set(err, PF_E_IO, "\"%s\"[%d] is not a count", key, i);
            return false;
        }
        v[i] = (long)x;
    }
    return true;
}

/* A sum of squares: the decimal digits of a number below 2^127. */
static bool get_sumsq(const cJSON *o, __int128 *out, pf_error *err)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, "sumsq");
    const char *t = cJSON_GetStringValue(s);
    unsigned __int128 v = 0, limit = ((unsigned __int128)1 << 127) / 10;
    bool ok = t && *t && strlen(t) <= 39;
    for (const char *p = t; ok && *p; p++) {
        ok = *p >= '0' && *p <= '9' && v < limit;
        v = v * 10 + (unsigned)(*p - '0');
    }
    if (!ok) {
        pf_error_set(err, PF_E_IO, "\"sumsq\" is not a string of decimal digits");
        return false;
    }
    *out = (__int128)v;
    return true;
}

static bool get_fig(const cJSON *o, const char *name, pf_sim_fig *f, pf_error *err)
{
    long long lo, hi;
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", name);
    if (!cJSON_IsObject(o)) {
        pf_error_set(err, PF_E_IO, "the totals of figure '%s' are not an object", name);
        return false;
    }
    if (!get_long(o, "n", &f->n, err) || !get_int(o, "sum", -EXACT, EXACT, &f->sum, err) ||
        !get_sumsq(o, &f->sumsq, err) || !get_int(o, "min", -EXACT, EXACT, &lo, err) ||
        !get_int(o, "max", -EXACT, EXACT, &hi, err))
        return false;
    f->min = (double)lo;
    f->max = (double)hi;
    return true;
}

/* The figure name o["name"]: an identifier, as the games name figures
 * (it lands in CSV headers and JSON keys unquoted by us). */
static const char *fig_name(const cJSON *o, pf_error *err)
{
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "name"));
    size_t n = name ? strlen(name) : 0;
    bool ok = n > 0 && n < PF_SIM_NAME;
    for (size_t i = 0; ok && i < n; i++)
        ok = (name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z') ||
             (name[i] >= '0' && name[i] <= '9') || name[i] == '_';
    if (!ok) {
        pf_error_set(err, PF_E_IO, "a figure's name is not 1 to %d letters, digits or '_'",
                     PF_SIM_NAME - 1);
        return NULL;
    }
    return name;
}

static bool read_figures(const cJSON *j, pf_sim_result *r, pf_error *err)
{
    const cJSON *figs = cJSON_GetObjectItemCaseSensitive(j, "figures");
    const cJSON *efigs = cJSON_GetObjectItemCaseSensitive(j, "entry_figures");
    if (!cJSON_IsArray(figs) || cJSON_GetArraySize(figs) > PF_SIM_STATS ||
        !cJSON_IsArray(efigs) || cJSON_GetArraySize(efigs) > PF_SIM_STATS) {
        pf_error_set(err, PF_E_IO, "\"figures\" and \"entry_figures\" are lists of at most %d",
                     PF_SIM_STATS);
        return false;
    }
    const cJSON *it;
    cJSON_ArrayForEach(it, figs)
    {
        const char *name = fig_name(it, err);
        if (!name || !get_fig(it, name, &r->fig[r->nfig], err))
            return false;
        r->nfig++;
    }
    cJSON_ArrayForEach(it, efigs)
    {
        const char *name = fig_name(it, err);
        const cJSON *by = cJSON_GetObjectItemCaseSensitive(it, "by_entry");
        if (!name)
            return false;
        if (!cJSON_IsArray(by) || cJSON_GetArraySize(by) != r->seats) {
            pf_error_set(err, PF_E_IO, "figure '%s' has not one total per entry", name);
            return false;
        }
        pf_sim_fig *e = r->efig[r->nefig];
        for (int s = 0; s < PF_MAX_SEATS; s++) {
            if (s < r->seats && !get_fig(cJSON_GetArrayItem(by, s), name, &e[s], err))
                return false;
            if (s >= r->seats) {
                memset(&e[s], 0, sizeof e[s]);
                snprintf(e[s].name, sizeof e[s].name, "%s", name);
            }
        }
        r->nefig++;
    }
    return true;
}

static bool read_length(const cJSON *j, pf_sim_result *r, pf_error *err)
{
    const cJSON *len = cJSON_GetObjectItemCaseSensitive(j, "length"), *pair;
    if (!cJSON_IsArray(len)) {
        pf_error_set(err, PF_E_IO, "\"length\" is not a list");
        return false;
    }
    cJSON_ArrayForEach(pair, len)
    {
        long long k, count;
        if (!cJSON_IsArray(pair) || cJSON_GetArraySize(pair) != 2 ||
            !pf_json_int(cJSON_GetArrayItem(pair, 0), 0, r->length_cap, &k) ||
            !pf_json_int(cJSON_GetArrayItem(pair, 1), 0, EXACT, &count)) {
            pf_error_set(err, PF_E_IO, "\"length\" holds something other than [length, games] "
                                       "with a length from 0 to %d",
                         r->length_cap);
            return false;
        }
        r->length[k] += (long)count;
    }
    return get_long(j, "length_sum", &r->length_sum, err);
}

pf_err pf_sim_tally_read(const cJSON *j, const pf_game *g, pf_sim_result *r, pf_error *err)
{
    if (!pf_sim_result_init(r, g))
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
    long long seats;
    const cJSON *secs = cJSON_GetObjectItemCaseSensitive(j, "seconds");
    bool ok = cJSON_IsObject(j) && get_int(j, "seats", 0, g->max_seats, &seats, err);
    if (ok)
        r->seats = (int)seats;
    int n = r->seats;
    ok = ok && get_long(j, "games", &r->games, err) && get_long(j, "finished", &r->finished, err) &&
         get_long(j, "stalled", &r->stalled, err) && get_long(j, "errors", &r->errors, err) &&
         get_long(j, "team", &r->team, err) && get_longs(j, "seat_wins", r->seat_wins, n, err) &&
         get_longs(j, "entry_wins", r->entry_wins, n, err) &&
         get_longs(j, "seat_games", r->seat_games, n, err) &&
         get_longs(j, "entry_games", r->entry_games, n, err) &&
         get_longs(j, "seat_result", r->seat_result, n, err) &&
         get_longs(j, "entry_result", r->entry_result, n, err) && read_length(j, r, err) &&
         read_figures(j, r, err);
    if (ok && !cJSON_IsNumber(secs)) {
        pf_error_set(err, PF_E_IO, "\"seconds\" is not a number");
        ok = false;
    }
    if (!ok) {
        if (!cJSON_IsObject(j))
            pf_error_set(err, PF_E_IO, "a batch's totals are not a JSON object");
        pf_sim_result_fini(r);
        return PF_E_IO;
    }
    r->seconds = secs->valuedouble;
    return PF_E_OK;
}
