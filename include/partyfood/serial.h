/* serial.h: numbers that tell one record from every other.
 *
 * A server copies a room's match and table for each change (the copy
 * waits for its commit while the original stays in use). Each record of them carries the serial of the call that wrote it,
 * kept by its copies: two copies whose records at index i have the same
 * serial share everything up to i (records are only appended, and taken
 * back from the end), so a copy into the older of them need only write
 * what follows: a change costs its own records, not the game's so far. */
#ifndef PARTYFOOD_SERIAL_H
#define PARTYFOOD_SERIAL_H

#include <stdint.h>

/* A number no other call returns in this process (any thread); never 0. */
uint64_t pf_serial_next(void);

#endif
