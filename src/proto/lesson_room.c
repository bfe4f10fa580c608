/* lesson_room.c: a lesson spoken to as a room (see lesson_room.h).
 *
 * The lesson's runner (lesson.h) holds the table and says what happens
 * now; this file is the room's side: the steps the runner's hook hears,
 * told as a room's pushes (push.h), the lesson's moment added to each, and
 * the page's requests turned into the runner's calls. */
#include "partyfood/lesson_room.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "commands.h"
#include "partyfood/json_print.h"
#include "partyfood/lesson.h"
#include "partyfood/proto.h"
#include "partyfood/push.h"
#include "partyfood/seating.h"
#include "partyfood/skill_meter.h"

struct pf_lesson_room {
    pf_lesson *l;
    pf_lesson_run *run;
    pf_seat_names names; /* the chapter's seats, as the texts name them */
    pf_jw heard;         /* the steps heard since the last push, comma-separated */
    pf_skill_meter meter;
};

static char *print(cJSON *o)
{
    char *text = o ? pf_json_print(o) : NULL;
    cJSON_Delete(o);
    return text;
}

static const pf_table *table_of(const pf_lesson_room *r)
{
    return pf_lesson_table(r->run);
}

static int64_t clock_of(const pf_lesson_room *r)
{
    return pf_table_match(table_of(r))->now; /* the lesson's own clock */
}

/* The runner's hook: each step as the person's seat hears it. */
static void heard(void *arg, const pf_table_step *st)
{
    pf_lesson_room *r = arg;
    pf_jw_comma(&r->heard);
    pf_proto_write_step(&r->heard, st, pf_lesson_you(r->l), &r->names);
}

/* Starts afresh what the hook collects, and the names of the chapter's seats. */
static void listen(pf_lesson_room *r)
{
    pf_jw_reset(&r->heard);
    if (r->run)
        pf_seating_names(pf_table_seating(table_of(r)), pf_lesson_you(r->l), &r->names);
}

void pf_lesson_room_destroy(pf_lesson_room *r)
{
    if (!r)
        return;
    pf_lesson_stop(r->run);
    pf_lesson_free(r->l);
    pf_jw_free(&r->heard);
    free(r);
}

pf_lesson_room *pf_lesson_room_create(const char *text, size_t len, int chapter, char **error)
{
    *error = NULL;
    pf_error err;
    pf_lesson_room *r = calloc(1, sizeof *r);
    char *copy = malloc(len + 1); /* the reader wants its text NUL-terminated */
    if (!r || !copy) {
        free(r);
        free(copy);
        return NULL;
    }
    pf_jw_init(&r->heard, 0);
    memcpy(copy, text, len);
    copy[len] = '\0';
    r->l = pf_lesson_parse(copy, "lesson.json", &err);
    free(copy);
    if (r->l)
        r->run = pf_lesson_start(r->l, chapter, heard, r, &err);
    if (!r->run) {
        *error = pf_proto_error_of(NULL, &err);
        pf_lesson_room_destroy(r);
        return NULL;
    }
    listen(r);
    return r;
}

char *pf_lesson_room_room(const pf_lesson_room *r)
{
    const pf_seating *seating = pf_table_seating(table_of(r));
    cJSON *o = cJSON_CreateObject(), *seats = NULL, *about = NULL, *chapters = NULL;
    bool ok = o && pf__add(o, "game", cJSON_CreateString(pf_lesson_game(r->l)->id)) &&
              pf__add(o, "started", cJSON_CreateTrue()) &&
              pf__add(o, "spectators", cJSON_CreateFalse()) &&
              pf__add(o, "seats", seats = cJSON_CreateArray()) &&
              /* the lesson's deal may turn the aid on (Pancake's counts) */
              pf__add(o, "memory_aid", cJSON_CreateBool(pf_table_memory_aid(table_of(r)))) &&
              pf__add(o, "lesson", about = cJSON_CreateObject()) &&
              pf__add(about, "title", cJSON_CreateString(pf_lesson_title(r->l))) &&
              pf__add(about, "you", cJSON_CreateNumber(pf_lesson_you(r->l))) &&
              pf__add(about, "chapters", chapters = cJSON_CreateArray());
    for (int i = 0; ok && i < seating->n; i++) {
        cJSON *s = cJSON_CreateObject();
        ok = pf__append(seats, s) && pf__add(s, "seat", cJSON_CreateNumber(i)) &&
             pf__add(s, "kind", cJSON_CreateString("person")) &&
             pf__add(s, "name", cJSON_CreateString(seating->name[i]));
    }
    for (int c = 0; ok && c < pf_lesson_chapters(r->l); c++) {
        cJSON *ch = cJSON_CreateObject();
        ok = pf__append(chapters, ch) &&
             pf__add(ch, "id", cJSON_CreateString(pf_lesson_chapter_id(r->l, c))) &&
             pf__add(ch, "title", cJSON_CreateString(pf_lesson_chapter_title(r->l, c))) &&
             pf__add(ch, "optional", cJSON_CreateBool(pf_lesson_chapter_optional(r->l, c)));
    }
    return ok ? print(o) : print(pf__discard(o));
}

static const char *const KINDS[] = {"note", "you", "bot", "done"};

static cJSON *string_or_null(const char *s)
{
    return s ? cJSON_CreateString(s) : cJSON_CreateNull();
}

/* Adds the lesson's moment to a push; while the lesson waits for anything
 * but the person's move, nobody is to act and the person has no choices. */
static bool add_moment(const pf_lesson_room *r, cJSON *push)
{
    pf_lesson_now now;
    pf_lesson_now_get(r->run, &now);
    cJSON *o = cJSON_CreateObject(), *show = NULL, *aim;
    bool ok = pf__add(push, "lesson", o) && pf__add(o, "kind", cJSON_CreateString(KINDS[now.kind])) &&
              pf__add(o, "chapter", cJSON_CreateNumber(now.chapter)) &&
              pf__add(o, "step", cJSON_CreateNumber(now.step)) &&
              pf__add(o, "steps", cJSON_CreateNumber(now.steps)) &&
              pf__add(o, "seat", cJSON_CreateNumber(now.seat)) &&
              pf__add(o, "say", string_or_null(now.say)) &&
              pf__add(o, "show", show = cJSON_CreateArray()) &&
              pf__add(o, "act", string_or_null(now.act)) &&
              pf__add(o, "aim", aim = now.aim ? cJSON_CreateArray() : cJSON_CreateNull()) &&
              pf__add(o, "last", cJSON_CreateBool(now.last));
    for (int i = 0; ok && i < now.nshow; i++)
        ok = pf__append(show, cJSON_CreateString(now.show[i]));
    if (ok && now.aim)
        ok = pf__append(aim, cJSON_CreateNumber(now.aim_lo)) &&
             pf__append(aim, cJSON_CreateNumber(now.aim_hi));
    if (ok && now.kind != PF_LESSON_YOU)
        ok = cJSON_ReplaceItemInObjectCaseSensitive(push, "to_act", cJSON_CreateArray()) &&
             cJSON_ReplaceItemInObjectCaseSensitive(push, "legal", cJSON_CreateArray());
    return ok;
}

/* A push written as a room's (push.h), with the lesson's moment added. */
static char *with_moment(const pf_lesson_room *r, pf_jw *w)
{
    char *text = pf_jw_take(w);
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    free(text);
    return o && add_moment(r, o) ? print(o) : print(pf__discard(o));
}

char *pf_lesson_room_sync(pf_lesson_room *r)
{
    const pf_table *t = table_of(r);
    const pf_match *m = pf_table_match(t);
    int you = pf_lesson_you(r->l);
    pf_jw w;
    pf_jw_init(&w, 0);
    pf_jw_lit(&w, "{\"push\":\"sync\",\"game\":");
    pf_jw_str(&w, m->game->id);
    pf_jw_lit(&w, ",\"seat\":");
    pf_jw_int(&w, you);
    pf_jw_lit(&w, ",\"seats\":");
    pf_jw_int(&w, m->seats);
    pf_jw_lit(&w, ",\"started\":true");
    pf_push_sync_game(&w, t, you, clock_of(r), &r->names);
    pf_jw_lit(&w, ",\"chat\":[],\"chat_on\":false}");
    listen(r); /* what was heard is in the sync */
    return with_moment(r, &w);
}

/* The steps heard since the last push, told as a steps push. */
static char *steps_push(pf_lesson_room *r)
{
    pf_jw steps;
    pf_jw_init(&steps, 0);
    pf_jw_lit(&steps, "[");
    pf_jw_raw(&steps, pf_jw_text(&r->heard) ? pf_jw_text(&r->heard) : "", pf_jw_size(&r->heard));
    pf_jw_lit(&steps, "]");
    bool lost = r->heard.failed;
    listen(r);
    const char *said = pf_jw_text(&steps);
    char *text = NULL;
    if (said && !lost) {
        pf_jw w;
        pf_jw_init(&w, 0);
        pf_push_steps(&w, said, pf_jw_size(&steps), table_of(r), pf_lesson_you(r->l), clock_of(r));
        text = with_moment(r, &w);
    }
    pf_jw_free(&steps);
    return text;
}

/* The answer to req: ok, or the runner's refusal (its message the reason). */
static char *answer(const cJSON *req, pf_err e, const pf_error *err)
{
    if (e)
        return pf_proto_error_of(req, err);
    cJSON *o = cJSON_CreateObject();
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
    bool ok = o && (!id || pf__add(o, "id", cJSON_Duplicate(id, true))) &&
              pf__add(o, "ok", cJSON_CreateTrue());
    return ok ? print(o) : print(pf__discard(o));
}

/* A meter's number the lesson takes as it is within the step's aim, and
 * brought to its nearer end outside it: a child's swing is slow to master,
 * and the lesson's next steps were written for a move in that range (the
 * stop still decides where in it). */
static void aim_within(const pf_lesson_room *r, char *name, size_t n)
{
    pf_lesson_now now;
    pf_lesson_now_get(r->run, &now);
    char *sp = strrchr(name, ' ');
    if (now.kind != PF_LESSON_YOU || !now.aim || !sp)
        return;
    double x = strtod(sp + 1, NULL);
    x = x < now.aim_lo ? now.aim_lo : x > now.aim_hi ? now.aim_hi : x;
    snprintf(sp + 1, n - (size_t)(sp + 1 - name), "%.2f", x);
}

/* The person's move: its name, or the meter's (a toss, a swing) with the
 * number the person stopped it at. */
static pf_err play(pf_lesson_room *r, const cJSON *req, int64_t now, pf_error *err)
{
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(req, "action");
    char name[PF_REPLAY_NAME_MAX + 8];
    const pf_match *m = pf_table_match(table_of(r));
    pf_err e = pf_skill_meter_action(&r->meter, m, req, now, name, sizeof name, err);
    if (e)
        return e;
    if (!name[0] && !cJSON_IsString(action))
        return pf_error_set(err, PF_E_BAD_REQUEST, "\"act\" needs \"action\", a string");
    if (name[0])
        aim_within(r, name, sizeof name);
    return pf_lesson_play(r->run, name[0] ? name : action->valuestring, err);
}

char *pf_lesson_room_handle(pf_lesson_room *r, const char *line, size_t len, int64_t now,
                            char **push)
{
    *push = NULL;
    cJSON *req = len <= PF_REQUEST_MAX_BYTES ? cJSON_ParseWithLength(line, len) : NULL;
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    const char *c = cJSON_IsString(cmd) ? cmd->valuestring : "";
    pf_error err;
    pf_err e = PF_E_OK;
    bool fresh = false; /* a chapter starts: the page gets a sync */
    char *text;
    if (!cJSON_IsObject(req)) {
        pf_error_set(&err, PF_E_BAD_REQUEST, "a request is a JSON object");
        text = pf_proto_error_of(NULL, &err);
        cJSON_Delete(req);
        return text;
    }
    if (!strcmp(c, "hello")) {
        fresh = true;
    } else if (!strcmp(c, "room")) { /* the chapter's seats, read again after a sync */
        cJSON_Delete(req);
        return pf_lesson_room_room(r);
    } else if (!strcmp(c, "meter")) {
        int you = pf_lesson_you(r->l);
        text = pf_skill_meter_issue(&r->meter, pf_table_match(table_of(r)), you, req, now,
                                    clock_of(r));
        cJSON_Delete(req);
        return text;
    } else if (!strcmp(c, "act")) {
        e = play(r, req, now, &err);
    } else if (!strcmp(c, "next")) {
        pf_lesson_now at;
        pf_lesson_now_get(r->run, &at);
        fresh = at.kind == PF_LESSON_DONE;
        e = pf_lesson_next(r->run, &err);
    } else if (!strcmp(c, "restart")) {
        fresh = true;
        e = pf_lesson_restart(r->run, &err);
    } else if (!strcmp(c, "goto")) {
        const cJSON *ch = cJSON_GetObjectItemCaseSensitive(req, "chapter");
        fresh = true;
        e = cJSON_IsNumber(ch) ? pf_lesson_goto(r->run, ch->valueint, &err)
                               : pf_error_set(&err, PF_E_BAD_REQUEST,
                                              "\"goto\" needs \"chapter\", a number from 0");
    } else {
        e = pf_error_set(&err, PF_E_UNKNOWN_COMMAND,
                         "a lesson answers hello, room, act, meter, next, restart and goto");
    }
    if (!e) {
        if (fresh)
            listen(r);
        *push = fresh ? pf_lesson_room_sync(r) : steps_push(r);
    }
    text = answer(req, e, &err);
    cJSON_Delete(req);
    return text;
}
