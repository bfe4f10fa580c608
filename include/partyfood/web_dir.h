/* web_dir.h: where the browser client's folder is (the table layer).
 *
 * The server serves it, and the lessons (web/lessons/<game>.json) live in
 * it, so the terminal finds them in the same place. */
#ifndef PARTYFOOD_WEB_DIR_H
#define PARTYFOOD_WEB_DIR_H

#include <stddef.h>

/* The web folder: installed beside the program (share/partyfood/web
 * relative to its bin folder, as `cmake --install` puts it), else this
 * source tree's web/. Returns buf or a static path, or NULL when neither
 * holds an index.html. */
const char *pf_web_dir(char *buf, size_t n);

#endif
