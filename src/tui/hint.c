/* hint.c: the `h` key in a game against bots: the move the game's
 * `medium` bot would make now and one sentence saying why, from what the
 * seat may know (pf_table_hint: the same call the protocol's `plan` with
 * `hint` makes). The move is selected and shines; the person still
 * chooses. The table marks the seat's next move as made with a hint (its
 * step, saves and replays keep the mark).
 *
 * Who may have them (docs/lessons.md): not in real time (Paku Paku), only
 * with the memory aid in the memory games (there a hint is a memory aid),
 * and with more than one person at the keyboard only when the seating
 * screen turned them on. */
#include <stdio.h>
#include <string.h>

#include "partyfood/why.h"
#include "tui/tui_int.h"

bool tui__hints_allowed(const tui_game *g, char *why, size_t n)
{
    pf_error err;
    const pf_game *gm = g->m->game;
    if (pf_table_hints_offered(g->t, &err) != PF_E_OK) {
        if (gm->memory_game && !gm->real_time)
            snprintf(why, n, "No hint: hints need the memory aid: --memory-aid (or m on the "
                             "seating screen). Remembering is the game.");
        else
            snprintf(why, n, "No hint: %s.", err.msg);
        return false;
    }
    if (pf_seating_people(g->seats) > 1 && !g->hints_shared) {
        snprintf(why, n, "No hint: with more than one person at the keyboard hints are off "
                         "(--hints, or the seating screen's h, turns them on).");
        return false;
    }
    return true;
}

void tui__named_seats(const tui_game *g, const char *text, char *buf, size_t n)
{
    pf_seating_name_text(pf_table_seating(g->t), -1, text, buf, n);
}

void tui__hint(tui_game *g, int seat)
{
    char why_not[300];
    if (!tui__hints_allowed(g, why_not, sizeof why_not)) {
        snprintf(g->status, sizeof g->status, "%s", why_not);
        return;
    }
    pf_action a;
    int64_t at;
    pf_why why;
    pf_error err;
    if (pf_table_hint(g->own, seat, 0, &a, &at, &why, &err) != PF_E_OK) {
        snprintf(g->status, sizeof g->status, "No hint: %.300s", err.msg);
        return;
    }
    const pf_game *gm = g->m->game;
    char name[TUI_MAX_NAME], label[96], reason[PF_WHY_TEXT + 200];
    if (gm->name(g->m->state, a, name, sizeof name) < 0)
        snprintf(name, sizeof name, "?");
    snprintf(g->hinted, sizeof g->hinted, "%s", name);
    g->hint_step = g->m->nsteps;
    label[0] = '\0';
    for (int i = 0; i < g->nlegal; i++)
        if (strcmp(g->names[i], name) == 0) {
            g->sel = i;
            if (g->scr->label) {
                cJSON *v = pf_state_view(gm, g->m->state, seat);
                g->scr->label(g, v, name, label, sizeof label);
                cJSON_Delete(v);
            }
        }
    if (!label[0])
        snprintf(label, sizeof label, "%s", name);
    tui__named_seats(g, why.text, reason, sizeof reason);
    snprintf(g->status, sizeof g->status, "Hint: %s. %s", label, reason);
}
