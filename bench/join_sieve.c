/*
 * join_sieve.c - the join's matching alone: the halves of R row sets spread evenly over the odd
 * n x n board's plain starts (every start but the centre's) are listed once, then matched again and
 * again by nq_sieve_match as a unit would match them. Two builds of the sieve or the matcher
 * compare on the same lists in a fraction of a second a pass, without the listing's share of a
 * unit and its noise (BENCHMARKS.md, "Tried, did not pay"):
 *
 *   join_sieve N R [PASSES]
 *
 * Prints the row sets, the best pass's seconds and the pairs counted (the same for any build).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "join/half.h"
#include "join/kernels.h"
#include "join/match.h"
#include "join/quarter.h"
#include "join/sieve.h"

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A step of splitmix64: the row sets drawn. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ z >> 30) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ z >> 27) * UINT64_C(0x94D049BB133111EB);
    return z ^ z >> 31;
}

int main(int argc, char **argv)
{
    const int n = argc > 2 ? atoi(argv[1]) : 0, sets = argc > 2 ? atoi(argv[2]) : 0;
    const int passes = argc > 3 ? atoi(argv[3]) : 5;
    if (argc < 3 || argc > 4 || n % 2 == 0 || n < 7 || n > 25 || sets < 1 || passes < 1) {
        fprintf(stderr, "usage: join_sieve N R [PASSES]   (N odd, 7 to 25)\n");
        return 2;
    }
    const int h = n / 2, bits = 4 * h - 2;
    nq_quarter q;
    nq_half_scratch cells;
    nq_join_start starts[NQ_JOIN_MAX_STARTS];
    const int start_count = nq_join_starts(n, starts);
    nq_patterns *east = calloc((size_t)sets, sizeof *east);
    nq_patterns *west = calloc((size_t)sets, sizeof *west);
    if (!east || !west || nq_quarter_count(&q, h) || nq_quarter_fill(&q) ||
        nq_half_scratch_init(&cells, &q, 0)) {
        fprintf(stderr, "join_sieve: out of memory\n");
        return 1;
    }
    /* Every step-th row set of the plain starts, from a random one on: a sample as even as the
     * units' (the row sets of a start differ by far in size along its order). */
    uint64_t total = 0, state = 1;
    uint32_t rows;
    for (int s = 1; s < start_count; s++)
        for (int more = nq_join_first_rows(&starts[s], h, &rows); more;
             more = nq_join_next_rows(&starts[s], h, &rows))
            total++;
    const uint64_t step = total / (uint64_t)sets > 0 ? total / (uint64_t)sets : 1;
    uint64_t at = next_random(&state) % step, index = 0;
    int listed = 0;
    const nq_join_kernels *kernels = nq_join_kernels_best();
    for (int s = 1; s < start_count && listed < sets; s++)
        for (int more = nq_join_first_rows(&starts[s], h, &rows); more && listed < sets;
             more = nq_join_next_rows(&starts[s], h, &rows), index++) {
            if (index != at)
                continue;
            at += step;
            const nq_join_start *start = &starts[s];
            if (nq_half_patterns(&q, n, start, 1, rows, 0, 1, kernels->pairer, &cells, NULL,
                                 &east[listed]) ||
                nq_half_patterns(&q, n, start, 0, start->rows & ~rows, 0, 1, kernels->pairer,
                                 &cells, NULL, &west[listed])) {
                fprintf(stderr, "join_sieve: out of memory\n");
                return 1;
            }
            listed++;
        }
    const nq_sieve_weights plain = { 0, { 0, 0 }, { { 1 } } };
    nq_sieve_scratch sieve;
    memset(&sieve, 0, sizeof sieve);
    void *table = aligned_alloc(64, (nq_match_table_size(bits) + 63) / 64 * 64);
    double best = 0;
    uint64_t pairs = 0;
    for (int p = 0; table && p < passes; p++) {
        const double start = seconds_now();
        pairs = 0;
        for (int i = 0; i < listed; i++) {
            uint64_t found;
            if (nq_sieve_match(east[i].at, east[i].count, west[i].at, west[i].count, 0, &plain,
                               bits, kernels, table, &sieve, &found))
                return 1;
            pairs += found;
        }
        const double spent = seconds_now() - start;
        best = p == 0 || spent < best ? spent : best;
    }
    printf("%d row sets of n = %d: best of %d passes %.4f s, pairs %llu\n", listed, n, passes,
           best, (unsigned long long)pairs);
    return table ? 0 : 1;
}
