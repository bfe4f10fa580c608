/* commands.h: the subcommands of `partyfood`, each in its own file. */
#ifndef PF_CLI_COMMANDS_H
#define PF_CLI_COMMANDS_H

int cmd_play(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_games(int argc, char **argv);
int cmd_sim(int argc, char **argv);

#endif
