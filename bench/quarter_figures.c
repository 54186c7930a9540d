/*
 * quarter_figures.c - the quarter's figures for side h, measured one row set at a time without
 * the table (nq_quarter_measure), split over threads: how the rows of quarter.c's table of
 * figures were counted, and how to add the next.
 *
 *   quarter_figures H [THREADS]
 *
 * Prints one line in quarter.c's form: { count, largest, row_most, half_bound }.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "join/quarter.h"

typedef struct share {
    int h;
    uint32_t first, end;
    nq_quarter_figures figures;
    uint64_t *most;
    nq_status status;
} share;

static void *measure(void *arg)
{
    share *s = arg;
    s->status = nq_quarter_measure(s->h, s->first, s->end, &s->figures, s->most);
    return NULL;
}

int main(int argc, char **argv)
{
    const int h = argc > 1 ? atoi(argv[1]) : 0, threads = argc > 2 ? atoi(argv[2]) : 1;
    if (argc < 2 || argc > 3 || h < 1 || h > NQ_QUARTER_MEASURE_MAX_H || threads < 1 ||
        threads > 64) {
        fprintf(stderr, "usage: quarter_figures H [THREADS]\n");
        return 2;
    }
    const uint32_t side = UINT32_C(1) << h;
    share shares[64];
    pthread_t ids[64];
    for (int t = 0; t < threads; t++) {
        shares[t] = (share){ h, side / (uint32_t)threads * (uint32_t)t,
                             t + 1 == threads ? side : side / (uint32_t)threads * (uint32_t)(t + 1),
                             { 0, 0, 0 }, calloc(side, sizeof(uint64_t)), NQ_OK };
        if (!shares[t].most || pthread_create(&ids[t], NULL, measure, &shares[t])) {
            fprintf(stderr, "quarter_figures: out of memory\n");
            return 1;
        }
    }
    nq_quarter_figures all = { 0, 0, 0 };
    uint64_t *most = shares[0].most;
    for (int t = 0; t < threads; t++) {
        pthread_join(ids[t], NULL);
        if (shares[t].status) {
            fprintf(stderr, "quarter_figures: %s\n", nq_strerror(shares[t].status));
            return 1;
        }
        const nq_quarter_figures *f = &shares[t].figures;
        all.count += f->count;
        all.largest = f->largest > all.largest ? f->largest : all.largest;
        all.row_most = f->row_most > all.row_most ? f->row_most : all.row_most;
        for (uint32_t c = 0; c < side; c++)
            most[c] = shares[t].most[c] > most[c] ? shares[t].most[c] : most[c];
    }
    printf("{ %" PRIu64 ", %" PRIu64 ", %" PRIu64 ", %" PRIu64 " },\n", all.count, all.largest,
           all.row_most, nq_quarter_bound_of(h, most));
    for (int t = 0; t < threads; t++)
        free(shares[t].most);
    return 0;
}
