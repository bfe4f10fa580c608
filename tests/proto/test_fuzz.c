/* test_fuzz.c: nothing a client sends can crash the engine.
 *
 * Plays every game through the protocol while throwing mutated requests at
 * it: valid requests with bytes flipped, cut short, fields swapped for
 * others, numbers made huge or negative, actions named at random. Every
 * answer must be valid UTF-8 and one JSON object with "ok"; the sanitized
 * run of `make test` turns any memory error into a failure. PF_TEST_SCALE scales it. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/parse.h"
#include "partyfood/session.h"
#include "pf_test.h"

static const char *const templates[] = {
    "{\"cmd\":\"new\",\"game\":\"%s\",\"seats\":%d,\"seed\":%d}",
    "{\"cmd\":\"legal\",\"seat\":%d}",
    "{\"cmd\":\"view\",\"seat\":%d}",
    "{\"cmd\":\"act\",\"seat\":%d,\"action\":\"%s\",\"t\":%d}",
    "{\"cmd\":\"bot\",\"seat\":%d,\"bot\":\"%s\"}",
    "{\"cmd\":\"result\"}",
    "{\"cmd\":\"save\"}",
};

static const char *const words[] = {
    "roll", "flip 3", "toss 0.50", "plate left", "carry on", "stack cup 0.75", "guess kiwi",
    "ask 1", "switch blue", "random", "expert", "", "\\u0000", "9999999999999999999",
    "-1", "null", "[]", "{}", "\"", "flip -5", "stack plate 1e308", "toss nan",
};

/* One answer: valid UTF-8 text of exactly one JSON object with "ok" (and
 * an error's code and message); true when "ok" is true. */
static bool answer_ok(pf_session *s, const char *line)
{
    char *text = pf_session_handle(s, line, strlen(line));
    assert_non_null(text);
    if (!pf_utf8_valid(text, strlen(text)))
        fail_msg("answer to %s is not UTF-8: %s", line, text);
    cJSON *r = cJSON_ParseWithOpts(text, NULL, true);
    if (!cJSON_IsObject(r) || !cJSON_IsBool(cJSON_GetObjectItem(r, "ok")))
        fail_msg("bad answer to %s: %s", line, text);
    if (cJSON_IsFalse(cJSON_GetObjectItem(r, "ok"))) {
        const cJSON *e = cJSON_GetObjectItem(r, "error");
        assert_true(cJSON_IsString(cJSON_GetObjectItem(e, "code")));
        assert_true(cJSON_IsString(cJSON_GetObjectItem(e, "message")));
    }
    bool ok = cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
    cJSON_Delete(r);
    free(text);
    return ok;
}

static void mutate(char *buf, size_t cap, pf_rng *rng)
{
    size_t len = strlen(buf);
    switch (pf_rng_below(rng, 5)) {
    case 0: /* flip a byte */
        if (len)
            buf[pf_rng_below(rng, (uint32_t)len)] = (char)(1 + pf_rng_below(rng, 255));
        break;
    case 1: /* cut short */
        buf[pf_rng_below(rng, (uint32_t)len + 1)] = '\0';
        break;
    case 2: /* repeat a piece */
        if (len && len * 2 < cap) {
            size_t at = pf_rng_below(rng, (uint32_t)len);
            memmove(buf + len, buf + at, len - at + 1);
        }
        break;
    default: /* leave it valid */
        break;
    }
}

static void fuzz(void **state)
{
    (void)state;
    const char *f = getenv("PF_TEST_SCALE");
    int rounds = (int)(20000 * (f ? atof(f) : 1.0));
    pf_rng rng;
    pf_rng_seed(&rng, 2026);
    pf_session s;
    pf_session_init(&s);
    char line[4096];
    int accepted = 0, finished = 0;
    for (int i = 0; i < rounds; i++) {
        const pf_game *g = pf_game_at((int)pf_rng_below(&rng, (uint32_t)pf_game_count()));
        int k = (int)pf_rng_below(&rng, sizeof templates / sizeof templates[0]);
        int seat = (int)pf_rng_below(&rng, 12) - 2;
        const char *word = words[pf_rng_below(&rng, sizeof words / sizeof words[0])];
        /* Half the actions are real: a legal name for a seat that may act. */
        char legal_name[96] = "";
        const pf_match *m = pf_session_match(&s);
        if (m && !pf_match_over(m, NULL) && pf_rng_below(&rng, 2)) {
            pf_action legal[PF_MAX_LEGAL];
            uint32_t set = m->game->to_act(m->state);
            seat = __builtin_ctz(set);
            int n = m->game->legal(m->state, seat, legal, PF_MAX_LEGAL);
            m->game->name(m->state, legal[pf_rng_below(&rng, (uint32_t)n)], legal_name,
                          sizeof legal_name);
            word = legal_name;
            k = 3;
        }
        switch (k) {
        case 0:
            snprintf(line, sizeof line, templates[0], g->id, (int)pf_rng_below(&rng, 10),
                     (int)pf_rng_below(&rng, 1000));
            break;
        case 1: case 2:
            snprintf(line, sizeof line, templates[k], seat);
            break;
        case 3:
            snprintf(line, sizeof line, templates[3], seat, word,
                     (int)(m ? m->now : 0) + (int)pf_rng_below(&rng, 900) - 100);
            break;
        case 4:
            snprintf(line, sizeof line, templates[4], seat, word);
            break;
        default:
            snprintf(line, sizeof line, "%s", templates[k]);
        }
        if (word != legal_name)
            mutate(line, sizeof line, &rng);
        bool was_over = m && pf_match_over(m, NULL);
        accepted += answer_ok(&s, line) && k == 3;
        m = pf_session_match(&s); /* the request may have replaced it */
        finished += m && !was_over && pf_match_over(m, NULL);
    }
    print_message("%d requests, %d actions accepted, %d games finished\n", rounds, accepted,
                  finished);
    /* The mutations must not drown the games: many moves are played. */
    assert_true(accepted > rounds / 10);
    /* A saved game of whatever is running loads back. */
    if (pf_session_match(&s)) {
        const char *save = "{\"cmd\":\"save\"}";
        char *text = pf_session_handle(&s, save, strlen(save));
        cJSON *r = cJSON_Parse(text);
        cJSON *load = cJSON_CreateObject();
        cJSON_AddStringToObject(load, "cmd", "load");
        cJSON_AddItemReferenceToObject(load, "replay", cJSON_GetObjectItem(r, "replay"));
        char *req = cJSON_PrintUnformatted(load);
        pf_session s2;
        pf_session_init(&s2);
        char *ans = pf_session_handle(&s2, req, strlen(req));
        assert_non_null(strstr(ans, "\"ok\":true"));
        const pf_match *m = pf_session_match(&s);
        assert_memory_equal(m->state, pf_session_match(&s2)->state, m->game->state_size);
        pf_session_fini(&s2);
        free(ans);
        free(req);
        cJSON_Delete(load);
        cJSON_Delete(r);
        free(text);
    }
    pf_session_fini(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(fuzz)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
