/*
 * turns.c - times what `count --unique` adds to a join's count: the searches for the solutions
 * that the half turn and the quarter turn keep, and Burnside's sum (nq_unique_from_total).
 *
 *   turns N Q      Q = the total of side N (tests/cli/known-counts.tsv); prints N, P, R, the
 *                  unique count and the seconds the searches took
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "nqueens.h"

int main(int argc, char **argv)
{
    if (argc != 3)
        return fprintf(stderr, "usage: turns N Q\n"), 2;
    nq_count_result r = { .total = { strtoull(argv[2], NULL, 10), 0 } };
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    nq_status status = nq_unique_from_total(atoi(argv[1]), &r);
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (status)
        return fprintf(stderr, "turns: %s\n", nq_strerror(status)), 1;
    char p[40], q[40], u[40];
    nq_u128_format(r.half_turn, p);
    nq_u128_format(r.quarter_turn, q);
    nq_u128_format(r.unique, u);
    printf("%s\t%s\t%s\t%s\t%.3f\n", argv[1], p, q, u,
           (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9);
    return 0;
}
