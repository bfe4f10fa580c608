/* glibc.c: pf_memory_release on the C library's allocator (the sanitizer
 * and fuzzing builds, whose runtimes bring their own malloc). */
#include "server/memory.h"

#include <malloc.h>

void pf_memory_release(void)
{
    malloc_trim(0);
}
