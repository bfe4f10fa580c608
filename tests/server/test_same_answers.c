/* test_same_answers.c: a room speaks the engine protocol exactly as
 * `partyfood engine` does (issue 31, "one protocol"). Random sessions of
 * every game are played side by side: each request goes to a room (with a
 * fake network and a real store: pf_fake_net.h), from the connection of a
 * seat or a spectator, and to an engine session holding the same game
 * (the same seed), and the two answers must be the same text once the
 * fields only a server has are set aside (docs/protocol.md: "t", "clock",
 * "deadline", "room", "token"). Refusals included: illegal and unknown
 * actions, another seat's turn, a spectator's act, undo where it is not
 * fair, bad fields, an act sent again with its key (answered, not played
 * again). A skill number comes from a meter in the room (C-4),
 * and the engine is given the number the room played. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/rng.h"
#include "pf_fake_net.h"
#include "pf_test.h"

#define REQUESTS 160
#define SEED 4242

static pf_fake_net net;

static int setup(void **state)
{
    (void)state;
    pf_fake_start(&net);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    pf_fake_stop(&net);
    return 0;
}

/* The answer as text without the fields only a server has. */
static char *comparable(cJSON *a)
{
    static const char *const server_only[] = {"t", "clock", "deadline", "room", "token"};
    for (size_t i = 0; i < sizeof server_only / sizeof *server_only; i++)
        cJSON_DeleteItemFromObjectCaseSensitive(a, server_only[i]);
    char *text = cJSON_PrintUnformatted(a);
    cJSON_Delete(a);
    return text;
}

/* An answer's error code, in a static buffer ("" when it is none). */
static const char *error_code(const char *text)
{
    static char code[2][32];
    static int k;
    cJSON *a = cJSON_Parse(text);
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItem(a, "error"), "code");
    k = 1 - k;
    snprintf(code[k], sizeof code[k], "%s", cJSON_IsString(c) ? c->valuestring : "");
    cJSON_Delete(a);
    return code[k];
}

/* Whether the answer is a refusal only a server makes (docs/protocol.md,
 * the codes marked "(server)"): a skill number sent as a number, a meter's
 * refusal. */
static bool server_only(const cJSON *a)
{
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItem(a, "error"), "code");
    return cJSON_IsString(code) &&
           (!strcmp(code->valuestring, "bad_action") || !strcmp(code->valuestring, "bad_meter") ||
            !strcmp(code->valuestring, "late_meter"));
}

/* The room's answer to request (with id) from m. */
static cJSON *room_answer(pf_room *r, pf_member *m, const char *request, int id)
{
    pf_fake_ask(r, m, request);
    pf_fake_think(&net); /* a hint */
    pf_fake_commit(&net);
    cJSON *a = pf_fake_answer(&net, m, id);
    if (!a)
        fail_msg("no answer to %s", request);
    return a;
}

static char *engine_answer(pf_session *s, const char *request)
{
    char *text = pf_session_handle(s, request, strlen(request));
    assert_non_null(text);
    cJSON *a = cJSON_Parse(text);
    free(text);
    return comparable(a);
}

/* A skill action's kind ("toss", "stack cup") when name ends in its
 * number, which a person's connection gets from a meter; else NULL. */
static const char *skill_kind(const char *name, char *kind, size_t n)
{
    const char *sp = strrchr(name, ' ');
    if (!sp || (strncmp(name, "toss ", 5) != 0 && strncmp(name, "stack ", 6) != 0))
        return NULL;
    snprintf(kind, n, "%.*s", (int)(sp - name), name);
    return kind;
}

/* One random request of seat (-1: the spectator) for the room's game now,
 * into req (with the id): legal, view, result, games, plan, undo, act of a
 * legal action, an illegal one, an unknown one, or a bad field; an act
 * may carry a key (one of four: the same key comes again). */
static void random_request(pf_rng *rng, const pf_room *r, int seat, int id, bool name_seat,
                           char *req, size_t n)
{
    const pf_match *m = pf_table_match(r->table);
    char seat_field[24] = "";
    if (name_seat)
        snprintf(seat_field, sizeof seat_field, ",\"seat\":%d", seat);
    pf_action legal[PF_MAX_LEGAL];
    int nlegal = seat >= 0 ? m->game->legal(m->state, seat, legal, PF_MAX_LEGAL) : 0;
    char action[96] = "nothing at all";
    switch (pf_rng_below(rng, 10)) {
    case 0:
        snprintf(req, n, "{\"cmd\":\"legal\",\"id\":%d%s}", id, seat_field);
        return;
    case 1:
        snprintf(req, n, "{\"cmd\":\"view\",\"id\":%d%s}", id, seat_field);
        return;
    case 2:
        snprintf(req, n, "{\"cmd\":\"%s\",\"id\":%d}", pf_rng_below(rng, 2) ? "result" : "games",
                 id);
        return;
    case 3:
        snprintf(req, n, "{\"cmd\":\"plan\",\"id\":%d%s,\"bot\":\"random\"}", id, seat_field);
        return;
    case 4:
        snprintf(req, n, "{\"cmd\":\"undo\",\"id\":%d%s}", id, seat_field);
        return;
    case 5:
        snprintf(req, n, "{\"cmd\":\"act\",\"id\":%d%s,\"action\":7}", id, seat_field);
        return;
    case 6: { /* an action of another seat's, or the same again: refused mostly */
        int other = (int)pf_rng_below(rng, (uint32_t)m->seats);
        pf_action theirs[PF_MAX_LEGAL];
        int k = m->game->legal(m->state, other, theirs, PF_MAX_LEGAL);
        if (k > 0)
            m->game->name(m->state, theirs[pf_rng_below(rng, (uint32_t)k)], action,
                          sizeof action);
        break;
    }
    default:
        if (nlegal > 0)
            m->game->name(m->state, legal[pf_rng_below(rng, (uint32_t)nlegal)], action,
                          sizeof action);
    }
    /* A third of the acts carry a key of four: some are sent again. */
    char key[24] = "";
    if (pf_rng_below(rng, 3) == 0)
        snprintf(key, sizeof key, ",\"key\":\"k%u\"", pf_rng_below(rng, 4));
    snprintf(req, n, "{\"cmd\":\"act\",\"id\":%d%s,\"action\":\"%s\"%s}", id, seat_field, action,
             key);
}

/* The room plays a skill action by meter, stopped e ms after its issue,
 * with the key the act was given (NULL: none). */
static cJSON *act_by_meter(pf_room *r, pf_member *m, const char *kind, const char *key, int id)
{
    char req[300], with_key[40] = "";
    if (key)
        snprintf(with_key, sizeof with_key, ",\"key\":\"%s\"", key);
    snprintf(req, sizeof req, "{\"cmd\":\"meter\",\"id\":%d}", id + 100000);
    pf_fake_ask(r, m, req);
    cJSON *meter = pf_fake_answer(&net, m, id + 100000);
    const cJSON *mo = cJSON_GetObjectItemCaseSensitive(meter, "meter");
    if (!mo) { /* no skill action now (hands busy): the act itself is refused */
        cJSON_Delete(meter);
        snprintf(req, sizeof req, "{\"cmd\":\"act\",\"id\":%d,\"action\":\"%s 0.50\"%s}", id, kind,
                 with_key);
        return room_answer(r, m, req, id);
    }
    int64_t e = 150 + (net.now % 600);
    net.now += e;
    snprintf(req, sizeof req,
             "{\"cmd\":\"act\",\"id\":%d,\"action\":\"%s\",\"meter\":{\"id\":\"%s\",\"stop_ms\":%lld}%s}",
             id, kind, cJSON_GetObjectItemCaseSensitive(mo, "id")->valuestring, (long long)e,
             with_key);
    cJSON_Delete(meter);
    return room_answer(r, m, req, id);
}

/* The engine's request for the one the room answered: the seat named, the
 * time the room played at, a skill action by the name it played. */
static void engine_request(const char *req, int seat, int64_t t, const cJSON *room_said,
                           char *out, size_t n)
{
    cJSON *o = cJSON_Parse(req);
    cJSON_DeleteItemFromObjectCaseSensitive(o, "seat");
    cJSON_DeleteItemFromObjectCaseSensitive(o, "meter");
    if (seat >= 0)
        cJSON_AddNumberToObject(o, "seat", seat);
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(o, "cmd");
    const cJSON *played = cJSON_GetObjectItemCaseSensitive(room_said, "action");
    if (!strcmp(cmd->valuestring, "act")) {
        cJSON_AddNumberToObject(o, "t", (double)t);
        if (cJSON_IsString(played) && cJSON_IsTrue(cJSON_GetObjectItem(room_said, "ok")))
            cJSON_ReplaceItemInObjectCaseSensitive(o, "action", cJSON_CreateString(played->valuestring));
    }
    char *text = cJSON_PrintUnformatted(o);
    snprintf(out, n, "%s", text);
    free(text);
    cJSON_Delete(o);
}

static void play_side_by_side(const char *game, int seats)
{
    char spec[200], code[8];
    snprintf(code, sizeof code, "SAME%.2s", game);
    const char *names[] = {"ana", "bo", "cy", "di", "ed", "flo"};
    snprintf(spec, sizeof spec, "{\"game\":\"%s\",\"seats\":[", game);
    for (int i = 0; i < seats; i++)
        strcat(spec, i ? ",\"person\"" : "\"person\"");
    strcat(spec, "],\"fixed_order\":true}");
    pf_room *r = pf_fake_room(&net, code, spec, NULL);
    r->seed = SEED; /* the engine's: the same game */
    pf_member *m[PF_MAX_SEATS + 1];
    for (int i = 0; i < seats; i++)
        pf_fake_join(r, names[i], NULL);
    for (int i = 0; i < seats; i++)
        m[i] = pf_fake_enter(r, i);
    m[seats] = pf_fake_enter(r, PF_SEAT_SPECTATOR);

    pf_session owner, watcher;
    pf_session_init(&owner);
    pf_session_init(&watcher);
    pf_session_bind(&watcher, PF_SEAT_SPECTATOR);
    char req[512], ereq[512];
    snprintf(req, sizeof req, "{\"cmd\":\"new\",\"game\":\"%s\",\"seats\":%d,\"seed\":%d}", game,
             seats, SEED);
    free(pf_session_handle(&owner, req, strlen(req)));
    assert_non_null(owner.table);

    pf_rng rng;
    pf_rng_seed(&rng, 77);
    int compared = 0, played = 0, repeats = 0;
    for (int id = 1; id <= REQUESTS && !pf_table_over(r->table, NULL); id++) {
        net.now += (int64_t)pf_rng_below(&rng, 700);
        int who = (int)pf_rng_below(&rng, (uint32_t)seats + 1), seat = who < seats ? who : -1;
        random_request(&rng, r, seat, id, seat >= 0 && pf_rng_below(&rng, 2), req, sizeof req);
        char kind[32];
        const cJSON *action = NULL;
        cJSON *o = cJSON_Parse(req);
        action = cJSON_GetObjectItemCaseSensitive(o, "action");
        const cJSON *key = cJSON_GetObjectItemCaseSensitive(o, "key");
        bool by_meter = seat >= 0 && cJSON_IsString(action) &&
                        skill_kind(action->valuestring, kind, sizeof kind);
        cJSON *said = by_meter ? act_by_meter(r, m[who], kind, key ? key->valuestring : NULL, id)
                               : room_answer(r, m[who], req, id);
        cJSON_Delete(o);
        int64_t t = pf_room_now(r); /* the time the room played at: its clock on arrival */
        if (server_only(said)) { /* C-4: a number not from a meter, a meter's refusal */
            cJSON_Delete(said);
            continue;
        }
        engine_request(req, seat, t, said, ereq, sizeof ereq);
        pf_session *s = seat >= 0 ? &owner : &watcher;
        pf_seat_names names; /* texts name the seats as the room names them for this seat */
        pf_room_names(r, seat, &names);
        s->names = &names;
        watcher.table = owner.table;
        char *engine = engine_answer(s, ereq);
        watcher.table = NULL;
        /* A refused stop's message quotes the number the meter gave, which the
         * engine was not told: the codes are compared. */
        bool refused_stop = by_meter && !cJSON_IsTrue(cJSON_GetObjectItem(said, "ok"));
        played += cJSON_IsTrue(cJSON_GetObjectItem(said, "ok")) && strstr(req, "\"act\"") != NULL;
        repeats += cJSON_IsTrue(cJSON_GetObjectItem(said, "repeat"));
        s->names = NULL;
        char *room = comparable(said);
        if (refused_stop)
            assert_string_equal(error_code(room), error_code(engine));
        else if (strcmp(room, engine) != 0)
            fail_msg("%s, request %s:\n the room said   %s\n the engine said %s", game, req, room,
                     engine);
        free(room);
        free(engine);
        compared++;
    }
    assert_true(compared > 60);
    assert_true(played > 10); /* the game moved on, refusals were not all */
    assert_true(repeats > 0);  /* an act was sent again with its key */
    pf_session_fini(&owner);
    for (int i = 0; i <= seats; i++) {
        pf_room_leave(r, m[i]);
        free(m[i]);
    }
    pf_room_destroy(r);
}

static void pizza(void **state)
{
    (void)state;
    play_side_by_side("pizza", 3);
}

static void pancake(void **state)
{
    (void)state;
    play_side_by_side("pancake", 3);
}

static void passfood(void **state)
{
    (void)state;
    play_side_by_side("passfood", 3);
}

static void pakupaku(void **state)
{
    (void)state;
    play_side_by_side("pakupaku", 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(pizza, setup, teardown),
        cmocka_unit_test_setup_teardown(pancake, setup, teardown),
        cmocka_unit_test_setup_teardown(passfood, setup, teardown),
        cmocka_unit_test_setup_teardown(pakupaku, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
