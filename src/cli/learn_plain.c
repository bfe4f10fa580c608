/* learn_plain.c: a lesson in the line mode (docs/lessons.md): each caption
 * a line ("> ..."), with the things it points at named ("look at: cell
 * 3"); at the person's move the table and the choices as in a game, the
 * move typed by its number or its name (a toss or a stack through the
 * meter or an aim, plain_skill.c); another move gets the lesson's reason
 * and changes nothing. Enter goes on past a note or a scripted move with
 * words; a scripted move without words is played at once. The lesson runs
 * on its own clock (Paku Paku waits for the person). */
#include "cli/learn_plain.h"

#include <stdlib.h>
#include <string.h>

#include "cli/play_plain.h"
#include "tui/tui.h"

typedef struct plain_lesson {
    FILE *in, *out;
    const pf_lesson *l;
    pf_lesson_run *r;
    int you;
    bool setup_due; /* a table was set up: its events go under the chapter's heading */
    plain_skill hands;
} plain_lesson;

/* The runner's step hook: each move and what the person may see of it; a
 * setup is printed after the chapter's heading (pf_tui_print_setup). */
static void report(void *arg, const pf_table_step *st)
{
    plain_lesson *p = arg;
    if (st->change == PF_TABLE_SETUP)
        p->setup_due = true;
    if (!p->r || st->change != PF_TABLE_STEP)
        return;
    const pf_table *t = pf_lesson_table(p->r);
    if (st->change == PF_TABLE_STEP) {
        char name[PF_SEAT_LABEL];
        pf_table_seat_name(t, st->seat, name, sizeof name);
        fprintf(p->out, "%s (seat %d): %s\n", name, st->seat + 1, st->name);
    }
    for (int i = 0; i < st->ev->n; i++)
        pf_tui_print_event(p->out, t, &st->ev->buf[i], p->you);
}

/* A caption and the things it points at. */
static void say(const plain_lesson *p, const pf_lesson_now *now)
{
    if (now->say)
        fprintf(p->out, "> %s\n", now->say);
    for (int i = 0; i < now->nshow; i++)
        fprintf(p->out, "%s%s%s", i ? ", " : "  (look at: ", now->show[i],
                i + 1 == now->nshow ? ")\n" : "");
}

static void print_chapters(const plain_lesson *p, int current)
{
    fprintf(p->out, "The chapters of %s:\n", pf_lesson_title(p->l));
    for (int c = 0; c < pf_lesson_chapters(p->l); c++)
        fprintf(p->out, "  %d) %s%s%s\n", c + 1, pf_lesson_chapter_title(p->l, c),
                pf_lesson_chapter_optional(p->l, c) ? " (an extra)" : "",
                c == current ? "   <- you are here" : "");
    fprintf(p->out, "'chapter N' starts chapter N, 'again' this one again, 'skip' the next.\n");
}

static void print_help(FILE *out)
{
    fprintf(out, "Enter goes on. At your move type its number or its name. 'chapters' lists "
                 "the chapters; 'chapter N' starts one; 'again' starts this chapter again; "
                 "'skip' goes to the next; 'table' shows the table; 'log' what happened; "
                 "'rules' the rules in short; 'quit' (or q) leaves.\n");
}

enum { CMD_NONE, CMD_DONE, CMD_CHAPTER, CMD_QUIT };

/* A command typed at any point of the lesson: CMD_NONE when line is none. */
static int command(plain_lesson *p, const pf_lesson_now *now, const char *line)
{
    const pf_table *t = pf_lesson_table(p->r);
    pf_error err;
    int goto_c = -1;
    if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0)
        return CMD_QUIT;
    if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0)
        print_help(p->out);
    else if (strcmp(line, "chapters") == 0)
        print_chapters(p, now->chapter);
    else if (strcmp(line, "table") == 0)
        plain_print_table(p->out, pf_table_match(t), pf_table_seating(t), p->you);
    else if (strcmp(line, "log") == 0 || strcmp(line, "l") == 0)
        plain_print_log(p->out, t, p->you);
    else if (strcmp(line, "rules") == 0)
        plain_print_rules(p->out, pf_lesson_game(p->l));
    else if (strcmp(line, "again") == 0)
        goto_c = now->chapter;
    else if (strcmp(line, "skip") == 0) {
        if (now->chapter + 1 >= pf_lesson_chapters(p->l)) {
            fprintf(p->out, "  This is the last chapter.\n");
            return CMD_DONE;
        }
        goto_c = now->chapter + 1;
    } else if (strncmp(line, "chapter ", 8) == 0) {
        goto_c = atoi(line + 8) - 1;
        if (goto_c < 0 || goto_c >= pf_lesson_chapters(p->l)) {
            fprintf(p->out, "  The chapters are 1 to %d.\n", pf_lesson_chapters(p->l));
            return CMD_DONE;
        }
    } else
        return CMD_NONE;
    if (goto_c < 0)
        return CMD_DONE;
    if (pf_lesson_goto(p->r, goto_c, &err) != PF_E_OK) {
        fprintf(p->out, "  %s\n", err.msg);
        return CMD_DONE;
    }
    return CMD_CHAPTER;
}

/* The person's line at their move: the move (refused with the lesson's
 * reason when it is not the one asked for). */
static void person_move(plain_lesson *p, const char *line)
{
    const pf_match *m = pf_table_match(pf_lesson_table(p->r));
    pf_error err;
    pf_action a;
    int64_t stopped;
    int skill = plain_skill_read(&p->hands, m, p->you, line, p->in, p->out, &a, &stopped);
    if (skill < 0)
        return;
    if (skill == 0 && plain_read_action(m, p->you, line, &a, &err) != PF_E_OK) {
        fprintf(p->out, "  %s\n", err.msg);
        return;
    }
    char name[PF_REPLAY_NAME_MAX + 1];
    if (m->game->name(m->state, a, name, sizeof name) < 0 ||
        pf_lesson_play(p->r, name, &err) != PF_E_OK)
        fprintf(p->out, "  %s\n", err.msg);
}

/* Whether only optional chapters come after chapter c. */
static bool last_needed(const pf_lesson *l, int c)
{
    for (int k = c + 1; k < pf_lesson_chapters(l); k++)
        if (!pf_lesson_chapter_optional(l, k))
            return false;
    return true;
}

int plain_learn(const pf_lesson *l, int chapter, FILE *in, FILE *out)
{
    plain_lesson p = {.in = in, .out = out, .l = l, .you = pf_lesson_you(l)};
    pf_error err;
    fprintf(out, "%s: %d chapters. Enter goes on; 'help' lists the commands.\n",
            pf_lesson_title(l), pf_lesson_chapters(l));
    p.r = pf_lesson_start(l, chapter, report, &p, &err);
    if (!p.r) {
        fprintf(out, "%s\n", err.msg);
        return err.code == PF_E_NO_MEMORY ? 2 : 1;
    }
    p.setup_due = true;
    plain_skill_init(&p.hands, in, out, pf_table_match(pf_lesson_table(p.r))->seed);
    int shown_chapter = -1, shown_step = -1, rc = 1;
    char line[512];
    for (;;) {
        pf_lesson_now now;
        pf_lesson_now_get(p.r, &now);
        const pf_match *m = pf_table_match(pf_lesson_table(p.r));
        const pf_seating *seats = pf_table_seating(pf_lesson_table(p.r));
        bool fresh = now.chapter != shown_chapter || now.step != shown_step;
        if (now.chapter != shown_chapter)
            fprintf(out, "\n== Chapter %d of %d: %s ==\n", now.chapter + 1,
                    pf_lesson_chapters(l), pf_lesson_chapter_title(l, now.chapter));
        if (p.setup_due) {
            pf_tui_print_setup(out, pf_lesson_table(p.r), p.you);
            p.setup_due = false;
        }
        if (now.chapter != shown_chapter && now.kind != PF_LESSON_YOU) /* there, with the choices */
            plain_print_table(out, m, seats, p.you);
        shown_chapter = now.chapter;
        shown_step = now.step;
        bool done = now.kind == PF_LESSON_DONE, end = done && last_needed(l, now.chapter);
        if (fresh) {
            if (now.kind == PF_LESSON_YOU) {
                say(&p, &now);
                plain_print_table(out, m, seats, p.you);
                plain_print_choices(out, m, p.you, &p.hands);
            } else if (end) {
                fprintf(out, "> You finished the lesson! Now you know how to play %s: try "
                             "`partyfood play %s`.\n", m->game->title, m->game->id);
                if (now.chapter + 1 < pf_lesson_chapters(l))
                    fprintf(out, "  'skip' plays an extra chapter: %s.\n",
                            pf_lesson_chapter_title(l, now.chapter + 1));
            } else if (done) {
                fprintf(out, "> Well done! That was \"%s\".\n",
                        pf_lesson_chapter_title(l, now.chapter));
            } else {
                say(&p, &now);
            }
        }
        if (now.kind == PF_LESSON_BOT && !now.say) { /* a move without words: at once */
            if (pf_lesson_next(p.r, &err) != PF_E_OK) {
                fprintf(out, "  %s\n", err.msg);
                break;
            }
            continue;
        }
        char you[PF_SEAT_LABEL];
        pf_table_seat_name(pf_lesson_table(p.r), p.you, you, sizeof you);
        if (now.kind == PF_LESSON_YOU)
            fprintf(out, "%s> ", you);
        else
            fputs(end ? "(Enter ends the lesson) " : done ? "(Enter: the next chapter) "
                                                         : "(Enter goes on) ",
                  out);
        fflush(out);
        if (plain_read_line(in, line, sizeof line, -1) < 0)
            break;
        int cmd = command(&p, &now, line);
        if (cmd == CMD_QUIT)
            break;
        if (cmd == CMD_CHAPTER)
            shown_chapter = -1;
        if (cmd != CMD_NONE)
            continue;
        if (now.kind == PF_LESSON_YOU) {
            if (*line)
                person_move(&p, line);
        } else if (*line) {
            fprintf(out, "  Press Enter to go on ('help' lists the commands).\n");
        } else if (end) {
            rc = 0;
            break;
        } else if (pf_lesson_next(p.r, &err) != PF_E_OK) {
            fprintf(out, "  %s\n", err.msg);
            break;
        }
    }
    pf_lesson_stop(p.r);
    return rc;
}
