/*
 * starts.h - what is placed before the quarters join, and which row sets to count
 * (starts.c): the join's starts, their weights, and their split into numbered units.
 */
#ifndef NQ_JOIN_STARTS_H
#define NQ_JOIN_STARTS_H

#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"
#include "quarter.h"

/* The most starts a board has: 1 + C(h, 2). */
#define NQ_JOIN_MAX_STARTS (1 + NQ_QUARTER_MAX_H * (NQ_QUARTER_MAX_H - 1) / 2)

/* A start: queens placed on the middle row and column (none for even n), and how its row sets
 * are counted. A start may also leave the middle row's queen to one of several east columns,
 * `choices`: it then stands for the starts with that queen on each of them (starts.c says
 * when and why), its east halves those of every choice, each marked with the diagonals its
 * queen takes where the halves meet (half.c), its west halves those of none. */
typedef struct nq_join_start {
    uint32_t rows;      /* rows left to fill, numbered 0..2h-1: north quarter rows, then south */
    uint32_t east;      /* columns left in the east quarters, numbered 0..h-1 (before a choice) */
    uint32_t west;      /* and in the west quarters */
    uint32_t choices;   /* 0, or the east columns the middle row's queen takes in turn */
    uint64_t up, down;  /* board diagonals (row + col, row - col + n - 1) the placed queens take */
    int symmetric;      /* nonzero: the start has all eight symmetries, used as starts.c says */
    unsigned weight;    /* solutions each solution found stands for when not symmetric */
    int queens;         /* the queens placed: 0, 1 or 2 */
    int8_t row[2], col[2];  /* and their squares */
} nq_join_start;

/* The queens the east half of a start holds, as many as its row sets have rows: one a column
 * left, less the one a choice takes. */
static inline int nq_join_east_queens(const nq_join_start *start)
{
    return __builtin_popcount(start->east) - (start->choices != 0);
}

/* A work unit: `count` row sets of one start, the first of them `first`; or, where a row set
 * is too big for one unit (n >= 28), part `part` of `parts` of one row set: the east halves of
 * every parts-th share of the east columns, from the part-th (half.c), against all west ones. */
typedef struct nq_join_unit {
    uint32_t start;     /* index into the starts */
    uint32_t first;     /* first row set (a mask over the start's rows) */
    uint32_t count;     /* row sets to count (1 when parts > 1) */
    uint16_t part, parts;   /* 0 of 1 when the unit takes its row sets whole */
} nq_join_unit;

/* A start's row sets are counted in blocks of this many sets of north rows, each block through
 * every set of south rows (starts.c): a worker keeps the quarter cells of as many north rows
 * fitted, and those of one set of south rows (half.c). */
#define NQ_JOIN_NORTH_BLOCK 8

/* Where a column queen leaves its row's queen at least this many columns, on the board of
 * quarter side h, those starts are one start with choices (starts.c): the break-even grows
 * about one a size (BENCHMARKS.md, "Starts with choices"). */
static inline int nq_join_choices_least(int h)
{
    return h - 6 > 2 ? h - 6 : 2;
}

/* The starts of the n x n board, at most 1 + C(h, 2): fills starts, returns how many. Those of
 * odd n whose middle column's queen leaves its row's queen at least nq_join_choices_least(h)
 * columns are one start with choices. */
int nq_join_starts(int n, nq_join_start *starts);

/* The same, with choices where there are at least `least` (past h: none). */
int nq_join_starts_choosing(int n, int least, nq_join_start *starts);

/* The weight of row set rows of start: what each pair of its halves that fit stands for (for
 * a symmetric start, the pairs {T, not T} in its class, each pair weighted as join.c says; for
 * the others, start->weight), or 0 when the start leaves it out. */
unsigned nq_join_weight(const nq_join_start *start, uint32_t rows, int h);

/* The row sets a start counts, in the order of starts.c: the first (if any) into *rows; returns
 * its weight, 0 when there is none. */
unsigned nq_join_first_rows(const nq_join_start *start, int h, uint32_t *rows);

/* The next one after *rows, and its weight; 0 when there is none. */
unsigned nq_join_next_rows(const nq_join_start *start, int h, uint32_t *rows);

/* How the starts' row sets are split into units: units of about equal numbers of row sets
 * (`per` each), at least min_units in all; or, with `split` nonzero and fewer row sets than
 * min_units, each row set cut into parts, as many as its share of the work (by the shares of
 * columns its halves join, the product of the two halves' counts) asks for, about `quantum`
 * each: min_units more or less in all. And how many units that makes, known before they are
 * made (their list is part of a join's memory: 16 bytes a unit, 0.3 GB at n = 28). */
typedef struct nq_join_split {
    size_t per;
    uint64_t quantum;   /* 0: row sets whole */
    size_t count;
} nq_join_split;

void nq_join_split_units(const nq_join_start *starts, int start_count, int h, size_t min_units,
                         int split, nq_join_split *units);

/* Makes the units of split into *units (free it). Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_join_units(const nq_join_start *starts, int start_count, int h,
                        const nq_join_split *split, nq_join_unit **units);

#endif /* NQ_JOIN_STARTS_H */
