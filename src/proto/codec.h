/* codec.h: what every answer uses (src/proto only). */
#ifndef PF_PROTO_CODEC_H
#define PF_PROTO_CODEC_H

#include "partyfood/error.h"

/* Sets err to no_memory and returns it. */
pf_err pf__no_memory(pf_error *err);

/* The number of bytes of client text s to quote in an error message: a
 * few dozen at most, never half a character. */
int pf__echo_len(const char *s);

#endif
