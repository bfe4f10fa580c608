/* seats.c: parsing a seating list, and the default random seating (C-1). */
#include "cli/seats.h"

#include <stdio.h>
#include <string.h>

#include "partyfood/rng.h"

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

/* The stream of pf_seed_derive that seatings draw from ("seat"). */
#define SEATING_STREAM 0x73656174u

void pf_seating_shuffle(pf_seating *s, uint64_t game_seed)
{
    pf_rng rng;
    pf_rng_seed(&rng, pf_seed_derive(game_seed, SEATING_STREAM));
    for (int i = s->n - 1; i > 0; i--) {
        int j = (int)pf_rng_below(&rng, (uint32_t)i + 1);
        const pf_bot_def *b = s->bot[i];
        s->bot[i] = s->bot[j];
        s->bot[j] = b;
        char name[sizeof s->name[0]];
        memcpy(name, s->name[i], sizeof name);
        memcpy(s->name[i], s->name[j], sizeof name);
        memcpy(s->name[j], name, sizeof name);
    }
}
