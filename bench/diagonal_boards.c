/*
 * diagonal_boards.c - boards of CSPLib problem 079 ("Excluded Diagonals", Gent, Jefferson and
 * Nightingale, "Complexity of n-Queens Completion", JAIR 2017), and the same boards as CNF for a
 * SAT solver: the decision benchmark of bench/hard_boards.sh.
 *
 *   diagonal_boards DIR N K FIRST_SEED COUNT
 *
 * Writes DIR/N-K-SEED.txt (the board, in the format of `nqueens one --board`: '.' free, '*'
 * bad) and DIR/N-K-SEED.cnf (DIMACS) for seeds FIRST_SEED to FIRST_SEED + COUNT - 1, and prints
 * one line per board: its name, n, K, the seed and its bad squares. Same arguments, same
 * boards.
 *
 * The problem's description: whole diagonals of an empty n x n board are excluded, in an order
 * drawn at random, each step taking a diagonal of a direction drawn at random (sums r + c or
 * differences r - c, each direction's diagonals in a random order of their own); a diagonal
 * whose exclusion would leave some row or column with fewer than MIN_OPEN open squares is
 * skipped. The board excludes the first K diagonals of that order. This program draws its own
 * random numbers (xorshift, seeded from N and the seed), so its boards are of the problem's
 * kind but not the very instances of the CSPLib files.
 *
 * The CNF is that of complete_boards.c (board_cnf.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "nqueens.h"
#include "board_cnf.h"

/* The fewest open squares an exclusion may leave in a row or column: the problem's "4". */
#define MIN_OPEN 4

static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return *state = x;
}

static int below(uint64_t *state, int bound)
{
    return (int)(next_random(state) % (uint64_t)bound);
}

/* Fills order[0..count-1] with 0..count-1 in a random order. */
static void shuffle(uint64_t *state, int *order, int count)
{
    for (int i = 0; i < count; i++)
        order[i] = i;
    for (int i = count - 1; i > 0; i--) {
        int j = below(state, i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
}

/* The column of row r on diagonal d of a direction (sum: r + c = d; difference:
 * r - c + n - 1 = d), or -1 off the board. */
static int column_on(int n, int sum, int d, int r)
{
    int c = sum ? d - r : r - d + n - 1;
    return c >= 0 && c < n ? c : -1;
}

/* Excludes diagonal d of a direction from b unless that leaves a row or column of open[] (rows
 * then columns) with fewer than MIN_OPEN open squares. Returns whether it did. */
static int exclude(nq_board *b, int *open, int sum, int d)
{
    int n = b->n, row_loss[NQ_MAX_N] = { 0 }, col_loss[NQ_MAX_N] = { 0 };
    for (int r = 0; r < n; r++) {
        int c = column_on(n, sum, d, r);
        if (c >= 0 && !(b->blocked[r] >> c & 1))
            row_loss[r]++, col_loss[c]++;
    }
    for (int i = 0; i < n; i++)
        if (open[i] - row_loss[i] < MIN_OPEN || open[n + i] - col_loss[i] < MIN_OPEN)
            return 0;
    for (int r = 0; r < n; r++) {
        int c = column_on(n, sum, d, r);
        if (c >= 0 && !(b->blocked[r] >> c & 1)) {
            nq_board_block(b, r, c);
            open[r]--, open[n + c]--;
        }
    }
    return 1;
}

/* The board of side n with the first k diagonals of seed's order excluded. */
static void make_board(int n, int k, uint64_t seed, nq_board *b)
{
    uint64_t state = (seed + 1) * UINT64_C(0x9E3779B97F4A7C15) ^ (uint64_t)n << 32;
    int order[2][2 * NQ_MAX_N], left[2] = { 2 * n - 1, 2 * n - 1 }, open[2 * NQ_MAX_N];
    for (int i = 0; i < 20; i++)
        next_random(&state);
    shuffle(&state, order[0], 2 * n - 1);
    shuffle(&state, order[1], 2 * n - 1);
    for (int i = 0; i < 2 * n; i++)
        open[i] = n;
    nq_board_init(b, n);
    for (int done = 0; done < k && (left[0] || left[1]);) {
        int sum = !left[1] || (left[0] && below(&state, 2));
        int d = order[sum][--left[sum]];
        done += exclude(b, open, sum, d);
    }
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: diagonal_boards DIR N K FIRST_SEED COUNT\n");
        return 2;
    }
    int n = atoi(argv[2]), k = atoi(argv[3]), count = atoi(argv[5]);
    long long first = atoll(argv[4]);
    if (n < 1 || n > NQ_MAX_N || k < 0 || first < 0 || count < 0) {
        fprintf(stderr, "diagonal_boards: N from 1 to %d, K, FIRST_SEED and COUNT >= 0\n",
                NQ_MAX_N);
        return 2;
    }
    for (long long seed = first; seed < first + count; seed++) {
        nq_board b;
        char name[64];
        make_board(n, k, (uint64_t)seed, &b);
        snprintf(name, sizeof name, "%d-%d-%lld", n, k, seed);
        if (board_cnf_save(argv[1], name, &b))
            return 1;
        int bad = 0;
        for (int r = 0; r < n; r++)
            bad += __builtin_popcountll(b.blocked[r]);
        printf("%s %d %d %lld %d\n", name, n, k, seed, bad);
    }
    return 0;
}
