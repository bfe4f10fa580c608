/* names.c: the names seats go by on every screen of the terminal, the
 * full screen's and the line mode's alike. */
#include <stdio.h>
#include <string.h>

#include "tui/tui_int.h"

/* Seats that would read alike ("bot medium" twice, two people called ana)
 * are told apart by their order among them: "medium 1", "medium 2" (a
 * bot's name then drops "bot ", so the pair stays short), "ana 2". */
const char *pf_tui_seat_name(const pf_seating *s, int seat, char *buf)
{
    if (seat < 0 || seat >= s->n) {
        snprintf(buf, PF_TUI_SEAT_NAME_SIZE, "?");
        return buf;
    }
    snprintf(buf, PF_TUI_SEAT_NAME_SIZE, "%s%s", s->bot[seat] ? "bot " : "", s->name[seat]);
    int same = 0, order = 0;
    for (int i = 0; i < s->n; i++)
        if (!s->bot[i] == !s->bot[seat] && strcmp(s->name[i], s->name[seat]) == 0) {
            same++;
            if (i <= seat)
                order++;
        }
    if (same > 1)
        snprintf(buf, PF_TUI_SEAT_NAME_SIZE, "%.*s %u", PF_SEAT_NAME_MAX, s->name[seat],
                 (unsigned char)order); /* at most PF_MAX_SEATS */
    return buf;
}

const char *tui__seat_name_into(const tui_game *g, int seat, char *buf)
{
    return pf_tui_seat_name(pf_table_seating(g->t), seat, buf);
}
