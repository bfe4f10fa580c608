/* game.c: one game in progress on the screen.
 *
 * Turn-based games: the lowest seat in to_act acts; bots after a pause (the
 * pace) so people can follow what they did, people with the keys. When
 * another person than the one at the keyboard must act, the one who played
 * sees what came of it until they hide their table, then the hand-over
 * screen passes the keyboard on. Real-time games (Paku Paku): the game
 * clock (clock.c) is the wall clock since the start minus pauses; bots act
 * at the times pf_bots_next gives them, people whenever they press a key,
 * and the screen is redrawn every frame so dice and swinging pieces move.
 * The engine reads no clock: every action carries the time this loop gives
 * it. Both kinds of game stand still while the window is too small. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tui/tui_int.h"

#define FRAME_MS 40

const char *tui__seat_name_into(const tui_game *g, int seat, char *buf)
{
    return pf_table_seat_name(g->t, seat, buf, TUI_SEAT_NAME_SIZE);
}

static int people(const tui_game *g)
{
    return pf_seating_people(g->seats);
}

int tui__first_person(const tui_game *g)
{
    for (int i = 0; i < g->seats->n; i++)
        if (!g->seats->bot[i])
            return i;
    return PF_SEAT_SPECTATOR;
}

double tui__meter_value(const tui_meter *m)
{
    double ph = (double)((tui__wall_ms() - m->started) % m->period_ms) / m->period_ms;
    double u = m->sine ? 0.5 - 0.5 * cos(2 * M_PI * ph) : (ph < 0.5 ? 2 * ph : 2 - 2 * ph);
    return m->lo + (m->hi - m->lo) * u;
}

void tui__meter_start(tui_game *g, const tui_meter *m)
{
    g->meter = *m;
    g->meter.on = true;
    g->meter.started = tui__wall_ms();
}

void tui__refresh_legal(tui_game *g, int seat)
{
    if (g->legal_step == g->m->nsteps && !(seat < 0))
        return;
    const pf_game *gm = g->m->game;
    char prev[TUI_MAX_NAME] = "";
    if (g->nlegal > 0 && g->sel < g->nlegal)
        snprintf(prev, sizeof prev, "%s", g->names[g->sel]);
    g->nlegal = seat >= 0 ? gm->legal(g->m->state, seat, g->legal, PF_MAX_LEGAL) : 0;
    g->sel = 0;
    for (int i = 0; i < g->nlegal; i++) {
        if (gm->name(g->m->state, g->legal[i], g->names[i], TUI_MAX_NAME) < 0)
            snprintf(g->names[i], TUI_MAX_NAME, "?");
        if (strcmp(g->names[i], prev) == 0)
            g->sel = i;
    }
    g->legal_step = g->m->nsteps;
    bool was_on = g->meter.on;
    g->meter.on = false;
    if (g->scr->meter && g->nlegal > 0) {
        cJSON *v = pf_state_view(gm, g->m->state, seat);
        const char *list[PF_MAX_LEGAL];
        for (int i = 0; i < g->nlegal; i++)
            list[i] = g->names[i];
        tui_meter m;
        memset(&m, 0, sizeof m);
        if (g->scr->meter(v, list, g->nlegal, &m)) {
            int64_t started = g->meter.started;
            tui__meter_start(g, &m);
            if (was_on)
                g->meter.started = started; /* keep a running swing smooth */
        }
        cJSON_Delete(v);
    }
}

bool tui__act(tui_game *g, int seat, const char *name, int64_t t)
{
    pf_error err;
    if (g->lesson) { /* the lesson's move, or its reason for another */
        if (pf_lesson_play(g->lesson, name, &err) != PF_E_OK) {
            snprintf(g->status, sizeof g->status, "%.300s", err.msg);
            return false;
        }
        g->status[0] = '\0';
        return true;
    }
    if (t < g->m->now)
        t = g->m->now;
    pf_err e = pf_table_act(g->own, seat, name, t, &err);
    if (e == PF_E_HANDS_BUSY && pf_table_when_free(g->t, seat, name, t) >= 0) {
        /* the hands are busy (PAKU-10): hold the press, send it when free */
        snprintf(g->held[seat], sizeof g->held[seat], "%s", name);
        snprintf(g->status, sizeof g->status, "Hands busy: %s's key press goes when they are free.",
                 tui__seat_name(g, seat));
        return false;
    }
    if (e != PF_E_OK) {
        snprintf(g->status, sizeof g->status, "Not now: %.180s", err.msg);
        return false;
    }
    g->status[0] = '\0';
    return true;
}

/* When seat's held press goes: a human reaction after the hands are free,
 * the floor every bot has (PF_REACTION_MIN_MS), so that holding a key down
 * plays like the `masher` bot and not faster than any hand could; -1 when
 * nothing is held for seat. */
static int64_t held_at(const tui_game *g, int seat)
{
    if (!g->held[seat][0])
        return -1;
    return g->m->game->ready_at(g->m->state, seat) + PF_REACTION_MIN_MS;
}

/* The game time the first held press goes, or -1. */
static int64_t next_held(const tui_game *g)
{
    int64_t first = -1;
    for (int s = 0; s < g->seats->n; s++) {
        int64_t at = held_at(g, s);
        if (at >= 0 && (first < 0 || at < first))
            first = at;
    }
    return first;
}

bool tui__send_held(tui_game *g)
{
    int64_t now = tui__game_now(g);
    for (int s = 0; s < g->seats->n; s++) {
        int64_t at = held_at(g, s);
        if (at < 0 || now < at)
            continue;
        char name[TUI_MAX_NAME];
        snprintf(name, sizeof name, "%s", g->held[s]);
        g->held[s][0] = '\0';
        tui__act(g, s, name, now);
        return true;
    }
    return false;
}

/* ---- keys --------------------------------------------------------------- */

static bool is_legal_name(const char *name, void *arg)
{
    const tui_game *g = arg;
    for (int i = 0; i < g->nlegal; i++)
        if (strcmp(g->names[i], name) == 0)
            return true;
    return false;
}

static int index_of(const tui_game *g, const char *name)
{
    for (int i = 0; i < g->nlegal; i++)
        if (strcmp(g->names[i], name) == 0)
            return i;
    return -1;
}

/* The number ending a choice's name ("flip 12"), or NULL. */
static const char *number_of(const char *name)
{
    const char *sp = strrchr(name, ' ');
    return sp && sp[1] >= '0' && sp[1] <= '9' ? sp + 1 : NULL;
}

/* A typed digit: selects the choice whose name ends in the number typed
 * so far (Pizza's cells), which Enter then plays; a digit that makes no
 * such number starts a new one. */
static void type_digit(tui_game *g, int ch)
{
    char want[sizeof g->typed + 2];
    for (int fresh = 0; fresh < 2; fresh++) {
        snprintf(want, sizeof want, "%s%c", fresh ? "" : g->typed, ch);
        bool prefix = false;
        for (int i = 0; i < g->nlegal; i++) {
            const char *num = number_of(g->names[i]);
            if (!num || strncmp(num, want, strlen(want)) != 0)
                continue;
            prefix = true;
            if (strcmp(num, want) == 0)
                g->sel = i;
        }
        if (prefix && strlen(want) < sizeof g->typed) {
            memcpy(g->typed, want, strlen(want) + 1);
            snprintf(g->status, sizeof g->status, "Typed %s: Enter plays \"%s\".", want,
                     g->names[g->sel]);
            return;
        }
    }
    g->typed[0] = '\0';
    snprintf(g->status, sizeof g->status, "No choice is numbered %c now.", ch);
}

/* Keys that work at any time: rules, log, save, quit. The real-time clock
 * stands still while their pages are up. */
static int common_key(tui_game *g, int ch)
{
    bool real_time = g->m->game->real_time, quit = false;
    switch (ch) {
    case '?':
    case KEY_F(1):
    case 'l':
    case 'L':
    case 's':
    case 'S':
    case 'q':
    case 'Q':
        break;
    case 3: /* Ctrl-C arriving as a key (raw terminals) */
        return TUI_K_QUIT;
    default:
        return TUI_K_NONE;
    }
    tui__clock_stop(g);
    if (ch == '?' || ch == KEY_F(1))
        tui__show_rules(g->m->game);
    else if (ch == 'l' || ch == 'L')
        tui__log_show(g);
    else if (ch == 's' || ch == 'S')
        tui__save_prompt(g);
    else
        quit = tui__confirm("Quit this game? (y/n)  (s saves it first)");
    if (quit)
        return TUI_K_QUIT;
    if (real_time)
        tui__countdown(g, "Going on");
    else
        tui__clock_go(g);
    return TUI_K_NONE;
}

int tui__person_key(tui_game *g, int seat, int ch)
{
    if (ch == KEY_RESIZE || ch == TUI_KEY_NONE)
        return TUI_K_NONE;
    if (g->meter.on && (ch == ' ' || ch == '\n' || ch == '\r' || ch == KEY_ENTER)) {
        char name[TUI_MAX_NAME];
        snprintf(name, sizeof name, g->meter.fmt, tui__meter_value(&g->meter));
        return tui__act(g, seat, name, g->m->now) ? TUI_K_ACTED : TUI_K_NONE;
    }
    if (g->scr->key && g->scr->key(g, ch))
        return g->legal_step != g->m->nsteps ? TUI_K_ACTED : TUI_K_NONE;
    if (ch == 'u' || ch == 'U') {
        char why[160];
        pf_error err;
        if (!pf_table_undo_fair(g->t, seat, why, sizeof why))
            snprintf(g->status, sizeof g->status, "No undo: %s", why);
        else if (pf_table_undo(g->own, seat, &err) != PF_E_OK)
            snprintf(g->status, sizeof g->status, "No undo: %.150s", err.msg);
        else {
            g->legal_step = -1;
            snprintf(g->status, sizeof g->status, "Undone: your last choice is taken back.");
            return TUI_K_ACTED;
        }
        return TUI_K_NONE;
    }
    if (ch == 'h' || ch == 'H') {
        tui__hint(g, seat);
        return TUI_K_NONE;
    }
    if (ch == TUI_KEY_CLICK) {
        int y, x;
        tui__click(&y, &x);
        const char *name = tui__hot_at(y, x);
        if (name && index_of(g, name) >= 0)
            return tui__act(g, seat, name, g->m->now) ? TUI_K_ACTED : TUI_K_NONE;
        return TUI_K_NONE;
    }
    if (g->nlegal == 0)
        return common_key(g, ch);
    if (ch >= '0' && ch <= '9') {
        type_digit(g, ch);
        return TUI_K_NONE;
    }
    g->typed[0] = '\0';
    switch (ch) {
    case '\n':
    case '\r':
    case ' ':
    case KEY_ENTER:
        if (!g->meter.on)
            return tui__act(g, seat, g->names[g->sel], g->m->now) ? TUI_K_ACTED : TUI_K_NONE;
        return TUI_K_NONE;
    case KEY_UP:
    case KEY_DOWN:
    case KEY_LEFT:
    case KEY_RIGHT: {
        const char *to = tui__hot_move(g->names[g->sel], ch, is_legal_name, g);
        if (to)
            g->sel = index_of(g, to);
        else if (ch == KEY_UP || ch == KEY_LEFT)
            g->sel = (g->sel + g->nlegal - 1) % g->nlegal;
        else
            g->sel = (g->sel + 1) % g->nlegal;
        return TUI_K_NONE;
    }
    case '\t':
        g->sel = (g->sel + 1) % g->nlegal;
        return TUI_K_NONE;
    case KEY_BTAB:
        g->sel = (g->sel + g->nlegal - 1) % g->nlegal;
        return TUI_K_NONE;
    case KEY_NPAGE: /* to the next page of choices, or the last choice */
        g->sel = g->page_first + g->page_n < g->nlegal ? g->page_first + g->page_n
                                                        : g->nlegal - 1;
        return TUI_K_NONE;
    case KEY_PPAGE:
        g->sel = g->page_first > 0 ? g->page_first - 1 : 0; /* into the page before */
        return TUI_K_NONE;
    default:
        break;
    }
    const char *k = ch > 0 && ch < 128 ? strchr(tui__hotkeys, ch) : NULL;
    if (k && !g->meter.on && !(g->scr->hint && g->scr->hint(g))) { /* a list on screen */
        int i = g->page_first + (int)(k - tui__hotkeys);
        if (k - tui__hotkeys < g->page_n && i < g->nlegal)
            return tui__act(g, seat, g->names[i], g->m->now) ? TUI_K_ACTED : TUI_K_NONE;
    }
    return common_key(g, ch);
}

/* ---- the loops ---------------------------------------------------------- */

/* Plays the next bot move; false (status set) when a bot's move was refused. */
static bool apply_bot(tui_game *g)
{
    pf_error err;
    if (pf_table_bot_play(g->own, &err) != PF_E_OK) {
        snprintf(g->status, sizeof g->status, "a bot's move was refused: %.150s", err.msg);
        return false;
    }
    return true;
}

/* While the window is too small the game stands still (no bot plays, no
 * key plays a choice unseen); false when the person quits meanwhile. */
static bool wait_while_small(tui_game *g)
{
    while (tui__game_too_small(g)) {
        tui__draw(g, g->viewer, false);
        int ch = tui__key(-1);
        if (ch == 'q' || ch == 'Q' || ch == 3)
            return false;
    }
    return true;
}

/* The bots' turn: the table shows what the last move did for the pace (a
 * key hurries it on), then the next bot plays. False when the person quits. */
static bool bot_turn(tui_game *g)
{
    g->nlegal = 0;
    g->meter.on = false;
    g->legal_step = -1;
    for (int64_t until = tui__wall_ms() + g->pace_ms;;) {
        if (tui__game_too_small(g)) {
            if (!wait_while_small(g))
                return false;
            until = tui__wall_ms() + g->pace_ms; /* the move was not seen yet */
        }
        tui__draw(g, g->viewer, false);
        int64_t left = until - tui__wall_ms();
        if (left <= 0)
            break;
        int ch = tui__key((int)left);
        if (ch == TUI_KEY_NONE || ch == KEY_RESIZE)
            continue;
        if (common_key(g, ch) == TUI_K_QUIT)
            return false;
        if (ch == ' ' || ch == '\n' || ch == '\r' || ch == KEY_ENTER)
            break; /* hurry the bots along */
    }
    return apply_bot(g);
}

/* Before the keyboard passes from the person who played to the next: they
 * see what came of their move (a guess's answer, the bots' moves after
 * it) until they say they are done. False when they quit. */
static bool hide_table(tui_game *g, int next)
{
    int seat = g->viewer;
    snprintf(g->status, sizeof g->status,
             "Done, %s? Enter hides your table and passes the keyboard to %s.",
             tui__seat_name(g, seat), tui__seat_name(g, next));
    g->nlegal = 0;
    g->meter.on = false;
    g->legal_step = -1;
    for (;;) {
        if (!wait_while_small(g))
            return false;
        tui__draw(g, seat, false);
        int ch = tui__key(-1);
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ')
            break;
        if (ch == TUI_KEY_NONE || ch == KEY_RESIZE)
            continue;
        char keep[sizeof g->status];
        memcpy(keep, g->status, sizeof keep);
        if (common_key(g, ch) == TUI_K_QUIT)
            return false;
        memcpy(g->status, keep, sizeof keep);
    }
    g->status[0] = '\0';
    return true;
}

static int turn_based(tui_game *g)
{
    const pf_game *gm = g->m->game;
    while (!pf_match_over(g->m, NULL)) {
        tui__autosave(g);
        uint32_t set = gm->to_act(g->m->state);
        int seat = __builtin_ctz(set);
        if (g->seats->bot[seat]) {
            if (!bot_turn(g))
                return TUI_OUT_QUIT;
            continue;
        }
        if (people(g) > 1 && g->viewer != seat && pf_tui_secrets_between_people(gm)) {
            if (g->viewer >= 0 && !hide_table(g, seat))
                return TUI_OUT_QUIT;
            if (!tui__handover(g, seat))
                return TUI_OUT_QUIT;
            g->status[0] = '\0';
        }
        g->viewer = seat;
        tui__refresh_legal(g, seat);
        for (;;) {
            if (!wait_while_small(g))
                return TUI_OUT_QUIT;
            tui__draw(g, seat, true);
            int ch = tui__key(g->meter.on ? FRAME_MS : -1);
            if (tui__game_too_small(g))
                continue; /* a key pressed as the window shrank plays nothing */
            int r = tui__person_key(g, seat, ch);
            if (r == TUI_K_QUIT)
                return TUI_OUT_QUIT;
            if (r == TUI_K_ACTED || g->legal_step != g->m->nsteps)
                break;
        }
    }
    return tui__end_screen(g);
}

static int real_time(tui_game *g)
{
    if (!tui__game_too_small(g))
        tui__countdown(g, "Starting");
    while (!pf_match_over(g->m, NULL)) {
        if (tui__game_too_small(g)) {
            if (!tui__hold_while_small(g))
                return TUI_OUT_QUIT;
            continue;
        }
        tui__autosave(g);
        int64_t now = tui__game_now(g), bot_t;
        int bot_seat;
        bool bot = pf_table_bot_next(g->own, &bot_seat, &bot_t);
        if (bot && bot_t <= now) {
            apply_bot(g);
            continue;
        }
        if (tui__send_held(g))
            continue;
        uint32_t set = g->m->game->to_act(g->m->state);
        if (g->focus < 0 || g->seats->bot[g->focus])
            g->focus = tui__first_person(g);
        bool everyone = g->scr->own_keys && g->scr->own_keys(g);
        int seat = everyone ? PF_SEAT_SPECTATOR : g->focus;
        bool mine = seat >= 0 && (set >> seat & 1);
        if (mine)
            tui__refresh_legal(g, seat);
        else {
            g->nlegal = 0;
            g->legal_step = -1;
            g->meter.on = false;
        }
        tui__draw(g, seat >= 0 ? seat : PF_SEAT_SPECTATOR, seat >= 0 || everyone);
        int wait = FRAME_MS;
        if (bot && bot_t - now < wait)
            wait = (int)(bot_t - now) > 0 ? (int)(bot_t - now) : 0;
        int64_t send_at = next_held(g);
        if (send_at >= 0 && send_at - now < wait)
            wait = send_at > now ? (int)(send_at - now) : 0;
        int ch = tui__key(wait);
        if (ch == TUI_KEY_NONE || ch == KEY_RESIZE)
            continue;
        if (ch == '\t') {
            if (!tui__pause(g))
                return TUI_OUT_QUIT;
            continue;
        }
        if (g->scr->key && g->scr->key(g, ch))
            continue;
        if (mine && g->meter.on && (ch == ' ' || ch == '\n' || ch == '\r')) {
            char name[TUI_MAX_NAME];
            snprintf(name, sizeof name, g->meter.fmt, tui__meter_value(&g->meter));
            tui__act(g, seat, name, tui__game_now(g));
            continue;
        }
        if (mine && !strchr("uUsSqQlL?", ch)) {
            tui__person_key(g, seat, ch);
            continue;
        }
        if (common_key(g, ch) == TUI_K_QUIT)
            return TUI_OUT_QUIT;
    }
    return tui__end_screen(g);
}

int tui__play(pf_match *m, const pf_seating *s, const pf_tui_args *a)
{
    tui_game *g = calloc(1, sizeof *g);
    pf_error err;
    pf_table_options to = {.memory_aid = a->memory_aid};
    if (!g || !(g->names = calloc(PF_MAX_LEGAL, sizeof *g->names)) ||
        !(g->own = pf_table_adopt(m, s, &to, NULL, NULL, &err))) {
        if (g && !g->names)
            pf_match_destroy(m);
        if (g)
            free(g->names);
        free(g);
        return TUI_OUT_NO_MEMORY;
    }
    g->t = g->own;
    g->m = pf_table_match(g->t);
    g->seats = pf_table_seating(g->t);
    g->scr = tui__screen_for(m->game);
    g->viewer = people(g) == 1 ? tui__first_person(g) : PF_SEAT_SPECTATOR;
    g->focus = tui__first_person(g);
    g->pace_ms = a->pace_ms >= 0 ? a->pace_ms : TUI_PACE_MS;
    g->memory_aid = a->memory_aid;
    g->hints_shared = a->hints_shared;
    g->legal_step = -1;
    g->autosave_on = true;
    g->autosaved_steps = m->nsteps;
    g->start_wall = tui__wall_ms() - m->now;
    /* Named by the date, never the seed: the save prompt shows the name,
     * and the seed would tell a player every future draw. */
    char when[32];
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y%m%d-%H%M%S", localtime(&now));
    snprintf(g->save_path, sizeof g->save_path, "partyfood-%s-%s.json", m->game->id, when);
    if (a->notice)
        snprintf(g->status, sizeof g->status, "%s", a->notice);
    if (pf_table_log_incomplete(g->t))
        tui__log_incomplete(g);
    int out = m->game->real_time ? real_time(g) : turn_based(g);
    pf_table_destroy(g->own);
    free(g->names);
    free(g);
    return out;
}
