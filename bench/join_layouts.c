/*
 * join_layouts.c - the join's two layouts of the quarter, side by side: the whole table, built
 * once, or row slices made by each worker as it goes (what from N = 26 is the only way).
 * Counts every step-th unit of the empty n x n board on one thread with the layout asked for,
 * so that `valgrind --tool=callgrind` compares their instructions (BENCHMARKS.md):
 *
 *   join_layouts N table|slices STEP
 *
 * Prints the units counted, their total and the memory the layout was measured at, on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "join/join.h"

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[2], "table") && strcmp(argv[2], "slices"))) {
        fprintf(stderr, "usage: join_layouts N table|slices STEP\n");
        return 2;
    }
    const int n = atoi(argv[1]);
    const size_t step = strtoul(argv[3], NULL, 10) ? strtoul(argv[3], NULL, 10) : 1;
    const nq_join_layout layout = strcmp(argv[2], "table") ? NQ_JOIN_SLICES : NQ_JOIN_TABLE;
    nq_join *join;
    uint64_t memory;
    if (nq_join_create(n, 0, 0, 1, layout, &join, &memory)) {
        fprintf(stderr, "join_layouts: cannot make the join of %d\n", n);
        return 1;
    }
    nq_join_scratch *scratch = nq_join_scratch_create(join);
    const nq_join_kernels *kernels = nq_join_kernels_best();
    uint64_t sum = 0, total;
    size_t counted = 0;
    for (size_t u = 0; scratch && u < nq_join_unit_count(join); u += step, counted++) {
        if (nq_join_count_unit(join, u, kernels, scratch, NULL, &total))
            return 1;
        sum += total;
    }
    fprintf(stderr, "n=%d %s: %zu of %zu units, total %llu, memory %llu bytes\n", n, argv[2],
            counted, nq_join_unit_count(join), (unsigned long long)sum,
            (unsigned long long)memory);
    nq_join_scratch_free(scratch);
    nq_join_free(join);
    return scratch ? 0 : 1;
}
