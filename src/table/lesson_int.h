/* lesson_int.h: a lesson as read from its file, shared by the reader
 * (lesson_file.c) and the runner (lesson_run.c); src/table only. */
#ifndef PF_TABLE_LESSON_INT_H
#define PF_TABLE_LESSON_INT_H

#include "partyfood/lesson.h"

/* One step: a note (act NULL) or a seat's move. Strings point into the
 * file's JSON, which the lesson keeps. */
typedef struct lesson_step {
    int seat; /* -1 for a note */
    const char *act, *say, *refuse;
    bool aim;
    double aim_lo, aim_hi;
    int64_t after; /* ms after the last move (real time) */
    int nshow;
    const char *show[PF_LESSON_SHOW];
} lesson_step;

typedef struct lesson_chapter {
    const char *id, *title, *refuse;
    bool optional;
    int seats;
    uint64_t seed;
    pf_options opt;
    int from; /* the chapter this one goes on from, or -1 */
    int nbefore; /* moves played silently at its start, after those of `from` */
    lesson_step *before;
    int nsteps;
    lesson_step *steps;
} lesson_chapter;

struct pf_lesson {
    cJSON *root;
    const pf_game *game;
    const char *title, *refuse;
    int you;
    /* the seats' names, seat 0 first: every seat is a person's at the
     * table, the scripted ones included (the table's bots never move) */
    int nnames;
    char names[PF_MAX_SEATS][PF_SEAT_NAME_MAX + 1];
    int nchapters;
    lesson_chapter *ch;
};

#endif
