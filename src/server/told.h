/* told.h: a change of a room's game waiting for the group commit
 * (src/server/, inside the room: change.c makes it, tell.c tells it).
 *
 * The table's hook writes each step heard once, as text: the step's head
 * and each of its events apart, with whom each event is for, so that once
 * the change is durable each audience's message is put together from
 * those pieces, with no tree of nodes per seat. An event's text names
 * seats, and names the receiving one "(you)": its piece is written once
 * for everyone, and again for each seat it names that may see it. The
 * seats with a private event or named in one read the steps their own
 * way; every other seat and the spectators share one text. */
#ifndef PF_SERVER_TOLD_H
#define PF_SERVER_TOLD_H

#include "partyfood/repeat.h"
#include "server/room.h"

/* A step heard: its head's text (an undo's whole message) and its events. */
typedef struct pf_told_step {
    int index;
    bool undo;
    size_t at, len; /* in the change's text */
    int first, n;   /* its events */
} pf_told_step;

typedef struct pf_told_event {
    int to; /* -1: everyone; else the one seat that may see it */
    size_t at, len;  /* its text for everyone it does not name */
    uint32_t named;  /* the seats it names that may see it: each has a piece of its own */
    int own;         /* the first of those, in the change's own pieces (by seat) */
} pf_told_event;

/* An event's piece for one seat it names. */
typedef struct pf_told_own {
    size_t at, len;
} pf_told_own;

struct pf_told {
    pf_told *next;
    pf_store_step *store; /* the steps to store */
    int nstore, cap_store;
    pf_told_step *step; /* the steps to tell */
    int nstep, cap_step;
    pf_told_event *event;
    int nevent, cap_event;
    pf_told_own *own;
    int nown, cap_own;
    uint32_t own_text; /* the seats that read its steps their own way */
    pf_jw text;          /* the steps' pieces */
    size_t progress_at;  /* the progress after the change, the last piece of text */
    int64_t finished;    /* the game ended (Unix seconds); 0 while on */
    bool sealed;         /* in the batch being committed */
    /* The requester (NULL for a bot's move, or when it left), its answer,
     * and its request's id for an error answer when the commit fails. */
    pf_member *asker;
    pf_frame *answer;
    cJSON *asked_id;
    /* An act's key (repeat.h; "" for none), its seat and its step:
     * remembered pending until the commit says whether the act was played,
     * and stored with that step and the answer. */
    char key[PF_REPEAT_KEY_MAX + 1];
    int key_seat, key_step;
};

/* The text of piece [at, at + len) of t. */
static inline const char *pf_told_piece(const pf_told *t, size_t at)
{
    return t->text.buf + at;
}

/* Writes event e of t as seat (-1: a spectator) reads it. */
static inline void pf_told_write_event(pf_jw *w, const pf_told *t, const pf_told_event *e,
                                       int seat)
{
    const pf_told_own *o = NULL;
    if (seat >= 0 && (e->named & (1u << seat))) /* its own: the n-th of the named up to seat */
        o = &t->own[e->own + __builtin_popcount(e->named & ((1u << seat) - 1))];
    pf_jw_raw(w, pf_told_piece(t, o ? o->at : e->at), o ? o->len : e->len);
}

/* Whether seat (-1: a spectator) may see event e. */
static inline bool pf_told_visible(const pf_told_event *e, int seat)
{
    return e->to < 0 || e->to == seat;
}

#endif
