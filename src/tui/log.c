/* log.c: the game log as the seat at the keyboard may see it.
 *
 * The table keeps every event of every step with its addressee; what is shown is
 * filtered per seat (C-3). The events a game marks as memories (a piece
 * turned over, the pan before a toss) are shown only for the latest one
 * until the game ends, unless the memory aid is on: remembering is the
 * game (PIZ-7, YYP-7). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tui/tui_int.h"

void tui__log_incomplete(tui_game *g)
{
    snprintf(g->status, sizeof g->status, "The game log misses events: %s.",
             pf_strerror(PF_E_NO_MEMORY));
}

bool tui__log_shows(const tui_game *g, const pf_table_event *e, int seat)
{
    (void)g; /* the memory games' masking is in tui__log_text */
    return pf_event_visible(&e->ev, seat);
}

/* True when e's content is to be masked: a memory event with a later one
 * after it. The latest reveal stays readable until the next reveal, however
 * fast the bots play; after the game nothing is masked. */
static bool masked(const pf_table *t, const pf_table_event *e, bool memory_aid)
{
    if (memory_aid || !e->ev.memory || pf_table_over(t, NULL))
        return false;
    int n;
    const pf_table_event *log = pf_table_log(t, &n);
    for (int i = n - 1; i >= 0 && log[i].step > e->step; i--)
        if (log[i].ev.memory)
            return true;
    return false;
}

static const char masked_text[] = "(an earlier reveal: remember it! the memory aid would show it)";

bool pf_tui_log_event(const pf_table *t, int i, int seat, bool memory_aid, char *buf, size_t n)
{
    int nlog;
    const pf_table_event *log = pf_table_log(t, &nlog);
    if (i < 0 || i >= nlog || !pf_event_visible(&log[i].ev, seat))
        return false;
    snprintf(buf, n, "%s%s", log[i].ev.to >= 0 ? "(only you) " : "",
             masked(t, &log[i], memory_aid) ? masked_text : log[i].ev.text);
    return true;
}

void pf_tui_event_named(const pf_table *t, const pf_event *e, char *buf, size_t n)
{
    tui_game g = {.t = t, .m = pf_table_match(t), .seats = pf_table_seating(t),
                  .memory_aid = true}; /* the step's own event: never an earlier reveal */
    pf_table_event te = {.step = pf_table_match(t)->nsteps, .ev = *e};
    tui__log_text(&g, &te, buf, n);
}

void pf_tui_print_event(FILE *out, const pf_table *t, const pf_event *e, int seat)
{
    char text[PF_EVENT_TEXT + 256];
    if (!pf_event_visible(e, seat))
        return;
    pf_tui_event_named(t, e, text, sizeof text);
    fprintf(out, "  %s\n", text);
}

void pf_tui_print_setup(FILE *out, const pf_table *t, int seat)
{
    int n;
    const pf_table_event *log = pf_table_log(t, &n);
    for (int i = 0; i < n && log[i].step < 0; i++)
        pf_tui_print_event(out, t, &log[i].ev, seat);
}

void tui__log_text(const tui_game *g, const pf_table_event *e, char *buf, size_t n)
{
    if (masked(g->t, e, g->memory_aid)) {
        snprintf(buf, n, "%s", masked_text);
        return;
    }
    /* The seats the event names become their names (a seat named You in
     * the second person: pf_event_render). */
    pf_seat_names names;
    pf_seating_names(pf_table_seating(g->t), -1, &names);
    pf_event_render(&e->ev, &names, buf, n);
    size_t w = strlen(buf);
    if (e->ev.to >= 0 && w + 12 < n) {
        memmove(buf + 11, buf, w + 1);
        memcpy(buf, "(only you) ", 11);
    }
}

#define LOG_LINE (16 + TUI_EVENT_TEXT) /* a step number and an event */

void tui__log_show(tui_game *g)
{
    int seat = g->viewer, nlog;
    const pf_table_event *log = pf_table_log(g->t, &nlog);
    const char **lines = calloc((size_t)nlog + 2, sizeof *lines);
    char *text = calloc((size_t)nlog + 1, LOG_LINE);
    if (!lines || !text) {
        free(lines);
        free(text);
        snprintf(g->status, sizeof g->status, "Cannot show the log: %s.",
                 pf_strerror(PF_E_NO_MEMORY));
        return;
    }
    int n = 0;
    for (int i = 0; i < nlog; i++) {
        if (!tui__log_shows(g, &log[i], seat))
            continue;
        char t[TUI_EVENT_TEXT];
        tui__log_text(g, &log[i], t, sizeof t);
        snprintf(text + (size_t)n * LOG_LINE, LOG_LINE, "%4d  %s", log[i].step + 1, t);
        lines[n] = text + (size_t)n * LOG_LINE;
        n++;
    }
    if (n == 0)
        lines[n++] = "(nothing has happened yet)";
    char title[120];
    snprintf(title, sizeof title, "Game log, as %s may see it%s",
             seat >= 0 ? tui__seat_name(g, seat) : "everyone",
             g->memory_aid ? " (memory aid on)" : "");
    tui__pager(title, lines, n, 6);
    free(lines);
    free(text);
}
