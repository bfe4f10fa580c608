/* play.c: `partyfood play`, a game at the terminal against bots. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/nearest.h"
#include "cli/play_plain.h"
#include "partyfood/parse.h"
#include "tui/tui.h"

#define MAX_PACE_MS 60000

static void usage(FILE *f)
{
    fprintf(f,
            "usage: partyfood play [GAME] [--seats LIST] [--seed N] [--option KEY=VALUE]...\n"
            "                      [--plain] [--resume FILE] [--pace MS] [--memory-aid]\n"
            "                      [--hints]\n\n"
            "  GAME        one of:");
    for (int i = 0; i < pf_game_count(); i++)
        fprintf(f, " %s", pf_game_at(i)->id);
    fprintf(f, "\n  --seats     who sits where, seat 1 first: a person's name, or a bot\n"
               "              (bot:NAME or NAME; `partyfood games` lists them),\n"
               "              e.g. --seats ana,ben,bot:random. Default: you and two\n"
               "              bots in a random order (drawn from the seed)\n"
               "  --seed N    the game's seed (default: a fresh secret one)\n"
               "  --option    a game option, e.g. --option difficulty=4; KEY=@FILE takes the\n"
               "              value from FILE\n"
               "  --plain     line mode (also when output is not a terminal or TERM=dumb)\n"
               "  --resume    continue a saved game (its seating too, unless --seats)\n"
               "  --pace MS   full-screen mode: pause after each bot move (default 2000,\n"
               "              0 to %d; the seating screen sets it too)\n"
               "  --memory-aid  full-screen mode: show earlier reveals in memory games\n"
               "  --hints     full-screen mode: hints (h) for people sharing the keyboard,\n"
               "              off by default when more than one person plays (the seating\n"
               "              screen's h too); one person with bots always has them\n\n"
               "Without --plain on a terminal, the full-screen client opens; with no\n"
               "GAME it starts on a menu. NO_COLOR=1 gives a monochrome screen. It saves\n"
               "each game after every step to $XDG_STATE_HOME/partyfood/autosave.json\n"
               "(default ~/.local/state/partyfood/) and offers to resume an unfinished one.\n",
               MAX_PACE_MS);
}

/* The default seating: one person and `medium` bots (the middle of every
 * game's ladder) on the other seats (seats <= 0: a comfortable table size).
 * The caller shuffles it (C-1: random seating unless chosen). */
static void default_seats(const pf_game *g, int seats, char *buf, size_t n)
{
    if (seats <= 0)
        seats = g->min_seats > 3 ? g->min_seats : (g->max_seats < 3 ? g->max_seats : 3);
    snprintf(buf, n, "you");
    for (int i = 1; i < seats; i++)
        snprintf(buf + strlen(buf), n - strlen(buf), ",bot:medium");
}

/* Asks which game to play when none was named. */
static const pf_game *ask_game(void)
{
    printf("Which game?\n");
    for (int i = 0; i < pf_game_count(); i++)
        printf("  %d) %-10s %s: %s\n", i + 1, pf_game_at(i)->id, pf_game_at(i)->title,
               pf_game_at(i)->summary);
    char line[64];
    for (;;) {
        printf("> ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            return NULL;
        line[strcspn(line, "\r\n")] = '\0';
        long long k;
        if (pf_parse_int(line, 1, pf_game_count(), &k))
            return pf_game_at((int)k - 1);
        const pf_game *g = pf_game_find(line);
        if (g)
            return g;
        printf("Type a number from 1 to %d or a game id.\n", pf_game_count());
    }
}

int cmd_play(int argc, char **argv)
{
    const char *game_id = NULL, *seats = NULL, *resume = NULL;
    bool plain = false, memory_aid = false, fixed_seed = false, hints = false;
    int pace = -1;
    uint64_t seed = 0;
    pf_options opt;
    pf_error err;
    pf_options_clear(&opt);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        bool has_value = i + 1 < argc;
        long long n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--seats") == 0 && has_value) {
            seats = argv[++i];
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_arg_value("play", argc, argv, &i)) || !cli_arg_seed("play", a, v, &seed))
                return 2;
            fixed_seed = true;
        } else if (strcmp(a, "--pace") == 0) {
            if (!(v = cli_arg_value("play", argc, argv, &i)) ||
                !cli_arg_int("play", a, v, 0, MAX_PACE_MS, &n))
                return 2;
            pace = (int)n;
        } else if (strcmp(a, "--memory-aid") == 0) {
            memory_aid = true;
        } else if (strcmp(a, "--hints") == 0) {
            hints = true;
        } else if (strcmp(a, "--option") == 0 && has_value) {
            if (!cli_arg_option("play", argv[++i], &opt))
                return 2;
        } else if (strcmp(a, "--resume") == 0 && has_value) {
            resume = argv[++i];
        } else if (strcmp(a, "--plain") == 0) {
            plain = true;
        } else if (a[0] != '-' && !game_id) {
            game_id = a;
        } else {
            static const char *const flags[] = {"--seats",      "--seed",  "--option",
                                                "--plain",      "--resume", "--pace",
                                                "--memory-aid", "--hints", "--help"};
            cli_arg_unknown("play", a, flags, sizeof flags / sizeof *flags);
            usage(stderr);
            return 2;
        }
    }
    pf_match *m = NULL;
    const pf_game *g;
    pf_seating seating;
    bool saved_seating = false;
    const char *warning = NULL;
    if (resume) {
        m = pf_seating_load(resume, &seating, &saved_seating, &memory_aid, &warning, &err);
        if (!m) {
            fprintf(stderr, "partyfood play: %s\n", err.msg);
            return 1;
        }
        if (warning)
            fprintf(stderr, "partyfood play: warning: %s: %s\n", resume, warning);
    }
    bool tui = !plain && pf_tui_available();
    if (tui && !resume && !game_id) {
        /* The menu picks the game and the seats. */
        pf_tui_args ta = {.seed = seed, .fixed_seed = fixed_seed, .pace_ms = pace,
                          .memory_aid = memory_aid, .opt = opt, .offer_autosave = true,
                          .hints_shared = hints};
        return pf_tui_run(&ta);
    }
    if (m) {
        g = m->game;
    } else {
        g = game_id ? pf_game_find(game_id) : ask_game();
        if (!g) {
            if (game_id)
                cli_no_such_game(stderr, "play", game_id);
            else
                usage(stderr);
            return 2;
        }
    }
    char defaults[256];
    /* Chosen by --seats or by the saved game; else drawn at random (C-1). */
    const bool chosen = seats != NULL || saved_seating;
    if (!chosen) {
        default_seats(g, m ? m->seats : 0, defaults, sizeof defaults);
        seats = defaults;
    }
    if (seats && pf_seating_parse(&seating, g, seats, &err) != 0) {
        fprintf(stderr, "partyfood play: %s\n", err.msg);
        pf_match_destroy(m);
        return 2;
    }
    if (m && seating.n != m->seats) {
        fprintf(stderr, "partyfood play: the saved game has %d seats, --seats lists %d\n",
                m->seats, seating.n);
        pf_match_destroy(m);
        return 2;
    }
    /* The seed gives every future draw: a secret nobody at the table sees. */
    if (!m && !fixed_seed && pf_seed_random(&seed, &err) != PF_E_OK) {
        fprintf(stderr, "partyfood play: %s\n", err.msg);
        return 1;
    }
    if (!m && !(m = pf_match_create(g, seating.n, &opt, seed, &err))) {
        fprintf(stderr, "partyfood play: %s\n", err.msg);
        return 2;
    }
    if (!chosen) /* from the match's seed: a resumed game finds its seats again */
        pf_seating_shuffle(&seating, m->seed);
    if (tui) {
        pf_tui_args ta = {.game = g, .match = m, .seated = true, .seating = seating,
                          .seed = seed, .fixed_seed = fixed_seed, .pace_ms = pace,
                          .memory_aid = memory_aid, .opt = opt,
                          .offer_autosave = !resume, .notice = warning, .hints_shared = hints};
        return pf_tui_run(&ta);
    }
    plain_play(m, &seating, stdin, stdout); /* quitting is no failure */
    return 0;
}
