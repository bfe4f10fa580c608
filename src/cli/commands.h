/* commands.h: the subcommands of `partyfood`, each in its own file. */
#ifndef PF_CLI_COMMANDS_H
#define PF_CLI_COMMANDS_H

#include <stdio.h>

int cmd_play(int argc, char **argv);
int cmd_learn(int argc, char **argv);
int cmd_engine(int argc, char **argv);
/* The engine protocol over any pair of streams (stdin/stdout, a fuzzer's
 * buffer): one request per line in, one answer per line out. */
int engine_run(FILE *in, FILE *out);
int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);
/* `partyfood bench server`: the game server under load (bench_server.c). */
int cmd_bench_server(int argc, char **argv);
int cmd_games(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
