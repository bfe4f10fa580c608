/* test_json_print.c: pf_json_print, and the writer pf_jw's strings and
 * numbers, write what cJSON_PrintUnformatted writes, byte for byte: for
 * numbers, strings and shapes of every kind, and for every view of every
 * game along random games (the server sends views written by them to
 * clients that once read cJSON's). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/json_print.h"
#include "partyfood/json_write.h"
#include "partyfood/match.h"
#include "partyfood/rng.h"
#include "pf_test.h"

static bool numbers_only(const cJSON *o)
{
    for (const cJSON *c = o->child; c; c = c->next)
        if (!cJSON_IsNumber(c))
            return false;
    return o->child != NULL;
}

/* The writer's text for item, a string, a number or an object of numbers,
 * is cJSON's. */
static void same_written(const cJSON *item, const char *want)
{
    pf_jw w;
    pf_jw_init(&w, 0);
    if (cJSON_IsString(item))
        pf_jw_str(&w, item->valuestring);
    else if (cJSON_IsNumber(item))
        pf_jw_num(&w, item->valuedouble);
    else if (cJSON_IsObject(item) && numbers_only(item)) {
        pf_jw_raw(&w, "{", 1);
        for (const cJSON *c = item->child; c; c = c->next) {
            pf_jw_key(&w, c->string);
            pf_jw_num(&w, c->valuedouble);
        }
        pf_jw_raw(&w, "}", 1);
    } else
        pf_jw_item(&w, item);
    assert_non_null(pf_jw_text(&w));
    assert_string_equal(pf_jw_text(&w), want);
    pf_jw_free(&w);
}

/* Both printers, and the writer, agree on item (which is then freed). */
static void same_text(cJSON *item)
{
    char *want = cJSON_PrintUnformatted(item), *got = pf_json_print(item);
    assert_non_null(want);
    assert_non_null(got);
    assert_string_equal(got, want);
    same_written(item, want);
    free(want);
    free(got);
    cJSON_Delete(item);
}

static void numbers(void **state)
{
    (void)state;
    const double values[] = {0, -0.0, 1, -1, 7, 42, 2147483647.0, -2147483648.0, 2147483648.0,
                             -2147483649.0, 1764633600000.0, 999999999999999.0, 1e15, -1e15,
                             9007199254740992.0, 1e20, 1e300, 0.5, -0.25, 0.1, 1.0 / 3, 2.0 / 3,
                             0.29, 123.456, 1e-7, DBL_MIN, DBL_MAX, -DBL_MAX, NAN, INFINITY,
                             -INFINITY};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        same_text(cJSON_CreateNumber(values[i]));
    pf_rng rng;
    pf_rng_seed(&rng, 7);
    for (int i = 0; i < 2000; i++) { /* doubles of every size, whole and not */
        double d = (pf_rng_double(&rng) - 0.5) * pow(10, (int)pf_rng_below(&rng, 40) - 20);
        same_text(cJSON_CreateNumber(i % 2 ? d : floor(d)));
    }
}

static void strings_and_shapes(void **state)
{
    (void)state;
    const char *texts[] = {"", "plain", "a \"quote\" and a \\ backslash", "tab\there\nnew line",
                           "\b\f\r", "\x01\x1f\x7f", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8d\x95",
                           "/slash/"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        same_text(cJSON_CreateString(texts[i]));
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, texts[i], (double)i);
        cJSON_AddNumberToObject(o, texts[(i + 1) % (sizeof texts / sizeof texts[0])], 0.5);
        same_text(o);
    }
    same_text(cJSON_CreateArray());
    same_text(cJSON_CreateObject());
    same_text(cJSON_CreateNull());
    same_text(cJSON_CreateTrue());
    same_text(cJSON_CreateFalse());
    same_text(cJSON_CreateRaw("{\"already\":[1,2]}"));
    cJSON *nested = cJSON_Parse("{\"a\":[1,[2,[]],{}],\"b\":{\"c\":null,\"d\":[true,false]},"
                                "\"e\":-3.5e-3,\"f\":\"x\"}");
    assert_non_null(nested);
    same_text(nested);
    assert_null(pf_json_print(NULL));
}

/* A set of seats is written as the array of its members' numbers, those
 * at n or above left out. */
static void bits_as_arrays(void **state)
{
    (void)state;
    const struct {
        uint32_t bits;
        int n;
        const char *want;
    } cases[] = {{0, 4, "{\"s\":[]}"},          {0x5, 4, "{\"s\":[0,2]}"},
                 {0xf, 4, "{\"s\":[0,1,2,3]}"}, {0x1a, 4, "{\"s\":[1,3]}"},
                 {0x80, 8, "{\"s\":[7]}"},      {0x80, 7, "{\"s\":[]}"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pf_jw w;
        pf_jw_init(&w, 0);
        pf_jw_raw(&w, "{", 1);
        pf_jw_key_bits(&w, "s", cases[i].bits, cases[i].n);
        pf_jw_raw(&w, "}", 1);
        assert_non_null(pf_jw_text(&w));
        assert_string_equal(pf_jw_text(&w), cases[i].want);
        pf_jw_free(&w);
    }
}

/* Every seat's view and the public one after every step of random games. */
static void every_view_of_every_game(void **state)
{
    (void)state;
    pf_rng rng;
    pf_rng_seed(&rng, 11);
    for (int gi = 0; gi < pf_game_count(); gi++) {
        const pf_game *g = pf_game_at(gi);
        int views = 0;
        for (int game = 0; game < 4; game++) {
            int seats = g->min_seats + game % (g->max_seats - g->min_seats + 1);
            pf_options opt;
            pf_test_options(&opt, "");
            pf_error err;
            pf_match *m = pf_match_create(g, seats, &opt, 100 + (uint64_t)game, &err);
            assert_non_null(m);
            int64_t t = 0;
            for (int step = 0; step < 400 && !pf_match_over(m, NULL); step++) {
                for (int seat = PF_SEAT_SPECTATOR; seat < seats; seat++, views++)
                    same_text(pf_state_view(g, m->state, seat));
                uint32_t set = g->to_act(m->state);
                t += 1000; /* past any hands time (PAKU-10) */
                if (!set)
                    continue;
                int seat = __builtin_ctz(set);
                pf_action legal[PF_MAX_LEGAL];
                int n = g->legal(m->state, seat, legal, PF_MAX_LEGAL);
                if (n > 0)
                    pf_match_apply(m, seat, legal[pf_rng_below(&rng, (uint32_t)n)], t, NULL, &err);
            }
            pf_match_destroy(m);
        }
        print_message("%s: %d views printed alike\n", g->id, views);
        assert_true(views > 100);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(numbers),
        cmocka_unit_test(strings_and_shapes),
        cmocka_unit_test(bits_as_arrays),
        cmocka_unit_test(every_view_of_every_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
