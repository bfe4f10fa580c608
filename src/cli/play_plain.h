/* play_plain.h: the line-mode game at the terminal (scripts, dumb terminals). */
#ifndef PF_CLI_PLAY_PLAIN_H
#define PF_CLI_PLAY_PLAIN_H

#include <stdio.h>

#include "partyfood/seating.h"
#include "partyfood/match.h"
#include "partyfood/table.h"

/* Plays m (taken: destroyed here) to its end (or until the people quit) reading from in and
 * writing to out. Returns 0 when the game ended, 1 when the people quit. */
int plain_play(pf_match *m, const pf_seating *seating, FILE *in, FILE *out);

#endif
