/* pancake.c: the rules of Yummy Yummy Pancake (rulings YYP-1..YYP-7).
 *
 * The game in our words. A box of 36 pancakes (8 each of strawberry, kiwi,
 * banana and blueberry, 4 chocolate) lies face-down on the table in a hidden
 * order. Seats take turns as chef, seat 0 first, then to the left. A chef
 * tops the pan up to 8 pancakes, all shown face-up, then tosses it: each
 * pancake lands face-down with the chef's chosen probability p, and the toss
 * is repeated with the same p until at least 2 are face-down; face-down
 * pancakes then look alike. With 5 or more face-down the chef secretly takes
 * one of them into their pile. Then the chef shares: picks a face-down
 * pancake and looks at it, names another player, who names a topping; a
 * right guess wins the pancake, a wrong one gives it to the chef, and it is
 * shown to all. The chef shares at least once and may stop any time after;
 * what stays face-down is turned face-up and left in the pan for the next
 * chef. Anyone reaching 12 pancakes wins at once; when the pan cannot be
 * refilled to 8 the biggest pile wins (ties share the win). In the chocolate
 * gamble variant a guess of chocolate also moves one pancake from the chef
 * to the guesser when right, from the guesser to the chef when wrong.
 *
 * State encoding (pancake_state in pancake.h): the table is an array in draw
 * order with a cursor; the pan is a count per topping of face-up pancakes
 * plus a stack of face-down ones in the order they will be taken (the toss
 * shuffles it); the bonus pancake's and the picked pancake's toppings are
 * kept until the turn ends because only the chef knows them; piles are
 * counts. Options may script the table order and the tosses (C-2).
 *
 * Invariants: table + pan (up + down) + bonus + picked + piles == 36;
 * down_n == 0 outside a turn's sharing; bonus/cur are -1 outside a turn;
 * the multiset (down + bonus + picked) is public (YYP-7), its order is not. */
#include "games/pancake/pancake.h"
#include "partyfood/text.h"

#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const pancake__topping_name[PANCAKE_TOPPINGS] = {"strawberry", "kiwi", "banana",
                                                             "blueberry", "chocolate"};
static const char topping_letter[PANCAKE_TOPPINGS] = {'S', 'K', 'B', 'L', 'C'};
static const uint8_t box_count[PANCAKE_TOPPINGS] = {8, 8, 8, 8, 4};

/* ---- small helpers --------------------------------------------------------- */

/* The topping for a letter (S K B L C, any case), or -1. */
static int topping_of_letter(char c)
{
    c = (char)toupper((unsigned char)c);
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        if (topping_letter[t] == c)
            return t;
    return -1;
}

int pancake__topping_of_word(const char *s)
{
    size_t n = strlen(s);
    if (n == 1)
        return topping_of_letter(s[0]);
    if (n < 3)
        return -1;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        if (strncasecmp(s, pancake__topping_name[t], n) == 0)
            return t;
    if (strcasecmp(s, "blue") == 0)
        return PANCAKE_BLUE;
    return -1;
}

static int pan_up_total(const pancake_state *s)
{
    int n = 0;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        n += s->pan_up[t];
    return n;
}

void pancake__public_down(const pancake_state *s, int c[PANCAKE_TOPPINGS])
{
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        c[t] = 0;
    for (int i = 0; i < s->down_n; i++)
        c[s->down[i]]++;
    if (s->bonus >= 0)
        c[s->bonus]++;
    if (s->cur >= 0)
        c[s->cur]++;
}

void pancake__counts_text(const int c[PANCAKE_TOPPINGS], char *buf, size_t n)
{
    pf_text w;
    pf_text_init(&w, buf, n);
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        if (c[t])
            pf_text_put(&w, "%s%d %s", w.len ? ", " : "", c[t], pancake__topping_name[t]);
    if (!w.len)
        pf_text_put(&w, "none");
}

/* Puts a[0..n) in canonical (sorted) order, then shuffles it from rng: the
 * result depends on the multiset and rng only, never on the old order. */
static void canon_shuffle(pf_rng *rng, uint8_t *a, int n)
{
    int c[PANCAKE_TOPPINGS] = {0};
    for (int i = 0; i < n; i++)
        c[a[i]]++;
    int k = 0;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        while (c[t]--)
            a[k++] = (uint8_t)t;
    pf_rng_shuffle_u8(rng, a, n);
}

/* Ends the game with the given winners. */
static void finish(pancake_state *s, uint8_t winners)
{
    s->winners = winners;
    s->phase = PANCAKE_P_OVER;
}

/* After a pancake reached seat: ends the game if that pile holds 12 (YYP-6). */
PF_INLINE bool check_win(pancake_state *s, int seat, pf_events *ev)
{
    if (s->pile[seat] < PANCAKE_WIN)
        return false;
    finish(s, (uint8_t)(1u << seat));
    pf_events_add(ev, -1, "win", PF_SEAT_CAP " has %d pancakes and wins", seat, s->pile[seat]);
    pf_events_int(ev, "seat", seat);
    pf_events_int(ev, "pancakes", s->pile[seat]);
    return true;
}

/* Moves one pancake between piles, if `from` has any (YYP-5). */
PF_INLINE void move_pancake(pancake_state *s, int from, int to, pf_events *ev)
{
    if (!s->pile[from])
        return;
    s->pile[from]--;
    s->pile[to]++;
    pf_events_add(ev, -1, "gamble", PF_SEAT_CAP " gives " PF_SEAT " one pancake", from, to);
    pf_events_int(ev, "seat", from);
    pf_events_int(ev, "to", to);
}

/* A multiset of toppings as names, each as often as counted (an event's
 * list); returns how many. */
static int topping_list(const int c[PANCAKE_TOPPINGS], const char **out)
{
    int n = 0;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        for (int k = 0; k < c[t]; k++)
            out[n++] = pancake__topping_name[t];
    return n;
}

/* Starts the current chef's turn: tops the pan up to 8 (YYP-1) or, when the
 * table cannot, ends the game by counting piles (YYP-6). */
PF_INLINE void start_turn(pancake_state *s, pf_events *ev)
{
    int need = PANCAKE_PAN - pan_up_total(s);
    if (PANCAKE_BOX - s->table_pos < need) {
        int best = -1;
        uint8_t w = 0;
        for (int i = 0; i < s->seats; i++) {
            if (s->pile[i] > best)
                best = s->pile[i], w = 0;
            if (s->pile[i] == best)
                w |= (uint8_t)(1u << i);
        }
        pf_events_add(ev, -1, "end", "The pan cannot be refilled: the most pancakes (%d) win",
                      best);
        pf_events_int(ev, "pancakes", best);
        finish(s, w);
        return;
    }
    int drawn[PANCAKE_TOPPINGS] = {0};
    for (int i = 0; i < need; i++) {
        int t = s->table[s->table_pos++];
        s->pan_up[t]++;
        drawn[t]++;
    }
    s->turn++;
    s->phase = PANCAKE_P_TOSS;
    if (ev) {
        char buf[96];
        pancake__counts_text(drawn, buf, sizeof buf);
        pf_events_add(ev, -1, "draw", PF_SEAT_CAP " is chef and draws %s", s->chef, buf);
        const char *names[PANCAKE_PAN];
        pf_events_int(ev, "chef", s->chef);
        pf_events_list(ev, "toppings", names, topping_list(drawn, names));
        pf_events_memory(ev); /* the pan before the toss (YYP-7) */
    }
}

/* Ends the chef's turn: face-down pancakes turn face-up and stay (YYP-4). */
PF_INLINE void end_turn(pancake_state *s, pf_events *ev)
{
    int up[PANCAKE_TOPPINGS] = {0};
    for (int i = 0; i < s->down_n; i++) {
        s->pan_up[s->down[i]]++;
        up[s->down[i]]++;
    }
    if (ev && s->down_n) {
        char buf[96];
        pancake__counts_text(up, buf, sizeof buf);
        pf_events_add(ev, -1, "turn_up", "Left face-up in the pan: %s", buf);
        const char *names[PANCAKE_PAN];
        pf_events_list(ev, "toppings", names, topping_list(up, names));
        pf_events_memory(ev); /* what was face down (YYP-7) */
    }
    s->down_n = 0;
    s->bonus = -1;
    s->cur = -1;
    s->shared = 0;
    s->chef = (uint8_t)((s->chef + 1) % s->seats);
    start_turn(s, ev);
}

/* The bits set in each byte value. */
static const uint8_t bits_in[256] = {
#define B2(n) n, n + 1, n + 1, n + 2
#define B4(n) B2(n), B2(n + 1), B2(n + 1), B2(n + 2)
#define B6(n) B4(n), B4(n + 1), B4(n + 1), B4(n + 2)
    B6(0), B6(1), B6(1), B6(2)
#undef B6
#undef B4
#undef B2
};

/* The face-down pancakes are a word while tossed: byte i is down[i]. */
_Static_assert(sizeof ((pancake_state *)0)->down == sizeof(uint64_t), "down is a word's bytes");
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "byte i of a word is its i-th in memory");

/* A byte of 1 in each of a word's 8 bytes. */
#define EVERY_BYTE 0x0101010101010101ULL

/* The word whose bytes 0..8) hold, in order, c[0] 0s, c[1] 1s, ... (the
 * cumulative counts at[t] = c[0] + ... + c[t], at[4] <= 8): byte b holds the
 * number of toppings t < 4 with at[t] <= b, 4 past at[3]. No loop over the
 * bytes and no branch: a random toss's counts mispredict. */
static inline uint64_t sorted_word(const int at[PANCAKE_TOPPINGS - 1])
{
    uint64_t w = 0;
    for (int t = 0; t < PANCAKE_TOPPINGS - 1; t++)
        w += (EVERY_BYTE << (4 * at[t])) << (4 * at[t]); /* two shifts: at[t] may be 8 */
    return w;
}

/* One toss attempt with p = h/100 from the generator: bit i of the result
 * is set when the pan's i-th pancake (in topping order) lands face-down.
 * The draws are the rules' (YYP-2): a 64-bit draw for two pancakes. */
static unsigned toss_coins(pancake_state *s, int h)
{
    uint64_t thr = ((uint64_t)h << 32) / 100; /* P(32 random bits < thr) = h/100 */
    /* the generator in a local copy: a store to the state may alias it */
    pf_rng rng = s->rng;
    unsigned coins = 0;
    for (int i = 0; i < PANCAKE_PAN; i += 2) {
        uint64_t r = pf_rng_next(&rng);
        coins |= (unsigned)((r & 0xffffffffu) < thr) << i;
        coins |= (unsigned)((r >> 32) < thr) << (i + 1);
    }
    s->rng = rng;
    return coins;
}

/* The k face-down pancakes of a random toss (toss_coins): sets *down to them
 * (byte i is down[i], the taking order) and c to their count per topping.
 * They are shuffled (YYP-2) as pf_rng_shuffle_u8 would shuffle them in the
 * pan's topping order, with the same draws; counted from the coins' bits
 * and shuffled in a register, where writing and swapping bytes in memory
 * made each wait on the last. A toss tossed again draws no shuffle. */
static void lay_down(pancake_state *s, unsigned coins, int k, uint64_t *down,
                     int c[PANCAKE_TOPPINGS])
{
    /* at[t]: the face-down pancakes of toppings 0..t, the coins below the
     * pan's first place of topping t + 1 */
    int at[PANCAKE_TOPPINGS - 1], upto = 0, before = 0;
    for (int t = 0; t < PANCAKE_TOPPINGS - 1; t++) {
        upto += s->pan_up[t];
        at[t] = bits_in[coins & ((1u << upto) - 1)];
        c[t] = at[t] - before;
        before = at[t];
    }
    assert(upto + s->pan_up[PANCAKE_TOPPINGS - 1] == PANCAKE_PAN);
    c[PANCAKE_TOPPINGS - 1] = k - before;
    uint64_t w = sorted_word(at);
    pf_rng rng = s->rng;
    for (int i = k - 1; i > 0; i--) {
        int j = (int)pf_rng_below(&rng, (uint32_t)i + 1);
        uint64_t x = ((w >> 8 * i) ^ (w >> 8 * j)) & 0xff;
        w ^= x << 8 * i | x << 8 * j;
    }
    s->rng = rng;
    *down = w;
}

/* The next scripted toss, if any and if it fits the pan: sets *down (byte
 * i is down[i], the taking order) and c as toss_random does and returns the
 * count; -1 to toss at random instead. */
static int toss_scripted(pancake_state *s, uint64_t *down, int c[PANCAKE_TOPPINGS])
{
    if (s->script_pos >= s->script_len)
        return -1;
    int k = s->script[s->script_pos];
    const uint8_t *e = s->script + s->script_pos + 1;
    s->script_pos = (uint8_t)(s->script_pos + 1 + k);
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        c[t] = 0;
    for (int i = 0; i < k; i++)
        if (++c[e[i]] > s->pan_up[e[i]])
            return -1;
    *down = 0;
    for (int i = 0; i < k; i++)
        *down |= (uint64_t)e[k - 1 - i] << 8 * i; /* first listed is taken first */
    return k;
}

/* The chef's toss (YYP-2), then the bonus (YYP-3). */
PF_INLINE void do_toss(pancake_state *s, int h, pf_events *ev)
{
    uint64_t down;
    int c[PANCAKE_TOPPINGS], k;
    unsigned coins; /* the last attempt's when random, else 0 */
    for (;;) {
        coins = 0;
        k = toss_scripted(s, &down, c);
        if (k < 0)
            coins = toss_coins(s, h), k = bits_in[coins];
        if (k >= 2)
            break;
        pf_events_add(ev, -1, "retoss", "Only %d face-down: " PF_SEAT " tosses again", k, s->chef);
        pf_events_int(ev, "chef", s->chef);
        pf_events_int(ev, "down", k);
    }
    if (coins)
        lay_down(s, coins, k, &down, c);
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        s->pan_up[t] = (uint8_t)(s->pan_up[t] - c[t]);
    /* the word's byte i to down[i]; the bytes past k are no pancake */
    memcpy(s->down, &down, sizeof down);
    s->down_n = (uint8_t)k;
    if (ev) {
        /* The text tells what anyone sees at a glance; which toppings went
         * down is a memory (YYP-7), in the fields only. */
        int up = pan_up_total(s);
        pf_events_add(ev, -1, "toss",
                      PF_SEAT_CAP " tosses (p=%d.%02d): %d face up, %d face down", s->chef,
                      h / 100, h % 100, up, k);
        const char *names[PANCAKE_PAN];
        int u[PANCAKE_TOPPINGS];
        for (int t = 0; t < PANCAKE_TOPPINGS; t++)
            u[t] = s->pan_up[t];
        pf_events_int(ev, "chef", s->chef);
        pf_events_real(ev, "p", h / 100.0);
        pf_events_list(ev, "up", names, topping_list(u, names));
        pf_events_list(ev, "down", names, topping_list(c, names));
        pf_events_memory(ev);
    }
    s->phase = PANCAKE_P_SHARE;
    if (k >= 5) {
        s->bonus = (int8_t)s->down[--s->down_n];
        s->pile[s->chef]++;
        pf_events_add(ev, -1, "bonus", PF_SEAT_CAP " takes a face-down pancake as a bonus",
                      s->chef);
        pf_events_int(ev, "chef", s->chef);
        pf_events_add(ev, s->chef, "bonus", "Your bonus pancake is %s",
                      pancake__topping_name[s->bonus]);
        pf_events_int(ev, "chef", s->chef);
        pf_events_str(ev, "topping", pancake__topping_name[s->bonus]);
        check_win(s, s->chef, ev);
    }
}

/* The guesser names topping g for the picked pancake (YYP-4, YYP-5). */
PF_INLINE void do_guess(pancake_state *s, int g, pf_events *ev)
{
    int t = s->cur, chef = s->chef, j = s->guesser;
    bool right = g == t;
    s->cur = -1;
    s->shared++;
    pf_events_add(ev, -1, "reveal", PF_SEAT_CAP " guesses %s: it is %s, " PF_SEAT " takes it", j,
                  pancake__topping_name[g], pancake__topping_name[t], right ? j : chef);
    pf_events_int(ev, "chef", chef);
    pf_events_int(ev, "guesser", j);
    pf_events_str(ev, "guess", pancake__topping_name[g]);
    pf_events_str(ev, "topping", pancake__topping_name[t]);
    pf_events_int(ev, "taker", right ? j : chef);
    int winner = right ? j : chef, loser = right ? chef : j;
    s->pile[winner]++;
    if (check_win(s, winner, ev))
        return;
    if (s->gamble && g == PANCAKE_CHOC) {
        move_pancake(s, loser, winner, ev);
        if (check_win(s, winner, ev))
            return;
    }
    if (s->down_n == 0)
        end_turn(s, ev);
    else
        s->phase = PANCAKE_P_SHARE;
}

/* ---- options ----------------------------------------------------------------- */

/* Fills the table from option "table" (the first pancakes drawn, letters
 * S K B L C) and shuffles the rest of the box behind them. */
static pf_err setup_table(pancake_state *s, const char *spec, pf_error *err)
{
    int left[PANCAKE_TOPPINGS];
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        left[t] = box_count[t];
    int n = 0;
    for (const char *p = spec ? spec : ""; *p; p++) {
        if (*p == ',' || *p == ' ')
            continue;
        int t = topping_of_letter(*p);
        if (t < 0)
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "table: '%c' is no topping (use S K B L C for strawberry, "
                                "kiwi, banana, blueberry, chocolate)",
                                *p);
        if (--left[t] < 0)
            return pf_error_set(err, PF_E_BAD_OPTION,
                                "table: more than %d %s pancakes (the box holds 8 of each "
                                "fruit and 4 chocolate)",
                                box_count[t], pancake__topping_name[t]);
        s->table[n++] = (uint8_t)t;
    }
    int m = n;
    for (int t = 0; t < PANCAKE_TOPPINGS; t++)
        while (left[t]--)
            s->table[m++] = (uint8_t)t;
    pf_rng_shuffle_u8(&s->rng, s->table + n, PANCAKE_BOX - n);
    return PF_E_OK;
}

/* Reads option "tosses": comma-separated tosses, each the face-down
 * toppings in the order they are taken (bonus first), "-" for none. */
static pf_err setup_script(pancake_state *s, const char *spec, pf_error *err)
{
    int len = 0;
    const char *p = spec ? spec : "";
    while (*p) {
        const char *q = p;
        while (*q && *q != ',')
            q++;
        int kpos = len++;
        int k = 0;
        for (const char *c = p; c < q; c++) {
            if (*c == ' ' || *c == '-')
                continue;
            int t = topping_of_letter(*c);
            if (t < 0)
                return pf_error_set(err, PF_E_BAD_OPTION,
                                    "tosses: '%c' is no topping (use S K B L C, '-' for "
                                    "none, ',' between tosses)",
                                    *c);
            if (k == PANCAKE_PAN)
                return pf_error_set(err, PF_E_BAD_OPTION,
                                    "tosses: a toss turns 0 to 8 pancakes face-down");
            if (len >= PANCAKE_SCRIPT)
                goto too_long;
            s->script[len++] = (uint8_t)t;
            k++;
        }
        if (kpos >= PANCAKE_SCRIPT)
            goto too_long;
        s->script[kpos] = (uint8_t)k;
        p = *q ? q + 1 : q;
    }
    s->script_len = (uint8_t)len;
    return PF_E_OK;
too_long:
    return pf_error_set(err, PF_E_BAD_OPTION,
                        "tosses: the script may hold at most %d letters "
                        "and tosses together",
                        PANCAKE_SCRIPT - 1);
}

static pf_err pancake_init(void *st, int seats, const pf_options *opt, uint64_t seed, pf_events *ev,
                           pf_error *err)
{
    pancake_state *s = st;
    memset(s, 0, sizeof *s);
    if (seats < 2 || seats > 4)
        return pf_error_set(err, PF_E_BAD_SEATS, "Yummy Yummy Pancake is for 2 to 4 players");
    bool gamble, aid;
    pf_err e;
    if ((e = pf_options_bool(opt, "chocolate_gamble", false, &gamble, err)))
        return e;
    if ((e = pf_options_bool(opt, "memory_aid", false, &aid, err)))
        return e;
    pf_rng_seed(&s->rng, seed);
    s->seats = (uint8_t)seats;
    s->gamble = gamble;
    s->memory_aid = aid;
    s->bonus = s->cur = -1;
    if ((e = setup_table(s, pf_options_get(opt, "table"), err)))
        return e;
    if ((e = setup_script(s, pf_options_get(opt, "tosses"), err)))
        return e;
    start_turn(s, ev);
    return PF_E_OK;
}

/* ---- the interface ------------------------------------------------------- */

static int actor(const pancake_state *s)
{
    if (s->phase == PANCAKE_P_OVER)
        return -1;
    return s->phase == PANCAKE_P_GUESS ? s->guesser : s->chef;
}

static uint32_t pancake_to_act(const void *st)
{
    int a = actor(st);
    return a < 0 ? 0 : 1u << a;
}

static int pancake_legal(const void *st, int seat, pf_action *out, int cap)
{
    const pancake_state *s = st;
    (void)cap;
    if (seat != actor(s))
        return 0;
    int n = 0;
    switch (s->phase) {
    case PANCAKE_P_TOSS:
        for (int h = PANCAKE_P_MIN; h <= PANCAKE_P_MAX; h += 10)
            out[n++] = PANCAKE_A_TOSS + (unsigned)h;
        break;
    case PANCAKE_P_SHARE:
        if (s->down_n)
            out[n++] = PANCAKE_A_PICK;
        if (s->shared)
            out[n++] = PANCAKE_A_STOP;
        break;
    case PANCAKE_P_ASK:
        for (int j = 0; j < s->seats; j++)
            if (j != s->chef)
                out[n++] = PANCAKE_A_ASK + (unsigned)j;
        break;
    case PANCAKE_P_GUESS:
        for (int t = 0; t < PANCAKE_TOPPINGS; t++)
            out[n++] = PANCAKE_A_GUESS + (unsigned)t;
        break;
    }
    return n;
}

static pf_err pancake_check(const void *st, int seat, pf_action a, int64_t t_ms)
{
    const pancake_state *s = st;
    (void)t_ms;
    if (seat != actor(s))
        return PF_E_NOT_YOUR_TURN;
    if (s->phase == PANCAKE_P_TOSS) /* any p in hundredths, not only the listed grid */
        return a >= PANCAKE_A_TOSS + PANCAKE_P_MIN && a <= PANCAKE_A_TOSS + PANCAKE_P_MAX
                   ? PF_E_OK
                   : PF_E_ILLEGAL_ACTION;
    pf_action l[16];
    int n = pancake_legal(st, seat, l, 16);
    for (int i = 0; i < n; i++)
        if (l[i] == a)
            return PF_E_OK;
    return PF_E_ILLEGAL_ACTION;
}

PF_INLINE void play(pancake_state *s, pf_action a, pf_events *ev)
{
    if (a >= PANCAKE_A_TOSS) {
        assert(s->phase == PANCAKE_P_TOSS);
        do_toss(s, (int)(a - PANCAKE_A_TOSS), ev);
    } else if (a == PANCAKE_A_PICK) {
        assert(s->phase == PANCAKE_P_SHARE && s->down_n);
        s->cur = (int8_t)s->down[--s->down_n];
        s->phase = PANCAKE_P_ASK;
        pf_events_add(ev, -1, "pick", PF_SEAT_CAP " picks a face-down pancake and looks at it",
                      s->chef);
        pf_events_int(ev, "chef", s->chef);
        pf_events_add(ev, s->chef, "peek", "You peek: %s", pancake__topping_name[s->cur]);
        pf_events_int(ev, "chef", s->chef);
        pf_events_str(ev, "topping", pancake__topping_name[s->cur]);
    } else if (a == PANCAKE_A_STOP) {
        assert(s->phase == PANCAKE_P_SHARE && s->shared);
        pf_events_add(ev, -1, "stop", PF_SEAT_CAP " stops sharing", s->chef);
        pf_events_int(ev, "chef", s->chef);
        end_turn(s, ev);
    } else if (a >= PANCAKE_A_ASK) {
        assert(s->phase == PANCAKE_P_ASK);
        s->guesser = (uint8_t)(a - PANCAKE_A_ASK);
        s->phase = PANCAKE_P_GUESS;
        pf_events_add(ev, -1, "ask", PF_SEAT_CAP " asks " PF_SEAT ": what is the topping?",
                      s->chef, s->guesser);
        pf_events_int(ev, "chef", s->chef);
        pf_events_int(ev, "guesser", s->guesser);
    } else {
        assert(s->phase == PANCAKE_P_GUESS);
        do_guess(s, (int)(a - PANCAKE_A_GUESS), ev);
    }
}

/* The rules with events, out of the playouts' way. */
static __attribute__((noinline)) void play_told(pancake_state *s, pf_action a, pf_events *ev)
{
    play(s, a, ev);
}

/* Inline (PF_INLINE), as pancake_legal_pick: the playout loop calls both
 * through the descriptor, which the compiler reads, and a playout's step is
 * then one function. */
PF_INLINE void pancake_apply(void *st, int seat, pf_action a, int64_t t_ms, pf_events *ev)
{
    (void)seat, (void)t_ms;
    if (ev)
        play_told(st, a, ev);
    else
        play(st, a, NULL); /* a playout's copy, without the events (PF_INLINE) */
}

/* pancake_legal's action at index pf_rng_scale(r, its count), without the
 * list. */
PF_INLINE pf_action pancake_legal_pick(const void *st, int seat, uint32_t r)
{
    const pancake_state *s = st;
    (void)seat;
    switch (s->phase) {
    case PANCAKE_P_TOSS: /* p from 0.10 to 0.90 in tenths */
        return PANCAKE_A_TOSS + PANCAKE_P_MIN +
               10 * pf_rng_scale(r, (PANCAKE_P_MAX - PANCAKE_P_MIN) / 10 + 1);
    case PANCAKE_P_SHARE: { /* pick (while any is face-down), stop (after a share) */
        uint32_t i = pf_rng_scale(r, (s->down_n != 0) + (s->shared != 0));
        return i == 0 && s->down_n ? PANCAKE_A_PICK : PANCAKE_A_STOP;
    }
    case PANCAKE_P_ASK: { /* every seat but the chef */
        uint32_t j = pf_rng_scale(r, s->seats - 1u);
        return PANCAKE_A_ASK + j + (j >= s->chef);
    }
    default: /* a guess: every topping */
        return PANCAKE_A_GUESS + pf_rng_scale(r, PANCAKE_TOPPINGS);
    }
}

/* pf_playout with this file's functions inlined (see game.h). */
static int pancake_playout(void *st, pf_rng *rng, int64_t now, int max_steps)
{
    return pf_playout_loop(&pf_game_pancake, st, rng, now, max_steps);
}

static bool pancake_over(const void *st, double *results)
{
    const pancake_state *s = st;
    if (s->phase != PANCAKE_P_OVER)
        return false;
    if (results)
        for (int i = 0; i < s->seats; i++)
            results[i] = (s->winners >> i) & 1u;
    return true;
}

static void pancake_resample(void *st, int seat, pf_rng *rng)
{
    pancake_state *s = st;
    canon_shuffle(rng, s->table + s->table_pos, PANCAKE_BOX - s->table_pos);
    if (seat != PF_SEAT_GOD && seat != s->chef) {
        /* Only the multiset (face-down + bonus + picked) is known: redraw which is which. */
        uint8_t pool[PANCAKE_PAN];
        int n = 0;
        for (int i = 0; i < s->down_n; i++)
            pool[n++] = s->down[i];
        if (s->bonus >= 0)
            pool[n++] = (uint8_t)s->bonus;
        if (s->cur >= 0)
            pool[n++] = (uint8_t)s->cur;
        canon_shuffle(rng, pool, n);
        n = 0;
        if (s->bonus >= 0)
            s->bonus = (int8_t)pool[n++];
        if (s->cur >= 0)
            s->cur = (int8_t)pool[n++];
        memcpy(s->down, pool + n, s->down_n);
    } else if (seat != PF_SEAT_GOD) {
        canon_shuffle(rng, s->down, s->down_n); /* the chef knows the multiset, not the order */
    }
    pf_rng_seed(&s->rng, pf_rng_next(rng));
}

static int pancake_stats(const void *st, pf_stat *out, int cap)
{
    static const char *const names[4] = {"pancakes_seat0", "pancakes_seat1", "pancakes_seat2",
                                         "pancakes_seat3"};
    const pancake_state *s = st;
    int n = 0;
    for (int i = 0; i < s->seats && n < cap; i++)
        out[n++] = (pf_stat){names[i], s->pile[i]};
    if (n < cap)
        out[n++] = (pf_stat){"turns", s->turn};
    return n;
}

static const pf_option_def options[] = {
    {.key = "chocolate_gamble", .def = "false", .label = "Chocolate gamble", .kind = PF_OPT_BOOL,
     .menu = true,
     .help = "Guessing chocolate right also takes a pancake from the chef; guessing it wrong "
             "gives one of yours to the chef."},
    {.key = "memory_aid", .def = "false", .label = "Memory aid", .kind = PF_OPT_BOOL,
     .help = "Shows people how many of each topping are face down (off by default: "
             "remembering is the game)."},
    {.key = "table", .def = "", .label = "Fixed table", .kind = PF_OPT_TEXT,
     .fixes_chance = true,
     .help = "The first pancakes drawn from the table, as letters S K B L C (for tests)."},
    {.key = "tosses", .def = "", .label = "Fixed tosses", .kind = PF_OPT_TEXT,
     .fixes_chance = true,
     .help = "Scripted tosses: comma-separated face-down toppings in taking order, '-' for "
             "none (for tests)."},
    {0}};

/* What a lesson may highlight (docs/lessons.md). */
static const char *const lesson_targets[] = {
    "pan", "pancake face-down|face-up", "pile #", "seat #", "button toss|pick|stop", "meter",
    "topping strawberry|kiwi|banana|blueberry|chocolate", "table", "counts", NULL};

static const pf_test_config test_configs[] = {{2, ""},
                                              {3, ""},
                                              {4, ""},
                                              {2, "chocolate_gamble=true"},
                                              {3, "chocolate_gamble=true"},
                                              {4, "chocolate_gamble=true"},
                                              {0, NULL}};

_Static_assert(sizeof(pancake_state) < 512, "state must stay under 512 bytes");

const pf_game pf_game_pancake = {
    .id = "pancake",
    .title = "Yummy Yummy Pancake",
    .summary = "toss pancakes, peek, and guess the toppings from memory",
    .min_seats = 2,
    .max_seats = 4,
    .state_size = sizeof(pancake_state),
    .max_steps = 200,
    .result_min = 0,
    .result_max = 1,
    .options = options,
    .test_configs = test_configs,
    .bots = pancake__bots,
    .ladder = pancake__ladder,
    .rules = pancake__rules,
    .brief = pancake__brief,
    .secrets = "The bonus pancake and the pancake the chef picked and peeked at are the chef's "
               "alone; the pancakes still on the table are hidden from everyone.",
    .memory_game = true,
    .real_time = false,
    .bench_bot = NULL,
    .init = pancake_init,
    .to_act = pancake_to_act,
    .legal = pancake_legal,
    .legal_pick = pancake_legal_pick,
    .playout = pancake_playout,
    .check = pancake_check,
    .apply = pancake_apply,
    .over = pancake_over,
    .view = pancake__view,
    .resample = pancake_resample,
    .name = pancake__name,
    .parse = pancake__parse,
    .renamed_since_v2 = pancake__renamed_since_v2,
    .render = pancake__render,
    .stats = pancake_stats,
    .skill_error = pancake__skill_error,
    .explain = pancake__explain,
    .lesson_targets = lesson_targets,
};
