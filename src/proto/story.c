/* story.c: a finished game told step by step (story.h). The game is
 * rebuilt from its seed and steps (pf_match_state_at); each step carries
 * its events and the view after it, filtered for the seat exactly as the
 * seat's pushes were. */
#include "partyfood/story.h"

#include <stdlib.h>

#include "codec.h"
#include "commands.h"
#include "partyfood/json_print.h"
#include "partyfood/proto.h"
#include "partyfood/replay.h"

typedef struct story {
    const pf_match *m;
    const pf_seating *s;
    int seat; /* a seat, or PF_SEAT_GOD for everything */
    pf_seat_names names;
    cJSON *steps, *setup;
    bool lost;
} story;

static void each_step(void *arg, int step, const void *st, const pf_events *ev)
{
    story *s = arg;
    cJSON *o = cJSON_CreateObject();
    bool ok = o != NULL;
    if (ok && step >= 0) {
        const pf_step *ps = &s->m->steps[step];
        ok = pf__add(o, "step", cJSON_CreateNumber(step)) &&
             pf__add(o, "seat", cJSON_CreateNumber(ps->seat)) &&
             pf__add(o, "action", cJSON_CreateString(ps->name)) &&
             pf__add(o, "t", cJSON_CreateNumber((double)ps->t_ms)) &&
             pf__add(o, "by_bot", cJSON_CreateBool(s->s->bot[ps->seat] != NULL));
    }
    ok = ok && pf__add(o, "events", pf_proto_events(ev, s->seat, &s->names)) &&
         pf__add(o, "view", pf_state_view(s->m->game, st, s->seat));
    if (!ok)
        s->lost = true;
    else if (step < 0)
        s->setup = o;
    else if (!pf__append(s->steps, o))
        s->lost = true;
    if (!ok)
        cJSON_Delete(o);
}

cJSON *pf_story(const pf_match *m, const pf_seating *s, int seat)
{
    double results[PF_MAX_SEATS];
    story st = {.m = m, .s = s, .seat = seat};
    pf_seating_names(s, seat == PF_SEAT_GOD ? -1 : seat, &st.names);
    cJSON *o = cJSON_CreateObject(), *names = NULL;
    void *state = malloc(m->game->state_size);
    bool ok = o && state && pf_match_over(m, results) &&
              pf__add(o, "game", cJSON_CreateString(m->game->id)) &&
              pf__add(o, "seats", cJSON_CreateNumber(m->seats)) &&
              pf__add(o, "seat", seat == PF_SEAT_GOD ? cJSON_CreateString("all")
                                                     : cJSON_CreateNumber(seat)) &&
              pf__add(o, "names", names = cJSON_CreateArray()) &&
              pf__add(o, "steps", st.steps = cJSON_CreateArray());
    for (int i = 0; ok && i < m->seats; i++)
        ok = pf__append(names, cJSON_CreateString(s->name[i]));
    if (ok)
        pf_match_state_at(m, m->nsteps, state, each_step, &st);
    free(state);
    if (ok && !st.lost && st.setup)
        ok = pf__add(o, "setup", st.setup) &&
             pf__add(o, "results", cJSON_CreateDoubleArray(results, m->seats));
    else {
        cJSON_Delete(st.setup);
        ok = false;
    }
    return ok ? o : pf__discard(o);
}

static char *refusal(pf_err code, const char *why)
{
    pf_error err;
    pf_error_set(&err, code, "%s", why);
    return pf_proto_error_of(NULL, &err);
}

char *pf_story_text(const char *text, size_t len, int seat)
{
    pf_error err;
    cJSON *replay = cJSON_ParseWithLength(text, len);
    pf_match *m = cJSON_IsObject(replay) ? pf_match_load(replay, &err) : NULL;
    pf_seating s = {0};
    char *out = NULL;
    if (!cJSON_IsObject(replay))
        out = refusal(PF_E_BAD_REPLAY, "a replay must be a JSON object");
    else if (!m)
        out = pf_proto_error_of(NULL, &err);
    else if (pf_seating_from_save(&s, m, replay, &err) < 0)
        out = pf_proto_error_of(NULL, &err);
    else if (!pf_match_over(m, NULL))
        out = refusal(PF_E_BAD_REQUEST,
                      "the story tells every hidden piece: it is told once the game is over");
    else if (seat < -1 || seat >= m->seats)
        out = refusal(PF_E_BAD_SEAT, "that seat is not one of the game's");
    else {
        s.n = m->seats; /* a replay without a seating: unnamed seats */
        cJSON *o = pf_story(m, &s, seat < 0 ? PF_SEAT_GOD : seat);
        out = o ? pf_json_print(o) : NULL;
        cJSON_Delete(o);
    }
    pf_match_destroy(m);
    cJSON_Delete(replay);
    return out;
}
