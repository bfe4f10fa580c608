/* test_event_facts.c: every game's events carry their facts as fields on
 * the wire, so a table animates a step without reading its sentence: fixed
 * tables (options that set the layout, the dice, the tosses), real steps,
 * and the fields each event answers with (docs/protocol.md, "Event
 * fields"). Memories are marked (PIZ-7, YYP-7), and Yummy Yummy Pancake's
 * toss says in words only what anyone sees at a glance. */
#include <string.h>

#include "pf_test.h"

/* The first event of kind in the answer's "events" (after skip of them). */
static const cJSON *event(const cJSON *answer, const char *kind, int skip)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(answer, "events"))
    {
        if (strcmp(cJSON_GetObjectItemCaseSensitive(e, "kind")->valuestring, kind) == 0 &&
            skip-- == 0)
            return e;
    }
    fail_msg("no event '%s' in %s", kind, cJSON_PrintUnformatted(answer));
    return NULL;
}

/* The event's fields as compact JSON, to compare whole. */
static void fields_are(const cJSON *e, const char *want)
{
    char *got = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(e, "fields"));
    assert_string_equal(got, want);
    cJSON_free(got);
}

static bool memory(const cJSON *e)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "memory"));
}

static const char *text(const cJSON *e)
{
    return cJSON_GetObjectItemCaseSensitive(e, "text")->valuestring;
}

/* Pizza Party (PIZ-3): a piece turned over and placed (rule a), one put
 * back because another slice collects it (rule b): every turned piece is a
 * memory (PIZ-7), the placing is not. */
static void pizza_flips_places_and_puts_back(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON_Delete(pf_test_ask(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":1,"
                                 "\"options\":{\"switches\":false,\"extra_slices\":false,"
                                 "\"kinds\":2,\"grid\":\"on,on,on,on,on,on,pe,pe,pe,pe,pe,pe\"}}"));
    cJSON *a = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"flip 0\"}");
    fields_are(event(a, "flip", 0), "{\"seat\":0,\"cell\":0,\"piece\":\"onion\"}");
    assert_true(memory(event(a, "flip", 0)));
    fields_are(event(a, "place", 0), "{\"seat\":0,\"cell\":0,\"piece\":\"onion\",\"colour\":"
                                     "\"red\",\"count\":1,\"rule\":\"a\"}");
    assert_false(memory(event(a, "place", 0)));
    cJSON_Delete(a);
    a = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":1,\"action\":\"flip 1\"}");
    fields_are(event(a, "back", 0), "{\"seat\":1,\"cell\":1,\"piece\":\"onion\",\"colour\":"
                                    "\"red\",\"rule\":\"b\"}");
    assert_true(memory(event(a, "back", 0)));
    assert_string_equal(text(event(a, "back", 0)),
                        "seat 2 put the onion back: it is the red slice's kind (rule b)");
    cJSON_Delete(a);
    pf_session_fini(&s);
}

#define PANCAKE_NEW                                                                         \
    "{\"cmd\":\"new\",\"game\":\"pancake\",\"seats\":2,\"seed\":1,\"options\":{\"table\":" \
    "\"SKBLSKBC,LLLLSKBC\",\"tosses\":\"SK\"}}"

/* Yummy Yummy Pancake: the pan drawn (a memory: with the pan after the
 * toss it tells what went down, YYP-7), the toss whose words give only the
 * counts while its fields give the face-down toppings, the chef's private
 * peek, the question and the reveal. */
static void pancake_draws_tosses_and_shares(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON *a = pf_test_ask(&s, PANCAKE_NEW);
    const cJSON *draw = event(a, "draw", 0);
    fields_are(draw, "{\"chef\":0,\"toppings\":[\"strawberry\",\"strawberry\",\"kiwi\",\"kiwi\","
                     "\"banana\",\"banana\",\"blueberry\",\"chocolate\"]}");
    assert_true(memory(draw));
    cJSON_Delete(a);
    a = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"toss 0.30\"}");
    const cJSON *toss = event(a, "toss", 0);
    assert_string_equal(text(toss), "Seat 1 tosses (p=0.30): 6 face up, 2 face down");
    fields_are(toss, "{\"chef\":0,\"p\":0.3,\"up\":[\"strawberry\",\"kiwi\",\"banana\","
                     "\"banana\",\"blueberry\",\"chocolate\"],\"down\":[\"strawberry\","
                     "\"kiwi\"]}");
    assert_true(memory(toss));
    cJSON_Delete(a);
    a = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"pick\"}");
    fields_are(event(a, "pick", 0), "{\"chef\":0}");
    const cJSON *peek = event(a, "peek", 0);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(peek, "private")));
    fields_are(peek, "{\"chef\":0,\"topping\":\"strawberry\"}");
    cJSON_Delete(a);
    a = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"ask 2\"}");
    fields_are(event(a, "ask", 0), "{\"chef\":0,\"guesser\":1}");
    cJSON_Delete(a);
    a = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":1,\"action\":\"guess kiwi\"}");
    fields_are(event(a, "reveal", 0), "{\"chef\":0,\"guesser\":1,\"guess\":\"kiwi\",\"topping\":"
                                      "\"strawberry\",\"taker\":0}");
    assert_false(memory(event(a, "reveal", 0)));
    cJSON_Delete(a);
    pf_session_fini(&s);
}

/* Pass the Party Food (PPF-7): the tile drawn, the plate chosen and who it
 * goes to, and the plates handed out (the last one filled without a
 * choice). */
static void passfood_plates_say_where_tiles_go(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON *a = pf_test_ask(&s, "{\"cmd\":\"new\",\"game\":\"passfood\",\"seats\":3,\"seed\":1,"
                               "\"options\":{\"boards\":\"SB/FP/LS\",\"ziggy\":\"B\","
                               "\"bag\":\"PLSB\",\"swaps\":0,\"takes\":0}}");
    fields_are(event(a, "setup", 3), "{\"seat\":-1,\"foods\":[\"biscuit\"]}");
    fields_are(event(a, "zdraw", 0), "{\"food\":\"pikelet\"}");
    fields_are(event(a, "draw", 0), "{\"seat\":0,\"food\":\"lamington\"}");
    cJSON_Delete(a);
    a = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"plate left\"}");
    fields_are(event(a, "plate", 0),
               "{\"seat\":0,\"food\":\"lamington\",\"plate\":\"left\",\"to\":1}");
    cJSON_Delete(a);
    a = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"plate right\"}");
    fields_are(event(a, "plate", 0), "{\"seat\":0,\"food\":\"snake\",\"plate\":\"right\",\"to\":2}");
    fields_are(event(a, "share", 0), "{\"seat\":0,\"left\":\"lamington\",\"centre\":\"biscuit\","
                                     "\"right\":\"snake\"}");
    cJSON_Delete(a);
    pf_session_fini(&s);
}

/* Paku Paku: a roll's faces, the pandas passed and to whom, the dishes
 * (PAKU-3); a stack's piece, aim, landing, height (PAKU-5). */
static void pakupaku_rolls_and_stacks(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON_Delete(pf_test_ask(&s, "{\"cmd\":\"new\",\"game\":\"pakupaku\",\"seats\":2,\"seed\":1,"
                                 "\"options\":{\"dice\":\"P,D,1,2,1\",\"jitter\":\"0.1\"}}"));
    cJSON *a = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"roll\",\"t\":800}");
    fields_are(event(a, "roll", 0), "{\"seat\":0,\"faces\":[\"panda\",\"dish\",\"1\"],"
                                    "\"passed\":1,\"to\":1,\"dishes\":1}");
    cJSON_Delete(a);
    a = pf_test_ask(&s, "{\"cmd\":\"act\",\"seat\":0,\"action\":\"stack cup 0.25\",\"t\":2100}");
    fields_are(event(a, "stack", 0), "{\"seat\":0,\"piece\":\"cup\",\"aim\":0.25,\"at\":0.35,"
                                     "\"stands\":true,\"height\":1}");
    cJSON_Delete(a);
    pf_session_fini(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pizza_flips_places_and_puts_back),
        cmocka_unit_test(pancake_draws_tosses_and_shares),
        cmocka_unit_test(passfood_plates_say_where_tiles_go),
        cmocka_unit_test(pakupaku_rolls_and_stacks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
