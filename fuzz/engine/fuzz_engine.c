/* fuzz_engine.c: the whole engine program path, fed as its standard input.
 *
 * The input is the text a client would pipe into `partyfood engine`: lines
 * of any length, JSON or not, every command (new with options, act, bot,
 * save, load of a pasted replay...) in any order. It goes through
 * engine_run, the very loop of the program, reading from a memory stream;
 * the answers go to /dev/null. A crash, a sanitizer report or a leak is a
 * finding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/commands.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    if (size == 0) /* fmemopen refuses an empty buffer */
        return 0;
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        abort();
    engine_run(in, sink);
    fclose(in);
    return 0;
}
