/*
 * lexfirst.c - the lexicographically first solution of the n x n board by the plainest
 * search there is: recursive, row by row, leftmost free column first, no look-ahead. Shares no
 * code with nqueens, so that bench/first.sh can check what `nqueens solve N --limit 1` prints.
 *
 *   lexfirst N      prints the first solution as 1-based columns, or nothing for N = 2, 3
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int n, col[64];

static int place(int row, uint64_t cols, uint64_t left, uint64_t right)
{
    if (row == n)
        return 1;
    uint64_t full = n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
    for (uint64_t free_ = full & ~(cols | left | right); free_; free_ &= free_ - 1) {
        uint64_t bit = free_ & -free_;
        col[row] = __builtin_ctzll(bit);
        if (place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1))
            return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    n = argc == 2 ? atoi(argv[1]) : 0;
    if (n < 1 || n > 64) {
        fprintf(stderr, "usage: lexfirst N (1 to 64)\n");
        return 2;
    }
    if (place(0, 0, 0, 0))
        for (int r = 0; r < n; r++)
            printf("%d%c", col[r] + 1, r + 1 < n ? ' ' : '\n');
    return 0;
}
