/* test_memory.c: what Pizza Party shows and keeps (PIZ-7, C-3): the piece
 * just turned over, no memory of earlier reveals in any view (they are in
 * the events), nothing face down, and a resample that keeps every seen
 * piece and redraws only the others. */
#include "pizza_scenario.h"

/* The view of seat as a cJSON object (caller deletes). */
static cJSON *view(const void *s, int seat)
{
    return pf_state_view(pf_test_game("pizza"), s, seat);
}

/* view["last"]["cell"], or -1 when "last" is null. */
static int last_cell(const cJSON *v)
{
    const cJSON *last = cJSON_GetObjectItem(v, "last");
    return cJSON_IsObject(last) ? cJSON_GetObjectItem(last, "cell")->valueint : -1;
}

/* PIZ-7: the view shows the piece just turned over until the next one is,
 * and no earlier reveal: remembering them is the game, so the view carries
 * no memory ("seen" and "seen_turn" are gone; the reveals stay in the
 * public events). */
static void test_last_and_no_memory(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pizza_state *s = pizza_scenario(2, GRID_ALL, "");
    cJSON *v = view(s, 0);
    assert_int_equal(last_cell(v), -1);
    cJSON_Delete(v);

    pizza_play(g, s, "0:flip 0, 1:flip 1", NULL);
    v = view(s, 0);
    const cJSON *last = cJSON_GetObjectItem(v, "last");
    assert_int_equal(last_cell(v), 1);
    assert_string_equal(cJSON_GetObjectItem(last, "piece")->valuestring, "onion");
    assert_int_equal(cJSON_GetObjectItem(last, "seat")->valueint, 1);
    assert_string_equal(cJSON_GetObjectItem(last, "rule")->valuestring, "b");
    const cJSON *grid = cJSON_GetObjectItem(v, "grid");
    assert_string_equal(cJSON_GetArrayItem(grid, 0)->valuestring, "empty");
    assert_string_equal(cJSON_GetArrayItem(grid, 1)->valuestring, "down");
    cJSON_Delete(v);

    /* Seat 0 still sees the last piece on its own turn, until it flips;
     * then the onion in cell 1, put back, is nowhere in any view. */
    pizza_play(g, s, "0:flip 12", NULL);
    assert_true(s->seen >> 1 & 1); /* the state keeps it, for bots */
    for (int seat = PF_SEAT_SPECTATOR; seat < 2; seat++) {
        v = view(s, seat);
        assert_int_equal(last_cell(v), 12);
        assert_null(cJSON_GetObjectItem(v, "seen"));
        assert_null(cJSON_GetObjectItem(v, "seen_turn"));
        cJSON_DeleteItemFromObject(v, "slices"); /* the onion of cell 0 is on one */
        char *text = cJSON_PrintUnformatted(v);
        assert_null(strstr(text, "onion"));
        free(text);
        cJSON_Delete(v);
    }
    test_free(s);
}

/* C-3: no view but the god view names a piece never turned over, and
 * nothing a seat receives depends on hidden content, future chance or
 * earlier reveals (the secrecy property, with a second world where the
 * seat remembers nothing: resample_forgetful), through whole games. */
static void test_no_hidden_information(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pizza_state *s = pizza_scenario(3, GRID_ALL, "");
    static const char *const pieces[] = {"onion", "pepper", "mushroom", "pepperoni",
                                         "switch\"", "hidden"};
    for (int seat = -1; seat < 3; seat++) {
        char *text = pf_test_view_text(g, s, seat);
        for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++)
            if (strstr(text, pieces[i]))
                fail_msg("seat %d's view shows '%s': %s", seat, pieces[i], text);
        free(text);
    }
    cJSON *god = view(s, PF_SEAT_GOD);
    const cJSON *hidden = cJSON_GetObjectItem(god, "hidden");
    assert_int_equal(cJSON_GetArraySize(hidden), 32);
    assert_string_equal(cJSON_GetArrayItem(hidden, 6)->valuestring, "pepper");
    cJSON_Delete(god);
    test_free(s);

    static const char *const configs[] = {GRID_ALL, "", "kinds=2;extra_slices=false"};
    pf_secrecy_stats stats = {0};
    char why[16384];
    pf_action legal[PF_MAX_LEGAL];
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            pf_rng rng;
            pf_rng_seed(&rng, seed);
            int seats = strstr(configs[c], "kinds=2") ? 2 : 2 + (int)(seed % 3);
            s = pf_test_new(g, seats, configs[c], seed);
            while (!g->over(s, NULL)) {
                if (!pf_test_secrecy(g, s, s->seats, 0, &rng, &stats, why, sizeof why))
                    fail_msg("%s", why);
                int n = g->legal(s, s->to_move, legal, PF_MAX_LEGAL);
                g->apply(s, s->to_move, legal[pf_rng_below(&rng, (uint32_t)n)], 0, NULL);
            }
            test_free(s);
        }
    assert_true(stats.revealed > 0);
}

/* PIZ-7: every reveal is a public event naming the cell and the piece;
 * texts count seats from 1 (the state's seat 0 is "seat 1"). */
static void test_events(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pizza_state *s = pizza_scenario(2, GRID_ALL, "0:flip 0");
    pf_event buf[16];
    pf_events ev = {buf, 0, 16, 0};
    pizza_play(g, s, "1:flip 1, 0:flip 24, 0:switch blue", &ev);
    static const char *const want[][2] = {
        {"flip", "seat 2 turned over cell 1: onion"},
        {"back", "seat 2 put the onion back: it is the red slice's kind (rule b)"},
        {"flip", "seat 1 turned over cell 24: red switch"},
        {"choose", "seat 1 turned over their own colour and picks a slice to switch with "
                   "(rule e)"},
        {"switch", "seat 1 now has the blue slice (0 toppings), and an imaginary seat has "
                   "the red slice"},
    };
    assert_int_equal(ev.n, 5);
    for (int i = 0; i < ev.n; i++) {
        assert_int_equal(buf[i].to, -1);
        assert_string_equal(buf[i].kind, want[i][0]);
        assert_string_equal(buf[i].text, want[i][1]);
    }
    test_free(s);
}

/* The picture shows the piece just turned over in its cell and nothing
 * else face down. */
static void test_render(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pizza_state *s = pizza_scenario(2, GRID_ALL, "0:flip 0, 1:flip 1, 0:flip 12");
    char buf[2048];
    g->render(s, 1, buf, sizeof buf);
    assert_non_null(strstr(buf, "seat 2 to turn over a piece"));
    assert_non_null(strstr(buf, "red    seat 1       onion x1"));
    assert_non_null(strstr(buf, "yellow seat 2 (you) empty"));
    assert_non_null(strstr(buf, "green  imaginary    empty"));
    assert_non_null(strstr(buf, "\n  0  .. ## ## ## ## ## ## ##\n"));  /* onion 1 forgotten */
    assert_non_null(strstr(buf, "\n  8  ## ## ## ## MU ## ## ##\n"));  /* the last piece */
    assert_non_null(strstr(buf, "Last: seat 1 turned over cell 12: mushroom (rule c')"));
    /* A tiny buffer is truncated, not overrun. */
    char small[16];
    g->render(s, 1, small, sizeof small);
    assert_int_equal(strlen(small), sizeof small - 1);
    test_free(s);

    /* With the memory aid, earlier reveals still face down show too. */
    s = pizza_scenario(2, "memory_aid=true;" GRID_ALL, "0:flip 0, 1:flip 1, 0:flip 12");
    g->render(s, 1, buf, sizeof buf);
    assert_non_null(strstr(buf, "\n  0  .. on ## ## ## ## ## ##\n"));
    assert_non_null(strstr(buf, "\n  8  ## ## ## ## MU ## ## ##\n"));
    test_free(s);
}

/* Counts of each piece over the face-down cells. */
static void count_down(const pizza_state *s, int counts[8])
{
    memset(counts, 0, 8 * sizeof counts[0]);
    for (uint32_t d = s->down; d; d &= d - 1)
        counts[s->cell[__builtin_ctz(d)]]++;
}

/* PIZ-7 resample: seen pieces stay in their cells, empty cells stay empty,
 * the never-seen pieces are the same multiset over the never-seen cells,
 * the views do not change, and the layout of never-seen cells varies. */
static void test_resample_keeps_what_was_seen(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pizza_state *s = pizza_scenario(2, GRID_ALL,
                                    "0:flip 0, 1:flip 1, 0:flip 12, 1:flip 26,"
                                    " 1:switch green, 0:flip 19");
    assert_int_equal(s->seen, (1u << 1) | (1u << 12) | (1u << 19));
    int before[8], after[8];
    count_down(s, before);
    char *v0 = pf_test_view_text(g, s, 0);
    pf_rng rng;
    pf_rng_seed(&rng, 5);
    int varied = 0;
    for (int k = 0; k < 50; k++) {
        pizza_state r = *s;
        g->resample(&r, k % 2, &rng);
        assert_int_equal(r.cell[1], 0);
        assert_int_equal(r.cell[12], 2);
        assert_int_equal(r.cell[19], 3);
        assert_int_equal(r.cell[0], PIZZA_NONE);
        assert_int_equal(r.cell[26], PIZZA_NONE);
        count_down(&r, after);
        assert_memory_equal(before, after, sizeof before);
        char *v = pf_test_view_text(g, &r, 0);
        assert_string_equal(v0, v);
        free(v);
        varied += memcmp(r.cell, s->cell, sizeof r.cell) != 0;
        /* Everything but the cells and the generator is untouched. */
        r.rng = s->rng;
        memcpy(r.cell, s->cell, sizeof r.cell);
        assert_memory_equal(&r, s, sizeof r);
    }
    assert_true(varied > 45);
    free(v0);
    test_free(s);
}

/* Resample depends on public history and the generator only: two games
 * whose grids differ in never-seen cells resample to the same state. */
static void test_resample_ignores_hidden_content(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    /* GRID_ALL with pepperoni 23 and the blue switch 30 exchanged. */
    const char *other =
        "grid=on,on,on,on,on,on,pe,pe, pe,pe,pe,pe,mu,mu,mu,mu,"
        " mu,mu,pp,pp,pp,pp,pp,sb, sr,sr,sy,sy,sg,sg,pp,sb";
    const char *script = "0:flip 0, 1:flip 1, 0:flip 12, 1:flip 6";
    pizza_state *a = pf_test_new(g, 2, GRID_ALL, 1);
    pizza_state *b = pf_test_new(g, 2, other, 2);
    pizza_play(g, a, script, NULL);
    pizza_play(g, b, script, NULL);
    assert_memory_not_equal(a->cell, b->cell, sizeof a->cell);
    for (int seat = 0; seat < 2; seat++) {
        pf_rng ra, rb;
        pf_rng_seed(&ra, 77 + (uint64_t)seat);
        pf_rng_seed(&rb, 77 + (uint64_t)seat);
        pizza_state x = *a, y = *b;
        g->resample(&x, seat, &ra);
        g->resample(&y, seat, &rb);
        assert_memory_equal(&x, &y, sizeof x);
    }
    test_free(a);
    test_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_last_and_no_memory),
        cmocka_unit_test(test_no_hidden_information),
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_render),
        cmocka_unit_test(test_resample_keeps_what_was_seen),
        cmocka_unit_test(test_resample_ignores_hidden_content),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
