/* told.h: a change of a room's game waiting for the group commit
 * (src/server/, inside the room: change.c makes it, tell.c tells it).
 *
 * The table's hook writes each step heard once, as text: the step's head
 * and each of its events apart, with whom each event is for, so that once
 * the change is durable each audience's message is put together from
 * those pieces (the public ones shared by every seat that has no private
 * event in them), with no tree of nodes per seat. */
#ifndef PF_SERVER_TOLD_H
#define PF_SERVER_TOLD_H

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
    size_t at, len;
} pf_told_event;

struct pf_told {
    pf_told *next;
    pf_store_step *store; /* the steps to store */
    int nstore, cap_store;
    pf_told_step *step; /* the steps to tell */
    int nstep, cap_step;
    pf_told_event *event;
    int nevent, cap_event;
    uint32_t private_to; /* the seats with a private event in it */
    pf_jw text;          /* the steps' pieces */
    size_t progress_at;  /* the progress after the change, the last piece of text */
    int64_t finished;    /* the game ended (Unix seconds); 0 while on */
    bool sealed;         /* in the batch being committed */
    /* The requester (NULL for a bot's move, or when it left), its answer,
     * and its request's id for an error answer when the commit fails. */
    pf_member *asker;
    pf_frame *answer;
    cJSON *asked_id;
};

/* The text of piece [at, at + len) of t. */
static inline const char *pf_told_piece(const pf_told *t, size_t at)
{
    return t->text.buf + at;
}

#endif
