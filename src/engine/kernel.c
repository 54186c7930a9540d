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
 *
 * They look at the stop flag now and then as they back up to a row above the last
 * WATCH_ROWS, so that a count of any size can be given up within milliseconds: below those
 * rows are at most WATCH_ROWS free columns, hence at most WATCH_ROWS! placements, between two
 * such steps; and the test that ends the search on its first row costs no more.
 */
#include <string.h>

#include "base/base.h"
#include "engine/engine.h"

#define WATCH_ROWS 6

/* The lowest row whose backing up to counts down to a look at the stop flag. */
static inline int watch_row(int first, int last)
{
    return last - WATCH_ROWS > first ? last - WATCH_ROWS : first;
}

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

uint64_t nq_kernel_count_rows(const nq_search *search, nq_state s, const nq_stop_flag *stop)
{
    const int first = s.row, last = search->n - 1;
    if (first > last)
        return 1;
    uint64_t reach[NQ_MAX_N + 1];
    fill_reach(search, reach);
    uint64_t cols = s.cols, d1 = s.d1, d2 = s.d2, f = nq_state_free(search, s), count = 0;
    level stack[NQ_MAX_N];
    int row = first;
    const int watch = watch_row(first, last);
    unsigned steps = NQ_POLL_STEPS;
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
        if (row <= watch) {
            if (row == first)
                return count;
            if (nq_stop_poll(stop, &steps))
                return NQ_KERNEL_STOPPED;
        }
        row--;
        f = stack[row].free_, cols = stack[row].cols, d1 = stack[row].d1, d2 = stack[row].d2;
    }
}

/* nq_kernel_visit, given up when *stop becomes nonzero (stop may be NULL). */
static nq_status visit_rows(const nq_search *search, nq_state s, const int8_t *prefix,
                            nq_placed_fn visit, void *context, const nq_stop_flag *stop)
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
    const int watch = watch_row(first, last);
    unsigned steps = NQ_POLL_STEPS;
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
        if (row <= watch) {
            if (row == first)
                return NQ_OK;
            if (nq_stop_poll(stop, &steps))
                return NQ_ERR_STOPPED;
        }
        row--;
        f = stack[row].free_, cols = stack[row].cols, d1 = stack[row].d1, d2 = stack[row].d2;
    }
}

nq_status nq_kernel_visit_rows(const nq_search *search, nq_placed_fn visit, void *context,
                               const nq_stop_flag *stop)
{
    return visit_rows(search, nq_search_root(search), NULL, visit, context, stop);
}

nq_status nq_kernel_visit(const nq_search *search, nq_state s, const int8_t *prefix,
                          nq_placed_fn visit, void *context)
{
    return visit_rows(search, s, prefix, visit, context, NULL);
}

double nq_kernel_probe(const nq_search *search, nq_state s, uint64_t *random, double *leaves,
                       int8_t *placed)
{
    const int last = search->n - 1;
    uint64_t reach[NQ_MAX_N + 1];
    fill_reach(search, reach);
    uint64_t cols = s.cols, d1 = s.d1, d2 = s.d2;
    double paths = 1, nodes = 0;
    *leaves = s.row > last;
    for (int row = s.row; row <= last; row++) {
        /* The children the kernel would go down to, and which one this probe takes. */
        uint64_t bits[NQ_MAX_N];
        int count = 0;
        uint64_t f = search->allow[row] & ~(cols | d1 | d2);
        nodes += paths * __builtin_popcountll(f);
        for (; f; f &= f - 1) {
            uint64_t bit = f & -f, c = cols | bit, a = (d1 | bit) << 1, b = (d2 | bit) >> 1;
            if (row == last || ((search->allow[row + 1] & ~(c | a | b)) &&
                                (row + 1 == last || !dead_end(search, reach, row + 1, last, c, a, b))))
                bits[count++] = bit;
        }
        if (!count)
            return nodes;
        paths *= count;
        if (row == last) {
            placed[row] = (int8_t)__builtin_ctzll(bits[nq_random_next(random) % (uint64_t)count]);
            *leaves = paths;
            return nodes;
        }
        uint64_t bit = bits[nq_random_next(random) % (uint64_t)count];
        placed[row] = (int8_t)__builtin_ctzll(bit);
        cols |= bit, d1 = (d1 | bit) << 1, d2 = (d2 | bit) >> 1;
    }
    return nodes;
}
