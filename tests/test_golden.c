/* test_golden.c: golden transcripts (STYLE habit 10).
 *
 * One fixed-seed game of each registered game, played by the random bot on
 * every seat, written out as text (actions, public events, the final table
 * and results) and compared with tests/golden/<id>.txt. A rules change shows
 * up as a readable diff. After a deliberate change, regenerate with
 *   PF_GOLDEN_UPDATE=1 ctest --test-dir build -R golden
 * and review the diff before committing it. */
#include <stdlib.h>
#include <string.h>

#include "pf_test.h"

#define EVENT_CAP 256
#define TEXT_CAP 16384

typedef struct buf {
    char *s;
    size_t len, cap;
} buf;

static void put(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(buf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if ((size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        b->cap = b->cap * 2 + (size_t)n;
        b->s = realloc(b->s, b->cap);
    }
}

/* The transcript of game g's golden game. */
static char *transcript(const pf_game *g)
{
    const pf_test_config *cfg = &g->test_configs[0];
    pf_options opt;
    pf_error err;
    pf_test_options(&opt, cfg->options);
    pf_match *m = pf_match_create(g, cfg->seats, &opt, 2026, &err);
    assert_non_null(m);
    buf b = {malloc(4096), 0, 4096};
    b.s[0] = '\0';
    put(&b, "%s, %d seats, options '%s', seed 2026, random bots\n", g->title, cfg->seats,
        cfg->options);
    const pf_bot_def *bots[PF_MAX_SEATS];
    for (int i = 0; i < PF_MAX_SEATS; i++)
        bots[i] = &pf_bot_random;
    while (!pf_match_over(m, NULL)) {
        int seat;
        pf_action a;
        int64_t t;
        pf_bot_ctx c = {g, m->state, m->seats, m->nsteps, m->now, 99};
        assert_int_equal(pf_bots_next(&c, bots, &seat, &a, &t), PF_E_OK);
        char name[96];
        g->name(m->state, a, name, sizeof name);
        pf_event evbuf[EVENT_CAP];
        pf_events ev = {evbuf, 0, EVENT_CAP, 0};
        assert_int_equal(pf_match_apply(m, seat, a, t, &ev, &err), PF_E_OK);
        put(&b, "%d. seat %d: %s", m->nsteps, seat + 1, name); /* as partyfood replay */
        if (g->real_time)
            put(&b, " @%lld", (long long)t);
        put(&b, "\n");
        for (int i = 0; i < ev.n; i++)
            if (evbuf[i].to < 0)
                put(&b, "   %s\n", evbuf[i].text);
    }
    char *text = malloc(TEXT_CAP);
    g->render(m->state, PF_SEAT_SPECTATOR, text, TEXT_CAP);
    put(&b, "\n%s\n", text);
    double r[PF_MAX_SEATS];
    pf_match_over(m, r);
    put(&b, "results:");
    for (int i = 0; i < m->seats; i++)
        put(&b, " %g", r[i]);
    put(&b, "\n");
    free(text);
    pf_match_destroy(m);
    return b.s;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    s[fread(s, 1, (size_t)n, f)] = '\0';
    fclose(f);
    return s;
}

static void golden(void **state)
{
    const pf_game *g = *state;
    const char *src = getenv("PF_SOURCE_DIR");
    assert_non_null(src);
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/golden/%s.txt", src, g->id);
    char *got = transcript(g);
    const char *update = getenv("PF_GOLDEN_UPDATE");
    if (update && strcmp(update, "1") == 0) {
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        fputs(got, f);
        fclose(f);
    }
    char *want = read_all(path);
    if (!want)
        fail_msg("no golden transcript %s; create it with PF_GOLDEN_UPDATE=1", path);
    if (strcmp(want, got) != 0) {
        /* Point at the first differing line. */
        int line = 1;
        size_t i = 0;
        while (want[i] && want[i] == got[i])
            line += want[i++] == '\n';
        fail_msg("%s differs from the golden transcript at line %d (rules changed? review, "
                 "then PF_GOLDEN_UPDATE=1)",
                 g->id, line);
    }
    free(want);
    free(got);
}

int main(void)
{
    static struct CMUnitTest tests[64];
    int n = 0;
    for (int i = 0; i < pf_game_count() && n < 64; i++)
        tests[n++] = (struct CMUnitTest){pf_game_at(i)->id, golden, NULL, NULL,
                                         (void *)pf_game_at(i)};
    return _cmocka_run_group_tests("golden", tests, (size_t)n, NULL, NULL);
}
