/* lesson.c: a lesson at the terminal (docs/lessons.md): the game's own
 * table screen, drawn from the runner's table (lesson.h) for the person's
 * seat, with the lesson's caption in a box above the choices and the
 * things its step names shining on the table.
 *
 * A note waits for Enter; a scripted move of another seat waits for Enter
 * when it has a caption, and is played after the pace otherwise; the
 * person's move is made as in a game (arrows, letters, digits, the meter,
 * Paku Paku's keys), the selection starting on the move the lesson asks
 * for (as the browser moves the focus to the thing to touch); the runner
 * refuses any other with the lesson's reason, shown in the box, and
 * nothing changes. Paku Paku runs on the lesson's own clock: nothing
 * happens while the person reads or thinks, and the swing is slower. Esc
 * opens the chapters (this one again, the next, any); q leaves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/tui_int.h"

#define FRAME_MS 40

/* Whether the lesson is over: its chapter is done and only optional
 * chapters (the chocolate gamble) come after it. */
static bool finished(const tui_game *g)
{
    if (g->now.kind != PF_LESSON_DONE)
        return false;
    for (int c = g->now.chapter + 1; c < pf_lesson_chapters(g->lesson_file); c++)
        if (!pf_lesson_chapter_optional(g->lesson_file, c))
            return false;
    return true;
}

/* The next chapter's title, or NULL after the last. */
static const char *next_title(const tui_game *g)
{
    int c = g->now.chapter + 1;
    return c < pf_lesson_chapters(g->lesson_file) ? pf_lesson_chapter_title(g->lesson_file, c)
                                                  : NULL;
}

/* The friendly name of a move (the screen's label), for seat's view. */
static void move_label(const tui_game *g, const char *act, char *buf, size_t n)
{
    if (!g->scr->label) {
        snprintf(buf, n, "%s", act);
        return;
    }
    cJSON *v = pf_state_view(g->m->game, g->m->state, g->viewer);
    g->scr->label(g, v, act, buf, n);
    cJSON_Delete(v);
}

static void caption_text(const tui_game *g, char *buf, size_t n)
{
    const pf_lesson_now *w = &g->now;
    if (w->kind == PF_LESSON_DONE && finished(g))
        snprintf(buf, n, "You finished the lesson! Now you know how to play %s.",
                 g->m->game->title);
    else if (w->kind == PF_LESSON_DONE)
        snprintf(buf, n, "Well done! That was \"%s\".",
                 pf_lesson_chapter_title(g->lesson_file, w->chapter));
    else if (w->say)
        snprintf(buf, n, "%s", w->say);
    else if (w->kind == PF_LESSON_YOU)
        snprintf(buf, n, "Your move: try what shines.");
    else
        snprintf(buf, n, "Watch %s's move.", tui__seat_name(g, w->seat));
}

int tui__caption_rows(const tui_game *g, int w)
{
    char text[400];
    caption_text(g, text, sizeof text);
    return tui__wrap_rows(text, w, 0, false) +
           (g->status[0] ? tui__wrap_rows(g->status, w, 0, false) : 0);
}

void tui__draw_caption(const tui_game *g, const tui_layout *l)
{
    int y = l->caption_y, h = l->caption, box = tui__colour(TUI_YELLOW);
    tui__hline(y - 1, 0, COLS, box);
    tui__hline(y + h, 0, COLS, box);
    for (int r = 0; r < h; r++) {
        tui__ch(y + r, 0, box, ACS_VLINE);
        tui__ch(y + r, COLS - 1, box, ACS_VLINE);
    }
    tui__ch(y - 1, 0, box, ACS_ULCORNER);
    tui__ch(y - 1, COLS - 1, box, ACS_URCORNER);
    tui__ch(y + h, 0, box, ACS_LLCORNER);
    tui__ch(y + h, COLS - 1, box, ACS_LRCORNER);
    const pf_lesson_now *w = &g->now;
    char head[80];
    if (w->kind == PF_LESSON_YOU)
        snprintf(head, sizeof head, " Your move ");
    else if (w->kind == PF_LESSON_BOT)
        snprintf(head, sizeof head, " Watch %s ", tui__seat_name(g, w->seat));
    else if (w->kind == PF_LESSON_NOTE)
        snprintf(head, sizeof head, " Read this ");
    else
        snprintf(head, sizeof head, " The chapter is done ");
    tui__putn(y - 1, 3, COLS - 6, box | A_BOLD, head);
    if (w->kind != PF_LESSON_DONE) {
        snprintf(head, sizeof head, " step %d of %d ", w->step + 1, w->steps);
        int x = COLS - 3 - (int)strlen(head);
        tui__putn(y - 1, x, COLS - 1 - x, box, head);
    }
    char text[400];
    caption_text(g, text, sizeof text);
    int rows = tui__wrap(y, 2, COLS - 4, h, 0, A_BOLD, text, false);
    if (g->status[0]) /* the lesson's reason for another move */
        tui__wrap(y + rows, 2, COLS - 4, h - rows, 0, tui__shine_attr(), g->status, false);
}

const char *tui__lesson_line(const tui_game *g, char *buf, size_t n)
{
    const pf_lesson_now *w = &g->now;
    char label[96];
    if (w->kind == PF_LESSON_BOT) {
        move_label(g, w->act, label, sizeof label);
        snprintf(buf, n, "%s's move: %s.   Enter: go on", tui__seat_name(g, w->seat), label);
    } else if (w->kind == PF_LESSON_NOTE) {
        snprintf(buf, n, "Enter: go on");
    } else if (!finished(g)) {
        snprintf(buf, n, "Enter: the next chapter, %s", next_title(g));
    } else {
        int at = snprintf(buf, n, "Enter: the menu   p: play %s now", g->m->game->title);
        if (next_title(g) && at > 0 && (size_t)at < n)
            snprintf(buf + at, n - (size_t)at, "   n: an extra chapter, %s", next_title(g));
    }
    return buf;
}

/* ---- the chapters ------------------------------------------------------- */

enum { CH_BACK = -1, CH_LEAVE = -2 };

/* The list of chapters, with this one again and the next; returns the
 * chapter to start, CH_BACK or CH_LEAVE. */
static int chapter_menu(const tui_game *g)
{
    const pf_lesson *l = g->lesson_file;
    int n = pf_lesson_chapters(l), cur = g->now.chapter, sel = cur;
    static const char keys[] =
        "arrows + Enter, a number, r or n choose   Esc: back to the lesson   q: leave";
    for (;;) {
        erase();
        tui__hot_clear();
        int key_rows = tui__wrap_rows(keys, COLS, 2, true);
        if (!tui__too_small(60, 9 + n + key_rows, "the chapters")) {
            char line[300];
            snprintf(line, sizeof line, "%s: the chapters", pf_lesson_title(l));
            tui__title_bar(line);
            snprintf(line, sizeof line, "You are in chapter %d of %d, \"%s\".", cur + 1, n,
                     pf_lesson_chapter_title(l, cur));
            int y = 2 + tui__wrap(2, 2, COLS - 4, 2, 2, A_BOLD, line, false) + 1;
            tui__put(y, 4, 0, "r  start this chapter again");
            tui__hot_add(y++, 4, 28, "r");
            if (cur + 1 < n) {
                snprintf(line, sizeof line, "n  skip to the next chapter, \"%s\"",
                         pf_lesson_chapter_title(l, cur + 1));
                tui__wrap(y, 4, COLS - 6, 1, 2, 0, line, false);
                tui__hot_add(y++, 4, 28, "n");
            }
            y++;
            for (int c = 0; c < n; c++, y++) {
                snprintf(line, sizeof line, " %d  %s%s%s ", c + 1, pf_lesson_chapter_title(l, c),
                         pf_lesson_chapter_optional(l, c) ? " (an extra)" : "",
                         c == cur ? "   <- you are here" : "");
                tui__putn(y, 4, COLS - 6, c == sel ? A_REVERSE | A_BOLD : 0, line);
                char id[16];
                snprintf(id, sizeof id, "%d", c + 1);
                tui__hot_add(y, 4, COLS - 6, id);
            }
            tui__wrap(LINES - key_rows, 0, COLS, key_rows, 2, A_DIM, keys, true);
            refresh();
        }
        int ch = tui__key(-1);
        if (ch == TUI_KEY_CLICK) {
            int cy, cx;
            tui__click(&cy, &cx);
            const char *what = tui__hot_at(cy, cx);
            if (!what)
                continue;
            ch = what[0] == 'r' || what[0] == 'n' ? what[0] : '0' + atoi(what);
        }
        switch (ch) {
        case 27: case KEY_BACKSPACE: case 127:
            return CH_BACK;
        case 'q': case 'Q': case 3:
            if (ch == 3 || tui__confirm("Leave the lesson? (y/n)"))
                return CH_LEAVE;
            break;
        case 'r': case 'R':
            return cur;
        case 'n': case 'N':
            if (cur + 1 < n)
                return cur + 1;
            break;
        case KEY_UP: case 'k':
            sel = (sel + n - 1) % n;
            break;
        case KEY_DOWN: case 'j': case '\t':
            sel = (sel + 1) % n;
            break;
        case '\n': case '\r': case KEY_ENTER: case ' ':
            return sel;
        default:
            if (ch >= '1' && ch < '1' + n && ch <= '9')
                return ch - '1';
            break;
        }
    }
}

/* ---- the lesson --------------------------------------------------------- */

/* The game around the runner's table, after a start or a change of
 * chapter (fresh: a new table, so Paku Paku's swings start afresh), and
 * what happens now. Only the person's seat is a person's here: the
 * screens give the keys to them alone. */
static void sync(tui_game *g, bool fresh)
{
    if (fresh) {
        g->t = pf_lesson_table(g->lesson);
        g->m = pf_table_match(g->t);
        g->lesson_seats = *pf_table_seating(g->t);
        int you = pf_lesson_you(g->lesson_file);
        const pf_bot_def *scripted = pf_bot_find(g->m->game, "medium");
        for (int i = 0; i < g->lesson_seats.n; i++)
            g->lesson_seats.bot[i] = i == you ? NULL : scripted;
        g->seats = &g->lesson_seats;
        g->scr = tui__screen_for(g->m->game);
        g->viewer = g->focus = you;
        g->memory_aid = pf_table_memory_aid(g->t); /* the log shows what the table shows */
        g->start_wall = tui__wall_ms();
        g->status[0] = '\0';
    }
    g->legal_step = -1;
    g->nlegal = 0;
    g->meter.on = false;
    g->typed[0] = '\0';
    pf_lesson_now_get(g->lesson, &g->now);
}

/* Selects the move the step asks for among the person's choices. */
static void select_asked(tui_game *g)
{
    pf_action want;
    if (!g->now.act || g->m->game->parse(g->m->state, g->now.act, &want) != PF_E_OK)
        return;
    for (int i = 0; i < g->nlegal; i++)
        if (g->legal[i] == want)
            g->sel = i;
}

/* Goes on from a note, a scripted move or a finished chapter (the status
 * says why when the runner refuses, which a checked lesson never makes it
 * do). */
static void go_on(tui_game *g)
{
    pf_error err;
    bool chapter = g->now.kind == PF_LESSON_DONE;
    if (pf_lesson_next(g->lesson, &err) != PF_E_OK)
        snprintf(g->status, sizeof g->status, "%.300s", err.msg);
    else
        sync(g, chapter);
}

/* Plays the lesson in g to its end or until the person leaves. */
static int lesson_loop(tui_game *g, int leave)
{
    const pf_game *game = g->m->game;
    int you = pf_lesson_you(g->lesson_file), seen_chapter = -1, seen_step = -1;
    int64_t auto_at = -1; /* when a scripted move without a caption is played */
    for (;;) {
        pf_lesson_now_get(g->lesson, &g->now);
        bool mine = g->now.kind == PF_LESSON_YOU;
        bool fresh = g->now.chapter != seen_chapter || g->now.step != seen_step;
        if (fresh) {
            seen_chapter = g->now.chapter;
            seen_step = g->now.step;
            g->status[0] = '\0';
            auto_at = g->now.kind == PF_LESSON_BOT && !g->now.say ? tui__wall_ms() + g->pace_ms
                                                                  : -1;
        }
        if (mine) {
            tui__refresh_legal(g, you);
            if (fresh)
                select_asked(g);
        } else {
            g->nlegal = 0;
            g->meter.on = false;
            g->legal_step = -1;
        }
        tui__draw(g, you, mine);
        bool small = tui__game_too_small(g);
        int wait = !small && (g->meter.on || game->real_time) ? FRAME_MS : -1;
        if (auto_at >= 0) {
            int64_t left = auto_at - tui__wall_ms();
            if (small) /* the move is not seen yet */
                auto_at = tui__wall_ms() + g->pace_ms;
            else if (left <= 0) {
                go_on(g);
                continue;
            } else if (wait < 0 || left < wait)
                wait = (int)left;
        }
        int ch = tui__key(wait);
        if (ch == TUI_KEY_NONE || ch == KEY_RESIZE)
            continue;
        if (small) {
            if (ch == 'q' || ch == 'Q' || ch == 3)
                return leave;
            continue;
        }
        if (mine && game->real_time && g->scr->key && g->scr->key(g, ch))
            continue; /* Paku Paku's own keys: roll, pick a piece up, drop it */
        switch (ch) {
        case 'q': case 'Q': case 3:
            if (ch == 3 || tui__confirm("Leave the lesson? (y/n)"))
                return leave;
            continue;
        case '?': case KEY_F(1):
            tui__show_rules(game);
            continue;
        case 'l': case 'L':
            tui__log_show(g);
            continue;
        case 's': case 'S': case 'u': case 'U':
            snprintf(g->status, sizeof g->status,
                     "A lesson has no saving and no undo: Esc lists its chapters, to start "
                     "one again or skip it.");
            continue;
        case 'h': case 'H':
            snprintf(g->status, sizeof g->status,
                     "In a lesson the words in this box are your hint: try what shines.");
            continue;
        case 27: {
            int c = chapter_menu(g);
            pf_error err;
            if (c == CH_LEAVE)
                return leave;
            if (c >= 0 && pf_lesson_goto(g->lesson, c, &err) != PF_E_OK)
                snprintf(g->status, sizeof g->status, "%.300s", err.msg);
            else if (c >= 0) {
                sync(g, true);
                seen_chapter = -1;
            }
            continue;
        }
        default:
            break;
        }
        bool enter = ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ';
        if (!mine && finished(g)) {
            if (enter)
                return TUI_OUT_MENU;
            if (ch == 'p' || ch == 'P')
                return TUI_OUT_PLAY;
            if ((ch == 'n' || ch == 'N') && next_title(g))
                go_on(g);
        } else if (!mine && enter) {
            go_on(g);
        } else if (mine && !game->real_time) {
            tui__person_key(g, you, ch);
        }
    }
}

/* Says why there is no lesson until a key. */
static void no_lesson(const pf_game *game, const char *why)
{
    for (;;) {
        erase();
        char line[400];
        tui__title_bar(game->title);
        snprintf(line, sizeof line, "There is no lesson for %s here: %s", game->title, why);
        tui__wrap(2, 2, COLS - 4, LINES - 4, 2, A_BOLD, line, false);
        tui__putn(LINES - 1, 0, COLS, A_DIM, "Enter: back");
        refresh();
        int ch = tui__key(-1);
        if (ch != TUI_KEY_NONE && ch != KEY_RESIZE)
            return;
    }
}

int tui__lesson(const pf_game *game, const pf_tui_args *a)
{
    int leave = a->learn ? TUI_OUT_QUIT : TUI_OUT_MENU;
    pf_error err;
    pf_lesson *l = pf_lesson_find(game->id, &err);
    if (!l) {
        if (err.code == PF_E_NO_MEMORY)
            return TUI_OUT_NO_MEMORY;
        no_lesson(game, err.msg);
        return leave;
    }
    int first = a->chapter >= 0 && a->chapter < pf_lesson_chapters(l) ? a->chapter : 0;
    tui_game *g = calloc(1, sizeof *g);
    pf_lesson_run *r = NULL;
    err.code = PF_E_NO_MEMORY;
    if (!g || !(g->names = calloc(PF_MAX_LEGAL, sizeof *g->names)) ||
        !(r = pf_lesson_start(l, first, NULL, NULL, &err))) {
        if (g)
            free(g->names);
        free(g);
        pf_lesson_free(l);
        if (err.code == PF_E_NO_MEMORY)
            return TUI_OUT_NO_MEMORY;
        no_lesson(game, err.msg);
        return leave;
    }
    g->lesson = r;
    g->lesson_file = l;
    g->pace_ms = a->pace_ms >= 0 ? a->pace_ms : TUI_PACE_MS;
    sync(g, true);
    int out = lesson_loop(g, leave);
    pf_lesson_stop(r);
    pf_lesson_free(l);
    free(g->names);
    free(g);
    return out;
}
