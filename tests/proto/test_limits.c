/* test_limits.c: the protocol's limits (docs/protocol.md, "Limits").
 *
 * Requests have a maximum size, hold exactly one JSON object of valid
 * UTF-8, and every field has one type and one range: anything else is
 * refused with a clear error, never guessed at, and every answer is valid
 * UTF-8 JSON text. Times stay in 0..PF_TIME_MAX_MS, so bots adding their
 * delays never overflow. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/parse.h"
#include "partyfood/session.h"
#include "partyfood/table.h"
#include "pf_test.h"


static const char *error_code(const cJSON *r)
{
    const cJSON *c = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "error"), "code");
    return cJSON_IsString(c) ? c->valuestring : "(none: ok)";
}

static const char *error_message(const cJSON *r)
{
    return cJSON_GetObjectItem(cJSON_GetObjectItem(r, "error"), "message")->valuestring;
}

/* Expects the answer's code ("ok" for success). */
static void expect(pf_session *s, const char *line, const char *code)
{
    cJSON *r = pf_test_ask(s, line);
    const char *got = cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")) ? "ok" : error_code(r);
    if (strcmp(got, code) != 0)
        fail_msg("%s: expected %s, got %s", line, code, got);
    cJSON_Delete(r);
}

static void new_pizza(pf_session *s)
{
    expect(s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":3}", "ok");
}

/* A "games" request padded with spaces to exactly len bytes. */
static char *padded_request(size_t len)
{
    const char *req = "{\"cmd\":\"games\"}";
    char *line = malloc(len + 1);
    memset(line, ' ', len);
    memcpy(line, req, strlen(req));
    line[len] = '\0';
    return line;
}

static void a_request_longer_than_the_limit_is_too_large(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    char *line = padded_request(PF_REQUEST_MAX_BYTES);
    expect(&s, line, "ok"); /* at the limit: answered */
    free(line);
    line = padded_request(PF_REQUEST_MAX_BYTES + 1);
    cJSON *r = pf_test_ask(&s, line);
    assert_string_equal(error_code(r), "too_large");
    assert_non_null(strstr(error_message(r), "65536"));
    cJSON_Delete(r);
    free(line);
    expect(&s, "{\"cmd\":\"games\"}", "ok");
    pf_session_fini(&s);
}

static void one_json_object_per_line(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    new_pizza(&s);
    /* Two requests on one line used to get one answer: a client waiting
     * for the second hung. */
    expect(&s, "{\"cmd\":\"result\"}{\"cmd\":\"result\"}", "bad_json");
    expect(&s, "{\"cmd\":\"result\"} {\"cmd\":\"result\"}", "bad_json");
    expect(&s, "{\"cmd\":\"result\"} x", "bad_json");
    expect(&s, "{\"cmd\":\"result\"}\t ", "ok");
    cJSON *r = pf_test_ask(&s, "{\"id\":5,\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\"}"
                       "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 2\"}");
    assert_string_equal(error_code(r), "bad_json");
    assert_non_null(strstr(error_message(r), "one request per line"));
    assert_int_equal(cJSON_GetObjectItem(r, "id")->valueint, 5);
    cJSON_Delete(r);
    assert_int_equal(pf_session_match(&s)->nsteps, 0); /* neither was played */
    pf_session_fini(&s);
}

static void invalid_utf8_is_refused_and_never_echoed(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    static const char *const lines[] = {
        "{\"cmd\":\"new\",\"game\":\"\xff\"}",           /* not UTF-8 at all */
        "{\"cmd\":\"new\",\"game\":\"\xc0\xaf\"}",       /* overlong '/' */
        "{\"cmd\":\"new\",\"game\":\"\xed\xa0\x80\"}",   /* a surrogate */
        "{\"cmd\":\"new\",\"game\":\"pizza\xe2\x82\"}",  /* cut short */
        "not json \xfe",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        cJSON *r = pf_test_ask(&s, lines[i]);
        assert_string_equal(error_code(r), "bad_json");
        assert_non_null(strstr(error_message(r), "UTF-8"));
        cJSON_Delete(r);
    }
    /* A NUL byte inside the line hides what follows from C string code. */
    static const char nul[] = "{\"cmd\":\"games\"}\0{\"cmd\":\"games\"}";
    cJSON *r = pf_test_ask_n(&s, nul, sizeof nul - 1);
    assert_string_equal(error_code(r), "bad_json");
    cJSON_Delete(r);
    pf_session_fini(&s);
}

/* Client text quoted in a message is cut without splitting a character:
 * each line puts a two-byte 'é' across the cut. */
static void quoted_text_is_cut_between_characters(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    char a59[60], line[300];
    memset(a59, 'a', 59);
    a59[59] = '\0';
    static const struct {
        const char *fmt, *code;
    } rows[] = {
        {"%.39s\xc3\xa9 is not json", "bad_json"},
        {"{\"cmd\":\"%.39s\xc3\xa9\"}", "unknown_command"},
        {"{\"cmd\":\"new\",\"game\":\"%.39s\xc3\xa9\"}", "unknown_game"},
        {"{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"options\":{\"kinds\":\"%.39s"
         "\xc3\xa9\"}}",
         "bad_option"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"%.59s\xc3\xa9\"}", "unknown_action"},
        {"{\"cmd\":\"bot\",\"seat\":0,\"bot\":\"%.39s\xc3\xa9\"}", "unknown_bot"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (strcmp(rows[i].code, "unknown_action") == 0)
            new_pizza(&s);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
        snprintf(line, sizeof line, rows[i].fmt, a59);
#pragma GCC diagnostic pop
        expect(&s, line, rows[i].code); /* ask checks the answer is UTF-8 */
    }
    pf_session_fini(&s);
}

static void strings_with_nul_escapes_are_refused(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    /* cJSON decodes \u0000 into a NUL: "pizza\u0000evil" read as "pizza". */
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\\u0000evil\",\"seats\":2}", "bad_request");
    assert_null(pf_session_match(&s));
    expect(&s, "{\"cmd\":\"games\\u0000\"}", "bad_request");
    expect(&s, "{\"cmd\\u0000x\":\"games\"}", "bad_request");
    /* An escaped backslash then "u0000" is plain text, not a NUL. */
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pizza\\\\u0000\"}", "unknown_game");
    expect(&s, "{\"cmd\":\"games\",\"id\":\"\\\"\\\\\"}", "ok");
    pf_session_fini(&s);
}

/* Every field has one type: nothing is truncated or defaulted silently. */
static void fields_of_the_wrong_type_are_refused(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    static const struct {
        const char *line, *code;
    } before_a_game[] = {
        {"{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2.9}", "bad_request"},
        {"{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":\"2\"}", "bad_request"},
        {"{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":1e300}", "bad_request"},
        {"{\"cmd\":\"new\",\"game\":7}", "bad_request"},
        {"{\"cmd\":\"new\",\"game\":\"pizza\",\"options\":[1]}", "bad_option"},
        {"{\"cmd\":\"load\",\"replay\":\"x\"}", "bad_request"},
    };
    for (size_t i = 0; i < sizeof before_a_game / sizeof before_a_game[0]; i++)
        expect(&s, before_a_game[i].line, before_a_game[i].code);
    assert_null(pf_session_match(&s));
    new_pizza(&s);
    static const struct {
        const char *line, *code;
    } rows[] = {
        {"{\"cmd\":\"bot\",\"seat\":0,\"bot\":7}", "bad_request"},
        {"{\"cmd\":\"bot\",\"seat\":0,\"bot\":null}", "bad_request"},
        {"{\"cmd\":\"bot\",\"seat\":0,\"bot\":[\"random\"]}", "bad_request"},
        {"{\"cmd\":\"legal\",\"seat\":1e300}", "bad_request"},
        {"{\"cmd\":\"legal\",\"seat\":0.5}", "bad_request"},
        {"{\"cmd\":\"legal\",\"seat\":true}", "bad_request"},
        {"{\"cmd\":\"view\",\"seat\":-1e300}", "bad_request"},
        {"{\"cmd\":\"view\",\"seat\":-3}", "bad_seat"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":1}", "bad_request"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\",\"t\":1.5}", "bad_request"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\",\"t\":\"5\"}", "bad_request"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\",\"t\":null}", "bad_request"},
        {"{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\",\"t\":-1}", "bad_request"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        expect(&s, rows[i].line, rows[i].code);
    assert_int_equal(pf_session_match(&s)->nsteps, 0);
    expect(&s, "{\"cmd\":\"bot\",\"seat\":0}", "ok"); /* no "bot": the random bot */
    pf_session_fini(&s);
}

/* Times out of 0..PF_TIME_MAX_MS are refused, naming the range (they
 * were cast out of range, or refused as time_backwards). */
static void times_have_a_range(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    new_pizza(&s);
    static const char *const bad[] = {"1e300", "-1e300", "9223372036854775000",
                                      "1099511627777", "-5"};
    char line[200], range[40];
    snprintf(range, sizeof range, "%" PRId64, PF_TIME_MAX_MS);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(line, sizeof line, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\",\"t\":%s}",
                 bad[i]);
        cJSON *r = pf_test_ask(&s, line);
        assert_string_equal(error_code(r), "bad_request");
        assert_non_null(strstr(error_message(r), range));
        cJSON_Delete(r);
    }
    snprintf(line, sizeof line,
             "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 1\",\"t\":%" PRId64 "}",
             PF_TIME_MAX_MS);
    expect(&s, line, "ok");
    pf_session_fini(&s);
}

/* The lowest seat that may act and the name of its first legal action. */
static void first_seat_to_act(const pf_session *s, int *seat, char *name, size_t n)
{
    const pf_match *m = pf_session_match(s);
    pf_action legal[PF_MAX_LEGAL];
    *seat = __builtin_ctz(m->game->to_act(m->state));
    assert_true(m->game->legal(m->state, *seat, legal, PF_MAX_LEGAL) > 0);
    m->game->name(m->state, legal[0], name, n);
}

/* The reported overflow: an action at the largest time, then bots, whose
 * delays are added to it. Their times are held at the limit. Each bot plays
 * a seat that has not acted yet: a seat that acted at the limit has busy
 * hands past it (PAKU-10), so it has no time left to act in. */
static void bots_at_the_last_time_stay_in_range(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    expect(&s, "{\"cmd\":\"new\",\"game\":\"pakupaku\",\"seats\":6,\"seed\":1}", "ok");
    int seat;
    char name[96], line[300];
    first_seat_to_act(&s, &seat, name, sizeof name);
    snprintf(line, sizeof line,
             "{\"cmd\":\"act\",\"seat\":%d,\"action\":\"%s\",\"t\":9223372036854775000}", seat,
             name);
    expect(&s, line, "bad_request");
    snprintf(line, sizeof line, "{\"cmd\":\"act\",\"seat\":%d,\"action\":\"%s\",\"t\":%" PRId64 "}",
             seat, name, PF_TIME_MAX_MS);
    expect(&s, line, "ok");
    uint32_t acted = 1u << seat;
    const char *bots[] = {"random", "child", "adult", "expert"};
    for (size_t i = 0; i < sizeof bots / sizeof bots[0]; i++) {
        const pf_match *m = pf_session_match(&s);
        uint32_t free_seats = m->game->to_act(m->state) & ~acted;
        assert_true(free_seats != 0);
        seat = __builtin_ctz(free_seats);
        acted |= 1u << seat;
        snprintf(line, sizeof line, "{\"cmd\":\"bot\",\"seat\":%d,\"bot\":\"%s\"}", seat,
                 bots[i]);
        cJSON *r = pf_test_ask(&s, line);
        assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
        assert_true(cJSON_GetObjectItem(r, "t")->valuedouble == (double)PF_TIME_MAX_MS);
        cJSON_Delete(r);
    }
    /* The saved game loads back: its times are in range. */
    cJSON *saved = pf_test_ask(&s, "{\"cmd\":\"save\"}");
    cJSON *load = cJSON_CreateObject();
    cJSON_AddStringToObject(load, "cmd", "load");
    cJSON_AddItemReferenceToObject(load, "replay", cJSON_GetObjectItem(saved, "replay"));
    char *text = cJSON_PrintUnformatted(load);
    expect(&s, text, "ok");
    free(text);
    cJSON_Delete(load);
    cJSON_Delete(saved);
    pf_session_fini(&s);
}

/* Times past the range are refused by the rules themselves (a program may
 * apply any time), and bots add their delays without overflow at the last
 * time. The sanitized build aborted on the overflow; the plain build hid
 * it, raising the wrapped time back to now. */
static void bots_past_the_range_do_not_overflow(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pakupaku");
    const char *bots[] = {"random", "child", "adult", "expert"};
    for (size_t i = 0; i < sizeof bots / sizeof bots[0]; i++) {
        pf_error err;
        pf_match *m = pf_match_create(g, 2, NULL, 1, &err);
        assert_non_null(m);
        pf_seating people = {.n = 2, .name = {"ana", "bob"}};
        pf_action legal[PF_MAX_LEGAL];
        int seat = __builtin_ctz(g->to_act(m->state));
        assert_true(g->legal(m->state, seat, legal, PF_MAX_LEGAL) > 0);
        /* The rules themselves refuse a time past the range. */
        assert_int_equal(pf_match_apply(m, seat, legal[0], INT64_MAX - 100, NULL, &err),
                         PF_E_BAD_REQUEST);
        assert_int_equal(pf_match_apply(m, seat, legal[0], PF_TIME_MAX_MS, NULL, &err),
                         PF_E_OK);
        /* The other seat's hands are free: its bot's delay is held at the limit. */
        seat = __builtin_ctz(g->to_act(m->state) & ~(1u << seat));
        pf_table *t = pf_table_adopt(m, &people, NULL, NULL, NULL, &err);
        assert_non_null(t);
        if (pf_table_bot_act(t, seat, pf_bot_find(g, bots[i]), 0, &err) != PF_E_OK)
            fail_msg("bot %s: %s", bots[i], err.msg);
        const pf_match *played = pf_table_match(t);
        assert_true(played->steps[played->nsteps - 1].t_ms == PF_TIME_MAX_MS);
        pf_table_destroy(t);
    }
}

/* "new" and "load" accept the same seeds: whole numbers below 2^53 or
 * strings of decimal digits up to 2^64 - 1. */
static void seeds_have_one_range_for_new_and_load(void **state)
{
    (void)state;
    static const struct {
        const char *seed;
        bool ok;
    } rows[] = {
        {"0", true},
        {"9007199254740991", true},
        {"\"18446744073709551615\"", true},
        {"\"7\"", true},
        {"9007199254740992", false}, /* 2^53: a larger number would read as it */
        {"1e300", false},
        {"-1", false},
        {"2.5", false},
        {"\"18446744073709551616\"", false},
        {"\" 7\"", false},
        {"\"+7\"", false},
        {"\"-7\"", false},
        {"\"7x\"", false},
        {"\"\"", false},
        {"true", false},
    };
    pf_session s;
    pf_session_init(&s);
    char line[300];
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        snprintf(line, sizeof line, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":%s}",
                 rows[i].seed);
        expect(&s, line, rows[i].ok ? "ok" : "bad_request");
        snprintf(line, sizeof line,
                 "{\"cmd\":\"load\",\"replay\":{\"game\":\"pizza\",\"seats\":2,\"seed\":%s,"
                 "\"actions\":[]}}",
                 rows[i].seed);
        expect(&s, line, rows[i].ok ? "ok" : "bad_replay");
    }
    pf_session_fini(&s);
}

/* A replay's numbers are read as strictly as a request's. */
static void replays_are_read_strictly(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "\"seats\":2.9,\"seed\":1,\"actions\":[]",
        "\"seats\":1e300,\"seed\":1,\"actions\":[]",
        "\"seats\":2,\"seed\":1,\"actions\":[[0.5,\"flip 1\",0]]",
        "\"seats\":2,\"seed\":1,\"actions\":[[0,\"flip 1\",1e300]]",
        "\"seats\":2,\"seed\":1,\"actions\":[[0,\"flip 1\",2.5]]",
        "\"seats\":2,\"seed\":1,\"actions\":[[0,\"flip 1\",-1]]",
    };
    pf_session s;
    pf_session_init(&s);
    char line[300];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(line, sizeof line, "{\"cmd\":\"load\",\"replay\":{\"game\":\"pizza\",%s}}",
                 bad[i]);
        expect(&s, line, "bad_replay");
    }
    expect(&s,
           "{\"cmd\":\"load\",\"replay\":{\"game\":\"pizza\",\"seats\":2,\"seed\":1,"
           "\"actions\":[[0,\"flip 1\",4]]}}",
           "ok");
    pf_session_fini(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_request_longer_than_the_limit_is_too_large),
        cmocka_unit_test(one_json_object_per_line),
        cmocka_unit_test(invalid_utf8_is_refused_and_never_echoed),
        cmocka_unit_test(quoted_text_is_cut_between_characters),
        cmocka_unit_test(strings_with_nul_escapes_are_refused),
        cmocka_unit_test(fields_of_the_wrong_type_are_refused),
        cmocka_unit_test(times_have_a_range),
        cmocka_unit_test(bots_at_the_last_time_stay_in_range),
        cmocka_unit_test(bots_past_the_range_do_not_overflow),
        cmocka_unit_test(seeds_have_one_range_for_new_and_load),
        cmocka_unit_test(replays_are_read_strictly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
