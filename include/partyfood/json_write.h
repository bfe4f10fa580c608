/* json_write.h: JSON text written straight into one growing buffer (a
 * game's views, the protocol's codec in src/proto/), with room kept before
 * the text for a network's frame header: a message is written once, with
 * no tree of nodes to build and free. Strings are escaped as cJSON escapes
 * them and whole numbers written as digits, so the text is what
 * pf_json_print makes of the same values. */
#ifndef PARTYFOOD_JSON_WRITE_H
#define PARTYFOOD_JSON_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

typedef struct pf_jw {
    char *buf;         /* the text starts at buf + head */
    size_t head;       /* bytes kept before the text */
    size_t len, cap;   /* of buf, the head included */
    bool failed;       /* memory ran out: the text is lost */
} pf_jw;

/* An empty text with head bytes kept before it. */
void pf_jw_init(pf_jw *w, size_t head);
void pf_jw_free(pf_jw *w);
/* Back to empty, the memory kept. */
void pf_jw_reset(pf_jw *w);

void pf_jw_raw(pf_jw *w, const char *s, size_t n);
/* s, a NUL-terminated piece of JSON text written as it is. */
void pf_jw_lit(pf_jw *w, const char *s);
/* A comma unless the text ends where a first member or item goes. */
void pf_jw_comma(pf_jw *w);
/* pf_jw_comma, then "key": */
void pf_jw_key(pf_jw *w, const char *key);
/* Values. */
void pf_jw_str(pf_jw *w, const char *s);
void pf_jw_int(pf_jw *w, int64_t v);
void pf_jw_bool(pf_jw *w, bool b);
void pf_jw_null(pf_jw *w);
/* A number as pf_json_print writes it. */
void pf_jw_num(pf_jw *w, double d);
/* A member: pf_jw_key, then its value. */
void pf_jw_key_str(pf_jw *w, const char *key, const char *s);
void pf_jw_key_int(pf_jw *w, const char *key, int64_t v);
void pf_jw_key_bool(pf_jw *w, const char *key, bool b);
void pf_jw_key_null(pf_jw *w, const char *key);
/* A member: the numbers of the bits set in bits below n (a set of seats),
 * as an array. */
void pf_jw_key_bits(pf_jw *w, const char *key, uint32_t bits, int n);
/* A tree from another layer (a replay, the games' list, a hint's reason,
 * a request's id), as pf_json_print writes it. */
void pf_jw_item(pf_jw *w, const cJSON *item);

/* The text (NUL after it), still the writer's; NULL when memory ran out. */
const char *pf_jw_text(pf_jw *w);
size_t pf_jw_size(const pf_jw *w);
/* The text, now the caller's (free() it): NULL when memory ran out; the
 * writer is empty again. */
char *pf_jw_take(pf_jw *w);

#endif
