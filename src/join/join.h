/*
 * join.h - the join counter as a plan uses it (join.c): the one header of src/join that
 * count/ includes, with the table of kernels a plan picks (kernels.h). Each part has its own
 * header: quarter.h, starts.h, pair.h, patterns.h, half.h, match.h, sieve.h, kernels.h.
 *
 * The join counter counts the solutions of the empty n x n board without backtracking over
 * whole boards. It cuts the board into four h x h quarters (h = n / 2; for odd n the middle row
 * and column are filled first, by "starts"). Every partial placement of one quarter is listed
 * once, by the rows and columns it uses (quarter.c). For each set S of rows whose queen stands
 * in the east half, two quarters join into the placements of the east half on rows S, and two
 * into those of the west half on the other rows (half.c, with pair.c's kernels, one set per
 * instruction set like the matcher's, both in the tables of kernels.c); both are reduced to
 * the diagonals they take where the halves meet, a 64-bit "pattern". Every east pattern disjoint from a west pattern is a
 * solution: match.c counts disjoint pairs 512 at a time with bit-sliced tables.
 * starts.c orders the work: which row sets, with which weights from the board's symmetries,
 * into numbered units like the backtracker's. join.c ties them into a plan's counter.
 *
 * Memory: the quarter's table is kept whole where it fits (h <= 12). Otherwise, and always from
 * n = 26, a worker makes only the row slices of the table its row set needs (quarter.c), lists
 * halves in chunks of bounded size (half.c's cursor), and a row set too big for one unit is cut
 * into parts by the shares of its east columns (starts.c), so that a worker's memory and a
 * unit's time stay bounded whatever n.
 */
#ifndef NQ_JOIN_H
#define NQ_JOIN_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels.h"
#include "nqueens.h"
#include "starts.h"

/* The sizes the join counts: NQ_JOIN_MIN_N <= n <= NQ_JOIN_MAX_N (nqueens.h; patterns need
 * 4h - 2 <= 64 bits, and the quarter's figures are tabulated up to NQ_QUARTER_MAX_H). */
#define NQ_JOIN_MIN_N 4

typedef struct nq_join nq_join;

/* What a worker keeps between units: buffers that grow to the largest row set's needs. */
typedef struct nq_join_scratch nq_join_scratch;

/* How a join holds the quarter: as a whole table (h <= NQ_QUARTER_TABLE_MAX_H; faster, as the
 * table is made once), or as row slices each worker makes for the row sets it counts (memory
 * per worker bounded by the largest slice and half, not the table's). ANY takes the table when
 * it fits the memory limit, else slices. */
typedef enum nq_join_layout {
    NQ_JOIN_ANY, NQ_JOIN_TABLE, NQ_JOIN_SLICES,
    NQ_JOIN_SLICES_CUT      /* slices, row sets cut into parts as from n = 28, and halves listed
                               in the smallest chunks (tests) */
} nq_join_layout;

/* Makes the join counter of the empty n x n board with at least min_units units, laid out as
 * `layout` says, refusing with NQ_ERR_MEMORY_LIMIT when it would need more than max_memory bytes
 * (0: no limit) with `threads` workers. Returns NQ_OK, NQ_ERR_SIZE (n outside the join's
 * sizes), NQ_ERR_ARGUMENT (a table asked for past NQ_QUARTER_TABLE_MAX_H), NQ_ERR_NOMEM or
 * NQ_ERR_MEMORY_LIMIT; *memory (when not NULL) gets the need, as nq_join_memory measures it,
 * unless NQ_ERR_SIZE. */
nq_status nq_join_create(int n, size_t min_units, uint64_t max_memory, int threads,
                         nq_join_layout layout, nq_join **join, uint64_t *memory);

void nq_join_free(nq_join *join);

/* What nq_join_create would need for n, min_units, `threads` workers, the layout and the memory
 * limit (the layout it would choose), measured without building: the table or slices, each
 * worker's scratch, and the list of units. Returns as nq_join_create, but NQ_OK over the limit. */
nq_status nq_join_memory(int n, size_t min_units, int threads, nq_join_layout layout,
                         uint64_t max_memory, uint64_t *bytes);

/* The units nq_join_create makes for n and min_units with NQ_JOIN_ANY, whichever of table or
 * slices it takes, counted without making them: 0 for n outside the join's sizes or a failure. */
size_t nq_join_units_measured(int n, size_t min_units);

/* Whether join holds the whole table (else its workers make slices). */
int nq_join_has_table(const nq_join *join);

size_t nq_join_unit_count(const nq_join *join);
const nq_join_unit *nq_join_unit_at(const nq_join *join, size_t unit);
const nq_join_start *nq_join_start_at(const nq_join *join, size_t start);

/* A worker's scratch for join; NULL when out of memory. */
nq_join_scratch *nq_join_scratch_create(const nq_join *join);
void nq_join_scratch_free(nq_join_scratch *scratch);

/* Counts unit `unit` into *total with `kernels` (nq_join_kernels_best, or a table the CPU
 * runs), using the caller's scratch (one per thread). Returns NQ_OK, NQ_ERR_NOMEM,
 * NQ_ERR_OVERFLOW, or NQ_ERR_STOPPED when *stop (NULL: never) was found nonzero before a row
 * set: *total is then not the unit's count. */
nq_status nq_join_count_unit(const nq_join *join, size_t unit, const nq_join_kernels *kernels,
                             nq_join_scratch *scratch, const atomic_int *stop, uint64_t *total);

#endif /* NQ_JOIN_H */
