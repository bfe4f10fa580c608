/* screen_generic.c: any game without its own screen: the game's own text
 * picture (render) for the seat, which holds no hidden information. */
#include <stdlib.h>
#include <string.h>

#include "tui/tui_int.h"

static void draw(const tui_table *t)
{
    const pf_match *m = t->g->m;
    char *text = malloc(8192);
    if (!text) {
        tui__putn(t->y, t->x + 1, t->w - 2, 0, pf_strerror(PF_E_NO_MEMORY));
        return;
    }
    m->game->render(m->state, t->seat, text, 8192);
    int row = t->y;
    for (char *line = text, *nl; line && row < t->y + t->h; line = nl ? nl + 1 : NULL, row++) {
        nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        tui__putn(row, t->x + 1, t->w - 2, 0, line);
    }
    free(text);
}

const tui_screen tui__screen_generic = {
    .id = "",
    .min_w = 80,
    .rows = 15,
    .secrets = true,
    .draw = draw,
};
