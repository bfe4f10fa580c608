/* replay.c: `partyfood replay FILE`, a saved game step by step. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "partyfood/replay.h"

#define EVENT_CAP 128
#define TEXT_CAP 8192

int cmd_replay(int argc, char **argv)
{
    const char *path = NULL;
    int seat = PF_SEAT_SPECTATOR;
    for (int i = 1; i < argc; i++) {
        const char *v;
        long long n;
        if (strcmp(argv[i], "--seat") == 0) {
            if (!(v = pf_arg_value("replay", argc, argv, &i)) ||
                !pf_arg_int("replay", "--seat", v, 0, PF_MAX_SEATS - 1, &n))
                return 2;
            seat = (int)n;
        } else if (strcmp(argv[i], "--all") == 0) {
            seat = PF_SEAT_GOD;
        } else if (argv[i][0] != '-' && !path) {
            path = argv[i];
        } else {
            fprintf(stderr, "usage: partyfood replay FILE [--seat N | --all]\n"
                            "  prints the game as a spectator sees it (--seat: as that "
                            "seat; --all: everything)\n");
            return strcmp(argv[i], "--help") == 0 ? 0 : 2;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: partyfood replay FILE [--seat N | --all]\n");
        return 2;
    }
    pf_error err;
    pf_match *saved = pf_match_load_file(path, &err);
    if (!saved) {
        fprintf(stderr, "partyfood replay: %s\n", err.msg);
        return 1;
    }
    if (seat < PF_SEAT_GOD || seat >= saved->seats) {
        fprintf(stderr, "partyfood replay: no seat %d in this %d-seat game\n", seat,
                saved->seats);
        pf_match_destroy(saved);
        return 2;
    }
    /* Walk a fresh copy forward to show each step's events. */
    const pf_game *g = saved->game;
    pf_match *m = pf_match_create(g, saved->seats, &saved->opt, saved->seed, &err);
    char *text = m ? malloc(TEXT_CAP) : NULL;
    if (!text) {
        fprintf(stderr, "partyfood replay: %s\n", m ? pf_strerror(PF_E_NO_MEMORY) : err.msg);
        pf_match_destroy(m);
        pf_match_destroy(saved);
        return 1;
    }
    printf("%s, %d seats, seed %llu, %d actions\n\n", g->title, saved->seats,
           (unsigned long long)saved->seed, saved->nsteps);
    g->render(m->state, seat, text, TEXT_CAP);
    printf("%s\n", text);
    for (int i = 0; i < saved->nsteps; i++) {
        const pf_step *s = &saved->steps[i];
        pf_event buf[EVENT_CAP];
        pf_events ev = {buf, 0, EVENT_CAP, 0};
        char name[96];
        g->name(m->state, s->action, name, sizeof name);
        pf_match_apply(m, s->seat, s->action, s->t_ms, &ev, NULL);
        printf("%4d. seat %d: %s", i + 1, s->seat, name);
        if (g->real_time)
            printf("  (t=%lld ms)", (long long)s->t_ms);
        printf("\n");
        for (int k = 0; k < ev.n; k++)
            if (pf_event_visible(&buf[k], seat))
                printf("      %s\n", buf[k].text);
    }
    g->render(m->state, seat, text, TEXT_CAP);
    printf("\n%s\n", text);
    double r[PF_MAX_SEATS];
    if (pf_match_over(m, r)) {
        printf("Result:");
        for (int i = 0; i < m->seats; i++)
            printf(" seat %d=%g", i, r[i]);
        printf("\n");
    } else {
        printf("The game is not over (continue it with `partyfood play --resume %s`).\n", path);
    }
    free(text);
    pf_match_destroy(m);
    pf_match_destroy(saved);
    return 0;
}
