/* pf_fake_net.c: a room's fake network (pf_fake_net.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pf_fake_net.h"
#include "pf_test.h"
#include "server/commands.h"

static void sent(void *net, pf_member *m, pf_frame *fr)
{
    pf_fake_net *f = net;
    if (f->nframes == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 64;
        f->frame = realloc(f->frame, (size_t)f->cap * sizeof *f->frame);
        assert_non_null(f->frame);
    }
    f->frame[f->nframes++] = (pf_fake_frame){m, strdup(pf_frame_text(fr))};
}

static void closed(void *net, pf_member *m, int code, const char *reason)
{
    (void)reason;
    pf_fake_net *f = net;
    if (m->room)
        pf_room_leave(m->room, m);
    assert_true(f->nclosed < 16);
    f->closed[f->nclosed] = m;
    f->closed_code[f->nclosed++] = code;
}

static void woken(void *net, pf_room *r, int64_t ms)
{
    (void)r;
    ((pf_fake_net *)net)->wake_ms = ms;
}

static void resumed(void *net, pf_room *r)
{
    (void)r;
    ((pf_fake_net *)net)->resumes++;
}

static int64_t now(void *net)
{
    return ((pf_fake_net *)net)->now;
}

static bool new_code(void *reg, char *code)
{
    pf_fake_net *f = reg;
    snprintf(code, PF_ROOM_CODE_LEN + 1, "NEWRM%c", 'A' + f->codes++ % 20);
    return true;
}

static void adopt(void *reg, pf_room *r)
{
    pf_fake_net *f = reg;
    assert_true(f->nadopted < PF_FAKE_ROOMS);
    f->adopted[f->nadopted++] = r;
}

/* The committer's and the worker's wake-up, from their threads. */
static void signal_wake(void *arg)
{
    pf_fake_net *f = arg;
    pthread_mutex_lock(&f->mu);
    f->wakes++;
    pthread_cond_broadcast(&f->cv);
    pthread_mutex_unlock(&f->mu);
}

void pf_fake_start(pf_fake_net *f)
{
    pf_error err;
    memset(f, 0, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/pf-room-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->db, sizeof f->db, "%s/rooms.db", f->dir);
    f->now = 1000000;
    f->wake_ms = -1;
    pthread_mutex_init(&f->mu, NULL);
    pthread_cond_init(&f->cv, NULL);
    f->store = pf_store_open(f->db, &err);
    if (!f->store)
        fail_msg("%s", err.msg);
    f->commit = pf_commit_start(f->store, f->db, NULL, signal_wake, f, NULL, &err);
    f->worker = pf_worker_start(signal_wake, f, 1, &err);
    assert_non_null(f->commit);
    assert_non_null(f->worker);
    f->log = (pf_log){NULL, NULL};
    f->env = (pf_room_env){.send = sent, .close = closed, .wake = woken, .resume = resumed,
                           .now_ms = now, .net = f, .new_code = new_code, .adopt = adopt,
                           .reg = f, .store = f->store, .commit = f->commit,
                           .worker = f->worker, .log = &f->log};
}

void pf_fake_stop(pf_fake_net *f)
{
    for (int i = 0; i < f->nadopted; i++)
        pf_room_destroy(f->adopted[i]);
    pf_commit_free(f->commit);
    pf_worker_free(f->worker);
    pf_store_close(f->store);
    for (int i = 0; i < f->nframes; i++)
        free(f->frame[i].text);
    free(f->frame);
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char file[128];
        snprintf(file, sizeof file, "%s%s", f->db, suffix[i]);
        unlink(file);
    }
    rmdir(f->dir);
    pthread_mutex_destroy(&f->mu);
    pthread_cond_destroy(&f->cv);
}

void pf_fake_commit(pf_fake_net *f)
{
    for (;;) {
        pthread_mutex_lock(&f->mu);
        int wakes = f->wakes;
        pthread_mutex_unlock(&f->mu);
        pf_commit_flush(f->commit);
        if (!pf_commit_busy(f->commit))
            return;
        /* A batch is in flight: its end wakes us. */
        pthread_mutex_lock(&f->mu);
        while (f->wakes == wakes)
            pthread_cond_wait(&f->cv, &f->mu);
        pthread_mutex_unlock(&f->mu);
    }
}

void pf_fake_think(pf_fake_net *f)
{
    while (pf_worker_pending(f->worker) > 0) {
        pthread_mutex_lock(&f->mu);
        int wakes = f->wakes;
        pthread_mutex_unlock(&f->mu);
        pf_worker_collect(f->worker, pf_room_thought, pf_room_answered);
        if (pf_worker_pending(f->worker) == 0)
            break;
        pthread_mutex_lock(&f->mu);
        while (f->wakes == wakes)
            pthread_cond_wait(&f->cv, &f->mu);
        pthread_mutex_unlock(&f->mu);
    }
}

pf_room *pf_fake_room(pf_fake_net *f, const char *code, const char *request, char *host)
{
    pf_room_keys keys;
    pf_error err;
    cJSON *req = cJSON_Parse(request);
    assert_non_null(req);
    pf_room *r = pf_room_create(&f->env, code, req, &keys, &err);
    if (r && host)
        memcpy(host, keys.host, sizeof keys.host);
    cJSON_Delete(req);
    if (!r)
        fail_msg("the room was refused: %s", err.msg);
    return r;
}

int pf_fake_join(pf_room *r, const char *name, char *token)
{
    char own[PF_TOKEN_HEX + 1];
    int place;
    pf_error err;
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "name", name);
    pf_err e = pf_room_join(r, req, token ? token : own, &place, &err);
    cJSON_Delete(req);
    if (e)
        fail_msg("%s could not join: %s", name, err.msg);
    return place;
}

pf_member *pf_fake_enter(pf_room *r, int seat)
{
    pf_member *m = calloc(1, sizeof *m);
    assert_non_null(m);
    pf_room_enter(r, m, seat);
    pf_room_sync(r, m);
    return m;
}

void pf_fake_ask(pf_room *r, pf_member *m, const char *request)
{
    pf_room_request(r, m, request, strlen(request));
}

int pf_fake_count(const pf_fake_net *f, const pf_member *m)
{
    int n = 0;
    for (int i = 0; i < f->nframes; i++)
        n += f->frame[i].to == m;
    return n;
}

cJSON *pf_fake_frame_of(const pf_fake_net *f, const pf_member *m, int i)
{
    int n = pf_fake_count(f, m), want = i < 0 ? n + i : i, k = 0;
    for (int j = 0; j < f->nframes; j++)
        if (f->frame[j].to == m && k++ == want) {
            cJSON *o = cJSON_Parse(f->frame[j].text);
            if (!o)
                fail_msg("not JSON: %s", f->frame[j].text);
            return o;
        }
    fail_msg("no frame %d of %d", i, n);
    return NULL;
}

cJSON *pf_fake_answer(const pf_fake_net *f, const pf_member *m, int id)
{
    for (int j = f->nframes - 1; j >= 0; j--) {
        if (f->frame[j].to != m)
            continue;
        cJSON *o = cJSON_Parse(f->frame[j].text);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "id");
        if (cJSON_IsNumber(v) && v->valueint == id)
            return o;
        cJSON_Delete(o);
    }
    return NULL;
}

int pf_fake_pushes(const pf_fake_net *f, const pf_member *m, const char *kind)
{
    int n = 0;
    for (int j = 0; j < f->nframes; j++) {
        if (f->frame[j].to != m)
            continue;
        cJSON *o = cJSON_Parse(f->frame[j].text);
        const cJSON *push = cJSON_GetObjectItemCaseSensitive(o, "push");
        n += cJSON_IsString(push) && strcmp(push->valuestring, kind) == 0;
        cJSON_Delete(o);
    }
    return n;
}
