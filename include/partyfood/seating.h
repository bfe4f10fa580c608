/* seating.h: who sits where at a table (the table layer, src/table/): from
 * a "--seats" list like "ana,bot:medium,random" or from the "seating"
 * member of a save file. */
#ifndef PARTYFOOD_SEATING_H
#define PARTYFOOD_SEATING_H

#include <stdint.h>

#include "partyfood/bot.h"
#include "partyfood/match.h"

#define PF_SEAT_NAME_MAX 23 /* bytes of a person's name */

typedef struct pf_seating {
    int n;
    const pf_bot_def *bot[PF_MAX_SEATS]; /* NULL for a person */
    char name[PF_MAX_SEATS][PF_SEAT_NAME_MAX + 1]; /* a person's name, or the bot's */
} pf_seating;

/* Parses a comma-separated list: "bot:NAME" or a bot name is a bot, anything
 * else a person's name (printable UTF-8 of at most PF_SEAT_NAME_MAX bytes).
 * Returns 0, or -1 with a message in err. */
int pf_seating_parse(pf_seating *s, const pf_game *g, const char *list, pf_error *err);

/* Adds one seat read like an item of that list; 0, or -1 with err set. */
int pf_seating_add(pf_seating *s, const pf_game *g, const char *item, pf_error *err);
/* 0 when g allows s->n seats, else -1 with err set. */
int pf_seating_check(const pf_seating *s, const pf_game *g, pf_error *err);
/* A seating of n people named "seat 0", "seat 1"... (for a caller who
 * plays every seat, and saves without a seating). */
void pf_seating_people_only(pf_seating *s, int n);

/* The names texts give the seats (pf_event_render): a person's name
 * ("seat N" when empty), "bot NAME" for a bot, and "NAME 1", "NAME 2"...
 * for seats of the same kind and name; seat `you` (or -1 for none) with
 * " (you)" after it, unless its name is You already. */
void pf_seating_names(const pf_seating *s, int you, pf_seat_names *out);

/* text into buf (n bytes) with each "seat N" or "Seat N" (N from 1, a seat
 * of s) read as that seat's name (pf_seating_names, nobody marked); when
 * seat `you` (-1: none) is named You, the text's " (you)" marks go. For
 * texts a game writes about its seats by number (its table, a hint's
 * reason). */
void pf_seating_name_text(const pf_seating *s, int you, const char *text, char *buf, size_t n);

/* Number of people in the seating. */
int pf_seating_people(const pf_seating *s);

/* Ruling C-1's default random seating: reorders the seats at random, drawn
 * from the game's seed on a stream of its own (the deal is not disturbed, and
 * a game replayed or resumed with its seed sits the same way). Only for a
 * seating nobody ordered on purpose: an explicit --seats list keeps its order. */
void pf_seating_shuffle(pf_seating *s, uint64_t game_seed);

/* Saves m to path as a replay file that also holds the seating (its
 * "seating" member: "ana", "bot:medium", seat 0 first) and the memory aid,
 * so `partyfood play --resume` seats everyone again. Both front ends save
 * through this. */
pf_err pf_seating_save(const pf_match *m, const pf_seating *s, bool memory_aid,
                       const char *path, pf_error *err);
/* The same save as a replay object (not yet sealed); NULL when memory ran
 * out. */
cJSON *pf_seating_replay(const pf_match *m, const pf_seating *s, bool memory_aid);

/* Reads the seating a save holds for m's game and seats: 1 when found, 0
 * when the save has none, -1 with a message in err when it is unusable.
 * Names are made printable (control characters become '?'): they come from
 * a file and will be shown on a terminal. */
int pf_seating_from_save(pf_seating *s, const pf_match *m, const cJSON *save, pf_error *err);

/* Loads a save file (`--resume`, the autosave): the match, its seating
 * into *s when it has one (*seated), and its memory aid (*memory_aid set
 * when on). *warning gets a sentence to show a person, or NULL. NULL with
 * a message in err when the file is unusable. */
pf_match *pf_seating_load(const char *path, pf_seating *s, bool *seated, bool *memory_aid,
                          const char **warning, pf_error *err);

#endif
