/* repeat.c: an act sent again is answered, not played again (repeat.h).
 * Each seat has a ring of PF_REPEAT_KEEP keys, the oldest replaced: a
 * bounded memory, at most 8 seats of 8 answers (an act's answer: its step
 * and its events, well under the request's 64 KiB). */
#include <stdlib.h>
#include <string.h>

#include "partyfood/game.h"
#include "partyfood/json_print.h"
#include "partyfood/proto.h"
#include "partyfood/repeat.h"

typedef struct entry {
    char key[PF_REPEAT_KEY_MAX + 1]; /* "" when free */
    char *answer;                    /* NULL while pending */
} entry;

struct pf_repeats {
    entry seat[PF_MAX_SEATS][PF_REPEAT_KEEP];
    int next[PF_MAX_SEATS]; /* the seat's oldest: replaced next */
};

pf_err pf_repeat_key(const cJSON *req, const char **key, pf_error *err)
{
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(req, "key");
    *key = NULL;
    if (!k)
        return PF_E_OK;
    if (!cJSON_IsString(k) || !k->valuestring[0] || strlen(k->valuestring) > PF_REPEAT_KEY_MAX)
        return pf_error_set(err, PF_E_BAD_REQUEST,
                            "\"key\" is a string of 1 to %d bytes, the client's own",
                            PF_REPEAT_KEY_MAX);
    *key = k->valuestring;
    return PF_E_OK;
}

static entry *find(const pf_repeats *r, int seat, const char *key)
{
    if (!r || seat < 0 || seat >= PF_MAX_SEATS)
        return NULL;
    for (int i = 0; i < PF_REPEAT_KEEP; i++) {
        const entry *e = &r->seat[seat][i];
        if (e->key[0] && strcmp(e->key, key) == 0)
            return (entry *)e;
    }
    return NULL;
}

const char *pf_repeat_find(const pf_repeats *r, int seat, const char *key, bool *pending)
{
    const entry *e = find(r, seat, key);
    *pending = e && !e->answer;
    return e ? e->answer : NULL;
}

char *pf_repeat_answer(const char *first, const cJSON *req)
{
    cJSON *a = cJSON_Parse(first);
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
    cJSON *own = id ? cJSON_Duplicate(id, true) : NULL;
    char *text = NULL;
    if (a && (!id || own)) {
        /* The id where the first answer had one (first, as answers begin). */
        bool placed = !own ? (cJSON_DeleteItemFromObjectCaseSensitive(a, "id"), true)
                      : cJSON_GetObjectItemCaseSensitive(a, "id")
                          ? cJSON_ReplaceItemInObjectCaseSensitive(a, "id", own)
                          : cJSON_AddItemToObject(a, "id", own);
        own = placed ? NULL : own;
        if (placed && cJSON_AddBoolToObject(a, "repeat", true))
            text = pf_json_print(a);
    }
    cJSON_Delete(own);
    cJSON_Delete(a);
    return text;
}

bool pf_repeat_answered(const pf_repeats *r, const cJSON *req, int seat, const char **key,
                        bool *pending, char **answer)
{
    pf_error err;
    *pending = false;
    if (pf_repeat_key(req, key, &err)) {
        *answer = pf_proto_error_of(req, &err);
        return true;
    }
    const char *first = *key ? pf_repeat_find(r, seat, *key, pending) : NULL;
    if (!first)
        return false;
    *answer = pf_repeat_answer(first, req);
    return true;
}

pf_err pf_repeat_remember(pf_repeats **r, int seat, const char *key, const char *answer,
                          pf_error *err)
{
    if (seat < 0 || seat >= PF_MAX_SEATS || strlen(key) > PF_REPEAT_KEY_MAX)
        return PF_E_OK; /* (pf_repeat_key read it: not reached) */
    char *copy = answer ? strdup(answer) : NULL;
    if (answer && !copy)
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    if (!*r && !(*r = calloc(1, sizeof **r))) {
        free(copy);
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    }
    entry *e = find(*r, seat, key);
    if (!e) {
        e = &(*r)->seat[seat][(*r)->next[seat]];
        (*r)->next[seat] = ((*r)->next[seat] + 1) % PF_REPEAT_KEEP;
    }
    free(e->answer);
    strcpy(e->key, key);
    e->answer = copy;
    return PF_E_OK;
}

void pf_repeat_settle(pf_repeats *r, int seat, const char *key, const char *answer)
{
    entry *e = find(r, seat, key);
    if (!e || e->answer)
        return;
    if (!answer || !(e->answer = strdup(answer)))
        e->key[0] = '\0';
}

void pf_repeats_free(pf_repeats *r)
{
    if (!r)
        return;
    for (int s = 0; s < PF_MAX_SEATS; s++)
        for (int i = 0; i < PF_REPEAT_KEEP; i++)
            free(r->seat[s][i].answer);
    free(r);
}
