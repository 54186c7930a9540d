/*
 * kernels.c - the engine's kernel tables, one per CPU path, the one choice among them, and the
 * kernel of a table that an engine takes for a board, and the engine that AUTO takes for a board
 * (counts and listings alike).
 */
#include "base/base.h"
#include "engine/kernels.h"

const nq_engine_kernels nq_engine_kernels_portable = {
    "portable",
    nq_kernel_count_mrv,   nq_kernel_visit_rows,
    nq_kernel_count_lines, nq_kernel_visit_lines,
    nq_kernel_count_nodes, nq_kernel_visit_nodes,
    nq_count_half_turn,
};

const nq_engine_kernels nq_engine_kernels_popcnt = {
    "popcnt",
    nq_kernel_count_mrv_popcnt,   nq_kernel_visit_mrv_popcnt,
    nq_kernel_count_lines_popcnt, nq_kernel_visit_lines_popcnt,
    nq_kernel_count_nodes_popcnt, nq_kernel_visit_nodes_popcnt,
    nq_count_half_turn_popcnt,
};

const nq_engine_kernels *nq_engine_kernels_best(void)
{
    if (nq_cpu_uses(NQ_CPU_POPCNT))
        return &nq_engine_kernels_popcnt;
    return &nq_engine_kernels_portable;
}

uint64_t nq_engine_count(const nq_engine_kernels *k, nq_engine engine, const nq_search *search,
                         const nq_stop_flag *stop)
{
    const int wide = search->n > NQ_ABSOLUTE_MAX_N;
    if (engine == NQ_ENGINE_LINES)
        return wide ? k->count_nodes(search, stop) : k->count_lines(search, stop);
    return wide ? nq_kernel_count_rows(search, nq_search_root(search), stop)
                : k->count_rows(search, stop);
}

nq_status nq_engine_visit(const nq_engine_kernels *k, nq_engine engine, const nq_search *search,
                          nq_placed_fn visit, void *context, const nq_stop_flag *stop)
{
    const int wide = search->n > NQ_ABSOLUTE_MAX_N;
    if (engine == NQ_ENGINE_LINES)
        return wide ? k->visit_nodes(search, visit, context, stop)
                    : k->visit_lines(search, visit, context, stop);
    return wide ? nq_kernel_visit_rows(search, visit, context, stop)
                : k->visit_rows(search, visit, context, stop);
}

/* The percentage of the squares of search that are closed: bad, or taken by a placed queen (in
 * its row, or attacked by it). */
static int closed_percent(const nq_search *search)
{
    int n = search->n, open = 0;
    for (int r = 0; r < n; r++)
        open += search->allow[r] & (search->allow[r] - 1) ? __builtin_popcountll(search->allow[r])
                                                          : 0;
    return (int)(100 * (int64_t)(n * n - open) / (n * n));
}

/* AUTO takes lines from NQ_ENGINE_LINES_PERCENT percent of closed squares up, where the rows'
 * units, made by the board's top rows, split the search badly and a row kernel finds short
 * columns late. Below that the rows' units fold a board's symmetries, up to eight times less
 * work, which the lines' do not: a board without symmetry takes lines from
 * NQ_ENGINE_LINES_ASYMMETRIC_PERCENT on, where they overtake the rows (BENCHMARKS.md, "The
 * engine's threshold"), up to n = 32; wider, the lines' kernel of whole nodes costs far more
 * per node. */
nq_engine nq_engine_for(const nq_search *search, unsigned group, nq_engine asked)
{
    if (asked != NQ_ENGINE_AUTO)
        return asked;
    const int closed = closed_percent(search);
    const int asymmetric = group == 1u && search->n <= NQ_ABSOLUTE_MAX_N;
    return closed >= NQ_ENGINE_LINES_PERCENT ||
                   (asymmetric && closed >= NQ_ENGINE_LINES_ASYMMETRIC_PERCENT)
               ? NQ_ENGINE_LINES
               : NQ_ENGINE_ROWS;
}
