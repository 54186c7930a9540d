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
 * alone was 10 to 200 times slower than the other on some hard boards. The restarting walk
 * costs several times more per node, and a proof gains nothing from it, so it gets a sixteenth
 * of the systematic walk's nodes: on boards with excluded diagonals that took 2.4 times less
 * time than equal slices of two walks of complete_walk.c (BENCHMARKS.md).
 */
#include <stdlib.h>
#include <string.h>

#include "complete.h"
#include "base/base.h"

/* Nodes per unit of Luby's sequence. */
#define LUBY_UNIT 512

/* The restarting walk's slice is the systematic walk's divided by this. */
#define RESTART_SHARE 16

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
 * reached first). */
static int run_restarting(nq_csearch *f, uint64_t nodes, uint64_t max)
{
    if (f->nodes >= max || nq_stop_requested(&f->stop))
        return NQ_WALK_STOPPED;
    f->budget = max - f->nodes > nodes ? f->nodes + nodes : max;
    f->restarting.depth = -1;
    return nq_walk_run(f, &f->restarting);
}

/* Runs the systematic walk on for a slice of `nodes` nodes at most (fewer if max is reached
 * first). */
static int run_systematic(nq_csearch *f, uint64_t nodes, uint64_t max)
{
    if (f->nodes >= max || nq_stop_requested(&f->stop))
        return NQ_WALK_STOPPED;
    if (max - f->nodes < nodes)
        nodes = max - f->nodes;
    nq_status status = nq_finder_run(&f->systematic, nodes, &f->stop, f->cols);
    f->nodes += nodes;
    if (status == NQ_OK)
        f->found = f->cols;
    return status == NQ_OK                 ? NQ_WALK_FOUND
         : status == NQ_ERR_NO_SOLUTION    ? NQ_WALK_EXHAUSTED
         : nq_stop_requested(&f->stop)     ? NQ_WALK_STOPPED
                                           : NQ_WALK_OVER_BUDGET;
}

void nq_csearch_start(nq_csearch *f, const nq_search *search, const nq_find_limits *limits)
{
    f->stop = limits->stop;
    f->nodes = 0;
    f->popcnt = nq_cpu_uses(NQ_CPU_POPCNT);
    f->slices = 0;
    for (int i = 0; i < 2 * NQ_MAX_N; i++)
        f->weight[i] = 1;
    /* Without a seed the systematic walk makes plain choices; the restarts never do. */
    nq_finder_init(&f->systematic, search, limits->seed);
    f->restarting = (nq_cwalk){ .random_values = 1, .random_ties = 1, .least_first = 1,
                            .random = limits->seed ^ UINT64_C(0x9E3779B97F4A7C15) };
    if (!f->restarting.random)
        f->restarting.random = 1;
    f->result = nq_walk_root(search, &f->root) ? NQ_WALK_OVER_BUDGET : NQ_WALK_EXHAUSTED;
    if (f->result != NQ_WALK_EXHAUSTED && !f->root.open_rows) {
        f->found = f->root.queen;
        f->result = NQ_WALK_FOUND;
    }
}

int nq_csearch_run(nq_csearch *f, uint64_t max)
{
    while (f->result == NQ_WALK_OVER_BUDGET && f->nodes < max) {
        uint64_t slice = LUBY_UNIT * luby(++f->slices);
        int result = run_systematic(f, slice, max);
        if (result == NQ_WALK_OVER_BUDGET)
            result = run_restarting(f, slice / RESTART_SHARE, max);
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
    nq_csearch_start(f, search, limits);
    int result = nq_csearch_run(f, limits->max_nodes ? limits->max_nodes : UINT64_MAX);
    if (result == NQ_WALK_FOUND)
        memcpy(cols, f->found, (size_t)search->n);
    free(f);
    return result == NQ_WALK_FOUND       ? NQ_OK
         : result == NQ_WALK_EXHAUSTED ? NQ_ERR_NO_SOLUTION
                                       : NQ_ERR_STOPPED;
}

/* SplitMix64's finalizer: seeds 1, 2, 3 ... give unrelated streams, and none gives 0. */
static uint64_t mix_seed(uint64_t x)
{
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ x >> 30) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ x >> 27) * UINT64_C(0x94D049BB133111EB);
    x ^= x >> 31;
    return x ? x : 1;
}

nq_status nq_complete(const nq_board *board, const nq_complete_options *options, int32_t *cols)
{
    if (!board || !cols)
        return NQ_ERR_ARGUMENT;
    nq_search search;
    nq_status status = nq_search_compile(board, &search);
    if (status)
        return status;
    nq_find_limits limits = { 0, 0, { NULL, NULL } };
    int threads = options ? options->threads : 1;
    if (options) {
        limits.seed = options->random ? mix_seed(options->seed) : 0;
        limits.stop.signal = options->stop;
    }
    int8_t found[NQ_MAX_N];
    status = nq_find_completion_threads(&search, &limits, threads, found);
    for (int r = 0; !status && r < search.n; r++)
        cols[r] = found[r];
    return status;
}
