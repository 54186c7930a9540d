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

static void *count_locally(void *arg)
{
    dispatcher *d = arg;
    for (;;) {
        uint64_t range[2];
        next_batch(d, range);
        if (range[0] == range[1] || count_batch(d->run, range[0], range[1], record, d))
            break;
    }
    atomic_store(&d->local_running, 0);
    return NULL;
}

/* Takes one worker's results and answers with its next batch; returns whether it got one. */
static int serve(dispatcher *d, const MPI_Status *status, uint64_t *buffer)
{
    int values;
    MPI_Get_count(status, MPI_UINT64_T, &values);
    MPI_Recv(buffer, values, MPI_UINT64_T, status->MPI_SOURCE, TAG_RESULTS, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    for (int i = 0; i + 2 < values; i += 3)
        record(d, (size_t)buffer[i], &(nq_unit_count){ buffer[i + 1], buffer[i + 2] });
    uint64_t range[2];
    next_batch(d, range);
    MPI_Send(range, 2, MPI_UINT64_T, status->MPI_SOURCE, TAG_BATCH, MPI_COMM_WORLD);
    return range[0] < range[1];
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

/* Ends the job on SIGINT or SIGTERM (mpirun forwards Ctrl-C as SIGTERM, and kills the other
 * ranks): the checkpoint synced with whole records only, since records are appended under the
 * lock taken here, and a word on what is saved. Does not return. */
static void stop_now(dispatcher *d)
{
    pthread_mutex_lock(&d->lock);
    int signo = stop_signal;
    const char *name = signo == SIGINT ? "SIGINT" : "SIGTERM";
    if (d->checkpoint && checkpoint_sync(d->checkpoint) == 0)
        fail(0, "count: stopped by %s; %llu of %zu units are saved in %s: run the same command "
             "again to resume", name, (unsigned long long)d->progress.units_done,
             nq_plan_units(d->run->plan), d->checkpoint->path);
    else
        fail(0, "count: stopped by %s; %s", name, d->checkpoint ? "the checkpoint could not be "
             "synced" : "nothing was saved (--checkpoint FILE keeps finished units)");
    _exit(128 + signo);
}

/* Serves the workers until all are told to stop and rank 0's own thread is done. */
static void coordinate(dispatcher *d, int workers)
{
    uint64_t *buffer = malloc(3 * sizeof(uint64_t) * (nq_plan_units(d->run->plan) + 1));
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
    if (d->run->progress) {
        d->progress.elapsed = seconds_since(&start);
        progress_show(&d->progress);
        progress_end();
    }
    free(buffer);
}

int run_rank0(const mpi_run *run, checkpoint_file *cp, int ranks, nq_count_result *result)
{
    dispatcher d = { .run = run };
    size_t units = nq_plan_units(run->plan);
    int code = 0;
    if (run->checkpoint_path) {
        d.checkpoint = cp;
        d.done = cp->state.done;
        d.progress.total = cp->state.total;
        d.unique = cp->state.unique;
        d.progress.units_done = d.progress.units_resumed = cp->state.units_done;
    }
    d.progress.units_total = units;
    /* Batches small enough that every rank gets many: the end is not held up by one. */
    d.batch = units / (64 * (size_t)ranks) + 1;
    pthread_mutex_init(&d.lock, NULL);
    atomic_init(&d.local_running, 1);
    catch_stop_signals();
    pthread_t local;
    if (pthread_create(&local, NULL, count_locally, &d))
        code = fail(EXIT_FAILURE_, "count: could not start a thread");
    else {
        coordinate(&d, ranks - 1);
        pthread_join(local, NULL);
    }
    pthread_mutex_destroy(&d.lock);
    int closed = run->checkpoint_path ? checkpoint_close(cp) : 0;
    if (!code && (closed || d.failed))
        code = closed ? closed : EXIT_FAILURE_;
    if (!code && d.overflow)
        code = fail(EXIT_FAILURE_, "count: %s", nq_strerror(NQ_ERR_OVERFLOW));
    if (!code && d.progress.units_done != units)
        code = fail(EXIT_FAILURE_, "count: %llu of %zu units counted",
                    (unsigned long long)d.progress.units_done, units);
    result->total = d.progress.total;
    result->unique = d.unique;
    return code;
}
