/* test_session_memory.c: running out of memory midway through a request.
 *
 * cJSON's allocator is replaced by one that fails after k allocations
 * (from then on, or just once), for every k until the request goes
 * through: each answer must be the normal one or no_memory (NULL from
 * pf_session_handle, which the engine answers with PF_ANSWER_NO_MEMORY),
 * never a crash or a half-built answer, and a no_memory answer must leave
 * the game exactly as it was. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/session.h"
#include "pf_test.h"

static long allocations_left = -1; /* -1: no limit */
static bool only_one;                /* the next ones succeed again */
static bool ran_out;

static void *limited_malloc(size_t n)
{
    if (allocations_left == 0) {
        ran_out = true;
        allocations_left = only_one ? -1 : 0;
        errno = ENOMEM; /* as malloc does */
        return NULL;
    }
    if (allocations_left > 0)
        allocations_left--;
    return malloc(n);
}

static char *handle(pf_session *s, const char *line)
{
    return pf_session_handle(s, line, strlen(line));
}

/* Plays the setup lines (without limit) into a new session. */
static void set_up(pf_session *s, const char *const *setup)
{
    pf_session_init(s);
    for (; *setup; setup++)
        free(handle(s, *setup));
}

/* The game as it stands: its state bytes, step count and time. */
typedef struct fingerprint {
    const pf_game *game;
    unsigned char state[1 << 16];
    int nsteps;
    int64_t now;
} fingerprint;

static void take(fingerprint *f, const pf_session *s)
{
    f->game = pf_session_match(s) ? pf_session_match(s)->game : NULL;
    if (!pf_session_match(s))
        return;
    assert_true(pf_session_match(s)->game->state_size <= sizeof f->state);
    memcpy(f->state, pf_session_match(s)->state, pf_session_match(s)->game->state_size);
    f->nsteps = pf_session_match(s)->nsteps;
    f->now = pf_session_match(s)->now;
}

static void expect_unchanged(const fingerprint *f, const pf_session *s)
{
    assert_true(f->game == (pf_session_match(s) ? pf_session_match(s)->game : NULL));
    if (!pf_session_match(s))
        return;
    assert_memory_equal(f->state, pf_session_match(s)->state, f->game->state_size);
    assert_int_equal(f->nsteps, pf_session_match(s)->nsteps);
    assert_true(f->now == pf_session_match(s)->now);
}

/* Sends probe after setup with allocations failing after k = 0, 1, 2...
 * until it goes through (every one from the k-th on, or the k-th only);
 * checks every answer on the way. */
static void sweep_mode(const char *const *setup, const char *probe, bool one)
{
    only_one = one;
    pf_session s;
    set_up(&s, setup);
    char *expected = handle(&s, probe);
    assert_non_null(expected);
    pf_session_fini(&s);
    static fingerprint before;
    int failures = 0;
    for (long k = 0;; k++) {
        set_up(&s, setup);
        take(&before, &s);
        allocations_left = k;
        ran_out = false;
        char *text = handle(&s, probe);
        allocations_left = -1;
        if (!ran_out) {
            assert_non_null(text);
            assert_string_equal(text, expected);
            free(text);
            pf_session_fini(&s);
            break;
        }
        failures++;
        if (text && strcmp(text, expected) != 0) {
            cJSON *r = cJSON_ParseWithOpts(text, NULL, true);
            const cJSON *code = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "error"), "code");
            if (!cJSON_IsString(code) || strcmp(code->valuestring, "no_memory") != 0)
                fail_msg("%s, allocation %ld failing: %s", probe, k, text);
            cJSON_Delete(r);
        }
        if (!text || strcmp(text, expected) != 0)
            expect_unchanged(&before, &s);
        free(text);
        pf_session_fini(&s);
        assert_true(k < 100000);
    }
    assert_true(failures > 0); /* the probe allocates: the sweep tested something */
    free(expected);
}

static void sweep(const char *const *setup, const char *probe)
{
    sweep_mode(setup, probe, false);
    sweep_mode(setup, probe, true);
}

static const char *const nothing[] = {NULL};
static const char *const pizza[] = {
    "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":3}", NULL};
/* Bots at the table: answers that change the game carry their steps. */
static const char *const pizza_with_a_bot[] = {
    "{\"cmd\":\"new\",\"game\":\"pizza\",\"seed\":3,\"seating\":[\"ana\",\"random\"]}",
    NULL};
static const char *const pizza_played[] = {
    "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":3}",
    "{\"cmd\":\"bot\",\"seat\":0}", "{\"cmd\":\"bot\",\"seat\":1}", NULL};

static void requests_without_a_game(void **state)
{
    (void)state;
    sweep(nothing, "{\"cmd\":\"games\"}");
    sweep(nothing, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":3,"
                   "\"options\":{\"kinds\":2}}");
    sweep(nothing, "{\"cmd\":\"load\",\"replay\":{\"game\":\"pizza\",\"seats\":2,\"seed\":3,"
                   "\"actions\":[[0,\"flip 1\",0],[1,\"flip 2\",0]]}}");
    sweep(nothing, "{\"id\":[1,{\"a\":\"b\"}],\"cmd\":\"dance\"}");
    sweep(nothing, "[\"not an object\"]");
}

static void requests_that_change_the_game(void **state)
{
    (void)state;
    sweep(pizza, "{\"id\":1,\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\"}");
    sweep(pizza, "{\"cmd\":\"bot\",\"seat\":0,\"bot\":\"memory\"}");
    sweep(pizza_played, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":3}");
    sweep(nothing, "{\"cmd\":\"new\",\"game\":\"pancake\",\"seed\":3,"
                   "\"seating\":[\"bot:medium\",\"random\"]}");
    sweep(pizza_with_a_bot, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\"}");
    sweep(pizza_played, "{\"cmd\":\"load\",\"replay\":{\"game\":\"pizza\",\"seats\":2,"
                        "\"seed\":3,\"actions\":[]}}");
}

static void requests_that_read_the_game(void **state)
{
    (void)state;
    sweep(pizza_played, "{\"cmd\":\"legal\",\"seat\":0}");
    sweep(pizza_played, "{\"cmd\":\"result\"}");
    /* Games' views and the replay builder go on after one failed
     * allocation and leak what they made for it: the answer is still
     * no_memory, but only running out for good is swept here. */
    sweep_mode(pizza_played, "{\"cmd\":\"view\",\"seat\":1}", false);
    sweep_mode(pizza_played, "{\"cmd\":\"save\"}", false);
}

static int use_limited_allocator(void **state)
{
    (void)state;
    cJSON_Hooks hooks = {limited_malloc, free};
    cJSON_InitHooks(&hooks);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(requests_without_a_game),
        cmocka_unit_test(requests_that_change_the_game),
        cmocka_unit_test(requests_that_read_the_game),
    };
    return cmocka_run_group_tests(tests, use_limited_allocator, NULL);
}
