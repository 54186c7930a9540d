/*
 * symmetry.h - the eight symmetries of the square acting on squares and solutions
 * (symmetry.c); enum nq_symmetry names them (nqueens.h).
 */
#ifndef NQ_BOARD_SYMMETRY_H
#define NQ_BOARD_SYMMETRY_H

#include <stdint.h>

#include "nqueens.h"

/* Whether cols[0..n-1] is the lexicographically least of its images under the symmetries in
 * the bit set group. */
int nq_is_canonical(const int8_t *cols, int n, unsigned group);

/* The size of the class of cols[0..n-1] under group if cols is its least member, else 0. */
int nq_class_size(const int8_t *cols, int n, unsigned group);

/* Writes into out the image of the solution cols under symmetry sym. */
void nq_transform(const int8_t *cols, int n, enum nq_symmetry sym, int8_t *out);

/* The image of square (row, col) of an n x n board under sym. */
void nq_transform_square(int n, enum nq_symmetry sym, int row, int col, int *out_row,
                         int *out_col);

#endif /* NQ_BOARD_SYMMETRY_H */
