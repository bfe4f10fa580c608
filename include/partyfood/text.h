/* text.h: a bounded string builder (core).
 *
 * Renders and messages append printf text into a caller's buffer: the
 * builder never writes past it, always leaves it terminated, notes when
 * it had to cut, and never cuts a UTF-8 character in half. It never
 * allocates, so the games' rules may use it. */
#ifndef PARTYFOOD_TEXT_H
#define PARTYFOOD_TEXT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct pf_text {
    char *buf;
    size_t cap; /* bytes of buf, the terminating NUL included */
    size_t len; /* bytes written, without the NUL */
    bool cut;   /* some text did not fit; later appends are dropped */
} pf_text;

/* Starts an empty text in buf (cap bytes; cap 0 takes nothing and is cut
 * at the first append). */
void pf_text_init(pf_text *t, char *buf, size_t cap);

/* Appends formatted text. What does not fit is cut at a character
 * boundary and sets t->cut; after a cut nothing more is appended, so the
 * text never shows a gap. */
void pf_text_put(pf_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
