/* screen_passfood.c: placeholder. */
#include "tui/tui_int.h"
extern void tui__generic_draw(const tui_table *t);
const tui_screen tui__screen_passfood = {.id = "passfood", .min_w = 80, .min_h = 24, .draw = NULL};
