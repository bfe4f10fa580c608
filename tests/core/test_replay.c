/* test_replay.c: replays defend themselves (Hardening issue, item 1).
 *
 * A save carries a checked format version and a SHA-256 check over its own
 * content: a cut or edited save is refused with bad_replay instead of
 * replaying another game. Numbers must be whole and in range, text valid
 * UTF-8, names and action counts within limits; messages that quote the
 * file never carry control characters. */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "partyfood/file.h"
#include "partyfood/parse.h"
#include "partyfood/replay.h"
#include "pf_test.h"

/* A pancake game between two random bots, `steps` actions in. */
static pf_match *played(int steps)
{
    const pf_game *g = pf_test_game("pancake");
    pf_error err;
    pf_match *m = pf_match_create(g, 2, NULL, 42, &err);
    assert_non_null(m);
    const pf_bot_def *bot = pf_bot_find(g, "random");
    for (int i = 0; i < steps && !pf_match_over(m, NULL); i++) {
        int seat = __builtin_ctz(g->to_act(m->state));
        pf_test_bot_move(m, seat, bot, NULL);
    }
    assert_true(m->nsteps >= 4);
    return m;
}

/* The saved replay of played(steps), through text as a file would be. */
static cJSON *saved(int steps)
{
    pf_match *m = played(steps);
    cJSON *r = pf_match_save(m);
    char *text = cJSON_Print(r);
    cJSON *back = cJSON_Parse(text);
    free(text);
    cJSON_Delete(r);
    pf_match_destroy(m);
    assert_non_null(back);
    return back;
}

/* Loads r, expecting a refusal with `code` whose message contains `words`. */
static void refused(const cJSON *r, pf_err code, const char *words)
{
    pf_error err = {0};
    pf_match *m = pf_match_load(r, &err);
    if (m) {
        pf_match_destroy(m);
        fail_msg("the replay loaded; expected a refusal saying \"%s\"", words);
    }
    assert_int_equal(err.code, code);
    if (!strstr(err.msg, words))
        fail_msg("message \"%s\" does not say \"%s\"", err.msg, words);
}

static void loads(const cJSON *r)
{
    pf_error err = {0};
    pf_match *m = pf_match_load(r, &err);
    if (!m)
        fail_msg("the replay did not load: %s", err.msg);
    pf_match_destroy(m);
}

static void a_save_loads_back_with_version_and_check(void **state)
{
    (void)state;
    pf_match *m = played(30);
    cJSON *r = pf_match_save(m);
    long long version;
    assert_true(pf_json_int(cJSON_GetObjectItem(r, "version"), 0, 99, &version));
    assert_int_equal(version, PF_REPLAY_VERSION);
    const cJSON *check = cJSON_GetObjectItem(r, "check");
    assert_true(cJSON_IsString(check));
    assert_int_equal(strlen(check->valuestring), strlen("sha256:") + 64);
    pf_error err;
    pf_match *m2 = pf_match_load(r, &err);
    assert_non_null(m2);
    assert_int_equal(m2->nsteps, m->nsteps);
    assert_memory_equal(m2->state, m->state, m->game->state_size);
    assert_null(pf_replay_warning(r));
    pf_match_destroy(m2);
    pf_match_destroy(m);
    cJSON_Delete(r);
}

/* The check is the SHA-256 of the file's own content without "check",
 * computed here independently: nothing hidden goes into it. */
static void the_check_covers_only_the_files_content(void **state)
{
    (void)state;
    cJSON *r = saved(30);
    cJSON *copy = cJSON_Duplicate(r, true);
    cJSON_DeleteItemFromObject(copy, "check");
    char *text = cJSON_PrintUnformatted(copy);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned len;
    assert_int_equal(EVP_Digest(text, strlen(text), md, &len, EVP_sha256(), NULL), 1);
    char want[80] = "sha256:";
    for (unsigned i = 0; i < len; i++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "%02x", md[i]);
    assert_string_equal(cJSON_GetObjectItem(r, "check")->valuestring, want);
    free(text);
    cJSON_Delete(copy);
    cJSON_Delete(r);
}

/* The check is over the content, not the spelling: spacing, escapes and
 * 2.0 for 2 change nothing. */
static void the_check_ignores_how_the_file_is_written(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    char *text = cJSON_PrintUnformatted(r);
    char respelled[1 << 15];
    const char *game = strstr(text, "\"pancake\""), *seats = strstr(text, "\"seats\":2");
    assert_non_null(game);
    assert_non_null(seats);
    assert_true(game < seats);
    snprintf(respelled, sizeof respelled, "%.*s\"pan\\u0063ake\"%.*s\"seats\" :  2.0 %s",
             (int)(game - text), text, (int)(seats - game - 9), game + 9, seats + 9);
    cJSON *back = cJSON_Parse(respelled);
    assert_non_null(back);
    loads(back);
    cJSON_Delete(back);
    free(text);
    cJSON_Delete(r);
}

static void a_cut_save_is_refused(void **state)
{
    (void)state;
    cJSON *r = saved(40);
    cJSON *acts = cJSON_GetObjectItem(r, "actions");
    int n = cJSON_GetArraySize(acts);
    for (int i = n - 1; i >= n / 2; i--)
        cJSON_DeleteItemFromArray(acts, i);
    refused(r, PF_E_BAD_REPLAY, "cut or edited");
    cJSON_Delete(r);
}

static void an_edited_seed_is_refused(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    cJSON_ReplaceItemInObject(r, "seed", cJSON_CreateString("43"));
    refused(r, PF_E_BAD_REPLAY, "does not match");
    cJSON_Delete(r);
}

/* Members a front end adds (the seating) are covered too. */
static void an_edited_front_end_member_is_refused(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    cJSON *seating = cJSON_AddArrayToObject(r, "seating");
    cJSON_AddItemToArray(seating, cJSON_CreateString("ana"));
    cJSON_AddItemToArray(seating, cJSON_CreateString("bot:random"));
    assert_true(pf_replay_seal(r));
    loads(r);
    cJSON_ReplaceItemInArray(seating, 1, cJSON_CreateString("ben"));
    refused(r, PF_E_BAD_REPLAY, "does not match");
    cJSON_Delete(r);
}

static void a_missing_check_is_refused(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    cJSON_DeleteItemFromObject(r, "check");
    refused(r, PF_E_BAD_REPLAY, "no \"check\"");
    cJSON_Delete(r);
}

static void versions_are_read(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    cJSON_ReplaceItemInObject(r, "version", cJSON_CreateNumber(PF_REPLAY_VERSION + 1));
    refused(r, PF_E_BAD_REPLAY, "newer partyfood");
    cJSON_ReplaceItemInObject(r, "version", cJSON_CreateNumber(1.5));
    refused(r, PF_E_BAD_REPLAY, "\"version\"");
    cJSON_ReplaceItemInObject(r, "version", cJSON_CreateString("2"));
    refused(r, PF_E_BAD_REPLAY, "\"version\"");
    /* Without a version a replay is read as version 1, but its check is
     * still verified: dropping the version cannot skip the check. */
    cJSON_ReplaceItemInObject(r, "version", cJSON_CreateNumber(PF_REPLAY_VERSION));
    pf_replay_seal(r);
    cJSON_DeleteItemFromObject(r, "version");
    refused(r, PF_E_BAD_REPLAY, "\"check\"");
    cJSON_ReplaceItemInObject(r, "format", cJSON_CreateString("chess-pgn"));
    refused(r, PF_E_BAD_REPLAY, "not a partyfood replay");
    cJSON_Delete(r);
}

/* Version 1 came before the check: such saves still load, with a warning
 * for the front ends to show. */
/* Seals r as a partyfood of that version did (the same check over the
 * content, "version" included). */
static void seal_as_version(cJSON *r, int version)
{
    cJSON_DeleteItemFromObject(r, "check");
    cJSON_ReplaceItemInObject(r, "version", cJSON_CreateNumber(version));
    char *text = cJSON_PrintUnformatted(r);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned len;
    assert_int_equal(EVP_Digest(text, strlen(text), md, &len, EVP_sha256(), NULL), 1);
    char hex[80] = "sha256:";
    for (unsigned i = 0; i < len; i++)
        snprintf(hex + strlen(hex), sizeof hex - strlen(hex), "%02x", md[i]);
    cJSON_AddStringToObject(r, "check", hex);
    free(text);
}

/* Writes r's action names as versions 1 and 2 did, seats counted from 0
 * ("ask 0" asked the first seat); returns how many it rewrote. */
static int with_old_names(cJSON *r)
{
    int n = 0;
    cJSON *step;
    cJSON_ArrayForEach(step, cJSON_GetObjectItem(r, "actions"))
    {
        cJSON *name = cJSON_GetArrayItem(step, 1);
        int seat;
        if (sscanf(name->valuestring, "ask %d", &seat) == 1) {
            char old[16];
            snprintf(old, sizeof old, "ask %d", seat - 1);
            cJSON_SetValuestring(name, old);
            n++;
        }
    }
    return n;
}

static void version_1_loads_with_a_warning(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    cJSON_DeleteItemFromObject(r, "check");
    cJSON_ReplaceItemInObject(r, "version", cJSON_CreateNumber(1));
    with_old_names(r);
    loads(r);
    assert_non_null(pf_replay_warning(r));
    assert_non_null(strstr(pf_replay_warning(r), "no check"));
    cJSON_Delete(r);
}

/* A version 2 save counted seats from 0 in its names: it replays the
 * same game, and saved again it names the seats as today (from 1). */
static void version_2_names_count_seats_from_0(void **state)
{
    (void)state;
    cJSON *today = saved(60);
    cJSON *r = cJSON_Duplicate(today, true);
    assert_true(with_old_names(r) > 0);
    seal_as_version(r, 2);
    pf_error err = {0};
    pf_match *m = pf_match_load(r, &err);
    if (!m)
        fail_msg("the version 2 replay did not load: %s", err.msg);
    cJSON *again = pf_match_save(m);
    assert_true(cJSON_Compare(cJSON_GetObjectItem(again, "actions"),
                              cJSON_GetObjectItem(today, "actions"), true));
    pf_match_destroy(m);
    cJSON_Delete(again);
    cJSON_Delete(r);
    cJSON_Delete(today);
}

/* Version 4 marks a move made with a hint: the mark is saved as a fourth
 * member of the action, {"hint": true}, and loaded back; moves without a
 * hint keep three members, as before. */
static void a_move_made_with_a_hint_is_marked(void **state)
{
    (void)state;
    pf_match *m = played(10);
    m->steps[2].hint = true;
    cJSON *r = pf_match_save(m);
    const cJSON *acts = cJSON_GetObjectItem(r, "actions");
    for (int i = 0; i < m->nsteps; i++)
        assert_int_equal(cJSON_GetArraySize(cJSON_GetArrayItem(acts, i)), i == 2 ? 4 : 3);
    const cJSON *marks = cJSON_GetArrayItem(cJSON_GetArrayItem(acts, 2), 3);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(marks, "hint")));
    pf_error err;
    pf_match *back = pf_match_load(r, &err);
    assert_non_null(back);
    for (int i = 0; i < m->nsteps; i++)
        assert_int_equal(back->steps[i].hint, i == 2);
    pf_match_destroy(back);
    /* A mark that is not {"hint": true or false} is refused. */
    cJSON_ReplaceItemInObject((cJSON *)marks, "hint", cJSON_CreateNumber(1));
    assert_true(pf_replay_seal(r));
    refused(r, PF_E_BAD_REPLAY, "fourth member");
    cJSON_Delete(r);
    pf_match_destroy(m);
}

/* A version 3 save (before the marks) still loads, every move unmarked;
 * version 3 had no fourth member, so one there is refused. */
static void version_3_loads_without_marks(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    seal_as_version(r, 3);
    pf_error err;
    pf_match *m = pf_match_load(r, &err);
    if (!m)
        fail_msg("the version 3 replay did not load: %s", err.msg);
    for (int i = 0; i < m->nsteps; i++)
        assert_false(m->steps[i].hint);
    pf_match_destroy(m);
    cJSON *marks = cJSON_CreateObject();
    cJSON_AddTrueToObject(marks, "hint");
    cJSON_AddItemToArray(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "actions"), 0), marks);
    seal_as_version(r, 3);
    refused(r, PF_E_BAD_REPLAY, "action 0 is not");
    cJSON_Delete(r);
}

/* Re-seals after each edit so the limits are met on their own. */
static void refused_sealed(cJSON *r, const char *words)
{
    assert_true(pf_replay_seal(r));
    refused(r, PF_E_BAD_REPLAY, words);
}

static void numbers_must_be_whole_and_in_range(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "actions"), 0);
    cJSON_ReplaceItemInObject(r, "seats", cJSON_CreateNumber(1e300));
    refused_sealed(r, "\"seats\"");
    cJSON_ReplaceItemInObject(r, "seats", cJSON_CreateNumber(2.5));
    refused_sealed(r, "\"seats\"");
    cJSON_ReplaceItemInObject(r, "seats", cJSON_CreateNumber(2));
    cJSON_ReplaceItemInObject(r, "seed", cJSON_CreateNumber(1e300));
    refused_sealed(r, "\"seed\"");
    cJSON_ReplaceItemInObject(r, "seed", cJSON_CreateString(" +42"));
    refused_sealed(r, "\"seed\"");
    cJSON_ReplaceItemInObject(r, "seed", cJSON_CreateString("99999999999999999999999"));
    refused_sealed(r, "\"seed\"");
    cJSON_ReplaceItemInObject(r, "seed", cJSON_CreateString("42"));
    cJSON_ReplaceItemInArray(first, 0, cJSON_CreateNumber(1e300));
    refused_sealed(r, "action 0");
    cJSON_ReplaceItemInArray(first, 0, cJSON_CreateNumber(-1));
    refused_sealed(r, "action 0");
    cJSON_ReplaceItemInArray(first, 0, cJSON_CreateNumber(0));
    cJSON_ReplaceItemInArray(first, 2, cJSON_CreateNumber(1e300));
    refused_sealed(r, "action 0");
    cJSON_ReplaceItemInArray(first, 2, cJSON_CreateNumber(0));
    assert_true(pf_replay_seal(r));
    loads(r);
    cJSON_Delete(r);
}

static void names_and_counts_are_capped(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    cJSON *acts = cJSON_GetObjectItem(r, "actions");
    char longname[PF_REPLAY_NAME_MAX + 2];
    memset(longname, 'x', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    cJSON_ReplaceItemInArray(cJSON_GetArrayItem(acts, 0), 1, cJSON_CreateString(longname));
    refused_sealed(r, "longer than");
    /* More actions than any pancake game lasts. */
    cJSON *many = cJSON_CreateArray();
    for (int i = 0; i <= pf_test_game("pancake")->max_steps; i++)
        cJSON_AddItemToArray(many, cJSON_Duplicate(cJSON_GetArrayItem(acts, 1), true));
    cJSON_ReplaceItemInObject(r, "actions", many);
    refused_sealed(r, "more than any game");
    cJSON_Delete(r);
}

static void text_must_be_utf8(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    cJSON *seating = cJSON_AddArrayToObject(r, "seating");
    cJSON_AddItemToArray(seating, cJSON_CreateString("an\xff\xfe"));
    refused_sealed(r, "UTF-8");
    cJSON_Delete(r);
}

/* A message quoting the file never carries its control characters. */
static void messages_quote_the_file_printably(void **state)
{
    (void)state;
    cJSON *r = saved(10);
    cJSON_ReplaceItemInObject(r, "game", cJSON_CreateString("\x1b]0;owned\x07\x1b[2J"));
    pf_error err;
    assert_true(pf_replay_seal(r));
    assert_null(pf_match_load(r, &err));
    assert_int_equal(err.code, PF_E_UNKNOWN_GAME);
    for (const char *p = err.msg; *p; p++)
        assert_true((unsigned char)*p >= 0x20 && *p != 0x7f);
    assert_non_null(strstr(err.msg, "owned"));
    cJSON_Delete(r);
}

/* Through a file: written with its check, read back, and a file cut short
 * is refused. */
static void files_round_trip_and_cut_files_fail(void **state)
{
    (void)state;
    char path[64];
    snprintf(path, sizeof path, "/tmp/pf_test_replay_%d.json", (int)getpid());
    cJSON *r = saved(30);
    pf_error err;
    assert_int_equal(pf_replay_write_file(r, path, &err), PF_E_OK);
    pf_match *m = pf_match_load_file(path, &err);
    assert_non_null(m);
    pf_match_destroy(m);
    size_t len;
    char *text = pf_file_read(path, PF_REPLAY_MAX_BYTES, &len, &err);
    assert_non_null(text);
    assert_int_equal(pf_file_write_atomic(path, text, len / 2, &err), PF_E_OK);
    assert_null(pf_match_load_file(path, &err));
    assert_int_equal(err.code, PF_E_BAD_REPLAY);
    free(text);
    unlink(path);
    cJSON_Delete(r);
}

/* Each step keeps the name the game gave it when it was applied, so a save
 * holds exactly what naming every step along a re-played copy gave (what
 * pf_match_save did before steps kept their names), in every game. */
static void a_save_names_steps_as_the_game_did(void **state)
{
    (void)state;
    for (int k = 0; k < pf_game_count(); k++) {
        const pf_game *g = pf_game_at(k);
        int seats = g->min_seats > 2 ? g->min_seats : 2;
        pf_error err;
        pf_match *m = pf_match_create(g, seats, NULL, 9, &err);
        assert_non_null(m);
        const pf_bot_def *bot = pf_bot_find(g, "random");
        for (int i = 0; i < 60 && !pf_match_over(m, NULL); i++)
            pf_test_bot_move(m, __builtin_ctz(g->to_act(m->state)), bot, NULL);
        cJSON *r = pf_match_save(m);
        const cJSON *acts = cJSON_GetObjectItem(r, "actions");
        assert_int_equal(cJSON_GetArraySize(acts), m->nsteps);
        void *st = pf_test_new(g, seats, "", 9);
        for (int i = 0; i < m->nsteps; i++) {
            const pf_step *s = &m->steps[i];
            char name[PF_REPLAY_NAME_MAX + 1];
            assert_true(g->name(st, s->action, name, sizeof name) > 0);
            const cJSON *step = cJSON_GetArrayItem(acts, i);
            assert_int_equal(cJSON_GetArrayItem(step, 0)->valuedouble, s->seat);
            assert_string_equal(cJSON_GetArrayItem(step, 1)->valuestring, name);
            assert_int_equal(cJSON_GetArrayItem(step, 2)->valuedouble, s->t_ms);
            g->apply(st, s->seat, s->action, s->t_ms, NULL);
        }
        test_free(st);
        cJSON_Delete(r);
        pf_match_destroy(m);
    }
}

/* Pancake through a descriptor whose apply counts its calls. */
static const pf_game *counted_game;
static int applies;

static void counting_apply(void *st, int seat, pf_action a, int64_t t, pf_events *ev)
{
    applies++;
    counted_game->apply(st, seat, a, t, ev);
}

/* Saving reads the recorded names: it applies no action, however long the
 * game. */
static void a_save_replays_nothing(void **state)
{
    (void)state;
    counted_game = pf_test_game("pancake");
    pf_game counting = *counted_game;
    counting.apply = counting_apply;
    pf_error err;
    pf_match *m = pf_match_create(&counting, 2, NULL, 42, &err);
    assert_non_null(m);
    const pf_bot_def *bot = pf_bot_find(&counting, "random");
    for (int i = 0; i < 30 && !pf_match_over(m, NULL); i++)
        pf_test_bot_move(m, __builtin_ctz(counting.to_act(m->state)), bot, NULL);
    assert_int_equal(applies, m->nsteps);
    applies = 0;
    cJSON *r = pf_match_save(m);
    assert_non_null(r);
    assert_int_equal(applies, 0);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(r, "actions")), m->nsteps);
    cJSON_Delete(r);
    pf_match_destroy(m);
}

/* A replay holds the game's own names, whatever spelling a person or a
 * replay written by hand used: Pancake Party's parser takes "TOSS .5",
 * the step and the save say "toss 0.50". */
static void names_are_recorded_the_games_way(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pancake");
    pf_error err;
    pf_match *m = pf_match_create(g, 2, NULL, 42, &err);
    assert_non_null(m);
    int seat = __builtin_ctz(g->to_act(m->state));
    assert_int_equal(pf_match_apply_named(m, seat, "TOSS .5", 0, NULL, &err), PF_E_OK);
    assert_string_equal(m->steps[0].name, "toss 0.50");
    cJSON *r = pf_match_save(m);
    const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "actions"), 0);
    assert_string_equal(cJSON_GetArrayItem(first, 1)->valuestring, "toss 0.50");
    /* A version 1 replay (no check) spelled the other way saves canonically. */
    cJSON_ReplaceItemInArray((cJSON *)first, 1, cJSON_CreateString("TOSS .5"));
    cJSON_DeleteItemFromObject(r, "check");
    cJSON_ReplaceItemInObject(r, "version", cJSON_CreateNumber(1));
    pf_match *back = pf_match_load(r, &err);
    assert_non_null(back);
    assert_string_equal(back->steps[0].name, "toss 0.50");
    pf_match_destroy(back);
    cJSON_Delete(r);
    pf_match_destroy(m);
}

/* cJSON's allocator, made to fail once at allocation number fail_at. */
static long allocations, fail_at = -1;

static void *failing_once(size_t n)
{
    return allocations++ == fail_at ? NULL : malloc(n);
}

/* Running out of memory at any one allocation while saving gives NULL or
 * the whole replay, never a sealed replay with a part missing. */
static void a_save_short_of_memory_is_whole_or_nothing(void **state)
{
    (void)state;
    pf_match *m = played(12);
    cJSON *whole = pf_match_save(m);
    assert_non_null(whole);
    cJSON_Hooks hooks = {failing_once, free};
    cJSON_InitHooks(&hooks);
    int failed = 0;
    for (fail_at = 0;; fail_at++) {
        allocations = 0;
        cJSON *r = pf_match_save(m);
        bool reached = allocations > fail_at;
        if (r && !cJSON_Compare(r, whole, true)) {
            cJSON_InitHooks(NULL);
            fail_msg("allocation %ld failing gave a different replay", fail_at);
        }
        failed += !r;
        cJSON_Delete(r);
        if (!reached)
            break;
    }
    cJSON_InitHooks(NULL);
    fail_at = -1;
    assert_true(failed > 0);
    cJSON_Delete(whole);
    pf_match_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_save_loads_back_with_version_and_check),
        cmocka_unit_test(the_check_covers_only_the_files_content),
        cmocka_unit_test(the_check_ignores_how_the_file_is_written),
        cmocka_unit_test(a_cut_save_is_refused),
        cmocka_unit_test(an_edited_seed_is_refused),
        cmocka_unit_test(an_edited_front_end_member_is_refused),
        cmocka_unit_test(a_missing_check_is_refused),
        cmocka_unit_test(versions_are_read),
        cmocka_unit_test(version_1_loads_with_a_warning),
        cmocka_unit_test(version_2_names_count_seats_from_0),
        cmocka_unit_test(a_move_made_with_a_hint_is_marked),
        cmocka_unit_test(version_3_loads_without_marks),
        cmocka_unit_test(numbers_must_be_whole_and_in_range),
        cmocka_unit_test(names_and_counts_are_capped),
        cmocka_unit_test(text_must_be_utf8),
        cmocka_unit_test(messages_quote_the_file_printably),
        cmocka_unit_test(files_round_trip_and_cut_files_fail),
        cmocka_unit_test(a_save_names_steps_as_the_game_did),
        cmocka_unit_test(a_save_replays_nothing),
        cmocka_unit_test(names_are_recorded_the_games_way),
        cmocka_unit_test(a_save_short_of_memory_is_whole_or_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
