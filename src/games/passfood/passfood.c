/* passfood.c: the rules of Pass the Party Food (rulebook
 * pass-the-party-food.txt, rulings PPF-1..PPF-11).
 *
 * The game in our words. 2 to 4 players work together against Ziggy the
 * dog. 80 food tiles (20 snake, 20 biscuit, 15 fairy bread, 15 pikelet,
 * 10 lamington) sit in a bag. A player board has a column of 4 spaces per
 * food, Ziggy's board a column of 3; a tile goes to the top free space of
 * its column, or to the discard area when the column is full, and columns
 * close up after any removal (PPF-1). A full column or one tile of every
 * food in a row is a set; scoring it discards its tiles and moves the
 * owner's pawn by the printed points (PPF-2, PPF-3). Pawns that pass or
 * land on lucky dip spaces draw one tile per dip onto their own board; a
 * set made that way waits for the owner's next scoring chance (PPF-4).
 *
 * A turn: (1) a tile goes to Ziggy; (2) Ziggy scores one complete set (the
 * active player picks when there are several); (3) the active player draws
 * three tiles one at a time, putting each on a free plate before the next
 * is drawn: left plate to seat+1, centre to self, right to seat-1; with 2
 * players the third space is an X whose tile is discarded (PPF-7); (4) the
 * player may score one set unless on the cake; (5) the player is caught
 * when Ziggy's space is at or past theirs (not when on the cake) (PPF-6).
 * Ziggy on the cake loses at once; every player on the cake wins at once
 * (PPF-5). Tokens (2 swaps, 1 take each) are used by the active player at
 * four points of their turn: before step 1, before step 2, before step 4
 * and before step 5 (PPF-8). A swap hands a tile to a partner who answers
 * with a tile of their choice or declines. An empty bag is refilled from
 * the discard area; with both empty the draw is skipped (PPF-9). A game
 * still running after turn 500 is lost.
 *
 * Decisions are actions: the engine plays every step that needs no choice
 * by itself, and stops at a token point only when the active player has a
 * token they could use. State encoding: passfood.h. The bag is the only
 * hidden thing (its order); resample shuffles it from a sorted order. */
#include "games/passfood/passfood.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const passfood__food_names[PASSFOOD_FOODS] = {"snake", "biscuit", "fairy bread",
                                                          "pikelet", "lamington"};
const uint8_t passfood__supply[PASSFOOD_FOODS] = {20, 20, 15, 15, 10};
static const char food_letter[PASSFOOD_FOODS] = {'S', 'B', 'F', 'P', 'L'};

#define ZIGGY (-1) /* the seat events' facts give Ziggy */

#define EV(...)                                                                                    \
    do {                                                                                           \
        if (ev)                                                                                    \
            pf_events_add(ev, __VA_ARGS__);                                                        \
    } while (0)

/* ---- boards ------------------------------------------------------------- */

/* Removes set `bit` (a bit of passfood__board_sets) from a board. */
static void remove_set(uint8_t c[PASSFOOD_FOODS], int bit)
{
    if (bit < 5) {
        c[bit] = 0;
    } else {
        for (int f = 0; f < PASSFOOD_FOODS; f++) {
            assert(c[f] > 0);
            c[f]--;
        }
    }
}

/* ---- the bag ------------------------------------------------------------ */

/* Draws the next tile, refilling the bag from the discard area first when it
 * is empty (PPF-9); NONE when both are empty (the draw is skipped). */
static uint8_t draw(passfood_state *s, pf_events *ev)
{
    if (s->bag_n == 0) {
        for (int f = 0; f < PASSFOOD_FOODS; f++) {
            for (int i = 0; i < s->discard[f]; i++)
                s->bag[s->bag_n++] = (uint8_t)f;
            s->discard[f] = 0;
        }
        if (s->bag_n == 0) {
            EV(-1, "skip", "The bag and the discard area are empty: no tile is drawn.");
            return PASSFOOD_NONE;
        }
        if (!s->deal_lazily)
            pf_rng_shuffle_u8(&s->rng, s->bag, s->bag_n);
        EV(-1, "refill", "The bag was empty: the %d discarded tiles go back into it.", s->bag_n);
        pf_events_int(ev, "tiles", s->bag_n);
    }
    if (s->deal_lazily) {
        /* any tile of the bag (refilled or not, it lies in food order), as
         * likely as under a shuffle; the last one fills its place */
        uint32_t j = pf_rng_below(&s->rng, s->bag_n);
        uint8_t f = s->bag[j];
        s->bag[j] = s->bag[--s->bag_n];
        return f;
    }
    return s->bag[--s->bag_n];
}

/* Puts tile f back into the bag at a random place (setup redraws). */
static void return_to_bag(passfood_state *s, uint8_t f)
{
    int j = (int)pf_rng_below(&s->rng, (uint32_t)s->bag_n + 1);
    memmove(&s->bag[j + 1], &s->bag[j], (size_t)(s->bag_n - j));
    s->bag[j] = f;
    s->bag_n++;
}

/* Player p receives tile f (PPF-1: top free space, else the discard area). */
static void give_player(passfood_state *s, int p, uint8_t f, pf_events *ev)
{
    if (s->board[p][f] < PASSFOOD_PROWS) {
        s->board[p][f]++;
    } else {
        s->discard[f]++;
        EV(-1, "discard", PF_SEAT_CAP " has no space for a %s: it is discarded.", p,
           passfood__food_names[f]);
        pf_events_int(ev, "seat", p);
        pf_events_str(ev, "food", passfood__food_names[f]);
    }
}

/* Ziggy receives tile f. */
static void give_ziggy(passfood_state *s, uint8_t f, pf_events *ev)
{
    if (s->zboard[f] < PASSFOOD_ZROWS) {
        s->zboard[f]++;
    } else {
        s->discard[f]++;
        EV(-1, "discard", "Ziggy has no space for a %s: it is discarded.", passfood__food_names[f]);
        pf_events_int(ev, "seat", ZIGGY);
        pf_events_str(ev, "food", passfood__food_names[f]);
    }
}

/* ---- moving pawns ------------------------------------------------------- */

/* Lucky dips in (from, to]. */
static int dips_between(const passfood_numbers *n, int from, int to)
{
    int k = 0;
    for (int i = 0; i < n->ndips; i++)
        if (n->dips[i] > from && n->dips[i] <= to)
            k++;
    return k;
}

static void lose(passfood_state *s, int why)
{
    s->outcome = PASSFOOD_LOST;
    s->why = (uint8_t)why;
    s->phase = PASSFOOD_PH_OVER;
}

/* The facts of a set scored: which, its points and the pawn's move. */
static void tell_set(pf_events *ev, int bit, int pts, int from, int to)
{
    pf_events_str(ev, "set", bit < 5 ? "column" : "row");
    if (bit < 5)
        pf_events_str(ev, "food", passfood__food_names[bit]);
    else
        pf_events_int(ev, "row", bit - 5);
    pf_events_int(ev, "points", pts);
    pf_events_int(ev, "from", from);
    pf_events_int(ev, "to", to);
}

/* Ziggy scores set `bit`: discard it, move, lucky dips, the cake (PPF-3..5). */
static void ziggy_score(passfood_state *s, int bit, pf_events *ev)
{
    int pts = bit < 5 ? s->num.zcol[bit] : s->num.zrow[bit - 5];
    if (bit < 5)
        s->discard[bit] += s->zboard[bit];
    else
        for (int f = 0; f < PASSFOOD_FOODS; f++)
            s->discard[f]++;
    remove_set(s->zboard, bit);
    int from = s->zpos, to = from + pts;
    if (bit < 5)
        EV(-1, "zscore", "Ziggy scores the %s column: %d points.", passfood__food_names[bit], pts);
    else
        EV(-1, "zscore", "Ziggy scores row %d: %d points.", bit - 4, pts);
    tell_set(ev, bit, pts, from, to < s->num.cake ? to : s->num.cake);
    if (to >= s->num.cake) {
        s->zpos = s->num.cake;
        EV(-1, "lost", "Ziggy reaches the birthday cake: the party is over.");
        pf_events_str(ev, "cause", "cake");
        lose(s, PASSFOOD_WHY_ZIGGY_CAKE);
        return;
    }
    s->zpos = (uint8_t)to;
    for (int k = dips_between(&s->num, from, to); k > 0; k--) {
        uint8_t t = draw(s, ev);
        if (t == PASSFOOD_NONE)
            break;
        EV(-1, "dip", "Lucky dip for Ziggy: a %s.", passfood__food_names[t]);
        pf_events_int(ev, "seat", ZIGGY);
        pf_events_str(ev, "food", passfood__food_names[t]);
        give_ziggy(s, t, ev);
    }
}

/* The active player scores set `bit` (PPF-3..5). */
static void player_score(passfood_state *s, int bit, pf_events *ev)
{
    int p = s->active;
    int pts = bit < 5 ? s->num.pcol[bit] : s->num.prow[bit - 5];
    if (bit < 5)
        s->discard[bit] += s->board[p][bit];
    else
        for (int f = 0; f < PASSFOOD_FOODS; f++)
            s->discard[f]++;
    remove_set(s->board[p], bit);
    int from = s->pos[p], to = from + pts;
    if (to > s->num.cake)
        to = s->num.cake;
    if (bit < 5)
        EV(-1, "score", PF_SEAT_CAP " scores the %s column: %d points.", p,
           passfood__food_names[bit], pts);
    else
        EV(-1, "score", PF_SEAT_CAP " scores row %d: %d points.", p, bit - 4, pts);
    pf_events_int(ev, "seat", p);
    tell_set(ev, bit, pts, from, to);
    s->pos[p] = (uint8_t)to;
    for (int k = dips_between(&s->num, from, to); k > 0; k--) {
        uint8_t t = draw(s, ev);
        if (t == PASSFOOD_NONE)
            break;
        EV(-1, "dip", "Lucky dip for " PF_SEAT ": a %s.", p, passfood__food_names[t]);
        pf_events_int(ev, "seat", p);
        pf_events_str(ev, "food", passfood__food_names[t]);
        give_player(s, p, t, ev);
    }
    if (to == s->num.cake) {
        EV(-1, "cake", PF_SEAT_CAP " reaches the birthday cake.", p);
        pf_events_int(ev, "seat", p);
        int all = 1;
        for (int q = 0; q < s->seats; q++)
            all &= s->pos[q] == s->num.cake;
        if (all) {
            s->outcome = PASSFOOD_WON;
            s->why = PASSFOOD_WHY_ALL_ON_CAKE;
            s->phase = PASSFOOD_PH_OVER;
            EV(-1, "won", "Everyone is on the birthday cake: the team wins!");
        }
    }
}

/* ---- the turn ----------------------------------------------------------- */

/* The seat after p and the seat before it, without a division (a few a
 * turn, on the way of every playout). */
static inline int seat_after(const passfood_state *s, int p)
{
    return p + 1 == s->seats ? 0 : p + 1;
}

static inline int seat_before(const passfood_state *s, int p)
{
    return (p == 0 ? s->seats : p) - 1;
}

static bool on_cake(const passfood_state *s, int p)
{
    return s->pos[p] >= s->num.cake;
}

/* The foods of a board with at least one tile, as bits. */
static unsigned foods_held(const uint8_t c[PASSFOOD_FOODS])
{
    return (unsigned)(c[0] != 0) | (unsigned)(c[1] != 0) << 1 | (unsigned)(c[2] != 0) << 2 |
           (unsigned)(c[3] != 0) << 3 | (unsigned)(c[4] != 0) << 4;
}

/* True when a board holds a tile: its first four counts read as one word. */
static bool board_held(const uint8_t c[PASSFOOD_FOODS])
{
    uint32_t first4;
    memcpy(&first4, c, sizeof first4);
    return (first4 | c[4]) != 0;
}

/* The seats the active player may offer a swap to now, as bits: the others
 * holding a tile that have not declined this turn. (Without a branch or a
 * loop: their outcomes vary from step to step, and the loop over the seats
 * cost a playout a tenth of its time.) */
static inline unsigned swap_partners(const passfood_state *s)
{
    _Static_assert(PASSFOOD_MAX_SEATS == 4, "a board_held for every seat");
    unsigned held = (unsigned)board_held(s->board[0]) | (unsigned)board_held(s->board[1]) << 1 |
                    (unsigned)board_held(s->board[2]) << 2 | (unsigned)board_held(s->board[3]) << 3;
    return held & ((1u << s->seats) - 1) & ~(1u << s->active) & ~(unsigned)s->declined;
}

/* True when the active player holds a token they could use now. */
static inline bool tokens_usable(const passfood_state *s)
{
    int a = s->active;
    return (s->takes[a] && board_held(s->zboard)) ||
           (s->swaps[a] && board_held(s->board[a]) && swap_partners(s));
}

/* Draws the next plate tile into s->drawn (NONE when no draw is left or
 * possible). */
static void draw_for_plate(passfood_state *s, pf_events *ev)
{
    s->drawn = PASSFOOD_NONE;
    if (s->ndraws >= 3)
        return;
    uint8_t t = draw(s, ev);
    if (t == PASSFOOD_NONE) {
        s->ndraws = 3; /* both empty: nothing can refill them during step 3 */
        return;
    }
    s->ndraws++;
    s->drawn = t;
    EV(-1, "draw", PF_SEAT_CAP " draws a %s for a plate.", s->active, passfood__food_names[t]);
    pf_events_int(ev, "seat", s->active);
    pf_events_str(ev, "food", passfood__food_names[t]);
}

/* Step 3 begins. */
static void start_plates(passfood_state *s, pf_events *ev)
{
    s->plate[0] = s->plate[1] = s->plate[2] = PASSFOOD_NONE;
    s->ndraws = 0;
    s->phase = PASSFOOD_PH_PLATE;
    draw_for_plate(s, ev);
}

/* Hands out the plates (PPF-7). */
static void distribute(passfood_state *s, pf_events *ev)
{
    int a = s->active, n = s->seats;
    int left = seat_after(s, a), right = seat_before(s, a);
    if (s->plate[0] != PASSFOOD_NONE)
        give_player(s, left, s->plate[0], ev);
    if (s->plate[1] != PASSFOOD_NONE)
        give_player(s, a, s->plate[1], ev);
    if (s->plate[2] != PASSFOOD_NONE) {
        if (n == 2)
            s->discard[s->plate[2]]++;
        else
            give_player(s, right, s->plate[2], ev);
    }
    EV(-1, "share", PF_SEAT_CAP " hands out the plates.", a);
    pf_events_int(ev, "seat", a);
    /* the food on each plate (the last one was filled without a choice) */
    static const char *const plate_name[3] = {"left", "centre", "right"};
    for (int j = 0; j < 3; j++)
        if (s->plate[j] != PASSFOOD_NONE)
            pf_events_str(ev, n == 2 && j == 2 ? "x" : plate_name[j],
                          passfood__food_names[s->plate[j]]);
    s->plate[0] = s->plate[1] = s->plate[2] = PASSFOOD_NONE;
}

/* Step 5 and the passage to the next turn. */
static void end_turn(passfood_state *s, pf_events *ev)
{
    int a = s->active;
    if (!on_cake(s, a) && s->zpos >= s->pos[a]) {
        EV(-1, "lost", "Ziggy has caught " PF_SEAT ": the party is over.", a);
        pf_events_str(ev, "cause", "caught");
        pf_events_int(ev, "seat", a);
        lose(s, PASSFOOD_WHY_CAUGHT);
        return;
    }
    if (s->turn + 1 >= PASSFOOD_TURN_LIMIT) {
        EV(-1, "lost", "Turn %d is over and the party with it.", PASSFOOD_TURN_LIMIT);
        pf_events_str(ev, "cause", "turns");
        pf_events_int(ev, "turns", PASSFOOD_TURN_LIMIT);
        lose(s, PASSFOOD_WHY_TURN_LIMIT);
        return;
    }
    s->turn++;
    s->active = (uint8_t)seat_after(s, a);
    s->declined = 0;
    s->last_zdraw = PASSFOOD_NONE;
    s->phase = PASSFOOD_PH_START;
}

/* Step 1: a tile for Ziggy. */
static void ziggy_draw(passfood_state *s, pf_events *ev)
{
    uint8_t t = draw(s, ev);
    s->last_zdraw = t;
    if (t != PASSFOOD_NONE) {
        EV(-1, "zdraw", "Ziggy grabs a %s.", passfood__food_names[t]);
        pf_events_str(ev, "food", passfood__food_names[t]);
        give_ziggy(s, t, ev);
    }
}

/* Lowest set bit. */
static int first_bit(unsigned x)
{
    return __builtin_ctz(x);
}

/* More than one bit set. */
static bool several(unsigned x)
{
    return (x & (x - 1)) != 0;
}

/* Leaves the current decision point without using anything there. */
PF_INLINE void carry_on(passfood_state *s, pf_events *ev)
{
    switch (s->phase) {
    case PASSFOOD_PH_START:
        ziggy_draw(s, ev);
        s->phase = PASSFOOD_PH_ZIGGY;
        break;
    case PASSFOOD_PH_ZIGGY: {
        unsigned z = passfood__ziggy_sets(s->zboard);
        assert(!several(z));
        if (z)
            ziggy_score(s, first_bit(z), ev);
        if (s->phase != PASSFOOD_PH_OVER)
            start_plates(s, ev);
        break;
    }
    case PASSFOOD_PH_SCORE:
        s->phase = PASSFOOD_PH_END;
        break;
    case PASSFOOD_PH_END:
        end_turn(s, ev);
        break;
    default:
        assert(0);
    }
}

/* Plays every step that needs no decision, stopping at the next decision
 * or at the end of the game. The steps come in the turn's own order, each
 * tested in turn (a switch on the phase made an indirect jump a step, which
 * mispredicted in playouts); carry_on is inlined into each with its phase
 * known. */
PF_INLINE void advance(passfood_state *s, pf_events *ev)
{
    for (;;) {
        if (s->phase == PASSFOOD_PH_START) {
            if (tokens_usable(s))
                return;
            carry_on(s, ev);
        }
        if (s->phase == PASSFOOD_PH_ZIGGY) {
            if (tokens_usable(s) || several(passfood__ziggy_sets(s->zboard)))
                return;
            carry_on(s, ev);
        }
        while (s->phase == PASSFOOD_PH_PLATE) {
            if (s->drawn == PASSFOOD_NONE) {
                distribute(s, ev);
                s->phase = PASSFOOD_PH_SCORE;
                break;
            }
            bool free0 = s->plate[0] == PASSFOOD_NONE, free1 = s->plate[1] == PASSFOOD_NONE,
                 free2 = s->plate[2] == PASSFOOD_NONE;
            if (free0 + free1 + free2 > 1)
                return;
            s->plate[free1 + 2 * free2] = s->drawn; /* the one free plate */
            draw_for_plate(s, ev);
        }
        if (s->phase == PASSFOOD_PH_SCORE) {
            if (tokens_usable(s) ||
                (!on_cake(s, s->active) && passfood__player_sets(s->board[s->active])))
                return;
            carry_on(s, ev);
        }
        if (s->phase != PASSFOOD_PH_END || tokens_usable(s))
            return; /* the game is over, a swap waits for its answer, or a decision */
        carry_on(s, ev);
    }
}

/* ---- setup -------------------------------------------------------------- */

/* Reads tile letters (S B F P L, any case; blanks ignored) until a stop
 * character or the end; returns the count, or -1 on a bad letter. */
static int read_tiles(const char *txt, const char *stop, uint8_t *out, int cap, const char **end)
{
    int n = 0;
    for (; *txt && !strchr(stop, *txt); txt++) {
        if (isspace((unsigned char)*txt))
            continue;
        int f = -1;
        for (int i = 0; i < PASSFOOD_FOODS; i++)
            if (toupper((unsigned char)*txt) == food_letter[i])
                f = i;
        if (f < 0 || n >= cap)
            return -1;
        out[n++] = (uint8_t)f;
    }
    if (end)
        *end = txt;
    return n;
}

/* Reads up to cap comma-separated whole numbers in [lo, hi]; -1 on error. */
static int read_ints(const char *txt, int lo, int hi, int *out, int cap)
{
    int n = 0;
    while (*txt) {
        while (*txt == ' ' || *txt == ',')
            txt++;
        if (!*txt)
            break;
        char *e;
        long v = strtol(txt, &e, 10);
        if (e == txt || v < lo || v > hi || n >= cap)
            return -1;
        out[n++] = (int)v;
        txt = e;
    }
    return n;
}

static const char *const swaps_menu[] = {"2", "1", "0", NULL};
static const char *const takes_menu[] = {"1", "0", NULL};
static const char *const rest_choices[] = {"bag", "discard", NULL};

static const pf_option_def options[] = {
    {.key = "difficulty", .def = "3", .label = "Difficulty", .kind = PF_OPT_INT, .min = 0,
     .max = 6, .menu = true,
     .help = "How many tiles Ziggy starts with: 0 is gentle, 6 is hard."},
    {.key = "swaps", .def = "2", .label = "Swap tokens each", .kind = PF_OPT_INT, .min = 0,
     .max = 2, .choices = swaps_menu, .menu = true,
     .help = "Swap tokens for each player, 0 to 2: a swap trades one of your tiles for one of "
             "a friend's."},
    {.key = "takes", .def = "1", .label = "Take tokens each", .kind = PF_OPT_INT, .min = 0,
     .max = 1, .choices = takes_menu, .menu = true,
     .help = "Take tokens for each player, 0 or 1: a take grabs a tile back from Ziggy's "
             "board."},
    {.key = "bag", .def = "", .label = "Fixed bag", .kind = PF_OPT_TEXT, .fixes_chance = true,
     .help = "A fixed bag order, first drawn first: letters S B F P L (snake, biscuit, fairy "
             "bread, pikelet, lamington); the other tiles follow, shuffled."},
    {.key = "rest", .def = "bag", .label = "Other tiles", .kind = PF_OPT_CHOICE,
     .choices = rest_choices, .fixes_chance = true,
     .help = "Where the tiles not named in `bag` start: in the bag or the discard area."},
    {.key = "boards", .def = "", .label = "Starting boards", .kind = PF_OPT_TEXT,
     .fixes_chance = true,
     .help = "Players' starting tiles instead of 2 random ones: one group of letters per "
             "seat, separated by '/' (e.g. SB/FP)."},
    {.key = "ziggy", .def = "", .label = "Ziggy's board", .kind = PF_OPT_TEXT,
     .fixes_chance = true,
     .help = "Ziggy's starting tiles instead of `difficulty` random ones."},
    {.key = "pos", .def = "", .label = "Start spaces", .kind = PF_OPT_TEXT,
     .help = "Players' start spaces, comma separated (empty: the table's)."},
    {.key = "zpos", .def = "", .label = "Ziggy's start", .kind = PF_OPT_TEXT,
     .help = "Ziggy's start space (empty: the table's)."},
    {.key = "numbers", .def = "", .label = "Printed numbers", .kind = PF_OPT_TEXT,
     .help = "The table of printed numbers as text 'key: values ...'; keys left out keep the "
             "default."},
    {0},
};

/* Announces a starting board (PPF-10: the setup tiles lie face up), so the
 * events tell every outcome of the setup draws. */
static void tell_board(pf_events *ev, int seat, const uint8_t *board)
{
    if (!ev)
        return; /* playouts ask for no events: no text to build */
    char list[128] = "";
    size_t len = 0;
    _Static_assert(PASSFOOD_FOODS * PASSFOOD_PROWS <= PF_EVENT_ITEMS, "a board fits an event");
    const char *foods[PASSFOOD_FOODS * PASSFOOD_PROWS];
    int n = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        if (board[f] && len < sizeof list)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%d %s", len ? ", " : "",
                                    board[f], passfood__food_names[f]);
        for (int k = 0; k < board[f]; k++)
            foods[n++] = passfood__food_names[f];
    }
    if (seat >= 0)
        EV(-1, "setup", PF_SEAT_CAP " starts with %s.", seat, len ? list : "an empty board");
    else
        EV(-1, "setup", "Ziggy starts with %s.", len ? list : "an empty board");
    pf_events_int(ev, "seat", seat);
    pf_events_list(ev, "foods", foods, n);
}

static pf_err passfood_init(void *vs, int seats, const pf_options *opt, uint64_t seed,
                            pf_events *ev, pf_error *err)
{
    passfood_state *s = vs;
    memset(s, 0, sizeof *s);
    pf_rng_seed(&s->rng, seed);
    s->seats = (uint8_t)seats;
    /* 0 is a snake: every "no tile" field must say so before step 3 fills it */
    memset(s->plate, PASSFOOD_NONE, sizeof s->plate);
    s->drawn = PASSFOOD_NONE;
    s->last_zdraw = PASSFOOD_NONE;

    char msg[200];
    s->num = passfood__default_table;
    const char *v = pf_options_get(opt, "numbers");
    /* The value is the table itself: the rules never open a file (the
     * command line reads one for --option numbers=@FILE). */
    if (v && !passfood__numbers_parse(v, &s->num, msg, sizeof msg))
        return pf_error_set(err, PF_E_BAD_OPTION, "option 'numbers': %s%s", msg,
                            strchr(v, ':') ? ""
                                           : " (the value is the table's text, "
                                             "'key: values ...', not a file name)");

    int difficulty, swaps, takes;
    pf_err e;
    if ((e = pf_options_int(opt, "difficulty", 3, 0, 6, &difficulty, err)) ||
        (e = pf_options_int(opt, "swaps", 2, 0, 2, &swaps, err)) ||
        (e = pf_options_int(opt, "takes", 1, 0, 1, &takes, err)))
        return e;

    uint8_t pool[PASSFOOD_FOODS];
    memcpy(pool, passfood__supply, sizeof pool);

    /* Fixed starting boards. */
    bool fixed_boards = false, fixed_ziggy = false;
    v = pf_options_get(opt, "boards");
    if (v && *v) {
        fixed_boards = true;
        const char *p = v;
        for (int q = 0; q < seats; q++) {
            uint8_t t[20];
            int n = read_tiles(p, "/,", t, 20, &p);
            if (n < 0)
                return pf_error_set(err, PF_E_BAD_OPTION,
                                    "option 'boards': use letters S B F P L, one group "
                                    "per seat separated by '/'");
            for (int i = 0; i < n; i++) {
                if (s->board[q][t[i]] == PASSFOOD_PROWS)
                    return pf_error_set(err, PF_E_BAD_OPTION,
                                        "option 'boards': seat %d has more than 4 %s", q + 1,
                                        passfood__food_names[t[i]]);
                s->board[q][t[i]]++;
            }
            if (q + 1 < seats) {
                if (*p != '/' && *p != ',')
                    return pf_error_set(err, PF_E_BAD_OPTION,
                                        "option 'boards': give one group per seat (%d)", seats);
                p++;
            }
        }
        if (*p)
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "option 'boards': more groups than seats (%d)", seats);
    }
    v = pf_options_get(opt, "ziggy");
    if (v && *v) {
        fixed_ziggy = true;
        uint8_t t[20];
        int n = read_tiles(v, "", t, 20, NULL);
        if (n < 0)
            return pf_error_set(err, PF_E_BAD_OPTION, "option 'ziggy': use letters S B F P L");
        for (int i = 0; i < n; i++) {
            if (s->zboard[t[i]] == PASSFOOD_ZROWS)
                return pf_error_set(err, PF_E_BAD_OPTION, "option 'ziggy': more than 3 %s",
                                    passfood__food_names[t[i]]);
            s->zboard[t[i]]++;
        }
    }
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        int used = s->zboard[f];
        for (int q = 0; q < seats; q++)
            used += s->board[q][f];
        if (used > pool[f])
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "options 'boards'/'ziggy' use more than the %d %s tiles", pool[f],
                                passfood__food_names[f]);
        pool[f] = (uint8_t)(pool[f] - used);
    }

    /* The bag: the fixed order on top, the rest shuffled below it (or in the
     * discard area). */
    uint8_t fixed[PASSFOOD_TILES];
    int nfixed = 0;
    v = pf_options_get(opt, "bag");
    if (v && *v) {
        nfixed = read_tiles(v, "", fixed, PASSFOOD_TILES, NULL);
        if (nfixed < 0)
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "option 'bag': use at most 80 letters S B F P L");
        for (int i = 0; i < nfixed; i++) {
            if (pool[fixed[i]] == 0)
                return pf_error_set(err, PF_E_BAD_OPTION,
                                    "option 'bag': more %s tiles than the game has left",
                                    passfood__food_names[fixed[i]]);
            pool[fixed[i]]--;
        }
    }
    bool rest_discard = false;
    v = pf_options_get(opt, "rest");
    if (v && *v) {
        if (strcmp(v, "discard") == 0)
            rest_discard = true;
        else if (strcmp(v, "bag") != 0)
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "option 'rest' must be 'bag' or 'discard', not '%.40s'", v);
    }
    if (rest_discard) {
        memcpy(s->discard, pool, sizeof pool);
    } else {
        for (int f = 0; f < PASSFOOD_FOODS; f++)
            for (int i = 0; i < pool[f]; i++)
                s->bag[s->bag_n++] = (uint8_t)f;
        pf_rng_shuffle_u8(&s->rng, s->bag, s->bag_n);
    }
    for (int i = nfixed - 1; i >= 0; i--)
        s->bag[s->bag_n++] = fixed[i];

    /* Positions and tokens. */
    int pos[PASSFOOD_MAX_SEATS], zpos = s->num.zstart;
    for (int q = 0; q < seats; q++)
        pos[q] = s->num.pstart;
    v = pf_options_get(opt, "pos");
    if (v && *v) {
        if (read_ints(v, 0, s->num.cake, pos, PASSFOOD_MAX_SEATS) != seats)
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "option 'pos': give %d spaces from 0 to %d, comma separated", seats,
                                s->num.cake);
    }
    v = pf_options_get(opt, "zpos");
    if (v && *v) {
        if (read_ints(v, 0, s->num.cake - 1, &zpos, 1) != 1)
            return pf_error_set(err, PF_E_BAD_OPTION, "option 'zpos' must be a space from 0 to %d",
                                s->num.cake - 1);
    }
    int below = 0;
    for (int q = 0; q < seats; q++) {
        s->pos[q] = (uint8_t)pos[q];
        s->swaps[q] = (uint8_t)swaps;
        s->takes[q] = (uint8_t)takes;
        below += pos[q] < s->num.cake;
    }
    if (!below)
        return pf_error_set(err, PF_E_BAD_OPTION,
                            "option 'pos': at least one player must start before the cake");
    s->zpos = (uint8_t)zpos;

    /* Setup draws (PPF-10): players first, seat by seat, then Ziggy. */
    if (!fixed_boards)
        for (int q = 0; q < seats; q++)
            for (int i = 0; i < 2; i++) {
                uint8_t t = draw(s, ev);
                if (t != PASSFOOD_NONE)
                    give_player(s, q, t, ev);
            }
    if (!fixed_ziggy) {
        int placed = 0, tries = 0;
        while (placed < difficulty && tries++ < 200) {
            uint8_t t = draw(s, ev);
            if (t == PASSFOOD_NONE)
                break;
            if ((t == PASSFOOD_LAMINGTON && s->zboard[t] >= 1) || s->zboard[t] >= PASSFOOD_ZROWS) {
                return_to_bag(s, t);
                continue;
            }
            s->zboard[t]++;
            placed++;
        }
    }
    for (int q = 0; q < seats; q++)
        tell_board(ev, q, s->board[q]);
    tell_board(ev, -1, s->zboard);
    s->active = 0;
    s->phase = PASSFOOD_PH_START;
    advance(s, ev);
    return PF_E_OK;
}

/* ---- the interface ------------------------------------------------------ */

static uint32_t passfood_to_act(const void *vs)
{
    const passfood_state *s = vs;
    if (s->phase == PASSFOOD_PH_OVER)
        return 0;
    if (s->phase == PASSFOOD_PH_ANSWER)
        return 1u << s->swap_to;
    return 1u << s->active;
}

/* The legal actions of seat as a bit set, bit a for action a: PASSFOOD_A_COUNT
 * bits in two words. The encoding is in legal order, so reading the bits
 * upwards is the sorted list; and a set is built with few branches. */
typedef struct passfood_set {
    uint64_t w[2];
} passfood_set;
_Static_assert(PASSFOOD_A_COUNT <= 128, "every action has its bit");

static passfood_set legal_set(const passfood_state *s, int seat)
{
    passfood_set l = {{0, 0}};
    if (!(passfood_to_act(s) >> seat & 1))
        return l;
    int a = s->active;
    uint64_t w = 0;
    switch (s->phase) {
    case PASSFOOD_PH_ANSWER: {
        int p = s->swap_to, g = s->swap_food;
        unsigned answers = foods_held(s->board[p]) | (s->board[p][g] < PASSFOOD_PROWS) << g;
        w = (uint64_t)answers << PASSFOOD_A_ANSWER;
        l.w[0] = w;
        l.w[1] = (answers >> (64 - PASSFOOD_A_ANSWER)) | 1u << (PASSFOOD_A_DECLINE - 64);
        return l;
    }
    case PASSFOOD_PH_PLATE:
        for (int j = 0; j < 3; j++)
            if (s->plate[j] == PASSFOOD_NONE)
                w |= 1ull << (j == 2 && s->seats == 2 ? PASSFOOD_A_PLATE_X : PASSFOOD_A_PLATE + j);
        l.w[0] = w;
        return l;
    default:
        break;
    }
    unsigned zs = s->phase == PASSFOOD_PH_ZIGGY ? passfood__ziggy_sets(s->zboard) : 0;
    bool zchoice = several(zs);
    w = !zchoice;
    if (s->phase == PASSFOOD_PH_SCORE && !on_cake(s, a))
        w |= (uint64_t)passfood__player_sets(s->board[a]) << PASSFOOD_A_SCORE_COL;
    if (zchoice)
        w |= (uint64_t)zs << PASSFOOD_A_ZSCORE_COL;
    if (s->takes[a])
        w |= (uint64_t)foods_held(s->zboard) << PASSFOOD_A_TAKE;
    uint64_t mine = foods_held(s->board[a]);
    if (s->swaps[a] && mine) {
        unsigned partners = swap_partners(s);
        for (int p = 0; p < PASSFOOD_MAX_SEATS; p++)
            w |= (mine * (partners >> p & 1)) << (PASSFOOD_A_SWAP + p * PASSFOOD_FOODS);
    }
    l.w[0] = w;
    return l;
}

static int passfood_legal(const void *vs, int seat, pf_action *out, int cap)
{
    (void)cap;
    passfood_set l = legal_set(vs, seat);
    int n = 0;
    for (uint64_t w = l.w[0]; w; w &= w - 1)
        out[n++] = (pf_action)__builtin_ctzll(w);
    for (uint64_t w = l.w[1]; w; w &= w - 1) /* a swap's answer: lamington, decline */
        out[n++] = (pf_action)(64 + __builtin_ctzll(w));
    return n;
}

/* passfood_legal's action at index pf_rng_scale(r, its count): the list is
 * short, and reading it off the bit set costs less than counting the bits. */
static pf_action passfood_legal_pick(const void *vs, int seat, uint32_t r)
{
    pf_action l[PASSFOOD_A_COUNT];
    int n = passfood_legal(vs, seat, l, PASSFOOD_A_COUNT);
    if (n == 0) /* never: seat may act (game.h), which gcc cannot see */
        __builtin_unreachable();
    return l[pf_rng_scale(r, (uint32_t)n)];
}

/* What an action does, by its number: one jump to its rules, where testing
 * its range kind by kind took a branch a kind, each mispredicted in
 * playouts, whose actions are random. */
enum {
    KIND_NONE,
    KIND_CARRY,
    KIND_PLATE,
    KIND_SCORE,
    KIND_ZSCORE,
    KIND_TAKE,
    KIND_SWAP,
    KIND_ANSWER,
    KIND_DECLINE
};
#define KINDS(from, to, k) [from ... to] = k
static const uint8_t kind_of[PASSFOOD_A_COUNT] = {
    KINDS(PASSFOOD_A_CARRY, PASSFOOD_A_CARRY, KIND_CARRY),
    KINDS(PASSFOOD_A_PLATE, PASSFOOD_A_PLATE_X, KIND_PLATE),
    KINDS(PASSFOOD_A_SCORE_COL, PASSFOOD_A_ZSCORE_COL - 1, KIND_SCORE),
    KINDS(PASSFOOD_A_ZSCORE_COL, PASSFOOD_A_TAKE - 1, KIND_ZSCORE),
    KINDS(PASSFOOD_A_TAKE, PASSFOOD_A_TAKE + PASSFOOD_FOODS - 1, KIND_TAKE),
    KINDS(PASSFOOD_A_SWAP, PASSFOOD_A_ANSWER - 1, KIND_SWAP),
    KINDS(PASSFOOD_A_ANSWER, PASSFOOD_A_DECLINE - 1, KIND_ANSWER),
    KINDS(PASSFOOD_A_DECLINE, PASSFOOD_A_DECLINE, KIND_DECLINE),
};

/* The rules of one decision, written once: apply calls them with events
 * (play_told) or without (a playout's copy, compiled without them). */
PF_INLINE void play(passfood_state *s, pf_action act, pf_events *ev)
{
    int a = s->active;
    assert(act < PASSFOOD_A_COUNT && kind_of[act] != KIND_NONE);
    switch (kind_of[act]) {
    case KIND_CARRY:
        carry_on(s, ev);
        break;
    case KIND_PLATE: {
        int j = act == PASSFOOD_A_PLATE_X ? 2 : (int)(act - PASSFOOD_A_PLATE);
        assert(s->plate[j] == PASSFOOD_NONE && s->drawn != PASSFOOD_NONE);
        s->plate[j] = s->drawn;
        static const char *const where[3] = {"left", "centre", "right"};
        bool x = s->seats == 2 && j == 2;
        if (x)
            EV(-1, "plate", PF_SEAT_CAP " puts the %s on the X space.", a,
               passfood__food_names[s->drawn]);
        else
            EV(-1, "plate", PF_SEAT_CAP " puts the %s on the %s plate.", a,
               passfood__food_names[s->drawn], where[j]);
        /* PPF-7: the left plate goes to the next seat, the right one to the
         * seat before (the X space: thrown away) */
        int to[3] = {seat_after(s, a), a, seat_before(s, a)};
        pf_events_int(ev, "seat", a);
        pf_events_str(ev, "food", passfood__food_names[s->drawn]);
        pf_events_str(ev, "plate", x ? "x" : where[j]);
        pf_events_int(ev, "to", x ? -1 : to[j]);
        draw_for_plate(s, ev);
        break;
    }
    case KIND_SCORE:
        player_score(s, (int)(act - PASSFOOD_A_SCORE_COL), ev);
        if (s->phase != PASSFOOD_PH_OVER)
            s->phase = PASSFOOD_PH_END;
        break;
    case KIND_ZSCORE:
        ziggy_score(s, (int)(act - PASSFOOD_A_ZSCORE_COL), ev);
        if (s->phase != PASSFOOD_PH_OVER)
            start_plates(s, ev);
        break;
    case KIND_TAKE: {
        uint8_t f = (uint8_t)(act - PASSFOOD_A_TAKE);
        s->takes[a]--;
        s->zboard[f]--;
        EV(-1, "take", PF_SEAT_CAP " uses a take token: a %s from Ziggy's board.", a,
           passfood__food_names[f]);
        pf_events_int(ev, "seat", a);
        pf_events_str(ev, "food", passfood__food_names[f]);
        give_player(s, a, f, ev);
        break;
    }
    case KIND_SWAP: {
        int k = (int)(act - PASSFOOD_A_SWAP);
        s->swap_to = (uint8_t)(k / 5);
        s->swap_food = (uint8_t)(k % 5);
        s->ret_phase = s->phase;
        s->phase = PASSFOOD_PH_ANSWER;
        EV(-1, "swap", PF_SEAT_CAP " offers " PF_SEAT " a %s for a swap.", a, s->swap_to,
           passfood__food_names[s->swap_food]);
        pf_events_int(ev, "seat", a);
        pf_events_int(ev, "to", s->swap_to);
        pf_events_str(ev, "food", passfood__food_names[s->swap_food]);
        return; /* the partner's answer is a decision: nothing to advance */
    }
    case KIND_ANSWER: {
        uint8_t h = (uint8_t)(act - PASSFOOD_A_ANSWER);
        int p = s->swap_to;
        s->swaps[a]--;
        s->board[a][s->swap_food]--;
        give_player(s, p, s->swap_food, ev);
        assert(s->board[p][h] > 0);
        s->board[p][h]--;
        give_player(s, a, h, ev);
        EV(-1, "swap", PF_SEAT_CAP " gives a %s to " PF_SEAT " and gets a %s back.", a,
           passfood__food_names[s->swap_food], p, passfood__food_names[h]);
        pf_events_int(ev, "seat", a);
        pf_events_int(ev, "to", p);
        pf_events_str(ev, "food", passfood__food_names[s->swap_food]);
        pf_events_str(ev, "back", passfood__food_names[h]);
        s->phase = s->ret_phase;
        break;
    }
    case KIND_DECLINE:
        s->declined |= (uint8_t)(1u << s->swap_to);
        EV(-1, "decline", PF_SEAT_CAP " declines the swap.", s->swap_to);
        pf_events_int(ev, "seat", s->swap_to);
        pf_events_int(ev, "to", a);
        s->phase = s->ret_phase;
        break;
    default:
        assert(0);
    }
    advance(s, ev);
}

/* The rules with events, out of the playouts' way. */
static __attribute__((noinline)) void play_told(passfood_state *s, pf_action act, pf_events *ev)
{
    play(s, act, ev);
}

/* Inline (PF_INLINE), as advance: the playout loop calls it through the
 * descriptor, which the compiler reads, and the whole step is then one
 * function (a few percent of a playout). */
PF_INLINE void passfood_apply(void *vs, int seat, pf_action act, int64_t t_ms, pf_events *ev)
{
    (void)seat;
    (void)t_ms;
    if (ev)
        play_told(vs, act, ev);
    else
        play(vs, act, NULL);
}

/* A playout is one function: every call of the rules below it inlined too
 * (the draws, the plates handed out, the scoring, the turn's end), which
 * leaves out their tests of the events, always NULL here, and the calls
 * (an iteration about 4% less CPU). */
#define PLAYOUT_FLAT __attribute__((flatten))

/* The playouts' pick by the bit instructions of x86-64 processors since
 * 2013 (BMI2's pdep, popcnt), chosen at run time: the k-th action of the
 * set is the k-th set bit, found in a few instructions where writing the
 * list took a loop a legal action, whose exit mispredicted once a step
 * (the list's pick was a quarter of a playout). The same index of the same
 * sorted list, so the same action and draws. Not on AMD's families 15h and
 * 17h (up to Zen 2), where pdep is microcode and slower than the list. */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define BITS_TARGET __attribute__((target("popcnt,bmi,bmi2")))

static inline __attribute__((always_inline)) BITS_TARGET pf_action
legal_pick_bits(const void *vs, int seat, uint32_t r)
{
    passfood_set l = legal_set(vs, seat);
    uint32_t low = (uint32_t)__builtin_popcountll(l.w[0]);
    uint32_t k = pf_rng_scale(r, low + (uint32_t)__builtin_popcountll(l.w[1]));
    if (k < low)
        return (pf_action)__builtin_ctzll(_pdep_u64(1ull << k, l.w[0]));
    return (pf_action)(64 + __builtin_ctzll(_pdep_u64(1ull << (k - low), l.w[1])));
}

/* pf_playout_loop with the pick above, called here itself: through
 * pf_random_action, which an optimizer may keep out of line for the
 * processors without these instructions, it could not be inlined. Never
 * inlined into passfood_playout, whose code runs on any processor (clang
 * flattens it in otherwise). */
static BITS_TARGET PLAYOUT_FLAT __attribute__((noinline)) int
playout_by_bits(void *st, pf_rng *rng, int64_t now, int max_steps)
{
    int steps = 0;
    uint32_t set;
    while ((set = passfood_to_act(st)) != 0) {
        if (steps >= max_steps)
            return -1;
        steps++;
        int seat = __builtin_ctz(set); /* one seat acts: pf_pick_seat draws nothing */
        passfood_apply(st, seat, legal_pick_bits(st, seat, (uint32_t)(pf_rng_next(rng) >> 32)),
                       now, NULL);
    }
    return steps;
}

/* A few loads of the processor's model, which the runtime fills at start. */
static bool pick_by_bits(void)
{
    return !passfood__pick_by_list && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt") && !__builtin_cpu_is("amdfam15h") &&
           !__builtin_cpu_is("amdfam17h");
}
#endif

bool passfood__pick_by_list;

bool passfood__pick_by_bits(void)
{
#ifdef BITS_TARGET
    return pick_by_bits();
#else
    return false;
#endif
}

/* pf_playout with this file's functions inlined (see game.h). */
static PLAYOUT_FLAT int passfood_playout(void *st, pf_rng *rng, int64_t now, int max_steps)
{
#ifdef BITS_TARGET
    if (pick_by_bits())
        return playout_by_bits(st, rng, now, max_steps);
#endif
    return pf_playout_loop(&pf_game_passfood, st, rng, now, max_steps);
}

static bool passfood_over(const void *vs, double *results)
{
    const passfood_state *s = vs;
    if (s->phase != PASSFOOD_PH_OVER)
        return false;
    if (results)
        for (int q = 0; q < s->seats; q++)
            results[q] = s->outcome == PASSFOOD_WON ? 1.0 : 0.0;
    return true;
}

/* The bag's tiles in food order: its contents are public, its order is
 * not. */
static void bag_in_food_order(passfood_state *s)
{
    /* The tiles of each food in the bag, in a byte of one word: the supply
     * less the tiles that lie anywhere else (passfood.h's invariant; the
     * boards of seats not in the game stay empty), a few sums where
     * counting the bag took an add a tile, each waiting on the one before. */
    uint64_t counts = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        int n = passfood__supply[f] - s->discard[f] - s->zboard[f] - s->board[0][f] -
                s->board[1][f] - s->board[2][f] - s->board[3][f] - (s->drawn == f) -
                (s->plate[0] == f) - (s->plate[1] == f) - (s->plate[2] == f);
        counts |= (uint64_t)n << (8 * f);
    }
    /* Each food's run written as 24 bytes at once (a food has at most 20
     * tiles; the next run overwrites the rest), where a loop a food
     * mispredicted at its end. */
    uint8_t sorted[PASSFOOD_TILES + 24];
    int n = 0;
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        uint64_t run = 0x0101010101010101ULL * (uint64_t)f;
        memcpy(sorted + n, &run, 8);
        memcpy(sorted + n + 8, &run, 8);
        memcpy(sorted + n + 16, &run, 8);
        n += (int)(counts >> (8 * f) & 0xff);
    }
    assert(n == s->bag_n);
    memcpy(s->bag, sorted, (size_t)n);
}

static void passfood_resample(void *vs, int seat, pf_rng *rng)
{
    passfood_state *s = vs;
    (void)seat; /* every seat knows the same: the bag's contents, not its order */
    bag_in_food_order(s);
    pf_rng_shuffle_u8(rng, s->bag, s->bag_n);
    pf_rng_seed(&s->rng, pf_rng_next(rng));
    s->deal_lazily = 0;
}

/* For the search, which plays the state out once: the bag is left in food
 * order and each draw picks its tile (a playout draws about 26 of 69
 * tiles, where the shuffle drew a place for every one). */
static void passfood_resample_search(void *vs, int seat, pf_rng *rng)
{
    passfood_state *s = vs;
    (void)seat;
    bag_in_food_order(s);
    pf_rng_seed(&s->rng, pf_rng_next(rng));
    s->deal_lazily = 1;
}

static int passfood_stats(const void *vs, pf_stat *out, int cap)
{
    const passfood_state *s = vs;
    pf_stat all[] = {
        {"won", s->outcome == PASSFOOD_WON},
        {"caught", s->why == PASSFOOD_WHY_CAUGHT},
        {"ziggy_cake", s->why == PASSFOOD_WHY_ZIGGY_CAKE},
        {"ziggy_pos", s->zpos},
        {"turns", s->turn + 1},
    };
    int n = 0;
    for (int i = 0; i < (int)(sizeof all / sizeof all[0]) && n < cap; i++)
        out[n++] = all[i];
    return n;
}

/* In passfood_text.c. */
void passfood__view(const void *st, int seat, pf_jw *w);
int passfood__name(const void *st, pf_action a, char *buf, size_t n);
pf_err passfood__parse(const void *st, const char *s, pf_action *a);
bool passfood__renamed_since_v2(const char *old, char *buf, size_t n);
void passfood__render(const void *st, int seat, char *buf, size_t n);

/* What a lesson may highlight (docs/lessons.md). */
static const char *const lesson_targets[] = {
    "plate left|centre|right|x", "drawn", "board #", "column snake|biscuit|fairy-bread|pikelet|lamington",
    "row #", "ziggy", "ziggy column snake|biscuit|fairy-bread|pikelet|lamington", "ziggy row #",
    "pawn #", "pawn ziggy", "track", "space #", "cake", "token swap|take", "bag", "discard",
    "button carry-on", NULL};

static const pf_test_config test_configs[] = {
    {2, ""},
    {3, ""},
    {4, ""},
    {2, "difficulty=0"},
    {3, "difficulty=1"},
    {4, "difficulty=2"},
    {2, "difficulty=4"},
    {3, "difficulty=5"},
    {4, "difficulty=6"},
    {2, "difficulty=6;swaps=0;takes=0"},
    {3, "difficulty=0;numbers=cake: 12 lucky_dips: 2 3 4 5 6 7 8 9 10 11"},
    {0, NULL},
};

_Static_assert(sizeof(passfood_state) < 1024, "state under 1 KiB");

const pf_game pf_game_passfood = {
    .id = "passfood",
    .title = "Pass the Party Food",
    .summary = "co-operative: pass food around, score sets, stay ahead of Ziggy the dog",
    .min_seats = 2,
    .max_seats = 4,
    .state_size = sizeof(passfood_state),
    /* per turn at most 7 plain decisions and 3 refused swap offers (6
     * actions); over a game at most 4 players x (2 swaps x 2 + 1 take) */
    .max_steps = PASSFOOD_TURN_LIMIT * 13 + 20,
    .result_min = 0,
    .result_max = 1,
    .options = options,
    .test_configs = test_configs,
    .bots = passfood__bots,
    .ladder = passfood__ladder,
    .rules = passfood__rules,
    .brief = passfood__brief,
    .secrets = "Nothing is secret between players, who play as a team: only the order of the "
               "tiles in the bag is hidden from everyone.",
    .real_time = false,
    .bench_bot = NULL,
    .init = passfood_init,
    .to_act = passfood_to_act,
    .legal = passfood_legal,
    .legal_pick = passfood_legal_pick,
    .playout = passfood_playout,
    .check = NULL,
    .apply = passfood_apply,
    .over = passfood_over,
    .view = passfood__view,
    .resample = passfood_resample,
    .resample_search = passfood_resample_search,
    .name = passfood__name,
    .parse = passfood__parse,
    .renamed_since_v2 = passfood__renamed_since_v2,
    .render = passfood__render,
    .stats = passfood_stats,
    .explain = passfood__explain,
    .lesson_targets = lesson_targets,
};
