/* bench_main.c: `partyfood bench` as a WASI program, to measure the rules
 * and bots in the module beside the native figures (docs/offline.md):
 * node runs it with node:wasi (tests/wasm/bench.mjs). */
#include <stdio.h>

#include "cli/commands.h"

/* `partyfood bench server` needs the server, which the module has not. */
int cmd_bench_server(int argc, char **argv)
{
    (void)argc, (void)argv;
    fputs("partyfood bench server: not in the WebAssembly module\n", stderr);
    return 2;
}

int main(int argc, char **argv)
{
    return cmd_bench(argc, argv);
}
