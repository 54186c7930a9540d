/*
 * quarter.h - every placement of queens on an h x h square, grouped by the rows
 * and columns it uses (quarter.c): the join's building blocks.
 */
#ifndef NQ_JOIN_QUARTER_H
#define NQ_JOIN_QUARTER_H

#include <stdint.h>

#include "nqueens.h"

/* The largest quarter whose figures are known (quarter.c), and the largest kept whole as a table
 * (h = 12: 633e6 placements, 4.8 GiB; its offsets are 32-bit, which h = 13's 6.3e9 would
 * overflow). */
#define NQ_QUARTER_MAX_H 14
#define NQ_QUARTER_TABLE_MAX_H 12

/* The largest side whose figures can be measured (column sets are 16-bit). */
#define NQ_QUARTER_MEASURE_MAX_H 16

/* The diagonals one quarter placement takes, numbered on the quarter: up = row + col,
 * down = row - col + h - 1. */
typedef struct nq_quarter_diags {
    uint32_t up, down;
} nq_quarter_diags;

/* Every placement of 0..h non-attacking queens on an h x h square, grouped by the rows and
 * columns it uses: those using row set R and column set C are diags[start[R << h | C]] up to
 * diags[start[(R << h | C) + 1]]. Without the table (start and diags NULL), workers make the
 * row slices they need (nq_quarter_slice); the figures are those of the table either way. */
typedef struct nq_quarter {
    int h;
    uint32_t *start;            /* 4^h + 1 offsets, or NULL */
    nq_quarter_diags *diags;    /* every placement, or NULL */
    uint64_t count;             /* how many */
    uint64_t largest;           /* the most placements sharing one row set and column set */
    uint64_t row_most;          /* the most placements sharing one row set */
    uint64_t half_bound;        /* nq_quarter_half_bound */
    uint16_t *subsets;          /* the 2^h column sets, by size: those of size k are */
    uint32_t subsets_start[NQ_QUARTER_MAX_H + 2];   /* subsets[subsets_start[k]] up to
                                                       subsets[subsets_start[k+1]] */
} nq_quarter;

/* Lays out q for side h (1 <= h <= NQ_QUARTER_MAX_H) without its table: the column sets and the
 * tabulated figures. Returns NQ_OK, NQ_ERR_ARGUMENT or NQ_ERR_NOMEM. */
nq_status nq_quarter_layout(nq_quarter *q, int h);

/* Lays out q for side h (1 <= h <= NQ_QUARTER_TABLE_MAX_H) to hold its table: counts the
 * placements of each cell, allocating start but not diags, and recounts the figures. Returns
 * NQ_OK, NQ_ERR_ARGUMENT or NQ_ERR_NOMEM. */
nq_status nq_quarter_count(nq_quarter *q, int h);

/* Fills q->diags after nq_quarter_count. Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_quarter_fill(nq_quarter *q);

/* One row set's part of the table, made by a worker when there is no table: the placements
 * using rows `rows` and column set C are diags[start[C]] up to diags[start[C + 1]]. */
typedef struct nq_quarter_slice {
    uint32_t rows;              /* UINT32_MAX: none yet */
    uint32_t *start;            /* 2^h + 1 offsets */
    nq_quarter_diags *diags;    /* room for q->row_most */
    uint64_t capacity;
} nq_quarter_slice;

/* Allocates s for row sets of q; the bytes it takes. Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_quarter_slice_init(nq_quarter_slice *s, const nq_quarter *q);
uint64_t nq_quarter_slice_bytes(const nq_quarter *q);

/* Makes s the slice of row set rows (nothing to do if it is already). Returns NQ_OK, or
 * NQ_ERR_ARGUMENT if it held more than q->row_most or a cell more than q->largest (the figures
 * were wrong). */
nq_status nq_quarter_slice_fill(nq_quarter_slice *s, const nq_quarter *q, uint32_t rows);
void nq_quarter_slice_free(nq_quarter_slice *s);

/* A bound on the placements of any half joined from cells of q (see quarter.c); UINT64_MAX
 * when out of memory. */
uint64_t nq_quarter_half_bound(const nq_quarter *q);

/* The same bound from most[C], the most placements of any cell with column set C (2^h of
 * them), h <= NQ_QUARTER_MEASURE_MAX_H. */
uint64_t nq_quarter_bound_of(int h, const uint64_t *most);

/* The figures a table of side h would have, measured without it, one row set's slice at a
 * time: how the tabulated ones were counted (bench/quarter_figures), and how they are checked
 * (tests). */
typedef struct nq_quarter_figures {
    uint64_t count, largest, row_most;
} nq_quarter_figures;

/* Adds the row sets first .. end - 1 of side h (1 <= h <= NQ_QUARTER_MEASURE_MAX_H, past the
 * tabulated sides) to *f (placements summed, the most in a cell and in a row set
 * kept) and to most[C] (2^h entries, the most placements of a cell with column set C, for
 * nq_quarter_bound_of). Start from zeros; disjoint ranges may be measured apart and merged.
 * Returns NQ_OK, NQ_ERR_ARGUMENT or NQ_ERR_NOMEM. Thread-safe on distinct f and most. */
nq_status nq_quarter_measure(int h, uint32_t first, uint32_t end, nq_quarter_figures *f,
                             uint64_t *most);

void nq_quarter_free(nq_quarter *q);

#endif /* NQ_JOIN_QUARTER_H */
