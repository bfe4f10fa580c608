/* pakupaku.h: Paku Paku's state, shared by the rules (pakupaku.c), the
 * text (pakupaku_text.c) and the bots (pakupaku_bots.c). Everything here
 * but the generator is public table information: the dice on the table,
 * the tower, the penalty points and the times. The generator is the future
 * rolls and the table jitter: it and anything derived from it (the seed)
 * stay out of every view. */
#ifndef PAKUPAKU_H
#define PAKUPAKU_H

#include <stdint.h>

#include "games/pakupaku/pakupaku_tower.h"
#include "partyfood/game.h"
#include "partyfood/obs.h"

#define PAKUPAKU__DICE 5
#define PAKUPAKU__SCRIPT_MAX 200 /* scripted dice faces (2 bits each) */
#define PAKUPAKU__JIT_MAX 32     /* scripted jitter values */
#define PAKUPAKU__OFF_MAX 3000   /* largest |aim offset|, hundredths of a unit */
#define PAKUPAKU__NONE 255

/* Faces; FACE_NEW is a die dealt this round and not rolled yet. */
enum {
    PAKUPAKU__FACE_NEW,
    PAKUPAKU__FACE_PANDA,
    PAKUPAKU__FACE_DISH,
    PAKUPAKU__FACE_ONE,
    PAKUPAKU__FACE_TWO,
    PAKUPAKU__FACES
};

/* A face as shown: "-" (new), "P", "D", "1", "2" (pakupaku.c). */
extern const char *const pakupaku__face_names[PAKUPAKU__FACES];

enum { PAKUPAKU__PLAY, PAKUPAKU__DUEL, PAKUPAKU__OVER };

/* Actions: ROLL, or a stack packed as ((type + 1) << 16) | (offset + OFF_MAX)
 * with the offset in hundredths. */
#define PAKUPAKU__ROLL 0u
#define PAKUPAKU__STACK(type, off)                                                                 \
    ((pf_action)(((uint32_t)(type) + 1u) << 16 | (uint32_t)((off) + PAKUPAKU__OFF_MAX)))

typedef struct pakupaku_state {
    uint8_t seats, limit, thr; /* thr: dice that stop the round (PAKU-4) */
    uint8_t architects, brave; /* variants (PAKU-7) */
    uint8_t phase;             /* PLAY, DUEL, OVER */
    uint8_t unlucky;           /* the last round's unlucky panda, or NONE */
    uint8_t winner;            /* when OVER */
    uint8_t duel_in;           /* bit set of seats still in the duel */
    uint8_t duel_turn;         /* the seat stacking in the duel */
    uint8_t jit_scripted;      /* 1: jitter from jit[] then 0; 0: normal, sd 0.3 */
    uint8_t nscript, iscript, njit, ijit;
    uint8_t owner[PAKUPAKU__DICE]; /* seat holding each die */
    uint8_t face[PAKUPAKU__DICE];  /* face showing (FACE_*) */
    uint8_t wait[PAKUPAKU__DICE];  /* 1: blocked on a dish until a piece is stacked */
    uint8_t on[PAKUPAKU__NTYPES];  /* pieces of each type in the tower */
    uint8_t nfree[PF_MAX_SEATS];   /* dice each seat may roll (kept by recount) */
    uint8_t nwait[PF_MAX_SEATS];   /* dice each seat must stack for */
    uint8_t holders;               /* bit set of seats holding a die */
    int16_t pen[PF_MAX_SEATS];     /* penalty points */
    uint16_t acts[PF_MAX_SEATS];   /* actions each seat has made */
    uint16_t rounds, collapses, duel_stacks;
    uint16_t pen_stops;          /* stops by too many dice */
    uint32_t tower_changes;      /* pieces placed and towers cleared: the plans' fingerprint */
    int64_t now;                 /* time of the last applied action (ms) */
    int64_t since[PF_MAX_SEATS]; /* when the seat last acted or, idle, got a die */
    int64_t busy[PF_MAX_SEATS];  /* the seat's hands are busy until then (PAKU-10) */
    pakupaku__tower tower;
    uint8_t script[PAKUPAKU__SCRIPT_MAX / 4]; /* scripted faces, 2 bits each (face - 1),
                                                consumed by every roll in order */
    int16_t jit[PAKUPAKU__JIT_MAX];           /* scripted jitter in hundredths */
    /* The generator, the one secret, comes last: everything before it is
     * the game's public_head, which the bots read in place. */
    pf_rng rng;
} pakupaku_state;

/* How long an action keeps the actor's hands busy, from its time (PAKU-10). */
#define PAKUPAKU__ROLL_HANDS_MS 800
#define PAKUPAKU__STACK_HANDS_MS 600

extern const pf_bot_def pakupaku__bots[];
extern const pf_rung pakupaku__ladder[PF_LEVELS];
extern const char *const pakupaku__rules[];
extern const char *const pakupaku__brief[];

/* The descriptor's text slots (pakupaku_text.c). */
void pakupaku__view(const void *st, int seat, pf_jw *w);
int pakupaku__name(const void *st, pf_action a, char *buf, size_t n);
pf_err pakupaku__parse(const void *st, const char *str, pf_action *a);
void pakupaku__render(const void *st, int seat, char *buf, size_t n);

/* The moment seat could first act: its hands free, and since it last acted
 * or, idle, got a die (PAKU-10); actions timed earlier are refused. */
static inline int64_t pakupaku__ready(const pakupaku_state *s, int seat)
{
    return s->busy[seat] > s->since[seat] ? s->busy[seat] : s->since[seat];
}

/* The game's skill_error (C-4): a stack's offset moved by a hand's error (pakupaku_bots.c). */
bool pakupaku__skill_error(pf_action aim, double wobble, pf_rng *rng, pf_action *played);

/* Dice seat holds; *free_ and *waiting (may be NULL) get the split. */
static inline int pakupaku__held(const pakupaku_state *s, int seat, int *free_, int *waiting)
{
    if (free_)
        *free_ = s->nfree[seat];
    if (waiting)
        *waiting = s->nwait[seat];
    return s->nfree[seat] + s->nwait[seat];
}

/* Recomputes nfree, nwait and holders from owner[] and wait[] (the rules
 * call it after moving dice; tests after placing dice by hand). */
void pakupaku__recount(pakupaku_state *s);

/* True when a piece of type may go on the tower now (supply, architects). */
static inline int pakupaku__type_allowed(const pakupaku_state *s, int type)
{
    if (type < 0 || type >= PAKUPAKU__NTYPES || s->on[type] >= PAKUPAKU__PER_TYPE)
        return 0;
    if (s->architects && s->tower.n > 0 && s->tower.type[s->tower.n - 1] == type)
        for (int o = 0; o < PAKUPAKU__NTYPES; o++)
            if (o != type && s->on[o] < PAKUPAKU__PER_TYPE)
                return 0; /* another type is left: no identical pair */
    return 1;
}

#endif
