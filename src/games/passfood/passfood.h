/* passfood.h: internals of Pass the Party Food shared by the files of this
 * folder (rules, printed numbers, bots). Nothing here is public: the rest of
 * the program sees only `pf_game_passfood`.
 *
 * A board is five counts, one per food column, because a column is always
 * filled from the top (PPF-1): removing "the k-th tile of every column"
 * and sliding up is the same as taking one from each count. Row k of a
 * board is complete when every count is at least k. */
#ifndef PASSFOOD_INTERNAL_H
#define PASSFOOD_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "partyfood/game.h"
#include "partyfood/obs.h"

#define PASSFOOD_FOODS 5
#define PASSFOOD_TILES 80
#define PASSFOOD_NONE 0xFF /* no tile */
#define PASSFOOD_PROWS 4   /* spaces per column on a player board */
#define PASSFOOD_ZROWS 3   /* spaces per column on Ziggy's board */
#define PASSFOOD_MAX_SEATS 4
#define PASSFOOD_MAX_DIPS 16
#define PASSFOOD_TURN_LIMIT 500 /* PPF-9 safety net */

enum { PASSFOOD_SNAKE, PASSFOOD_BISCUIT, PASSFOOD_FAIRY, PASSFOOD_PIKELET, PASSFOOD_LAMINGTON };

/* The printed numbers of PPF-2 (points, track, start spaces, lucky dips). */
typedef struct passfood_numbers {
    uint8_t pcol[PASSFOOD_FOODS]; /* player column (4 alike) points, per food */
    uint8_t prow[PASSFOOD_PROWS]; /* player row points, rows 1..4 */
    uint8_t zcol[PASSFOOD_FOODS]; /* Ziggy column (3 alike) points */
    uint8_t zrow[PASSFOOD_ZROWS]; /* Ziggy row points, rows 1..3 */
    uint8_t cake;                 /* the birthday cake space (last of the track) */
    uint8_t zstart, pstart;       /* Ziggy's and the players' start spaces */
    uint8_t ndips;
    uint8_t dips[PASSFOOD_MAX_DIPS]; /* lucky dip spaces, ascending */
} passfood_numbers;

/* Where the active player's turn stands. Decisions are taken in
 * START (before Ziggy's draw), ZIGGY (after it, before Ziggy scores; also
 * the choice among several Ziggy sets), PLATE (a drawn tile waits for a
 * plate), SCORE (after distribution), END (after scoring, before the catch
 * check) and ANSWER (the swap partner answers). */
enum passfood_phase {
    PASSFOOD_PH_START,
    PASSFOOD_PH_ZIGGY,
    PASSFOOD_PH_PLATE,
    PASSFOOD_PH_SCORE,
    PASSFOOD_PH_END,
    PASSFOOD_PH_ANSWER,
    PASSFOOD_PH_OVER
};

enum passfood_outcome { PASSFOOD_RUNNING, PASSFOOD_WON, PASSFOOD_LOST };
enum passfood_why {
    PASSFOOD_WHY_NONE,
    PASSFOOD_WHY_CAUGHT,
    PASSFOOD_WHY_ZIGGY_CAKE,
    PASSFOOD_WHY_TURN_LIMIT,
    PASSFOOD_WHY_ALL_ON_CAKE
};

/* Action encoding (small integers, in this order in legal()). */
enum {
    PASSFOOD_A_CARRY = 0,
    PASSFOOD_A_PLATE = 1,       /* +0 left, +1 centre, +2 right (3-4 players) */
    PASSFOOD_A_PLATE_X = 4,     /* the X space (2 players) */
    PASSFOOD_A_SCORE_COL = 10,  /* +food */
    PASSFOOD_A_SCORE_ROW = 15,  /* +row-1 */
    PASSFOOD_A_ZSCORE_COL = 20, /* +food */
    PASSFOOD_A_ZSCORE_ROW = 25, /* +row-1 */
    PASSFOOD_A_TAKE = 30,       /* +food */
    PASSFOOD_A_SWAP = 40,       /* +seat*5+food: give food to seat */
    PASSFOOD_A_ANSWER = 60,     /* +food: the partner gives food back */
    PASSFOOD_A_DECLINE = 65,
    PASSFOOD_A_COUNT = 66
};

/* The whole game: flat, memcpy-clonable, under 1 KiB.
 * Invariant: for every food, bag + discard + boards + Ziggy + plates +
 * drawn tile == the supply (20/20/15/15/10). */
typedef struct passfood_state {
    pf_rng rng;
    passfood_numbers num;
    uint8_t seats, active, phase;
    uint8_t ret_phase; /* phase to return to after a swap answer */
    uint8_t bag_n;
    uint8_t bag[PASSFOOD_TILES]; /* the next draw is bag[bag_n-1]; order hidden */
    uint8_t discard[PASSFOOD_FOODS];
    uint8_t board[PASSFOOD_MAX_SEATS][PASSFOOD_FOODS];
    uint8_t zboard[PASSFOOD_FOODS];
    uint8_t pos[PASSFOOD_MAX_SEATS], zpos;
    uint8_t swaps[PASSFOOD_MAX_SEATS], takes[PASSFOOD_MAX_SEATS]; /* unused tokens */
    uint8_t plate[3];           /* left, centre, right-or-X: a food or NONE */
    uint8_t drawn;              /* the tile waiting for a plate, or NONE */
    uint8_t ndraws;             /* draws made in this step 3 */
    uint8_t declined;           /* seats that declined a swap this turn (bit set) */
    uint8_t swap_to, swap_food; /* the pending swap (phase ANSWER) */
    uint8_t outcome, why;
    uint8_t last_zdraw; /* Ziggy's step-1 tile this turn (for views), or NONE */
    /* A search's determinization (passfood_resample_search): the bag's
     * order is not drawn, each draw takes a tile at random from it. */
    uint8_t deal_lazily;
    uint16_t turn;      /* index of the current turn, from 0 */
} passfood_state;

/* The descriptor (passfood.c). */
extern const pf_game pf_game_passfood;

extern const pf_bot_def passfood__bots[];

/* What one tile more or one fewer of each food does to a player board
 * (passfood_bots.c): its value gained (0 for a full column) and lost (0
 * for an empty one), the points its best set gains (0 for a full column),
 * and the swaps that give it a better set. A function of the board's counts
 * and the numbers table alone, so every line of play on a thread shares
 * them (passfood_greedy_table). */
typedef struct passfood_board_gains {
    int8_t bump[PASSFOOD_FOODS];
    uint8_t swaps[PASSFOOD_FOODS]; /* bit h of swaps[g]: giving g for h */
    double gain[PASSFOOD_FOODS], loss[PASSFOOD_FOODS];
} passfood_board_gains;

/* Every player board (five counts of 0 to PASSFOOD_PROWS) and every board
 * of Ziggy's (0 to PASSFOOD_ZROWS). */
#define PASSFOOD_BOARDS 3125
#define PASSFOOD_ZBOARDS 1024

/* What greedy works out from one numbers table alone, each entry when first
 * asked: for every player board, indexed by its counts read in base 5, its
 * gains (three parts: the gains and bumps, the losses, the swaps), its
 * value and its best set's points; the value of every board of Ziggy's (in
 * base 4); and the lucky dips on the spaces up to each space. */
typedef struct passfood_greedy_table {
    passfood_numbers num;           /* the numbers they are for */
    uint8_t known[PASSFOOD_BOARDS]; /* bit per part worked out */
    passfood_board_gains of[PASSFOOD_BOARDS];
    double value[PASSFOOD_BOARDS];
    uint8_t best[PASSFOOD_BOARDS];
    bool zknown[PASSFOOD_ZBOARDS];
    double zvalue[PASSFOOD_ZBOARDS];
    uint8_t dips_to[256];
} passfood_greedy_table;

/* Tests only: true makes pf_playout pick each random action from legal's
 * list, the path of the WebAssembly build and of processors without a fast
 * pdep, where this processor would use pdep (passfood.c); the tests play
 * both and compare. passfood__pick_by_bits says which path runs. Never set
 * by the program. */
extern bool passfood__pick_by_list;
bool passfood__pick_by_bits(void);

/* The calling thread's table for num: kept from the last call when the
 * numbers are the same (decision after decision, game after game), else
 * emptied (passfood_bots.c). */
passfood_greedy_table *passfood__greedy_table(const passfood_numbers *num);

/* What greedy keeps between its moves along one line of play (a game played
 * on move after move from one state): the plate needs of a turn's step 3,
 * which both its plate decisions use (no board or pawn moves in between);
 * and the thread's table for the line's numbers (passfood__greedy_table). */
typedef struct passfood_greedy_memo {
    int turn; /* the turn nd was worked out for; -1 before any */
    double nd[3][PASSFOOD_FOODS];
    passfood_greedy_table *table;
} passfood_greedy_memo;

/* The greedy bot's move for seat in s, one of its n legal actions
 * (passfood_bots.c). It reads the bag's contents, never its order, so any
 * state that agrees with the seat's knowledge gives the same move. memo is
 * NULL, or the line of play's memo (turn -1 at its start): the move is the
 * same either way. */
pf_action passfood__greedy_move(const passfood_state *s, int seat, const pf_action *legal, int n,
                                passfood_greedy_memo *memo);

/* greedy's move for seat in s without a legal list (it is always legal), as
 * passfood__greedy_move gives it with the list: a playout's move. */
pf_action passfood__greedy_play(const passfood_state *s, int seat, passfood_greedy_memo *memo);

/* Why the observing seat would play a (passfood_why.c; a hint's reason). */
struct pf_why;
void passfood__explain(const pf_obs *o, pf_action a, pf_rng *rng, struct pf_why *w);

/* The expert bot, `planner` (passfood_planner.c). */
pf_err passfood__planner_choose(const pf_obs *o, pf_rng *rng, pf_action *a, int64_t *t);
extern const pf_rung passfood__ladder[PF_LEVELS];
extern const char *const passfood__rules[];
extern const char *const passfood__brief[];
extern const char *const passfood__food_names[PASSFOOD_FOODS];
extern const uint8_t passfood__supply[PASSFOOD_FOODS];

/* The default table of printed numbers, as text, and parsed
 * (passfood_numbers.c). */
extern const char passfood__default_numbers[];
extern const passfood_numbers passfood__default_table;

/* Parses table text over *num (keys not named keep their value); false with
 * a message in err (size n) when the text is malformed or out of range. */
bool passfood__numbers_parse(const char *text, passfood_numbers *num, char *err, int n);

/* Complete sets of a board whose columns hold `rows` spaces: bit f for
 * column f, bit 5+k-1 for row k. Inline, without a branch: the rules and
 * the bots ask at nearly every step. */
static inline unsigned passfood__board_sets(const uint8_t c[PASSFOOD_FOODS], int rows)
{
    unsigned full = 0;
    int least = rows;
    for (int f = 0; f < PASSFOOD_FOODS; f++) {
        full |= (unsigned)(c[f] == rows) << f;
        least = c[f] < least ? c[f] : least;
    }
    return full | ((1u << least) - 1) << 5; /* rows 1 to least are complete */
}

static inline unsigned passfood__player_sets(const uint8_t c[PASSFOOD_FOODS])
{
    return passfood__board_sets(c, PASSFOOD_PROWS);
}

static inline unsigned passfood__ziggy_sets(const uint8_t c[PASSFOOD_FOODS])
{
    return passfood__board_sets(c, PASSFOOD_ZROWS);
}

#endif
