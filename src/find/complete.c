/*
 * complete.c - one completion of any board up to 64 wide: a search made for finding, not
 * counting.
 *
 * Rows and columns play the same part (each must hold exactly one queen), so the search keeps
 * the open squares of every open line both ways: per row a mask of columns, per column a mask
 * of rows. Each step fills the line, row or column, with the fewest open squares; a line left
 * with one square is filled at once, and so on to a fixpoint; a line left with none ends the
 * branch.
 *
 * Two walks of that tree share the time, slice by slice. One is systematic: kernel_find.c's
 * search (the same fewest-squares-first order, with forced columns, 128-bit diagonals and a
 * plain loop), which goes on where it stopped and proves a board has no completion in the
 * fewest instructions. The other, complete_walk.c's, starts over in each slice with random
 * choices, squares that take fewest others first and lines weighted by the dead ends they
 * caused, with budgets along Luby's sequence (1 1 2 1 1 2 4 ...) times a unit: restarts cut off
 * the heavy tails of backtracking, where an early bad choice hides every completion. Each walk
 * alone was far slower than the other on some hard boards. The restarting walk costs several
 * times more per node, and a proof gains nothing from it, so it gets a sixteenth of the
 * systematic walk's nodes, which beat equal slices on boards with excluded diagonals
 * (BENCHMARKS.md, "One engine").
 */
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "find/complete.h"

#define FIRST_INSTALLMENT 2000   /* nq_kernel_find_any's first run; they double */
#define SEEDED_SHARE 4           /* its seeded runs get this share of the plain runs' nodes */

/* Nodes per unit of Luby's sequence. */
#define LUBY_UNIT 512

/* ---- Restarts -------------------------------------------------------------------------- */

/* Term i (from 1) of Luby's sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... */
static uint64_t luby(uint64_t i)
{
    for (;;) {
        uint64_t k = 1;
        while ((UINT64_C(1) << k) - 1 < i)
            k++;
        if (i == (UINT64_C(1) << k) - 1)
            return UINT64_C(1) << (k - 1);
        i -= (UINT64_C(1) << (k - 1)) - 1;
    }
}

/* Runs the restarting walk afresh for a slice of `nodes` nodes at most (fewer if max is
 * reached first, unless it runs alone: then its slices are whole, as when it shares the time,
 * for a restart cut short is another search). */
static int run_restarting(nq_csearch *f, uint64_t nodes, uint64_t max)
{
    nq_walk_shared *w = &f->walk;
    if (w->nodes >= max || nq_stop_requested(&w->stop))
        return NQ_WALK_STOPPED;
    w->budget = max - w->nodes > nodes || f->walks == NQ_RESTARTING_WALK ? w->nodes + nodes : max;
    f->restarting.depth = -1;
    return f->kernels->walk_run(w, &f->restarting);
}

/* Runs the systematic walk on for a slice of `nodes` nodes at most (fewer if max is reached
 * first). */
static int run_systematic(nq_csearch *f, uint64_t nodes, uint64_t max)
{
    nq_walk_shared *w = &f->walk;
    if (w->nodes >= max || nq_stop_requested(&w->stop))
        return NQ_WALK_STOPPED;
    if (max - w->nodes < nodes)
        nodes = max - w->nodes;
    nq_status status = nq_finder_run(&f->systematic, nodes, &w->stop, f->cols);
    w->nodes += nodes;
    if (status == NQ_OK)
        w->found = f->cols;
    return status == NQ_OK                 ? NQ_WALK_FOUND
         : status == NQ_ERR_NO_SOLUTION    ? NQ_WALK_EXHAUSTED
         : nq_stop_requested(&w->stop)     ? NQ_WALK_STOPPED
                                           : NQ_WALK_OVER_BUDGET;
}

void nq_csearch_start(nq_csearch *f, const nq_search *search, const nq_find_limits *limits,
                      const nq_find_kernels *kernels)
{
    nq_walk_shared *w = &f->walk;
    f->kernels = kernels;
    w->stop = limits->stop;
    w->nodes = 0;
    f->slices = 0;
    f->walks = NQ_BOTH_WALKS;
    for (int i = 0; i < 2 * NQ_MAX_N; i++)
        w->weight[i] = 1;
    /* Without a seed the systematic walk makes plain choices; the restarts never do. */
    nq_finder_init(&f->systematic, search, limits->seed, kernels);
    f->systematic.sums_test = limits->diagonal_sums;
    f->restarting = (nq_cwalk){ .random_values = 1, .random_ties = 1, .least_first = 1,
                                .random = limits->seed ^ UINT64_C(0x9E3779B97F4A7C15) };
    if (!f->restarting.random)
        f->restarting.random = 1;
    f->result = nq_walk_root(search, &w->root) ? NQ_WALK_OVER_BUDGET : NQ_WALK_EXHAUSTED;
    if (f->result != NQ_WALK_EXHAUSTED && !w->root.open_rows) {
        w->found = w->root.queen;
        f->result = NQ_WALK_FOUND;
    }
}

int nq_csearch_run(nq_csearch *f, uint64_t max)
{
    while (f->result == NQ_WALK_OVER_BUDGET && f->walk.nodes < max) {
        uint64_t slice = LUBY_UNIT * luby(++f->slices);
        int result = f->walks != NQ_RESTARTING_WALK ? run_systematic(f, slice, max)
                                                    : NQ_WALK_OVER_BUDGET;
        if (result == NQ_WALK_OVER_BUDGET && f->walks != NQ_SYSTEMATIC_WALK)
            result = run_restarting(f, slice / NQ_RESTART_SHARE, max);
        if (result == NQ_WALK_STOPPED)
            return NQ_WALK_STOPPED;
        f->result = result;
    }
    return f->result;
}

nq_status nq_find_completion(const nq_search *search, const nq_find_limits *limits,
                             int8_t *cols)
{
    if (!search || !limits || !cols || search->n < 1 || search->n > NQ_MAX_N)
        return NQ_ERR_ARGUMENT;
    nq_csearch *f = malloc(sizeof *f);
    if (!f)
        return NQ_ERR_NOMEM;
    nq_csearch_start(f, search, limits, nq_find_kernels_best());
    int result = nq_csearch_run(f, limits->max_nodes ? limits->max_nodes : UINT64_MAX);
    if (result == NQ_WALK_FOUND)
        memcpy(cols, f->walk.found, (size_t)search->n);
    free(f);
    return result == NQ_WALK_FOUND       ? NQ_OK
         : result == NQ_WALK_EXHAUSTED ? NQ_ERR_NO_SOLUTION
                                       : NQ_ERR_STOPPED;
}

/* ---- The systematic walk alone, and the walk's questions ------------------------------- */

nq_status nq_kernel_find(const nq_search *search, const nq_find_limits *limits, int8_t *cols)
{
    nq_finder f;
    nq_finder_init(&f, search, limits->seed, nq_find_kernels_best());
    f.sums_test = limits->diagonal_sums;
    return nq_finder_run(&f, limits->max_nodes ? limits->max_nodes : UINT64_MAX, &limits->stop,
                         cols);
}

nq_status nq_kernel_find_any(const nq_search *search, const nq_find_limits *limits, int8_t *cols)
{
    nq_finder plain;
    nq_finder_init(&plain, search, limits->seed, nq_find_kernels_best());
    plain.sums_test = limits->diagonal_sums;
    uint64_t most = limits->max_nodes ? limits->max_nodes : UINT64_MAX;
    for (uint64_t step = FIRST_INSTALLMENT, spent = 0; spent < most; spent += step, step *= 2) {
        if (step > most - spent)
            step = most - spent;
        nq_status status = nq_finder_run(&plain, step, &limits->stop, cols);
        if (status == NQ_ERR_STOPPED && !nq_stop_requested(&limits->stop)) {
            nq_find_limits seeded = { (limits->seed ^ (spent + step)) | 1,
                                      step / SEEDED_SHARE, limits->stop, limits->diagonal_sums };
            status = nq_kernel_find(search, &seeded, cols);
        }
        if (status != NQ_ERR_STOPPED || nq_stop_requested(&limits->stop))
            return status;
    }
    return NQ_ERR_STOPPED;
}
