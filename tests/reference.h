/*
 * reference.h - a plain, obviously correct n-queens solver for the tests: arrays and loops, no
 * bit masks, no symmetry tricks, nothing shared with the library but the board type.
 */
#ifndef NQ_REFERENCE_H
#define NQ_REFERENCE_H

#include <stdint.h>

#include "nqueens.h"

/* Called with each solution, cols[r] the column of row r's queen. */
typedef void (*ref_visit_fn)(void *context, int n, const int *cols);

/* Calls visit for every solution of board, in lexicographic order; returns how many. */
uint64_t ref_solve(const nq_board *board, ref_visit_fn visit, void *context);

/* The number of solutions of board. */
uint64_t ref_count(const nq_board *board);

/* The number of classes of solutions under the symmetries of the square that map the board
 * onto itself. */
uint64_t ref_count_unique(const nq_board *board);

/* Whether a solution is the lexicographically least of its images under the board's
 * symmetries. */
int ref_is_least(const nq_board *board, const int *cols);

#endif /* NQ_REFERENCE_H */
