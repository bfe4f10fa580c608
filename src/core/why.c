/* why.c: a move's reason as plain data, and as the protocol's JSON. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "partyfood/why.h"

void pf_why_clear(pf_why *w)
{
    memset(w, 0, sizeof *w);
}

void pf_why_say(pf_why *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->text, sizeof w->text, fmt, ap);
    va_end(ap);
}

pf_why_fact *pf_why_fact_add(pf_why *w, const char *name)
{
    assert(w->nfacts < PF_WHY_FACTS);
    pf_why_fact *f = &w->fact[w->nfacts++];
    *f = (pf_why_fact){.name = name};
    return f;
}

void pf_why_num(pf_why_fact *f, const char *key, int64_t v)
{
    assert(f->nargs < PF_WHY_ARGS);
    f->arg[f->nargs++] = (pf_why_arg){key, NULL, v};
}

void pf_why_str(pf_why_fact *f, const char *key, const char *v)
{
    assert(f->nargs < PF_WHY_ARGS && v);
    f->arg[f->nargs++] = (pf_why_arg){key, v, 0};
}

static cJSON *fact_json(const pf_why_fact *f)
{
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddStringToObject(o, "fact", f->name))
        goto fail;
    for (int i = 0; i < f->nargs; i++) {
        const pf_why_arg *a = &f->arg[i];
        if (!(a->str ? cJSON_AddStringToObject(o, a->key, a->str)
                     : cJSON_AddNumberToObject(o, a->key, (double)a->num)))
            goto fail;
    }
    return o;
fail:
    cJSON_Delete(o);
    return NULL;
}

cJSON *pf_why_json(const pf_why *w)
{
    cJSON *o = cJSON_CreateObject(), *facts = NULL;
    if (!o || !cJSON_AddStringToObject(o, "text", w->text) ||
        !(facts = cJSON_AddArrayToObject(o, "facts")))
        goto fail;
    for (int i = 0; i < w->nfacts; i++) {
        cJSON *f = fact_json(&w->fact[i]);
        if (!cJSON_AddItemToArray(facts, f)) {
            cJSON_Delete(f);
            goto fail;
        }
    }
    return o;
fail:
    cJSON_Delete(o);
    return NULL;
}
