/* replay.c: `partyfood replay FILE`, a saved game step by step. It is read
 * by people: seats are counted from 1 (--seat 1 is the first seat), as in
 * the games' texts; the replay file itself keeps the protocol's 0-based
 * seat numbers. A game still in progress is shown as its players may see
 * it at the table: in a memory game, what earlier reveals showed is hidden
 * (only the latest one stays, PIZ-7, YYP-7) unless the game was played
 * with the memory aid, or --all asks for every reveal. Nothing hidden
 * leaves a game still in progress, to anyone: not the seed (the chance
 * still to come follows from it), not a seat's secrets; --all shows the
 * hidden part, and the seed, once the game is over. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "partyfood/replay.h"
#include "partyfood/seating.h"

#define TEXT_CAP 8192

/* What the steps are shown from and to whom. */
typedef struct shown {
    const pf_match *m;
    int seat;
    char *text;       /* TEXT_CAP bytes for the table */
    int last_memory;  /* the last step with a memory event (-1: none); those before it are hidden */
} shown;

/* The first pass: the last step whose events include a memory. */
static void find_memories(void *arg, int step, const void *st, const pf_events *ev)
{
    int *last = arg;
    (void)st;
    for (int k = 0; step >= 0 && k < ev->n; k++)
        if (ev->buf[k].memory)
            *last = step;
}

/* The table once set up, then each step with the events seat may see. */
static void show_step(void *arg, int step, const void *st, const pf_events *ev)
{
    const shown *w = arg;
    const pf_game *g = w->m->game;
    if (step < 0) {
        g->render(st, w->seat, w->text, TEXT_CAP);
        printf("%s\n", w->text);
        return;
    }
    const pf_step *s = &w->m->steps[step];
    printf("%4d. seat %d: %s", step + 1, s->seat + 1, s->name);
    if (g->real_time)
        printf("  (t=%lld ms)", (long long)s->t_ms);
    printf("\n");
    for (int k = 0; k < ev->n; k++)
        if (pf_event_visible(&ev->buf[k], w->seat))
            printf("      %s\n", ev->buf[k].memory && step < w->last_memory
                                      ? "(an earlier reveal: remember it!)"
                                      : ev->buf[k].text);
}

int cmd_replay(int argc, char **argv)
{
    const char *path = NULL;
    int seat = PF_SEAT_SPECTATOR;
    for (int i = 1; i < argc; i++) {
        const char *v;
        long long n;
        if (strcmp(argv[i], "--seat") == 0) {
            if (!(v = cli_arg_value("replay", argc, argv, &i)) ||
                !cli_arg_int("replay", "--seat", v, 1, PF_MAX_SEATS, &n))
                return 2;
            seat = (int)n - 1;
        } else if (strcmp(argv[i], "--all") == 0) {
            seat = PF_SEAT_GOD;
        } else if (argv[i][0] != '-' && !path) {
            path = argv[i];
        } else {
            fprintf(stderr, "usage: partyfood replay FILE [--seat N | --all]\n"
                            "  prints the game as a spectator sees it (--seat: as that seat,\n"
                            "  counted from 1; --all: everything, once the game is over)\n");
            return strcmp(argv[i], "--help") == 0 ? 0 : 2;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: partyfood replay FILE [--seat N | --all]\n");
        return 2;
    }
    pf_error err;
    pf_seating seating;
    bool seated, memory_aid = false;
    const char *warning;
    pf_match *saved = pf_seating_load(path, &seating, &seated, &memory_aid, &warning, &err);
    if (!saved) {
        fprintf(stderr, "partyfood replay: %s\n", err.msg);
        return 1;
    }
    if (seat < PF_SEAT_GOD || seat >= saved->seats) {
        fprintf(stderr, "partyfood replay: no seat %d in this %d-seat game\n", seat + 1,
                saved->seats);
        pf_match_destroy(saved);
        return 2;
    }
    /* Rebuild the game from its start to show each step's events. */
    const pf_game *g = saved->game;
    shown w = {saved, seat, malloc(TEXT_CAP), -1};
    void *st = malloc(g->state_size);
    if (!w.text || !st) {
        fprintf(stderr, "partyfood replay: %s\n", pf_strerror(PF_E_NO_MEMORY));
        free(w.text);
        free(st);
        pf_match_destroy(saved);
        return 1;
    }
    bool over = pf_match_over(saved, NULL), every_reveal = seat == PF_SEAT_GOD;
    if (over)
        printf("%s, %d seats, seed %llu, %d actions\n\n", g->title, saved->seats,
               (unsigned long long)saved->seed, saved->nsteps);
    else
        printf("%s, %d seats, %d actions, not over\n\n", g->title, saved->seats, saved->nsteps);
    if (!over && seat == PF_SEAT_GOD) {
        printf("(The game is not over: --all shows every reveal, as a spectator saw it;\n"
               " what is still hidden, only once the game has ended.)\n\n");
        w.seat = seat = PF_SEAT_SPECTATOR;
    }
    if (!memory_aid && !every_reveal && !over)
        pf_match_state_at(saved, saved->nsteps, st, find_memories, &w.last_memory);
    pf_match_state_at(saved, saved->nsteps, st, show_step, &w);
    g->render(saved->state, seat, w.text, TEXT_CAP);
    printf("\n%s\n", w.text);
    double r[PF_MAX_SEATS];
    if (pf_match_over(saved, r)) {
        printf("Result:");
        for (int i = 0; i < saved->seats; i++)
            printf(" seat %d=%g", i + 1, r[i]);
        printf("\n");
    } else {
        printf("The game is not over (continue it with `partyfood play --resume %s`).\n", path);
    }
    free(w.text);
    free(st);
    pf_match_destroy(saved);
    return 0;
}
