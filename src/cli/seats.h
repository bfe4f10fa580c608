/* seats.h: who sits where, from a "--seats" list like "ana,bot:medium,random". */
#ifndef PF_CLI_SEATS_H
#define PF_CLI_SEATS_H

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

#endif
