/*
 * worker.c - the ranks other than 0: ask for a batch, count it, send its records back, and
 * while counting, how far its units in progress got.
 */
#include <mpi.h>
#include <stdlib.h>

#include "mpi_count.h"

int count_batch(const mpi_run *run, const batch *b, record_fn record, partial_fn report,
                void *context)
{
    nq_run_options options = { .threads = run->threads, .unique = run->unique,
                               .first_unit = (size_t)b->first, .end_unit = (size_t)b->end,
                               .on_unit = record, .partials = b->partials,
                               .partial_count = b->partial_count, .on_partial = report,
                               .partial_every = checkpoint_partial_seconds(), .context = context };
    nq_count_result ignored;
    nq_status status = nq_plan_run(run->plan, &options, &ignored);
    return status ? fail(EXIT_RUNTIME, "count: %s", nq_strerror(status)) : 0;
}

/* A batch's records, to send to rank 0. */
typedef struct records {
    uint64_t *values;   /* unit, total, unique, ... */
    size_t count;       /* uint64 values held */
    size_t capacity;    /* and room for */
} records;

/* Makes room in r for the records of the `units` units of a batch (a batch, not all the plan's
 * units: 0.4 GB at n = 26). Returns 0 or an exit code. */
static int room_for(records *r, size_t units)
{
    if (3 * units <= r->capacity)
        return 0;
    uint64_t *values = realloc(r->values, 3 * units * sizeof *values);
    if (!values)
        return fail(EXIT_RUNTIME, "count: out of memory");
    r->values = values;
    r->capacity = 3 * units;
    return 0;
}

static int keep_record(void *context, size_t unit, const nq_unit_count *count)
{
    records *r = context;
    r->values[r->count++] = unit;
    r->values[r->count++] = count->total;
    r->values[r->count++] = count->unique;
    return 0;
}

/* Sends how far a unit got to rank 0 at once: nq_plan_run calls this from this rank's main
 * thread, the only one here that calls MPI. */
static int send_partial(void *context, const nq_unit_partial *partial)
{
    (void)context;
    uint64_t values[4] = { partial->unit, partial->pieces, partial->count.total,
                           partial->count.unique };
    MPI_Send(values, 4, MPI_UINT64_T, 0, TAG_PARTIAL, MPI_COMM_WORLD);
    return 0;
}

/* Receives the next batch into *b, its partial counts into *partials (grown as needed).
 * Returns 0, or an exit code. */
static int receive_batch(batch *b, nq_unit_partial **partials, uint64_t **buffer,
                         size_t *capacity)
{
    MPI_Status status;
    int values;
    MPI_Probe(0, TAG_BATCH, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_UINT64_T, &values);
    if ((size_t)values > *capacity) {
        free(*buffer), free(*partials);
        *buffer = malloc((size_t)values * sizeof **buffer);
        *partials = malloc(((size_t)values / 4 + 1) * sizeof **partials);
        *capacity = *buffer && *partials ? (size_t)values : 0;
        if (!*capacity)
            return fail(EXIT_RUNTIME, "count: out of memory");
    }
    MPI_Recv(*buffer, values, MPI_UINT64_T, 0, TAG_BATCH, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    *b = (batch){ (*buffer)[0], (*buffer)[1], *partials, 0 };
    for (int i = 2; i + 3 < values; i += 4)
        (*partials)[b->partial_count++] = (nq_unit_partial){
            (size_t)(*buffer)[i], (*buffer)[i + 1], { (*buffer)[i + 2], (*buffer)[i + 3] }
        };
    return 0;
}

int run_worker(const mpi_run *run)
{
    records r = { NULL, 0, 0 };
    uint64_t *buffer = NULL;
    nq_unit_partial *partials = NULL;
    size_t capacity = 0;
    int code = 0;
    for (;;) {
        MPI_Send(r.values, (int)r.count, MPI_UINT64_T, 0, TAG_RESULTS, MPI_COMM_WORLD);
        batch b = { 0, 0, NULL, 0 };
        if ((code = receive_batch(&b, &partials, &buffer, &capacity)))
            MPI_Abort(MPI_COMM_WORLD, code);
        if (b.first >= b.end)
            break;
        r.count = 0;
        if ((code = room_for(&r, b.end - b.first)) ||
            (code = count_batch(run, &b, keep_record, send_partial, &r)))
            MPI_Abort(MPI_COMM_WORLD, code);
    }
    free(r.values), free(buffer), free(partials);
    return code;
}
