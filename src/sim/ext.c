/* ext.c: bots that are other programs (ext.h; the exchange: docs/bots.md).
 *
 * The program's standard input and output are one end of a socket pair:
 * send() with MSG_NOSIGNAL tells us of a program that has gone without a
 * SIGPIPE, and shutdown() gives it end-of-file. Its decisions go through
 * the ai layer's driver as a pf_bot_def whose choose() asks the program;
 * the program of each seat, the events waiting for it and the true state
 * (to name actions, never sent) are in a per-thread record, as choose()
 * has no context argument. */
#define _GNU_SOURCE /* pipe and socket flags, environ */
#include "sim/ext.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "partyfood/parse.h"
#include "partyfood/proto.h"

#define ANSWER_MAX (64 * 1024) /* an answer line, at most */
#define STEP_EVENTS 256        /* events one step may report */

extern char **environ;

struct pf_sim_ext {
    pid_t pid;
    int fd;
    char name[72];
    int timeout_ms;
    char *buf; /* what the program wrote that we have not used yet */
    size_t len, cap;
};

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

pf_sim_ext *pf_sim_ext_start(const char *command, const char *name, int timeout_ms,
                             pf_error *err)
{
    pf_sim_ext *x = calloc(1, sizeof *x);
    size_t len = strlen(command) + 6;
    char *line = malloc(len);
    int sv[2] = {-1, -1};
    if (!x || !line) {
        free(x);
        free(line);
        pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
        return NULL;
    }
    snprintf(x->name, sizeof x->name, "%s", name);
    x->timeout_ms = timeout_ms;
    snprintf(line, len, "exec %s", command); /* the program itself, not a shell, is ours */
    posix_spawn_file_actions_t fa;
    int e = socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) ? errno : 0;
    if (!e && !(e = posix_spawn_file_actions_init(&fa))) {
        /* dup2 clears close-on-exec on the copies the program gets */
        e = posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
        e = e ? e : posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
        char *argv[] = {"sh", "-c", line, NULL};
        e = e ? e : posix_spawn(&x->pid, "/bin/sh", &fa, NULL, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
    }
    free(line);
    if (sv[1] >= 0)
        close(sv[1]);
    if (e) {
        if (sv[0] >= 0)
            close(sv[0]);
        pf_error_set(err, PF_E_IO, "%s: cannot start it: %s", x->name, strerror(e));
        free(x);
        return NULL;
    }
    x->fd = sv[0];
    return x;
}

/* Reaps the program if it has exited within wait_ms; true when it has, with
 * how it ended in how. */
static bool reaped(pf_sim_ext *x, int wait_ms, char *how, size_t n)
{
    for (int waited = 0;; waited += 10) {
        int status;
        pid_t p = waitpid(x->pid, &status, WNOHANG);
        if (p == x->pid) {
            x->pid = 0;
            if (WIFSIGNALED(status))
                snprintf(how, n, "was killed by signal %d (%s)", WTERMSIG(status),
                         strsignal(WTERMSIG(status)));
            else if (WEXITSTATUS(status) == 126 || WEXITSTATUS(status) == 127)
                snprintf(how, n, "exited with status %d: the command could not be run",
                         WEXITSTATUS(status));
            else
                snprintf(how, n, "exited with status %d", WEXITSTATUS(status));
            return true;
        }
        if (p < 0 || waited >= wait_ms)
            return false;
        struct timespec nap = {0, 10 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
}

void pf_sim_ext_stop(pf_sim_ext *x)
{
    if (!x)
        return;
    shutdown(x->fd, SHUT_WR); /* end of its input: a well-behaved program exits */
    char how[96];
    if (x->pid > 0 && !reaped(x, 1000, how, sizeof how)) {
        kill(x->pid, SIGKILL);
        waitpid(x->pid, NULL, 0);
    }
    close(x->fd);
    free(x->buf);
    free(x);
}

/* The program is gone or stopped talking: says so, with its end if known. */
static pf_err gone(pf_sim_ext *x, const char *what, pf_error *err)
{
    char how[96] = "closed its output";
    reaped(x, 500, how, sizeof how);
    return pf_error_set(err, PF_E_IO, "%s %s", what, how);
}

/* Sends line and a newline, then reads one line of answer (terminated in
 * place; valid until the next call) within the program's time. A program
 * gone before it could be asked may still have written a line (`echo hi`):
 * that line is its answer, so what is said of it does not depend on which
 * came first, its exit or the question. */
static pf_err exchange(pf_sim_ext *x, const char *line, char **answer, pf_error *err)
{
    size_t n = strlen(line);
    bool unasked = false;
    for (size_t sent = 0; sent <= n && !unasked;) {
        const char *from = sent < n ? line + sent : "\n";
        ssize_t k = send(x->fd, from, sent < n ? n - sent : 1, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            unasked = true;
        else
            sent += (size_t)k;
    }
    long long deadline = now_ms() + x->timeout_ms;
    size_t scanned = 0;
    for (;;) {
        char *nl = x->len > scanned ? memchr(x->buf + scanned, '\n', x->len - scanned) : NULL;
        if (nl) {
            *nl = '\0';
            *answer = x->buf;
            return PF_E_OK;
        }
        scanned = x->len;
        if (x->len >= ANSWER_MAX)
            return pf_error_set(err, PF_E_TOO_LARGE,
                                "wrote more than %d bytes without ending the line", ANSWER_MAX);
        long long left = deadline - now_ms();
        struct pollfd p = {x->fd, POLLIN, 0};
        int r = left > 0 ? poll(&p, 1, (int)left) : 0;
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            return pf_error_set(err, PF_E_IO, "gave no answer within %d ms", x->timeout_ms);
        if (x->cap - x->len < 4096) {
            char *b = realloc(x->buf, x->cap + 8192);
            if (!b)
                return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
            x->buf = b;
            x->cap += 8192;
        }
        ssize_t k = read(x->fd, x->buf + x->len, x->cap - x->len - 1);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return gone(x, unasked ? "could not be asked: it" : "answered nothing: it", err);
        x->len += (size_t)k;
    }
}

/* Drops the answer line just used, keeping anything written after it. */
static void consume(pf_sim_ext *x, const char *answer)
{
    size_t used = strlen(answer) + 1;
    memmove(x->buf, x->buf + used, x->len - used);
    x->len -= used;
}

/* ---- one game -------------------------------------------------------------- */

/* What choose() needs of the game being played on this thread. */
typedef struct ext_game {
    const pf_game *g;
    const void *st;
    pf_sim_ext *const *ext; /* by seat */
    cJSON *pending[PF_MAX_SEATS]; /* events each program's seat saw since it was asked */
    long match;
    uint64_t seed;
    char answer[PF_MAX_SEATS][96]; /* each seat's last action, as the program wrote it */
    bool failed;
    pf_error *err;
} ext_game;

static _Thread_local ext_game *current;

/* Records why seat's program failed; the play loop stops at once. */
static pf_err fail(ext_game *cg, int seat, const char *why)
{
    cg->failed = true;
    return pf_error_set(cg->err, PF_E_IO, "%s (seat %d) in game %ld of the batch (seed %llu): %s",
                        cg->ext[seat]->name, seat + 1, cg->match, (unsigned long long)cg->seed,
                        why);
}

/* The request for the observing seat: the engine protocol's words (view,
 * actions, events) plus where the game stands. NULL when out of memory. */
static cJSON *request(ext_game *cg, const pf_obs *o)
{
    int seat = pf_obs_seat(o);
    pf_action *legal = malloc(PF_MAX_LEGAL * sizeof *legal);
    cJSON *q = cJSON_CreateObject(), *names = cJSON_CreateArray();
    bool ok = legal && q && names && cJSON_AddStringToObject(q, "game", cg->g->id) &&
              cJSON_AddNumberToObject(q, "match", (double)cg->match) &&
              cJSON_AddNumberToObject(q, "seat", seat) &&
              cJSON_AddNumberToObject(q, "seats", pf_obs_seats(o)) &&
              cJSON_AddNumberToObject(q, "step", pf_obs_step(o)) &&
              cJSON_AddNumberToObject(q, "t", (double)pf_obs_now(o)) &&
              cJSON_AddNumberToObject(q, "ready", (double)pf_obs_ready(o));
    int n = ok ? pf_obs_legal(o, legal, PF_MAX_LEGAL) : 0;
    for (int i = 0; ok && i < n; i++) {
        char name[96];
        cg->g->name(cg->st, legal[i], name, sizeof name);
        cJSON *s = cJSON_CreateString(name);
        ok = s && cJSON_AddItemToArray(names, s);
    }
    free(legal);
    cJSON *view = ok ? pf_obs_view(o) : NULL;
    ok = ok && view && cJSON_AddItemToObject(q, "view", view);
    if (!ok)
        cJSON_Delete(view);
    ok = ok && cJSON_AddItemToObject(q, "actions", names);
    if (!ok)
        cJSON_Delete(names);
    cJSON *fresh = ok ? cJSON_CreateArray() : NULL;
    if (ok && fresh && cJSON_AddItemToObject(q, "events", cg->pending[seat])) {
        cg->pending[seat] = fresh;
        return q;
    }
    cJSON_Delete(fresh);
    cJSON_Delete(q);
    return NULL;
}

/* The pf_bot_def of a seat played by a program: asks it (choose() in obs.h). */
static pf_err ext_choose(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t)
{
    (void)rng; /* the program has its own chance */
    ext_game *cg = current;
    int seat = pf_obs_seat(o);
    pf_sim_ext *x = cg->ext[seat];
    cJSON *q = request(cg, o);
    char *line = q ? cJSON_PrintUnformatted(q) : NULL;
    cJSON_Delete(q);
    if (!line)
        return fail(cg, seat, "out of memory");
    char *answer = NULL;
    pf_error e;
    pf_err r = exchange(x, line, &answer, &e);
    free(line);
    if (r != PF_E_OK)
        return fail(cg, seat, e.msg);
    cJSON *j = cJSON_Parse(answer);
    const cJSON *act = cJSON_GetObjectItemCaseSensitive(j, "action");
    const cJSON *when = cJSON_GetObjectItemCaseSensitive(j, "t");
    char why[200], shown[64];
    long long ms = pf_obs_now(o);
    if (cg->g->real_time && pf_obs_ready(o) > ms)
        ms = pf_obs_ready(o);
    if (!cJSON_IsObject(j) || !cJSON_IsString(act)) {
        snprintf(why, sizeof why, "answered '%s', not {\"action\": NAME}",
                 pf_text_printable(answer, shown, sizeof shown));
    } else if (cg->g->parse(cg->st, act->valuestring, a) != PF_E_OK) {
        snprintf(why, sizeof why, "answered '%s', which is no action of %s",
                 pf_text_printable(act->valuestring, shown, sizeof shown), cg->g->title);
    } else if (when && !pf_json_int(when, pf_obs_now(o), PF_TIME_MAX_MS, &ms)) {
        snprintf(why, sizeof why, "answered a \"t\" that is no whole number of ms from %lld",
                 (long long)pf_obs_now(o));
    } else {
        pf_text_printable(act->valuestring, cg->answer[seat], sizeof cg->answer[seat]);
        *t = ms;
        consume(x, answer);
        cJSON_Delete(j);
        return PF_E_OK;
    }
    consume(x, answer);
    cJSON_Delete(j);
    return fail(cg, seat, why);
}

static const pf_bot_def ext_bot = {"ext", "another program (docs/bots.md)", ext_choose, false};

/* Moves the events of ev that seat may see to its program's pending list;
 * false when out of memory. */
static bool tell(ext_game *cg, const pf_events *ev, int seat)
{
    cJSON *fresh = pf_proto_events(ev, seat, NULL);
    if (!fresh)
        return false;
    while (fresh->child)
        cJSON_AddItemToArray(cg->pending[seat], cJSON_DetachItemViaPointer(fresh, fresh->child));
    cJSON_Delete(fresh);
    return true;
}

int pf_sim_ext_play(const pf_game *g, void *st, int seats, const pf_bot_def *const *bots,
                    pf_sim_ext *const *ext, const pf_events *setup, uint64_t seed, long match,
                    pf_error *err)
{
    ext_game cg = {.g = g, .st = st, .ext = ext, .match = match, .seed = seed, .err = err};
    const pf_bot_def *use[PF_MAX_SEATS] = {0};
    int step = 0;
    for (int s = 0; s < seats; s++) {
        use[s] = ext[s] ? &ext_bot : bots[s];
        if (ext[s] && (!(cg.pending[s] = cJSON_CreateArray()) || !tell(&cg, setup, s))) {
            fail(&cg, s, "out of memory");
            step = PF_SIM_EXT_FAILED;
            goto done;
        }
    }
    current = &cg;
    pf_bot_plans plans;
    pf_bot_plans_clear(&plans);
    pf_bot_ctx c = {.game = g, .state = st, .seats = seats, .seed = seed};
    pf_event buf[STEP_EVENTS];
    while (!g->over(st, NULL)) {
        int seat;
        pf_action a;
        int64_t t;
        pf_err e = c.step >= g->max_steps ? PF_E_GAME_OVER
                                          : pf_bots_next_planned(&c, use, &plans, &seat, &a, &t);
        if (cg.failed) {
            step = PF_SIM_EXT_FAILED;
            goto done;
        }
        if (e != PF_E_OK) {
            step = PF_BOTS_STUCK;
            goto done;
        }
        pf_events ev = {buf, 0, STEP_EVENTS, 0};
        pf_error refused;
        if (pf_state_apply(g, st, seat, a, t, &ev, &refused) != PF_E_OK) {
            if (ext[seat]) {
                char why[200];
                snprintf(why, sizeof why, "answered '%s': %s", cg.answer[seat],
                         pf_strerror(refused.code));
                fail(&cg, seat, why);
            }
            step = ext[seat] ? PF_SIM_EXT_FAILED : PF_BOTS_ILLEGAL;
            goto done;
        }
        for (int s = 0; s < seats; s++)
            if (ext[s] && !tell(&cg, &ev, s)) {
                fail(&cg, s, "out of memory");
                step = PF_SIM_EXT_FAILED;
                goto done;
            }
        c.now = t;
        c.step++;
    }
    step = c.step;
done:
    current = NULL;
    for (int s = 0; s < seats; s++)
        cJSON_Delete(cg.pending[s]);
    return step;
}
