/*
 * count.c - counts the solutions of a board in one call: a plan by the fastest method, run on
 * all cores.
 */
#include "count/plan.h"

nq_status nq_count(const nq_board *board, const nq_count_options *options,
                   nq_count_result *result)
{
    if (!board || !result)
        return NQ_ERR_ARGUMENT;
    nq_count_options defaults = { 0, 0, 0, NQ_ENGINE_AUTO };
    if (!options)
        options = &defaults;
    nq_plan *plan;
    nq_plan_options how = { .unique = options->unique, .threads = options->threads,
                            .max_memory = options->max_memory, .engine = (nq_engine)options->engine };
    nq_status status = nq_plan_create_with(board, &how, &plan);
    if (status)
        return status;
    nq_run_options run = { .threads = options->threads, .unique = options->unique };
    status = nq_plan_run(plan, &run, result);
    nq_plan_free(plan);
    return status;
}
