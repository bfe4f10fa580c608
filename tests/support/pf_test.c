/* pf_test.c: helpers shared by the cmocka test programs. */
#include "pf_test.h"

#include "partyfood/file.h"
#include "partyfood/parse.h"
#include "partyfood/why.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const pf_game *pf_test_game(const char *id)
{
    const pf_game *g = pf_game_find(id);
    if (!g)
        fail_msg("game '%s' is not registered", id);
    return g;
}

void pf_test_options(pf_options *o, const char *spec)
{
    pf_options_clear(o);
    char buf[PF_OPT_MAX * (PF_OPT_KEY + PF_OPT_VAL)];
    snprintf(buf, sizeof buf, "%s", spec ? spec : "");
    char *save = NULL;
    for (char *kv = strtok_r(buf, ";", &save); kv; kv = strtok_r(NULL, ";", &save)) {
        pf_error err;
        if (pf_options_parse(o, kv, &err) != PF_E_OK)
            fail_msg("bad test option '%s': %s", kv, err.msg);
    }
}

pf_err pf_test_init_error(const pf_game *g, int seats, const char *spec, pf_error *err)
{
    pf_options o;
    pf_test_options(&o, spec);
    void *st = malloc(g->state_size);
    pf_err e = pf_state_init(g, st, seats, &o, 1, err);
    free(st);
    return e;
}

void *pf_test_new(const pf_game *g, int seats, const char *spec, uint64_t seed)
{
    pf_options o;
    pf_error err;
    pf_test_options(&o, spec);
    void *st = test_malloc(g->state_size);
    if (pf_state_init(g, st, seats, &o, seed, &err) != PF_E_OK)
        fail_msg("%s init refused (%d seats, '%s'): %s", g->id, seats, spec, err.msg);
    return st;
}

void pf_test_act(const pf_game *g, void *st, int seat, const char *name, int64_t t,
                 pf_events *ev)
{
    pf_error err;
    if (pf_state_apply_named(g, st, seat, name, t, ev, &err) != PF_E_OK)
        fail_msg("seat %d '%s' refused: %s", seat, name, err.msg);
}

void pf_test_refused(const pf_game *g, void *st, int seat, const char *name, int64_t t,
                     pf_err code)
{
    void *copy = test_malloc(g->state_size);
    memcpy(copy, st, g->state_size);
    pf_error err;
    pf_err got = pf_state_apply_named(g, st, seat, name, t, NULL, &err);
    if (got != code)
        fail_msg("seat %d '%s': expected %s, got %s (%s)", seat, name, pf_err_code(code),
                 pf_err_code(got), got ? err.msg : "accepted");
    assert_memory_equal(copy, st, g->state_size);
    test_free(copy);
}

bool pf_test_is_legal(const pf_game *g, const void *st, int seat, const char *name)
{
    pf_action want, legal[PF_MAX_LEGAL];
    if (g->parse(st, name, &want) != PF_E_OK)
        fail_msg("'%s' does not parse", name);
    int n = g->legal(st, seat, legal, PF_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (legal[i] == want)
            return true;
    return false;
}

int pf_test_legal_count(const pf_game *g, const void *st, int seat)
{
    pf_action legal[PF_MAX_LEGAL];
    return g->legal(st, seat, legal, PF_MAX_LEGAL);
}

bool pf_test_saw(const pf_events *ev, int seat, const char *kind)
{
    for (int i = 0; i < ev->n; i++)
        if (pf_event_visible(&ev->buf[i], seat) && strcmp(ev->buf[i].kind, kind) == 0)
            return true;
    return false;
}

char *pf_test_view_text(const pf_game *g, const void *st, int seat)
{
    return pf_state_view_text(g, st, seat);
}

cJSON *pf_test_json(char *text)
{
    assert_non_null(text);
    cJSON *o = cJSON_Parse(text);
    assert_non_null(o);
    free(text);
    return o;
}

cJSON *pf_test_ask_n(pf_session *s, const char *line, size_t len)
{
    char *text = pf_session_handle(s, line, len);
    assert_non_null(text);
    assert_null(strchr(text, '\n'));
    if (!pf_utf8_valid(text, strlen(text)))
        fail_msg("answer is not UTF-8: %s", text);
    cJSON *r = cJSON_ParseWithOpts(text, NULL, true);
    if (!cJSON_IsObject(r))
        fail_msg("answer is not one JSON object: %s", text);
    free(text);
    return r;
}

cJSON *pf_test_ask(pf_session *s, const char *line)
{
    return pf_test_ask_n(s, line, strlen(line));
}

const char *pf_test_bin(void)
{
    const char *b = getenv("PF_BIN");
    if (!b)
        fail_msg("PF_BIN is not set (run through ctest)");
    return b ? b : ""; /* fail_msg does not return; gcc -O3 cannot tell */
}

char *pf_test_run(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, len = 0, got;
    char *out = malloc(cap);
    assert_non_null(out);
    while ((got = fread(out + len, 1, cap - len - 1, p)) > 0) {
        len += got;
        if (len + 1 == cap) {
            out = realloc(out, cap *= 2);
            assert_non_null(out);
        }
    }
    out[len] = '\0';
    pclose(p);
    return out;
}

void pf_test_remove_dir(const char *dir)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

void pf_test_bot_move(pf_match *m, int seat, const pf_bot_def *bot, pf_events *ev)
{
    pf_bot_ctx c = {m->game, m->state, m->seats, m->nsteps, m->now, m->seed};
    pf_action a;
    int64_t t;
    pf_error err;
    assert_int_equal(pf_bot_plan(&c, bot, seat, &a, &t), PF_E_OK);
    if (pf_match_apply(m, seat, a, t < m->now ? m->now : t, ev, &err) != PF_E_OK)
        fail_msg("%s: bot '%s' for seat %d: %s", m->game->id, bot->name, seat, err.msg);
}

char *pf_test_read(const char *path)
{
    pf_error err;
    char *s = pf_file_read(path, 1 << 24, NULL, &err);
    if (!s)
        fail_msg("%s", err.msg);
    return s;
}

void pf_test_explain(const pf_game *g, const void *st, int seats, int seat, const char *move,
                     pf_why *w)
{
    pf_action a;
    if (g->parse(st, move, &a) != PF_E_OK)
        fail_msg("%s: '%s' is no action", g->id, move);
    pf_bot_ctx c = {g, st, seats, 0, 0, 5};
    assert_true(pf_bot_explain(&c, seat, a, w));
}

const pf_why_fact *pf_test_fact(const pf_why *w, const char *name)
{
    for (int i = 0; i < w->nfacts; i++)
        if (strcmp(w->fact[i].name, name) == 0)
            return &w->fact[i];
    fail_msg("no fact '%s' in \"%s\"", name, w->text);
    return NULL;
}

const pf_why_arg *pf_test_arg(const pf_why_fact *f, const char *key)
{
    for (int i = 0; i < f->nargs; i++)
        if (strcmp(f->arg[i].key, key) == 0)
            return &f->arg[i];
    fail_msg("fact '%s' has no '%s'", f->name, key);
    return NULL;
}
