/* test_agree.c: the engine as WebAssembly agrees with the native engine,
 * answer for answer, byte for byte (docs/offline.md).
 *
 * node runs the module through the page's own glue (engine_pipe.mjs, a
 * `partyfood engine` made of web/js/engine/engine.js); this program sends
 * every request both to it and to a native session, and compares the two
 * answers. The games are the conformance suite's: every game's test
 * configs on the suite's seeds (1, 2, ...; the choices from seed * 7 + 3),
 * played through every command of the protocol on the way (legal, the view
 * of every seat and the public one, act, bot and plan with the game's
 * quick bots, undo, refusals, result, then save and load). Then the
 * secrecy suite's tables: a session bound to seat 0, every other seat a
 * bot of a level from the ladder, whose answers carry the bots' steps; and
 * a spectator's. The expert's own decisions are compared in a few games
 * too. Last, solo rooms (solo.h): whole games against bots on the page's
 * clock, their answers and pushes, a save and the game resumed from it.
 *
 * Skipped (77) when the WebAssembly toolchain or node is missing; with the
 * toolchain there, a module not built (`make wasm`) fails.
 *
 * PF_TEST_SCALE (a number, default 1) scales the number of games. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "partyfood/rng.h"
#include "partyfood/seating.h"
#include "partyfood/session.h"
#include "partyfood/solo.h"
#include "pf_test.h"

#define GAMES_PER_CONFIG 10 /* owner games a test config, at scale 1 */
#define BOUND_GAMES 3       /* bound games a game, seat count and seat, at scale 1 */
#define EXPERT_GAMES 2      /* against the expert, a game */
#define REQUESTS_A_STEP 8 /* at most, in a game: it must end within max_steps */
#define LINE_MAX_BYTES (1 << 22)

/* The WebAssembly engine: a node process answering on a pipe. */
typedef struct wasm_engine {
    pid_t pid;
    FILE *to, *from;
} wasm_engine;

/* Both engines, bound alike, and what is being played (for messages). */
typedef struct pair {
    pf_session native;
    wasm_engine wasm;
    char what[160];
    long requests;
    struct timespec start;
} pair;

static char *answer_buf;

static double scale(void)
{
    const char *s = getenv("PF_TEST_SCALE");
    double x = s ? atof(s) : 1.0;
    return x > 0 ? x : 1.0;
}

/* Seconds since start, for the messages (never asserted). */
static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

static const char *module_path(void)
{
    const char *m = getenv("PF_WASM_MODULE");
    return m && *m ? m : "build-wasm/partyfood.wasm";
}

/* Starts node on the module, bound as `partyfood engine` would be by args. */
static void wasm_start(wasm_engine *w, const char *flag, const char *value)
{
    char pipe_js[4096];
    const char *src = getenv("PF_SOURCE_DIR");
    snprintf(pipe_js, sizeof pipe_js, "%s/tests/wasm/engine_pipe.mjs", src ? src : ".");
    int in[2], out[2];
    assert_int_equal(pipe(in), 0);
    assert_int_equal(pipe(out), 0);
    w->pid = fork();
    assert_true(w->pid >= 0);
    if (w->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execlp("node", "node", "--no-warnings", pipe_js, module_path(), flag, value,
               (char *)NULL);
        _exit(127);
    }
    close(in[0]), close(out[1]);
    w->to = fdopen(in[1], "w");
    w->from = fdopen(out[0], "r");
    assert_non_null(w->to);
    assert_non_null(w->from);
}

static void wasm_stop(wasm_engine *w)
{
    fclose(w->to);
    fclose(w->from);
    int status;
    assert_int_equal(waitpid(w->pid, &status, 0), w->pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* The module's answer to line. */
static const char *wasm_ask(wasm_engine *w, const char *line)
{
    fputs(line, w->to);
    fputc('\n', w->to);
    fflush(w->to);
    if (!fgets(answer_buf, LINE_MAX_BYTES, w->from))
        fail_msg("the WebAssembly engine stopped answering (at %s)", line);
    answer_buf[strcspn(answer_buf, "\n")] = '\0';
    return answer_buf;
}

/* bound: NULL for the owner, else `--seat N` or `--spectator`. */
static void pair_open(pair *p, int bound)
{
    pf_session_init(&p->native);
    pf_session_bind(&p->native, bound);
    char seat[16];
    snprintf(seat, sizeof seat, "%d", bound);
    if (bound == PF_SESSION_OWNER)
        wasm_start(&p->wasm, NULL, NULL);
    else if (bound == PF_SEAT_SPECTATOR)
        wasm_start(&p->wasm, "--spectator", NULL);
    else
        wasm_start(&p->wasm, "--seat", seat);
    p->requests = 0;
    clock_gettime(CLOCK_MONOTONIC, &p->start);
}

static void pair_close(pair *p)
{
    pf_session_fini(&p->native);
    wasm_stop(&p->wasm);
}

/* Sends line to both engines; true when the answers are the same bytes. */
static bool same_answer(pair *p, const char *line, char **native)
{
    *native = pf_session_handle(&p->native, line, strlen(line));
    assert_non_null(*native);
    return strcmp(*native, wasm_ask(&p->wasm, line)) == 0;
}

/* Sends line to both engines; the answers must be the same bytes. Returns
 * the answer, parsed (caller deletes). */
static cJSON *ask(pair *p, const char *line)
{
    char *native;
    if (!same_answer(p, line, &native))
        fail_msg("%s: the engines disagree after %ld requests\nrequest: %s\nnative:  %s\n"
                 "wasm:    %s",
                 p->what, p->requests, line, native, answer_buf);
    p->requests++;
    cJSON *r = cJSON_Parse(native);
    free(native);
    assert_non_null(r);
    return r;
}

static void ask_drop(pair *p, const char *line)
{
    cJSON_Delete(ask(p, line));
}

/* Asks cmd for seat; the answer, parsed (caller deletes). */
static cJSON *ask_seat(pair *p, const char *cmd, int seat)
{
    char line[128];
    snprintf(line, sizeof line, "{\"cmd\":\"%s\",\"seat\":%d}", cmd, seat);
    return ask(p, line);
}

/* seat's act of the action named by the JSON string name, at t (or the
 * room's time: t < 0, no seat), into line. */
static void act_line(char *line, size_t n, int seat, const cJSON *name, long long t)
{
    char *quoted = cJSON_PrintUnformatted(name);
    if (t < 0)
        snprintf(line, n, "{\"cmd\":\"act\",\"action\":%s}", quoted);
    else
        snprintf(line, n, "{\"cmd\":\"act\",\"seat\":%d,\"action\":%s,\"t\":%lld}", seat, quoted,
                 t);
    free(quoted);
}

static bool ok(const cJSON *r)
{
    return cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
}

/* The seats to act in an answer that has "to_act" (0 when over or absent). */
static uint32_t to_act(const cJSON *r)
{
    uint32_t set = 0;
    const cJSON *a = cJSON_GetObjectItem(r, "to_act"), *x;
    cJSON_ArrayForEach(x, a) set |= 1u << x->valueint;
    return cJSON_IsTrue(cJSON_GetObjectItem(r, "over")) ? 0 : set;
}

/* One seat of set, at random. */
static int pick_seat(pf_rng *rng, uint32_t set)
{
    int k = (int)pf_rng_below(rng, (uint32_t)pf_seat_count(set));
    while (k--)
        set &= set - 1;
    return __builtin_ctz(set);
}

/* The options of a test config ("k=v;k=v") as a JSON object's text. */
static void options_json(const char *spec, char *out, size_t n)
{
    size_t len = (size_t)snprintf(out, n, "{");
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", spec);
    char *save = NULL;
    for (char *kv = strtok_r(copy, ";", &save); kv; kv = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(kv, '=');
        assert_non_null(eq);
        *eq = '\0';
        cJSON *v = cJSON_CreateString(eq + 1);
        char *text = cJSON_PrintUnformatted(v);
        len += (size_t)snprintf(out + len, n - len, "%s\"%s\":%s", len > 1 ? "," : "", kv, text);
        free(text);
        cJSON_Delete(v);
    }
    snprintf(out + len, n - len, "}");
}

/* The game's bots that answer at once (no search), for bot and plan. */
static int quick_bots(const pf_game *g, const char **names, int max)
{
    const char *all[64];
    int n = pf_bot_names(g, all, 64), k = 0;
    for (int i = 0; i < n && k < max; i++)
        if (strcmp(all[i], "hard") != 0 && strcmp(all[i], "expert") != 0 &&
            strcmp(all[i], "ismcts") != 0)
            names[k++] = all[i];
    return k;
}

/* ---- the owner's games: the conformance suite's ---------------------------------- */

/* A whole game through every command, at the table's owner. */
static void owner_game(pair *p, const pf_game *g, const pf_test_config *cfg, uint64_t seed)
{
    char line[2048], opts[1024];
    const char *bots[64];
    int nbots = quick_bots(g, bots, 64);
    options_json(cfg->options, opts, sizeof opts);
    snprintf(p->what, sizeof p->what, "%s %d seats {%s} seed %llu", g->id, cfg->seats,
             cfg->options, (unsigned long long)seed);
    snprintf(line, sizeof line, "{\"cmd\":\"new\",\"game\":\"%s\",\"seats\":%d,\"seed\":%llu,"
             "\"options\":%s}", g->id, cfg->seats, (unsigned long long)seed, opts);
    cJSON *r = ask(p, line);
    assert_true(ok(r));
    uint32_t set = to_act(r);
    cJSON_Delete(r);
    pf_rng rng;
    pf_rng_seed(&rng, seed * 7 + 3);
    int64_t t = 0;
    int last_seat = -1;
    long most = p->requests + REQUESTS_A_STEP * (g->max_steps + 1);
    while (set && p->requests < most) {
        int seat = pick_seat(&rng, set);
        int other = (int)pf_rng_below(&rng, (uint32_t)cfg->seats + 1) - 1;
        cJSON_Delete(ask_seat(p, "view", other));
        if (other >= 0)
            cJSON_Delete(ask_seat(p, "legal", other));
        cJSON *legal = ask_seat(p, "legal", seat);
        const cJSON *actions = cJSON_GetObjectItem(legal, "actions");
        int nlegal = cJSON_GetArraySize(actions);
        if (g->real_time)
            t += pf_rng_below(&rng, 400);
        uint32_t roll = pf_rng_below(&rng, 100);
        const char *bot = bots[pf_rng_below(&rng, (uint32_t)nbots)];
        if (roll < 8) {
            snprintf(line, sizeof line, "{\"cmd\":\"bot\",\"seat\":%d,\"bot\":\"%s\"}", seat,
                     bot);
        } else if (roll < 12) {
            snprintf(line, sizeof line, "{\"cmd\":\"plan\",\"seat\":%d,\"bot\":\"%s\"}", seat,
                     bot);
        } else if (roll < 15 && last_seat >= 0) {
            snprintf(line, sizeof line, "{\"cmd\":\"undo\",\"seat\":%d}", last_seat);
        } else if (roll < 17) {
            snprintf(line, sizeof line, "{\"cmd\":\"act\",\"seat\":%d,\"action\":\"nonsense %u\"}",
                     (int)pf_rng_below(&rng, (uint32_t)cfg->seats + 2) - 1,
                     pf_rng_below(&rng, 100));
        } else if (roll < 18) {
            ask_drop(p, "{\"cmd\":\"result\"}");
            snprintf(line, sizeof line, "{\"cmd\":\"act\",\"seat\":%d,\"action\":\"%s\",\"t\":%lld}",
                     seat, nlegal ? cJSON_GetArrayItem(actions, 0)->valuestring : "x",
                     (long long)(t > 500 ? t - 500 : t)); /* maybe too early: time_backwards */
        } else if (nlegal) {
            act_line(line, sizeof line, seat,
                     cJSON_GetArrayItem(actions, (int)pf_rng_below(&rng, (uint32_t)nlegal)), t);
        } else {
            snprintf(line, sizeof line, "{\"cmd\":\"wait\",\"t\":%lld}", (long long)t);
        }
        cJSON_Delete(legal);
        r = ask(p, line);
        if (ok(r) && cJSON_GetObjectItem(r, "to_act")) {
            set = to_act(r);
            last_seat = strstr(line, "\"undo\"") ? -1 : seat;
        }
        cJSON_Delete(r);
    }
    if (set)
        fail_msg("%s: still on after %ld requests", p->what, p->requests);
    ask_drop(p, "{\"cmd\":\"result\"}");
    ask_drop(p, "{\"cmd\":\"view\",\"seat\":-1}");
    r = ask(p, "{\"cmd\":\"save\"}");
    char *replay = cJSON_PrintUnformatted(cJSON_GetObjectItem(r, "replay"));
    cJSON_Delete(r);
    size_t n = strlen(replay) + 64;
    char *load = malloc(n);
    snprintf(load, n, "{\"cmd\":\"load\",\"replay\":%s}", replay);
    r = ask(p, load);
    assert_true(ok(r));
    cJSON_Delete(r);
    ask_drop(p, "{\"cmd\":\"result\"}");
    free(load);
    free(replay);
}

static void owner_games(void **state)
{
    (void)state;
    pair p;
    pair_open(&p, PF_SESSION_OWNER);
    ask_drop(&p, "{\"cmd\":\"games\"}");
    int per_config = (int)(GAMES_PER_CONFIG * scale() + 0.5);
    long games = 0;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        for (const pf_test_config *cfg = g->test_configs; cfg && cfg->seats; cfg++)
            for (int k = 0; k < per_config; k++, games++)
                owner_game(&p, g, cfg, (uint64_t)k + 1);
    }
    print_message("owner: %ld games, %ld requests, every answer the same (%.1f s)\n", games,
                  p.requests, seconds_since(&p.start));
    pair_close(&p);
}

/* ---- bound sessions with bots at the table: the secrecy suite's --------------------- */

/* A game of n seats bound to the session's seat, the others bots of
 * `level`; the person plays at random until the end. A spectator watches
 * bots only. */
static void bound_game(pair *p, const pf_game *g, int n, const char *level, uint64_t seed)
{
    int me = p->native.bound;
    char line[1024], seating[512] = "";
    for (int i = 0; i < n; i++)
        snprintf(seating + strlen(seating), sizeof seating - strlen(seating),
                 i == me ? "%s\"ana\"" : "%s\"bot:%s\"", i ? "," : "", level);
    snprintf(p->what, sizeof p->what, "%s bound to %d, %d seats, bots %s, seed %llu", g->id, me, n, level,
             (unsigned long long)seed);
    snprintf(line, sizeof line, "{\"cmd\":\"new\",\"game\":\"%s\",\"seed\":%llu,\"seating\":[%s]}",
             g->id, (unsigned long long)seed, seating);
    cJSON *r = ask(p, line);
    assert_true(ok(r));
    uint32_t set = to_act(r);
    bool over = cJSON_IsTrue(cJSON_GetObjectItem(r, "over"));
    cJSON_Delete(r);
    pf_rng rng;
    pf_rng_seed(&rng, seed * 7 + 3);
    int64_t t = 0;
    long most = p->requests + REQUESTS_A_STEP * (g->max_steps + 1);
    while (!over && p->requests < most) {
        ask_drop(p, "{\"cmd\":\"view\",\"seat\":-1}");
        if (g->real_time)
            t += 1 + pf_rng_below(&rng, 400);
        if (me >= 0 && (set & (1u << me))) {
            cJSON_Delete(ask_seat(p, "view", me));
            cJSON *legal = ask_seat(p, "legal", me);
            const cJSON *actions = cJSON_GetObjectItem(legal, "actions");
            int nlegal = cJSON_GetArraySize(actions);
            if (nlegal) {
                act_line(line, sizeof line, me,
                         cJSON_GetArrayItem(actions, (int)pf_rng_below(&rng, (uint32_t)nlegal)), t);
            } else {
                snprintf(line, sizeof line, "{\"cmd\":\"wait\",\"t\":%lld}", (long long)t);
            }
            cJSON_Delete(legal);
        } else {
            snprintf(line, sizeof line, "{\"cmd\":\"wait\",\"t\":%lld}", (long long)t);
        }
        r = ask(p, line);
        if (!ok(r)) {
            /* Refused (the bots' moves due first changed the table, and a
             * refusal takes them back too): let them play, then choose again. */
            cJSON_Delete(r);
            snprintf(line, sizeof line, "{\"cmd\":\"wait\",\"t\":%lld}", (long long)t);
            r = ask(p, line);
        }
        if (ok(r)) {
            set = to_act(r);
            over = cJSON_IsTrue(cJSON_GetObjectItem(r, "over"));
        }
        cJSON_Delete(r);
        /* A bound session's refusals too: another seat's moves, the save. */
        if (pf_rng_below(&rng, 8) == 0) {
            cJSON_Delete(ask_seat(p, "legal", 1 - me % 2));
            ask_drop(p, "{\"cmd\":\"save\"}");
        }
    }
    if (!over)
        fail_msg("%s: still on after %ld requests", p->what, p->requests);
    ask_drop(p, "{\"cmd\":\"result\"}");
    ask_drop(p, "{\"cmd\":\"save\"}");
}

/* The levels the bound games seat, cheap to dear; the expert in few games. */
static const char *const LEVELS[] = {"random", "easy", "medium", "hard"};

static void bound_games_as(int bound, int games_scale)
{
    pair p;
    pair_open(&p, bound);
    int per = (int)(games_scale * scale() + 0.5);
    long games = 0;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        /* A spectator cannot "wait": in real time its bots would never move. */
        if (bound == PF_SEAT_SPECTATOR && g->real_time)
            continue;
        for (int n = g->min_seats; n <= g->max_seats && n <= 4; n++)
            for (int k = 0; k < per; k++, games++)
                bound_game(&p, g, n, LEVELS[(n + k) % 4], (uint64_t)(100 * n + k + 1));
    }
    print_message("bound to %d: %ld games, %ld requests, every answer the same (%.1f s)\n",
                  bound, games, p.requests, seconds_since(&p.start));
    pair_close(&p);
}

static void bound_games(void **state)
{
    (void)state;
    bound_games_as(0, BOUND_GAMES);
    bound_games_as(1, BOUND_GAMES);
}

static void spectator_games(void **state)
{
    (void)state;
    bound_games_as(PF_SEAT_SPECTATOR, 1);
}

/* The expert (ISMCTS, or the game's own strongest player) decides the same:
 * a few whole games of two seats against it. */
static void expert_games(void **state)
{
    (void)state;
    pair p;
    pair_open(&p, 0);
    for (int i = 0; i < pf_game_count(); i++)
        for (int k = 0; k < EXPERT_GAMES; k++)
            bound_game(&p, pf_game_at(i), 2, "expert", (uint64_t)77 + k);
    print_message("expert: %d games, %ld requests, every answer the same (%.1f s)\n",
                  pf_game_count() * EXPERT_GAMES, p.requests, seconds_since(&p.start));
    pair_close(&p);
}

/* The comparison sees a difference: a native owner and a module bound to
 * seat 0 answer "games" alike, but "new" differently (the bound session's
 * answer carries the steps). */
static void comparison_catches_a_difference(void **state)
{
    (void)state;
    pair p;
    pair_open(&p, 0);
    pf_session_bind(&p.native, PF_SESSION_OWNER);
    char *native;
    assert_true(same_answer(&p, "{\"cmd\":\"games\"}", &native));
    free(native);
    assert_false(same_answer(&p, "{\"cmd\":\"new\",\"game\":\"pizza\",\"seats\":2,\"seed\":5}",
                             &native));
    free(native);
    pair_close(&p);
}

/* ---- solo rooms ------------------------------------------------------------------- */

/* Both solo rooms do op; their answers and pushes must be the same bytes.
 * Returns the push, parsed (NULL when none; caller deletes) and the answer
 * in *answer when asked for. */
static cJSON *solo_op(pair *p, pf_solo **native, const char *op, int64_t now, const char *text,
                      cJSON **answer)
{
    char *a = NULL, *push = NULL;
    size_t len = text ? strlen(text) : 0;
    if (!strcmp(op, "create") || !strcmp(op, "resume")) {
        pf_solo_destroy(*native);
        *native = op[0] == 'c' ? pf_solo_create(text, len, now, &a)
                               : pf_solo_resume(text, len, now, &a);
    } else if (!strcmp(op, "handle")) {
        a = pf_solo_handle(*native, text, len, now, &push);
    } else if (!strcmp(op, "tick")) {
        push = pf_solo_tick(*native, now);
    } else if (!strcmp(op, "due")) {
        a = malloc(32);
        snprintf(a, 32, "%lld", (long long)pf_solo_due(*native));
    } else if (!strcmp(op, "sync")) {
        push = pf_solo_sync(*native, now);
    } else if (!strcmp(op, "save")) {
        a = pf_solo_save(*native);
    }
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "op", op);
    cJSON_AddNumberToObject(o, "now", (double)now);
    if (text)
        cJSON_AddStringToObject(o, "text", text);
    char *line = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    const char *lines[2] = {a ? a : "null", push ? push : "null"};
    char *wasm[2];
    for (int k = 0; k < 2; k++) {
        wasm[k] = strdup(k ? (fgets(answer_buf, LINE_MAX_BYTES, p->wasm.from), answer_buf)
                           : wasm_ask(&p->wasm, line));
        wasm[k][strcspn(wasm[k], "\n")] = '\0';
        if (strcmp(lines[k], wasm[k]) != 0)
            fail_msg("%s: the solo rooms disagree after %ld requests\nop: %s\nnative:  %s\n"
                     "wasm:    %s",
                     p->what, p->requests, line, lines[k], wasm[k]);
    }
    p->requests++;
    free(wasm[0]), free(wasm[1]);
    free(line);
    if (answer)
        *answer = a ? cJSON_Parse(a) : NULL;
    cJSON *pushed = push ? cJSON_Parse(push) : NULL;
    free(a), free(push);
    return pushed;
}

/* A whole solo game: the person at `me`, bots of `level` elsewhere, on the
 * page's clock; saved and resumed on the way. */
static void solo_game(pair *p, pf_solo **native, const pf_game *g, int n, int me,
                      const char *level, uint64_t seed)
{
    char setup[512], line[256];
    int len = snprintf(setup, sizeof setup, "{\"game\":\"%s\",\"seed\":%llu,\"fixed_order\":true,\"seating\":[",
                       g->id, (unsigned long long)seed);
    for (int i = 0; i < n; i++)
        len += snprintf(setup + len, sizeof setup - (size_t)len, i == me ? "%s\"ana\"" : "%s\"bot:%s\"",
                        i ? "," : "", level);
    snprintf(setup + len, sizeof setup - (size_t)len, "]}");
    snprintf(p->what, sizeof p->what, "solo %s, %d seats, person at %d, bots %s, seed %llu",
             g->id, n, me, level, (unsigned long long)seed);
    pf_rng rng;
    pf_rng_seed(&rng, seed * 7 + 3);
    int64_t now = 1000 + pf_rng_below(&rng, 1000);
    cJSON_Delete(solo_op(p, native, "create", now, setup, NULL));
    assert_non_null(*native);
    cJSON *push = solo_op(p, native, "handle", now, "{\"cmd\":\"hello\"}", NULL);
    bool over = cJSON_IsTrue(cJSON_GetObjectItem(push, "over"));
    cJSON_Delete(push);
    bool resumed = false;
    long first = p->requests, most = first + REQUESTS_A_STEP * (g->max_steps + 1);
    while (!over && p->requests < most) {
        now += 1 + pf_rng_below(&rng, 400);
        cJSON *due_answer;
        cJSON_Delete(solo_op(p, native, "due", now, NULL, &due_answer));
        double due = due_answer->valuedouble;
        cJSON_Delete(due_answer);
        if (due >= 0 && due <= now) {
            push = solo_op(p, native, "tick", (int64_t)due, NULL, NULL);
        } else {
            cJSON *legal;
            cJSON_Delete(solo_op(p, native, "handle", now, "{\"cmd\":\"legal\"}", &legal));
            const cJSON *actions = cJSON_GetObjectItem(legal, "actions");
            int nlegal = cJSON_GetArraySize(actions);
            push = NULL;
            if (nlegal) {
                act_line(line, sizeof line, 0,
                         cJSON_GetArrayItem(actions, (int)pf_rng_below(&rng, (uint32_t)nlegal)), -1);
                push = solo_op(p, native, "handle", now, line, NULL);
            }
            cJSON_Delete(legal);
            if (pf_rng_below(&rng, 8) == 0)
                cJSON_Delete(solo_op(p, native, "handle", now,
                                     "{\"cmd\":\"plan\",\"bot\":\"medium\"}", NULL));
        }
        if (push)
            over = cJSON_IsTrue(cJSON_GetObjectItem(push, "over"));
        cJSON_Delete(push);
        if (!resumed && p->requests - first > 40) { /* a reload: the save, and on from it */
            resumed = true;
            cJSON *save;
            cJSON_Delete(solo_op(p, native, "save", now, NULL, &save));
            char *text = cJSON_PrintUnformatted(save);
            cJSON_Delete(save);
            now += 5000;
            cJSON_Delete(solo_op(p, native, "resume", now, text, NULL));
            cJSON_Delete(solo_op(p, native, "sync", now, NULL, NULL));
            free(text);
        }
    }
    if (!over)
        fail_msg("%s: still on after %ld requests", p->what, p->requests);
    cJSON_Delete(solo_op(p, native, "save", now, NULL, NULL));
}

static void solo_games(void **state)
{
    (void)state;
    pair p;
    wasm_start(&p.wasm, "--solo", NULL);
    p.requests = 0;
    clock_gettime(CLOCK_MONOTONIC, &p.start);
    pf_solo *native = NULL;
    int per = (int)(BOUND_GAMES * scale() + 0.5);
    long games = 0;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        for (int n = g->min_seats; n <= g->max_seats && n <= 4; n++)
            for (int k = 0; k < per; k++, games++)
                solo_game(&p, &native, g, n, k % n, LEVELS[(n + k) % 4], (uint64_t)(300 + 10 * n + k));
    }
    print_message("solo: %ld games, %ld calls, every answer and push the same (%.1f s)\n", games,
                  p.requests, seconds_since(&p.start));
    pf_solo_destroy(native);
    wasm_stop(&p.wasm);
}

/* The replay check's SHA-256, OpenSSL's natively and libmd's in the
 * module, on texts of every length modulo SHA-256's 64-byte block (every
 * case of its padding): saves whose person's name has 1 to 23 bytes, at 2
 * to 4 seats, after 0 to 3 actions (their canonical texts have 169
 * lengths from 132 to 396 bytes, every remainder modulo 64 among them). */
static void sha256_on_every_block_boundary(void **state)
{
    (void)state;
    pair p;
    wasm_start(&p.wasm, "--solo", NULL);
    p.requests = 0;
    snprintf(p.what, sizeof p.what, "the saves of names of every length");
    pf_solo *native = NULL;
    char setup[256], name[PF_SEAT_NAME_MAX + 1];
    int saves = 0;
    for (int len = 1; len <= PF_SEAT_NAME_MAX; len++)
        for (int seats = 2; seats <= 4; seats++)
            for (int acts = 0; acts <= 3; acts++, saves++) {
                memset(name, 'a', (size_t)len);
                name[len] = '\0';
                snprintf(setup, sizeof setup,
                         "{\"game\":\"pizza\",\"seed\":%d,\"seating\":[\"%s\"%s%s]}", len, name,
                         ",\"bot:random\"", seats > 2 ? (seats > 3 ? ",\"bot:random\",\"bot:random\""
                                                                  : ",\"bot:random\"")
                                                      : "");
                cJSON_Delete(solo_op(&p, &native, "create", 0, setup, NULL));
                for (int k = 0; k < acts; k++) {
                    cJSON *legal;
                    cJSON_Delete(solo_op(&p, &native, "handle", k, "{\"cmd\":\"legal\"}", &legal));
                    char line[256];
                    act_line(line, sizeof line, 0,
                             cJSON_GetArrayItem(cJSON_GetObjectItem(legal, "actions"), 0), -1);
                    cJSON_Delete(legal);
                    cJSON_Delete(solo_op(&p, &native, "handle", k, line, NULL));
                }
                cJSON_Delete(solo_op(&p, &native, "save", 0, NULL, NULL));
            }
    print_message("sha256: %d saves, every check the same\n", saves);
    pf_solo_destroy(native);
    wasm_stop(&p.wasm);
}

/* Whether the module's toolchain is installed (Debian's wasi-libc). */
static bool toolchain_installed(void)
{
    return access("/usr/include/wasm32-wasi/stdio.h", R_OK) == 0;
}

int main(void)
{
    if (system("node --version >/dev/null 2>&1") != 0 || !toolchain_installed()) {
        printf("skipped: node or the WebAssembly toolchain (wasi-libc) is not installed\n");
        return 77;
    }
    if (access(module_path(), R_OK) != 0) {
        fprintf(stderr, "no module at %s: build it with `make wasm`\n", module_path());
        return 1;
    }
    signal(SIGPIPE, SIG_IGN); /* a node that died is told by fgets */
    answer_buf = malloc(LINE_MAX_BYTES);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(comparison_catches_a_difference),
        cmocka_unit_test(owner_games),
        cmocka_unit_test(bound_games),
        cmocka_unit_test(spectator_games),
        cmocka_unit_test(expert_games),
        cmocka_unit_test(solo_games),
        cmocka_unit_test(sha256_on_every_block_boundary),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    free(answer_buf);
    return failed;
}
