/* seats.c: parsing a seating list. */
#include "cli/seats.h"

#include <stdio.h>
#include <string.h>

int pf_seating_parse(pf_seating *s, const pf_game *g, const char *list, pf_error *err)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    s->n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (s->n == PF_MAX_SEATS) {
            pf_error_set(err, PF_E_BAD_SEATS, "at most %d seats", PF_MAX_SEATS);
            return -1;
        }
        const pf_bot_def *b = pf_bot_find(g, tok);
        if (!b && strncmp(tok, "bot:", 4) == 0) {
            char bots[256];
            pf_bot_list(g, bots, sizeof bots);
            pf_error_set(err, PF_E_UNKNOWN_BOT, "no bot '%s' for %s (bots: %s)", tok + 4,
                         g->title, bots);
            return -1;
        }
        s->bot[s->n] = b;
        snprintf(s->name[s->n], sizeof s->name[0], "%s", b ? b->name : tok);
        s->n++;
    }
    if (s->n < g->min_seats || s->n > g->max_seats) {
        pf_error_set(err, PF_E_BAD_SEATS, "%s is for %d to %d seats, not %d", g->title,
                     g->min_seats, g->max_seats, s->n);
        return -1;
    }
    return 0;
}

int pf_seating_people(const pf_seating *s)
{
    int n = 0;
    for (int i = 0; i < s->n; i++)
        n += s->bot[i] == NULL;
    return n;
}
