/*
 * mpi_count.h - what the parts of nqueens-mpi share: the messages between ranks and the two
 * roles. Rank 0 hands out batches of work units (ranges of the plan's units that no checkpoint
 * holds yet) to whichever rank asks, counts batches itself on a thread of its own, records
 * results in the checkpoint and sums them; the other ranks ask, count on their threads, and
 * answer with one record per unit, and now and then with how far a unit in progress got (of a
 * plan in pieces), which rank 0 records as `nqueens count` does.
 */
#ifndef NQ_MPI_COUNT_H
#define NQ_MPI_COUNT_H

#include <stdint.h>

#include "common/checkpoint_file.h"
#include "common/plan_choice.h"

enum {
    TAG_RESULTS = 1,   /* worker -> rank 0: uint64 triples (unit, total, unique), maybe none,
                          which end its batch (rank 0 answers with the next); or, while it
                          counts, RESULTS_SO_FAR then the triples of the units finished since
                          the last (no answer) */
    TAG_BATCH = 2,     /* rank 0 -> worker: uint64 pair (first, end); first == end: stop; then
                          the partial counts to start units of the batch from, as below */
    TAG_PARTIAL = 3    /* worker -> rank 0: how far a unit in progress got, a uint64 quadruple
                          (unit, pieces, total, unique) */
};


/* Marks a worker's results as sent before its batch is done: one value more than a multiple
 * of three, this one first. */
#define RESULTS_SO_FAR UINT64_MAX

/* What every rank knows of the run. */
typedef struct mpi_run {
    const nq_plan *plan;
    int unique;                   /* count classes too */
    int threads;                  /* worker threads per rank (0: all cores) */
    int progress;                 /* rank 0 shows progress */
    const char *checkpoint_path;  /* rank 0's checkpoint, or NULL */
    plan_choice choice;           /* --method and --max-memory, as rank 0 read them */
} mpi_run;

/* Rank 0: hands out and counts all units, recording them in cp (opened, when checkpoint_path
 * is set; closed here); prints nothing. Returns an exit code; fills *result on success. */
int run_rank0(const mpi_run *run, checkpoint_file *cp, int ranks, nq_count_result *result);

/* Ranks 1 and up: count batches until told to stop. Returns an exit code. */
int run_worker(const mpi_run *run);

/* A batch of units to count: [first, end), with the partial counts (by unit number) that
 * units of it start from. */
typedef struct batch {
    uint64_t first, end;
    const nq_unit_partial *partials;
    size_t partial_count;
} batch;

/* Counts a batch on the rank's threads, calling record for each unit, and report for each
 * partial count and then flush (if not NULL) every checkpoint_partial_seconds(), from the
 * calling thread. */
typedef int (*record_fn)(void *context, size_t unit, const nq_unit_count *count);
typedef int (*partial_fn)(void *context, const nq_unit_partial *partial);
typedef int (*flush_fn)(void *context, const nq_progress *progress);
int count_batch(const mpi_run *run, const batch *b, record_fn record, partial_fn report,
                flush_fn flush, void *context);

#endif /* NQ_MPI_COUNT_H */
