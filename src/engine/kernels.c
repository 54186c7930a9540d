/*
 * kernels.c - the engine's kernel tables, one per CPU path, the one choice among them, and the
 * kernel of a table that an engine takes for a board.
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
