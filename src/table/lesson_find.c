/* lesson_find.c: lesson files on disk (lesson.h): one by its path, or a
 * game's from the web folder (pf_web_dir). Left out of the WebAssembly
 * module, which has no files: its page fetches the text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/file.h"
#include "partyfood/lesson.h"
#include "partyfood/web_dir.h"

pf_lesson *pf_lesson_load(const char *path, pf_error *err)
{
    char *text = pf_file_read(path, PF_LESSON_MAX_BYTES, NULL, err);
    if (!text)
        return NULL;
    const char *slash = strrchr(path, '/');
    pf_lesson *l = pf_lesson_parse(text, slash ? slash + 1 : path, err);
    free(text);
    return l;
}

pf_lesson *pf_lesson_find(const char *id, pf_error *err)
{
    char dir[4096], path[4200];
    const char *web = pf_web_dir(dir, sizeof dir);
    if (!web) {
        pf_error_set(err, PF_E_IO, "the lessons' folder (web/lessons) is not installed");
        return NULL;
    }
    snprintf(path, sizeof path, "%s/lessons/%.40s.json", web, id);
    return pf_lesson_load(path, err);
}

