/* test_secrecy.c: what a bound session receives depends only on what its
 * seat may know (C-3), through the protocol: answers, steps and refusals.
 *
 * The pairs of worlds are pf_secrecy's second kind: two seeds whose setups
 * show the seat the same events, so the worlds differ only in what the seat
 * may not know (the hidden content and the future). Two sessions bound to
 * that seat, every other seat a bot, get the same requests; after each
 * round every answer must be the same in both, byte for byte, until the
 * rules show the seat different events (an outcome it sees, or a bot
 * choosing otherwise, which its public events show). Those events are told
 * by the rules replaying the match, not read from the answers: a protocol
 * that sent an event the seat may not see is caught as a leak. Beside each
 * session, a solo room (solo.h) for the same seat gets the same requests,
 * and asks for a meter (C-4) every round: its answers, its steps pushes and
 * a sync every round must agree too. */
#include <stdlib.h>
#include <string.h>

#include "partyfood/proto.h"
#include "partyfood/session.h"
#include "partyfood/solo.h"
#include "pf_test.h"

#define ROUNDS 40
#define SEED_TRIES 6000 /* seeds whose setups are compared */
#define PAIRS 4         /* pairs of worlds per seat */
#define SETUP_EVENTS 256

/* The setup's events that seed shows seat, as one text (caller frees). */
static char *setup_seen(const pf_game *g, int seats, uint64_t seed, int seat)
{
    pf_event buf[SETUP_EVENTS];
    pf_events ev = {buf, 0, SETUP_EVENTS, 0};
    void *st = malloc(g->state_size);
    assert_int_equal(pf_state_init_events(g, st, seats, NULL, seed, &ev, NULL), PF_E_OK);
    free(st);
    cJSON *seen = pf_proto_events(&ev, seat, NULL);
    char *text = cJSON_PrintUnformatted(seen);
    cJSON_Delete(seen);
    return text;
}

typedef struct seen_by_seed {
    uint64_t seed;
    char *text;
} seen_by_seed;

static int by_text(const void *a, const void *b)
{
    const seen_by_seed *x = a, *y = b;
    int c = strcmp(x->text, y->text);
    return c ? c : (x->seed > y->seed) - (x->seed < y->seed);
}

/* Up to max pairs of seeds whose setups show seat the same events (the
 * birthday way: sort many seeds' setups and take neighbours that agree).
 * Returns how many were found. */
static int twin_seeds(const pf_game *g, int seats, int seat, uint64_t pairs[][2], int max)
{
    seen_by_seed *all = malloc(SEED_TRIES * sizeof *all);
    for (int i = 0; i < SEED_TRIES; i++)
        all[i] = (seen_by_seed){(uint64_t)i + 1, setup_seen(g, seats, (uint64_t)i + 1, seat)};
    qsort(all, SEED_TRIES, sizeof *all, by_text);
    int n = 0;
    for (int i = 1; i < SEED_TRIES && n < max; i++)
        if (strcmp(all[i - 1].text, all[i].text) == 0) {
            pairs[n][0] = all[i - 1].seed;
            pairs[n++][1] = all[i].seed;
            i++; /* pairs apart from each other */
        }
    for (int i = 0; i < SEED_TRIES; i++)
        free(all[i].text);
    free(all);
    return n;
}

/* Appends text and a newline to *to. */
static void append_line(char **to, const char *fmt_step, int step, const char *text)
{
    size_t n = strlen(*to);
    *to = realloc(*to, n + strlen(text) + 16);
    if (fmt_step)
        sprintf(*to + n, fmt_step, step, text);
    else
        sprintf(*to + n, "%s\n", text);
}

/* Appends the session's answer to line to the round's text, and the
 * events of the steps it carries to *received, as seen_so_far writes
 * them. */
static void ask(pf_session *s, const char *line, char **answers, char **received)
{
    char *a = pf_session_handle(s, line, strlen(line));
    assert_non_null(a);
    append_line(answers, NULL, 0, a);
    cJSON *r = cJSON_Parse(a);
    const cJSON *st, *e;
    cJSON_ArrayForEach(st, cJSON_GetObjectItem(r, "steps"))
        cJSON_ArrayForEach(e, cJSON_GetObjectItem(st, "events"))
            append_line(received, "%d %s\n", cJSON_GetObjectItem(st, "step")->valueint,
                        cJSON_GetObjectItem(e, "text")->valuestring);
    cJSON_Delete(r);
    free(a);
}

/* Every event of the game so far that seat may see, as one text (caller
 * frees): told by the rules, replaying the match, not by the protocol,
 * whose messages are under test. */
static char *seen_so_far(const pf_match *m, int seat)
{
    const pf_game *g = m->game;
    pf_event buf[SETUP_EVENTS];
    pf_events ev = {buf, 0, SETUP_EVENTS, 0};
    void *st = malloc(g->state_size);
    assert_int_equal(pf_state_init_events(g, st, m->seats, &m->opt, m->seed, &ev, NULL),
                     PF_E_OK);
    char *text = calloc(1, 1);
    for (int i = -1; i < m->nsteps; i++) {
        if (i >= 0) {
            ev.n = 0;
            g->apply(st, m->steps[i].seat, m->steps[i].action, m->steps[i].t_ms, &ev);
        }
        for (int k = 0; k < ev.n; k++) {
            if (!pf_event_visible(&ev.buf[k], seat))
                continue;
            size_t n = strlen(text);
            text = realloc(text, n + strlen(ev.buf[k].text) + 8);
            sprintf(text + n, "%d %s\n", i, ev.buf[k].text);
        }
    }
    free(st);
    return text;
}

/* The requests of one round for seat, built from world 1 (the same in both
 * while they agree): what the seat reads, refusals, a plan and a hint, then
 * its move (a legal one when it may act; in real time a wait otherwise).
 * *reads gets the number of requests before that move. */
static int round_requests(const pf_session *s1, int seat, int64_t *t, char lines[][256],
                          int *reads)
{
    const pf_match *m = pf_session_match(s1);
    const pf_game *g = m->game;
    int n = 0;
    snprintf(lines[n++], 256, "{\"cmd\":\"view\",\"seat\":%d}", seat);
    snprintf(lines[n++], 256, "{\"cmd\":\"result\"}");
    snprintf(lines[n++], 256, "{\"cmd\":\"save\"}");
    snprintf(lines[n++], 256, "{\"cmd\":\"view\",\"seat\":%d}", (seat + 1) % m->seats);
    *reads = n;
    if (seat < 0)
        return n;
    snprintf(lines[n++], 256, "{\"cmd\":\"legal\",\"seat\":%d}", seat);
    snprintf(lines[n++], 256, "{\"cmd\":\"act\",\"seat\":%d,\"action\":\"nonsense\"}", seat);
    /* A plan and a hint with their reasons (or their refusals): from the
     * seat's view and the salt, never from the seed that differs. */
    snprintf(lines[n++], 256, "{\"cmd\":\"plan\",\"seat\":%d,\"bot\":\"medium\",\"salt\":%d}",
             seat, m->nsteps);
    snprintf(lines[n++], 256, "{\"cmd\":\"plan\",\"seat\":%d,\"hint\":true}", seat);
    if (g->real_time)
        *t += 350;
    *reads = n;
    pf_action legal[PF_MAX_LEGAL];
    int count = (g->to_act(m->state) >> seat & 1) ? g->legal(m->state, seat, legal, PF_MAX_LEGAL)
                                                  : 0;
    char name[96];
    if (count > 0) {
        g->name(m->state, legal[(m->nsteps * 7) % count], name, sizeof name);
        snprintf(lines[n++], 256, "{\"cmd\":\"act\",\"seat\":%d,\"action\":\"%s\",\"t\":%lld}",
                 seat, name, (long long)*t);
    } else if (g->real_time)
        snprintf(lines[n++], 256, "{\"cmd\":\"wait\",\"t\":%lld}", (long long)*t);
    return n;
}

typedef struct tally {
    int pairs, rounds, revealed, leaks;
} tally;

/* The solo room's answer and push to line, appended to the round's text
 * (a real-time "wait", which a room refuses, is its clock's tick). */
static void ask_solo(pf_solo *r, const char *line, int64_t t, char **answers)
{
    char *push = NULL, *a = NULL;
    if (strstr(line, "\"wait\""))
        push = pf_solo_tick(r, t);
    else
        a = pf_solo_handle(r, line, strlen(line), t, &push);
    if (a)
        append_line(answers, NULL, 0, a);
    if (push)
        append_line(answers, NULL, 0, push);
    free(a);
    free(push);
}

/* The pushes of the bots' moves due by t, each its own, as the page's clock
 * ticks them: the solo room's bots reply on its clock, after the person's
 * move. */
static void tick_solo(pf_solo *r, int64_t t, char **answers)
{
    char *push;
    for (int64_t due; (due = pf_solo_due(r)) >= 0 && due <= t && (push = pf_solo_tick(r, t));) {
        append_line(answers, NULL, 0, push);
        free(push);
    }
}

/* A meter asked of the solo room (C-4), appended as ask_solo does; its id
 * is drawn from the system, not the game, so it is blanked. */
static void ask_meter(pf_solo *r, int64_t t, char **answers)
{
    char *push = NULL, *a = pf_solo_handle(r, "{\"cmd\":\"meter\"}", 15, t, &push);
    char *id = a ? strstr(a, "\"meter\":{\"id\":\"") : NULL;
    if (id)
        memset(id + 15, '*', 16);
    append_line(answers, NULL, 0, a);
    assert_null(push);
    free(a);
}

/* Plays one pair of worlds for seat; fails the test at a leak. */
static void compare(const pf_game *g, int seats, int seat, uint64_t seed1, uint64_t seed2,
                    tally *tl)
{
    pf_session s[2];
    char line[512], seating[256] = "";
    for (int i = 0; i < seats; i++)
        snprintf(seating + strlen(seating), sizeof seating - strlen(seating), "%s\"%s\"",
                 i ? "," : "", i == seat ? "ana" : "random");
    char *answers[2], *moved[2], *received[2];
    pf_solo *solo[2] = {NULL, NULL}; /* a solo room needs its person: not for a spectator */
    for (int w = 0; w < 2; w++) {
        pf_session_init(&s[w]);
        pf_session_bind(&s[w], seat);
        answers[w] = calloc(1, 1);
        moved[w] = calloc(1, 1);
        received[w] = calloc(1, 1);
        snprintf(line, sizeof line,
                 "{\"cmd\":\"new\",\"game\":\"%s\",\"seed\":%llu,\"seating\":[%s]%s}",
                 g->id, (unsigned long long)(w ? seed2 : seed1), seating,
                 /* hints in a memory game come with the aid */
                 g->memory_game ? ",\"options\":{\"memory_aid\":true}" : "");
        ask(&s[w], line, &moved[w], &received[w]);
        char *error = NULL;
        if (seat >= 0) {
            /* The seats where the seating puts them: the order a room draws
             * (C-1) is public, so both worlds must agree on it. */
            char setup[sizeof line + 32];
            snprintf(setup, sizeof setup, "{\"fixed_order\":true,%s", line + 1);
            solo[w] = pf_solo_create(setup, strlen(setup), 0, &error);
            assert_non_null(solo[w]);
            ask_solo(solo[w], "{\"cmd\":\"hello\"}", 0, &moved[w]);
            tick_solo(solo[w], 0, &moved[w]);
        }
    }
    tl->pairs++;
    int64_t t = 0;
    for (int round = 0; round < ROUNDS; round++) {
        if (round > 0) {
            char lines[12][256];
            int reads, n = round_requests(&s[0], seat, &t, lines, &reads);
            for (int w = 0; w < 2; w++) {
                answers[w][0] = moved[w][0] = '\0';
                if (solo[w])
                    ask_meter(solo[w], t, &answers[w]);
                for (int k = 0; k < n; k++) {
                    char **to = k < reads ? &answers[w] : &moved[w];
                    ask(&s[w], lines[k], to, &received[w]);
                    if (solo[w])
                        ask_solo(solo[w], lines[k], t, to);
                }
                if (solo[w]) {
                    tick_solo(solo[w], t, &moved[w]);
                    char *sync = pf_solo_sync(solo[w], t);
                    append_line(&moved[w], NULL, 0, sync);
                    free(sync);
                }
            }
        }
        /* What the seat read before its move came from two worlds it could
         * not tell apart, whatever the move then showed it. */
        if (strcmp(answers[0], answers[1]) != 0) {
            tl->leaks++;
            fail_msg("%s: seat %d reads different answers in two worlds (seeds %llu and %llu) "
                     "that agree on all it may know, round %d:\n--- world 1\n%s--- world 2\n%s",
                     g->id, seat, (unsigned long long)seed1, (unsigned long long)seed2, round,
                     answers[0], answers[1]);
        }
        tl->rounds++;
        char *seen1 = seen_so_far(pf_session_match(&s[0]), seat);
        char *seen2 = seen_so_far(pf_session_match(&s[1]), seat);
        /* Every step reaches the seat once, with exactly its events. */
        if (strcmp(received[0], seen1) != 0)
            fail_msg("%s: seat %d was sent the events\n%s\nof steps that showed it\n%s", g->id,
                     seat, received[0], seen1);
        bool revealed = strcmp(seen1, seen2) != 0;
        free(seen1);
        free(seen2);
        if (revealed) {
            tl->revealed++;
            break;
        }
        if (strcmp(moved[0], moved[1]) != 0) {
            tl->leaks++;
            fail_msg("%s: seat %d receives different answers in two worlds (seeds %llu and "
                     "%llu) that agree on all it may know, round %d:\n--- world 1\n%s--- world "
                     "2\n%s",
                     g->id, seat, (unsigned long long)seed1, (unsigned long long)seed2, round,
                     moved[0], moved[1]);
        }
        if (pf_match_over(pf_session_match(&s[0]), NULL))
            break;
    }
    for (int w = 0; w < 2; w++) {
        free(answers[w]);
        free(moved[w]);
        free(received[w]);
        pf_session_fini(&s[w]);
        pf_solo_destroy(solo[w]);
    }
}

static void a_bound_seat_learns_only_what_it_may(void **state)
{
    (void)state;
    for (int i = 0; i < pf_game_count(); i++) {
        const pf_game *g = pf_game_at(i);
        tally tl = {0};
        for (int seats = g->min_seats; seats <= g->max_seats && seats <= 3; seats++)
            for (int seat = PF_SEAT_SPECTATOR; seat < seats; seat++)
            {
                uint64_t pairs[PAIRS][2];
                int n = twin_seeds(g, seats, seat, pairs, PAIRS);
                for (int k = 0; k < n; k++)
                    compare(g, seats, seat, pairs[k][0], pairs[k][1], &tl);
            }
        print_message("%s: %d pairs of worlds, %d rounds compared, %d ended by a reveal\n",
                      g->id, tl.pairs, tl.rounds, tl.revealed);
        assert_true(tl.pairs > 0);
        assert_true(tl.rounds > tl.pairs); /* more than the first answers compared */
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_bound_seat_learns_only_what_it_may),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
