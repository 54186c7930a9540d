/*
 * mpi_count.h - what the parts of nqueens-mpi share: the messages between ranks and the two
 * roles. Rank 0 hands out batches of work units (ranges of the plan's units that no checkpoint
 * holds yet) to whichever rank asks, counts batches itself on a thread of its own, records
 * results in the checkpoint and sums them; the other ranks ask, count on their threads, and
 * answer with one record per unit.
 */
#ifndef NQ_MPI_COUNT_H
#define NQ_MPI_COUNT_H

#include <stdint.h>

#include "common/checkpoint_file.h"
#include "common/plan_choice.h"

enum {
    TAG_RESULTS = 1,   /* worker -> rank 0: uint64 triples (unit, total, unique), maybe none */
    TAG_BATCH = 2      /* rank 0 -> worker: uint64 pair (first, end); first == end: stop */
};

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

/* Counts units [first, end) of the plan on the rank's threads, calling record for each. */
typedef int (*record_fn)(void *context, size_t unit, const nq_unit_count *count);
int count_batch(const mpi_run *run, uint64_t first, uint64_t end, record_fn record,
                void *context);

#endif /* NQ_MPI_COUNT_H */
