/*
 * verify.c - checks a solution of any size in O(n) time and O(n) bits.
 *
 * One pass marks columns and diagonals in bit sets and stops at the first queen whose line is
 * taken; only then does a second pass look back for the queen it shares that line with.
 */
#include <stdlib.h>

#include "nqueens.h"

/* Sets bit i of set; returns whether it was set before. */
static int test_and_set(uint64_t *set, size_t i)
{
    uint64_t mask = UINT64_C(1) << (i % 64), old = set[i / 64];
    set[i / 64] = old | mask;
    return (old & mask) != 0;
}

/* Whether queens on (r1, c1) and (r2, c2), in different rows, share a column or diagonal. */
static int share_line(int64_t r1, int64_t c1, int64_t r2, int64_t c2)
{
    return c1 == c2 || r1 - c1 == r2 - c2 || r1 + c1 == r2 + c2;
}

nq_status nq_verify(const int32_t *cols, size_t n, nq_conflict *conflict)
{
    if ((!cols && n) || !conflict)
        return NQ_ERR_ARGUMENT;
    size_t words = (n + 63) / 64, diag_words = (2 * n + 63) / 64;
    uint64_t *taken = calloc(words + 2 * diag_words + 1, sizeof *taken);
    if (!taken)
        return NQ_ERR_NOMEM;
    uint64_t *col = taken, *up = taken + words, *down = up + diag_words;
    nq_status status = NQ_OK;
    for (size_t r = 0; r < n && !status; r++) {
        int64_t c = cols[r];
        *conflict = (nq_conflict){ (int64_t)r, c, -1, -1 };
        if (c < 0 || (uint64_t)c >= n) {
            status = NQ_ERR_OFF_BOARD;
        } else if (test_and_set(col, (size_t)c) | test_and_set(up, r + n - 1 - (size_t)c) |
                   test_and_set(down, r + (size_t)c)) {
            size_t a = 0;
            while (!share_line((int64_t)a, cols[a], (int64_t)r, c))
                a++;
            *conflict = (nq_conflict){ (int64_t)a, cols[a], (int64_t)r, c };
            status = NQ_ERR_ATTACK;
        }
    }
    free(taken);
    return status;
}
