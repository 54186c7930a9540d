/*
 * random_board.h - reproducible random boards for the tests: bad squares of varied density,
 * a few placed queens, and boards made symmetric under a chosen group.
 */
#ifndef NQ_RANDOM_BOARD_H
#define NQ_RANDOM_BOARD_H

#include <stdint.h>

#include "nqueens.h"

/* xorshift64: the tests need reproducibility, not quality. */
static inline uint64_t test_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return *state = x;
}

static inline int test_below(uint64_t *state, int bound)
{
    return (int)(test_random(state) % (uint64_t)bound);
}

/* The image of (r, c) under symmetry k, as nqueens.h defines them. */
static inline void test_image(int k, int n, int r, int c, int *r2, int *c2)
{
    int m = n - 1;
    int rows[8] = { r, c, m - r, m - c, r, m - r, c, m - c };
    int cols[8] = { c, m - r, m - c, r, m - c, c, r, m - r };
    *r2 = rows[k], *c2 = cols[k];
}

/* Whether two boards are the same value (compared field by field: padding may differ). */
static inline int test_same_board(const nq_board *a, const nq_board *b)
{
    if (a->n != b->n)
        return 0;
    for (int r = 0; r < NQ_MAX_N; r++)
        if (a->blocked[r] != b->blocked[r] || a->queen[r] != b->queen[r])
            return 0;
    return 1;
}

/* Places a queen on (r, c) and on each of its images under group, or, if any of them cannot
 * stand there (a bad square, an attack, a row taken), leaves b as it was. */
static inline void test_place_orbit(nq_board *b, int r, int c, unsigned group)
{
    nq_board copy = *b;
    for (int k = 0; k < 8; k++) {
        int r2, c2;
        if (k && !(group >> k & 1))
            continue;
        test_image(k, b->n, r, c, &r2, &c2);
        if (copy.queen[r2] != c2 && nq_board_place(&copy, r2, c2) != NQ_OK)
            return;
    }
    *b = copy;
}

/* A random board of side n: each square bad with probability percent/100, then up to queens
 * placed queens on free squares (those that would attack are skipped). With group nonzero
 * (a bit set over enum nq_symmetry that must be closed, a group), every bad square is copied to
 * its images under group, and each queen comes with its images, so that group maps the board
 * onto itself. */
static inline void test_random_board(uint64_t *state, int n, int percent, int queens,
                                     unsigned group, nq_board *b)
{
    nq_board_init(b, n);
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (test_below(state, 100) >= percent)
                continue;
            for (int k = 0; k < 8; k++) {
                int r2, c2;
                if (!(group >> k & 1) && k)
                    continue;
                test_image(k, n, r, c, &r2, &c2);
                nq_board_block(b, r2, c2);
            }
        }
    }
    for (int q = 0; q < queens; q++)
        test_place_orbit(b, test_below(state, n), test_below(state, n), group);
}

/* A large board with few completions, for sides the reference cannot search whole: a random
 * solution of side n (4 <= n <= NQ_MAX_N) with its queens placed in all rows but about `open`
 * random ones, then bad squares of density percent/100 on the other squares. */
static inline void test_sparse_board(uint64_t *state, int n, int open, int percent, nq_board *b)
{
    int32_t cols[NQ_MAX_N];
    nq_random_solution((uint32_t)n, test_random(state), cols);
    int placed[NQ_MAX_N] = { 0 };
    for (int r = 0; r < n; r++)
        placed[r] = 1;
    for (int k = 0; k < open; k++)
        placed[test_below(state, n)] = 0;
    nq_board_init(b, n);
    for (int r = 0; r < n; r++)
        if (placed[r])
            nq_board_place(b, r, cols[r]);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (test_below(state, 100) < percent && b->queen[r] != c)
                nq_board_block(b, r, c);
}

#endif /* NQ_RANDOM_BOARD_H */
