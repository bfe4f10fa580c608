/* play_plain.c: a plain line-mode game.
 *
 * Each person sees only their own seat's view; bots fill the other seats.
 * With several people at a turn-based game where they see different things
 * (pf_tui_secrets_between_people), a person's table and private events
 * are shown only after "pass the keyboard to NAME", and before the
 * keyboard passes on they are hidden: on a terminal the screen and its
 * scrollback are cleared; otherwise (a pipe, a log) HIDE_LINES blank lines
 * push them off the screen, but whatever keeps the output still has them.
 * Turn-based games ask the lowest seat to act; real-time games run on the
 * wall clock: bots act at the times they choose, people whenever they type
 * (several people start their lines with their names). A toss or a stack
 * is a person's timing (C-4, plain_skill.c). */
#include "cli/play_plain.h"

#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/plain_skill.h"
#include "tui/tui.h"

#define EVENT_CAP 128
#define TEXT_CAP 8192
/* Blank lines that push a person's table off a screen that cannot be
 * cleared (output that is not a terminal). */
#define HIDE_LINES 60

/* The seat whose eyes the shared screen shows: the only person, else nobody
 * in particular (public information only). */
static int viewer(const pf_seating *s)
{
    int who = PF_SEAT_SPECTATOR;
    for (int i = 0; i < s->n; i++)
        if (!s->bot[i]) {
            if (who != PF_SEAT_SPECTATOR)
                return PF_SEAT_SPECTATOR;
            who = i;
        }
    return who;
}

void plain_print_table(FILE *out, const pf_match *m, const pf_seating *s, int seat)
{
    char *text = malloc(TEXT_CAP), *named = malloc(TEXT_CAP);
    if (!text || !named) {
        fprintf(out, "(cannot show the table: %s)\n", pf_strerror(PF_E_NO_MEMORY));
    } else {
        m->game->render(m->state, seat, text, TEXT_CAP);
        pf_seating_name_text(s, seat, text, named, TEXT_CAP); /* as the log and the prompts say them */
        fprintf(out, "%s\n", named);
    }
    free(text);
    free(named);
}

/* Whether the choices are typed as the numbers ending their names: when
 * the game reads each such number alone as that very choice (Pizza's "flip
 * 12" is 12), the number a person types names the cell, never a place in
 * a list that shifts as cells empty. One rule for the whole list. */
static bool own_numbers(const pf_match *m, const plain_choice *c, int n)
{
    for (int i = 0; i < n; i++) {
        const char *num = strrchr(c[i].name, ' ');
        pf_action a;
        if (c[i].skill || !num || !num[1] || strspn(num + 1, "0123456789") != strlen(num + 1) ||
            m->game->parse(m->state, num + 1, &a) != PF_E_OK || a != c[i].a)
            return false; /* "guess kiwi" reads "kiwi" alone as itself: no number */
    }
    return n > 0;
}

void plain_print_choices(FILE *out, const pf_match *m, int seat, const plain_skill *k)
{
    plain_choice *c = malloc(PF_MAX_LEGAL * sizeof *c);
    if (!c) {
        fprintf(out, "(cannot list your choices: %s; type a name)\n",
                pf_strerror(PF_E_NO_MEMORY));
        return;
    }
    int n = plain_choices(m, seat, c, PF_MAX_LEGAL), shown = n < 60 ? n : 60;
    int width = 8;
    for (int i = 0; i < shown; i++) {
        int len = (int)strlen(c[i].name);
        width = len > width ? len : width;
    }
    /* as many columns as an 80-column terminal shows whole */
    int per_line = 78 / (width + 7) > 0 ? 78 / (width + 7) : 1;
    bool own = own_numbers(m, c, n);
    fprintf(out, "Your choices:");
    for (int i = 0; i < shown; i++)
        fprintf(out, "%s%3d) %-*s", i % per_line == 0 ? "\n  " : "  ",
                own ? atoi(strrchr(c[i].name, ' ') + 1) : i + 1, width, c[i].name);
    if (n > shown)
        fprintf(out, "\n  ... and %d more (type a name)", n - shown);
    fprintf(out, "\nType a number or a name; 'help' for commands.\n");
    plain_skill_help(k, c, n, out);
    free(c);
}

/* Turns a typed line into an action: a number from the list or a name. */
pf_err plain_read_action(const pf_match *m, int seat, const char *line, pf_action *a,
                          pf_error *err)
{
    char *end;
    long k = strtol(line, &end, 10);
    if (end != line && *end == '\0') {
        plain_choice *c = malloc(PF_MAX_LEGAL * sizeof *c);
        if (!c)
            return pf_error_set(err, PF_E_NO_MEMORY, NULL);
        int n = plain_choices(m, seat, c, PF_MAX_LEGAL);
        bool own = own_numbers(m, c, n);
        if (!own && k >= 1 && k <= n)
            *a = c[k - 1].a;
        free(c);
        if (!own && (k < 1 || k > n))
            return pf_error_set(err, PF_E_ILLEGAL_ACTION, "choose a number from 1 to %d", n);
        if (!own)
            return PF_E_OK;
    }
    if (m->game->parse(m->state, line, a) != PF_E_OK)
        return pf_error_set(err, PF_E_UNKNOWN_ACTION, "'%s' is not an action here", line);
    return PF_E_OK;
}

/* The name a seat goes by here, as everywhere ("medium 1"), in names. */
static const char *seat_name_in(const pf_seating *s, int seat, pf_seat_names *names)
{
    pf_seating_names(s, -1, names);
    return names->name[seat];
}
/* ... in a buffer that lasts to the end of the enclosing block. */
#define seat_name(s, seat) seat_name_in((s), (seat), &(pf_seat_names){0})

/* What the line mode tells of each applied step (the table's step hook). */
typedef struct reporter {
    FILE *out;
    const pf_seating *s;
    const pf_table *t; /* set once the table is made */
    int view_seat;
} reporter;

static void report_step(void *arg, const pf_table_step *st)
{
    const reporter *r = arg;
    if (st->change != PF_TABLE_STEP)
        return;
    fprintf(r->out, "%s (seat %d): %s\n", seat_name(r->s, st->seat), st->seat + 1, st->name);
    /* The person who just acted is at the keyboard: show them their secrets. */
    for (int i = 0; i < st->ev->n; i++)
        pf_tui_print_event(r->out, r->t, &st->ev->buf[i],
                           r->s->bot[st->seat] ? r->view_seat : st->seat);
}

static pf_err play_and_report(pf_table *t, int seat, pf_action a, int64_t at, FILE *out)
{
    pf_error err;
    pf_err e = pf_table_play(t, seat, a, at, &err);
    if (e != PF_E_OK)
        fprintf(out, "  refused: %s\n", err.msg);
    return e;
}

/* Plays the next bot move (reported by the hook). */
static pf_err bot_and_report(pf_table *t, FILE *out)
{
    pf_error err;
    pf_err e = pf_table_bot_play(t, &err);
    if (e != PF_E_OK)
        fprintf(out, "  refused: %s\n", err.msg);
    return e;
}

/* Reads one line with a deadline (ms, -1 for none). Returns 1 with a line,
 * 0 on timeout, -1 at end of input. */
int plain_read_line(FILE *in, char *buf, size_t n, int64_t timeout_ms)
{
    if (timeout_ms >= 0) {
        struct pollfd p = {fileno(in), POLLIN, 0};
        if (poll(&p, 1, (int)(timeout_ms > 60000 ? 60000 : timeout_ms)) == 0)
            return 0;
    }
    if (!fgets(buf, (int)n, in))
        return -1;
    buf[strcspn(buf, "\r\n")] = '\0';
    return 1;
}

/* Before the keyboard goes to another person: the one who played says they
 * are done, then their table leaves the screen (cleared on a terminal,
 * scrolled away by blank lines otherwise). Returns -1 at end of input. */
static int hide_table(FILE *in, FILE *out, const pf_seating *s, int seat)
{
    char line[64];
    fprintf(out, "\n---- %s: press Enter to hide your table ----\n", seat_name(s, seat));
    fflush(out);
    if (plain_read_line(in, line, sizeof line, -1) < 0)
        return -1;
    if (isatty(fileno(out)))
        fputs("\033[H\033[2J\033[3J", out); /* home, clear screen, clear scrollback */
    else
        for (int i = 0; i < HIDE_LINES; i++)
            fputc('\n', out);
    return 0;
}

static void print_help(FILE *out)
{
    fprintf(out, "Commands: a number or an action name plays it; 'table' shows the table,\n"
                 "'log' (or l) what happened, 'rules' the rules in short; 'undo' (or u) takes\n"
                 "back your last choice where that is fair; 'save FILE' saves the game;\n"
                 "'quit' (or q) stops.\n");
}

/* The log as seat may see it: a memory game's earlier reveals stay hidden
 * (PIZ-7, YYP-7), as on the full screen. */
void plain_print_log(FILE *out, const pf_table *t, int seat)
{
    int n, shown = 0;
    pf_table_log(t, &n);
    char text[PF_EVENT_TEXT + 128];
    fprintf(out, "The log so far:\n");
    for (int i = 0; i < n; i++)
        if (pf_tui_log_event(t, i, seat, false, text, sizeof text)) {
            int step = pf_table_log(t, &n)[i].step;
            fprintf(out, "  %4d  %s\n", step + 1, text);
            shown++;
        }
    if (!shown)
        fprintf(out, "  (nothing has happened yet)\n");
}

void plain_print_rules(FILE *out, const pf_game *g)
{
    for (const char *const *r = g->rules; r && *r; r++)
        fprintf(out, "%s\n", *r);
}

/* Handles a person's line. Returns 1 when an action was played, -1 to quit. */
static int person_line(pf_table *tb, int seat, const char *line, int64_t t, FILE *out,
                       const plain_skill *k)
{
    const pf_match *m = pf_table_match(tb);
    pf_error err;
    pf_action a;
    if (!*line)
        return 0;
    if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0)
        return -1;
    if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
        print_help(out);
        plain_print_choices(out, m, seat, k);
        return 0;
    }
    if (strcmp(line, "table") == 0) {
        plain_print_table(out, m, pf_table_seating(tb), seat);
        return 0;
    }
    if (strcmp(line, "log") == 0 || strcmp(line, "l") == 0) {
        plain_print_log(out, tb, seat);
        return 0;
    }
    if (strcmp(line, "rules") == 0) {
        plain_print_rules(out, m->game);
        return 0;
    }
    if (strcmp(line, "undo") == 0 || strcmp(line, "u") == 0) {
        char why[160];
        if (!pf_table_undo_fair(tb, seat, why, sizeof why)) {
            fprintf(out, "  No undo: %s\n", why);
            return 0;
        }
        if (pf_table_undo(tb, seat, &err) != PF_E_OK) {
            fprintf(out, "  No undo: %s\n", err.msg);
            return 0;
        }
        fprintf(out, "  Undone: your last choice is taken back.\n");
        return 1; /* the table and the choices again */
    }
    if (strncmp(line, "save ", 5) == 0) {
        if (pf_table_save(tb, line + 5, &err) == PF_E_OK)
            fprintf(out,
                    "  saved to %s (resume with: partyfood play --resume %s)\n"
                    "  The file holds the whole deal: reading it before the game ends "
                    "spoils every hidden piece.\n",
                    line + 5, line + 5);
        else
            fprintf(out, "  %s\n", err.msg);
        return 0;
    }
    if (plain_read_action(m, seat, line, &a, &err) != PF_E_OK) {
        fprintf(out, "  %s\n", err.msg);
        return 0;
    }
    return play_and_report(tb, seat, a, t, out) == PF_E_OK;
}

/* Real time: plays the bots' moves due by game time t, before a person's
 * action at t (the meter may have run while they came due). */
static void bots_until(pf_table *tb, int64_t t, FILE *out)
{
    int bs;
    int64_t bt;
    while (!pf_table_over(tb, NULL) && pf_table_bot_next(tb, &bs, &bt) && bt <= t)
        if (bot_and_report(tb, out) != PF_E_OK)
            break;
}

/* A person's line at game time t: a skill action goes through the meter or
 * the hand (C-4), anything else through person_line. Returns 1 when an
 * action was played, -1 to quit, 0 otherwise. */
static int person_input(pf_table *tb, int seat, const char *line, int64_t t, FILE *in,
                        FILE *out, plain_skill *k, int64_t start)
{
    const pf_match *m = pf_table_match(tb);
    pf_action a;
    int64_t stopped;
    int r = plain_skill_read(k, m, seat, line, in, out, &a, &stopped);
    if (r == 0)
        return person_line(tb, seat, line, t, out, k);
    if (r < 0)
        return stopped == -2 ? -1 : 0;
    if (m->game->real_time) {
        if (stopped >= 0)
            t = stopped - start;
        t = t < m->now ? m->now : t;
        bots_until(tb, t, out);
    }
    return play_and_report(tb, seat, a, t, out) == PF_E_OK;
}

/* Real time: the person a line is from, among those who may act (set).
 * With several, the line starts with a name or a seat and a colon ("ana:
 * roll", "2: roll" for the second seat); *rest gets the line after it. -1 (told) when unclear. */
static int who_typed(const pf_seating *s, uint32_t set, const char *line, const char **rest,
                     FILE *out)
{
    const char *colon = strchr(line, ':');
    *rest = line;
    if (colon) {
        size_t len = (size_t)(colon - line);
        for (int i = 0; i < s->n; i++) {
            char seat[12];
            snprintf(seat, sizeof seat, "%d", i + 1); /* seats counted from 1 */
            if (s->bot[i] || !((strlen(s->name[i]) == len && !strncmp(line, s->name[i], len)) ||
                               (strlen(seat) == len && !strncmp(line, seat, len))))
                continue;
            for (*rest = colon + 1; **rest == ' '; (*rest)++)
                ;
            if (set & (1u << i))
                return i;
            fprintf(out, "  %s may not act now.\n", s->name[i]);
            return -1;
        }
    }
    if (!(set & (set - 1)))
        return __builtin_ctz(set);
    fprintf(out, "  Several of you may act: start the line with your name and a colon (");
    for (uint32_t b = set; b; b &= b - 1)
        fprintf(out, "%s'%s:'", b == set ? "" : " or ", s->name[__builtin_ctz(b)]);
    fprintf(out, ").\n");
    return -1;
}

static void print_end(FILE *out, const pf_match *m, const pf_seating *s, int view_seat)
{
    double r[PF_MAX_SEATS];
    pf_match_over(m, r);
    plain_print_table(out, m, s, view_seat);
    fprintf(out, "Game over.\n");
    for (int i = 0; i < m->seats; i++)
        fprintf(out, "  seat %d %-12s result %g\n", i + 1, seat_name(s, i), r[i]);
}

/* A person's turn in a turn-based game: the keyboard passes to them when
 * several people play, then they type until an action is played. Returns
 * 1 when they quit (or the input ended). */
static int person_turn(pf_table *tb, int seat, int *last_person, FILE *in, FILE *out,
                       plain_skill *hands, int64_t start)
{
    const pf_match *m = pf_table_match(tb);
    const pf_seating *s = pf_table_seating(tb);
    char line[512];
    if (pf_seating_people(s) > 1 && seat != *last_person &&
        pf_tui_secrets_between_people(m->game)) {
        if (*last_person >= 0 && hide_table(in, out, s, *last_person) < 0)
            return 1;
        fprintf(out, "\n---- Pass the keyboard to %s (seat %d) and press Enter ----\n",
                seat_name(s, seat), seat + 1);
        if (plain_read_line(in, line, sizeof line, -1) < 0)
            return 1;
    }
    *last_person = seat;
    fprintf(out, "\n");
    plain_print_table(out, m, s, seat);
    plain_print_choices(out, m, seat, hands);
    int r;
    do {
        fprintf(out, "%s> ", seat_name(s, seat));
        fflush(out);
        if (plain_read_line(in, line, sizeof line, -1) < 0)
            return 1;
        r = person_input(tb, seat, line, m->now, in, out, hands, start);
    } while (r == 0);
    return r < 0;
}

int plain_play(pf_match *match, const pf_seating *s, FILE *in, FILE *out)
{
    const pf_game *g = match->game;
    const int view_seat = viewer(s);
    const int people = pf_seating_people(s);
    const int64_t start = plain_steady_ms() - match->now;
    int last_person = -1;
    char line[512];
    pf_error err;
    reporter rep = {out, s, NULL, view_seat};
    pf_table *tb = pf_table_adopt(match, s, NULL, report_step, &rep, &err);
    if (!tb) {
        fprintf(out, "%s\n", err.msg);
        return 1;
    }
    rep.t = tb;
    const pf_match *m = pf_table_match(tb);
    plain_skill hands;
    plain_skill_init(&hands, in, out, m->seed);

    fprintf(out, "%s: %d seats.", g->title, m->seats);
    for (int i = 0; i < m->seats; i++) { /* "2=bot greedy", "2=medium 1 (bot)" */
        const char *name = seat_name(s, i);
        fprintf(out, " %d=%s%s", i + 1, name,
                s->bot[i] && strncmp(name, "bot ", 4) != 0 ? " (bot)" : "");
    }
    fprintf(out, "\n\n");
    if (m->nsteps == 0)
        pf_tui_print_setup(out, tb, view_seat);
    if (g->real_time && people > 1) {
        int first = 0;
        while (s->bot[first])
            first++;
        fprintf(out, "You all play at once: when several of you may act, start your line "
                     "with your name and a colon ('%s: ...').\n", s->name[first]);
    }
    /* A person to act first sees the table with their choices; otherwise
     * show the start before the bots move. */
    if (!pf_match_over(m, NULL) && s->bot[__builtin_ctz(g->to_act(m->state))])
        plain_print_table(out, m, s, view_seat);
    int quit = 0;
    while (!quit && !pf_match_over(m, NULL)) {
        uint32_t set = g->to_act(m->state);
        int seat = __builtin_ctz(set), bs;
        int64_t bt;
        bool bot = pf_table_bot_next(tb, &bs, &bt);
        if (!g->real_time) {
            if (s->bot[seat]) {
                bot_and_report(tb, out);
                continue;
            }
            quit = person_turn(tb, seat, &last_person, in, out, &hands, start);
            continue;
        }
        /* Real time: the game clock is the wall clock since the start. */
        uint32_t people_set = 0;
        for (int i = 0; i < m->seats; i++)
            if (!s->bot[i] && (set & (1u << i)))
                people_set |= 1u << i;
        int64_t now = plain_steady_ms() - start;
        if (bot && (people_set == 0 || bt <= now)) {
            if (people_set == 0 && bt > now) {
                fflush(out);
                usleep((useconds_t)((bt - now) * 1000));
            }
            bot_and_report(tb, out);
            continue;
        }
        if (!people_set)
            break; /* nobody can act: cannot happen in a well-formed game */
        for (uint32_t b = people_set; b; b &= b - 1) /* everyone who may act */
            fprintf(out, "%s%s", b == people_set ? "" : ", ", s->name[__builtin_ctz(b)]);
        fprintf(out, "> ");
        fflush(out);
        int got = plain_read_line(in, line, sizeof line, bot ? bt - now : -1);
        if (got < 0)
            break;
        if (got == 0) {
            fprintf(out, "\n");
            continue;
        }
        int64_t t = plain_steady_ms() - start;
        if (t < m->now)
            t = m->now;
        const char *rest;
        if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0)
            break;
        if (!*line || (seat = who_typed(s, people_set, line, &rest, out)) < 0)
            continue;
        quit = person_input(tb, seat, rest, t, in, out, &hands, start) < 0;
    }
    bool over = pf_match_over(m, NULL);
    if (over)
        print_end(out, m, s, view_seat);
    pf_table_destroy(tb);
    return over ? 0 : 1;
}
