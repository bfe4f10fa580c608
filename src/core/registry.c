/* registry.c: the list of games, generated from the folders in src/games.
 *
 * games_list.h holds one PF_GAME(id) line per folder (see CMakeLists.txt),
 * so adding a game touches nothing outside its own folder. */
#include <string.h>

#include "partyfood/game.h"

#define PF_GAME(id) extern const pf_game pf_game_##id;
#include "games_list.h"
#undef PF_GAME

static const pf_game *const games[] = {
#define PF_GAME(id) &pf_game_##id,
#include "games_list.h"
#undef PF_GAME
    NULL};

int pf_game_count(void)
{
    return (int)(sizeof games / sizeof games[0]) - 1;
}

const pf_game *pf_game_at(int i)
{
    return i >= 0 && i < pf_game_count() ? games[i] : NULL;
}

const pf_game *pf_game_find(const char *id)
{
    for (int i = 0; i < pf_game_count(); i++)
        if (strcmp(games[i]->id, id) == 0)
            return games[i];
    return NULL;
}
