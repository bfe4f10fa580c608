/* games.c: the `games` answer, every game's descriptor as a front end needs
 * it (docs/protocol.md, "The games answer"): the engine's command and the
 * server's GET /games send what this builds, so no front end keeps a
 * game's facts of its own. */
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "partyfood/bot.h"
#include "partyfood/ismcts.h"
#include "partyfood/proto.h"
#include "partyfood/session.h"

static const char *const kind_name[] = {
    [PF_OPT_TEXT] = "text", [PF_OPT_BOOL] = "bool",     [PF_OPT_INT] = "int",
    [PF_OPT_REAL] = "real", [PF_OPT_CHOICE] = "choice",
};

/* A value of option d written as text, as JSON of d's kind. */
static cJSON *typed(const pf_option_def *d, const char *text)
{
    switch (d->kind) {
    case PF_OPT_BOOL:
        return cJSON_CreateBool(strcmp(text, "true") == 0);
    case PF_OPT_INT:
    case PF_OPT_REAL:
        return cJSON_CreateNumber(strtod(text, NULL));
    case PF_OPT_TEXT:
    case PF_OPT_CHOICE:
        break;
    }
    return cJSON_CreateString(text);
}

static cJSON *option_object(const pf_option_def *d)
{
    cJSON *o = cJSON_CreateObject();
    bool ok = o && pf__add(o, "key", cJSON_CreateString(d->key)) &&
              pf__add(o, "label", cJSON_CreateString(d->label)) &&
              pf__add(o, "help", cJSON_CreateString(d->help)) &&
              pf__add(o, "kind", cJSON_CreateString(kind_name[d->kind])) &&
              pf__add(o, "default", typed(d, d->def));
    if (ok && (d->kind == PF_OPT_INT || d->kind == PF_OPT_REAL))
        ok = pf__add(o, "min", cJSON_CreateNumber(d->min)) &&
             pf__add(o, "max", cJSON_CreateNumber(d->max));
    if (ok && d->choices) {
        cJSON *choices = cJSON_CreateArray();
        ok = pf__add(o, "choices", choices);
        for (const char *const *c = d->choices; ok && *c; c++)
            ok = pf__append(choices, typed(d, *c));
    }
    ok = ok && pf__add(o, "menu", cJSON_CreateBool(d->menu)) &&
         pf__add(o, "fixes_chance", cJSON_CreateBool(d->fixes_chance));
    return ok ? o : pf__discard(o);
}

static cJSON *bot_object(const char *name, const char *about)
{
    cJSON *o = cJSON_CreateObject();
    return o && pf__add(o, "name", cJSON_CreateString(name)) &&
                   pf__add(o, "about", cJSON_CreateString(about))
               ? o
               : pf__discard(o);
}

static const pf_bot_def *const levels[PF_LEVELS] = {&pf_bot_easy, &pf_bot_medium, &pf_bot_hard,
                                                    &pf_bot_expert};

static bool is_level(const pf_bot_def *b)
{
    for (int l = 0; l < PF_LEVELS; l++)
        if (b == levels[l])
            return true;
    return false;
}

/* The levels (easy to expert) with what each plays in g, then every other
 * bot `seating` and `bot` accept. */
static bool add_bots(cJSON *o, const pf_game *g)
{
    cJSON *lv = cJSON_CreateArray(), *bots = NULL;
    bool ok = pf__add(o, "levels", lv) && pf__add(o, "bots", bots = cJSON_CreateArray());
    for (int l = 0; ok && l < PF_LEVELS; l++)
        ok = pf__append(lv, bot_object(levels[l]->name, pf_level_about(g, levels[l]->name)));
    const char *names[64];
    int n = pf_bot_names(g, names, 64);
    for (int k = 0; ok && k < n; k++) {
        const pf_bot_def *b = pf_bot_find(g, names[k]);
        if (!is_level(b))
            ok = pf__append(bots, bot_object(b->name, strcmp(b->name, "random") == 0
                                                          ? pf_level_about(g, "random")
                                                          : b->about));
    }
    return ok;
}

static cJSON *game_object(const pf_game *g)
{
    cJSON *o = cJSON_CreateObject(), *opts = NULL, *rules = NULL, *brief = NULL;
    bool ok = o && pf__add(o, "id", cJSON_CreateString(g->id)) &&
              pf__add(o, "title", cJSON_CreateString(g->title)) &&
              pf__add(o, "summary", cJSON_CreateString(g->summary)) &&
              pf__add(o, "min_seats", cJSON_CreateNumber(g->min_seats)) &&
              pf__add(o, "max_seats", cJSON_CreateNumber(g->max_seats)) &&
              pf__add(o, "memory_game", cJSON_CreateBool(g->memory_game)) &&
              pf__add(o, "real_time", cJSON_CreateBool(g->real_time)) &&
              pf__add(o, "secrets", cJSON_CreateString(g->secrets)) &&
              pf__add(o, "brief", brief = cJSON_CreateArray()) &&
              pf__add(o, "rules", rules = cJSON_CreateArray()) &&
              pf__add(o, "options", opts = cJSON_CreateArray());
    for (const char *const *r = g->brief; ok && r && *r; r++)
        ok = pf__append(brief, cJSON_CreateString(*r));
    for (const char *const *r = g->rules; ok && r && *r; r++)
        ok = pf__append(rules, cJSON_CreateString(*r));
    for (const pf_option_def *d = g->options; ok && d && d->key; d++)
        ok = pf__append(opts, option_object(d));
    ok = ok && add_bots(o, g);
    return ok ? o : pf__discard(o);
}

bool pf_proto_games(cJSON *out)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < pf_game_count(); i++)
        if (!pf__append(a, game_object(pf_game_at(i))))
            a = pf__discard(a);
    /* "games" first: add frees the list when it cannot be added. */
    return pf__add(out, "games", a) &&
           pf__add(out, "protocol", cJSON_CreateNumber(PF_PROTOCOL_VERSION));
}
