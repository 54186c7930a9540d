/*
 * join_start.c - one start of the join counted whole, in order, on one thread: every row set of
 * start S of the empty n x n board, as a count's worker takes them (one scratch kept from row
 * set to row set), with the quarter's table:
 *
 *   join_start N S
 *
 * Prints the row sets, their seconds and the start's total. Whatever the order of the row sets
 * or the units they fall in, the total and the row sets are the same: two builds that order
 * them differently are timed on the same work (docs/join.md, "Listing halves"),
 * where `join_units` would time each on units of its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "join/join.h"

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: join_start N S\n");
        return 2;
    }
    const int n = atoi(argv[1]);
    const unsigned start = (unsigned)strtoul(argv[2], NULL, 10);
    nq_join *join;
    /* One unit asked for: a unit a start, all its row sets. */
    if (nq_join_create(n, 1, 0, 1, NQ_JOIN_TABLE, &join, NULL)) {
        fprintf(stderr, "join_start: cannot make the join of %s with its table\n", argv[1]);
        return 1;
    }
    nq_join_scratch *scratch = nq_join_scratch_create(join);
    if (!scratch) {
        fprintf(stderr, "join_start: out of memory\n");
        return 1;
    }
    const nq_join_kernels *kernels = nq_join_kernels_best();
    size_t row_sets = 0;
    uint64_t total = 0;
    const double begin = seconds_now();
    for (size_t u = 0; u < nq_join_unit_count(join); u++) {
        const nq_join_unit *unit = nq_join_unit_at(join, u);
        uint64_t count;
        if (unit->start != start)
            continue;
        if (nq_join_count_unit(join, u, kernels, scratch, NULL, &count)) {
            fprintf(stderr, "join_start: a unit failed\n");
            return 1;
        }
        row_sets += unit->count;
        total += count;
    }
    const double spent = seconds_now() - begin;
    if (!row_sets) {
        fprintf(stderr, "join_start: the join of %s has no start %s\n", argv[1], argv[2]);
        return 1;
    }
    printf("start %u of %d: %zu row sets, %.3f s, total %llu\n", start, n, row_sets, spent,
           (unsigned long long)total);
    nq_join_scratch_free(scratch);
    nq_join_free(join);
    return 0;
}
