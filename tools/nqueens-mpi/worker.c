/*
 * worker.c - the ranks other than 0: ask for a batch, count it, send its records back, and
 * while counting, how far its units in progress got and the units finished so far.
 *
 * A batch is about 1/64 of a run's time on each rank, hours for a long count: its finished
 * units go to rank 0 every checkpoint_partial_seconds() (30 s), not only at its end, so that a
 * stop loses no more of them than of the units in pieces.
 */
#include <mpi.h>
#include <pthread.h>
#include <stdlib.h>

#include "mpi_count.h"

int count_batch(const mpi_run *run, const batch *b, record_fn record, partial_fn report,
                flush_fn flush, void *context)
{
    nq_run_options options = { .threads = run->threads, .unique = run->unique,
                               .first_unit = (size_t)b->first, .end_unit = (size_t)b->end,
                               .on_unit = record, .on_tick = flush, .partials = b->partials,
                               .partial_count = b->partial_count, .on_partial = report,
                               .partial_every = checkpoint_partial_seconds(), .context = context };
    nq_count_result ignored;
    nq_status status = nq_plan_run(run->plan, &options, &ignored);
    return status ? fail(EXIT_RUNTIME, "count: %s", nq_strerror(status)) : 0;
}

/* A batch's records not yet sent to rank 0. The library's workers add to it and the main
 * thread sends from it, at once: hence the lock. */
typedef struct records {
    pthread_mutex_t lock;  /* guards values and count */
    uint64_t *values;   /* RESULTS_SO_FAR (a slot kept for it), then unit, total, unique, ... */
    size_t count;       /* uint64 values held after the first */
    size_t capacity;    /* and room for, after the first */
    double last_sent;   /* the batch's elapsed seconds when they were last sent */
} records;

/* Makes room in r for the records of the `units` units of a batch (a batch, not all the plan's
 * units: 0.4 GB at n = 26). Returns 0 or an exit code. */
static int room_for(records *r, size_t units)
{
    if (3 * units <= r->capacity)
        return 0;
    uint64_t *values = realloc(r->values, (3 * units + 1) * sizeof *values);
    if (!values)
        return fail(EXIT_RUNTIME, "count: out of memory");
    r->values = values;
    r->values[0] = RESULTS_SO_FAR;
    r->capacity = 3 * units;
    return 0;
}

static int keep_record(void *context, size_t unit, const nq_unit_count *count)
{
    records *r = context;
    pthread_mutex_lock(&r->lock);
    uint64_t *at = r->values + 1 + r->count;
    at[0] = unit, at[1] = count->total, at[2] = count->unique;
    r->count += 3;
    pthread_mutex_unlock(&r->lock);
    return 0;
}

/* Sends rank 0 the units finished so far, every checkpoint_partial_seconds(); called from the
 * main thread (the only one that calls MPI) on every tick of the batch's count. */
static int send_so_far(void *context, const nq_progress *progress)
{
    records *r = context;
    if (progress->elapsed - r->last_sent < checkpoint_partial_seconds())
        return 0;
    r->last_sent = progress->elapsed;
    pthread_mutex_lock(&r->lock);
    if (r->count)
        MPI_Send(r->values, (int)(1 + r->count), MPI_UINT64_T, 0, TAG_RESULTS, MPI_COMM_WORLD);
    r->count = 0;
    pthread_mutex_unlock(&r->lock);
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
    records r = { .values = NULL };
    pthread_mutex_init(&r.lock, NULL);
    uint64_t *buffer = NULL;
    nq_unit_partial *partials = NULL;
    size_t capacity = 0;
    int code = 0;
    for (;;) {
        /* The batch's last records, without the mark: they ask for the next batch. */
        MPI_Send(r.values ? r.values + 1 : NULL, (int)r.count, MPI_UINT64_T, 0, TAG_RESULTS,
                 MPI_COMM_WORLD);
        batch b = { 0, 0, NULL, 0 };
        if ((code = receive_batch(&b, &partials, &buffer, &capacity)))
            MPI_Abort(MPI_COMM_WORLD, code);
        if (b.first >= b.end)
            break;
        r.count = 0;
        r.last_sent = 0;
        if ((code = room_for(&r, b.end - b.first)) ||
            (code = count_batch(run, &b, keep_record, send_partial, send_so_far, &r)))
            MPI_Abort(MPI_COMM_WORLD, code);
    }
    free(r.values), free(buffer), free(partials);
    pthread_mutex_destroy(&r.lock);
    return code;
}
