/* test_lesson_room.c: a lesson spoken to as a room (lesson_room.h), as the
 * page plays it in the WebAssembly module: Pizza Party's lesson file,
 * its moment in every push, the one move it asks for (any other refused
 * with its reason, nothing changed), Next, a chapter's end, restart and
 * goto, and a refused file. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/file.h"
#include "partyfood/lesson_room.h"
#include "partyfood/web_dir.h"
#include "pf_test.h"

static char *lesson_text(const char *game, size_t *len)
{
    char dir[4096], path[4200];
    const char *web = pf_web_dir(dir, sizeof dir); /* buf, or a path of its own */
    assert_non_null(web);
    snprintf(path, sizeof path, "%s/lessons/%s.json", web, game);
    pf_error err;
    char *text = pf_file_read(path, 1u << 20, len, &err);
    if (!text)
        fail_msg("%s: %s", path, err.msg);
    return text;
}

/* Sends line: its answer; *push the push it caused (NULL: none). */
static cJSON *ask(pf_lesson_room *r, const char *line, cJSON **push)
{
    char *p = NULL;
    cJSON *answer = pf_test_json(pf_lesson_room_handle(r, line, strlen(line), 0, &p));
    *push = p ? pf_test_json(p) : NULL;
    return answer;
}

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static const cJSON *moment(const cJSON *push)
{
    assert_non_null(push);
    const cJSON *m = cJSON_GetObjectItem(push, "lesson");
    assert_non_null(m);
    return m;
}

/* Asks line, which must be answered ok with a push of kind `push`; the
 * push's moment kind must be `kind`. The push, the caller's. */
static cJSON *step(pf_lesson_room *r, const char *line, const char *push_kind, const char *kind)
{
    cJSON *push;
    cJSON *a = ask(r, line, &push);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(a, "ok")));
    cJSON_Delete(a);
    assert_string_equal(str(push, "push"), push_kind);
    assert_string_equal(str(moment(push), "kind"), kind);
    return push;
}

static void pizza_lesson_as_a_room(void **state)
{
    (void)state;
    size_t len;
    char *text = lesson_text("pizza", &len), *error = NULL;
    pf_lesson_room *r = pf_lesson_room_create(text, len, 0, &error);
    assert_non_null(r);

    cJSON *room = pf_test_json(pf_lesson_room_room(r));
    assert_string_equal(str(room, "game"), "pizza");
    const cJSON *about = cJSON_GetObjectItem(room, "lesson");
    assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(about, "chapters")) >= 2);
    assert_string_equal(str(cJSON_GetArrayItem(cJSON_GetObjectItem(room, "seats"), 0), "name"),
                        "You");
    cJSON_Delete(room);

    /* A note: nobody is to act, no choices. */
    cJSON *p = step(r, "{\"cmd\":\"hello\",\"id\":1}", "sync", "note");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(p, "to_act")), 0);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(p, "legal")), 0);
    const cJSON *show = cJSON_GetArrayItem(cJSON_GetObjectItem(moment(p), "show"), 0);
    assert_string_equal(cJSON_IsString(show) ? show->valuestring : "", "slice red");
    cJSON_Delete(p);
    cJSON *push;
    cJSON *a = ask(r, "{\"cmd\":\"act\",\"action\":\"flip 0\"}", &push);
    assert_string_equal(str(cJSON_GetObjectItem(a, "error"), "code"), "not_your_turn");
    assert_null(push);
    cJSON_Delete(a);

    cJSON_Delete(step(r, "{\"cmd\":\"next\"}", "steps", "note"));
    /* The person's move: the one asked for, with the person's choices. */
    p = step(r, "{\"cmd\":\"next\"}", "steps", "you");
    assert_string_equal(str(moment(p), "act"), "flip 0");
    assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(p, "legal")) > 1);
    cJSON_Delete(p);
    /* Another move: refused with the lesson's reason, nothing changed. */
    a = ask(r, "{\"cmd\":\"act\",\"action\":\"flip 1\",\"id\":7}", &push);
    assert_string_equal(str(cJSON_GetObjectItem(a, "error"), "code"), "illegal_action");
    assert_string_equal(str(cJSON_GetObjectItem(a, "error"), "message"),
                        "Not that one yet: try the piece that shines.");
    assert_null(push);
    cJSON_Delete(a);
    p = step(r, "{\"cmd\":\"act\",\"action\":\"flip 0\"}", "steps", "note");
    const cJSON *steps = cJSON_GetObjectItem(p, "steps");
    assert_int_equal(cJSON_GetArraySize(steps), 1);
    assert_string_equal(str(cJSON_GetArrayItem(steps, 0), "action"), "flip 0");
    /* The person's seat is named You: its texts read "You turned over",
     * never "You (you) turned over". */
    const cJSON *events = cJSON_GetObjectItem(cJSON_GetArrayItem(steps, 0), "events");
    const char *told = str(cJSON_GetArrayItem(events, 0), "text");
    if (strncmp(told, "You turned over cell 0", 22) != 0)
        fail_msg("the step reads \"%s\"", told);
    cJSON_Delete(p);
    /* The chapter's end, then the next chapter: a sync. */
    cJSON_Delete(step(r, "{\"cmd\":\"next\"}", "steps", "done"));
    p = step(r, "{\"cmd\":\"next\"}", "sync", "bot");
    assert_int_equal(cJSON_GetObjectItem(moment(p), "chapter")->valueint, 1);
    cJSON_Delete(p);
    /* Restart and goto start a chapter afresh. */
    p = step(r, "{\"cmd\":\"restart\"}", "sync", "bot");
    assert_int_equal(cJSON_GetObjectItem(moment(p), "step")->valueint, 0);
    cJSON_Delete(p);
    p = step(r, "{\"cmd\":\"goto\",\"chapter\":0}", "sync", "note");
    assert_int_equal(cJSON_GetObjectItem(moment(p), "chapter")->valueint, 0);
    cJSON_Delete(p);
    a = ask(r, "{\"cmd\":\"goto\",\"chapter\":99}", &push);
    assert_string_equal(str(cJSON_GetObjectItem(a, "error"), "code"), "bad_request");
    assert_null(push);
    cJSON_Delete(a);
    a = ask(r, "{\"cmd\":\"undo\"}", &push);
    assert_string_equal(str(cJSON_GetObjectItem(a, "error"), "code"), "unknown_command");
    cJSON_Delete(a);

    pf_lesson_room_destroy(r);
    free(text);
}

static void a_bad_file_is_refused(void **state)
{
    (void)state;
    const char *bad = "{\"format\":\"partyfood-lesson\",\"version\":9}";
    char *error = NULL;
    assert_null(pf_lesson_room_create(bad, strlen(bad), 0, &error));
    cJSON *e = pf_test_json(error);
    assert_string_equal(str(cJSON_GetObjectItem(e, "error"), "code"), "bad_lesson");
    cJSON_Delete(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pizza_lesson_as_a_room),
        cmocka_unit_test(a_bad_file_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
