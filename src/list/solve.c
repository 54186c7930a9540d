/*
 * solve.c - lists the solutions of a board in lexicographic order, or one per symmetry class:
 * on the calling thread by the walk of solve_walk.c, or by worker threads (solve_threads.c),
 * with the engine a count of the board would take (by lines on constrained boards); or in
 * search order, on the calling thread (solve_search.c).
 */
#include "engine/kernels.h"
#include "list/list.h"

/* The caller's visitor and idle callback: the walk passes the kernels' byte columns, which
 * widen passes on as the API's int32_t columns. */
typedef struct widening {
    nq_solution_fn visit;
    void *context;
    void (*idle)(void *context);
} widening;

static int widen(void *context, int n, const int8_t *cols)
{
    const widening *w = context;
    int32_t wide[NQ_MAX_N];
    for (int r = 0; r < n; r++)
        wide[r] = cols[r];
    return w->visit(w->context, n, wide);
}

static void idle(void *context)
{
    const widening *w = context;
    w->idle(w->context);
}

nq_status nq_solve(const nq_board *board, int unique, nq_solution_fn visit, void *context)
{
    if (!board || !visit)
        return NQ_ERR_ARGUMENT;
    nq_search search;
    nq_status status = nq_search_compile(board, &search);
    if (status)
        return status;
    widening w = { visit, context, NULL };
    nq_walk walk = { .visit = widen, .context = &w,
                     .group = unique ? nq_board_symmetries(board) : 0,
                     .lines = nq_engine_for(&search, nq_board_symmetries(board), NQ_ENGINE_AUTO) == NQ_ENGINE_LINES };
    return nq_walk_lex(&search, &walk);
}

nq_status nq_solve_with(const nq_board *board, const nq_solve_options *options,
                        nq_solution_fn visit, void *context)
{
    static const nq_solve_options defaults = { 0, 0, NULL, NULL, NQ_ENGINE_AUTO, NQ_ORDER_LEX };
    if (!options)
        options = &defaults;
    if (!board || !visit || options->engine < NQ_ENGINE_AUTO ||
        options->engine > NQ_ENGINE_LINES || options->order < NQ_ORDER_LEX ||
        options->order > NQ_ORDER_SEARCH)
        return NQ_ERR_ARGUMENT;
    nq_search search;
    nq_status status = nq_search_compile(board, &search);
    if (status)
        return status;
    widening w = { visit, context, options->idle };
    nq_walk walk = { .visit = widen, .context = &w,
                     .group = options->unique ? nq_board_symmetries(board) : 0,
                     .stop = { options->stop, NULL },
                     .lines = nq_engine_for(&search, nq_board_symmetries(board), options->engine) == NQ_ENGINE_LINES };
    if (options->order == NQ_ORDER_SEARCH)
        return nq_walk_search(&search, &walk);
    int threads = options->threads > 0 ? options->threads : nq_online_cores();
    return nq_walk_threads(&search, &walk, threads, options->idle ? idle : NULL);
}
