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

/* A random board of side n: each square bad with probability percent/100, then up to queens
 * placed queens on free squares (those that would attack are skipped). With group nonzero, every
 * bad square is copied to its images under the symmetries in group (bit k: symmetry k), and no
 * queens are placed. */
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
    for (int q = 0; q < queens && !group; q++)
        nq_board_place(b, test_below(state, n), test_below(state, n));
}

#endif /* NQ_RANDOM_BOARD_H */
