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
 * Two walks of that tree share the time, slice by slice. One is systematic: it goes on where
 * it stopped, ties broken the same way each time, and proves a board has no completion in the
 * fewest nodes. The other starts over in each slice with random choices, with budgets along
 * Luby's sequence (1 1 2 1 1 2 4 ...) times a unit: restarts cut off the heavy tails of
 * backtracking, where an early bad choice hides every completion. Measured on hard boards,
 * each walk alone was 10 to 200 times slower than the other on some of them; together they
 * take at most about twice the better one's nodes.
 */
#include <stdlib.h>
#include <string.h>

#include "complete.h"
#include "base/base.h"

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

/* Runs walk w for a slice of `nodes` nodes at most (fewer if max is reached first). */
static int run_slice(nq_csearch *f, nq_cwalk *w, uint64_t nodes, uint64_t max)
{
    if (f->nodes >= max || nq_stop_requested(&f->stop))
        return NQ_WALK_STOPPED;
    f->budget = max - f->nodes > nodes ? f->nodes + nodes : max;
    return nq_walk_run(f, w);
}

nq_status nq_find_completion(const nq_search *search, const nq_find_limits *limits,
                             int8_t *cols)
{
    if (!search || !limits || !cols || search->n < 1 || search->n > NQ_MAX_N)
        return NQ_ERR_ARGUMENT;
    nq_csearch *f = malloc(sizeof *f);
    if (!f)
        return NQ_ERR_NOMEM;
    f->stop = limits->stop;
    f->nodes = 0;
    f->popcnt = nq_cpu_uses(NQ_CPU_POPCNT);
    for (int i = 0; i < 2 * NQ_MAX_N; i++)
        f->weight[i] = 1;
    /* Without a seed the systematic walk makes plain choices; the restarts never do. */
    f->systematic = (nq_cwalk){ .depth = -1, .random_values = limits->seed != 0,
                            .random = limits->seed };
    f->restarting = (nq_cwalk){ .random_values = 1, .random_ties = 1, .least_first = 1,
                            .random = limits->seed ^ UINT64_C(0x9E3779B97F4A7C15) };
    if (!f->restarting.random)
        f->restarting.random = 1;
    int result = nq_walk_root(search, &f->root) ? NQ_WALK_OVER_BUDGET : NQ_WALK_EXHAUSTED;
    if (result != NQ_WALK_EXHAUSTED && !f->root.open_rows) {
        f->found = f->root.queen;
        result = NQ_WALK_FOUND;
    }
    uint64_t max = limits->max_nodes ? limits->max_nodes : UINT64_MAX;
    for (uint64_t i = 1; result == NQ_WALK_OVER_BUDGET; i++) {
        uint64_t slice = LUBY_UNIT * luby(i);
        result = run_slice(f, &f->systematic, slice, max);
        if (result == NQ_WALK_OVER_BUDGET) {
            f->restarting.depth = -1;
            result = run_slice(f, &f->restarting, slice, max);
        }
        if (result == NQ_WALK_OVER_BUDGET && f->nodes >= max)
            result = NQ_WALK_STOPPED;
    }
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
    if (options) {
        limits.seed = options->random ? mix_seed(options->seed) : 0;
        limits.stop.signal = options->stop;
    }
    int8_t found[NQ_MAX_N];
    status = nq_find_completion(&search, &limits, found);
    for (int r = 0; !status && r < search.n; r++)
        cols[r] = found[r];
    return status;
}
