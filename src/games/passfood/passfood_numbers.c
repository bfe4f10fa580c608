/* passfood_numbers.c: the printed numbers of Pass the Party Food (ruling PPF-2), the
 * one place they live.
 *
 * The rulebook does not print the points, the length of the score track or
 * its special spaces. The values below are this project's own defaults, not
 * the publisher's. An owner of the physical game may edit this text and the
 * table after it (no rules code needs to change; tests/games/passfood's
 * test_ppf2_default_table holds the two together) or pass the same text in
 * the game option `numbers` (see docs/games/passfood.md). */
#include "games/passfood/passfood.h"

const char passfood__default_numbers[] =
    "# Pass the Party Food: printed numbers (this project's own defaults)\n"
    "# foods in column order: snake biscuit fairy-bread pikelet lamington\n"
    "player_columns: 5 5 5 5 5    # points for 4 alike, per food\n"
    "player_rows:    8 8 8 8      # points for one of each food, rows 1..4\n"
    "ziggy_columns:  2 2 3 3 3    # points for Ziggy's 3 alike, per food\n"
    "ziggy_rows:     12 12 12     # Ziggy's rows 1..3\n"
    "cake:           31           # the track is spaces 0..cake\n"
    "ziggy_start:    0            # the grey paw space\n"
    "player_start:   1            # the white pawn space\n"
    "lucky_dips:     8 12 16 20 24 28\n";

_Static_assert(sizeof passfood__default_numbers <= PF_OPT_VAL,
               "the default table must fit in the option 'numbers'");

/* The text above, parsed: every new game starts from it (parsing the text
 * for each game cost a random playout as much as the game itself). */
const passfood_numbers passfood__default_table = {
    .pcol = {5, 5, 5, 5, 5},
    .prow = {8, 8, 8, 8},
    .zcol = {2, 2, 3, 3, 3},
    .zrow = {12, 12, 12},
    .cake = 31,
    .zstart = 0,
    .pstart = 1,
    .ndips = 6,
    .dips = {8, 12, 16, 20, 24, 28},
};
