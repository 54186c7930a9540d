/*
 * complete_board.c - nq_complete: a board's completion, by one thread or several
 * (complete_threads.c), with the seed of its random choices drawn from the caller's.
 */
#include "nqueens.h"
#include "find/find.h"

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
    nq_find_limits limits = { 0, 0, { NULL, NULL }, 1 };
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
