/*
 * join_units.c - the join's units timed alone: K random units of the empty n x n board's join
 * plan, counted on one thread by the library's own estimate (nq_plan_estimate, which draws them
 * as `nqueens estimate` does), after the plan and its table are made and not counting that.
 * What `estimate` does, but with as many units as asked: two builds timed on the same units
 * differ by their speed alone, and a thousand units average out the units' spread
 * (BENCHMARKS.md, "Estimates"):
 *
 *   join_units N K [SEED]
 *
 * Prints the units timed, their seconds, and the time and solutions scaled to all units.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "nqueens.h"

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
    const uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    nq_board board;
    nq_plan *plan;
    const nq_plan_options options = { .method = NQ_METHOD_JOIN, .threads = 1,
                                      .max_memory = NQ_NO_MEMORY_LIMIT };
    if (sample < 1 || nq_board_init(&board, atoi(argv[1])) ||
        nq_plan_create_with(&board, &options, &plan)) {
        fprintf(stderr, "join_units: cannot make the join's plan of %s\n", argv[1]);
        return 1;
    }
    nq_estimate e;
    const double start = seconds_now();
    if (nq_plan_estimate(plan, (uint64_t)sample, seed, &e)) {
        fprintf(stderr, "join_units: a unit failed\n");
        return 1;
    }
    const double spent = seconds_now() - start;
    const size_t units = nq_plan_units(plan);
    printf("units %zu, %ld timed: %.3f s; all units %.3f h on one thread, solutions %.4g\n",
           units, sample, spent, spent / (double)sample * (double)units / 3600, e.solutions);
    nq_plan_free(plan);
    return 0;
}
