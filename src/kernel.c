/*
 * kernel.c - the search kernels: iterative bitmask backtracking over the rows of a compiled
 * board, one counting every completion of a state, one visiting them in order.
 *
 * Both hold the current row's state in registers and push it only when they go down a row,
 * take the lowest (leftmost) free square first, so completions come in lexicographic order,
 * and allocate nothing. Before going down they look ahead, cheaply, for a dead end:
 *  - a column not yet taken that no row below offers at all (a bad square, a unit's shape);
 *  - no free square left two rows down, or in the last row.
 * Each look costs a few instructions and saves whole subtrees; together they cut the time of a
 * count by about a sixth (BENCHMARKS.md).
 */
#include <string.h>

#include "internal.h"

/* One pushed row of the search. */
typedef struct level {
    uint64_t free_;   /* squares of the row still to try */
    uint64_t cols;    /* columns taken above the row */
    uint64_t d1, d2;  /* diagonals attacking the row */
} level;

/* Fills reach[r] with the columns rows r..n-1 offer between them; reach[n] = 0. */
static void fill_reach(const nq_search *search, uint64_t *reach)
{
    reach[search->n] = 0;
    for (int r = search->n - 1; r >= 0; r--)
        reach[r] = reach[r + 1] | search->allow[r];
}

/* Whether the child with columns c and diagonals a, b (shifted to row `row`) is a dead end:
 * see the file's comment. Only for row < last. */
static inline int dead_end(const nq_search *search, const uint64_t *reach, int row, int last,
                           uint64_t c, uint64_t a, uint64_t b)
{
    int k = last - row;
    return (search->full & ~c & ~reach[row]) ||
           !(search->allow[row + 1] & ~(c | a << 1 | b >> 1)) ||
           !(search->allow[last] & ~(c | a << k | b >> k));
}

uint64_t nq_kernel_count(const nq_search *search, nq_state s)
{
    const int first = s.row, last = search->n - 1;
    if (first > last)
        return 1;
    uint64_t reach[NQ_MAX_N + 1];
    fill_reach(search, reach);
    uint64_t cols = s.cols, d1 = s.d1, d2 = s.d2, f = nq_state_free(search, s), count = 0;
    level stack[NQ_MAX_N];
    int row = first;
    if (first == last)
        return f != 0;
    for (;;) {
        while (f) {
            uint64_t bit = f & -f;
            f ^= bit;
            uint64_t c = cols | bit, a = (d1 | bit) << 1, b = (d2 | bit) >> 1;
            uint64_t next = search->allow[row + 1] & ~(c | a | b);
            if (row + 1 == last) {
                count += next != 0;   /* one column is left: at most one square */
            } else if (next && !dead_end(search, reach, row + 1, last, c, a, b)) {
                stack[row] = (level){ f, cols, d1, d2 };
                cols = c, d1 = a, d2 = b, f = next;
                row++;
            }
        }
        if (row == first)
            return count;
        row--;
        f = stack[row].free_, cols = stack[row].cols, d1 = stack[row].d1, d2 = stack[row].d2;
    }
}

nq_status nq_kernel_visit(const nq_search *search, nq_state s, const int8_t *prefix,
                          nq_solution_fn visit, void *context)
{
    const int n = search->n, first = s.row, last = n - 1;
    int8_t placed[NQ_MAX_N];
    if (first > 0)
        memcpy(placed, prefix, (size_t)first);
    if (first == n)
        return visit(context, n, placed) ? NQ_ERR_STOPPED : NQ_OK;
    uint64_t reach[NQ_MAX_N + 1];
    fill_reach(search, reach);
    uint64_t cols = s.cols, d1 = s.d1, d2 = s.d2, f = nq_state_free(search, s);
    level stack[NQ_MAX_N];
    int row = first;
    for (;;) {
        while (f) {
            uint64_t bit = f & -f;
            f ^= bit;
            placed[row] = (int8_t)__builtin_ctzll(bit);
            if (row == last) {
                if (visit(context, n, placed))
                    return NQ_ERR_STOPPED;
                continue;
            }
            uint64_t c = cols | bit, a = (d1 | bit) << 1, b = (d2 | bit) >> 1;
            uint64_t next = search->allow[row + 1] & ~(c | a | b);
            if (next && (row + 1 == last || !dead_end(search, reach, row + 1, last, c, a, b))) {
                stack[row] = (level){ f, cols, d1, d2 };
                cols = c, d1 = a, d2 = b, f = next;
                row++;
            }
        }
        if (row == first)
            return NQ_OK;
        row--;
        f = stack[row].free_, cols = stack[row].cols, d1 = stack[row].d1, d2 = stack[row].d2;
    }
}
