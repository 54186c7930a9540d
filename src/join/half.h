/*
 * half.h - the placements of one half of the board on a set of rows, as
 * patterns (half.c): two quarters' cells fitted to a start and paired.
 */
#ifndef NQ_JOIN_HALF_H
#define NQ_JOIN_HALF_H

#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"
#include "pair.h"
#include "patterns.h"
#include "quarter.h"
#include "starts.h"

/* The cells of one half's quarter on one set of rows, fitted to a start and kept: the row sets
 * come in the order of starts.c, so that each set of north and south rows comes back for the
 * row sets that follow, and each cell is fitted once for many of them. */
typedef struct nq_kept_row {
    const nq_join_start *start;     /* the key: the start and the rows (start NULL: none) */
    uint32_t rows;
    nq_quarter_slice slice;         /* their placements when the quarter has no table */
    const uint32_t *cell_start;     /* and where they are: q's table's row or the slice */
    const nq_quarter_diags *diags;
    uint32_t *first, *count;        /* by column set: where its patterns are, how many
                                       (first UINT32_MAX: not fitted yet) */
    uint64_t *pattern;              /* the placements' patterns */
    size_t used;
} nq_kept_row;

/* Scratch a worker needs to list halves: each half's cells of the last sets of north rows it
 * listed and of the last set of south rows. */
typedef struct nq_half_scratch {
    nq_kept_row north[2][NQ_JOIN_NORTH_BLOCK];     /* [west, east][the last ones] */
    nq_kept_row south[2];
    int north_kept;                 /* how many north rows each half keeps */
    int north_next[2];              /* which it gives up next */
} nq_half_scratch;

/* The rule of the quarter cells of one half of the n x n board after start: the cells of
 * its north quarter (row0 0) or south one (row0 n - n / 2), and of its west half (col0 0) or east
 * one (col0 n - n / 2). */
nq_fit_rule nq_half_fit_rule(int n, const nq_join_start *start, int row0, int col0);

/* Allocates s for listing halves from q (with slices when q has no table): keeping
 * NQ_JOIN_NORTH_BLOCK sets of north rows, but one where row sets are cut into parts (cut
 * nonzero: from h = 13, whose slices weigh 37 MB each). Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_half_scratch_init(nq_half_scratch *s, const nq_quarter *q, int cut);
void nq_half_scratch_free(nq_half_scratch *s);

/* The bytes nq_half_scratch_init allocates: with slices (slices nonzero, for a quarter without
 * its table) or without, with row sets cut or not. */
uint64_t nq_half_scratch_bytes(const nq_quarter *q, int slices, int cut);

/* Where nq_half_patterns stopped when its buffer was full: zero it to begin. */
typedef struct nq_half_cursor {
    int choice;         /* the start's choice it stopped in (0 without choices) */
    size_t share;       /* the share of columns it stopped in */
    size_t index;       /* shares of the half counted before it (for parts) */
    size_t north;       /* the north placement it stopped before */
    int done;           /* nonzero: every placement was listed */
} nq_half_cursor;

/* Appends to out, listing with `pairer`, the pattern of every placement of the east (east
 * nonzero) or west half of the n x n board on rows `rows` (numbered as in nq_join_start) that
 * fits with the start's queens, of the shares of its columns between north and south numbered
 * part, part + parts, ... (all of them when parts is 1): the up diagonals it takes where the
 * halves meet in the low 2h - 1 bits, the down ones above. The east halves of a start with
 * choices are those of each choice in turn, its shares numbered on from the last choice's, each
 * pattern with the choice's queen's diagonals set. With a cursor, it lists no more
 * than out->limit - 1 patterns (at least the largest cell's): it stops where out is full and
 * goes on from there when called again with the same cursor (cursor->done once all are
 * listed). Without one, all at once. Returns NQ_OK, NQ_ERR_NOMEM, or NQ_ERR_ARGUMENT (a slice
 * larger than q's figures allow). */
nq_status nq_half_patterns(const nq_quarter *q, int n, const nq_join_start *start, int east,
                           uint32_t rows, unsigned part, unsigned parts,
                           const nq_pairer *pairer, nq_half_scratch *scratch,
                           nq_half_cursor *cursor, nq_patterns *out);

#endif /* NQ_JOIN_HALF_H */
