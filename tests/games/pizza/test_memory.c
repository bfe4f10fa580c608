/* test_memory.c: what Pizza Party shows and keeps (PIZ-7, C-3): the piece
 * just turned over, the public history of reveals, nothing face down, and
 * a resample that keeps every seen piece and redraws only the others. */
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
 * and every earlier reveal of a face-down cell under "seen". */
static void test_last_and_seen(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pizza_state *s = pizza_scenario(2, GRID_ALL, "");
    cJSON *v = view(s, 0);
    assert_int_equal(last_cell(v), -1);
    assert_null(cJSON_GetObjectItem(v, "seen")->child);
    cJSON_Delete(v);

    pizza_play(g, s, "0:flip 0, 1:flip 1", NULL);
    v = view(s, 0);
    const cJSON *last = cJSON_GetObjectItem(v, "last");
    assert_int_equal(last_cell(v), 1);
    assert_string_equal(cJSON_GetObjectItem(last, "piece")->valuestring, "onion");
    assert_int_equal(cJSON_GetObjectItem(last, "seat")->valueint, 1);
    assert_string_equal(cJSON_GetObjectItem(last, "rule")->valuestring, "b");
    const cJSON *seen = cJSON_GetObjectItem(v, "seen");
    assert_string_equal(cJSON_GetObjectItem(seen, "1")->valuestring, "onion");
    assert_null(cJSON_GetObjectItem(seen, "0")); /* placed: no longer on the table */
    const cJSON *grid = cJSON_GetObjectItem(v, "grid");
    assert_string_equal(cJSON_GetArrayItem(grid, 0)->valuestring, "empty");
    assert_string_equal(cJSON_GetArrayItem(grid, 1)->valuestring, "down");
    cJSON_Delete(v);

    /* Seat 0 still sees the last piece on its own turn, until it flips. */
    pizza_play(g, s, "0:flip 12", NULL);
    v = view(s, 1);
    assert_int_equal(last_cell(v), 12);
    seen = cJSON_GetObjectItem(v, "seen");
    assert_string_equal(cJSON_GetObjectItem(seen, "1")->valuestring, "onion");
    assert_string_equal(cJSON_GetObjectItem(seen, "12")->valuestring, "mushroom");
    assert_int_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(v, "seen_turn"), "12")->valueint,
                     2);
    assert_int_equal(cJSON_GetArraySize(seen), 2);
    cJSON_Delete(v);

    /* A seen cell turned over again and placed leaves "seen". */
    pizza_play(g, s, "1:flip 12", NULL);
    v = view(s, 0);
    seen = cJSON_GetObjectItem(v, "seen");
    assert_null(cJSON_GetObjectItem(seen, "12"));
    assert_int_equal(cJSON_GetArraySize(seen), 1);
    cJSON_Delete(v);
    test_free(s);
}

/* C-3: no view but the god view names a piece never turned over; all seats
 * see the same (everything in Pizza Party is public or hidden from all). */
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

    /* Mid-game, the views of the seats differ only in "you". */
    pizza_play(g, s, "0:flip 0, 1:flip 1, 2:flip 30", NULL);
    char *texts[4];
    for (int seat = -1; seat < 3; seat++) {
        cJSON *v = view(s, seat);
        cJSON_DeleteItemFromObject(v, "you");
        texts[seat + 1] = cJSON_PrintUnformatted(v);
        cJSON_Delete(v);
        assert_null(strstr(texts[seat + 1], "pepper"));
    }
    for (int i = 1; i < 4; i++)
        assert_string_equal(texts[0], texts[i]);
    for (int i = 0; i < 4; i++)
        free(texts[i]);
    test_free(s);
}

/* PIZ-7: every reveal is a public event naming the cell and the piece. */
static void test_events(void **state)
{
    (void)state;
    const pf_game *g = pf_test_game("pizza");
    pizza_state *s = pizza_scenario(2, GRID_ALL, "0:flip 0");
    pf_event buf[16];
    pf_events ev = {buf, 0, 16, 0};
    pizza_play(g, s, "1:flip 1, 0:flip 24, 0:switch blue", &ev);
    static const char *const want[][2] = {
        {"flip", "seat 1 turned over cell 1: onion"},
        {"back", "seat 1 put the onion back: it is the red slice's kind (rule b)"},
        {"flip", "seat 0 turned over cell 24: red switch"},
        {"choose", "seat 0 turned over their own colour and picks a slice to switch with "
                   "(rule e)"},
        {"switch", "seat 0 now has the blue slice (0 toppings), an imaginary seat the red "
                   "slice"},
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
    assert_non_null(strstr(buf, "seat 1 to turn over a piece"));
    assert_non_null(strstr(buf, "red    seat 0      onion x1"));
    assert_non_null(strstr(buf, "yellow seat 1 (you) empty"));
    assert_non_null(strstr(buf, "green  imaginary   empty"));
    assert_non_null(strstr(buf, "\n  0  .. ## ## ## ## ## ## ##\n"));  /* onion 1 forgotten */
    assert_non_null(strstr(buf, "\n  8  ## ## ## ## MU ## ## ##\n"));  /* the last piece */
    assert_non_null(strstr(buf, "Last: seat 0 turned over cell 12: mushroom (rule c')"));
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
        cmocka_unit_test(test_last_and_seen),
        cmocka_unit_test(test_no_hidden_information),
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_render),
        cmocka_unit_test(test_resample_keeps_what_was_seen),
        cmocka_unit_test(test_resample_ignores_hidden_content),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
