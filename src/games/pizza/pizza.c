/* pizza.c: the rules of Pizza Party (rulebook pizza-party.txt, rulings PIZ-1..7).
 *
 * The game in our words. Four pizza slices with red, yellow, green and blue
 * handles; 24 toppings (6 each of onion, pepper, mushroom, pepperoni) and 8
 * switch pieces (2 per handle colour) lie face down in a grid of 8 columns
 * (PIZ-1). Seat p starts with slice p; with fewer than 4 players the other
 * slices lie in front of imaginary seats and take part like any other slice
 * (PIZ-2). On a turn the player turns over a face-down cell and everyone sees
 * the piece (PIZ-3):
 *   a  a topping of a kind on no slice, own slice empty: it goes on the slice;
 *   b  a topping of a kind lying on another slice: it goes back face down;
 *   c  a topping of the own slice's kind: it goes on the slice;
 *   c' a topping of a kind on no slice, own slice holds another kind: back;
 *   d  a switch of another slice's colour: the player swaps slices (toppings
 *      and all) with that slice, wherever it lies, and the piece leaves;
 *   e  a switch of the own slice's colour: the piece leaves and the same
 *      player then picks any other slice to swap with (a second action).
 * Then the next seat (seat + 1) plays. Whoever's slice reaches 6 toppings
 * wins at once; after 1000 turns the game stops with no winner (PIZ-4).
 * Options for simpler play (PIZ-5): no extra slices (and then only the
 * switch pieces of slices in play), 2 or 3 topping kinds, no switch pieces;
 * a combination with fewer kinds than slices is refused. Every reveal is
 * public history (PIZ-7): `seen` records face-down cells shown before.
 *
 * State encoding: see pizza.h. Cells are a 32-bit set of face-down cells
 * and one byte per cell; actions are 0..31 (flip a cell) and 32..35 (pick
 * a slice after rule e), so a turn is a handful of byte operations and a
 * playout never allocates. The generator draws only the shuffle at setup;
 * the rest of the game has no chance. */
#include "games/pizza/pizza.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

const char *const pizza__kind_name[PIZZA_KINDS] = {"onion", "pepper", "mushroom", "pepperoni"};
const char *const pizza__colour_name[PIZZA_SLICES] = {"red", "yellow", "green", "blue"};

/* Grid codes for the `grid` option, by piece (full names are accepted too). */
static const char *const piece_code[8] = {"on", "pe", "mu", "pp", "sr", "sy", "sg", "sb"};

const char *pizza__piece_name(uint8_t piece)
{
    static const char *const sw[PIZZA_SLICES] = {"red switch", "yellow switch", "green switch",
                                                 "blue switch"};
    if (piece >= 8)
        return "nothing";
    return PIZZA_IS_TOPPING(piece) ? pizza__kind_name[piece] : sw[piece - 4];
}

const char *pizza__rule_name(uint8_t rule)
{
    static const char *const names[] = {"", "a", "b", "c", "c'", "d", "e"};
    return rule < sizeof names / sizeof names[0] ? names[rule] : "";
}

/* ---- setup -------------------------------------------------------------- */

/* Reads one grid code ("on", "onion", "sr", "red", ...); -1 when unknown. */
static int parse_piece(const char *s, size_t len)
{
    char w[16];
    if (len == 0 || len >= sizeof w)
        return -1;
    for (size_t i = 0; i < len; i++)
        w[i] = (char)tolower((unsigned char)s[i]);
    w[len] = '\0';
    for (int p = 0; p < 8; p++)
        if (strcmp(w, piece_code[p]) == 0)
            return p;
    for (int k = 0; k < PIZZA_KINDS; k++)
        if (strcmp(w, pizza__kind_name[k]) == 0)
            return k;
    for (int c = 0; c < PIZZA_SLICES; c++)
        if (strcmp(w, pizza__colour_name[c]) == 0)
            return PIZZA_SWITCH(c);
    return -1;
}

/* Fills the grid from the `grid` option: exactly the pieces in play (per
 * piece type, `want`), one per cell, row by row. */
static pf_err parse_grid(pizza_state *s, const char *text, const int want[8], pf_error *err)
{
    int got[8] = {0}, n = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        const char *start = p;
        while (*p && *p != ',' && *p != ' ' && *p != '\t')
            p++;
        int piece = parse_piece(start, (size_t)(p - start));
        if (piece < 0)
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "grid: piece %d '%.*s' is not a piece code (on, pe, mu, pp, "
                                "sr, sy, sg, sb)",
                                n, (int)(p - start < 20 ? p - start : 20), start);
        if (n >= s->ncells)
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "grid: more than %d pieces; these options put %d in play",
                                s->ncells, s->ncells);
        s->cell[n++] = (uint8_t)piece;
        got[piece]++;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        if (*p != ',')
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "grid: pieces are separated by commas (after piece %d)", n - 1);
        p++;
    }
    if (n != s->ncells)
        return pf_error_set(err, PF_E_BAD_OPTION,
                            "grid: %d pieces given; these options put %d in play", n, s->ncells);
    for (int piece = 0; piece < 8; piece++)
        if (got[piece] != want[piece])
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "grid: %d pieces '%s' given; these options put %d in play",
                                got[piece], piece_code[piece], want[piece]);
    return PF_E_OK;
}

/* Sets up a game: options, slices in front of their seats, pieces shuffled
 * (or laid out by the `grid` option) into cells 0..ncells-1. */
static pf_err pizza_init(void *vst, int seats, const pf_options *opt, uint64_t seed, pf_events *ev,
                         pf_error *err)
{
    (void)ev; /* the shuffle is the starting table: no step is played */
    pizza_state *s = vst;
    bool extra, switches, memory_aid;
    int kinds;
    pf_err e;
    if ((e = pf_options_bool(opt, "extra_slices", true, &extra, err)) != PF_E_OK ||
        (e = pf_options_int(opt, "kinds", 4, 2, PIZZA_KINDS, &kinds, err)) != PF_E_OK ||
        (e = pf_options_bool(opt, "switches", true, &switches, err)) != PF_E_OK ||
        (e = pf_options_bool(opt, "memory_aid", false, &memory_aid, err)) != PF_E_OK)
        return e;
    int nslices = extra ? PIZZA_SLICES : seats;
    if (kinds < nslices)
        return pf_error_set(err, PF_E_BAD_OPTION,
                            "kinds=%d is too few for %d slices in play: PIZ-5 needs at "
                            "least as many topping kinds as slices (with 2 or 3 players, "
                            "extra_slices=false leaves the imaginary slices out)",
                            kinds, nslices);

    memset(s, 0, sizeof *s);
    pf_rng_seed(&s->rng, seed);
    s->seats = (uint8_t)seats;
    s->nslices = (uint8_t)nslices;
    s->kinds = (uint8_t)kinds;
    s->switches = switches;
    s->memory_aid = memory_aid;
    int want[8] = {0};
    for (int k = 0; k < kinds; k++)
        want[k] = PIZZA_PER_KIND;
    for (int c = 0; switches && c < nslices; c++)
        want[PIZZA_SWITCH(c)] = PIZZA_PER_COLOUR;
    int n = 0;
    for (int piece = 0; piece < 8; piece++)
        n += want[piece];
    assert(n <= PIZZA_CELLS);
    s->ncells = (uint8_t)n;

    const char *grid = pf_options_get(opt, "grid");
    if (grid && *grid) {
        if ((e = parse_grid(s, grid, want, err)) != PF_E_OK)
            return e;
    } else {
        n = 0;
        for (int piece = 0; piece < 8; piece++)
            for (int i = 0; i < want[piece]; i++)
                s->cell[n++] = (uint8_t)piece;
        pf_rng_shuffle_u8(&s->rng, s->cell, n);
    }
    memset(s->cell + s->ncells, PIZZA_NONE, PIZZA_CELLS - s->ncells);
    s->down = s->ncells == 32 ? UINT32_MAX : (1u << s->ncells) - 1;
    for (int i = 0; i < s->ncells; i++)
        s->down_list[i] = (uint8_t)i;
    s->down_n = s->ncells;

    memset(s->slice_kind, PIZZA_NONE, sizeof s->slice_kind);
    memset(s->kind_slice, PIZZA_NONE, sizeof s->kind_slice);
    memset(s->at, PIZZA_NONE, sizeof s->at);
    memset(s->pos, PIZZA_NONE, sizeof s->pos);
    for (int i = 0; i < nslices; i++)
        s->at[i] = s->pos[i] = (uint8_t)i;
    s->winner = s->last_cell = s->last_piece = s->last_seat = PIZZA_NONE;
    s->last_rule = PIZZA_RULE_NONE;
    return PF_E_OK;
}

/* ---- play --------------------------------------------------------------- */

/* The seat to move, as a bit set; 0 once the game is over. */
static uint32_t pizza_to_act(const void *vst)
{
    const pizza_state *s = vst;
    return s->ended ? 0 : 1u << s->to_move;
}

/* PIZ-6: every face-down cell, or after rule e every other slice in play. */
static int pizza_legal(const void *vst, int seat, pf_action *out, int cap)
{
    const pizza_state *s = vst;
    assert(cap >= PIZZA_CELLS);
    (void)cap;
    if (s->ended || seat != s->to_move)
        return 0;
    int n = 0;
    if (s->choosing) {
        for (int j = 0; j < s->nslices; j++)
            if (j != s->at[seat])
                out[n++] = PIZZA_PICK(j);
        return n;
    }
    /* down_list holds them ascending: all 32 entries widened (out has room
     * for them; those past down_n are not the list's), from a local copy,
     * which out cannot alias, so that the compiler vectorizes the loop */
    uint8_t list[PIZZA_CELLS];
    memcpy(list, s->down_list, sizeof list);
    for (int i = 0; i < PIZZA_CELLS; i++)
        out[i] = list[i];
    return s->down_n;
}

/* pizza_legal's action at index pf_rng_scale(r, its count): a face-down
 * cell from the list, or another slice. */
PF_INLINE pf_action pizza_legal_pick(const void *vst, int seat, uint32_t r)
{
    const pizza_state *s = vst;
    if (s->choosing) {
        int j = (int)pf_rng_scale(r, s->nslices - 1u);
        return PIZZA_PICK(j + (j >= s->at[seat]));
    }
    return PIZZA_FLIP(s->down_list[pf_rng_scale(r, s->down_n)]);
}

/* Removes entry `at` from down_list, the ones after it moving down one: in
 * two halves of 16 bytes, each byte from the list or from the list one byte
 * further (the spare byte past its end keeps that load inside the array).
 * Vector code without a branch: a playout's removals come at random places,
 * and a loop or memmove mispredicts about once each. */
static void list_remove(uint8_t list[PIZZA_CELLS + 1], int at)
{
    typedef uint8_t half __attribute__((vector_size(16)));
    static const half index = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    half lo, lo_next, hi, hi_next, where = {0};
    where += (uint8_t)at;
    memcpy(&lo, list, 16);
    memcpy(&lo_next, list + 1, 16);
    memcpy(&hi, list + 16, 16);
    memcpy(&hi_next, list + 17, 16);
    half keep_lo = (half)(index < where), keep_hi = (half)(index + 16 < where);
    lo = (keep_lo & lo) | (~keep_lo & lo_next);
    hi = (keep_hi & hi) | (~keep_hi & hi_next);
    memcpy(list, &lo, 16);
    memcpy(list + 16, &hi, 16);
}

/* The number of cells in the set x. Word arithmetic: portable x86-64 has no
 * popcount instruction, and __builtin_popcount calls a library routine. */
static int count_cells(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* Cell i's piece leaves the grid (placed on a slice, or a used switch). */
PF_INLINE void empty_cell(pizza_state *s, int i)
{
    uint32_t bit = 1u << i;
    list_remove(s->down_list, count_cells(s->down & (bit - 1))); /* i's place in the list */
    s->down_n--;
    s->down &= ~bit;
    s->seen &= ~bit;
    s->cell[i] = PIZZA_NONE;
    s->seen_turn[i] = 0;
}

/* Swaps the slices in front of positions p and q. */
static void swap_slices(pizza_state *s, int p, int q)
{
    uint8_t a = s->at[p], b = s->at[q];
    s->at[p] = b;
    s->at[q] = a;
    s->pos[a] = (uint8_t)q;
    s->pos[b] = (uint8_t)p;
}

/* Reports a swap between seat and position q in the public events: seat
 * gave the slice it held (`from`) for the one at q (`to`). */
static void tell_swap(const pizza_state *s, int seat, int q, pf_events *ev)
{
    uint8_t mine = s->at[seat], theirs = s->at[q];
    const char *kind =
        s->slice_kind[mine] == PIZZA_NONE ? "toppings" : pizza__kind_name[s->slice_kind[mine]];
    if (q < s->seats)
        pf_events_add(ev, -1, "switch",
                      PF_SEAT " now has the %s slice (%d %s), and " PF_SEAT " has the %s slice",
                      seat, pizza__colour_name[mine], s->slice_count[mine], kind, q,
                      pizza__colour_name[theirs]);
    else
        pf_events_add(ev, -1, "switch",
                      PF_SEAT " now has the %s slice (%d %s), and an imaginary seat has the %s "
                      "slice",
                      seat, pizza__colour_name[mine], s->slice_count[mine], kind,
                      pizza__colour_name[theirs]);
    pf_events_int(ev, "seat", seat);
    pf_events_str(ev, "from", pizza__colour_name[theirs]);
    pf_events_str(ev, "to", pizza__colour_name[mine]);
    pf_events_int(ev, "with", q < s->seats ? q : -1); /* -1: a spare slice */
    pf_events_int(ev, "count", s->slice_count[mine]);
}

/* Ends the turn of the seat to move: PIZ-4's turn limit, then the next seat. */
PF_INLINE void end_turn(pizza_state *s, pf_events *ev)
{
    s->turn++;
    if (s->turn >= PIZZA_MAX_TURNS && !s->ended) {
        s->ended = 1;
        pf_events_add(ev, -1, "end", "%d turns and no winner: the game ends", PIZZA_MAX_TURNS);
        pf_events_int(ev, "turns", PIZZA_MAX_TURNS);
    }
    s->to_move = s->to_move + 1 == s->seats ? 0 : (uint8_t)(s->to_move + 1);
}

/* Turns over cell i for seat and resolves the piece by PIZ-3. */
PF_INLINE void flip(pizza_state *s, int seat, int i, pf_events *ev)
{
    uint32_t bit = 1u << i;
    uint8_t piece = s->cell[i], mine = s->at[seat];
    assert((s->down & bit) && piece < 8);
    s->last_cell = (uint8_t)i;
    s->last_piece = piece;
    s->last_seat = (uint8_t)seat;
    if (ev) {
        pf_events_add(ev, -1, "flip", PF_SEAT " turned over cell %d: %s", seat, i,
                      pizza__piece_name(piece));
        pf_events_int(ev, "seat", seat);
        pf_events_int(ev, "cell", i);
        pf_events_str(ev, "piece", pizza__piece_name(piece));
        pf_events_memory(ev); /* PIZ-7: it may go back face down */
    }

    if (PIZZA_IS_TOPPING(piece)) {
        uint8_t owner = s->kind_slice[piece];
        bool place;
        if (owner == mine)
            s->last_rule = PIZZA_RULE_C, place = true;
        else if (owner != PIZZA_NONE)
            s->last_rule = PIZZA_RULE_B, place = false;
        else if (s->slice_kind[mine] == PIZZA_NONE)
            s->last_rule = PIZZA_RULE_A, place = true;
        else
            s->last_rule = PIZZA_RULE_C2, place = false;
        if (place) {
            empty_cell(s, i);
            s->slice_kind[mine] = piece;
            s->kind_slice[piece] = mine;
            s->slice_count[mine]++;
            if (ev) {
                pf_events_add(ev, -1, "place",
                              PF_SEAT " put the %s on the %s slice: %d of 6 (rule %s)", seat,
                              pizza__kind_name[piece], pizza__colour_name[mine],
                              s->slice_count[mine], pizza__rule_name(s->last_rule));
                pf_events_int(ev, "seat", seat);
                pf_events_int(ev, "cell", i);
                pf_events_str(ev, "piece", pizza__kind_name[piece]);
                pf_events_str(ev, "colour", pizza__colour_name[mine]);
                pf_events_int(ev, "count", s->slice_count[mine]);
                pf_events_str(ev, "rule", pizza__rule_name(s->last_rule));
            }
            if (s->slice_count[mine] == PIZZA_PER_KIND) {
                s->ended = 1;
                s->winner = (uint8_t)seat;
                if (ev) {
                    pf_events_add(ev, -1, "win", PF_SEAT " filled the %s slice with %s and wins",
                                  seat, pizza__colour_name[mine], pizza__kind_name[piece]);
                    pf_events_int(ev, "seat", seat);
                    pf_events_str(ev, "colour", pizza__colour_name[mine]);
                    pf_events_str(ev, "piece", pizza__kind_name[piece]);
                }
            }
        } else {
            s->seen |= bit;
            s->seen_turn[i] = s->turn;
            if (ev) {
                /* the slice that keeps it off: the kind's owner (b), or our own (c') */
                uint8_t by = s->last_rule == PIZZA_RULE_B ? owner : mine;
                if (s->last_rule == PIZZA_RULE_B)
                    pf_events_add(ev, -1, "back",
                                  PF_SEAT " put the %s back: it is the %s slice's kind (rule b)",
                                  seat, pizza__kind_name[piece], pizza__colour_name[owner]);
                else
                    pf_events_add(ev, -1, "back",
                                  PF_SEAT " put the %s back: the %s slice holds %s (rule c')",
                                  seat, pizza__kind_name[piece], pizza__colour_name[mine],
                                  pizza__kind_name[s->slice_kind[mine]]);
                pf_events_int(ev, "seat", seat);
                pf_events_int(ev, "cell", i);
                pf_events_str(ev, "piece", pizza__kind_name[piece]);
                pf_events_str(ev, "colour", pizza__colour_name[by]);
                pf_events_str(ev, "rule", pizza__rule_name(s->last_rule));
                pf_events_memory(ev);
            }
        }
        end_turn(s, ev);
        return;
    }

    /* A switch piece: it leaves the game either way. */
    int colour = piece - 4;
    empty_cell(s, i);
    s->used[colour]++;
    if (colour != mine) {
        int q = s->pos[colour];
        assert(q != PIZZA_NONE);
        s->last_rule = PIZZA_RULE_D;
        swap_slices(s, seat, q);
        if (ev)
            tell_swap(s, seat, q, ev);
        end_turn(s, ev);
    } else {
        s->last_rule = PIZZA_RULE_E;
        s->choosing = 1;
        pf_events_add(ev, -1, "choose",
                      PF_SEAT " turned over their own colour and picks a slice to switch with "
                      "(rule e)",
                      seat);
        pf_events_int(ev, "seat", seat);
        pf_events_str(ev, "colour", pizza__colour_name[mine]);
    }
}

/* Applies a legal action of the seat to move. */
PF_INLINE void play(pizza_state *s, int seat, pf_action a, pf_events *ev)
{
    assert(!s->ended && seat == s->to_move);
    if (a < PIZZA_CELLS) {
        flip(s, seat, (int)a, ev);
        return;
    }
    int colour = (int)(a - PIZZA_CELLS);
    assert(s->choosing && colour < s->nslices && colour != s->at[seat]);
    int q = s->pos[colour];
    swap_slices(s, seat, q);
    s->choosing = 0;
    if (ev)
        tell_swap(s, seat, q, ev);
    end_turn(s, ev);
}

/* The rules with events, out of the playouts' way. */
static __attribute__((noinline)) void play_told(pizza_state *s, int seat, pf_action a,
                                                pf_events *ev)
{
    play(s, seat, a, ev);
}

static void pizza_apply(void *vst, int seat, pf_action a, int64_t t_ms, pf_events *ev)
{
    (void)t_ms;
    if (ev)
        play_told(vst, seat, a, ev);
    else
        play(vst, seat, a, NULL); /* a playout's copy, without the events (PF_INLINE) */
}

/* pf_playout's loop (game.h) written for one seat to move: the rules
 * inlined (play, legal_pick), and the draws from a local copy of the
 * generator, since a byte stored into the state may alias *rng and the
 * compiler would load and store its state at every step. The same draws,
 * steps and end state as pf_playout_loop (the conformance test compares). */
static int pizza_playout(void *st, pf_rng *rng, int64_t now, int max_steps)
{
    (void)now;
    pizza_state *s = st;
    pf_rng g = *rng;
    int steps = 0;
    while (!s->ended) {
        if (steps >= max_steps) {
            steps = -1;
            break;
        }
        steps++;
        uint32_t r = (uint32_t)(pf_rng_next(&g) >> 32);
        int seat = s->to_move;
        play(s, seat, pizza_legal_pick(s, seat, r), NULL);
    }
    *rng = g;
    return steps;
}

/* PIZ-4: the winner gets 1, everyone else 0; no winner, all 0. */
static bool pizza_over(const void *vst, double *results)
{
    const pizza_state *s = vst;
    if (!s->ended)
        return false;
    for (int i = 0; results && i < s->seats; i++)
        results[i] = i == s->winner ? 1.0 : 0.0;
    return true;
}

/* Deals the pieces whose cell is unknown (every piece in play minus those
 * on slices, used, and lying in kept cells), from a sorted list, over the
 * face-down cells outside `keep`. Then reseeds the generator (the future). */
static void redraw(pizza_state *s, uint32_t keep, pf_rng *rng)
{
    int left[8] = {0};
    for (int k = 0; k < s->kinds; k++)
        left[k] = PIZZA_PER_KIND -
                  (s->kind_slice[k] == PIZZA_NONE ? 0 : s->slice_count[s->kind_slice[k]]);
    for (int c = 0; s->switches && c < s->nslices; c++)
        left[PIZZA_SWITCH(c)] = PIZZA_PER_COLOUR - s->used[c];
    for (uint32_t d = keep; d; d &= d - 1)
        left[s->cell[__builtin_ctz(d)]]--;
    /* Each piece's run written with one 8-byte store (a run is at most 6
     * long): no loop whose end depends on a count, which mispredicts. */
    uint8_t pool[PIZZA_CELLS + 8];
    int n = 0;
    for (int piece = 0; piece < 8; piece++) {
        assert(left[piece] >= 0 && left[piece] <= 8);
        uint64_t run = UINT64_C(0x0101010101010101) * (uint8_t)piece;
        memcpy(pool + n, &run, sizeof run);
        n += left[piece];
    }
    uint32_t unknown = s->down & ~keep;
    assert(n == count_cells(unknown));
    pf_rng_shuffle_u8(rng, pool, n);
    if (keep == 0) { /* every face-down cell: down_list has them ascending */
        for (int i = 0; i < n; i++)
            s->cell[s->down_list[i]] = pool[i];
    } else {
        n = 0;
        for (uint32_t d = unknown; d; d &= d - 1)
            s->cell[__builtin_ctz(d)] = pool[n++];
    }
    pf_rng_seed(&s->rng, pf_rng_next(rng));
}

/* Every reveal is public (PIZ-7), so all seats know the same: seen cells
 * keep their piece (a bot may remember), the others are redrawn. */
static void pizza_resample(void *vst, int seat, pf_rng *rng)
{
    pizza_state *s = vst;
    (void)seat;
    redraw(s, s->seen, rng);
}

/* A seat that remembers nothing knows only the table: the piece just
 * turned over (while it lies face down again) and, with the memory_aid
 * option, the earlier reveals the picture shows. Everything else seen
 * before is forgotten and redrawn. */
static void pizza_resample_forgetful(void *vst, int seat, pf_rng *rng)
{
    pizza_state *s = vst;
    (void)seat;
    uint32_t keep = s->seen;
    if (!s->memory_aid)
        keep &= s->last_piece == PIZZA_NONE ? 0 : 1u << s->last_cell;
    for (uint32_t d = s->seen & ~keep; d; d &= d - 1)
        s->seen_turn[__builtin_ctz(d)] = 0;
    s->seen = keep;
    redraw(s, keep, rng);
}

/* Figures of a finished game. */
static int pizza_stats(const void *vst, pf_stat *out, int cap)
{
    const pizza_state *s = vst;
    int placed = 0, used = 0;
    for (int j = 0; j < s->nslices; j++)
        placed += s->slice_count[j], used += s->used[j];
    pf_stat all[] = {
        {"turns", s->turn},
        {"winner", s->winner == PIZZA_NONE ? -1 : s->winner},
        {"toppings_placed", placed},
        {"switches_used", used},
        {"face_down_left", __builtin_popcount(s->down)},
    };
    int n = 0;
    for (; n < cap && n < (int)(sizeof all / sizeof all[0]); n++)
        out[n] = all[n];
    return n;
}

static const char *const kinds_menu[] = {"4", "3", "2", NULL};

static const pf_option_def options[] = {
    {.key = "switches", .def = "true", .label = "Switch pieces", .kind = PF_OPT_BOOL, .menu = true,
     .help = "Coloured switch pieces are in play: one swaps your slice with another, toppings "
             "and all."},
    {.key = "extra_slices", .def = "true", .label = "Spare slices", .kind = PF_OPT_BOOL,
     .menu = true,
     .help = "With 2 or 3 players the slices nobody holds stay on the pizza: their toppings "
             "block yours and switches can trade with them (off: left out, with their switch "
             "pieces)."},
    {.key = "kinds", .def = "4", .label = "Topping kinds", .kind = PF_OPT_INT, .min = 2,
     .max = 4, .choices = kinds_menu, .menu = true,
     .help = "How many of the four toppings (onion, pepper, mushroom, pepperoni) are in play: "
             "fewer make a shorter game, and there must be at least one for each slice in "
             "play (\"Spare slices\" off and at most that many players)."},
    {.key = "memory_aid", .def = "false", .label = "Memory aid", .kind = PF_OPT_BOOL,
     .help = "The text picture shows every earlier reveal still face down (off by default: "
             "remembering is the game)."},
    {.key = "grid", .def = "", .label = "Fixed grid", .kind = PF_OPT_TEXT, .fixes_chance = true,
     .help = "Fixes the layout: the pieces in play row by row, comma separated, as on pe mu "
             "pp (toppings) sr sy sg sb (switches); empty: shuffled."},
    {0},
};

/* What a lesson may highlight (docs/lessons.md). */
static const char *const lesson_targets[] = {"cell #", "slice red|yellow|green|blue", "grid",
                                             NULL};

static const pf_test_config test_configs[] = {
    {2, ""},
    {3, ""},
    {4, ""},
    {2, "switches=false"},
    {3, "switches=false"},
    {4, "switches=false"},
    {2, "extra_slices=false"},
    {2, "extra_slices=false;kinds=2"},
    {2, "extra_slices=false;kinds=3"},
    {2, "extra_slices=false;kinds=2;switches=false"},
    {2, "extra_slices=false;kinds=3;switches=false"},
    {3, "extra_slices=false"},
    {3, "extra_slices=false;kinds=3"},
    {3, "extra_slices=false;kinds=3;switches=false"},
    {4, "extra_slices=false"},
    {3, "memory_aid=true"}, /* the picture shows earlier reveals: no leak either */
    {0, NULL},
};

const pf_game pf_game_pizza = {
    .id = "pizza",
    .title = "Pizza Party",
    .summary = "turn over pieces and remember them: fill your slice with six of a kind",
    .min_seats = 2,
    .max_seats = 4,
    .state_size = sizeof(pizza_state),
    .max_steps = PIZZA_MAX_TURNS + PIZZA_SLICES * PIZZA_PER_COLOUR, /* + rule e picks */
    .result_min = 0,
    .result_max = 1,
    .options = options,
    .test_configs = test_configs,
    .bots = pizza__bots,
    .ladder = pizza__ladder,
    .rules = pizza__rules,
    .brief = pizza__brief,
    .secrets = "The face-down pieces are hidden from everyone; every piece turned over is shown "
               "to all, and nothing is one player's alone.",
    .memory_game = true,
    .real_time = false,
    .bench_bot = NULL,
    .init = pizza_init,
    .to_act = pizza_to_act,
    .legal = pizza_legal,
    .legal_pick = pizza_legal_pick,
    .playout = pizza_playout,
    .check = NULL,
    .apply = pizza_apply,
    .over = pizza_over,
    .view = pizza__view,
    .resample = pizza_resample,
    .resample_forgetful = pizza_resample_forgetful,
    .name = pizza__name,
    .parse = pizza__parse,
    .render = pizza__render,
    .stats = pizza_stats,
    .explain = pizza__explain,
    .lesson_targets = lesson_targets,
};
