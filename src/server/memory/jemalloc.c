/* jemalloc.c: pf_memory_release on jemalloc, the allocator of every build
 * but the sanitizers' (CMakeLists.txt says why). */
#include "server/memory.h"

#include <jemalloc/jemalloc.h>

#define STR(x) #x
#define XSTR(x) STR(x)

void pf_memory_release(void)
{
    /* This thread's cached chunks first, or the purge cannot see them. */
    mallctl("thread.tcache.flush", NULL, NULL, NULL, 0);
    mallctl("arena." XSTR(MALLCTL_ARENAS_ALL) ".purge", NULL, NULL, NULL, 0);
}
