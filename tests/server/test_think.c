/* test_think.c: the bots' and hints' worker (src/server/think.h) and the
 * fair queue its hints wait in (src/server/fair.h), as units: the queue
 * serves its owners round robin and holds a bounded number per owner; on
 * the worker a bot's search is never behind a hint (hints held at their
 * test gate, a bot still answered), one room's many hints do not go
 * before another room's one, and a room past its quota is told it is busy.
 * Waits are on conditions (the worker's wake), never on the clock. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "partyfood/proto.h"
#include "pf_test.h"
#include "server/fair.h"
#include "server/think.h"

/* ---- the fair queue -------------------------------------------------------------------- */

typedef struct thing {
    pf_fair_item item; /* first */
    char name[4];
} thing;

static void the_queue_serves_owners_round_robin(void **state)
{
    (void)state;
    int a, b, c; /* three owners */
    pf_fair f = {0};
    const char *names[] = {"a1", "a2", "a3", "a4", "a5", "b1", "c1", "c2"};
    void *owners[] = {&a, &a, &a, &a, &a, &b, &c, &c};
    thing things[8];
    for (int i = 0; i < 8; i++) {
        snprintf(things[i].name, sizeof things[i].name, "%s", names[i]);
        assert_int_equal(pf_fair_push(&f, &things[i].item, owners[i], 8), PF_FAIR_PUT);
    }
    assert_int_equal(pf_fair_count(&f, &a), 5);
    assert_int_equal(pf_fair_count(&f, &c), 2);
    /* Five of a's came first, yet b and c each wait for one of a's only. */
    const char *want[] = {"a1", "b1", "c1", "a2", "c2", "a3", "a4", "a5"};
    for (int i = 0; i < 8; i++) {
        thing *t = (thing *)pf_fair_pop(&f);
        assert_non_null(t);
        assert_string_equal(t->name, want[i]);
    }
    assert_null(pf_fair_pop(&f));
    assert_int_equal(pf_fair_count(&f, &a), 0);
}

static void an_owner_holds_at_most_its_quota(void **state)
{
    (void)state;
    int a, b;
    pf_fair f = {0};
    thing things[4];
    assert_int_equal(pf_fair_push(&f, &things[0].item, &a, 2), PF_FAIR_PUT);
    assert_int_equal(pf_fair_push(&f, &things[1].item, &a, 2), PF_FAIR_PUT);
    assert_int_equal(pf_fair_push(&f, &things[2].item, &a, 2), PF_FAIR_FULL);
    assert_int_equal(pf_fair_push(&f, &things[3].item, &b, 2), PF_FAIR_PUT);
    assert_ptr_equal(pf_fair_pop(&f), &things[0].item);
    /* One of a's taken: a's lane has room again. */
    assert_int_equal(pf_fair_push(&f, &things[2].item, &a, 2), PF_FAIR_PUT);
    assert_ptr_equal(pf_fair_pop(&f), &things[3].item);
    assert_ptr_equal(pf_fair_pop(&f), &things[1].item);
    assert_ptr_equal(pf_fair_pop(&f), &things[2].item);
    assert_null(pf_fair_pop(&f));
}

/* ---- the worker ------------------------------------------------------------------------ */

/* What the worker handed back, in order, and the wake it signals. */
typedef struct heard {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int wakes;
    char order[64][8]; /* "bot" or the hint's tag */
    int n;
} heard;

static heard h = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, {{0}}, 0};

static void wake(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&h.mu);
    h.wakes++;
    pthread_cond_signal(&h.cv);
    pthread_mutex_unlock(&h.mu);
}

static void thought(void *owner, pf_table *t, uint64_t version)
{
    (void)owner, (void)version;
    pf_table_destroy(t);
    snprintf(h.order[h.n++], sizeof h.order[0], "bot");
}

static void answered(void *owner, void *tag, char *answer, const pf_table *t)
{
    (void)owner, (void)t;
    assert_non_null(answer);
    assert_non_null(strstr(answer, "\"ok\":true"));
    free(answer);
    snprintf(h.order[h.n++], sizeof h.order[0], "%s", (const char *)tag);
}

/* Collects until n things came back. */
static void collect_until(pf_worker *w, int n)
{
    while (h.n < n) {
        pthread_mutex_lock(&h.mu);
        while (h.wakes == 0)
            pthread_cond_wait(&h.cv, &h.mu);
        h.wakes = 0;
        pthread_mutex_unlock(&h.mu);
        pf_worker_collect(w, thought, answered);
    }
}

static pf_table *table(const char *seats)
{
    const pf_game *g = pf_test_game("pizza");
    pf_seating s;
    pf_error err;
    assert_int_equal(pf_seating_parse(&s, g, seats, &err), 0);
    pf_table *t = pf_table_create(g, &s, NULL, 7, NULL, NULL, NULL, &err);
    if (!t)
        fail_msg("%s", err.msg);
    return t;
}

/* Asks seat 0's hint over a table of its own for owner; the worker's answer. */
static pf_err ask(pf_worker *w, void *owner, const char *tag, pf_error *err)
{
    cJSON *req = cJSON_Parse("{\"cmd\":\"plan\",\"seat\":0}");
    pf_table *t = table("ana,bo");
    pf_err e = pf_worker_ask(w, owner, (void *)tag, t, pf_command_find("plan"), req, 0, err);
    if (e) { /* refused: still the caller's */
        pf_table_destroy(t);
        cJSON_Delete(req);
    }
    return e;
}

/* A worker whose hints wait at a gate: they go once the file g->gate
 * exists (in a folder of its own, the caller's to remove). */
typedef struct gated {
    char dir[32], gate[64];
} gated;

static pf_worker *gated_worker(gated *g)
{
    snprintf(g->dir, sizeof g->dir, "/tmp/pf-think-XXXXXX");
    assert_non_null(mkdtemp(g->dir));
    snprintf(g->gate, sizeof g->gate, "%s/go", g->dir);
    setenv("PF_SERVE_TEST_HINT_GATE", g->gate, 1);
    h.n = 0;
    pf_error err;
    pf_worker *w = pf_worker_start(wake, NULL, 1, &err);
    unsetenv("PF_SERVE_TEST_HINT_GATE");
    assert_non_null(w);
    return w;
}

static void a_bot_is_never_behind_a_hint(void **state)
{
    (void)state;
    gated g;
    pf_worker *w = gated_worker(&g);
    pf_error err;
    int room_a, room_b, room_c;
    /* Room a asks three hints, room b one, all held at the gate. */
    for (int i = 0; i < 3; i++)
        assert_int_equal(ask(w, &room_a, i == 0 ? "a1" : i == 1 ? "a2" : "a3", &err), PF_E_OK);
    assert_int_equal(ask(w, &room_b, "b1", &err), PF_E_OK);
    /* Room c's bot is answered meanwhile: no hint is in its way. */
    assert_int_equal(pf_worker_think(w, &room_c, table("bot:medium,ana"), 1, &err), PF_E_OK);
    collect_until(w, 1);
    assert_string_equal(h.order[0], "bot");
    assert_int_equal(pf_worker_pending(w), 4);
    /* The hints go, room b's before room a's third (in the order asked, it
     * would be last): b waits for a1, which a thread may have taken before
     * the others came, and for at most one more of a's. */
    FILE *f = fopen(g.gate, "w");
    assert_non_null(f);
    fclose(f);
    collect_until(w, 5);
    int b1 = 0, a3 = 0;
    for (int i = 1; i < 5; i++) {
        b1 = strcmp(h.order[i], "b1") == 0 ? i : b1;
        a3 = strcmp(h.order[i], "a3") == 0 ? i : a3;
    }
    assert_string_equal(h.order[1], "a1");
    assert_true(b1 > 0 && b1 < a3);
    pf_worker_free(w);
    unlink(g.gate);
    rmdir(g.dir);
}

static void a_room_past_its_quota_is_told_busy(void **state)
{
    (void)state;
    gated g;
    pf_worker *w = gated_worker(&g);
    pf_error err;
    int room_a, room_b;
    /* One more than the quota, and the one a thread took off the queue. */
    int taken = 0, busy = 0;
    for (int i = 0; i < PF_HINTS_WAITING + 2; i++) {
        pf_err e = ask(w, &room_a, "a", &err);
        if (e) {
            assert_int_equal(e, PF_E_RATE_LIMITED);
            assert_non_null(strstr(err.msg, "busy"));
            busy++;
        } else
            taken++;
    }
    assert_true(busy >= 1 && taken >= PF_HINTS_WAITING && taken <= PF_HINTS_WAITING + 1);
    /* Another room is not refused for it. */
    assert_int_equal(ask(w, &room_b, "b", &err), PF_E_OK);
    pf_worker_free(w); /* the hints held are dropped */
    rmdir(g.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_queue_serves_owners_round_robin),
        cmocka_unit_test(an_owner_holds_at_most_its_quota),
        cmocka_unit_test(a_bot_is_never_behind_a_hint),
        cmocka_unit_test(a_room_past_its_quota_is_told_busy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
