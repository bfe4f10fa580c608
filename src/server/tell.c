/* tell.c: what a room's members are told (room.h): the sync push, and the
 * steps push of each commit, written as text once for each audience (a
 * seat, or the spectators) and shared by that audience's connections;
 * the steps' public pieces are written once for every audience that has no
 * private event among them. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/proto.h"
#include "partyfood/push.h"
#include "server/told.h"

void pf_room_answer(pf_room *r, pf_member *m, char *text)
{
    pf_frame *f = pf_frame_copy(text ? text : PF_ANSWER_NO_MEMORY);
    free(text);
    if (f) {
        r->env->send(r->env->net, m, f);
        pf_frame_drop(f);
    }
}

void pf_room_send_all(pf_room *r, const char *text)
{
    pf_frame *f = pf_frame_copy(text);
    for (pf_member *m = r->members; f && m; m = m->next)
        r->env->send(r->env->net, m, f);
    pf_frame_drop(f);
}

/* ---- the sync ------------------------------------------------------------------- */

static void write_chat(const pf_room *r, pf_jw *w)
{
    pf_jw_key(w, "chat");
    pf_jw_raw(w, "[", 1);
    for (int i = 0; i < r->chat_n; i++) {
        const pf_chat_line *l = &r->chat[(r->chat_next - r->chat_n + i + PF_CHAT_KEEP) %
                                         PF_CHAT_KEEP];
        pf_jw_comma(w);
        pf_jw_lit(w, "{\"seat\":");
        pf_jw_int(w, l->seat);
        pf_jw_lit(w, ",\"name\":");
        pf_jw_str(w, l->name);
        pf_jw_lit(w, ",\"text\":");
        pf_jw_str(w, l->text);
        pf_jw_lit(w, ",\"t\":");
        pf_jw_int(w, l->t_ms);
        pf_jw_raw(w, "}", 1);
    }
    pf_jw_raw(w, "]", 1);
    pf_jw_key(w, "chat_on");
    pf_jw_bool(w, r->chat_on);
}

void pf_room_sync(pf_room *r, pf_member *m)
{
    pf_error err;
    if (r->started && pf_room_load(r, &err)) {
        pf_room_answer(r, m, pf_proto_error_of(NULL, &err));
        return;
    }
    pf_jw w;
    pf_frame_writer(&w);
    pf_jw_lit(&w, "{\"push\":\"sync\",\"room\":");
    pf_jw_str(&w, r->code);
    pf_jw_lit(&w, ",\"game\":");
    pf_jw_str(&w, r->g->id);
    pf_jw_lit(&w, ",\"seat\":");
    pf_jw_int(&w, m->seat);
    pf_jw_lit(&w, ",\"seats\":");
    pf_jw_int(&w, r->n);
    pf_jw_lit(&w, ",\"started\":");
    pf_jw_bool(&w, r->started);
    if (r->table) {
        pf_seat_names names;
        pf_room_names(r, m->seat, &names);
        pf_push_sync_game(&w, r->table, m->seat, pf_room_now(r), &names);
    }
    write_chat(r, &w);
    pf_jw_raw(&w, "}", 1);
    pf_frame *f = pf_frame_take(&w);
    if (f) {
        r->env->send(r->env->net, m, f);
        pf_frame_drop(f);
    }
}

void pf_room_sync_all(pf_room *r)
{
    for (pf_member *m = r->members; m; m = m->next)
        pf_room_sync(r, m);
}

/* ---- the steps push -------------------------------------------------------------------- */

/* The steps of the changes from, as seat sees them, into w. */
static void write_steps(pf_jw *w, const pf_told *from, int seat)
{
    pf_jw_raw(w, "[", 1);
    for (const pf_told *t = from; t; t = t->next)
        for (int i = 0; i < t->nstep; i++) {
            const pf_told_step *s = &t->step[i];
            pf_jw_comma(w);
            pf_jw_raw(w, pf_told_piece(t, s->at), s->len);
            if (s->undo)
                continue;
            for (int k = s->first; k < s->first + s->n; k++)
                if (pf_told_visible(&t->event[k], seat)) {
                    pf_jw_comma(w);
                    pf_told_write_event(w, t, &t->event[k], seat);
                }
            pf_proto_write_step_end(w);
        }
    pf_jw_raw(w, "]", 1);
}

/* The push for seat (-1: the spectators): the steps (the text every seat
 * shares unless the seat reads them its own way), its view and legal
 * actions after them, and the last change's progress. */
static pf_frame *steps_push(pf_room *r, const pf_told *from, int seat, uint32_t own_text,
                            pf_jw *shared)
{
    pf_jw own, *steps = shared;
    if (seat >= 0 && (own_text & (1u << seat))) {
        pf_jw_init(&own, 0);
        write_steps(&own, from, seat);
        steps = &own;
    } else if (pf_jw_size(shared) == 0)
        write_steps(shared, from, PF_SEAT_SPECTATOR);
    const pf_told *last = from;
    while (last->next)
        last = last->next;
    pf_jw w;
    pf_frame_writer(&w);
    pf_jw_lit(&w, "{\"push\":\"steps\",\"steps\":");
    const char *text = pf_jw_text(steps);
    if (text)
        pf_jw_raw(&w, text, pf_jw_size(steps));
    else
        w.failed = true;
    pf_push_view_legal(&w, r->table, seat);
    pf_jw_raw(&w, ",", 1);
    pf_jw_raw(&w, pf_told_piece(last, last->progress_at), last->text.len - last->progress_at);
    pf_jw_raw(&w, "}", 1);
    if (steps != shared)
        pf_jw_free(&own);
    return pf_frame_take(&w);
}

void pf_room_tell_steps(pf_room *r, const pf_told *from)
{
    uint32_t own_text = 0;
    for (const pf_told *t = from; t; t = t->next)
        own_text |= t->own_text;
    pf_frame *frame[PF_MAX_SEATS + 1] = {0};
    bool built[PF_MAX_SEATS + 1] = {0};
    pf_jw public_steps;
    pf_jw_init(&public_steps, 0);
    for (pf_member *m = r->members; m; m = m->next) {
        int i = m->seat + 1;
        if (!built[i])
            frame[i] = steps_push(r, from, m->seat, own_text, &public_steps), built[i] = true;
        if (frame[i])
            r->env->send(r->env->net, m, frame[i]);
    }
    for (int i = 0; i <= r->n; i++)
        pf_frame_drop(frame[i]);
    pf_jw_free(&public_steps);
}
