/* learn_plain.h: a lesson in the line mode (`partyfood learn GAME --plain`). */
#ifndef PF_CLI_LEARN_PLAIN_H
#define PF_CLI_LEARN_PLAIN_H

#include <stdio.h>

#include "partyfood/lesson.h"

/* Plays lesson l from chapter (from 0), reading from in and writing to
 * out. Returns 0 when the lesson was finished, 1 when the person left (or
 * the input ended), 2 when memory ran out. */
int plain_learn(const pf_lesson *l, int chapter, FILE *in, FILE *out);

#endif
