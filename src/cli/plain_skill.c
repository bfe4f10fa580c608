/* plain_skill.c: skill in the line mode (ruling C-4); see plain_skill.h.
 *
 * A skill action is one whose game gives it a skill number (skill_error);
 * its name ends in that number ("toss 0.50", "stack cup -1.25") and the
 * rest of the name is its kind. The meter covers the numbers the legal list
 * shows for the kind, so the line mode needs nothing of any game. */
#include "cli/plain_skill.h"

#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define METER_PERIOD_MS 2400 /* low to high and back, like the terminal client's flick */
#define METER_WIDTH 41
#define FRAME_MS 30

int64_t plain_steady_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void plain_skill_init(plain_skill *k, FILE *in, FILE *out, uint64_t seed)
{
    const char *term = getenv("TERM");
    k->meter = isatty(fileno(in)) && isatty(fileno(out)) && term && *term &&
               strcmp(term, "dumb") != 0;
    k->clock = plain_steady_ms;
    /* The game's seed is known to whoever started it: mix in the moment. */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    pf_rng_seed(&k->hand, pf_seed_derive(seed, (uint64_t)ts.tv_sec * 1000000000u +
                                                   (uint64_t)ts.tv_nsec));
}

/* True when a carries a skill number in game g. */
static bool is_skill(const pf_game *g, pf_action a)
{
    pf_rng still;
    pf_action same;
    pf_rng_seed(&still, 0);
    return g->skill_error && g->skill_error(a, 0, &still, &same);
}

/* Splits a skill action's name into its kind and its number; false when
 * the name does not end in a number. */
static bool split(const char *name, char *kind, size_t n, double *number)
{
    const char *sp = strrchr(name, ' ');
    char *end;
    if (!sp || (size_t)(sp - name) >= n)
        return false;
    *number = strtod(sp + 1, &end);
    if (end == sp + 1 || *end)
        return false;
    memcpy(kind, name, (size_t)(sp - name));
    kind[sp - name] = '\0';
    return true;
}

int plain_choices(const pf_match *m, int seat, plain_choice *out, int cap)
{
    const pf_game *g = m->game;
    pf_action legal[PF_MAX_LEGAL];
    int n = g->legal(m->state, seat, legal, PF_MAX_LEGAL), k = 0;
    for (int i = 0; i < n && k < cap; i++) {
        plain_choice c = {legal[i], false, ""};
        char name[96];
        double number;
        g->name(m->state, legal[i], name, sizeof name);
        snprintf(c.name, sizeof c.name, "%s", name);
        if (is_skill(g, legal[i]) && split(name, c.name, sizeof c.name, &number)) {
            c.skill = true;
            bool seen = false;
            for (int j = 0; j < k && !seen; j++)
                seen = out[j].skill && strcmp(out[j].name, c.name) == 0;
            if (seen)
                continue;
        }
        out[k++] = c;
    }
    return k;
}

/* The meter for kind: the range of the numbers seat's legal list shows. */
static void meter_for(const pf_match *m, int seat, const char *kind, plain_meter *mt)
{
    const pf_game *g = m->game;
    pf_action legal[PF_MAX_LEGAL];
    int n = g->legal(m->state, seat, legal, PF_MAX_LEGAL);
    bool any = false;
    for (int i = 0; i < n; i++) {
        char name[96], k[96];
        double x;
        g->name(m->state, legal[i], name, sizeof name);
        if (!is_skill(g, legal[i]) || !split(name, k, sizeof k, &x) || strcmp(k, kind) != 0)
            continue;
        mt->lo = any && mt->lo < x ? mt->lo : x;
        mt->hi = any && mt->hi > x ? mt->hi : x;
        any = true;
    }
    mt->period_ms = METER_PERIOD_MS;
    snprintf(mt->kind, sizeof mt->kind, "%s", kind);
}

double plain_meter_value(const plain_meter *m, int64_t elapsed)
{
    double ph = (double)(elapsed % m->period_ms) / m->period_ms;
    double u = ph < 0.5 ? 2 * ph : 2 - 2 * ph;
    return m->lo + (m->hi - m->lo) * u;
}

static void draw(const plain_meter *m, double v, FILE *out)
{
    char bar[METER_WIDTH + 1];
    int at = m->hi > m->lo ? (int)((v - m->lo) / (m->hi - m->lo) * (METER_WIDTH - 1) + 0.5) : 0;
    for (int i = 0; i < METER_WIDTH; i++)
        bar[i] = i == at ? '#' : i < at ? '=' : '.';
    bar[METER_WIDTH] = '\0';
    fprintf(out, "\r%s: [%s] %5.2f   Enter stops it ", m->kind, bar, v);
    fflush(out);
}

int plain_meter_run(const plain_meter *m, FILE *in, FILE *out, int64_t (*clock)(void),
                    double *value, int64_t *stopped)
{
    int64_t start = clock();
    for (;;) {
        draw(m, plain_meter_value(m, clock() - start), out);
        struct pollfd p = {fileno(in), POLLIN, 0};
        if (poll(&p, 1, FRAME_MS) == 0)
            continue;
        /* The moment the key came is the person's timing. */
        *stopped = clock();
        *value = plain_meter_value(m, *stopped - start);
        char line[256];
        if (!fgets(line, sizeof line, in))
            return -1;
        fprintf(out, "  stopped at %.2f\n", *value); /* Enter moved to a new line */
        return 1;
    }
}

int plain_skill_read(plain_skill *k, const pf_match *m, int seat, const char *line, FILE *in,
                     FILE *out, pf_action *a, int64_t *stopped)
{
    const pf_game *g = m->game;
    if (!g->skill_error)
        return 0;
    plain_choice *c = malloc(PF_MAX_LEGAL * sizeof *c);
    if (!c)
        return 0; /* read as a plain action */
    int n = plain_choices(m, seat, c, PF_MAX_LEGAL);
    char kind[96] = "", *end;
    pf_action aim = 0;
    bool aimed = false;
    double number;
    for (int i = 0; i < n && !kind[0]; i++) /* a kind alone: "toss" */
        if (c[i].skill && strcmp(c[i].name, line) == 0)
            snprintf(kind, sizeof kind, "%s", line);
    long pick = strtol(line, &end, 10);
    if (!kind[0] && end != line && *end == '\0') { /* a number from the list */
        if (pick >= 1 && pick <= n && c[pick - 1].skill)
            snprintf(kind, sizeof kind, "%s", c[pick - 1].name);
    } else if (!kind[0] && g->parse(m->state, line, &aim) == PF_E_OK && is_skill(g, aim)) {
        char name[96];
        g->name(m->state, aim, name, sizeof name);
        aimed = split(name, kind, sizeof kind, &number);
    }
    bool listed = false;
    for (int i = 0; i < n; i++)
        listed |= c[i].skill && strcmp(c[i].name, kind) == 0;
    free(c);
    if (!kind[0] || !listed) /* no skill action the seat may play: read as usual */
        return 0;
    plain_meter mt;
    meter_for(m, seat, kind, &mt);
    *stopped = -1;
    if (k->meter) {
        if (aimed)
            fprintf(out, "  Your timing sets the number, not the one typed:\n");
        double v;
        if (plain_meter_run(&mt, in, out, k->clock, &v, stopped) < 0) {
            *stopped = -2;
            return -1;
        }
        char name[128];
        snprintf(name, sizeof name, "%s %.2f", kind, v);
        if (g->parse(m->state, name, a) == PF_E_OK)
            return 1;
        fprintf(out, "  '%s' is not an action here.\n", name);
        return -1;
    }
    if (!aimed && g->parse(m->state, kind, &aim) != PF_E_OK) {
        fprintf(out, "  Name your aim: '%s N' with N from %.2f to %.2f; your hand wobbles "
                     "around it.\n", kind, mt.lo, mt.hi);
        return -1;
    }
    char name[96], k2[96];
    g->name(m->state, aim, name, sizeof name);
    if (split(name, k2, sizeof k2, &number))
        fprintf(out, "  You aim at %.2f; your hand wobbles a little.\n", number);
    g->skill_error(aim, 1, &k->hand, a);
    return 1;
}

void plain_skill_help(const plain_skill *k, const plain_choice *c, int n, FILE *out)
{
    for (int i = 0; i < n; i++)
        if (c[i].skill) {
            if (k->meter)
                fprintf(out, "'%s' starts a meter: press Enter to stop it, your timing sets "
                             "the number.\n", c[i].name);
            else
                fprintf(out, "'%s N' aims at N; your hand wobbles around it like an average "
                             "player's.\n", c[i].name);
            return;
        }
}
