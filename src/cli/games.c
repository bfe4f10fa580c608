/* games.c: `partyfood games`, what can be played and how. */
#include <stdio.h>

#include "cli/commands.h"
#include "partyfood/bot.h"

int cmd_games(int argc, char **argv)
{
    (void)argc, (void)argv;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        printf("%s: %s, %d to %d seats%s\n  %s\n", g->id, g->title, g->min_seats, g->max_seats,
               g->real_time ? ", real time" : "", g->summary);
        for (const pf_option_def *d = g->options; d && d->key; d++)
            printf("  --option %s=%s  %s\n", d->key, d->def, d->help);
        char bots[512];
        pf_bot_list(g, bots, sizeof bots);
        printf("  bots: %s", bots);
        printf("\n\n");
    }
    return 0;
}
