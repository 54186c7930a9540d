/*
 * pair.h - quarter cells fitted to the board, and the pairs of two that fit
 * (pair.c, and one file a CPU path: pair_avx2.c, pair_avx512.c): the kernels that list halves.
 */
#ifndef NQ_JOIN_PAIR_H
#define NQ_JOIN_PAIR_H

#include <stddef.h>
#include <stdint.h>

#include "quarter.h"

/* How the placements of a quarter cell stand on the board: the shifts that take their quarter
 * diagonals to the board's, where the halves meet (board diagonals lo .. lo + width - 1), and
 * the board diagonals the start's queens take. */
typedef struct nq_fit_rule {
    int up_shift, down_shift, lo, width;
    uint64_t taken_up, taken_down;
} nq_fit_rule;

/* A kernel may write this many slots past what it lists: its output needs that room. */
#define NQ_PAIR_SLACK 8

/* Writes to pattern, in order, for each of the `count` placements at diags that the start's
 * queens leave alone, the diagonals it takes where the halves meet (up ones in the low `width`
 * bits, down ones above); returns how many. Writes up to NQ_PAIR_SLACK slots past them. */
typedef size_t nq_fit_fn(const nq_quarter_diags *diags, size_t count, const nq_fit_rule *rule,
                         uint64_t *pattern);

/* Placements of one quarter cell fitted to the board: their patterns. */
typedef struct nq_fitted {
    const uint64_t *pattern;
    size_t count;
} nq_fitted;

/* Writes to out, north placement by north placement and for each south placement by south
 * placement, the patterns (north | south | mark) of the pairs whose patterns and mark have no
 * bit in common (mark: the diagonals of a queen placed besides the start's, or 0); returns how
 * many. Writes up to NQ_PAIR_SLACK slots past them. (Placements of a half's north and south
 * quarters, fitted by its rules, take a diagonal in common exactly when their patterns share a
 * bit: all the diagonals both quarters can take, 3h - 1 - n up ones and as many down, lie where
 * the halves meet; half.c.) */
typedef size_t nq_pair_fn(const nq_fitted *north, const nq_fitted *south, uint64_t mark,
                          uint64_t *out);

/* A pairer: the kernels that list halves, for one instruction set. Every pairer lists the
 * same, in the same order. */
typedef struct nq_pairer {
    nq_fit_fn *fit;
    nq_pair_fn *pair;
} nq_pairer;

/* The pairers: portable C, and for CPUs with AVX2 or AVX-512 (only use those on one). */
extern const nq_pairer nq_pairer_portable, nq_pairer_avx2, nq_pairer_avx512;

/* The portable pairer's kernels (the others fall back on them off x86). */
nq_fit_fn nq_fit_portable;
nq_pair_fn nq_pair_portable;

#endif /* NQ_JOIN_PAIR_H */
