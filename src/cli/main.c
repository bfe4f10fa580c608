/* main.c: `partyfood COMMAND ...`, the one program. */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/nearest.h"
#include "partyfood/session.h"

static const struct command {
    const char *name, *args, *about;
    int (*run)(int argc, char **argv);
} commands[] = {
    {"play", "[GAME] [--seats LIST] [--plain] ...", "play a game at the terminal", cmd_play},
    {"learn", "GAME [--chapter N] [--plain]", "learn a game by playing it: a guided first game",
     cmd_learn},
    {"engine", "[--seat N | --spectator]", "JSON lines on stdin/stdout (docs/protocol.md)", cmd_engine},
    {"replay", "FILE", "print a saved game step by step", cmd_replay},
    {"sim", "GAME [--seats LIST] [--games N] ...", "play many bot games, report win rates",
     cmd_sim},
    {"bench", "[GAME | server] [--seconds S] ...", "measure the rules, bots' and server's speed",
     cmd_bench},
    {"games", "", "list the games and their options and bots", cmd_games},
    {"serve", "[--listen HOST:PORT] [--db FILE] [--web DIR]", "the game server (docs/server.md)", cmd_serve},
};

static void usage(FILE *f)
{
    fprintf(f, "partyfood: four party-food tabletop games\n\nusage: partyfood COMMAND ...\n\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  partyfood %-7s %-36s %s\n", commands[i].name, commands[i].args,
                commands[i].about);
    fprintf(f, "\n`partyfood COMMAND --help` says more; `partyfood --version` the version.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("partyfood %s (engine protocol %d)\n", PF_VERSION, PF_PROTOCOL_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    const char *names[sizeof commands / sizeof commands[0]];
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        names[i] = commands[i].name;
    const char *near = cli_nearest(argv[1], names, (int)(sizeof names / sizeof names[0]));
    fprintf(stderr, "partyfood: unknown command '%s'", argv[1]);
    if (near)
        fprintf(stderr, "; did you mean %s?", near);
    fprintf(stderr, "\n\n");
    usage(stderr);
    return 2;
}
