/* args.h: strict flag values for the subcommands.
 *
 * A flag's value is a number of the right kind in its range, or the command
 * stops before doing anything: the helpers print one line naming the flag,
 * the valid range and what was typed ("partyfood sim: --games wants a whole
 * number from 1 to 1000000000, not '1e3'"), and the caller exits with 2. */
#ifndef PF_CLI_ARGS_H
#define PF_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "partyfood/game.h"

/* The value after the flag at argv[*i], moving *i onto it; NULL (with a
 * message) when the flag is the last argument. */
const char *cli_arg_value(const char *cmd, int argc, char **argv, int *i);

/* value as a whole number from lo to hi into *out. */
bool cli_arg_int(const char *cmd, const char *flag, const char *value, long long lo,
                long long hi, long long *out);

/* value as a finite number from lo to hi into *out. */
bool cli_arg_real(const char *cmd, const char *flag, const char *value, double lo, double hi,
                 double *out);

/* value as a seed: a whole number from 0 to 2^64 - 1, as replays store it. */
bool cli_arg_seed(const char *cmd, const char *flag, const char *value, uint64_t *out);

/* Sets the option kv ("KEY=VALUE") in *opt. KEY=@FILE takes the value from
 * FILE (at most PF_OPT_VAL - 1 bytes), so a long value such as a numbers
 * table can live in a file: only the command line reads it, the rules and
 * the protocol never open a file, and a replay stores the text itself. */
bool cli_arg_option(const char *cmd, const char *kv, pf_options *opt);

/* Says that arg is unknown or lacks its value, with the nearest of the
 * command's flags (n of them) when arg looks like a mistyped one; the
 * caller prints its usage and exits with 2. */
void cli_arg_unknown(const char *cmd, const char *arg, const char *const *flags, size_t n);

#endif
