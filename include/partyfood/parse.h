/* parse.h: strict numbers and safe text for everything that comes from
 * outside (command lines, protocol requests, files).
 *
 * A number is accepted only when all of it is a number of the right kind in
 * range: "2.9" is not a whole number, "1e3" is not one either, "abc" is not
 * 0, and nothing is ever cast from a double out of an integer's range. */
#ifndef PARTYFOOD_PARSE_H
#define PARTYFOOD_PARSE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The widest integers a JSON number carries exactly (2^53). */
#define PF_JSON_INT_MAX 9007199254740992LL

/* A whole decimal number from lo to hi, nothing else in s. */
bool pf_parse_int(const char *s, long long lo, long long hi, long long *out);

/* A finite decimal number from lo to hi, nothing else in s. */
bool pf_parse_real(const char *s, double lo, double hi, double *out);

/* A JSON number that is a whole number from lo to hi (|lo|, |hi| <= 2^53). */
bool pf_json_int(const cJSON *item, long long lo, long long hi, long long *out);

/* Whether the n bytes at s are valid UTF-8 with no NUL byte. */
bool pf_utf8_valid(const char *s, size_t n);

/* The longest prefix of the NUL-terminated UTF-8 text s that fits in max
 * bytes without splitting a character. */
size_t pf_utf8_prefix(const char *s, size_t max);

/* Copies s into out (cap bytes, always terminated) for showing on a
 * screen: control characters and invalid bytes become '?', and a character
 * is never cut in half. Returns out. */
char *pf_text_printable(const char *s, char *out, size_t cap);

#endif
