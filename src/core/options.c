/* options.c: key=value game options and their typed readers. */
#include <stdio.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "partyfood/game.h"

void pf_options_clear(pf_options *o)
{
    o->n = 0;
}

void pf_options_copy(pf_options *into, const pf_options *from)
{
    into->n = from->n;
    memcpy(into->key, from->key, (size_t)from->n * sizeof from->key[0]);
    memcpy(into->val, from->val, (size_t)from->n * sizeof from->val[0]);
}

static int find(const pf_options *o, const char *key)
{
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->key[i], key) == 0)
            return i;
    return -1;
}

pf_err pf_options_set(pf_options *o, const char *key, const char *val, pf_error *err)
{
    if (!*key || strlen(key) >= PF_OPT_KEY)
        return pf_error_set(err, PF_E_BAD_OPTION, "option name '%.40s' is empty or too long",
                            key);
    if (strlen(val) >= PF_OPT_VAL)
        return pf_error_set(err, PF_E_BAD_OPTION, "option '%s': value is too long (max %d)",
                            key, PF_OPT_VAL - 1);
    int i = find(o, key);
    if (i < 0) {
        if (o->n == PF_OPT_MAX)
            return pf_error_set(err, PF_E_BAD_OPTION, "too many options (max %d)",
                                PF_OPT_MAX);
        i = o->n++;
        strcpy(o->key[i], key);
    }
    strcpy(o->val[i], val);
    return PF_E_OK;
}

pf_err pf_options_parse(pf_options *o, const char *kv, pf_error *err)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv)
        return pf_error_set(err, PF_E_BAD_OPTION, "option '%.60s' is not key=value", kv);
    char key[PF_OPT_KEY];
    size_t klen = (size_t)(eq - kv);
    if (klen >= sizeof key)
        return pf_error_set(err, PF_E_BAD_OPTION, "option name '%.40s' is too long", kv);
    memcpy(key, kv, klen);
    key[klen] = '\0';
    return pf_options_set(o, key, eq + 1, err);
}

const char *pf_options_get(const pf_options *o, const char *key)
{
    if (!o)
        return NULL;
    int i = find(o, key);
    return i < 0 ? NULL : o->val[i];
}

pf_err pf_options_int(const pf_options *o, const char *key, int def, int lo, int hi,
                      int *out, pf_error *err)
{
    const char *v = pf_options_get(o, key);
    if (!v) {
        *out = def;
        return PF_E_OK;
    }
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end || errno || x < lo || x > hi)
        return pf_error_set(err, PF_E_BAD_OPTION,
                            "option '%s' must be a whole number from %d to %d, not '%.40s'",
                            key, lo, hi, v);
    *out = (int)x;
    return PF_E_OK;
}

pf_err pf_options_double(const pf_options *o, const char *key, double def, double lo,
                         double hi, double *out, pf_error *err)
{
    const char *v = pf_options_get(o, key);
    if (!v) {
        *out = def;
        return PF_E_OK;
    }
    char *end;
    double x = strtod(v, &end);
    if (end == v || *end || !isfinite(x) || x < lo || x > hi)
        return pf_error_set(err, PF_E_BAD_OPTION,
                            "option '%s' must be a number from %g to %g, not '%.40s'", key,
                            lo, hi, v);
    *out = x;
    return PF_E_OK;
}

pf_err pf_options_bool(const pf_options *o, const char *key, bool def, bool *out,
                       pf_error *err)
{
    static const char *const yes[] = {"true", "yes", "on", "1"};
    static const char *const no[] = {"false", "no", "off", "0"};
    const char *v = pf_options_get(o, key);
    if (!v) {
        *out = def;
        return PF_E_OK;
    }
    for (int i = 0; i < 4; i++) {
        if (strcasecmp(v, yes[i]) == 0) {
            *out = true;
            return PF_E_OK;
        }
        if (strcasecmp(v, no[i]) == 0) {
            *out = false;
            return PF_E_OK;
        }
    }
    return pf_error_set(err, PF_E_BAD_OPTION,
                        "option '%s' must be true or false, not '%.40s'", key, v);
}

pf_err pf_options_from_json(pf_options *o, const cJSON *obj, pf_error *err)
{
    if (!obj || cJSON_IsNull(obj))
        return PF_E_OK;
    if (!cJSON_IsObject(obj))
        return pf_error_set(err, PF_E_BAD_OPTION, "\"options\" must be an object");
    const cJSON *it;
    cJSON_ArrayForEach(it, obj)
    {
        char num[64];
        const char *val;
        if (cJSON_IsString(it))
            val = it->valuestring;
        else if (cJSON_IsBool(it))
            val = cJSON_IsTrue(it) ? "true" : "false";
        else if (cJSON_IsNumber(it)) {
            snprintf(num, sizeof num, "%.17g", it->valuedouble);
            val = num;
        } else
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "option '%.40s' must be a string, number or boolean",
                                it->string);
        pf_err e = pf_options_set(o, it->string, val, err);
        if (e)
            return e;
    }
    return PF_E_OK;
}
