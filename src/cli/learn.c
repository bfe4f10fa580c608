/* learn.c: `partyfood learn GAME`, a game's lesson (docs/lessons.md): a
 * short guided game on the game's own table screen, or in the line mode
 * (learn_plain.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/learn_plain.h"
#include "cli/nearest.h"
#include "partyfood/lesson.h"
#include "tui/tui.h"

#define MAX_PACE_MS 60000

static void usage(FILE *f)
{
    fprintf(f, "usage: partyfood learn GAME [--chapter N] [--plain] [--pace MS]\n\n"
               "  GAME         one of:");
    for (int i = 0; i < pf_game_count(); i++)
        fprintf(f, " %s", pf_game_at(i)->id);
    fprintf(f, "\n  --chapter N  start at chapter N (from 1)\n"
               "  --plain      line mode (also when output is not a terminal or TERM=dumb)\n"
               "  --pace MS    full-screen mode: how long a scripted move without words\n"
               "               stays before it is played (default 2000, 0 to %d)\n\n"
               "A lesson teaches a game by playing it: each rule when it first happens,\n"
               "the thing to press shining, your move the one the rule asks for. Enter\n"
               "goes on; on the full screen Esc lists the chapters (start one again,\n"
               "skip one, pick one) and q leaves; in the line mode 'chapters', 'again',\n"
               "'skip' and 'quit' do.\n",
               MAX_PACE_MS);
}

int cmd_learn(int argc, char **argv)
{
    const char *game_id = NULL;
    bool plain = false;
    long long chapter = 1, pace = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--plain") == 0) {
            plain = true;
        } else if (strcmp(a, "--chapter") == 0) {
            if (!(v = cli_arg_value("learn", argc, argv, &i)) ||
                !cli_arg_int("learn", a, v, 1, 99, &chapter))
                return 2;
        } else if (strcmp(a, "--pace") == 0) {
            if (!(v = cli_arg_value("learn", argc, argv, &i)) ||
                !cli_arg_int("learn", a, v, 0, MAX_PACE_MS, &pace))
                return 2;
        } else if (a[0] != '-' && !game_id) {
            game_id = a;
        } else {
            static const char *const flags[] = {"--chapter", "--plain", "--pace", "--help"};
            cli_arg_unknown("learn", a, flags, sizeof flags / sizeof *flags);
            usage(stderr);
            return 2;
        }
    }
    if (!game_id) {
        usage(stderr);
        return 2;
    }
    const pf_game *g = pf_game_find(game_id);
    if (!g) {
        cli_no_such_game(stderr, "learn", game_id);
        return 2;
    }
    pf_error err;
    pf_lesson *l = pf_lesson_find(g->id, &err);
    if (!l) {
        fprintf(stderr, "partyfood learn: %s\n", err.msg);
        return 1;
    }
    if (chapter > pf_lesson_chapters(l)) {
        fprintf(stderr, "partyfood learn: %s has chapters 1 to %d, not %lld\n",
                pf_lesson_title(l), pf_lesson_chapters(l), chapter);
        pf_lesson_free(l);
        return 2;
    }
    if (!plain && pf_tui_available()) {
        pf_lesson_free(l); /* the client reads it again, as from its menu */
        pf_tui_args ta = {.game = g, .learn = true, .chapter = (int)chapter - 1,
                          .pace_ms = (int)pace};
        pf_options_clear(&ta.opt);
        return pf_tui_run(&ta);
    }
    int rc = plain_learn(l, (int)chapter - 1, stdin, stdout);
    pf_lesson_free(l);
    return rc;
}
