/* replay.c: the replay format, a match as a file.
 *
 * Options + seed + the list of (seat, action, time) reproduce a game: the
 * replay object is the save file, the engine's "save"/"load" payload and the
 * bug-report format. Actions are stored by name so a replay reads as text. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/file.h"
#include "partyfood/parse.h"
#include "partyfood/replay.h"
#include "partyfood/sha256.h"

#define REPLAY_FORMAT "partyfood-replay"
#define REPLAY_CHECK_LEN (7 + 64) /* "sha256:" and 64 hex digits */

/* Writes j in the check's canonical form (docs/protocol.md): compact JSON,
 * members in the file's order, strings escaping only '"', '\\' and
 * control bytes (\u00xx), whole numbers up to 2^53 as integers, others as
 * %.17g. Our own definition, so the check does not hang on how one
 * version of a JSON library prints. `skip` names a member left out. */
static void canonical(FILE *f, const cJSON *j, const char *skip)
{
    if (cJSON_IsString(j)) {
        fputc('"', f);
        for (const unsigned char *c = (const unsigned char *)j->valuestring; *c; c++) {
            if (*c == '"' || *c == '\\')
                fprintf(f, "\\%c", *c);
            else if (*c < 0x20)
                fprintf(f, "\\u%04x", *c);
            else
                fputc(*c, f);
        }
        fputc('"', f);
    } else if (cJSON_IsNumber(j)) {
        long long n;
        if (pf_json_int(j, -PF_JSON_INT_MAX, PF_JSON_INT_MAX, &n))
            fprintf(f, "%lld", n);
        else
            fprintf(f, "%.17g", j->valuedouble);
    } else if (cJSON_IsArray(j) || cJSON_IsObject(j)) {
        bool object = cJSON_IsObject(j), first = true;
        fputc(object ? '{' : '[', f);
        for (const cJSON *c = j->child; c; c = c->next) {
            if (object && skip && strcmp(c->string, skip) == 0) {
                skip = NULL; /* only the first, the one a reader looks up */
                continue;
            }
            if (!first)
                fputc(',', f);
            first = false;
            if (object) {
                cJSON key = {.type = cJSON_String, .valuestring = c->string};
                canonical(f, &key, NULL);
                fputc(':', f);
            }
            canonical(f, c, NULL);
        }
        fputc(object ? '}' : ']', f);
    } else {
        fputs(cJSON_IsTrue(j) ? "true" : cJSON_IsFalse(j) ? "false" : "null", f);
    }
}

/* The check: SHA-256 of the replay object without its "check" member, in
 * canonical form. Only the file's own content goes in, never the hidden
 * state it leads to, so the check tells a reader nothing they could not
 * read already. */
static bool replay_digest(const cJSON *r, char hex[REPLAY_CHECK_LEN + 1])
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f)
        return false;
    canonical(f, r, "check");
    bool ok = fclose(f) == 0;
    unsigned char md[PF_SHA256_BYTES];
    ok = ok && pf_sha256(text, size, md);
    free(text);
    if (!ok)
        return false;
    int n = snprintf(hex, REPLAY_CHECK_LEN + 1, "sha256:");
    for (int i = 0; i < PF_SHA256_BYTES; i++)
        n += snprintf(hex + n, (size_t)(REPLAY_CHECK_LEN + 1 - n), "%02x", md[i]);
    return true;
}

bool pf_replay_seal(cJSON *r)
{
    char hex[REPLAY_CHECK_LEN + 1];
    while (cJSON_GetObjectItemCaseSensitive(r, "check"))
        cJSON_DeleteItemFromObjectCaseSensitive(r, "check");
    /* Delete and add rather than replace: cJSON's replace keeps an item
     * whose key it failed to copy, which no reader could look up. */
    long long version;
    if (!pf_json_int(cJSON_GetObjectItemCaseSensitive(r, "version"), PF_REPLAY_VERSION,
                     PF_REPLAY_VERSION, &version)) {
        cJSON_DeleteItemFromObjectCaseSensitive(r, "version");
        if (!cJSON_AddNumberToObject(r, "version", PF_REPLAY_VERSION))
            return false;
    }
    return replay_digest(r, hex) && cJSON_AddStringToObject(r, "check", hex);
}

/* The marks of a step made with a hint: {"hint": true}; NULL when memory
 * ran out. */
static cJSON *step_marks(void)
{
    cJSON *marks = cJSON_CreateObject();
    if (marks && !cJSON_AddTrueToObject(marks, "hint")) {
        cJSON_Delete(marks);
        return NULL;
    }
    return marks;
}

/* Appends [seat, "name", t] to acts, with the marks {"hint": true} after
 * them for a move made with a hint; false when memory ran out (acts may
 * then hold part of it, and the caller drops the whole replay). */
static bool add_step(cJSON *acts, const pf_step *s)
{
    cJSON *step = cJSON_CreateArray();
    if (!cJSON_AddItemToArray(acts, step)) {
        cJSON_Delete(step);
        return false;
    }
    cJSON *items[] = {cJSON_CreateNumber(s->seat), cJSON_CreateString(s->name),
                      cJSON_CreateNumber((double)s->t_ms), s->hint ? step_marks() : NULL};
    size_t n = s->hint ? 4 : 3;
    bool ok = true;
    for (size_t i = 0; i < n; i++)
        if (!cJSON_AddItemToArray(step, items[i])) {
            cJSON_Delete(items[i]);
            ok = false;
        }
    return ok;
}

cJSON *pf_match_save(const pf_match *m)
{
    char seed[32];
    /* As a string: JSON numbers lose 64-bit seeds past 2^53. */
    snprintf(seed, sizeof seed, "%" PRIu64, m->seed);
    /* Every addition is checked: a replay missing a part must never be
     * sealed as if it were whole. */
    cJSON *r = cJSON_CreateObject(), *opts = NULL, *acts = NULL;
    bool ok = cJSON_AddStringToObject(r, "format", REPLAY_FORMAT) &&
              cJSON_AddNumberToObject(r, "version", PF_REPLAY_VERSION) &&
              cJSON_AddStringToObject(r, "game", m->game->id) &&
              cJSON_AddNumberToObject(r, "seats", m->seats) &&
              cJSON_AddStringToObject(r, "seed", seed) &&
              (opts = cJSON_AddObjectToObject(r, "options"));
    for (int i = 0; ok && i < m->opt.n; i++)
        ok = cJSON_AddStringToObject(opts, m->opt.key[i], m->opt.val[i]);
    ok = ok && (acts = cJSON_AddArrayToObject(r, "actions"));
    for (int i = 0; ok && i < m->nsteps; i++)
        ok = add_step(acts, &m->steps[i]);
    if (!ok || !pf_replay_seal(r)) {
        cJSON_Delete(r);
        return NULL;
    }
    return r;
}

bool pf_seed_from_json(const cJSON *v, uint64_t *seed)
{
    long long n;
    if (pf_json_int(v, 0, PF_JSON_INT_MAX - 1, &n)) {
        *seed = (uint64_t)n;
        return true;
    }
    /* A leading digit: strtoull would skip spaces and take signs. */
    if (!cJSON_IsString(v) || v->valuestring[0] < '0' || v->valuestring[0] > '9')
        return false;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v->valuestring, &end, 10);
    if (*end || errno)
        return false;
    *seed = x;
    return true;
}

/* Whether every key and string in j is valid UTF-8 (cJSON checks none). */
static bool all_utf8(const cJSON *j)
{
    for (; j; j = j->next) {
        if (j->string && !pf_utf8_valid(j->string, strlen(j->string)))
            return false;
        if (cJSON_IsString(j) && !pf_utf8_valid(j->valuestring, strlen(j->valuestring)))
            return false;
        if (!all_utf8(j->child))
            return false;
    }
    return true;
}

/* The format, the version and the check. NULL when they are in order, else
 * why not. */
static const char *replay_header(const cJSON *r, char *why, size_t n)
{
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(r, "format");
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(r, "version");
    const cJSON *check = cJSON_GetObjectItemCaseSensitive(r, "check");
    long long version = 1; /* a replay written by hand may leave both out */
    if (!cJSON_IsObject(r) ||
        (fmt && !(cJSON_IsString(fmt) && strcmp(fmt->valuestring, REPLAY_FORMAT) == 0)))
        return "not a partyfood replay (\"format\" must be \"" REPLAY_FORMAT "\")";
    if (ver && !pf_json_int(ver, 1, INT32_MAX, &version))
        return "the replay's \"version\" must be a whole number from 1";
    if (version > PF_REPLAY_VERSION) {
        snprintf(why, n,
                 "the replay is of version %lld, made by a newer partyfood; this one "
                 "reads versions 1 to %d",
                 version, PF_REPLAY_VERSION);
        return why;
    }
    if (!all_utf8(r))
        return "the replay has text that is not valid UTF-8";
    /* Version 1 came before the check: loaded with a warning. A check that is
     * there is always verified, so dropping "version" cannot skip it. */
    if (version == 1 && !check)
        return NULL;
    char hex[REPLAY_CHECK_LEN + 1];
    if (!cJSON_IsString(check))
        return "the replay has no \"check\": it was cut or edited";
    if (!replay_digest(r, hex))
        return "out of memory checking the replay";
    if (strcmp(check->valuestring, hex) != 0)
        return "the replay's content does not match its \"check\": it was cut or edited";
    return NULL;
}

const char *pf_replay_warning(const cJSON *r)
{
    if (!cJSON_GetObjectItemCaseSensitive(r, "check"))
        return "this replay is of version 1 and has no check: a cut or edited file "
               "would not be noticed (saving it again adds the check)";
    return NULL;
}

/* Applies the replay's actions to m. */
static pf_err replay_actions(pf_match *m, const cJSON *acts, long long version, pf_error *err)
{
    int n = cJSON_GetArraySize(acts), i = 0;
    if (n > m->game->max_steps)
        return pf_error_set(err, PF_E_BAD_REPLAY,
                            "the replay has %d actions, more than any game of %s lasts (%d)",
                            n, m->game->title, m->game->max_steps);
    const cJSON *step;
    cJSON_ArrayForEach(step, acts)
    {
        const cJSON *s = cJSON_GetArrayItem(step, 0), *a = cJSON_GetArrayItem(step, 1),
                    *t = cJSON_GetArrayItem(step, 2), *marks = cJSON_GetArrayItem(step, 3);
        long long seat, t_ms = m->now;
        int len = cJSON_GetArraySize(step);
        if (!cJSON_IsArray(step) || len < 2 || len > (version >= 4 ? 4 : 3) ||
            !cJSON_IsString(a) || !pf_json_int(s, 0, m->seats - 1, &seat) ||
            (t && !pf_json_int(t, 0, PF_TIME_MAX_MS, &t_ms)))
            return pf_error_set(err, PF_E_BAD_REPLAY,
                                "action %d is not [seat, \"name\", t] with a seat from 0 "
                                "to %d and a whole t from 0 to %" PRId64 " ms",
                                i, m->seats - 1, PF_TIME_MAX_MS);
        const cJSON *hint = cJSON_GetObjectItemCaseSensitive(marks, "hint");
        if (marks && (!cJSON_IsObject(marks) || (hint && !cJSON_IsBool(hint))))
            return pf_error_set(err, PF_E_BAD_REPLAY,
                                "action %d: its fourth member must be {\"hint\": true or false}",
                                i);
        if (strlen(a->valuestring) > PF_REPLAY_NAME_MAX)
            return pf_error_set(err, PF_E_BAD_REPLAY,
                                "action %d: its name is longer than %d bytes", i,
                                PF_REPLAY_NAME_MAX);
        const char *name = a->valuestring;
        char renamed[PF_REPLAY_NAME_MAX + 8];
        if (version <= 2 && m->game->renamed_since_v2 &&
            m->game->renamed_since_v2(name, renamed, sizeof renamed))
            name = renamed;
        pf_error e2;
        if (pf_match_apply_named(m, (int)seat, name, t_ms, NULL, &e2))
            return pf_error_set(err, PF_E_BAD_REPLAY, "action %d: %s", i, e2.msg);
        m->steps[m->nsteps - 1].hint = cJSON_IsTrue(hint);
        i++;
    }
    return PF_E_OK;
}

static pf_match *load(const cJSON *r, pf_error *err)
{
    char why[160];
    const char *bad = replay_header(r, why, sizeof why);
    if (bad) {
        pf_error_set(err, PF_E_BAD_REPLAY, "%s", bad);
        return NULL;
    }
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(r, "game");
    const cJSON *acts = cJSON_GetObjectItemCaseSensitive(r, "actions");
    uint64_t seed;
    long long seats;
    if (!cJSON_IsString(game) || !cJSON_IsArray(acts) ||
        !pf_json_int(cJSON_GetObjectItemCaseSensitive(r, "seats"), 1, PF_MAX_SEATS, &seats) ||
        !pf_seed_from_json(cJSON_GetObjectItemCaseSensitive(r, "seed"), &seed)) {
        pf_error_set(err, PF_E_BAD_REPLAY,
                     "a replay needs \"game\", \"seats\" (1 to %d), \"seed\" (a whole number or a decimal string) and "
                     "\"actions\"",
                     PF_MAX_SEATS);
        return NULL;
    }
    const pf_game *g = pf_game_find(game->valuestring);
    if (!g) {
        pf_error_set(err, PF_E_UNKNOWN_GAME, "no game called '%.40s'", game->valuestring);
        return NULL;
    }
    pf_options opt;
    pf_options_clear(&opt);
    if (pf_options_from_json(&opt, cJSON_GetObjectItemCaseSensitive(r, "options"), err))
        return NULL;
    pf_match *m = pf_match_create(g, (int)seats, &opt, seed, err);
    long long version = 1; /* replay_header checked it */
    pf_json_int(cJSON_GetObjectItemCaseSensitive(r, "version"), 1, PF_REPLAY_VERSION, &version);
    if (m && replay_actions(m, acts, version, err) != PF_E_OK) {
        pf_match_destroy(m);
        m = NULL;
    }
    return m;
}

pf_match *pf_match_load(const cJSON *r, pf_error *err)
{
    pf_match *m = load(r, err);
    if (!m && err) {
        /* Messages quote the file (a game's or an option's name): never let
         * them carry control characters to a terminal. */
        char shown[sizeof err->msg];
        memcpy(err->msg, pf_text_printable(err->msg, shown, sizeof shown), sizeof shown);
    }
    return m;
}

cJSON *pf_replay_read_file(const char *path, pf_error *err)
{
    char *buf = pf_file_read(path, PF_REPLAY_MAX_BYTES, NULL, err);
    if (!buf)
        return NULL;
    cJSON *r = cJSON_Parse(buf);
    free(buf);
    if (!r)
        pf_error_set(err, PF_E_BAD_REPLAY, "%s is not JSON (cut or damaged?)", path);
    return r;
}

pf_err pf_replay_write_file(cJSON *replay, const char *path, pf_error *err)
{
    if (!pf_replay_seal(replay))
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory saving %s", path);
    char *text = cJSON_Print(replay);
    if (!text)
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory saving %s", path);
    size_t n = strlen(text);
    text[n] = '\n'; /* the terminating NUL becomes the file's last newline */
    pf_err e = pf_file_write_atomic(path, text, n + 1, err);
    free(text);
    return e;
}

pf_match *pf_match_load_file(const char *path, pf_error *err)
{
    cJSON *r = pf_replay_read_file(path, err);
    if (!r)
        return NULL;
    pf_match *m = pf_match_load(r, err);
    cJSON_Delete(r);
    return m;
}
