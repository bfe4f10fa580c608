/* shard.c: the file a `partyfood sim --shard I/N` run leaves behind, read
 * back by `partyfood sim merge`.
 *
 * A versioned JSON object: the run's identity (so that merge can refuse
 * shards of different runs, and rebuild the report's headings), which
 * shard it is, and per batch the exact totals of tally.c. The seed is a
 * decimal string: a JSON number cannot hold every 64-bit seed. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/file.h"
#include "partyfood/parse.h"
#include "sim/sim.h"

#define MAX_FILE (256u << 20) /* 256 batches of long games' histograms fit easily */

/* ---- writing ------------------------------------------------------------- */

static cJSON *run_json(const pf_sim_run_id *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "game", r->game);
    cJSON *seats = cJSON_AddArrayToObject(o, "seats");
    for (int i = 0; i < r->nentries; i++)
        cJSON_AddItemToArray(seats, cJSON_CreateString(r->entries[i]));
    cJSON_AddBoolToObject(o, "rotate", r->rotate);
    cJSON *opts = cJSON_AddArrayToObject(o, "options");
    for (int i = 0; i < r->opt.n; i++) {
        cJSON *kv = cJSON_CreateArray();
        cJSON_AddItemToArray(kv, cJSON_CreateString(r->opt.key[i]));
        cJSON_AddItemToArray(kv, cJSON_CreateString(r->opt.val[i]));
        cJSON_AddItemToArray(opts, kv);
    }
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, r->seed);
    cJSON_AddStringToObject(o, "seed", seed);
    cJSON_AddNumberToObject(o, "games", (double)r->games);
    cJSON_AddStringToObject(o, "sweep", r->sweep);
    cJSON_AddStringToObject(o, "lines", r->lines);
    return o;
}

pf_err pf_sim_shard_write(const char *path, const pf_sim_shard *s, pf_error *err)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", PF_SIM_SHARD_FORMAT);
    cJSON_AddNumberToObject(o, "version", PF_SIM_SHARD_VERSION);
    cJSON_AddItemToObject(o, "run", run_json(&s->run));
    cJSON *sh = cJSON_AddObjectToObject(o, "shard");
    cJSON_AddNumberToObject(sh, "index", s->index);
    cJSON_AddNumberToObject(sh, "count", s->count);
    cJSON_AddStringToObject(o, "stopped_by", s->stopped_by);
    cJSON *bs = cJSON_AddArrayToObject(o, "batches");
    for (int b = 0; b < s->nbatch; b++)
        cJSON_AddItemToArray(bs, pf_sim_tally_json(&s->res[b]));
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    if (!text)
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
    pf_err e = pf_file_write_atomic(path, text, strlen(text), err);
    cJSON_free(text);
    return e;
}

/* ---- reading ------------------------------------------------------------- */

/* o[key] as a string that fits n bytes, into out. */
static bool get_text(const cJSON *o, const char *key, char *out, size_t n, pf_error *err)
{
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
    if (!v || strlen(v) >= n || !pf_utf8_valid(v, strlen(v))) {
        pf_error_set(err, PF_E_IO, "\"%s\" is not a text of at most %zu bytes", key, n - 1);
        return false;
    }
    snprintf(out, n, "%s", v);
    return true;
}

/* A decimal 64-bit seed, strictly: digits only, no overflow. */
static bool parse_seed(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (!s || !*s || strlen(s) > 20)
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return true;
}

static bool read_run(const cJSON *o, pf_sim_run_id *r, pf_error *err)
{
    memset(r, 0, sizeof *r);
    pf_options_clear(&r->opt);
    const cJSON *seats = cJSON_GetObjectItemCaseSensitive(o, "seats"), *it;
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(o, "options");
    const cJSON *rotate = cJSON_GetObjectItemCaseSensitive(o, "rotate");
    long long games;
    if (!cJSON_IsObject(o)) {
        pf_error_set(err, PF_E_IO, "\"run\" is not an object");
        return false;
    }
    if (!get_text(o, "game", r->game, sizeof r->game, err) ||
        !get_text(o, "sweep", r->sweep, sizeof r->sweep, err) ||
        !get_text(o, "lines", r->lines, sizeof r->lines, err))
        return false;
    if (!parse_seed(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "seed")),
                    &r->seed)) {
        pf_error_set(err, PF_E_IO, "\"seed\" is not a decimal 64-bit number in a string");
        return false;
    }
    if (!pf_json_int(cJSON_GetObjectItemCaseSensitive(o, "games"), 1, PF_SIM_MAX_GAMES, &games)) {
        pf_error_set(err, PF_E_IO, "\"games\" is not a whole number from 1 to %ld",
                     PF_SIM_MAX_GAMES);
        return false;
    }
    r->games = (long)games;
    if (!cJSON_IsBool(rotate)) {
        pf_error_set(err, PF_E_IO, "\"rotate\" is not true or false");
        return false;
    }
    r->rotate = cJSON_IsTrue(rotate);
    if (!cJSON_IsArray(seats) || cJSON_GetArraySize(seats) < 1 ||
        cJSON_GetArraySize(seats) > PF_MAX_SEATS) {
        pf_error_set(err, PF_E_IO, "\"seats\" is not a list of 1 to %d bots", PF_MAX_SEATS);
        return false;
    }
    cJSON_ArrayForEach(it, seats)
    {
        const char *v = cJSON_GetStringValue(it);
        if (!v || !*v || strlen(v) >= sizeof r->entries[0] || strchr(v, ',')) {
            pf_error_set(err, PF_E_IO, "\"seats\" holds something other than a bot's name");
            return false;
        }
        snprintf(r->entries[r->nentries++], sizeof r->entries[0], "%s", v);
    }
    if (!cJSON_IsArray(opts)) {
        pf_error_set(err, PF_E_IO, "\"options\" is not a list of [key, value]");
        return false;
    }
    cJSON_ArrayForEach(it, opts)
    {
        const char *k = cJSON_GetStringValue(cJSON_GetArrayItem(it, 0));
        const char *v = cJSON_GetStringValue(cJSON_GetArrayItem(it, 1));
        if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != 2 || !k || !v) {
            pf_error_set(err, PF_E_IO, "\"options\" is not a list of [key, value]");
            return false;
        }
        if (pf_options_set(&r->opt, k, v, err) != PF_E_OK)
            return false;
    }
    return true;
}

static pf_err read_batches(const cJSON *bs, pf_sim_shard *s, pf_error *err)
{
    const pf_game *g = pf_game_find(s->run.game);
    if (!g)
        return pf_error_set(err, PF_E_IO, "no game called '%s' in this partyfood", s->run.game);
    if (!cJSON_IsArray(bs) || cJSON_GetArraySize(bs) > 65536)
        return pf_error_set(err, PF_E_IO, "\"batches\" is not a list");
    int n = cJSON_GetArraySize(bs);
    s->res = calloc(n ? (size_t)n : 1, sizeof *s->res);
    if (!s->res)
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
    for (int b = 0; b < n; b++) {
        pf_err e = pf_sim_tally_read(cJSON_GetArrayItem(bs, b), g, &s->res[b], err);
        if (e != PF_E_OK) {
            char why[sizeof err->msg];
            snprintf(why, sizeof why, "%s", err->msg);
            return pf_error_set(err, e, "batch %d: %s", b + 1, why);
        }
        s->nbatch++;
    }
    return PF_E_OK;
}

pf_err pf_sim_shard_read(const char *path, pf_sim_shard *s, pf_error *err)
{
    memset(s, 0, sizeof *s);
    size_t len;
    char *text = pf_file_read(path, MAX_FILE, &len, err);
    if (!text)
        return err->code;
    cJSON *o = cJSON_ParseWithLength(text, len);
    free(text);
    const char *format = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "format"));
    const cJSON *sh = cJSON_GetObjectItemCaseSensitive(o, "shard");
    long long version, index, count;
    pf_err e = PF_E_IO;
    if (!cJSON_IsObject(o) || !format || strcmp(format, PF_SIM_SHARD_FORMAT) != 0)
        pf_error_set(err, e, "not a shard file of `partyfood sim --shard` (no \"format\": \"%s\")",
                     PF_SIM_SHARD_FORMAT);
    else if (!pf_json_int(cJSON_GetObjectItemCaseSensitive(o, "version"), 0, 1000000, &version) ||
             version != PF_SIM_SHARD_VERSION)
        pf_error_set(err, e, "a shard file of another version (this partyfood reads version %d)",
                     PF_SIM_SHARD_VERSION);
    else if (!pf_json_int(cJSON_GetObjectItemCaseSensitive(sh, "count"), 1, PF_SIM_MAX_SHARDS,
                          &count) ||
             !pf_json_int(cJSON_GetObjectItemCaseSensitive(sh, "index"), 0, count - 1, &index))
        pf_error_set(err, e, "\"shard\" is not {\"index\": I, \"count\": N} with 0 <= I < N <= %d",
                     PF_SIM_MAX_SHARDS);
    else if (read_run(cJSON_GetObjectItemCaseSensitive(o, "run"), &s->run, err) &&
             get_text(o, "stopped_by", s->stopped_by, sizeof s->stopped_by, err)) {
        s->index = (int)index;
        s->count = (int)count;
        e = read_batches(cJSON_GetObjectItemCaseSensitive(o, "batches"), s, err);
    }
    cJSON_Delete(o);
    if (e != PF_E_OK)
        pf_sim_shard_fini(s);
    return e;
}

void pf_sim_shard_fini(pf_sim_shard *s)
{
    for (int b = 0; b < s->nbatch; b++)
        pf_sim_result_fini(&s->res[b]);
    free(s->res);
    s->res = NULL;
    s->nbatch = 0;
}

/* ---- comparing ----------------------------------------------------------- */

static void join_entries(const pf_sim_run_id *r, char *out, size_t n)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < r->nentries && len < n; i++)
        len += (size_t)snprintf(out + len, n - len, "%s%s", i ? "," : "", r->entries[i]);
}

static void join_options(const pf_sim_run_id *r, char *out, size_t n)
{
    size_t len = 0;
    snprintf(out, n, "(none)");
    for (int i = 0; i < r->opt.n && len < n; i++)
        len += (size_t)snprintf(out + len, n - len, "%s%s=%s", i ? " " : "", r->opt.key[i],
                                r->opt.val[i]);
}

bool pf_sim_run_differs(const pf_sim_run_id *a, const pf_sim_run_id *b, char *why, size_t n)
{
    char x[1024], y[1024];
    if (strcmp(a->game, b->game) != 0) {
        snprintf(why, n, "game: %s vs %s", a->game, b->game);
        return true;
    }
    join_entries(a, x, sizeof x);
    join_entries(b, y, sizeof y);
    if (strcmp(x, y) != 0) {
        snprintf(why, n, "seats: %s vs %s", x, y);
        return true;
    }
    if (a->rotate != b->rotate) {
        snprintf(why, n, "seat rotation: %s vs %s", a->rotate ? "on" : "off (--no-rotate)",
                 b->rotate ? "on" : "off (--no-rotate)");
        return true;
    }
    join_options(a, x, sizeof x);
    join_options(b, y, sizeof y);
    if (strcmp(x, y) != 0) {
        snprintf(why, n, "options: %.400s vs %.400s", x, y);
        return true;
    }
    if (a->seed != b->seed) {
        snprintf(why, n, "seed: %" PRIu64 " vs %" PRIu64, a->seed, b->seed);
        return true;
    }
    if (a->games != b->games) {
        snprintf(why, n, "games per batch: %ld vs %ld", a->games, b->games);
        return true;
    }
    if (strcmp(a->sweep, b->sweep) != 0) {
        snprintf(why, n, "sweep: %.400s vs %.400s", *a->sweep ? a->sweep : "(none)",
                 *b->sweep ? b->sweep : "(none)");
        return true;
    }
    if (strcmp(a->lines, b->lines) != 0) {
        snprintf(why, n, "lines: %.400s vs %.400s", *a->lines ? a->lines : "(none)",
                 *b->lines ? b->lines : "(none)");
        return true;
    }
    return false;
}
