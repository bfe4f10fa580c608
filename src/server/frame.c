/* frame.c: shared messages (frame.h). */
#include <stdlib.h>
#include <string.h>

#include "server/frame.h"

void pf_frame_writer(pf_jw *w)
{
    pf_jw_init(w, PF_FRAME_HEAD);
}

pf_frame *pf_frame_take(pf_jw *w)
{
    pf_frame *f = pf_jw_text(w) ? malloc(sizeof *f) : NULL;
    if (f) {
        *f = (pf_frame){.refs = 1, .len = pf_jw_size(w), .buf = w->buf};
        w->buf = NULL; /* the frame's now */
    }
    pf_jw_free(w);
    return f;
}

pf_frame *pf_frame_copy(const char *text)
{
    pf_jw w;
    pf_frame_writer(&w);
    pf_jw_lit(&w, text);
    return pf_frame_take(&w);
}

pf_frame *pf_frame_hold(pf_frame *f)
{
    f->refs++;
    return f;
}

void pf_frame_drop(pf_frame *f)
{
    if (f && --f->refs == 0) {
        free(f->buf);
        free(f);
    }
}

const char *pf_frame_text(const pf_frame *f)
{
    return f->buf + PF_FRAME_HEAD;
}
