/*
 * textbook.c - the textbook recursive bitmask counter, the floor every benchmark compares with.
 *
 * One mask of taken columns and two of taken diagonals, the lowest free bit taken first, the
 * diagonals shifted by one per row; no symmetry, no threads.
 *   textbook N        prints Q(N), 1 <= N <= 32
 *   textbook uva      answers UVa 11195 input on stdin the same way, a bad-square mask per row
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n;
static uint32_t bad[32];   /* bad squares of each row */

static uint64_t solve(int row, uint32_t full, uint32_t cols, uint32_t left, uint32_t right)
{
    if (row == n)
        return 1;
    uint64_t count = 0;
    for (uint32_t free_ = full & ~(cols | left | right | bad[row]); free_; free_ &= free_ - 1) {
        uint32_t bit = free_ & -free_;
        count += solve(row + 1, full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return count;
}

static uint32_t full_mask(void)
{
    return n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
}

static int uva(void)
{
    char line[64];
    for (int k = 1; scanf("%d", &n) == 1 && n > 0 && n <= 32; k++) {
        for (int r = 0; r < n; r++) {
            if (scanf("%63s", line) != 1)
                return 2;
            bad[r] = 0;
            for (int c = 0; c < n && line[c]; c++)
                bad[r] |= (uint32_t)(line[c] == '*') << c;
        }
        printf("Case %d: %llu\n", k, (unsigned long long)solve(0, full_mask(), 0, 0, 0));
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "uva") == 0)
        return uva();
    n = argc == 2 ? atoi(argv[1]) : 0;
    if (n < 1 || n > 32) {
        fprintf(stderr, "usage: textbook N (1..32) | textbook uva < input\n");
        return 2;
    }
    printf("%llu\n", (unsigned long long)solve(0, full_mask(), 0, 0, 0));
    return 0;
}
