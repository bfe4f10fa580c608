/* story.c: a finished game told step by step as one seat saw it, or with
 * everything shown (GET /rooms/CODE/story?seat=N|all, room.h), for the
 * browser's replay viewer. The game is rebuilt from its seed and steps
 * (pf_match_state_at); each step carries its events and the view after
 * it, filtered for the seat exactly as the seat's pushes were. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/proto.h"
#include "server/room.h"

typedef struct story {
    const pf_room *r;
    int seat; /* a seat, or PF_SEAT_GOD for everything */
    cJSON *steps, *setup;
    bool lost;
} story;

static void each_step(void *arg, int step, const void *st, const pf_events *ev)
{
    story *s = arg;
    const pf_match *m = pf_table_match(s->r->table);
    cJSON *o = cJSON_CreateObject();
    if (!o) {
        s->lost = true;
        return;
    }
    if (step >= 0) {
        const pf_step *ps = &m->steps[step];
        cJSON_AddNumberToObject(o, "step", step);
        cJSON_AddNumberToObject(o, "seat", ps->seat);
        cJSON_AddStringToObject(o, "action", ps->name);
        cJSON_AddNumberToObject(o, "t", (double)ps->t_ms);
        /* The bots' seats; a turn timer's fallback is not kept after the fact. */
        cJSON_AddBoolToObject(o, "by_bot", s->r->place[ps->seat].bot != NULL);
    }
    pf_seat_names names;
    pf_room_names(s->r, s->seat == PF_SEAT_GOD ? PF_SEAT_SPECTATOR : s->seat, &names);
    cJSON *events = pf_proto_events(ev, s->seat, &names);
    cJSON *view = pf_state_view(m->game, st, s->seat);
    if (!events || !view)
        s->lost = true;
    cJSON_AddItemToObject(o, "events", events);
    cJSON_AddItemToObject(o, "view", view);
    if (step < 0)
        s->setup = o;
    else if (!cJSON_AddItemToArray(s->steps, o))
        s->lost = true;
}

cJSON *pf_room_story(const pf_room *r, int seat, pf_error *err)
{
    double results[PF_MAX_SEATS];
    if (!r->table || !pf_table_over(r->table, results)) {
        pf_error_set(err, PF_E_BAD_REQUEST,
                     "the story tells every hidden piece: it is given once the game is over");
        return NULL;
    }
    const pf_match *m = pf_table_match(r->table);
    story s = {.r = r, .seat = seat < 0 ? PF_SEAT_GOD : seat};
    cJSON *o = cJSON_CreateObject(), *names = NULL;
    void *st = malloc(m->game->state_size);
    if (o) {
        cJSON_AddStringToObject(o, "game", r->g->id);
        cJSON_AddNumberToObject(o, "seats", r->n);
        if (seat >= 0)
            cJSON_AddNumberToObject(o, "seat", seat);
        else
            cJSON_AddStringToObject(o, "seat", "all");
        names = cJSON_AddArrayToObject(o, "names");
        s.steps = cJSON_AddArrayToObject(o, "steps");
    }
    for (int i = 0; names && i < r->n; i++)
        cJSON_AddItemToArray(
            names, cJSON_CreateString(r->place[i].bot ? r->place[i].bot->name : r->place[i].name));
    if (st && s.steps)
        pf_match_state_at(m, m->nsteps, st, each_step, &s);
    free(st);
    if (!st || !s.steps || !names || !s.setup || s.lost) {
        cJSON_Delete(o);
        cJSON_Delete(s.setup);
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    cJSON_AddItemToObject(o, "setup", s.setup);
    cJSON_AddItemToObject(o, "results", cJSON_CreateDoubleArray(results, r->n));
    return o;
}
