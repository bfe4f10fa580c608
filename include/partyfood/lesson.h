/* lesson.h: guided first games (the table layer, src/table/).
 *
 * A lesson is data: one JSON file per game (web/lessons/<game>.json, found
 * through pf_web_dir), read by both front ends. It is a short game on a
 * fixed deal, in chapters; each chapter is a list of steps: a note to read,
 * a move of the person (the one move the rule being taught asks for), or a
 * scripted move of another seat. docs/lessons.md has the format, the
 * highlight words of each game and how a front end runs a lesson.
 *
 * The runner below holds a table (table.h) a front end draws as it draws
 * any game, and says what happens now: the caption, what to highlight, who
 * moves and which move. The person's moves go through pf_lesson_play,
 * which plays the move the lesson asks for and gently refuses any other
 * with the lesson's reason; everything else goes on with pf_lesson_next.
 * A real-time lesson (Paku Paku) runs on the lesson's own clock: every
 * move's time is the last move's plus the step's `after`, or the moment
 * the seat's hands are free, so nothing happens while a caption waits and
 * the person may take all the time they like. */
#ifndef PARTYFOOD_LESSON_H
#define PARTYFOOD_LESSON_H

#include <stdbool.h>
#include <stdint.h>

#include "partyfood/table.h"

#define PF_LESSON_FORMAT "partyfood-lesson"
#define PF_LESSON_VERSION 1
#define PF_LESSON_SHOW 8          /* highlights a step names at most */
#define PF_LESSON_MAX_BYTES (1u << 20)

/* A lesson file, read and checked. */
typedef struct pf_lesson pf_lesson;

/* Reads a lesson from its JSON text (file names the lesson in messages)
 * and checks it whole: the format, every field (unknown fields are
 * refused), the highlights against the game's words (pf_game's
 * lesson_targets), and every chapter played through the rules, each
 * scripted move legal where it stands. NULL with a message naming the
 * chapter and step at fault. */
pf_lesson *pf_lesson_parse(const char *text, const char *file, pf_error *err);
/* Reads and checks a lesson file. */
pf_lesson *pf_lesson_load(const char *path, pf_error *err);
/* The lesson of game id, lessons/<id>.json in the web folder (pf_web_dir);
 * PF_E_IO when there is none. */
pf_lesson *pf_lesson_find(const char *id, pf_error *err);
void pf_lesson_free(pf_lesson *l);

const pf_game *pf_lesson_game(const pf_lesson *l);
const char *pf_lesson_title(const pf_lesson *l);
/* The person's seat (the same in every chapter). */
int pf_lesson_you(const pf_lesson *l);
int pf_lesson_chapters(const pf_lesson *l);
/* A chapter's id ("switching") and title ("Switching slices"). */
const char *pf_lesson_chapter_id(const pf_lesson *l, int chapter);
const char *pf_lesson_chapter_title(const pf_lesson *l, int chapter);
/* Whether a chapter is optional (the chocolate gamble). */
bool pf_lesson_chapter_optional(const pf_lesson *l, int chapter);

/* A lesson being played. */
typedef struct pf_lesson_run pf_lesson_run;

/* Starts chapter `chapter` of l (which must outlive the run) on a table of
 * its own: its deal and options, and the moves of the chapters it goes on
 * from and its own moves `before`, played silently, so every chapter
 * starts on its own. The hook (may be NULL) hears every step played from
 * then on, and the setup of a chapter that starts from nothing; after a
 * start (and pf_lesson_restart, pf_lesson_goto) a front end draws the
 * table as it stands (its view, pf_table_log). */
pf_lesson_run *pf_lesson_start(const pf_lesson *l, int chapter, pf_table_hook hook, void *arg,
                               pf_error *err);
/* Leaves the lesson. */
void pf_lesson_stop(pf_lesson_run *r);

/* The chapter's table: draw it as any game's (its seats are the lesson's
 * names; every seat is a person's, so the table's own bots never move). */
const pf_table *pf_lesson_table(const pf_lesson_run *r);

typedef enum pf_lesson_kind {
    PF_LESSON_NOTE, /* a caption to read: Next goes on (pf_lesson_next) */
    PF_LESSON_YOU,  /* the person's move (pf_lesson_play) */
    PF_LESSON_BOT,  /* another seat's scripted move, played by pf_lesson_next */
    PF_LESSON_DONE, /* the chapter is over: Next starts the next one, if any */
} pf_lesson_kind;

/* What happens now. Strings point into the lesson and stay valid while it
 * lives. */
typedef struct pf_lesson_now {
    pf_lesson_kind kind;
    int chapter, step, steps; /* the step's index in its chapter, and the count */
    int seat;                 /* who moves (YOU, BOT); -1 otherwise */
    const char *say;          /* the caption, or NULL */
    int nshow;
    const char *show[PF_LESSON_SHOW]; /* what to highlight: "cell 12", "plate left" */
    const char *act;          /* the move: the one asked of the person (with `aim`, one
                                 of them), or the bot's; NULL for a note or at the end */
    bool aim;                 /* the move's skill number (its last word) may be any in
                                 [aim_lo, aim_hi]: the person's own toss or swing */
    double aim_lo, aim_hi;
    int64_t t_ms;             /* the game time the move is played at */
    bool last;                /* DONE in the last chapter: the lesson is over */
} pf_lesson_now;

void pf_lesson_now_get(const pf_lesson_run *r, pf_lesson_now *now);

/* The person's move (a name, as for pf_table_act): the move the step asks
 * for is played and the lesson goes on; any other move is refused with
 * PF_E_ILLEGAL_ACTION and the lesson's reason as the message, and nothing
 * changes. PF_E_NOT_YOUR_TURN when the step is not the person's. */
pf_err pf_lesson_play(pf_lesson_run *r, const char *action, pf_error *err);
/* Goes on: past a note, plays a bot's move, or from DONE to the next
 * chapter. PF_E_NOT_YOUR_TURN at the person's move, PF_E_GAME_OVER after
 * the last chapter. */
pf_err pf_lesson_next(pf_lesson_run *r, pf_error *err);
/* The chapter again, from its start. */
pf_err pf_lesson_restart(pf_lesson_run *r, pf_error *err);
/* Another chapter (skip: the current one + 1). */
pf_err pf_lesson_goto(pf_lesson_run *r, int chapter, pf_error *err);

#endif
