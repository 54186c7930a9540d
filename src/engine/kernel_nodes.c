/*
 * kernel_nodes.c - the counting kernel for constrained boards of any side (kernel_lines.c's
 * for sides up to 32 is faster there): rows and columns alike, each line that has one square
 * left filled at once, the line with the fewest squares branched on.
 *
 * The row kernels only look at rows: a column that many bad squares leave with one or two open
 * squares is found out late, after the rows above have been tried in every way. Here a node
 * keeps the open squares of every open row and of every open column; a queen takes the squares
 * it attacks from both, a line left with none ends the branch, a line left with one is filled
 * without branching (and so on until none is), and the search branches on the line, row or
 * column, with the fewest squares. That is the pruning of the completion search (src/find), made
 * to count. Each node costs more than a row kernel's, so boards with few bad squares keep those
 * (nq_kernel_choose says which).
 *
 * A node is copied whole on the way down, so that going back costs nothing.
 */
#include <string.h>

#include "base/base.h"
#include "engine/engine.h"

static inline uint64_t bit(int i)
{
    return UINT64_C(1) << i;
}

/* The search at one node. */
typedef struct node {
    uint64_t open_rows;       /* rows without a queen */
    uint64_t open_cols;       /* columns without a queen */
    uint64_t row[NQ_MAX_N];   /* open squares of each open row, by column */
    uint64_t col[NQ_MAX_N];   /* open squares of each open column, by row */
} node;

/* One level of the walk: a node, the line it branches on and its squares left to try. */
typedef struct level {
    node at;
    int line;                 /* row r, or column c as NQ_MAX_N + c */
    uint64_t left;            /* squares of the line still to try: columns of a row, rows of a
                                 column */
} level;


/* Puts a queen on (r, c) and records it in queen[r]. Returns 0 if an open line is left with no
 * square. */
static inline __attribute__((always_inline)) int place(node *a, int r, int c, uint64_t single[2],
                                                       int8_t *queen)
{
    queen[r] = (int8_t)c;
    a->open_rows &= ~bit(r);
    a->open_cols &= ~bit(c);
    uint64_t empty = nq_take_attacked(a->row, a->open_rows, r, bit(c), &single[0]);
    empty |= nq_take_attacked(a->col, a->open_cols, c, bit(r), &single[1]);
    return !empty;
}

/* Fills every open line left with one square, until none is. Returns 0 at a dead end. */
static inline __attribute__((always_inline)) int settle(node *a, uint64_t single[2],
                                                        int8_t *queen)
{
    for (;;) {
        uint64_t rows = single[0] & a->open_rows, cols = single[1] & a->open_cols;
        int r, c;
        if (rows) {
            r = __builtin_ctzll(rows);
            c = __builtin_ctzll(a->row[r]);
        } else if (cols) {
            c = __builtin_ctzll(cols);
            r = __builtin_ctzll(a->col[c]);
        } else {
            return 1;
        }
        if (!place(a, r, c, single, queen))
            return 0;
    }
}

/* Makes L branch on the open line of its node with the fewest squares (rows first on ties). */
static inline __attribute__((always_inline)) void choose(level *L)
{
    const node *a = &L->at;
    int fewest = NQ_MAX_N + 1, line = 0;
    for (uint64_t m = a->open_rows; m; m &= m - 1) {
        int i = __builtin_ctzll(m), k = __builtin_popcountll(a->row[i]);
        if (k < fewest)
            fewest = k, line = i;
    }
    for (uint64_t m = a->open_cols; m; m &= m - 1) {
        int i = __builtin_ctzll(m), k = __builtin_popcountll(a->col[i]);
        if (k < fewest)
            fewest = k, line = NQ_MAX_N + i;
    }
    L->line = line;
    L->left = line < NQ_MAX_N ? a->row[line] : a->col[line - NQ_MAX_N];
}

/* Makes the root node of search, settled, into a. Returns 0 if that meets a dead end. */
static int root(const nq_search *search, node *a, int8_t *queen)
{
    int n = search->n;
    uint64_t single[2] = { 0, 0 };
    memset(a, 0, sizeof *a);
    a->open_rows = a->open_cols = search->full;
    for (int r = 0; r < n; r++) {
        a->row[r] = search->allow[r] & search->full;
        for (uint64_t m = a->row[r]; m; m &= m - 1)
            a->col[__builtin_ctzll(m)] |= bit(r);
    }
    for (int i = 0; i < n; i++) {
        if (!a->row[i] || !a->col[i])
            return 0;
        single[0] |= (a->row[i] & (a->row[i] - 1)) ? 0 : bit(i);
        single[1] |= (a->col[i] & (a->col[i] - 1)) ? 0 : bit(i);
    }
    return settle(a, single, queen);
}

/* Counts the completions of search; with visit, also calls it with each (in no set order)
 * until it returns nonzero. Returns NQ_KERNEL_STOPPED when visit asked to stop or *stop
 * became nonzero: the flag is read once in NQ_POLL_STEPS dead ends and leaves. queen[r] holds
 * the column of row r's queen along the path: levels set it as they place queens, and a
 * level's queens stay valid below it. */
static inline __attribute__((always_inline)) uint64_t count_nodes(const nq_search *search,
                                                                  nq_placed_fn visit,
                                                                  void *context,
                                                                  const nq_stop_flag *stop)
{
    level stack[NQ_MAX_N + 1];
    int8_t queen[NQ_MAX_N];
    unsigned steps = NQ_POLL_STEPS;
    uint64_t count = 0;
    if (!root(search, &stack[0].at, queen))
        return 0;
    if (!stack[0].at.open_rows)
        return visit && visit(context, search->n, queen) ? NQ_KERNEL_STOPPED : 1;
    choose(&stack[0]);
    level *L = stack;
    for (;;) {
        if (!L->left) {
            if (L == stack)
                return count;
            L--;
            continue;
        }
        int other = __builtin_ctzll(L->left);
        L->left &= L->left - 1;
        int r = L->line < NQ_MAX_N ? L->line : other;
        int c = L->line < NQ_MAX_N ? other : L->line - NQ_MAX_N;
        level *child = L + 1;
        uint64_t single[2] = { 0, 0 };
        child->at = L->at;
        if (place(&child->at, r, c, single, queen) && settle(&child->at, single, queen)) {
            if (child->at.open_rows) {
                choose(child);
                L = child;
                continue;
            }
            count++;
            if (visit && visit(context, search->n, queen))
                return NQ_KERNEL_STOPPED;
        }
        if (nq_stop_poll(stop, &steps))
            return NQ_KERNEL_STOPPED;
    }
}

uint64_t nq_kernel_count_nodes(const nq_search *search, const nq_stop_flag *stop)
{
    return count_nodes(search, NULL, NULL, stop);
}

NQ_TARGET_POPCNT uint64_t nq_kernel_count_nodes_popcnt(const nq_search *search,
                                                       const nq_stop_flag *stop)
{
    return count_nodes(search, NULL, NULL, stop);
}

nq_status nq_kernel_visit_nodes(const nq_search *search, nq_placed_fn visit, void *context,
                                const nq_stop_flag *stop)
{
    return count_nodes(search, visit, context, stop) == NQ_KERNEL_STOPPED ? NQ_ERR_STOPPED
                                                                          : NQ_OK;
}

NQ_TARGET_POPCNT nq_status nq_kernel_visit_nodes_popcnt(const nq_search *search,
                                                        nq_placed_fn visit, void *context,
                                                        const nq_stop_flag *stop)
{
    return count_nodes(search, visit, context, stop) == NQ_KERNEL_STOPPED ? NQ_ERR_STOPPED
                                                                          : NQ_OK;
}
