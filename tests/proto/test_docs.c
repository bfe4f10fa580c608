/* test_docs.c: the sessions shown in docs/protocol.md and in every game's
 * page (docs/games/<id>.md) are real. Every "> request" line of a page is
 * sent, in order, to one session (a "new"
 * starts a fresh game), and the engine's answer must be the "< answer" line
 * that follows it, byte for byte. A line "$ partyfood engine [--seat N |
 * --spectator]" starts a fresh session, bound as the flags say, for the
 * rest of its code block; an unbound one follows. PF_GOLDEN_UPDATE=1 rewrites the answers
 * after a deliberate change (read the diff). */
#include <stdlib.h>
#include <string.h>

#include "partyfood/file.h"
#include "pf_test.h"

#define ENGINE "$ partyfood engine"

/* The binding the flags after ENGINE ask for (up to the end of the line). */
static int binding(const char *flags)
{
    if (strncmp(flags, " --spectator\n", 13) == 0)
        return PF_SEAT_SPECTATOR;
    if (strncmp(flags, " --seat ", 8) == 0)
        return atoi(flags + 8);
    if (*flags != '\n')
        fail_msg("unknown engine flags: %.40s", flags);
    return PF_SESSION_OWNER;
}

/* Replays the sessions of one page (its path under the source tree). */
static void replay_page(const char *page)
{
    const char *src = getenv("PF_SOURCE_DIR");
    if (!src)
        fail_msg("PF_SOURCE_DIR is not set (run through ctest)");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", src, page);
    pf_error err;
    char *doc = pf_file_read(path, 1 << 20, NULL, &err);
    if (!doc)
        fail_msg("%s", err.msg);
    bool update = getenv("PF_GOLDEN_UPDATE") != NULL;
    char *out = NULL;
    size_t out_len = 0;
    FILE *rewritten = open_memstream(&out, &out_len);
    pf_session s;
    pf_session_init(&s);
    char *answer = NULL; /* the engine's answer to the last request */
    int requests = 0, mismatches = 0;
    for (char *line = doc, *next; *line; line = next) {
        char *nl = strchr(line, '\n');
        next = nl ? nl + 1 : line + strlen(line);
        size_t len = (size_t)(next - line) - (nl ? 1 : 0);
        if (len > 2 && strncmp(line, ENGINE, strlen(ENGINE)) == 0) {
            pf_session_fini(&s);
            pf_session_init(&s);
            pf_session_bind(&s, binding(line + strlen(ENGINE)));
        } else if (strncmp(line, "```", 3) == 0 && s.bound != PF_SESSION_OWNER) {
            pf_session_fini(&s);
            pf_session_init(&s);
        } else if (len > 2 && line[0] == '>' && line[1] == ' ') {
            free(answer);
            line[len] = '\0'; /* pf_session_handle wants a NUL after the request */
            answer = pf_session_handle(&s, line + 2, len - 2);
            if (nl)
                *nl = '\n';
            requests++;
        } else if (len > 2 && line[0] == '<' && line[1] == ' ' && answer) {
            if (strlen(answer) != len - 2 || memcmp(answer, line + 2, len - 2) != 0) {
                mismatches++;
                if (!update)
                    print_error("%s says:\n  %.*s\nthe engine says:\n  %s\n", page,
                                (int)(len - 2), line + 2, answer);
            }
            fprintf(rewritten, "< %s\n", answer);
            free(answer);
            answer = NULL;
            continue;
        }
        fwrite(line, 1, (size_t)(next - line), rewritten);
    }
    free(answer);
    fclose(rewritten);
    pf_session_fini(&s);
    assert_true(requests >= 5);
    if (update && mismatches)
        assert_int_equal(pf_file_write_atomic(path, out, out_len, &err), PF_E_OK);
    else
        assert_int_equal(mismatches, 0);
    free(out);
    free(doc);
}

static void the_protocol_page(void **state)
{
    (void)state;
    replay_page("docs/protocol.md");
}

/* Every game's page has a short session of its own. */
static void the_game_pages(void **state)
{
    (void)state;
    for (int i = 0; i < pf_game_count(); i++) {
        char page[64];
        snprintf(page, sizeof page, "docs/games/%s.md", pf_game_at(i)->id);
        replay_page(page);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_protocol_page),
        cmocka_unit_test(the_game_pages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
