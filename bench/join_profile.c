/*
 * join_profile.c - a fixed sample of the join's units, each timed in CPU seconds: the same
 * plan of units as `count` makes (its default number of units), K runs of R consecutive units
 * drawn from SEED, counted on one thread with the layout asked for. Two builds run on the same
 * arguments count the same units, so their CPU seconds compare their speed; and under
 * `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=nq_join_count_unit` only
 * the units are profiled, not the plan (BENCHMARKS.md, "Where a unit's cost goes"):
 *
 *   join_profile N K [SEED [R [table|slices|any]]]
 *   join_profile N rows HEX
 *
 * The second form counts the units of one row set, found by its index (HEX as printed, e.g.
 * 0xcfc589): a fixed measure of one row set of 26 that callgrind affords, where a random draw
 * may land on one many times as long. Prints each unit (index, start, row set, part of parts,
 * CPU seconds, count) and the sum.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "join/join.h"
#include "cpu_time.h"

/* The units `count` makes by default (count/plan.c's default_min_units): 4,096 at n = 18,
 * four times as many a size up to a million, 16 million from n = 26. */
static size_t count_min_units(int n)
{
    size_t units = 4096;
    for (int k = 18; k < n && units < (1u << 20); k++)
        units *= 4;
    return n >= 26 ? (size_t)1 << 24 : units;
}

/* xorshift64*: the same draws on every build. */
static uint64_t next_random(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * UINT64_C(2685821657736338717);
}

static nq_join_layout layout_named(const char *name)
{
    return !strcmp(name, "table") ? NQ_JOIN_TABLE
         : !strcmp(name, "slices") ? NQ_JOIN_SLICES : NQ_JOIN_ANY;
}

/* Counts unit u, prints it with its CPU seconds and adds them to *spent; nonzero on error. */
static int profile_unit(const nq_join *join, size_t u, const nq_join_kernels *kernels,
                        nq_join_scratch *scratch, double *spent)
{
    const nq_join_unit *unit = nq_join_unit_at(join, u);
    uint64_t total;
    const double begin = thread_seconds();
    if (nq_join_count_unit(join, u, kernels, scratch, NULL, &total))
        return 1;
    const double took = thread_seconds() - begin;
    *spent += took;
    printf("unit %zu start %u rows %#x part %u of %u: %.3f s, %llu\n", u, unit->start,
           unit->first, unit->part, unit->parts, took, (unsigned long long)total);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 6) {
        fprintf(stderr, "usage: join_profile N K [SEED [R [table|slices|any]]]\n");
        return 2;
    }
    const int n = atoi(argv[1]);
    const int by_rows = !strcmp(argv[2], "rows");
    const unsigned long rows = by_rows && argc == 4 ? strtoul(argv[3], NULL, 16) : 0;
    if (by_rows && argc != 4) {
        fprintf(stderr, "usage: join_profile N rows HEX\n");
        return 2;
    }
    const long runs = atol(argv[2]), run = argc > 4 ? atol(argv[4]) : 4;
    uint64_t x = (argc > 3 ? strtoull(argv[3], NULL, 10) : 1) * 0x9e3779b97f4a7c15u | 1;
    nq_join *join;
    uint64_t memory;
    if ((!by_rows && (runs < 1 || run < 1)) ||
        nq_join_create(n, count_min_units(n), 0, 1, layout_named(argc > 5 ? argv[5] : "any"),
                       &join, &memory)) {
        fprintf(stderr, "join_profile: cannot make the join of %s\n", argv[1]);
        return 1;
    }
    nq_join_scratch *scratch = nq_join_scratch_create(join);
    const nq_join_kernels *kernels = nq_join_kernels_best();
    const size_t units = nq_join_unit_count(join);
    double spent = 0;
    if (by_rows) {
        for (size_t u = 0; scratch && u < units; u++)
            if (nq_join_unit_at(join, u)->first == rows && profile_unit(join, u, kernels, scratch,
                                                                        &spent))
                return 1;
    }
    for (long r = 0; !by_rows && scratch && r < runs; r++) {
        const size_t first = (size_t)(next_random(&x) % units);
        for (size_t u = first; u < first + (size_t)run && u < units; u++)
            if (profile_unit(join, u, kernels, scratch, &spent))
                return 1;
    }
    printf("n=%d %s: %zu units in the plan; %ld runs of %ld: %.3f s of CPU\n", n,
           nq_join_has_table(join) ? "table" : "slices", units, runs, run, spent);
    nq_join_scratch_free(scratch);
    nq_join_free(join);
    return scratch ? 0 : 1;
}
