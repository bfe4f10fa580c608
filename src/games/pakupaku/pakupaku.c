/* pakupaku.c: Paku Paku, a real-time dice race around a tower of dishes.
 *
 * Rules as implemented (rulings PAKU-1..PAKU-10):
 * - Five dice, faces panda, panda, dish, 1, 1, 2. At the start they are dealt
 *   one at a time from seat 0, so with 7 players seats 5 and 6 start empty.
 * - Play is real time: every seat holding a die may act, and every action
 *   carries its time in ms. Actions apply in the order they arrive; one
 *   timed before the last applied one is refused (TIME_BACKWARDS).
 * - Hands: a roll keeps the roller's hands busy for 800 ms and a stack for
 *   600 ms from the action's time; an action of a seat whose hands are busy
 *   is refused (HANDS_BUSY). to_act and legal have no clock: they say what
 *   a seat may do once its hands are free (ready_at says when).
 * - `roll` rolls every die of the seat that is not blocked. A panda passes at
 *   once to the left neighbour (seat + 1), who holds it unrolled. A dish
 *   blocks its die until the seat stacks one piece (`stack <type> <offset>`)
 *   for it; a number does nothing. With all 24 pieces in the tower dishes
 *   block nothing.
 * - Stacking: the piece lands at the aimed offset plus table jitter (normal,
 *   sd 0.3, from the game's generator); pakupaku_tower.c decides if it stands.
 * - Paku stop: a seat holding 5 dice (2-3 players), 4 (4-5) or 3 (6-8), or a
 *   seat whose piece made the tower fall, is the unlucky panda. The penalty
 *   roll is automatic (part of the stop): all its dice are rolled and the
 *   numbers summed into penalty points. The tower goes back (brave pandas
 *   keep it after a too-many-dice stop), and the five dice are dealt one at a
 *   time from the unlucky panda's left neighbour.
 * - When a penalty reaches the limit the game ends; fewest points wins and
 *   tied seats duel on a fresh tower: they stack in seat order, whoever makes
 *   it fall is out, the next seat after them starts again on a cleared
 *   tower; a full tower of 24 is cleared and the duel goes on.
 *
 * State: one flat pakupaku_state (pakupaku.h). Invariants: each die has
 * exactly one owner; a blocked die shows a dish and the tower is not full;
 * on[] counts the tower's pieces by type; nfree/nwait/holders agree with
 * owner[] and wait[] after every function that moves dice (recount); now
 * never decreases. */
#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/pakupaku/pakupaku.h"

const char *const pakupaku__face_names[PAKUPAKU__FACES] = {"-", "P", "D", "1", "2"};
/* The faces as events' facts name them. */
static const char *const face_word[PAKUPAKU__FACES] = {"new", "panda", "dish", "1", "2"};

static const char *const limit_menu[] = {"10", "5", "15", "20", NULL};

static const pf_option_def options[] = {
    {.key = "limit", .def = "10", .label = "Penalty limit", .kind = PF_OPT_INT, .min = 5,
     .max = 30, .choices = limit_menu, .menu = true,
     .help = "The game ends when someone reaches this many penalty points (5 to 30); the "
             "fewest points wins."},
    {.key = "architects", .def = "false", .label = "Skilled architects", .kind = PF_OPT_BOOL,
     .menu = true,
     .help = "A piece may not go on one of the same kind while another kind is left."},
    {.key = "brave", .def = "false", .label = "Brave pandas", .kind = PF_OPT_BOOL, .menu = true,
     .help = "The tower stays up after a round ends with too many dice."},
    {.key = "dice", .def = "", .label = "Fixed dice", .kind = PF_OPT_TEXT, .fixes_chance = true,
     .help = "Scripted faces for the next rolls, e.g. P,D,1,2 (then random)."},
    {.key = "jitter", .def = "", .label = "Fixed wobble", .kind = PF_OPT_TEXT,
     .fixes_chance = true,
     .help = "The table's jitter: empty for random (sd 0.3), or values in order (then 0), "
             "e.g. 0 or 0.1,-0.25."},
    {0},
};

/* What a lesson may highlight (docs/lessons.md). */
static const char *const lesson_targets[] = {
    "dice #", "button roll|stack", "piece plate|bowl|cup", "swing", "tower", "penalty #", NULL};

static const pf_test_config test_configs[] = {
    {2, ""},
    {3, "architects=true"},
    {4, ""},
    {5, "brave=true"},
    {8, "architects=true;brave=true;limit=5"},
    {0, NULL},
};

/* ---- helpers ------------------------------------------------------------ */

/* Recomputes the per-seat dice counts from owner[] and wait[]. */
void pakupaku__recount(pakupaku_state *s)
{
    memset(s->nfree, 0, sizeof s->nfree);
    memset(s->nwait, 0, sizeof s->nwait);
    uint8_t h = 0;
    for (int d = 0; d < PAKUPAKU__DICE; d++) {
        s->nfree[s->owner[d]] += (uint8_t)!s->wait[d];
        s->nwait[s->owner[d]] += s->wait[d];
        h |= (uint8_t)(1u << s->owner[d]);
    }
    s->holders = h;
}

/* The next face: from the script while it lasts, then the generator (PAKU-1). */
static uint8_t draw_face(pakupaku_state *s)
{
    static const uint8_t die[6] = {PAKUPAKU__FACE_PANDA, PAKUPAKU__FACE_PANDA, PAKUPAKU__FACE_DISH,
                                   PAKUPAKU__FACE_ONE,   PAKUPAKU__FACE_ONE,   PAKUPAKU__FACE_TWO};
    if (s->iscript < s->nscript) {
        int i = s->iscript++;
        return (uint8_t)((s->script[i >> 2] >> ((i & 3) * 2) & 3) + 1);
    }
    return die[pf_rng_below(&s->rng, 6)];
}

/* The table jitter of one placement in 1/UNIT (PAKU-5). */
static int32_t draw_jitter(pakupaku_state *s)
{
    if (s->jit_scripted)
        return s->ijit < s->njit ? (int32_t)s->jit[s->ijit++] * (PAKUPAKU__UNIT / 100) : 0;
    return (int32_t)pf_rng_normal_rounded(&s->rng, 0.3, PAKUPAKU__UNIT);
}

static int next_in(uint8_t set, int seat, int n)
{
    for (int i = 1; i <= n; i++) {
        int k = (seat + i) % n;
        if (set >> k & 1)
            return k;
    }
    return seat;
}

static void clear_tower(pakupaku_state *s)
{
    s->tower.n = 0;
    memset(s->on, 0, sizeof s->on);
    s->tower_changes++;
}

/* Deals the five dice one at a time from seat `first` (PAKU-2, PAKU-6). */
static void deal(pakupaku_state *s, int first, int64_t t)
{
    for (int d = 0; d < PAKUPAKU__DICE; d++) {
        s->owner[d] = (uint8_t)((first + d) % s->seats);
        s->face[d] = PAKUPAKU__FACE_NEW;
        s->wait[d] = 0;
    }
    for (int p = 0; p < s->seats; p++)
        s->since[p] = t;
    pakupaku__recount(s);
}

/* Ends the game, or starts the duel of the tied seats (PAKU-8). */
static void finish(pakupaku_state *s, int64_t t, pf_events *ev)
{
    int best = 1 << 30;
    for (int p = 0; p < s->seats; p++)
        if (s->pen[p] < best)
            best = s->pen[p];
    uint8_t tied = 0;
    for (int p = 0; p < s->seats; p++)
        if (s->pen[p] == best)
            tied |= (uint8_t)(1u << p);
    clear_tower(s);
    if (pf_seat_count(tied) == 1) {
        s->phase = PAKUPAKU__OVER;
        s->winner = (uint8_t)__builtin_ctz(tied);
        pf_events_add(ev, -1, "win", PF_SEAT " wins with %d penalty points", s->winner, best);
        pf_events_int(ev, "seat", s->winner);
        pf_events_int(ev, "points", best);
        return;
    }
    s->phase = PAKUPAKU__DUEL;
    s->duel_in = tied;
    s->duel_turn = (uint8_t)__builtin_ctz(tied);
    s->since[s->duel_turn] = t;
    pf_events_add(ev, -1, "duel", "%d seats tie on %d points: duel, " PF_SEAT " stacks first",
                  pf_seat_count(tied), best, s->duel_turn);
    pf_events_int(ev, "seats", pf_seat_count(tied));
    pf_events_int(ev, "points", best);
    pf_events_int(ev, "seat", s->duel_turn);
}

/* Paku stop: the penalty roll of the unlucky panda, then a new round or the
 * end (PAKU-4, PAKU-6, PAKU-7). */
static void stop(pakupaku_state *s, int u, int collapse, int64_t t, pf_events *ev)
{
    int sum = 0, k = 0, n = 0;
    char faces[24];
    const char *words[PAKUPAKU__DICE];
    for (int d = 0; d < PAKUPAKU__DICE; d++)
        if (s->owner[d] == u) {
            uint8_t f = draw_face(s);
            s->face[d] = f;
            s->wait[d] = 0;
            sum += f == PAKUPAKU__FACE_ONE ? 1 : f == PAKUPAKU__FACE_TWO ? 2 : 0;
            faces[k++] = pakupaku__face_names[f][0];
            faces[k++] = ' ';
            words[n++] = face_word[f];
        }
    faces[k > 0 ? k - 1 : 0] = '\0';
    pakupaku__recount(s);
    s->pen[u] = (int16_t)(s->pen[u] + sum);
    s->unlucky = (uint8_t)u;
    if (collapse)
        s->collapses++;
    else
        s->pen_stops++;
    pf_events_add(ev, -1, "stop", "Paku stop! " PF_SEAT " %s; penalty roll %s: %d point%s (%d)", u,
                  collapse ? "knocked the tower over" : "has too many dice", faces, sum,
                  sum == 1 ? "" : "s", s->pen[u]);
    pf_events_int(ev, "seat", u);
    pf_events_str(ev, "cause", collapse ? "collapse" : "dice");
    pf_events_list(ev, "faces", words, n);
    pf_events_int(ev, "points", sum);
    pf_events_int(ev, "penalty", s->pen[u]);
    if (collapse || !s->brave)
        clear_tower(s);
    if (s->pen[u] >= s->limit) {
        finish(s, t, ev);
        return;
    }
    s->rounds++;
    deal(s, (u + 1) % s->seats, t);
    pf_events_add(ev, -1, "deal", "round %d: dice dealt from " PF_SEAT, s->rounds,
                  (u + 1) % s->seats);
    pf_events_int(ev, "round", s->rounds);
    pf_events_int(ev, "seat", (u + 1) % s->seats);
}

/* Writes x (in 1/UNIT) in table units, exactly: two decimals, or four
 * when needed. The event carries the whole outcome, as the view shows it. */
static void units_text(int32_t x, char *buf, size_t n)
{
    int32_t m = x < 0 ? -x : x;
    int whole = m / PAKUPAKU__UNIT, frac = m % PAKUPAKU__UNIT;
    if (frac % 100 == 0)
        snprintf(buf, n, "%s%d.%02d", x < 0 ? "-" : "", whole, frac / 100);
    else
        snprintf(buf, n, "%s%d.%04d", x < 0 ? "-" : "", whole, frac);
}

/* Puts a piece on the tower with jitter; returns 1 when the tower stands. */
static int place(pakupaku_state *s, int type, int off, pf_events *ev, int seat)
{
    assert(s->tower.n < PAKUPAKU__PIECES);
    int32_t jit = draw_jitter(s);
    int k = s->tower.n++;
    s->tower_changes++;
    s->tower.type[k] = (uint8_t)type;
    s->tower.x[k] = off * (PAKUPAKU__UNIT / 100) + jit;
    s->on[type]++;
    int ok = pakupaku__tower_stands(&s->tower);
    if (ev) {
        char x[24];
        units_text(s->tower.x[k], x, sizeof x);
        pf_events_add(ev, -1, ok ? "stack" : "collapse",
                      PF_SEAT " stacks a %s aimed at %.2f, landing at %s: %s (%d piece%s)", seat,
                      pakupaku__pieces[type].name, off / 100.0, x,
                      ok ? "it stands" : "the tower falls", s->tower.n, s->tower.n == 1 ? "" : "s");
        pf_events_int(ev, "seat", seat);
        pf_events_str(ev, "piece", pakupaku__pieces[type].name);
        pf_events_real(ev, "aim", off / 100.0);
        pf_events_real(ev, "at", (double)s->tower.x[k] / PAKUPAKU__UNIT);
        pf_events_bool(ev, "stands", ok);
        pf_events_int(ev, "height", s->tower.n);
    }
    return ok;
}

/* ---- the interface ------------------------------------------------------ */

/* Reads the dice script "P,D,1,2" into the state. */
static pf_err parse_dice(pakupaku_state *s, const char *v, pf_error *err)
{
    s->nscript = 0;
    for (const char *p = v; *p;) {
        while (*p == ',' || *p == ' ')
            p++;
        if (!*p)
            break;
        uint8_t f;
        switch (*p) {
        case 'P':
        case 'p':
            f = PAKUPAKU__FACE_PANDA;
            break;
        case 'D':
        case 'd':
            f = PAKUPAKU__FACE_DISH;
            break;
        case '1':
            f = PAKUPAKU__FACE_ONE;
            break;
        case '2':
            f = PAKUPAKU__FACE_TWO;
            break;
        default:
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "option dice: faces are P, D, 1 or 2 separated by commas");
        }
        if (s->nscript >= PAKUPAKU__SCRIPT_MAX)
            return pf_error_set(err, PF_E_BAD_OPTION, "option dice: at most %d faces",
                                PAKUPAKU__SCRIPT_MAX);
        s->script[s->nscript >> 2] |= (uint8_t)((f - 1) << ((s->nscript & 3) * 2));
        s->nscript++;
        p++;
        if (*p && *p != ',' && *p != ' ')
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "option dice: faces are P, D, 1 or 2 separated by commas");
    }
    return PF_E_OK;
}

/* Reads the jitter script "0.1,-0.25" (hundredths, |v| <= 5) into the state. */
static pf_err parse_jitter(pakupaku_state *s, const char *v, pf_error *err)
{
    s->njit = 0;
    s->jit_scripted = 0;
    if (!*v || !strcmp(v, "normal") || !strcmp(v, "random"))
        return PF_E_OK;
    s->jit_scripted = 1;
    if (!strcmp(v, "off"))
        return PF_E_OK;
    const char *p = v;
    while (*p) {
        char *end;
        double x = strtod(p, &end);
        if (end == p || !(x >= -5.0 && x <= 5.0))
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "option jitter: numbers in -5..5 separated by commas, "
                                "\"off\", or empty for random");
        if (s->njit >= PAKUPAKU__JIT_MAX)
            return pf_error_set(err, PF_E_BAD_OPTION, "option jitter: at most %d values",
                                PAKUPAKU__JIT_MAX);
        s->jit[s->njit++] = (int16_t)lrint(x * 100);
        p = end;
        while (*p == ' ')
            p++;
        if (*p == ',')
            p++;
        else if (*p)
            return pf_error_set(err, PF_E_BAD_OPTION, "option jitter: numbers separated by commas");
    }
    return PF_E_OK;
}

static pf_err pakupaku_init(void *st, int seats, const pf_options *opt, uint64_t seed,
                            pf_events *ev, pf_error *err)
{
    (void)ev; /* the deal is the starting table: no step is played */
    pakupaku_state *s = st;
    memset(s, 0, sizeof *s);
    int limit;
    bool architects, brave;
    pf_err e;
    if ((e = pf_options_int(opt, "limit", 10, 5, 30, &limit, err)) ||
        (e = pf_options_bool(opt, "architects", false, &architects, err)) ||
        (e = pf_options_bool(opt, "brave", false, &brave, err)))
        return e;
    const char *v = pf_options_get(opt, "dice");
    if (v && (e = parse_dice(s, v, err)))
        return e;
    v = pf_options_get(opt, "jitter");
    if (v && (e = parse_jitter(s, v, err)))
        return e;
    s->seats = (uint8_t)seats;
    s->limit = (uint8_t)limit;
    s->thr = seats <= 3 ? 5 : seats <= 5 ? 4 : 3;
    s->architects = architects;
    s->brave = brave;
    s->phase = PAKUPAKU__PLAY;
    s->unlucky = PAKUPAKU__NONE;
    s->winner = PAKUPAKU__NONE;
    s->rounds = 1;
    pf_rng_seed(&s->rng, seed);
    deal(s, 0, 0);
    return PF_E_OK;
}

static uint32_t pakupaku_to_act(const void *st)
{
    const pakupaku_state *s = st;
    if (s->phase == PAKUPAKU__DUEL)
        return 1u << s->duel_turn;
    if (s->phase != PAKUPAKU__PLAY)
        return 0;
    return s->holders;
}

/* True when seat may stack now. */
static int may_stack(const pakupaku_state *s, int seat)
{
    if (s->phase == PAKUPAKU__DUEL)
        return seat == s->duel_turn;
    int w;
    pakupaku__held(s, seat, NULL, &w);
    return s->phase == PAKUPAKU__PLAY && w > 0;
}

static int pakupaku_legal(const void *st, int seat, pf_action *out, int cap)
{
    const pakupaku_state *s = st;
    if (!(pakupaku_to_act(s) >> seat & 1))
        return 0;
    int n = 0, f = 0;
    if (s->phase == PAKUPAKU__PLAY)
        pakupaku__held(s, seat, &f, NULL);
    if (f > 0 && n < cap)
        out[n++] = PAKUPAKU__ROLL;
    if (may_stack(s, seat))
        for (int type = 0; type < PAKUPAKU__NTYPES; type++)
            if (pakupaku__type_allowed(s, type))
                for (int off = -1000; off <= 1000 && n < cap; off += 25)
                    out[n++] = PAKUPAKU__STACK(type, off);
    return n;
}

static pf_err pakupaku_check(const void *st, int seat, pf_action a, int64_t t)
{
    const pakupaku_state *s = st;
    if (t < s->now)
        return PF_E_TIME_BACKWARDS;
    if (s->phase == PAKUPAKU__OVER || !(pakupaku_to_act(s) >> seat & 1))
        return PF_E_NOT_YOUR_TURN;
    if (a == PAKUPAKU__ROLL) {
        int f = 0;
        if (s->phase == PAKUPAKU__PLAY)
            pakupaku__held(s, seat, &f, NULL);
        if (f == 0)
            return PF_E_ILLEGAL_ACTION;
    } else {
        int type = (int)(a >> 16) - 1;
        uint32_t code = a & 0xffff;
        if (type < 0 || type >= PAKUPAKU__NTYPES || code > 2 * PAKUPAKU__OFF_MAX)
            return PF_E_ILLEGAL_ACTION;
        if (!may_stack(s, seat) || !pakupaku__type_allowed(s, type))
            return PF_E_ILLEGAL_ACTION;
    }
    return t < s->busy[seat] ? PF_E_HANDS_BUSY : PF_E_OK; /* PAKU-10 */
}

static int64_t pakupaku_ready_at(const void *st, int seat)
{
    return pakupaku__ready(st, seat);
}

static void apply_roll(pakupaku_state *s, int seat, int64_t t, pf_events *ev)
{
    int left = seat + 1 == s->seats ? 0 : seat + 1;
    int idle = pakupaku__held(s, left, NULL, NULL) == 0;
    int passed = 0, dishes = 0, k = 0, n = 0;
    char faces[16];
    const char *words[PAKUPAKU__DICE];
    /* the faces are random, so the loop avoids branching on them */
    unsigned roll = 0;
    for (int d = 0; d < PAKUPAKU__DICE; d++)
        roll |= (unsigned)((s->owner[d] == seat) & (s->wait[d] == 0)) << d;
    int room = s->tower.n < PAKUPAKU__PIECES;
    for (; roll; roll &= roll - 1) {
        int d = __builtin_ctz(roll);
        uint8_t f = draw_face(s);
        s->face[d] = f;
        if (ev) {
            faces[k++] = pakupaku__face_names[f][0];
            faces[k++] = ' ';
            words[n++] = face_word[f];
        }
        int panda = f == PAKUPAKU__FACE_PANDA;
        int dish = (f == PAKUPAKU__FACE_DISH) & room;
        s->owner[d] = (uint8_t)(panda ? left : seat);
        s->wait[d] = (uint8_t)dish; /* a rolled die was free */
        passed += panda;
        dishes += dish;
    }
    /* the counts recount would give, updated in place (left != seat) */
    s->nfree[seat] = (uint8_t)(s->nfree[seat] - passed - dishes);
    s->nwait[seat] = (uint8_t)(s->nwait[seat] + dishes);
    if (s->nfree[seat] + s->nwait[seat] == 0)
        s->holders &= (uint8_t) ~(1u << seat);
    if (passed) {
        s->nfree[left] = (uint8_t)(s->nfree[left] + passed);
        s->holders |= (uint8_t)(1u << left);
        if (idle)
            s->since[left] = t;
    }
    if (ev) {
        faces[k > 0 ? k - 1 : 0] = '\0';
        pf_events_add(ev, -1, "roll", PF_SEAT " rolls %s%s", seat, faces,
                      passed ? ": pandas pass left" : "");
        pf_events_int(ev, "seat", seat);
        pf_events_list(ev, "faces", words, n);
        pf_events_int(ev, "passed", passed);
        pf_events_int(ev, "to", left);
        pf_events_int(ev, "dishes", dishes);
    }
    if (passed && pakupaku__held(s, left, NULL, NULL) >= s->thr)
        stop(s, left, 0, t, ev);
}

static void apply_stack(pakupaku_state *s, int seat, int type, int off, int64_t t, pf_events *ev)
{
    if (s->phase == PAKUPAKU__DUEL) {
        s->duel_stacks++;
        if (!place(s, type, off, ev, seat)) {
            s->duel_in &= (uint8_t) ~(1u << seat);
            s->collapses++;
            clear_tower(s);
            pf_events_add(ev, -1, "out", PF_SEAT " is out of the duel", seat);
            pf_events_int(ev, "seat", seat);
            if (pf_seat_count(s->duel_in) == 1) {
                s->phase = PAKUPAKU__OVER;
                s->winner = (uint8_t)__builtin_ctz(s->duel_in);
                pf_events_add(ev, -1, "win", PF_SEAT " wins the duel and the game", s->winner);
                pf_events_int(ev, "seat", s->winner);
                return;
            }
        } else if (s->tower.n == PAKUPAKU__PIECES) {
            clear_tower(s);
            pf_events_add(ev, -1, "full", "all 24 pieces stand: the tower is cleared");
            pf_events_int(ev, "height", PAKUPAKU__PIECES);
        }
        s->duel_turn = (uint8_t)next_in(s->duel_in, seat, s->seats);
        s->since[s->duel_turn] = t;
        return;
    }
    for (int d = 0; d < PAKUPAKU__DICE; d++)
        if (s->owner[d] == seat && s->wait[d]) {
            s->wait[d] = 0; /* the die is free: the counts recount would give */
            s->nwait[seat]--;
            s->nfree[seat]++;
            break;
        }
    if (!place(s, type, off, ev, seat)) {
        stop(s, seat, 1, t, ev);
        return;
    }
    if (s->tower.n == PAKUPAKU__PIECES) {
        for (int d = 0; d < PAKUPAKU__DICE; d++)
            s->wait[d] = 0;
        pakupaku__recount(s);
        pf_events_add(ev, -1, "full", "all 24 pieces are stacked: dishes block no die");
        pf_events_int(ev, "height", PAKUPAKU__PIECES);
    }
}

static void pakupaku_apply(void *st, int seat, pf_action a, int64_t t, pf_events *ev)
{
    pakupaku_state *s = st;
    assert(t >= s->now);
    s->now = t;
    s->acts[seat]++;
    s->since[seat] = t;
    s->busy[seat] = t + (a == PAKUPAKU__ROLL ? PAKUPAKU__ROLL_HANDS_MS : PAKUPAKU__STACK_HANDS_MS);
    if (a == PAKUPAKU__ROLL)
        apply_roll(s, seat, t, ev);
    else
        apply_stack(s, seat, (int)(a >> 16) - 1, (int)(a & 0xffff) - PAKUPAKU__OFF_MAX, t, ev);
}

static bool pakupaku_over(const void *st, double *results)
{
    const pakupaku_state *s = st;
    if (s->phase != PAKUPAKU__OVER)
        return false;
    if (results)
        for (int p = 0; p < s->seats; p++)
            results[p] = p == s->winner ? 1.0 : 0.0;
    return true;
}

static void pakupaku_resample(void *st, int seat, pf_rng *rng)
{
    pakupaku_state *s = st;
    (void)seat; /* nothing is hidden: only the future rolls are redrawn */
    pf_rng_seed(&s->rng, pf_rng_next(rng));
}

/* Nothing is hidden but the future: the generator, set to a fixed state
 * (a chance-free bot's pf_obs_public, without seeding one). */
static void pakupaku_conceal(void *st, int seat)
{
    pakupaku_state *s = st;
    (void)seat;
    s->rng = (pf_rng){{1, 2, 3, 4}};
}

static int pakupaku_stats(const void *st, pf_stat *out, int cap)
{
    static const char *const pen_names[PF_MAX_SEATS] = {"penalties_0", "penalties_1", "penalties_2",
                                                        "penalties_3", "penalties_4", "penalties_5",
                                                        "penalties_6", "penalties_7"};
    const pakupaku_state *s = st;
    int k = 0;
    if (k < cap)
        out[k++] = (pf_stat){"rounds", s->rounds};
    if (k < cap)
        out[k++] = (pf_stat){"collapses", s->collapses};
    if (k < cap)
        out[k++] = (pf_stat){"too_many_dice", s->pen_stops};
    if (k < cap)
        out[k++] = (pf_stat){"duel_stacks", s->duel_stacks};
    if (k < cap)
        out[k++] = (pf_stat){"game_ms", (double)s->now};
    for (int p = 0; p < s->seats && k < cap; p++)
        out[k++] = (pf_stat){pen_names[p], s->pen[p]};
    return k;
}

/* Everything the profile bots (pakupaku_bots.c) read when they plan seat's move:
 * whether the seat waits on a dish, its clock and, for a seat that will
 * stack, which tower stands and the phase and duel turn. The clock is
 * since and busy, and busy is set by the seat's last action, which its
 * count of actions names. The tower, the phase and the duel turn change
 * only where a piece is placed or the tower cleared, which tower_changes
 * counts (a hash of three counters before it). No plan reads
 * the dice counts (only the seat's own moves and a new round change
 * "waits", and both change acts or since), and a roll reads no tower, so
 * other seats' moves leave most plans standing. */
static uint64_t pakupaku_plan_key(const void *st, int seat)
{
    const pakupaku_state *s = st;
    uint64_t k = (uint64_t)s->since[seat] * 0x94d049bb133111ebull ^ s->acts[seat];
    uint64_t tower = (uint64_t)s->tower_changes * 0x9e3779b97f4a7c15ull;
    uint64_t roll = s->phase == PAKUPAKU__PLAY && s->nwait[seat] == 0;
    return k ^ (tower & (roll - 1)); /* a roll: acts and since only */
}

const pf_game pf_game_pakupaku = {
    .id = "pakupaku",
    .title = "Paku Paku",
    .summary = "real-time dice race: pass the pandas, stack the dishes, don't topple",
    .min_seats = 2,
    .max_seats = 8,
    .state_size = sizeof(pakupaku_state),
    .max_steps = 200000,
    .result_min = 0,
    .result_max = 1,
    .options = options,
    .test_configs = test_configs,
    .bots = pakupaku__bots,
    .ladder = pakupaku__ladder,
    .rules = pakupaku__rules,
    .brief = pakupaku__brief,
    .secrets = "Nothing is secret: every die and the tower are in plain sight, and only the next "
               "rolls and the tower's wobble are left to chance.",
    .real_time = true,
    .bench_bot = "adult",
    .init = pakupaku_init,
    .to_act = pakupaku_to_act,
    .legal = pakupaku_legal,
    .check = pakupaku_check,
    .apply = pakupaku_apply,
    .over = pakupaku_over,
    .view = pakupaku__view,
    .resample = pakupaku_resample,
    .conceal = pakupaku_conceal,
    .public_head = offsetof(pakupaku_state, rng),
    .name = pakupaku__name,
    .parse = pakupaku__parse,
    .render = pakupaku__render,
    .stats = pakupaku_stats,
    .plan_key = pakupaku_plan_key,
    .ready_at = pakupaku_ready_at,
    .skill_error = pakupaku__skill_error,
    .lesson_targets = lesson_targets,
};
