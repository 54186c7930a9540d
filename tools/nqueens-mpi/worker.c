/*
 * worker.c - the ranks other than 0: ask for a batch, count it, send its records back.
 */
#include <mpi.h>
#include <stdlib.h>

#include "mpi_count.h"

int count_batch(const mpi_run *run, uint64_t first, uint64_t end, record_fn record,
                void *context)
{
    nq_run_options options = { .threads = run->threads, .unique = run->unique,
                               .first_unit = (size_t)first, .end_unit = (size_t)end,
                               .on_unit = record, .context = context };
    nq_count_result ignored;
    nq_status status = nq_plan_run(run->plan, &options, &ignored);
    return status ? fail(EXIT_FAILURE_, "count: %s", nq_strerror(status)) : 0;
}

/* A batch's records, to send to rank 0. */
typedef struct records {
    uint64_t *values;   /* unit, total, unique, ... */
    size_t count;       /* uint64 values held */
} records;

static int keep_record(void *context, size_t unit, const nq_unit_count *count)
{
    records *r = context;
    r->values[r->count++] = unit;
    r->values[r->count++] = count->total;
    r->values[r->count++] = count->unique;
    return 0;
}

int run_worker(const mpi_run *run)
{
    records r = { malloc(3 * sizeof(uint64_t) * (nq_plan_units(run->plan) + 1)), 0 };
    if (!r.values)
        return fail(EXIT_FAILURE_, "count: out of memory");
    int code = 0;
    for (;;) {
        MPI_Send(r.values, (int)r.count, MPI_UINT64_T, 0, TAG_RESULTS, MPI_COMM_WORLD);
        uint64_t batch[2];
        MPI_Recv(batch, 2, MPI_UINT64_T, 0, TAG_BATCH, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (batch[0] >= batch[1])
            break;
        r.count = 0;
        if ((code = count_batch(run, batch[0], batch[1], keep_record, &r)))
            MPI_Abort(MPI_COMM_WORLD, code);
    }
    free(r.values);
    return code;
}
