/* match_bots.h: a bot plays one seat of a match (ai layer).
 *
 * The bot's chance comes from the match's seed and the moment, so a saved
 * game replays the same and bots in a batch differ game by game. */
#ifndef PARTYFOOD_MATCH_BOTS_H
#define PARTYFOOD_MATCH_BOTS_H

#include "partyfood/bot.h"
#include "partyfood/match.h"

/* Asks bot for seat's move (*a at time *t) without applying it: the move
 * pf_match_bot_move would play now. */
pf_err pf_match_bot_plan(const pf_match *m, int seat, const pf_bot_def *bot, pf_action *a,
                         int64_t *t, pf_error *err);

/* Asks bot for seat's move and applies it; *played is set to the action. */
pf_err pf_match_bot_move(pf_match *m, int seat, const pf_bot_def *bot, pf_events *ev,
                         pf_action *played, pf_error *err);

#endif
