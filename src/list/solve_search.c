/*
 * solve_search.c - listings in search order (NQ_ORDER_SEARCH): every solution once, in the
 * order in which a search that fills the most constrained line first meets them.
 *
 * The lexicographic first solution of a large board lies behind long proofs (40 x 40 takes
 * minutes, and nobody knows 62 x 62's), while a search that fills the line with the fewest
 * free squares first meets solutions of every empty board up to 64 wide within a few thousand
 * nodes. The order is the board's alone, as nqueens.h documents it: a column that one open
 * row alone offers is filled first (the leftmost such); else the row with the fewest free
 * squares (the top one on a tie), unless a column has fewer squares than that row and fewer
 * than eight (then the column with the fewest, the leftmost on a tie); a row's squares are
 * tried from the left, a column's from the top, and a line with no free square ends the
 * branch. The cap of eight is kernel_find.c's rule, whose search meets the first solution of
 * every empty board from 4 to 64 at once; without it the search wandered for over 20 s at
 * 57 x 57 and 64 x 64 (BENCHMARKS.md, "Listing"). No other test steers or prunes the search,
 * so that no change to the proof engine can change the order.
 */
#include "board/symmetry.h"
#include "list/list.h"

#define POLL_MASK 4095   /* nodes between looks at the stop request */

/* A listing in search order in progress. */
typedef struct searcher {
    const nq_walk *walk;
    int n;
    int8_t placed[NQ_MAX_N];
    uint64_t nodes;
} searcher;

/* The line a node fills: a row (col < 0) or a column (row < 0), and its free squares: columns
 * of the row, rows of the column; squares 0 at a dead end. */
typedef struct line {
    int row, col;
    uint64_t squares;
} line;

/* The open rows of free[] that offer column c. */
static uint64_t rows_offering(const uint64_t *free, uint64_t open, int c)
{
    uint64_t rows = 0;
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        rows |= (free[r] >> c & 1) << r;
    }
    return rows;
}

/* The line the order fills next, among the open rows and the untaken columns. */
static line choose(const uint64_t *free, uint64_t open, uint64_t untaken)
{
    line row = { -1, -1, 0 }, column = { -1, -1, 0 };
    int row_count = 65, column_count = 65;
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m), count = __builtin_popcountll(free[r]);
        if (count < row_count)   /* strictly: the lower row wins a tie */
            row_count = count, row = (line){ r, -1, free[r] };
    }
    if (row_count == 0)
        return row;
    for (uint64_t m = untaken; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        uint64_t rows = rows_offering(free, open, c);
        int count = __builtin_popcountll(rows);
        if (count < column_count)
            column_count = count, column = (line){ -1, c, rows };
    }
    return column_count <= 1 || (column_count < row_count && column_count < 8) ? column : row;
}

/* Passes a solution on unless the unique listing leaves it out; nonzero to stop. */
static int pass_on(searcher *s)
{
    const nq_walk *walk = s->walk;
    if (walk->group && !nq_is_canonical(s->placed, s->n, walk->group))
        return 0;
    return walk->visit(walk->context, s->n, s->placed);
}

/* Lists the completions below a node whose open rows offer free[r]; nonzero to stop. */
static int descend(searcher *s, uint64_t open, uint64_t untaken, const uint64_t *free)
{
    if (!open)
        return pass_on(s);
    if ((++s->nodes & POLL_MASK) == 0 && nq_stop_requested(&s->walk->stop))
        return 1;
    line next = choose(free, open, untaken);
    for (uint64_t m = next.squares; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        int r = next.row >= 0 ? next.row : i, c = next.row >= 0 ? i : next.col;
        uint64_t bit = UINT64_C(1) << c, child[NQ_MAX_N];
        for (uint64_t o = open & ~(UINT64_C(1) << r); o; o &= o - 1) {
            int other = __builtin_ctzll(o), d = other > r ? other - r : r - other;
            child[other] = free[other] & ~(bit | bit << d | bit >> d);
        }
        s->placed[r] = (int8_t)c;
        if (descend(s, open & ~(UINT64_C(1) << r), untaken & ~bit, child))
            return 1;
    }
    return 0;
}

nq_status nq_walk_search(const nq_search *search, const nq_walk *walk)
{
    searcher s = { walk, search->n, { 0 }, 0 };
    uint64_t open = search->full;   /* rows, as many as the columns */
    if (nq_stop_requested(&walk->stop))
        return NQ_ERR_STOPPED;
    int stopped = descend(&s, open, search->full, search->allow);
    return stopped || nq_stop_requested(&walk->stop) ? NQ_ERR_STOPPED : NQ_OK;
}
