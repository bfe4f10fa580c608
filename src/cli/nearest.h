/* nearest.h: "did you mean ...?" for a mistyped game or command. */
#ifndef PF_CLI_NEAREST_H
#define PF_CLI_NEAREST_H

#include <stdio.h>

/* The word of list (n words) nearest to typed, when at most two edits
 * (insert, delete, change, swap of neighbours) away; else NULL. */
const char *cli_nearest(const char *typed, const char *const *list, int n);

/* Prints "partyfood CMD: no game called 'ID'; did you mean pizza? (games:
 * ...)" to f. */
void cli_no_such_game(FILE *f, const char *cmd, const char *id);

#endif
