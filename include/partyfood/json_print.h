/* json_print.h: cJSON_PrintUnformatted's text, faster.
 *
 * The server prints every push it sends (a seat's steps, view and legal
 * actions), and cJSON prints each number with sprintf("%1.15g") and reads
 * it back with sscanf to check it: two microseconds a number, most of the
 * cost of a push. Ours are nearly all whole numbers, printed here by hand;
 * anything else is printed as cJSON prints it, byte for byte
 * (tests/core/test_json_print.c compares the two on every game's views). */
#ifndef PARTYFOOD_JSON_PRINT_H
#define PARTYFOOD_JSON_PRINT_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

/* item as one line of JSON, to be freed with free(); NULL when memory ran
 * out or item is NULL. */
char *pf_json_print(const cJSON *item);
/* item's text appended at *len to *buf, a buffer from malloc of *cap bytes,
 * which it grows (realloc) with room for a NUL after the text; false, *len
 * unchanged, when memory ran out or item is NULL. */
bool pf_json_print_append(const cJSON *item, char **buf, size_t *len, size_t *cap);

#endif
