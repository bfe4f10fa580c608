/* file.h: reading files with a size limit and writing them safely.
 *
 * Every file the program writes (saves, replays, charts, tables) goes
 * through pf_file_write_atomic: a new file made with mkstemp in the same
 * folder (it never follows a planted symlink), written, flushed to disk,
 * then renamed over the target, so a crash or a kill leaves either the old
 * file or the new one, never half of one and never a stray temporary. */
#ifndef PARTYFOOD_FILE_H
#define PARTYFOOD_FILE_H

#include <stddef.h>

#include "partyfood/error.h"

/* The largest replay or save file the program reads (PF_E_TOO_LARGE past it). */
#define PF_REPLAY_MAX_BYTES (4u << 20)

/* Reads at most max bytes of path into a new NUL-terminated buffer (caller
 * frees) and sets *len; a longer file (or an endless one such as /dev/zero)
 * is refused with PF_E_TOO_LARGE. NULL on error with *err set. */
char *pf_file_read(const char *path, size_t max, size_t *len, pf_error *err);

/* Whether pf_file_write_atomic could write path now: its folder exists and
 * a file can be made there (one is made and removed), and path is not a
 * folder. For a long run that writes at its end: refuse before the work,
 * not after. */
pf_err pf_file_check_writable(const char *path, pf_error *err);

/* Replaces path with the len bytes of data, atomically and durably. */
pf_err pf_file_write_atomic(const char *path, const void *data, size_t len, pf_error *err);

#endif
