/* solo.c: a room for one person and bots without a server (see solo.h).
 *
 * The room is a protocol session bound to the person's seat, with the bots
 * seated at its table: the session answers, plays the bots and keeps a
 * refused request from changing anything, exactly as `partyfood engine
 * --seat N` does. What this file adds is the room's side: the clock, the
 * requests a room refuses, the seat a request may leave out, and the
 * pushes made of the steps the session heard. */
#include "partyfood/solo.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "commands.h"
#include "partyfood/json_print.h"
#include "partyfood/proto.h"
#include "partyfood/push.h"
#include "partyfood/repeat.h"
#include "partyfood/replay.h"
#include "partyfood/seating.h"
#include "partyfood/session.h"
#include "partyfood/skill_meter.h"

struct pf_solo {
    pf_session s;   /* bound to the person's seat; its table's hook points here */
    pf_seat_names names; /* the seats in texts, as a server's room names them */
    bool memory_aid; /* kept in the save; the page draws the aid */
    int64_t origin; /* the page's time when the game clock read 0 */
    pf_skill_meter meter; /* the person's latest meter (C-4) */
};

/* Prints o and deletes it; NULL when memory ran out. */
static char *print(cJSON *o)
{
    char *text = o ? pf_json_print(o) : NULL;
    cJSON_Delete(o);
    return text;
}


static int64_t clock_at(const pf_solo *r, int64_t now)
{
    return now > r->origin ? now - r->origin : 0;
}

/* A room for seat, bound to it, its texts naming the seats as seating does. */
static pf_solo *solo_new(const pf_seating *seating, int seat)
{
    pf_solo *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    pf_session_init(&r->s);
    pf_session_bind(&r->s, seat);
    r->s.bots_on_wait = true;
    pf_seating_names(seating, seat, &r->names);
    r->s.names = &r->names;
    return r;
}

void pf_solo_destroy(pf_solo *r)
{
    if (!r)
        return;
    pf_session_fini(&r->s);
    free(r);
}

/* The person's seat in a seating (one person, bots elsewhere), or -1 when
 * there is not exactly one person. */
static int person_seat(const pf_seating *seating)
{
    int seat = -1;
    for (int i = 0; i < seating->n; i++)
        if (!seating->bot[i]) {
            if (seat >= 0)
                return -1;
            seat = i;
        }
    return seat;
}

/* Reads config's "seating" into *seating; returns the person's seat: -1
 * when the seating cannot be read (the session's "new" then says why), -2
 * when it does not hold exactly one person. */
static int config_seat(const cJSON *config, pf_seating *seating)
{
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(config, "game");
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(config, "seating"), *item;
    const pf_game *g = cJSON_IsString(game) ? pf_game_find(game->valuestring) : NULL;
    if (!g || !cJSON_IsArray(list))
        return -1;
    *seating = (pf_seating){0};
    pf_error err;
    cJSON_ArrayForEach(item, list) {
        if (!cJSON_IsString(item) || pf_seating_add(seating, g, item->valuestring, &err) != 0)
            return -1;
    }
    int seat = person_seat(seating);
    return seat >= 0 ? seat : -2;
}

/* Ruling C-1, as a server's room does it: unless the setup fixes the order
 * ("fixed_order": true), the seats are drawn from the game's seed (the
 * setup's, or a fresh secret one written into it), and the drawn seating
 * replaces the setup's. Returns the person's seat then; a seed "new" will
 * refuse, or none to be had, leaves the order to that refusal. */
static int draw_seats(cJSON *req, pf_seating *seating, int seat)
{
    bool fixed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "fixed_order"));
    cJSON_DeleteItemFromObjectCaseSensitive(req, "fixed_order");
    const cJSON *given = cJSON_GetObjectItemCaseSensitive(req, "seed");
    uint64_t seed;
    pf_error err;
    char digits[24];
    if (fixed || (given ? !pf_seed_from_json(given, &seed) : pf_seed_random(&seed, &err) != 0))
        return seat;
    snprintf(digits, sizeof digits, "%" PRIu64, seed);
    if (!given && !cJSON_AddStringToObject(req, "seed", digits))
        return -1;
    pf_seating_shuffle(seating, seed);
    cJSON *list = cJSON_CreateArray();
    for (int i = 0; list && i < seating->n; i++) {
        char who[sizeof seating->name[0] + 4];
        snprintf(who, sizeof who, "%s%s", seating->bot[i] ? "bot:" : "", seating->name[i]);
        if (!pf__append(list, cJSON_CreateString(who)))
            list = pf__discard(list);
    }
    if (!list || !cJSON_ReplaceItemInObjectCaseSensitive(req, "seating", list)) {
        cJSON_Delete(list);
        return -1;
    }
    return person_seat(seating);
}

/* A new game with the memory aid, its table told so (hints in the memory
 * games need it: table.h), as a resumed save's is. */
static pf_solo *with_memory_aid(pf_solo *r, int64_t now, char **error)
{
    char *save = pf_solo_save(r);
    pf_solo *again = save ? pf_solo_resume(save, strlen(save), now, error) : NULL;
    free(save);
    pf_solo_destroy(r);
    return again;
}

pf_solo *pf_solo_create(const char *config, size_t len, int64_t now, char **error)
{
    *error = NULL;
    cJSON *req = cJSON_ParseWithLength(config, len);
    pf_seating seating = {0};
    int seat = cJSON_IsObject(req) ? config_seat(req, &seating) : -1;
    if (seat >= 0 && (seat = draw_seats(req, &seating, seat)) < 0) {
        cJSON_Delete(req);
        return NULL; /* memory ran out */
    }
    pf_solo *r = NULL;
    if (!cJSON_IsObject(req))
        *error = pf_proto_error(NULL, PF_E_BAD_REQUEST, "a solo game's setup must be a JSON object");
    else if (!cJSON_GetObjectItemCaseSensitive(req, "seating"))
        *error = pf_proto_error(req, PF_E_BAD_REQUEST,
                            "a solo game needs \"seating\": one person and the bots");
    else if (seat == -2)
        *error = pf_proto_error(req, PF_E_BAD_SEATS,
                            "a solo game seats one person, and bots in every other seat");
    else if ((r = solo_new(&seating, seat >= 0 ? seat : 0))) {
        const cJSON *aid = cJSON_GetObjectItemCaseSensitive(req, "memory_aid");
        r->memory_aid = cJSON_IsTrue(aid);
        r->origin = now;
        cJSON_DeleteItemFromObjectCaseSensitive(req, "memory_aid");
        cJSON_DeleteItemFromObjectCaseSensitive(req, "cmd");
        char *line = cJSON_AddStringToObject(req, "cmd", "new") ? pf_json_print(req) : NULL;
        char *answer = line ? pf_session_handle(&r->s, line, strlen(line)) : NULL;
        if (!answer || !r->s.table) { /* refused: the session's answer says why */
            pf_solo_destroy(r);
            r = NULL;
            *error = answer;
            answer = NULL;
        }
        free(answer);
        free(line);
    }
    cJSON_Delete(req);
    return r && r->memory_aid ? with_memory_aid(r, now, error) : r;
}

pf_solo *pf_solo_resume(const char *save, size_t len, int64_t now, char **error)
{
    *error = NULL;
    pf_error err;
    cJSON *replay = cJSON_ParseWithLength(save, len);
    pf_match *m = cJSON_IsObject(replay) ? pf_match_load(replay, &err) : NULL;
    if (!cJSON_IsObject(replay))
        pf_error_set(&err, PF_E_BAD_REPLAY, "a save must be a JSON object");
    pf_seating seating;
    pf_solo *r = NULL;
    int seat = -1, seated = m ? pf_seating_from_save(&seating, m, replay, &err) : -1;
    if (m && seated == 0) {
        pf_error_set(&err, PF_E_BAD_REPLAY, "the save holds no seating");
    } else if (m && seated < 0) {
        /* err says why */
    } else if (m && (seat = person_seat(&seating)) < 0) {
        pf_error_set(&err, PF_E_BAD_REPLAY,
                     "a solo game seats one person, and bots in every other seat");
    } else if (m && (r = solo_new(&seating, seat))) {
        pf_table_options opt = {.memory_aid =
                                    cJSON_IsTrue(cJSON_GetObjectItem(replay, "memory_aid"))};
        r->memory_aid = opt.memory_aid;
        r->origin = now - m->now;
        r->s.table = pf_table_adopt(m, &seating, &opt, pf__heard, &r->s, &err);
        m = NULL; /* the table's now, even when it failed */
        if (!r->s.table) {
            pf_solo_destroy(r);
            r = NULL;
        }
    } else if (m) {
        pf_error_set(&err, PF_E_NO_MEMORY, NULL);
    }
    if (!r)
        *error = pf_proto_error_of(NULL, &err);
    pf_match_destroy(m);
    cJSON_Delete(replay);
    return r;
}

char *pf_solo_room(const pf_solo *r)
{
    const pf_seating *seating = pf_table_seating(r->s.table);
    cJSON *o = cJSON_CreateObject(), *seats = NULL;
    bool ok = o && pf__add(o, "game", cJSON_CreateString(pf_table_match(r->s.table)->game->id)) &&
              pf__add(o, "started", cJSON_CreateTrue()) &&
              pf__add(o, "spectators", cJSON_CreateFalse()) &&
              pf__add(o, "seats", seats = cJSON_CreateArray()) &&
              pf__add(o, "memory_aid", cJSON_CreateBool(r->memory_aid));
    for (int i = 0; ok && i < seating->n; i++) {
        cJSON *s = cJSON_CreateObject();
        ok = pf__append(seats, s) && pf__add(s, "seat", cJSON_CreateNumber(i)) &&
             pf__add(s, "kind", cJSON_CreateString(seating->bot[i] ? "bot" : "person")) &&
             pf__add(s, "name", cJSON_CreateString(seating->name[i]));
    }
    return ok ? print(o) : print(pf__discard(o));
}

char *pf_solo_sync(pf_solo *r, int64_t now)
{
    const pf_match *m = pf_table_match(r->s.table);
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_jw_lit(&w, "{\"push\":\"sync\",\"game\":");
    pf_jw_str(&w, m->game->id);
    pf_jw_lit(&w, ",\"seat\":");
    pf_jw_int(&w, r->s.bound);
    pf_jw_lit(&w, ",\"seats\":");
    pf_jw_int(&w, m->seats);
    pf_jw_lit(&w, ",\"started\":true");
    pf_push_sync_game(&w, r->s.table, r->s.bound, clock_at(r, now), &r->names);
    pf_jw_lit(&w, ",\"chat\":[],\"chat_on\":false}");
    return pf_jw_take(&w);
}

/* What a room refuses of the engine's commands, and why. */
static const char *refused(const char *cmd)
{
    if (!strcmp(cmd, "new") || !strcmp(cmd, "load"))
        return "a room plays the one game it was created with";
    if (!strcmp(cmd, "save"))
        return "a save tells every hidden piece: the page keeps it, the player never sees it";
    if (!strcmp(cmd, "bot"))
        return "the room's bots play by themselves; \"plan\" gives a hint";
    if (!strcmp(cmd, "wait"))
        return "the page's clock runs by itself: no need to wait";
    return NULL;
}

/* Runs req (changed as the room changes it) through the session; when the
 * answer carries steps, they leave it for *push. */
static char *ask_session(pf_solo *r, cJSON *req, int64_t now, char **push)
{
    char *line = pf_json_print(req);
    char *text = line ? pf_session_handle(&r->s, line, strlen(line)) : NULL;
    free(line);
    cJSON *answer = text ? cJSON_Parse(text) : NULL;
    cJSON *steps = cJSON_DetachItemFromObjectCaseSensitive(answer, "steps");
    if (!cJSON_GetArraySize(steps)) { /* nothing happened: nothing to push */
        cJSON_Delete(steps);
        cJSON_Delete(answer);
        return text;
    }
    free(text);
    char *said = pf_json_print(steps);
    cJSON_Delete(steps);
    if (said) {
        pf_jw w;
        pf_jw_init(&w, 0);
        pf_push_steps(&w, said, strlen(said), r->s.table, r->s.bound, clock_at(r, now));
        *push = pf_jw_take(&w);
        free(said);
    }
    return print(answer);
}

char *pf_solo_handle(pf_solo *r, const char *line, size_t len, int64_t now, char **push)
{
    *push = NULL;
    cJSON *req = len <= PF_REQUEST_MAX_BYTES ? cJSON_ParseWithLength(line, len) : NULL;
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    const char *why;
    char *text;
    if (!cJSON_IsObject(req) || !cJSON_IsString(cmd)) {
        text = pf_session_handle(&r->s, line, len); /* its error, the protocol's own */
    } else if ((why = refused(cmd->valuestring))) {
        text = pf_proto_error(req, PF_E_UNKNOWN_COMMAND, why);
    } else if (!strcmp(cmd->valuestring, "hello")) {
        cJSON *o = cJSON_CreateObject();
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
        if (o && (!id || pf__add(o, "id", cJSON_Duplicate(id, true))) &&
            pf__add(o, "ok", cJSON_CreateTrue()) &&
            pf__add(o, "seat", cJSON_CreateNumber(r->s.bound)))
            *push = pf_solo_sync(r, now);
        text = *push ? print(o) : print(pf__discard(o));
    } else if (!strcmp(cmd->valuestring, "meter")) {
        text = pf_skill_meter_issue(&r->meter, pf_table_match(r->s.table), r->s.bound, req, now,
                                    clock_at(r, now));
    } else {
        /* The seat is the person's when the request names none; an action
         * is timed by the room's clock, as a server times it on arrival,
         * and a skill action stopped on a meter gets the meter's number. */
        bool ok = true;
        char name[PF_REPLAY_NAME_MAX + 8];
        pf_error err;
        if (!cJSON_GetObjectItemCaseSensitive(req, "seat"))
            ok = cJSON_AddNumberToObject(req, "seat", r->s.bound) != NULL;
        const char *key;
        const char *first = NULL;
        bool pending = false;
        /* An act sent again is answered before its meter is looked at (used
         * by the first), as a server's room answers it. */
        if (ok && !strcmp(cmd->valuestring, "act") && !pf_repeat_key(req, &key, &err) && key &&
            (first = pf_repeat_find(r->s.repeats, r->s.bound, key, &pending))) {
            text = pf_repeat_answer(first, req);
            cJSON_Delete(req);
            return text;
        }
        if (ok && !strcmp(cmd->valuestring, "act")) {
            if (pf_skill_meter_action(&r->meter, pf_table_match(r->s.table), req, now, name,
                                      sizeof name, &err)) {
                text = pf_proto_error_of(req, &err);
                cJSON_Delete(req);
                return text;
            }
            if (name[0]) {
                cJSON_DeleteItemFromObjectCaseSensitive(req, "meter");
                ok = cJSON_ReplaceItemInObjectCaseSensitive(req, "action",
                                                            cJSON_CreateString(name));
            }
            cJSON_DeleteItemFromObjectCaseSensitive(req, "t");
            ok = ok && cJSON_AddNumberToObject(req, "t", (double)clock_at(r, now)) != NULL;
        }
        text = ok ? ask_session(r, req, now, push) : NULL;
    }
    cJSON_Delete(req);
    return text;
}

int64_t pf_solo_due(pf_solo *r)
{
    int seat;
    int64_t t;
    if (!pf_table_bot_next(r->s.table, &seat, &t))
        return -1;
    return r->origin + t;
}

char *pf_solo_tick(pf_solo *r, int64_t now)
{
    cJSON *req = cJSON_CreateObject();
    char *push = NULL;
    if (req && cJSON_AddStringToObject(req, "cmd", "wait") &&
        cJSON_AddNumberToObject(req, "t", (double)clock_at(r, now)))
        free(ask_session(r, req, now, &push));
    cJSON_Delete(req);
    return push;
}

char *pf_solo_save(const pf_solo *r)
{
    cJSON *replay =
        pf_seating_replay(pf_table_match(r->s.table), pf_table_seating(r->s.table), r->memory_aid);
    if (replay && !pf_replay_seal(replay))
        replay = pf__discard(replay);
    return print(replay);
}
