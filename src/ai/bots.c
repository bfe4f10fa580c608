/* bots.c: finding a bot by name for a game. */
#include <stdio.h>
#include <string.h>

#include "partyfood/bot.h"
#include "partyfood/ismcts.h"

/* Generic bots: random, the level ladder (levels.c) and plain ISMCTS. */
static const pf_bot_def *const generic[] = {&pf_bot_random, &pf_bot_easy,   &pf_bot_medium,
                                            &pf_bot_hard,   &pf_bot_expert, &pf_bot_ismcts,
                                            NULL};

const pf_bot_def *pf_bot_find(const pf_game *g, const char *name)
{
    if (strncmp(name, "bot:", 4) == 0)
        name += 4;
    for (const pf_bot_def *const *b = generic; *b; b++)
        if (strcmp((*b)->name, name) == 0)
            return *b;
    for (const pf_bot_def *b = g->bots; b && b->name; b++)
        if (strcmp(b->name, name) == 0)
            return b;
    return NULL;
}

int pf_bot_names(const pf_game *g, const char **out, int cap)
{
    int n = 0;
    for (const pf_bot_def *const *b = generic; *b && n < cap; b++)
        out[n++] = (*b)->name;
    for (const pf_bot_def *b = g->bots; b && b->name && n < cap; b++)
        if (pf_bot_find(g, b->name) == b) /* not shadowed by a level of the same name */
            out[n++] = b->name;
    return n;
}

void pf_bot_list(const pf_game *g, char *buf, size_t n)
{
    const char *names[64];
    int k = pf_bot_names(g, names, 64);
    if (n == 0)
        return;
    size_t len = 0; /* always < n: buf + len stays inside buf */
    buf[0] = '\0';
    for (int i = 0; i < k; i++) {
        int w = snprintf(buf + len, n - len, "%s%s", i ? ", " : "", names[i]);
        if (w < 0 || (size_t)w >= n - len) {
            buf[len] = '\0'; /* the list ends at the last name that fits whole */
            return;
        }
        len += (size_t)w;
    }
}
