/* memory.h: handing freed memory back to the system.
 *
 * The server calls this after letting go of idle rooms' tables, so that
 * what an idle room costs is what the operator sees in the process's
 * resident size. One file per allocator holds its call (memory/). */
#ifndef PF_SERVER_MEMORY_H
#define PF_SERVER_MEMORY_H

/* Returns the allocator's free pages to the system. */
void pf_memory_release(void);

#endif
