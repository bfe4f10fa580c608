/* push.c: the parts of a room's pushes made of its table (see push.h). */
#include "partyfood/push.h"

#include "partyfood/proto.h"

void pf_push_progress(pf_jw *w, const pf_table *t, int64_t clock)
{
    pf_proto_write_progress(w, t);
    pf_jw_key(w, "clock");
    pf_jw_int(w, clock);
    int64_t deadline = pf_table_deadline(t);
    if (deadline >= 0) {
        pf_jw_key(w, "deadline");
        pf_jw_int(w, deadline);
    }
}

void pf_push_view_legal(pf_jw *w, const pf_table *t, int seat)
{
    const pf_match *m = pf_table_match(t);
    pf_jw_key(w, "view");
    pf_state_view_write(m->game, m->state, seat, w);
    pf_jw_key(w, "legal");
    pf_proto_write_legal(w, t, seat);
}

void pf_push_log(pf_jw *w, const pf_table *t, int seat, const pf_seat_names *names)
{
    int n;
    const pf_table_event *ev = pf_table_log(t, &n);
    pf_jw_raw(w, "[", 1);
    for (int i = 0; i < n; i++) {
        if (!pf_event_visible(&ev[i].ev, seat))
            continue;
        pf_jw_comma(w);
        pf_proto_write_event(w, &ev[i].ev, names);
        if (!w->failed)
            w->len--; /* the event's "}" makes room for its step */
        pf_jw_key(w, "step");
        pf_jw_int(w, ev[i].step);
        pf_jw_raw(w, "}", 1);
    }
    pf_jw_raw(w, "]", 1);
}

void pf_push_sync_game(pf_jw *w, const pf_table *t, int seat, int64_t clock,
                       const pf_seat_names *names)
{
    pf_push_progress(w, t, clock);
    pf_push_view_legal(w, t, seat);
    pf_jw_key(w, "log");
    pf_push_log(w, t, seat, names);
}

void pf_push_steps(pf_jw *w, const char *steps, size_t len, const pf_table *t, int seat,
                   int64_t clock)
{
    pf_jw_lit(w, "{\"push\":\"steps\",\"steps\":");
    pf_jw_raw(w, steps, len);
    pf_push_view_legal(w, t, seat);
    pf_push_progress(w, t, clock);
    pf_jw_raw(w, "}", 1);
}
