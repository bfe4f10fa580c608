/* nearest.c: the nearest known word to a mistyped one. */
#include "cli/nearest.h"

#include <string.h>

#include "partyfood/game.h"

/* Edits (insert, delete, change, swap of neighbours) from a to b, or more
 * than 3 when it is more than that. */
static int edits(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 30 || lb > 30 || (la > lb ? la - lb : lb - la) > 3)
        return 4;
    int d[32][32];
    for (size_t i = 0; i <= la; i++)
        for (size_t j = 0; j <= lb; j++) {
            if (i == 0 || j == 0) {
                d[i][j] = (int)(i + j);
                continue;
            }
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

const char *cli_nearest(const char *typed, const char *const *list, int n)
{
    const char *near = NULL;
    int best = 3;
    for (int i = 0; i < n; i++) {
        int d = edits(typed, list[i]);
        if (d < best) {
            best = d;
            near = list[i];
        }
    }
    return near;
}

void cli_no_such_game(FILE *f, const char *cmd, const char *id)
{
    const char *ids[64];
    int n = 0;
    for (int i = 0; i < pf_game_count() && n < 64; i++)
        ids[n++] = pf_game_at(i)->id;
    const char *near = cli_nearest(id, ids, n);
    fprintf(f, "partyfood %s: no game called '%s'", cmd, id);
    if (near)
        fprintf(f, "; did you mean %s?", near);
    fprintf(f, " (games:");
    for (int i = 0; i < n; i++)
        fprintf(f, " %s", ids[i]);
    fprintf(f, ")\n");
}
