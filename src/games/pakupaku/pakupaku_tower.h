/* pakupaku_tower.h: the static physics of the tableware tower (ruling PAKU-5).
 *
 * A tower is a column of up to 24 pieces, bottom first. Each piece has a
 * width, a height and a mass; its position is the offset of its centre
 * from the centre of the piece below. Positions are integers in units of
 * 1/10000 (PAKUPAKU__UNIT per table unit) so the physics is exact: a load
 * whose centre of mass lies exactly on an end of its support stands.
 *
 * The rule: the tower stands while, for every piece k >= 1, the centre of
 * mass of piece k and everything above it lies within the overlap of
 * pieces k and k-1, [max(left edges), min(right edges)]. The bottom piece
 * stands on the mat wherever it is. Height plays no part in this static
 * model; it only draws the picture. */
#ifndef PAKUPAKU_TOWER_H
#define PAKUPAKU_TOWER_H

#include <stdbool.h>
#include <stdint.h>

#define PAKUPAKU__PIECES 24 /* 8 of each type */
#define PAKUPAKU__PER_TYPE 8
#define PAKUPAKU__UNIT 10000

enum { PAKUPAKU__PLATE, PAKUPAKU__BOWL, PAKUPAKU__CUP, PAKUPAKU__NTYPES };

typedef struct pakupaku__piece_def {
    const char *name;
    int width, height, mass; /* table units (width even: half-widths are whole) */
} pakupaku__piece_def;

extern const pakupaku__piece_def pakupaku__pieces[PAKUPAKU__NTYPES];

typedef struct pakupaku__tower {
    uint8_t n;                      /* pieces stacked */
    uint8_t type[PAKUPAKU__PIECES]; /* PAKUPAKU__PLATE.. per piece, bottom first */
    int32_t x[PAKUPAKU__PIECES];    /* offset from the piece below, in 1/UNIT;
                                          x[0] is ignored (the mat) */
} pakupaku__tower;

/* The lowest piece k >= 1 whose load leaves its support, or -1 when the
 * tower stands (an empty or one-piece tower always stands). */
int pakupaku__tower_first_fall(const pakupaku__tower *t);

/* True when every piece's load lies within its support. */
bool pakupaku__tower_stands(const pakupaku__tower *t);

/* The smallest distance (table units) between a load's centre of mass and
 * the nearer end of its support over all pieces; negative when the tower
 * falls, a large number for towers of 0 or 1 piece. Bots use it to judge
 * how safe a placement is. */
double pakupaku__tower_margin(const pakupaku__tower *t);

/* The piece k >= 1 whose load is nearest to leaving its support (the
 * lowest such on a tie), its margin into *margin; -1 (and the large
 * number) for towers of 0 or 1 piece. */
int pakupaku__tower_weakest(const pakupaku__tower *t, double *margin);

/* Absolute centre of piece k relative to the bottom piece, in 1/UNIT. */
int64_t pakupaku__tower_at(const pakupaku__tower *t, int k);

/* Total height of the tower in table units. */
int pakupaku__tower_height(const pakupaku__tower *t);

#endif
