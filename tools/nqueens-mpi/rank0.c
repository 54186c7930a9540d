/*
 * rank0.c - rank 0 of nqueens-mpi: hands out batches of units, counts some itself, records.
 *
 * Batches go to whichever rank asks next, so a slow or busy node is simply given less. Only
 * this file's main thread calls MPI; a second thread counts batches here with the rank's own
 * worker threads. Results are summed in 128 bits and appended to the checkpoint, in the format
 * `nqueens count` uses, as they arrive.
 */
#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "common/progress.h"
#include "mpi_count.h"

/* Seconds between checkpoint syncs, and between progress reports. */
#define SYNC_SECONDS 2.0
#define TICK_SECONDS 0.25

typedef struct dispatcher {
    const mpi_run *run;
    pthread_mutex_t lock;        /* guards all below */
    size_t cursor;               /* the first unit not handed out yet */
    size_t batch;                /* units per batch */
    const uint8_t *done;         /* units the checkpoint held at the start, or NULL */
    const nq_unit_partial *partials;  /* and the partial counts, by unit number */
    size_t partial_count;
    checkpoint_file *checkpoint; /* or NULL */
    nq_progress progress;        /* sums and counts */
    nq_u128 unique;
    int failed;                  /* a checkpoint write failed */
    int overflow;                /* a sum overflowed 128 bits */
    atomic_int local_running;    /* rank 0's own counting thread has batches left */
} dispatcher;

static int is_done(const dispatcher *d, size_t unit)
{
    return d->done && (d->done[unit / 8] >> (unit % 8) & 1);
}

/* The partial counts of the units of b, which its first and end tell, from d's. */
static void partials_of(const dispatcher *d, batch *b)
{
    size_t low = 0, high = d->partial_count;
    while (low < high) {   /* the first partial count of a unit from b->first on */
        size_t middle = low + (high - low) / 2;
        if (d->partials[middle].unit < b->first)
            low = middle + 1;
        else
            high = middle;
    }
    b->partials = d->partials + low;
    b->partial_count = 0;
    while (low + b->partial_count < d->partial_count && b->partials[b->partial_count].unit < b->end)
        b->partial_count++;
}

/* The next batch: a range of units none of which is done; first == end when none is left. */
static void next_batch(dispatcher *d, uint64_t range[2])
{
    size_t units = nq_plan_units(d->run->plan);
    pthread_mutex_lock(&d->lock);
    while (d->cursor < units && is_done(d, d->cursor))
        d->cursor++;
    size_t first = d->failed ? units : d->cursor, end = first;
    while (end < units && end - first < d->batch && !is_done(d, end))
        end++;
    d->cursor = end;
    pthread_mutex_unlock(&d->lock);
    range[0] = first, range[1] = end;
}

static int record(void *context, size_t unit, const nq_unit_count *count)
{
    dispatcher *d = context;
    pthread_mutex_lock(&d->lock);
    d->overflow |= nq_u128_add(&d->progress.total, (nq_u128){ count->total, 0 });
    d->overflow |= nq_u128_add(&d->unique, (nq_u128){ count->unique, 0 });
    d->progress.units_done++;
    if (d->checkpoint && checkpoint_append(d->checkpoint, unit, count))
        d->failed = 1;
    pthread_mutex_unlock(&d->lock);
    return 0;
}

/* Appends how far a unit in progress got to the checkpoint. */
static int record_partial(void *context, const nq_unit_partial *partial)
{
    dispatcher *d = context;
    pthread_mutex_lock(&d->lock);
    if (d->checkpoint && checkpoint_append_partial(d->checkpoint, partial))
        d->failed = 1;
    pthread_mutex_unlock(&d->lock);
    return 0;
}

static void *count_locally(void *arg)
{
    dispatcher *d = arg;
    for (;;) {
        uint64_t range[2];
        next_batch(d, range);
        batch b = { range[0], range[1], NULL, 0 };
        partials_of(d, &b);
        if (range[0] == range[1] || count_batch(d->run, &b, record, record_partial, NULL, d))
            break;
    }
    atomic_store(&d->local_running, 0);
    return NULL;
}

/* Takes one worker's results and, when they end its batch, answers with its next; returns
 * whether it has a batch to count. */
static int serve(dispatcher *d, const MPI_Status *status, uint64_t *buffer)
{
    int values;
    MPI_Get_count(status, MPI_UINT64_T, &values);
    MPI_Recv(buffer, values, MPI_UINT64_T, status->MPI_SOURCE, TAG_RESULTS, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    const int so_far = values % 3 == 1 && buffer[0] == RESULTS_SO_FAR;
    for (int i = so_far; i + 2 < values; i += 3)
        record(d, (size_t)buffer[i], &(nq_unit_count){ buffer[i + 1], buffer[i + 2] });
    if (so_far)
        return 1;
    uint64_t range[2];
    next_batch(d, range);
    /* The batch, and the partial counts its units start from, in the buffer just read. */
    batch b = { range[0], range[1], NULL, 0 };
    partials_of(d, &b);
    buffer[0] = range[0], buffer[1] = range[1];
    for (size_t i = 0; i < b.partial_count; i++) {
        const nq_unit_partial *p = &b.partials[i];
        uint64_t *at = buffer + 2 + 4 * i;
        at[0] = p->unit, at[1] = p->pieces, at[2] = p->count.total, at[3] = p->count.unique;
    }
    MPI_Send(buffer, (int)(2 + 4 * b.partial_count), MPI_UINT64_T, status->MPI_SOURCE, TAG_BATCH,
             MPI_COMM_WORLD);
    return range[0] < range[1];
}

/* Takes how far a worker's unit in progress got, and records it. */
static void take_partial(dispatcher *d, const MPI_Status *status)
{
    uint64_t v[4];
    MPI_Recv(v, 4, MPI_UINT64_T, status->MPI_SOURCE, TAG_PARTIAL, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    record_partial(d, &(nq_unit_partial){ (size_t)v[0], v[1], { v[2], v[3] } });
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

/* Ends the job on SIGINT, SIGTERM or SIGHUP (mpirun forwards Ctrl-C as SIGTERM, and kills the other
 * ranks): the checkpoint synced with whole records only, since records are appended under the
 * lock taken here, and a word on what is saved. A SIGTERM nobody typed is most often mpirun's
 * answer to another rank's death (or srun's, or the batch system's): the message says so, as
 * "stopped by SIGTERM" alone sends the reader looking for who sent it. Does not return. */
static void stop_now(dispatcher *d)
{
    pthread_mutex_lock(&d->lock);
    int signo = stop_signal;
    const char *name = stop_signal_name(signo);
    if (d->checkpoint && checkpoint_sync(d->checkpoint) == 0)
        say("count: stopped by %s; %llu of %zu units are saved in %s: run the same command "
            "again to resume", name, (unsigned long long)d->progress.units_done,
            nq_plan_units(d->run->plan), d->checkpoint->path);
    else
        say("count: stopped by %s; %s", name, d->checkpoint ? "the checkpoint could not be "
            "synced" : "nothing was saved (--checkpoint FILE keeps finished units)");
    if (signo == SIGTERM)
        say("count: mpirun and srun send SIGTERM to every rank when one has died, and name it; "
            "so do scancel and a job's time limit");
    _exit(128 + signo);
}

/* Serves the workers until all are told to stop and rank 0's own thread is done, in buffer:
 * room for a batch's results, or for a batch and its partial counts. */
static void coordinate(dispatcher *d, int workers, uint64_t *buffer)
{
    struct timespec start, pause = { 0, 1000000 };
    clock_gettime(CLOCK_MONOTONIC, &start);
    double last_tick = 0, last_sync = 0;
    while (workers > 0 || atomic_load(&d->local_running)) {
        if (stop_signal)
            stop_now(d);
        int waiting = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULTS, MPI_COMM_WORLD, &waiting, &status);
        if (waiting) {
            workers -= !serve(d, &status, buffer);
            continue;
        }
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_PARTIAL, MPI_COMM_WORLD, &waiting, &status);
        if (waiting) {
            take_partial(d, &status);
            continue;
        }
        nanosleep(&pause, NULL);
        double now = seconds_since(&start);
        pthread_mutex_lock(&d->lock);
        d->progress.elapsed = now;
        if (d->run->progress && now - last_tick >= TICK_SECONDS)
            progress_show(&d->progress), last_tick = now;
        if (d->checkpoint && now - last_sync >= SYNC_SECONDS && checkpoint_sync(d->checkpoint))
            d->failed = 1;
        last_sync = now - last_sync >= SYNC_SECONDS ? now : last_sync;
        pthread_mutex_unlock(&d->lock);
    }
    /* A worker's partial counts go before its last results: none should be left, but take
     * any that is, so that no message is left unreceived. */
    for (int waiting = 1; waiting;) {
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_PARTIAL, MPI_COMM_WORLD, &waiting, &status);
        if (waiting)
            take_partial(d, &status);
    }
    if (d->run->progress) {
        d->progress.elapsed = seconds_since(&start);
        progress_show(&d->progress);
        progress_end();
    }
}

/* Units per batch: 1/64 of each rank's share, or NQ_MPI_BATCH_UNITS (for tests: a batch long
 * enough to be seen in flight). */
static size_t batch_units(size_t units, int ranks)
{
    const char *text = getenv("NQ_MPI_BATCH_UNITS");
    char *end;
    unsigned long long asked = text ? strtoull(text, &end, 10) : 0;
    if (text && *text && !*end && asked > 0 && asked <= units)
        return (size_t)asked;
    return units / (64 * (size_t)ranks) + 1;
}

int run_rank0(const mpi_run *run, checkpoint_file *cp, int ranks, nq_count_result *result)
{
    dispatcher d = { .run = run };
    size_t units = nq_plan_units(run->plan);
    int code = 0;
    if (run->checkpoint_path) {
        d.checkpoint = cp;
        d.done = cp->state.done;
        d.partials = cp->state.partials;
        d.partial_count = cp->state.partial_count;
        d.progress.total = cp->state.total;
        d.unique = cp->state.unique;
        d.progress.units_done = d.progress.units_resumed = cp->state.units_done;
    }
    d.progress.units_total = units;
    /* Batches small enough that every rank gets many: the end is not held up by one. */
    d.batch = batch_units(units, ranks);
    pthread_mutex_init(&d.lock, NULL);
    atomic_init(&d.local_running, 1);
    catch_stop_signals();
    /* A batch's results (3 values a unit), or a batch and its partial counts (4 values each). */
    const size_t room = 3 * d.batch > 4 * d.partial_count ? 3 * d.batch : 4 * d.partial_count;
    uint64_t *buffer = malloc((room + 3) * sizeof *buffer);
    pthread_t local;
    if (!buffer)
        code = fail(EXIT_RUNTIME, "count: out of memory");
    else if (pthread_create(&local, NULL, count_locally, &d))
        code = fail(EXIT_RUNTIME, "count: could not start a thread");
    else {
        coordinate(&d, ranks - 1, buffer);
        pthread_join(local, NULL);
    }
    free(buffer);
    pthread_mutex_destroy(&d.lock);
    int closed = run->checkpoint_path ? checkpoint_close(cp) : 0;
    if (!code && (closed || d.failed))
        code = closed ? closed : EXIT_RUNTIME;
    if (!code && d.overflow)
        code = fail(EXIT_RUNTIME, "count: %s", nq_strerror(NQ_ERR_OVERFLOW));
    if (!code && d.progress.units_done != units)
        code = fail(EXIT_RUNTIME, "count: %llu of %zu units counted",
                    (unsigned long long)d.progress.units_done, units);
    result->total = d.progress.total;
    result->unique = d.unique;
    return code;
}
