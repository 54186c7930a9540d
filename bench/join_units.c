/*
 * join_units.c - the join's units timed alone: K random units of the empty n x n board's join
 * plan, picked as `nqueens estimate` picks them (splitmix64 from a seed) and counted one after
 * another on one thread, after the plan (and its table) is made. What `estimate` does, but with
 * as many units as asked: two builds timed on the same units differ by their speed alone, and
 * a thousand units average out the units' spread (BENCHMARKS.md, the fourth session's section):
 *
 *   join_units N K [SEED]
 *
 * Prints the units timed, their seconds, and the time and solutions scaled to all units.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "count/count.h"

/* The step of splitmix64 that src/count/estimate.c picks units with. */
static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ z >> 30) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ z >> 27) * UINT64_C(0x94D049BB133111EB);
    return z ^ z >> 31;
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: join_units N K [SEED]\n");
        return 2;
    }
    const long sample = atol(argv[2]);
    uint64_t state = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    nq_board board;
    nq_board_init(&board, atoi(argv[1]));
    const nq_plan_options options = { .method = NQ_METHOD_JOIN, .threads = 1 };
    nq_plan *plan;
    if (sample < 1 || nq_plan_create_with(&board, &options, &plan)) {
        fprintf(stderr, "join_units: cannot make the join's plan of %s\n", argv[1]);
        return 1;
    }
    const size_t units = nq_plan_units(plan);
    struct nq_join_scratch *scratch = NULL;
    double solutions = 0;
    const double start = seconds_now();
    for (long i = 0; i < sample; i++) {
        nq_unit_count count;
        if (nq_plan_count_unit_kept(plan, splitmix(&state) % units, 0, &count, &scratch, NULL)) {
            fprintf(stderr, "join_units: a unit failed\n");
            return 1;
        }
        solutions += (double)count.total;
    }
    const double spent = seconds_now() - start;
    printf("units %zu, %ld timed: %.3f s; all units %.3f h on one thread, solutions %.4g\n",
           units, sample, spent, spent / (double)sample * (double)units / 3600,
           solutions / (double)sample * (double)units);
    nq_plan_scratch_free(scratch);
    nq_plan_free(plan);
    return 0;
}
