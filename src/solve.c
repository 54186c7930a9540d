/*
 * solve.c - lists the solutions of a board in lexicographic order, or one per symmetry class.
 *
 * This is the one-thread listing, the plain path: nq_solve_threads (solve_threads.c) spreads
 * the same search over threads.
 */
#include "internal.h"

/* Passes on only the solutions that represent their class. */
typedef struct unique_filter {
    unsigned group;
    nq_solution_fn visit;
    void *context;
} unique_filter;

static int visit_canonical(void *context, int n, const int8_t *cols)
{
    unique_filter *f = context;
    return nq_is_canonical(cols, n, f->group) ? f->visit(f->context, n, cols) : 0;
}

nq_status nq_solve(const nq_board *board, int unique, nq_solution_fn visit, void *context)
{
    if (!board || !visit)
        return NQ_ERR_ARGUMENT;
    nq_search search;
    nq_status status = nq_search_compile(board, &search);
    if (status)
        return status;
    nq_state root = nq_search_root(&search);
    if (!unique)
        return nq_kernel_visit(&search, root, NULL, visit, context);
    unique_filter filter = { nq_board_symmetries(board), visit, context };
    return nq_kernel_visit(&search, root, NULL, visit_canonical, &filter);
}
