/* test_games.c: the `games` answer tells each game's facts exactly as its
 * descriptor holds them (a front end hard-codes none of them), with or
 * without a game going. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/bot.h"
#include "partyfood/ismcts.h"
#include "pf_test.h"

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    assert_true(cJSON_IsString(v));
    return v->valuestring;
}

static double num(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    assert_true(cJSON_IsNumber(v));
    return v->valuedouble;
}

static bool flag(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    assert_true(cJSON_IsBool(v));
    return cJSON_IsTrue(v);
}

/* The array `key` of o holds exactly the strings of the NULL-ended list. */
static void same_lines(const cJSON *o, const char *key, const char *const *lines)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    int n = 0;
    for (; lines[n]; n++)
        assert_string_equal(cJSON_GetArrayItem(a, n)->valuestring, lines[n]);
    assert_int_equal(cJSON_GetArraySize(a), n);
}

/* An option's value as its kind writes it in JSON. */
static void typed_value(const pf_option_def *d, const cJSON *v, const char *text)
{
    if (d->kind == PF_OPT_BOOL)
        assert_int_equal(cJSON_IsTrue(v), strcmp(text, "true") == 0);
    else if (d->kind == PF_OPT_INT || d->kind == PF_OPT_REAL)
        assert_true(cJSON_IsNumber(v) && v->valuedouble == atof(text));
    else
        assert_string_equal(v->valuestring, text);
}

static void same_option(const pf_option_def *d, const cJSON *o)
{
    static const char *const kinds[] = {"text", "bool", "int", "real", "choice"};
    assert_string_equal(str(o, "key"), d->key);
    assert_string_equal(str(o, "label"), d->label);
    assert_string_equal(str(o, "help"), d->help);
    assert_string_equal(str(o, "kind"), kinds[d->kind]);
    typed_value(d, cJSON_GetObjectItemCaseSensitive(o, "default"), d->def);
    bool ranged = d->kind == PF_OPT_INT || d->kind == PF_OPT_REAL;
    assert_int_equal(cJSON_HasObjectItem(o, "min"), ranged);
    if (ranged) {
        assert_true(num(o, "min") == d->min);
        assert_true(num(o, "max") == d->max);
    }
    const cJSON *choices = cJSON_GetObjectItemCaseSensitive(o, "choices");
    assert_int_equal(choices != NULL, d->choices != NULL);
    for (int k = 0; d->choices && d->choices[k]; k++)
        typed_value(d, cJSON_GetArrayItem(choices, k), d->choices[k]);
    assert_int_equal(flag(o, "menu"), d->menu);
    assert_int_equal(flag(o, "fixes_chance"), d->fixes_chance);
}

/* The levels easy to expert with the game's ladder's sentences, then every
 * other bot the game answers to, each with its own sentence. */
static void same_bots(const pf_game *g, const cJSON *o)
{
    static const char *const levels[] = {"easy", "medium", "hard", "expert"};
    const cJSON *lv = cJSON_GetObjectItemCaseSensitive(o, "levels");
    assert_int_equal(cJSON_GetArraySize(lv), PF_LEVELS);
    for (int l = 0; l < PF_LEVELS; l++) {
        const cJSON *x = cJSON_GetArrayItem(lv, l);
        assert_string_equal(str(x, "name"), levels[l]);
        assert_string_equal(str(x, "about"), g->ladder[l].about);
    }
    const cJSON *bots = cJSON_GetObjectItemCaseSensitive(o, "bots");
    assert_string_equal(str(cJSON_GetArrayItem(bots, 0), "name"), "random");
    for (const pf_bot_def *b = g->bots; b && b->name; b++) {
        bool found = pf_bot_find(g, b->name) != b; /* a level's name shadows it */
        const cJSON *x;
        cJSON_ArrayForEach(x, bots) if (strcmp(str(x, "name"), b->name) == 0)
        {
            assert_string_equal(str(x, "about"), b->about);
            found = true;
        }
        if (!found)
            fail_msg("%s: its bot %s is not in the games answer", g->id, b->name);
    }
    const cJSON *x;
    cJSON_ArrayForEach(x, bots) assert_non_null(pf_bot_find(g, str(x, "name")));
}

static void same_game(const pf_game *g, const cJSON *o)
{
    assert_string_equal(str(o, "id"), g->id);
    assert_string_equal(str(o, "title"), g->title);
    assert_string_equal(str(o, "summary"), g->summary);
    assert_int_equal((int)num(o, "min_seats"), g->min_seats);
    assert_int_equal((int)num(o, "max_seats"), g->max_seats);
    assert_int_equal(flag(o, "memory_game"), g->memory_game);
    assert_int_equal(flag(o, "real_time"), g->real_time);
    assert_string_equal(str(o, "secrets"), g->secrets);
    same_lines(o, "brief", g->brief);
    same_lines(o, "rules", g->rules);
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(o, "options");
    int n = 0;
    for (const pf_option_def *d = g->options; d && d->key; d++, n++)
        same_option(d, cJSON_GetArrayItem(opts, n));
    assert_int_equal(cJSON_GetArraySize(opts), n);
    same_bots(g, o);
}

static void the_answer_is_the_descriptors(void **state)
{
    (void)state;
    pf_session s;
    pf_session_init(&s);
    cJSON *before = pf_test_ask(&s, "{\"cmd\":\"games\"}");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(before, "ok")));
    assert_int_equal((int)num(before, "protocol"), PF_PROTOCOL_VERSION);
    const cJSON *games = cJSON_GetObjectItemCaseSensitive(before, "games");
    assert_int_equal(cJSON_GetArraySize(games), pf_game_count());
    for (int i = 0; i < pf_game_count(); i++)
        same_game(pf_game_at(i), cJSON_GetArrayItem(games, i));
    /* A game going changes nothing of it, for a bound seat too. */
    cJSON_Delete(pf_test_ask(&s, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":1}"));
    pf_session_bind(&s, 1);
    cJSON *during = pf_test_ask(&s, "{\"cmd\":\"games\"}");
    assert_true(cJSON_Compare(before, during, true));
    cJSON_Delete(before);
    cJSON_Delete(during);
    pf_session_fini(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_answer_is_the_descriptors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
