/* fuzz_args.c: the command line's parsers, one argument per input line.
 *
 * Every line (cut at a newline or a NUL byte) goes through what parses an
 * argument of `partyfood play`, `sim` and `replay` today:
 *   - `--option KEY=VALUE` (pf_options_parse, then the typed readers);
 *   - `--seats LIST` for every game (pf_seating_parse, pf_bot_find);
 *   - the strict numbers and the UTF-8 helpers every front end uses on
 *     untrusted text (pf_parse_int, pf_parse_real, pf_utf8_*,
 *     pf_text_printable).
 * Then every game is set up with all the options given, at its smallest and
 * largest table (each game's own option checks), and a game it accepts is
 * played for a while with legal actions: options a game takes must give a
 * game that plays. The subcommands' own flag loops are not reached: they
 * run games, open the terminal or read stdin right after parsing. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partyfood/seating.h"
#include "partyfood/match.h"
#include "partyfood/parse.h"

#define MAX_ARGS 64
#define PLAY_STEPS 300

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "fuzz_args: %s: ", #cond);                                     \
            fprintf(stderr, __VA_ARGS__);                                                  \
            fputc('\n', stderr);                                                           \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

/* A refused option leaves the options as they were. */
static void add_option(pf_options *opt, const char *arg)
{
    static pf_options before;
    before = *opt;
    pf_error err;
    if (pf_options_parse(opt, arg, &err) != PF_E_OK) {
        CHECK(memcmp(&before, opt, sizeof before) == 0, "refused '%s' changed the options",
              arg);
        return;
    }
    int i;
    double d;
    bool b;
    for (int k = 0; k < opt->n; k++) {
        pf_options_int(opt, opt->key[k], 0, -1000, 1000, &i, &err);
        pf_options_double(opt, opt->key[k], 0, -1e6, 1e6, &d, &err);
        CHECK(isfinite(d), "option '%s' read as %g", opt->key[k], d);
        pf_options_bool(opt, opt->key[k], false, &b, &err);
    }
}

static void check_seating(const char *arg)
{
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        pf_bot_find(g, arg);
        pf_seating s;
        pf_error err;
        if (pf_seating_parse(&s, g, arg, &err) != 0)
            continue;
        CHECK(s.n >= g->min_seats && s.n <= g->max_seats, "%s: %d seats accepted", g->id,
              s.n);
        CHECK(pf_seating_people(&s) <= s.n, "%s: more people than seats", g->id);
        for (int k = 0; k < s.n; k++)
            CHECK(memchr(s.name[k], '\0', sizeof s.name[k]), "%s: seat name not terminated",
                  g->id);
    }
}

static void check_text(const char *arg, size_t len)
{
    long long i;
    if (pf_parse_int(arg, -1000000, 1000000, &i)) {
        char back[32];
        snprintf(back, sizeof back, "%lld", i);
        long long j;
        CHECK(i >= -1000000 && i <= 1000000 && pf_parse_int(back, -1000000, 1000000, &j) &&
                  i == j,
              "'%s' read as %lld", arg, i);
    }
    double d;
    if (pf_parse_real(arg, -1e9, 1e9, &d))
        CHECK(isfinite(d) && d >= -1e9 && d <= 1e9, "'%s' read as %g", arg, d);
    bool valid = pf_utf8_valid(arg, len);
    size_t cut = pf_utf8_prefix(arg, len / 2);
    CHECK(cut <= len / 2, "prefix of %zu bytes for at most %zu", cut, len / 2);
    CHECK(!valid || pf_utf8_valid(arg, cut), "a cut of valid text is not valid");
    char shown[32];
    pf_text_printable(arg, shown, 1 + len % sizeof shown);
    size_t n = strlen(shown);
    CHECK(n < 1 + len % sizeof shown && pf_utf8_valid(shown, n),
          "printable text is too long or not UTF-8");
    for (size_t k = 0; k < n; k++)
        CHECK((unsigned char)shown[k] >= 0x20 && shown[k] != 0x7f,
              "printable text has control byte %#x", (unsigned char)shown[k]);
}

/* A game the options allow plays: legal actions, chosen by a small counter. */
static void play_a_while(pf_match *m)
{
    const pf_game *g = m->game;
    static pf_action legal[PF_MAX_LEGAL];
    for (unsigned k = 0; k < PLAY_STEPS && !pf_match_over(m, NULL); k++) {
        uint32_t set = g->to_act(m->state);
        CHECK(set != 0, "%s: nobody may act in a game that is not over", g->id);
        int seat = __builtin_ctz(set);
        int n = g->legal(m->state, seat, legal, PF_MAX_LEGAL);
        CHECK(n > 0, "%s: seat %d may act but has no legal action", g->id, seat);
        pf_error err;
        int64_t t = m->now;
        if (g->ready_at && g->ready_at(m->state, seat) > t) /* busy hands: PAKU-10 */
            t = g->ready_at(m->state, seat);
        pf_err e = pf_match_apply(m, seat, legal[(k * 7919u) % (unsigned)n], t, NULL, &err);
        CHECK(e == PF_E_OK, "%s: legal action refused: %s", g->id, err.msg);
    }
}

static void check_games(const pf_options *opt, uint64_t seed)
{
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        for (int seats = g->min_seats; seats <= g->max_seats;
             seats += g->max_seats - g->min_seats > 0 ? g->max_seats - g->min_seats : 1) {
            pf_error err;
            pf_match *m = pf_match_create(g, seats, opt, seed, &err);
            if (!m)
                continue;
            play_a_while(m);
            pf_match_destroy(m);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    static pf_options opt;
    pf_options_clear(&opt);
    uint64_t seed = size;
    int nargs = 0;
    for (char *arg = text; arg < text + size && nargs < MAX_ARGS; nargs++) {
        size_t len = strcspn(arg, "\n");
        arg[len] = '\0';
        len = strlen(arg); /* a NUL byte ends the argument early */
        add_option(&opt, arg);
        check_seating(arg);
        check_text(arg, len);
        seed = seed * 31 + len;
        arg += strlen(arg) + 1;
        while (arg < text + size && *arg == '\0')
            arg++;
    }
    check_games(&opt, seed);
    free(text);
    return 0;
}
