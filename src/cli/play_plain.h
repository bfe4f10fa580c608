/* play_plain.h: the line-mode game at the terminal (scripts, dumb terminals). */
#ifndef PF_CLI_PLAY_PLAIN_H
#define PF_CLI_PLAY_PLAIN_H

#include <stdio.h>

#include "cli/plain_skill.h"
#include "partyfood/seating.h"
#include "partyfood/match.h"
#include "partyfood/table.h"

/* Plays m (taken: destroyed here) to its end (or until the people quit) reading from in and
 * writing to out. Returns 0 when the game ended, 1 when the people quit. */
int plain_play(pf_match *m, const pf_seating *seating, FILE *in, FILE *out);

/* The parts the line-mode lesson (learn_plain.c) shares with a game. */

/* The table as seat sees it, the seats by their names in s. */
void plain_print_table(FILE *out, const pf_match *m, const pf_seating *s, int seat);
/* Seat's choices, numbered (or by their own numbers), and how skill
 * actions are played. */
void plain_print_choices(FILE *out, const pf_match *m, int seat, const plain_skill *k);
/* A typed line as an action: a number from the choices or a name. */
pf_err plain_read_action(const pf_match *m, int seat, const char *line, pf_action *a,
                         pf_error *err);
/* One line from in into buf without its end (timeout_ms -1: none); 1 with a
 * line, 0 on timeout, -1 at the end of input. */
int plain_read_line(FILE *in, char *buf, size_t n, int64_t timeout_ms);
/* The log as seat may see it (a memory game's earlier reveals hidden). */
void plain_print_log(FILE *out, const pf_table *t, int seat);
/* The rules of g in short. */
void plain_print_rules(FILE *out, const pf_game *g);

#endif
