/* codec.h: what every answer uses, and the checked JSON tree builders of
 * the messages still built as trees (the games answer, a solo room's
 * description) (src/proto only). */
#ifndef PF_PROTO_CODEC_H
#define PF_PROTO_CODEC_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "partyfood/error.h"

/* Adds item to obj under key (a string literal, not copied). False when
 * item is NULL because its allocation failed; item is never leaked. */
bool pf__add(cJSON *obj, const char *key, cJSON *item);

/* Appends item to the array arr, like pf__add. */
bool pf__append(cJSON *arr, cJSON *item);

/* Deletes a half-built item and returns NULL: out of memory. */
cJSON *pf__discard(cJSON *item);

/* Sets err to no_memory and returns it. */
pf_err pf__no_memory(pf_error *err);

/* The number of bytes of client text s to quote in an error message: a
 * few dozen at most, never half a character. */
int pf__echo_len(const char *s);

#endif
