/* test_room.c: a room (src/server/room.h) driven as a unit: a fake network
 * (tests/support/pf_fake_net.c: every frame kept, the test's own clock)
 * and a real store, committer and bots' worker. Joining and the start,
 * an act told to every seat and spectator before its answer, an undo,
 * the chat and its rate, every host control, a rematch, a turn timer's
 * fallback, a meter, a commit that fails, a restore from storage, a hint's
 * mark on the move after it, hints off by default where people play
 * together. */
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "partyfood/proto.h"
#include "pf_fake_net.h"
#include "pf_test.h"
#include "server/host.h"
#include "server/rooms.h"

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

/* Runs sql on the database through a connection of its own. */
static void sql(const char *text)
{
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(net.db, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, text, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    assert_true(cJSON_IsString(v));
    return v->valuestring;
}

static int num(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    assert_true(cJSON_IsNumber(v));
    return v->valueint;
}

static bool ok(const cJSON *answer)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(answer, "ok"));
}

static const char *code_of(const cJSON *answer)
{
    return str(cJSON_GetObjectItemCaseSensitive(answer, "error"), "code");
}

/* m's answer to id: must be there; its error code, or "ok". */
static void expect(const pf_member *m, int id, const char *code)
{
    cJSON *a = pf_fake_answer(&net, m, id);
    if (!a)
        fail_msg("no answer %d", id);
    const char *got = ok(a) ? "ok" : code_of(a);
    if (strcmp(got, code) != 0) {
        char *text = cJSON_PrintUnformatted(a);
        fail_msg("answer %d: %s, not %s", id, text, code);
    }
    cJSON_Delete(a);
}

/* The first legal action of seat now whose name starts with prefix, into
 * name. */
static void legal_like(const pf_room *r, int seat, const char *prefix, char *name, size_t n)
{
    const pf_match *m = pf_table_match(r->table);
    pf_action legal[PF_MAX_LEGAL];
    int k = m->game->legal(m->state, seat, legal, PF_MAX_LEGAL);
    for (int i = 0; i < k; i++) {
        m->game->name(m->state, legal[i], name, n);
        if (strncmp(name, prefix, strlen(prefix)) == 0)
            return;
    }
    fail_msg("seat %d has no legal action %s...", seat, prefix);
}

static void first_legal(const pf_room *r, int seat, char *name, size_t n)
{
    legal_like(r, seat, "", name, n);
}

static void act(pf_room *r, pf_member *m, int id, const char *action)
{
    char req[160];
    snprintf(req, sizeof req, "{\"cmd\":\"act\",\"id\":%d,\"action\":\"%s\"}", id, action);
    pf_fake_ask(r, m, req);
}

/* Every person's seat of a two-person room taken, each with a member. */
static pf_room *two_people(const char *code, const char *game, pf_member **a, pf_member **b)
{
    char spec[160];
    snprintf(spec, sizeof spec,
             "{\"game\":\"%s\",\"seats\":[\"person\",\"person\"],\"fixed_order\":true}", game);
    pf_room *r = pf_fake_room(&net, code, spec, NULL);
    r->seed = 3; /* a fixed deal: each test plays the same game every time */
    assert_int_equal(pf_fake_join(r, "ana", NULL), 0);
    assert_int_equal(pf_fake_join(r, "bo", NULL), 1);
    assert_true(r->started);
    *a = pf_fake_enter(r, 0);
    *b = pf_fake_enter(r, 1);
    return r;
}

static void leave_all(pf_room *r, pf_member **m, int n)
{
    for (int i = 0; i < n; i++) {
        if (m[i]->room)
            pf_room_leave(r, m[i]);
        free(m[i]);
    }
    pf_room_destroy(r);
}

/* ---- joining, acting, telling ------------------------------------------------------ */

static void joins_start_the_game_and_everyone_hears_it(void **state)
{
    (void)state;
    pf_room *r = pf_fake_room(&net, "ACDEFG",
                              "{\"game\":\"pizza\",\"seats\":[\"person\",\"person\"],"
                              "\"fixed_order\":true}", NULL);
    r->seed = 3;
    char token[PF_TOKEN_HEX + 1];
    assert_int_equal(pf_fake_join(r, "ana", token), 0);
    assert_false(r->started);
    assert_int_equal(pf_room_seat_of(r, token), 0);
    pf_member *ana = pf_fake_enter(r, 0);
    cJSON *sync = pf_fake_frame_of(&net, ana, -1);
    assert_string_equal(str(sync, "push"), "sync");
    assert_false(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(sync, "started")));
    cJSON_Delete(sync);
    assert_int_equal(pf_fake_join(r, "bo", NULL), 1);
    assert_true(r->started);
    sync = pf_fake_frame_of(&net, ana, -1);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(sync, "started")));
    assert_non_null(cJSON_GetObjectItemCaseSensitive(sync, "view"));
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(sync, "to_act")), 1);
    cJSON_Delete(sync);
    /* Every place is taken: the next join is refused. */
    char spare[PF_TOKEN_HEX + 1];
    int place;
    pf_error err;
    cJSON *req = cJSON_Parse("{\"name\":\"cy\"}");
    assert_int_equal(pf_room_join(r, req, spare, &place, &err), PF_E_BAD_SEATS);
    cJSON_Delete(req);
    leave_all(r, &ana, 1);
}

/* An act waits for the commit: nobody hears of it before; then every seat
 * and spectator gets its steps push, and the actor the answer after it. */
static void an_act_is_told_once_durable_push_before_answer(void **state)
{
    (void)state;
    pf_member *m[3];
    pf_room *r = two_people("CDEFGH", "pizza", &m[0], &m[1]);
    m[2] = pf_fake_enter(r, PF_SEAT_SPECTATOR);
    char action[96];
    first_legal(r, 0, action, sizeof action);
    int before[3];
    for (int i = 0; i < 3; i++)
        before[i] = pf_fake_count(&net, m[i]);
    act(r, m[0], 7, action);
    assert_true(m[0]->held);
    for (int i = 0; i < 3; i++)
        assert_int_equal(pf_fake_count(&net, m[i]), before[i]); /* not yet durable */
    pf_fake_commit(&net);
    assert_false(m[0]->held);
    for (int i = 0; i < 3; i++)
        assert_int_equal(pf_fake_pushes(&net, m[i], "steps"), 1);
    cJSON *push = pf_fake_frame_of(&net, m[0], -2), *answer = pf_fake_frame_of(&net, m[0], -1);
    assert_string_equal(str(push, "push"), "steps");
    assert_int_equal(num(answer, "id"), 7);
    assert_true(ok(answer));
    assert_int_equal(num(answer, "step"), 0);
    assert_string_equal(str(answer, "action"), action);
    assert_int_equal(num(answer, "step_count"), 1);
    /* The push holds the step, the view after it and the seat's choices. */
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(push, "steps");
    assert_int_equal(cJSON_GetArraySize(steps), 1);
    assert_string_equal(str(cJSON_GetArrayItem(steps, 0), "action"), action);
    assert_int_equal(num(push, "step_count"), 1);
    cJSON_Delete(push);
    cJSON_Delete(answer);
    /* The spectator's: the public view and no actions. */
    push = pf_fake_frame_of(&net, m[2], -1);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(push, "legal")), 0);
    cJSON_Delete(push);
    /* A spectator may not act; another seat's act is not_your_seat. */
    act(r, m[2], 8, action);
    expect(m[2], 8, "not_your_seat");
    pf_fake_ask(r, m[0], "{\"cmd\":\"legal\",\"id\":9,\"seat\":1}");
    expect(m[0], 9, "not_your_seat");
    assert_int_equal(pf_table_match(r->table)->nsteps, 1);
    leave_all(r, m, 3);
}

/* Fair undo: a take token in Pass the Party Food comes back, and every
 * seat hears the undo. */
static void an_undo_takes_the_seat_s_own_step_back(void **state)
{
    (void)state;
    pf_member *m[2];
    pf_room *r = two_people("DEFGHJ", "passfood", &m[0], &m[1]);
    int seat = __builtin_ctz(pf_table_match(r->table)->game->to_act(pf_table_match(r->table)->state));
    char take[96];
    legal_like(r, seat, "take ", take, sizeof take);
    act(r, m[seat], 1, take);
    pf_fake_commit(&net);
    expect(m[seat], 1, "ok");
    assert_int_equal(pf_table_match(r->table)->nsteps, 1);
    pf_fake_ask(r, m[seat], "{\"cmd\":\"undo\",\"id\":2}");
    pf_fake_commit(&net);
    expect(m[seat], 2, "ok");
    assert_int_equal(pf_table_match(r->table)->nsteps, 0);
    cJSON *push = pf_fake_frame_of(&net, m[1 - seat], -1);
    const cJSON *step = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(push, "steps"), 0);
    assert_int_equal(num(step, "undo"), 0);
    cJSON_Delete(push);
    /* Nothing left to take back. */
    pf_fake_ask(r, m[seat], "{\"cmd\":\"undo\",\"id\":3}");
    expect(m[seat], 3, "illegal_action");
    leave_all(r, m, 2);
}

/* ---- the chat ------------------------------------------------------------------------ */

static void the_chat_reaches_everyone_at_its_rate(void **state)
{
    (void)state;
    pf_member *m[3];
    pf_room *r = two_people("EFGHJK", "pizza", &m[0], &m[1]);
    m[2] = pf_fake_enter(r, PF_SEAT_SPECTATOR);
    pf_fake_ask(r, m[0], "{\"cmd\":\"chat\",\"id\":1,\"text\":\"  hi  \"}");
    expect(m[0], 1, "ok");
    for (int i = 0; i < 3; i++) {
        cJSON *c = pf_fake_frame_of(&net, m[i], i == 0 ? -2 : -1);
        assert_string_equal(str(c, "push"), "chat");
        assert_string_equal(str(c, "text"), "hi");
        assert_string_equal(str(c, "name"), "ana");
        cJSON_Delete(c);
    }
    pf_fake_ask(r, m[2], "{\"cmd\":\"chat\",\"id\":2,\"text\":\"hi\"}");
    expect(m[2], 2, "not_your_seat");
    pf_fake_ask(r, m[1], "{\"cmd\":\"chat\",\"id\":3,\"text\":\"a\\nb\"}");
    expect(m[1], 3, "bad_request");
    /* Five at once, then one every two seconds of the clock. */
    for (int i = 0; i < 4; i++) {
        pf_fake_ask(r, m[0], "{\"cmd\":\"chat\",\"id\":4,\"text\":\"again\"}");
        expect(m[0], 4, "ok");
    }
    pf_fake_ask(r, m[0], "{\"cmd\":\"chat\",\"id\":5,\"text\":\"too many\"}");
    expect(m[0], 5, "rate_limited");
    net.now += 2000;
    pf_fake_ask(r, m[0], "{\"cmd\":\"chat\",\"id\":6,\"text\":\"later\"}");
    expect(m[0], 6, "ok");
    /* A sync carries the messages kept. */
    pf_member *late = pf_fake_enter(r, PF_SEAT_SPECTATOR);
    cJSON *sync = pf_fake_frame_of(&net, late, -1);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(sync, "chat")), 6);
    cJSON_Delete(sync);
    pf_member *all[] = {m[0], m[1], m[2], late};
    leave_all(r, all, 4);
}

/* ---- the host ------------------------------------------------------------------------- */

/* A room read back from storage (pf_store_room_get's callback). */
static void restored(void *arg, const pf_store_room *rec)
{
    pf_error err;
    *(pf_room **)arg = pf_room_restore(&net.env, rec, &err);
    if (!*(pf_room **)arg)
        fail_msg("%s", err.msg);
}

static unsigned host(pf_room *r, const char *token, const char *what, char **text)
{
    char req[200];
    unsigned status;
    snprintf(req, sizeof req, "{\"host_token\":\"%s\",%s}", token, what);
    cJSON *o = cJSON_Parse(req);
    *text = pf_host_request(r, o, &status);
    cJSON_Delete(o);
    return status;
}

static void every_host_control(void **state)
{
    (void)state;
    char token[PF_TOKEN_HEX + 1], *text;
    pf_room *r = pf_fake_room(&net, "FGHJKM",
                              "{\"game\":\"pizza\",\"seats\":[\"person\",\"person\",\"person\"],"
                              "\"fixed_order\":true}", token);
    assert_int_equal(host(r, "00000000000000000000000000000000", "\"do\":\"lock\"", &text), 403);
    free(text);
    assert_int_equal(host(r, token, "\"do\":\"lock\"", &text), 200);
    free(text);
    char spare[PF_TOKEN_HEX + 1];
    int place;
    pf_error err;
    cJSON *req = cJSON_Parse("{\"name\":\"ana\"}");
    assert_int_equal(pf_room_join(r, req, spare, &place, &err), PF_E_BAD_SEATS);
    assert_int_equal(host(r, token, "\"do\":\"unlock\"", &text), 200);
    free(text);
    assert_int_equal(pf_room_join(r, req, spare, &place, &err), PF_E_OK);
    cJSON_Delete(req);
    pf_fake_join(r, "bo", NULL);
    pf_fake_join(r, "cy", NULL);
    pf_member *m[3] = {pf_fake_enter(r, 0), pf_fake_enter(r, 1), pf_fake_enter(r, 2)};
    /* The chat off and on. */
    assert_int_equal(host(r, token, "\"do\":\"chat_off\"", &text), 200);
    free(text);
    pf_fake_ask(r, m[1], "{\"cmd\":\"chat\",\"id\":1,\"text\":\"hi\"}");
    expect(m[1], 1, "chat_off");
    assert_int_equal(host(r, token, "\"do\":\"chat_on\"", &text), 200);
    free(text);
    pf_fake_ask(r, m[1], "{\"cmd\":\"chat\",\"id\":2,\"text\":\"hi\"}");
    expect(m[1], 2, "ok");
    /* Remove: the person's connection is closed with 4001, the token holds nothing. */
    assert_int_equal(host(r, token, "\"do\":\"remove\",\"seat\":0", &text), 200);
    free(text);
    assert_int_equal(net.nclosed, 1);
    assert_ptr_equal(net.closed[0], m[0]);
    assert_int_equal(net.closed_code[0], PF_CLOSE_REMOVED);
    assert_int_equal(pf_room_seat_of(r, spare), -2);
    assert_false(r->place[0].taken);
    /* A bot for the seat nobody holds now; not for a connected person. */
    assert_int_equal(host(r, token, "\"do\":\"bot\",\"seat\":1,\"level\":\"random\"", &text), 400);
    free(text);
    assert_int_equal(host(r, token, "\"do\":\"bot\",\"seat\":0,\"level\":\"nobody\"", &text), 400);
    free(text);
    assert_int_equal(host(r, token, "\"do\":\"bot\",\"seat\":0,\"level\":\"random\"", &text), 200);
    free(text);
    assert_non_null(r->place[0].bot);
    assert_int_equal(host(r, token, "\"do\":\"lock\"", &text), 200);
    free(text);
    leave_all(r, m, 3);
    /* The settings are stored: read back, the room is locked, its bot in
     * place, and the host's token still works. */
    pf_room *back = NULL;
    pf_error e2;
    assert_int_equal(pf_store_room_get(net.store, "FGHJKM", restored, &back, &e2), PF_E_OK);
    assert_true(back->locked && back->chat_on);
    assert_non_null(back->place[0].bot);
    assert_int_equal(host(back, token, "\"do\":\"unlock\"", &text), 200);
    free(text);
    pf_room_destroy(back);
}

/* ---- a rematch ------------------------------------------------------------------------- */

/* Plays the first legal action of whoever acts until the game is over. */
static void play_out(pf_room *r, pf_member **m)
{
    for (int id = 100; !pf_table_over(r->table, NULL); id++) {
        const pf_match *mt = pf_table_match(r->table);
        int seat = __builtin_ctz(mt->game->to_act(mt->state));
        char action[96];
        first_legal(r, seat, action, sizeof action);
        act(r, m[seat], id, action);
        pf_fake_commit(&net);
        expect(m[seat], id, "ok");
    }
}

static void a_rematch_seats_everyone_again(void **state)
{
    (void)state;
    pf_member *m[3];
    pf_room *r = two_people("GHJKMN", "pizza", &m[0], &m[1]);
    m[2] = pf_fake_enter(r, PF_SEAT_SPECTATOR);
    pf_fake_ask(r, m[0], "{\"cmd\":\"rematch\",\"id\":1}");
    expect(m[0], 1, "bad_request"); /* the game is on */
    play_out(r, m);
    pf_fake_ask(r, m[2], "{\"cmd\":\"rematch\",\"id\":2}");
    expect(m[2], 2, "not_your_seat");
    pf_fake_ask(r, m[0], "{\"cmd\":\"rematch\",\"id\":3}");
    expect(m[0], 3, "ok");
    assert_int_equal(net.nadopted, 1);
    pf_room *nr = net.adopted[0];
    assert_true(nr->started);
    for (int i = 0; i < 3; i++)
        assert_int_equal(pf_fake_pushes(&net, m[i], "rematch"), 1);
    cJSON *push = pf_fake_frame_of(&net, m[1], -1);
    assert_string_equal(str(push, "room"), nr->code);
    int seat = pf_room_seat_of(nr, str(push, "token"));
    assert_true(seat >= 0 && !strcmp(nr->place[seat].name, "bo"));
    cJSON_Delete(push);
    push = pf_fake_frame_of(&net, m[2], -1);
    assert_null(cJSON_GetObjectItemCaseSensitive(push, "token"));
    cJSON_Delete(push);
    leave_all(r, m, 3);
}

/* ---- the clock: a turn timer, a meter --------------------------------------------------- */

/* A person who lets the turn timer run out is played for by the fallback
 * bot, searched on the worker; everyone sees by_bot. */
static void a_turn_timer_s_fallback_plays(void **state)
{
    (void)state;
    pf_room *r = pf_fake_room(&net, "HJKMNP",
                              "{\"game\":\"pizza\",\"seats\":[\"person\",\"person\"],"
                              "\"fixed_order\":true,\"turn_seconds\":5}", NULL);
    r->seed = 3;
    pf_fake_join(r, "ana", NULL);
    pf_fake_join(r, "bo", NULL);
    pf_member *m[2] = {pf_fake_enter(r, 0), pf_fake_enter(r, 1)};
    assert_int_equal(net.wake_ms, 5000); /* the deadline, 5 s of the clock */
    net.now += 5000;
    pf_room_tick(r);
    pf_fake_think(&net);
    pf_fake_commit(&net);
    assert_int_equal(pf_table_match(r->table)->nsteps, 1);
    cJSON *push = pf_fake_frame_of(&net, m[1], -1);
    const cJSON *step = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(push, "steps"), 0);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(step, "by_bot")));
    assert_int_equal(num(step, "seat"), 0);
    cJSON_Delete(push);
    leave_all(r, m, 2);
}

/* Asks member m for a meter (request id meter_id), lets wait_ms pass and
 * tosses by it stopped at stop_ms (request id meter_id + 1). */
static void toss_by_meter(pf_room *r, pf_member *m, int meter_id, int wait_ms, int stop_ms)
{
    char req[200];
    snprintf(req, sizeof req, "{\"cmd\":\"meter\",\"id\":%d}", meter_id);
    pf_fake_ask(r, m, req);
    cJSON *a = pf_fake_answer(&net, m, meter_id);
    const cJSON *meter = cJSON_GetObjectItemCaseSensitive(a, "meter");
    net.now += wait_ms;
    snprintf(req, sizeof req,
             "{\"cmd\":\"act\",\"id\":%d,\"action\":\"toss\",\"meter\":{\"id\":\"%s\",\"stop_ms\":%d}}",
             meter_id + 1, str(meter, "id"), stop_ms);
    pf_fake_ask(r, m, req);
    cJSON_Delete(a);
}

/* A toss by meter (C-4): the value is read off the meter at the stop. */
static void a_meter_s_stop_is_the_toss(void **state)
{
    (void)state;
    pf_member *m[2];
    pf_room *r = two_people("JKMNPQ", "pancake", &m[0], &m[1]);
    int chef = -1;
    for (int seat = 0; seat < 2 && chef < 0; seat++) {
        pf_fake_ask(r, m[seat], "{\"cmd\":\"meter\",\"id\":1}");
        cJSON *a = pf_fake_answer(&net, m[seat], 1);
        if (ok(a))
            chef = seat;
        cJSON_Delete(a);
    }
    assert_true(chef >= 0);
    cJSON *a = pf_fake_answer(&net, m[chef], 1);
    const cJSON *meter = cJSON_GetObjectItemCaseSensitive(a, "meter");
    char req[200];
    /* Faster than a person: refused, and the meter is used up. */
    net.now += 50;
    snprintf(req, sizeof req,
             "{\"cmd\":\"act\",\"id\":2,\"action\":\"toss\",\"meter\":{\"id\":\"%s\",\"stop_ms\":50}}",
             str(meter, "id"));
    pf_fake_ask(r, m[chef], req);
    expect(m[chef], 2, "bad_meter");
    cJSON_Delete(a);
    /* Stopped at 150 ms but arriving 900 ms after the issue: past the lag
     * cap, a code of its own (a client starts a new meter). */
    toss_by_meter(r, m[chef], 5, 900, 150);
    expect(m[chef], 6, "late_meter");
    /* Stopped at a quarter of the period: the triangle's 0.50. */
    toss_by_meter(r, m[chef], 3, 600, 600);
    pf_fake_commit(&net);
    a = pf_fake_answer(&net, m[chef], 4);
    assert_true(ok(a));
    assert_string_equal(str(a, "action"), "toss 0.50");
    cJSON_Delete(a);
    assert_int_equal(pf_table_match(r->table)->nsteps, 1);
    leave_all(r, m, 2);
}

/* ---- storage ---------------------------------------------------------------------------- */

/* A commit that fails (a trigger planted in the database) answers io,
 * tells nobody, and leaves the room as it was; once the database works,
 * play goes on. */
static void a_failing_commit_changes_nothing(void **state)
{
    (void)state;
    pf_member *m[2];
    pf_room *r = two_people("KMNPQR", "pizza", &m[0], &m[1]);
    char action[96];
    first_legal(r, 0, action, sizeof action);
    int pushes = pf_fake_pushes(&net, m[1], "steps");
    sql("CREATE TRIGGER planted BEFORE INSERT ON steps BEGIN SELECT RAISE(ABORT, 'planted'); END;");
    act(r, m[0], 1, action);
    pf_fake_commit(&net);
    expect(m[0], 1, "io");
    assert_int_equal(pf_fake_pushes(&net, m[1], "steps"), pushes);
    assert_int_equal(pf_table_match(r->table)->nsteps, 0);
    assert_null(r->ahead);
    sql("DROP TRIGGER planted;");
    act(r, m[0], 2, action);
    pf_fake_commit(&net);
    expect(m[0], 2, "ok");
    assert_int_equal(pf_table_match(r->table)->nsteps, 1);
    leave_all(r, m, 2);
}

static char *public_view(const pf_room *r)
{
    cJSON *v = pf_state_view(r->g, pf_table_match(r->table)->state, PF_SEAT_SPECTATOR);
    char *text = cJSON_PrintUnformatted(v);
    cJSON_Delete(v);
    return text;
}

/* A room read back from storage plays on where it was, its chat with it. */
static void a_room_comes_back_from_storage(void **state)
{
    (void)state;
    pf_member *m[2];
    pf_room *r = two_people("MNPQRT", "pizza", &m[0], &m[1]);
    for (int id = 1; id <= 3; id++) {
        const pf_match *mt = pf_table_match(r->table);
        int seat = __builtin_ctz(mt->game->to_act(mt->state));
        char action[96];
        first_legal(r, seat, action, sizeof action);
        act(r, m[seat], id, action);
        pf_fake_commit(&net);
    }
    pf_fake_ask(r, m[0], "{\"cmd\":\"chat\",\"id\":9,\"text\":\"kept\"}");
    char *view = public_view(r);
    leave_all(r, m, 2);
    pf_room *back = NULL;
    pf_error err;
    assert_int_equal(pf_store_room_get(net.store, "MNPQRT", restored, &back, &err), PF_E_OK);
    assert_non_null(back);
    assert_int_equal(pf_table_match(back->table)->nsteps, 3);
    char *again = public_view(back);
    assert_string_equal(view, again);
    assert_int_equal(back->chat_n, 1);
    assert_string_equal(back->chat[0].text, "kept");
    free(view);
    free(again);
    pf_room_destroy(back);
}

/* ---- hints ------------------------------------------------------------------------------ */

/* Whether the last steps push m heard marks its step as made with a hint. */
static bool last_step_hinted(const pf_member *m)
{
    cJSON *push = pf_fake_frame_of(&net, m, -1);
    assert_string_equal(str(push, "push"), "steps");
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(push, "steps");
    const cJSON *last = cJSON_GetArrayItem(steps, cJSON_GetArraySize(steps) - 1);
    bool hinted = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(last, "hint"));
    cJSON_Delete(push);
    return hinted;
}

/* A hint worked out on the worker's copy marks the asker's next move in
 * the room's own game: its step says so to everyone, and the mark is
 * stored with it (a restored room's replay keeps it). A hint refused
 * (no memory aid in a memory game) marks nothing; a plain plan marks the
 * move as a hint does. The host may turn hints
 * off and on (stored with the room); this room has them on from the start
 * ("hints": true). */
static void a_hint_marks_the_next_move_and_is_kept(void **state)
{
    (void)state;
    pf_member *m[2];
    char token[PF_TOKEN_HEX + 1], *text;
    pf_room *r = pf_fake_room(&net, "HNTHNT",
                              "{\"game\":\"pizza\",\"seats\":[\"person\",\"person\"],"
                              "\"fixed_order\":true,\"memory_aid\":true,\"hints\":true}",
                              token);
    r->seed = 3;
    assert_int_equal(pf_fake_join(r, "ana", NULL), 0);
    assert_int_equal(pf_fake_join(r, "bo", NULL), 1);
    m[0] = pf_fake_enter(r, 0);
    m[1] = pf_fake_enter(r, 1);
    pf_fake_ask(r, m[0], "{\"cmd\":\"plan\",\"id\":1,\"hint\":true}");
    pf_fake_think(&net);
    cJSON *hint = pf_fake_answer(&net, m[0], 1);
    assert_non_null(hint);
    assert_true(ok(hint));
    char action[96];
    snprintf(action, sizeof action, "%s", str(hint, "action"));
    cJSON_Delete(hint);
    act(r, m[0], 2, action);
    pf_fake_commit(&net);
    expect(m[0], 2, "ok");
    assert_true(last_step_hinted(m[1]));
    first_legal(r, 1, action, sizeof action);
    act(r, m[1], 3, action);
    pf_fake_commit(&net);
    assert_false(last_step_hinted(m[0]));
    /* The host's switch: off, a hint is refused saying so; on, given. */
    const pf_match *now = pf_table_match(r->table);
    pf_member *next = m[__builtin_ctz(now->game->to_act(now->state))];
    assert_int_equal(host(r, token, "\"do\":\"hints_off\"", &text), 200);
    free(text);
    pf_fake_ask(r, next, "{\"cmd\":\"plan\",\"id\":4,\"hint\":true}");
    pf_fake_think(&net);
    expect(next, 4, "no_hint");
    assert_int_equal(host(r, token, "\"do\":\"hints_on\"", &text), 200);
    free(text);
    pf_fake_ask(r, next, "{\"cmd\":\"plan\",\"id\":5,\"hint\":true}");
    pf_fake_think(&net);
    expect(next, 5, "ok");
    assert_int_equal(host(r, token, "\"do\":\"hints_off\"", &text), 200);
    free(text);
    leave_all(r, m, 2);

    pf_room *back = NULL;
    pf_error err;
    assert_int_equal(pf_store_room_get(net.store, "HNTHNT", restored, &back, &err), PF_E_OK);
    assert_non_null(back);
    assert_int_equal(pf_room_load(back, &err), PF_E_OK);
    const pf_match *mt = pf_table_match(back->table);
    assert_int_equal(mt->nsteps, 2);
    assert_true(mt->steps[0].hint);
    assert_false(mt->steps[1].hint);
    assert_false(back->hints_on);
    pf_room_destroy(back);

    /* Without the memory aid a hint is refused, and the move is not marked. */
    r = two_people("NHNHNH", "pizza", &m[0], &m[1]);
    pf_fake_ask(r, m[0], "{\"cmd\":\"plan\",\"id\":1,\"hint\":true}");
    pf_fake_think(&net);
    expect(m[0], 1, "no_hint");
    first_legal(r, 0, action, sizeof action);
    act(r, m[0], 2, action);
    pf_fake_commit(&net);
    assert_false(last_step_hinted(m[1]));
    /* A plain plan (a bot's move, hints off) is answered, but it is help
     * too: the move after it is marked, so the host's switch is not dodged. */
    pf_fake_ask(r, m[1], "{\"cmd\":\"plan\",\"id\":3,\"bot\":\"expert\"}");
    pf_fake_think(&net);
    cJSON *plan = pf_fake_answer(&net, m[1], 3);
    assert_non_null(plan);
    assert_true(ok(plan));
    snprintf(action, sizeof action, "%s", str(plan, "action"));
    cJSON_Delete(plan);
    act(r, m[1], 4, action);
    pf_fake_commit(&net);
    assert_true(last_step_hinted(m[0]));
    leave_all(r, m, 2);
}

/* An act's key is stored with its step: a room read back from storage (a
 * restart, a take-over) answers the act sent again with its first answer
 * and plays nothing; an undo takes the key back with its step. */
static void a_keyed_act_is_not_played_twice_after_a_restart(void **state)
{
    (void)state;
    pf_member *m[2];
    pf_room *r = two_people("KEYKEY", "pizza", &m[0], &m[1]);
    const pf_match *now = pf_table_match(r->table);
    int seat = __builtin_ctz(now->game->to_act(now->state));
    char action[96], req[200];
    first_legal(r, seat, action, sizeof action);
    snprintf(req, sizeof req, "{\"cmd\":\"act\",\"id\":1,\"action\":\"%s\",\"key\":\"k-1\"}",
             action);
    pf_fake_ask(r, m[seat], req);
    pf_fake_commit(&net);
    cJSON *first = pf_fake_answer(&net, m[seat], 1);
    assert_non_null(first);
    assert_true(ok(first));
    int step = num(first, "step");
    cJSON_Delete(first);
    int steps = pf_table_match(r->table)->nsteps;
    leave_all(r, m, 2);

    pf_room *back = NULL;
    pf_error err;
    assert_int_equal(pf_store_room_get(net.store, "KEYKEY", restored, &back, &err), PF_E_OK);
    assert_non_null(back);
    assert_int_equal(pf_room_load(back, &err), PF_E_OK);
    assert_int_equal(pf_table_match(back->table)->nsteps, steps);
    pf_member *again = pf_fake_enter(back, seat);
    snprintf(req, sizeof req, "{\"cmd\":\"act\",\"id\":1,\"action\":\"%s\",\"key\":\"k-1\"}",
             action);
    pf_fake_ask(back, again, req);
    pf_fake_commit(&net);
    cJSON *repeat = pf_fake_answer(&net, again, 1);
    assert_non_null(repeat);
    assert_true(ok(repeat));
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(repeat, "repeat")));
    assert_int_equal(num(repeat, "step"), step);
    cJSON_Delete(repeat);
    assert_int_equal(pf_table_match(back->table)->nsteps, steps);
    pf_room_leave(back, again);
    free(again);
    pf_room_destroy(back);
}

/* Whether the room's public state says hints are on. */
static bool public_hints_on(pf_room *r)
{
    pf_jw w;
    pf_jw_init(&w, 0);
    assert_true(pf_room_write_public(r, &w, true, NULL));
    char *text = pf_jw_take(&w);
    cJSON *pub = cJSON_Parse(text);
    free(text);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(pub, "hints_on");
    assert_true(cJSON_IsBool(v));
    bool on = cJSON_IsTrue(v);
    cJSON_Delete(pub);
    return on;
}

/* Where two or more people play, hints are off unless the host turns them
 * on (issue 30): a hint asked for is refused until then. A person alone
 * with bots has them as before. "hints" at creation sets either way, and
 * anything but true or false is refused. */
static void hints_are_off_where_people_play_together(void **state)
{
    (void)state;
    pf_member *m[2];
    char token[PF_TOKEN_HEX + 1], *text;
    pf_room *r = pf_fake_room(&net, "HQHQHQ",
                              "{\"game\":\"passfood\",\"seats\":[\"person\",\"person\"],"
                              "\"fixed_order\":true}",
                              token);
    assert_false(public_hints_on(r));
    assert_int_equal(pf_fake_join(r, "ana", NULL), 0);
    assert_int_equal(pf_fake_join(r, "bo", NULL), 1);
    m[0] = pf_fake_enter(r, 0);
    m[1] = pf_fake_enter(r, 1);
    const pf_match *now = pf_table_match(r->table);
    pf_member *next = m[__builtin_ctz(now->game->to_act(now->state))];
    pf_fake_ask(r, next, "{\"cmd\":\"plan\",\"id\":1,\"hint\":true}");
    pf_fake_think(&net);
    expect(next, 1, "no_hint");
    assert_int_equal(host(r, token, "\"do\":\"hints_on\"", &text), 200);
    free(text);
    assert_true(public_hints_on(r));
    pf_fake_ask(r, next, "{\"cmd\":\"plan\",\"id\":2,\"hint\":true}");
    pf_fake_think(&net);
    expect(next, 2, "ok");
    leave_all(r, m, 2);

    /* One person with bots: on by default; "hints":false turns them off. */
    r = pf_fake_room(&net, "HRHRHR",
                     "{\"game\":\"passfood\",\"seats\":[\"person\",\"bot:easy\",\"bot:medium\"]}",
                     NULL);
    assert_true(public_hints_on(r));
    pf_room_destroy(r);
    r = pf_fake_room(&net, "HTHTHT",
                     "{\"game\":\"passfood\",\"seats\":[\"person\",\"bot:easy\"],\"hints\":false}",
                     NULL);
    assert_false(r->hints_on);
    pf_room_destroy(r);
    r = pf_fake_room(&net, "HUHUHU",
                     "{\"game\":\"passfood\",\"seats\":[\"person\",\"person\"],\"hints\":true}",
                     NULL);
    assert_true(r->hints_on);
    pf_room_destroy(r);

    pf_room_keys keys;
    pf_error err;
    cJSON *bad = cJSON_Parse("{\"game\":\"passfood\",\"seats\":[\"person\",\"person\"],"
                             "\"hints\":\"yes\"}");
    assert_null(pf_room_create(&net.env, "HVHVHV", bad, &keys, &err));
    assert_int_equal(err.code, PF_E_BAD_REQUEST);
    cJSON_Delete(bad);

    /* Stored before the switch (no hints_on among the settings): read as a
     * new room of its seats; stored on, on as it was. */
    r = pf_fake_room(&net, "HWHWHW",
                     "{\"game\":\"passfood\",\"seats\":[\"person\",\"person\"],\"hints\":true}",
                     NULL);
    pf_room_destroy(r);
    pf_room *back = NULL;
    assert_int_equal(pf_store_room_get(net.store, "HWHWHW", restored, &back, &err), PF_E_OK);
    assert_true(back->hints_on);
    pf_room_destroy(back);
    sql("UPDATE rooms SET settings = json_remove(settings, '$.hints_on') WHERE code = 'HWHWHW'");
    back = NULL;
    assert_int_equal(pf_store_room_get(net.store, "HWHWHW", restored, &back, &err), PF_E_OK);
    assert_false(back->hints_on);
    pf_room_destroy(back);
}

/* ---- a start that fails -------------------------------------------------------------------- */

/* When the game cannot start as the last place is taken (a trigger planted
 * in the database refuses the start), the joiner gets the error and the
 * place is free again; before, the place stayed taken, the room never
 * started and refused everyone for good. */
static void a_start_that_fails_gives_the_place_back(void **state)
{
    (void)state;
    pf_room *r = pf_fake_room(&net, "NPQRTU",
                              "{\"game\":\"pancake\",\"seats\":[\"person\",\"person\"]}", NULL);
    assert_int_equal(pf_fake_join(r, "ana", NULL), 0);
    sql("CREATE TRIGGER planted BEFORE INSERT ON rooms WHEN NEW.started = 1"
        " BEGIN SELECT RAISE(ABORT, 'planted failure'); END;");
    char token[PF_TOKEN_HEX + 1];
    int place;
    pf_error err;
    cJSON *req = cJSON_Parse("{\"name\":\"bo\"}");
    assert_int_equal(pf_room_join(r, req, token, &place, &err), PF_E_IO);
    assert_non_null(strstr(err.msg, "planted failure"));
    assert_false(r->started);
    assert_false(r->place[1].taken);
    sql("DROP TRIGGER planted;");
    assert_int_equal(pf_room_join(r, req, token, &place, &err), PF_E_OK);
    cJSON_Delete(req);
    assert_int_equal(place, 1);
    assert_true(r->started);
    pf_room_destroy(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(joins_start_the_game_and_everyone_hears_it, setup, teardown),
        cmocka_unit_test_setup_teardown(an_act_is_told_once_durable_push_before_answer, setup, teardown),
        cmocka_unit_test_setup_teardown(an_undo_takes_the_seat_s_own_step_back, setup, teardown),
        cmocka_unit_test_setup_teardown(the_chat_reaches_everyone_at_its_rate, setup, teardown),
        cmocka_unit_test_setup_teardown(every_host_control, setup, teardown),
        cmocka_unit_test_setup_teardown(a_rematch_seats_everyone_again, setup, teardown),
        cmocka_unit_test_setup_teardown(a_turn_timer_s_fallback_plays, setup, teardown),
        cmocka_unit_test_setup_teardown(a_meter_s_stop_is_the_toss, setup, teardown),
        cmocka_unit_test_setup_teardown(a_failing_commit_changes_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(a_room_comes_back_from_storage, setup, teardown),
        cmocka_unit_test_setup_teardown(a_hint_marks_the_next_move_and_is_kept, setup, teardown),
        cmocka_unit_test_setup_teardown(a_keyed_act_is_not_played_twice_after_a_restart, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(hints_are_off_where_people_play_together, setup, teardown),
        cmocka_unit_test_setup_teardown(a_start_that_fails_gives_the_place_back, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
