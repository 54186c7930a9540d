/*
 * join_choices.c - the starts (a, b) of an odd board's join apart against the one start with
 * choices that stands for them (starts.c): the same row sets listed and matched both ways by the
 * library's own code, runs of 20 row sets at SAMPLES places of the start, on one thread, with
 * the quarter's table:
 *
 *   join_choices N B SAMPLES
 *
 * Prints both times, their ratio, and whether the pairs agree. How BENCHMARKS.md ("Starts with
 * choices") found where joining them pays.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "join/half.h"
#include "join/kernels.h"
#include "join/match.h"
#include "join/quarter.h"
#include "join/sieve.h"

#define RUN 20

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Lists the halves of start on row set rows and matches them: the pairs, the time into *spent. */
static uint64_t row_set_pairs(const nq_quarter *q, int n, const nq_join_start *start,
                              uint32_t rows, nq_half_scratch *cells, nq_patterns *east,
                              nq_patterns *west, nq_sieve_scratch *sieve, void *table,
                              double *spent)
{
    const nq_sieve_weights plain = { 0, { 0, 0 }, { { 1 } } };
    const nq_join_kernels *kernels = nq_join_kernels_best();
    const double begin = seconds_now();
    uint64_t pairs = 0;
    east->count = west->count = 0;
    if (nq_half_patterns(q, n, start, 1, rows, 0, 1, kernels->pairer, cells, NULL, east) ||
        nq_half_patterns(q, n, start, 0, start->rows & ~rows, 0, 1, kernels->pairer, cells,
                         NULL, west) ||
        nq_sieve_match(east->at, east->count, west->at, west->count, 0, &plain, 4 * q->h - 2,
                       kernels, table, sieve, &pairs)) {
        fprintf(stderr, "join_choices: out of memory\n");
        exit(1);
    }
    *spent += seconds_now() - begin;
    return pairs;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: join_choices N B SAMPLES\n");
        return 2;
    }
    const int n = atoi(argv[1]), b = atoi(argv[2]), samples = atoi(argv[3]), h = n / 2;
    nq_join_start apart[NQ_JOIN_MAX_STARTS], joined[NQ_JOIN_MAX_STARTS];
    const int apart_count = nq_join_starts_choosing(n, h + 1, apart);
    const int joined_count = nq_join_starts_choosing(n, 2, joined);
    int first = -1, group = 0, one = -1;
    for (int s = 0; s < apart_count; s++)
        if (apart[s].queens == 2 && apart[s].row[1] == h + b)
            first = first < 0 ? s : first, group++;
    for (int s = 0; s < joined_count; s++)
        if (joined[s].choices && joined[s].row[0] == h + b)
            one = s;
    nq_quarter q;
    if (n % 2 == 0 || samples < 1 || one < 0 || group != b - 1 || group > NQ_QUARTER_MAX_H ||
        nq_quarter_count(&q, h) || nq_quarter_fill(&q)) {
        fprintf(stderr, "join_choices: needs an odd N to 25, 3 <= B <= N / 2, SAMPLES >= 1\n");
        return 2;
    }
    /* A scratch for each start apart, as a worker counting one start keeps its cells. */
    nq_half_scratch cells[NQ_QUARTER_MAX_H + 1];
    for (int g = 0; g <= group; g++)
        if (nq_half_scratch_init(&cells[g], &q, 0))
            return 1;
    nq_patterns east = { 0 }, west = { 0 };
    nq_sieve_scratch sieve = { 0 };
    void *table = aligned_alloc(64, (nq_match_table_size(4 * h - 2) + 63) / 64 * 64);
    if (!table)
        return 1;
    const nq_join_start *start = &joined[one];
    uint32_t rows;
    uint64_t row_sets = 0;
    for (int more = nq_join_first_rows(start, h, &rows); more;
         more = nq_join_next_rows(start, h, &rows))
        row_sets++;
    const uint64_t step = row_sets / (uint64_t)samples > RUN ? row_sets / (uint64_t)samples : RUN;
    double spent[2] = { 0, 0 };
    uint64_t pairs[2] = { 0, 0 }, index = 0;
    for (int more = nq_join_first_rows(start, h, &rows); more;
         more = nq_join_next_rows(start, h, &rows), index++) {
        if (index % step >= RUN)
            continue;
        for (int g = 0; g < group; g++)
            pairs[0] += row_set_pairs(&q, n, &apart[first + g], rows, &cells[g], &east, &west,
                                      &sieve, table, &spent[0]);
        pairs[1] += row_set_pairs(&q, n, start, rows, &cells[group], &east, &west, &sieve, table,
                                  &spent[1]);
    }
    printf("N = %d, b = %d: %d starts apart %.3f s, one start with choices %.3f s, ratio %.3f; "
           "pairs %s\n", n, b, group, spent[0], spent[1], spent[1] / spent[0],
           pairs[0] == pairs[1] ? "the same" : "DIFFER");
    return pairs[0] == pairs[1] ? 0 : 1;
}
