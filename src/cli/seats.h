/* seats.h: who sits where, from a "--seats" list like "ana,bot:medium,random". */
#ifndef PF_CLI_SEATS_H
#define PF_CLI_SEATS_H

#include <stdint.h>

#include "partyfood/bot.h"

typedef struct pf_seating {
    int n;
    const pf_bot_def *bot[PF_MAX_SEATS]; /* NULL for a person */
    char name[PF_MAX_SEATS][24];         /* a person's name, or the bot's */
} pf_seating;

/* Parses a comma-separated list: "bot:NAME" or a bot name is a bot, anything
 * else a person's name. Returns 0, or -1 with a message in err. */
int pf_seating_parse(pf_seating *s, const pf_game *g, const char *list, pf_error *err);

/* Number of people in the seating. */
int pf_seating_people(const pf_seating *s);

/* Ruling C-1's default random seating: reorders the seats at random, drawn
 * from the game's seed on a stream of its own (the deal is not disturbed, and
 * a game replayed or resumed with its seed sits the same way). Only for a
 * seating nobody ordered on purpose: an explicit --seats list keeps its order. */
void pf_seating_shuffle(pf_seating *s, uint64_t game_seed);

#endif
