/* frame.h: a message to send, shared by every connection of an audience
 * (src/server/, a helper below the room): written once, with room before
 * its text for the WebSocket frame's header, and freed when the last
 * connection sent it. */
#ifndef PF_SERVER_FRAME_H
#define PF_SERVER_FRAME_H

#include <stddef.h>

#include "partyfood/json_write.h"

/* The room kept before the text (libwebsockets' LWS_PRE: the network
 * checks it fits). */
#define PF_FRAME_HEAD 16

typedef struct pf_frame {
    int refs;
    size_t len; /* of the text */
    char *buf;  /* PF_FRAME_HEAD bytes, the text, a NUL */
} pf_frame;

/* A writer to write a frame's text in (pf_jw_init with the head). */
void pf_frame_writer(pf_jw *w);
/* The text written in w, as a frame (one reference): no copy; w is empty
 * again. NULL when memory ran out. */
pf_frame *pf_frame_take(pf_jw *w);
/* A copy of text as a frame; NULL when memory ran out. */
pf_frame *pf_frame_copy(const char *text);
/* Another reference; the frame is freed with its last. */
pf_frame *pf_frame_hold(pf_frame *f);
void pf_frame_drop(pf_frame *f);
/* The text. */
const char *pf_frame_text(const pf_frame *f);

#endif
