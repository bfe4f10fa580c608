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
        printf("  bots: %s", pf_bot_random.name);
        for (const pf_bot_def *b = g->bots; b && b->name; b++)
            printf(", %s", b->name);
        printf("\n\n");
    }
    return 0;
}
