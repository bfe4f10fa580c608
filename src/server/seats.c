/* seats.c: a room's places and who sits in them (room.h): joining with a
 * name for a token, the start once every place is filled (shuffled,
 * ruling C-1), the connections of each seat, and the host's changes of
 * seats. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/parse.h"
#include "server/room_parts.h"

int pf_room_seat_of(const pf_room *r, const char *token)
{
    for (int i = 0; i < r->n; i++)
        if (r->place[i].taken && pf_token_is(token, r->place[i].token_hash))
            return i;
    return -2;
}

/* A person's name: printable UTF-8, no comma (seating lists use them). */
static pf_err check_name(const char *name, pf_error *err)
{
    size_t n = strlen(name);
    if (n == 0 || n > PF_SEAT_NAME_MAX || !pf_utf8_valid(name, n))
        return pf_error_set(err, PF_E_BAD_REQUEST,
                            "a name is 1 to %d bytes of UTF-8 text", PF_SEAT_NAME_MAX);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f || name[i] == ',')
            return pf_error_set(err, PF_E_BAD_REQUEST,
                                "a name may not hold control characters or commas");
    return PF_E_OK;
}

/* ---- the start --------------------------------------------------------------------- */

/* Ruling C-1: the places are shuffled from the seed, unless the host fixed
 * the order. pf_seating_shuffle's permutation, read off places named by
 * their index. */
static void shuffle_places(pf_room *r)
{
    pf_seating s = {.n = r->n};
    for (int i = 0; i < r->n; i++)
        snprintf(s.name[i], sizeof s.name[i], "%d", i);
    pf_seating_shuffle(&s, r->seed);
    pf_place was[PF_MAX_SEATS];
    memcpy(was, r->place, sizeof was);
    for (int i = 0; i < r->n; i++)
        r->place[i] = was[atoi(s.name[i])];
}

/* Every person's place is taken: the game begins, stored with the start
 * in one write. */
static pf_err start(pf_room *r, pf_error *err)
{
    pf_place before[PF_MAX_SEATS];
    memcpy(before, r->place, sizeof before);
    if (!r->fixed_order)
        shuffle_places(r);
    r->table = pf_room_new_table(r, err); /* its setup: each seat gets it in its sync */
    r->started = r->table != NULL;
    pf_err e = r->table ? pf_room_save(r, err) : err->code;
    if (e) {
        pf_table_destroy(r->table);
        r->table = NULL;
        r->started = false;
        memcpy(r->place, before, sizeof before);
        return e;
    }
    r->clock_base = r->env->now_ms(r->env->net);
    pf_room_log(r, "started", NULL);
    /* A person's place moved with the shuffle: each connection follows its
     * token to its seat before anyone is told. */
    for (pf_member *m = r->members; m; m = m->next) {
        const unsigned char *hash = m->seat >= 0 ? before[m->seat].token_hash : NULL;
        for (int i = 0; hash && i < r->n; i++)
            if (!r->place[i].bot && memcmp(hash, r->place[i].token_hash, PF_TOKEN_HASH) == 0) {
                m->seat = i;
                break;
            }
    }
    pf_room_sync_all(r);
    pf_room_schedule(r);
    return PF_E_OK;
}

/* A table around a copy of t's match with the room's seating now. */
static pf_table *reseated(pf_room *r, const pf_table *t, pf_error *err)
{
    pf_seating s;
    pf_table_options to;
    pf_room_seating(r, &s, &to);
    pf_match *m = pf_match_clone(pf_table_match(t));
    if (!m) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    return pf_table_adopt(m, &s, &to, pf_room_heard, r, err);
}

pf_err pf_room_seated(pf_room *r, pf_error *err)
{
    if (!r->started) {
        bool full = true;
        for (int i = 0; i < r->n; i++)
            full &= r->place[i].bot || r->place[i].taken;
        /* The last place starts the game, stored with it in one write: a
         * start that fails gives the place back (the room must not stay
         * full and unstarted, refusing everyone). */
        pf_err e = full ? start(r, err) : pf_room_save(r, err);
        if (e && full)
            fprintf(stderr, "partyfood serve: room %s could not start: %s\n", r->code,
                    err->msg);
        return e;
    }
    if (pf_room_save(r, err) || pf_room_load(r, err))
        return err->code;
    /* The started game goes on with the new seating, and so do the changes
     * in the commit and those waiting for it. */
    bool ahead_sealed = r->ahead && r->ahead == r->sealed;
    pf_table *t = reseated(r, r->table, err);
    pf_table *sealed = t && r->sealed ? reseated(r, r->sealed, err) : NULL;
    pf_table *ahead = t && r->ahead && !ahead_sealed ? reseated(r, r->ahead, err) : NULL;
    if (!t || (r->sealed && !sealed) || (r->ahead && !ahead_sealed && !ahead)) {
        pf_table_destroy(t);
        pf_table_destroy(sealed);
        pf_table_destroy(ahead);
        return err->code;
    }
    pf_table_destroy(r->table);
    r->table = t;
    if (sealed) {
        pf_table_destroy(r->sealed);
        r->sealed = sealed;
    }
    if (ahead) {
        pf_table_destroy(r->ahead);
        r->ahead = ahead;
    } else if (ahead_sealed)
        r->ahead = sealed;
    pf_room_schedule(r); /* a bot now in a person's place may be the one to act */
    return PF_E_OK;
}

/* ---- joining ------------------------------------------------------------------------ */

pf_err pf_room_join(pf_room *r, const cJSON *req, char *token, int *place, pf_error *err)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(req, "name");
    if (r->locked)
        return pf_error_set(err, PF_E_BAD_SEATS, "the host locked the room: no new joins");
    if (!cJSON_IsString(name))
        return pf_error_set(err, PF_E_BAD_REQUEST, "joining needs \"name\" (a string)");
    pf_err e = check_name(name->valuestring, err);
    if (e)
        return e;
    int free_place = -1;
    for (int i = r->n - 1; i >= 0; i--)
        if (!r->place[i].bot && !r->place[i].taken)
            free_place = i;
    if (free_place < 0)
        return pf_error_set(err, PF_E_BAD_SEATS, "%s",
                            r->table ? "the game has started: every seat is taken"
                                     : "every person's seat is taken");
    if ((e = pf_token_new(token, err)))
        return e;
    pf_place *p = &r->place[free_place], was = *p;
    p->taken = true;
    snprintf(p->name, sizeof p->name, "%s", name->valuestring);
    pf_token_hash(token, p->token_hash);
    bool started = r->started;
    if ((e = pf_room_seated(r, err))) {
        *p = was;
        return e;
    }
    *place = free_place;
    r->active_ms = r->env->now_ms(r->env->net);
    /* Everyone there hears of the newcomer (the start tells them itself). */
    if (r->started == started)
        pf_room_sync_all(r);
    return PF_E_OK;
}

/* ---- connections --------------------------------------------------------------------- */

void pf_room_enter(pf_room *r, pf_member *m, int seat)
{
    m->room = r;
    m->seat = seat;
    m->held = false;
    m->next = r->members;
    r->members = m;
    r->active_ms = r->env->now_ms(r->env->net);
}

void pf_room_leave(pf_room *r, pf_member *m)
{
    pf_member **p = &r->members;
    while (*p && *p != m)
        p = &(*p)->next;
    if (*p)
        *p = m->next;
    m->room = NULL;
    m->next = NULL;
    r->active_ms = r->env->now_ms(r->env->net);
    /* Its requests in the commit or on the worker are answered to nobody:
     * the connection is freed once closed, maybe before they end. */
    pf_room_leave_changes(r, m);
}

bool pf_room_connected(const pf_room *r, int seat)
{
    for (const pf_member *m = r->members; m; m = m->next)
        if (m->seat == seat)
            return true;
    return false;
}

/* ---- the host's changes ---------------------------------------------------------------- */

pf_err pf_room_remove(pf_room *r, int seat, int code, const char *why, pf_error *err)
{
    pf_place *p = &r->place[seat], was = *p;
    if (!p->taken)
        return pf_error_set(err, PF_E_BAD_SEAT, "seat %d has nobody to remove", seat + 1);
    *p = (pf_place){0};
    pf_err e = pf_room_save(r, err);
    if (e) {
        *p = was;
        return e;
    }
    memset(&r->meter[seat], 0, sizeof r->meter[seat]);
    for (pf_member *m = r->members, *next; m; m = next) {
        next = m->next;
        if (m->seat == seat)
            r->env->close(r->env->net, m, code, why);
    }
    return PF_E_OK;
}

pf_err pf_room_give_bot(pf_room *r, int seat, const pf_bot_def *bot, pf_error *err)
{
    if (r->place[seat].taken && pf_room_connected(r, seat))
        return pf_error_set(err, PF_E_BAD_SEAT,
                            "seat %d is played by someone connected: remove them first",
                            seat + 1);
    pf_place was = r->place[seat];
    r->place[seat] = (pf_place){.bot = bot};
    pf_err e = pf_room_seated(r, err);
    if (e)
        r->place[seat] = was;
    return e;
}
