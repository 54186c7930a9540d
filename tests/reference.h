/*
 * reference.h - a plain, obviously correct n-queens solver for the tests: arrays and loops, no
 * bit masks, no symmetry tricks, nothing shared with the library but the board type.
 */
#ifndef NQ_REFERENCE_H
#define NQ_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"

/* Called with each solution, cols[r] the column of row r's queen. */
typedef void (*ref_visit_fn)(void *context, int n, const int *cols);

/* Calls visit (if not NULL) for every solution of board, in lexicographic order; returns how
 * many. */
uint64_t ref_solve(const nq_board *board, ref_visit_fn visit, void *context);

/* The number of solutions of board. */
uint64_t ref_count(const nq_board *board);

/* The symmetries of the square (bit k: enum nq_symmetry k) that map the board onto itself:
 * bad squares onto bad squares, queens onto queens. */
unsigned ref_symmetries(const nq_board *board);

/* Whether a solution is the lexicographically least of its images under the board's
 * symmetries. */
int ref_is_least(const nq_board *board, const int *cols);

/* The number of classes of solutions under the board's symmetries: the least members. */
uint64_t ref_count_unique(const nq_board *board);

/* The solutions of board in lexicographic order (only the least of each class when least_only),
 * n bytes each, in an array to free(); *count says how many. Never NULL. */
int8_t *ref_list(const nq_board *board, int least_only, size_t *count);

#endif /* NQ_REFERENCE_H */
