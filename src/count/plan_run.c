/*
 * plan_run.c - counts a plan's units on worker threads while the calling thread watches.
 *
 * Workers take the next unit from a shared atomic index, count it, and add it to the sums under
 * a lock, where on_unit records it too. The calling thread wakes every tick to report progress
 * and to pass on a stop request; it counts nothing itself. Workers block asynchronous signals so
 * that a Ctrl-C reaches the calling thread, whose handler the stop flag belongs to.
 *
 * A unit counted in pieces (engine/pieces.c) keeps its worker's slot up to date after each piece: the
 * calling thread reports the slots to on_partial now and then, and those of the units given up
 * when the run stops, so that a resumed run starts them at their next piece.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "count/plan.h"

typedef struct run_job {
    const nq_plan *plan;
    const nq_run_options *options;
    atomic_size_t next;        /* the next unit to take */
    atomic_int stopping;       /* set: take no new unit */
    pthread_mutex_t lock;      /* guards everything below */
    pthread_cond_t changed;    /* signalled when a worker ends */
    nq_progress progress;      /* sums and counts so far */
    nq_u128 unique;            /* classes so far */
    nq_status status;          /* the first failure, if any */
    int workers_left;
    nq_unit_partial *slots;    /* each worker's unit in progress (unit SIZE_MAX: none) */
    uint64_t *reported;        /* the pieces of each slot last reported to on_partial */
    atomic_int next_slot;      /* the next worker's slot */
} run_job;

/* A worker's unit in progress, for the callback after each piece. */
typedef struct worker_slot {
    run_job *job;
    nq_unit_partial *slot;
} worker_slot;

static int is_done(const nq_run_options *options, size_t unit)
{
    return options->done && (options->done[unit / 8] >> (unit % 8) & 1);
}

/* Adds one counted unit to the sums and hands it to on_unit. Called under the lock. */
static void record(run_job *job, size_t unit, const nq_unit_count *count)
{
    const nq_run_options *o = job->options;
    nq_progress *p = &job->progress;
    if (nq_u128_add(&p->total, (nq_u128){ count->total, 0 }) ||
        nq_u128_add(&job->unique, (nq_u128){ count->unique, 0 }))
        job->status = NQ_ERR_OVERFLOW;
    p->units_done++;
    if (o->on_unit && o->on_unit(o->context, unit, count) && !job->status)
        job->status = NQ_ERR_STOPPED;
    if (job->status)
        atomic_store(&job->stopping, 1);
}

/* One past the last unit the run counts. */
static size_t end_unit(const nq_plan *plan, const nq_run_options *options)
{
    size_t end = options->end_unit ? options->end_unit : plan->unit_count;
    return end < plan->unit_count ? end : plan->unit_count;
}

/* Whether every unit of plan is counted by the run or was done before it. */
static int covers_plan(const nq_plan *plan, const nq_run_options *options)
{
    size_t end = end_unit(plan, options);
    for (size_t i = 0; i < plan->unit_count; i++)
        if ((i < options->first_unit || i >= end) && !is_done(options, i))
            return 0;
    return 1;
}

/* The partial count a resumed run starts unit from, or NULL: options->partials are by
 * increasing unit number. */
static const nq_unit_partial *partial_of(const nq_run_options *options, size_t unit)
{
    size_t low = 0, high = options->partials ? options->partial_count : 0;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (options->partials[middle].unit < unit)
            low = middle + 1;
        else
            high = middle;
    }
    return low < options->partial_count && options->partials[low].unit == unit
               ? &options->partials[low]
               : NULL;
}

/* Publishes how far the worker's unit got after a piece. */
static void on_piece(void *context, uint64_t pieces, const nq_unit_count *so_far)
{
    worker_slot *w = context;
    pthread_mutex_lock(&w->job->lock);
    w->slot->pieces = pieces;
    w->slot->count = *so_far;
    pthread_mutex_unlock(&w->job->lock);
}

/* Counts unit i, from its partial count if a run before got that far, keeping the worker's slot
 * up to date. */
static nq_status count_unit(run_job *job, worker_slot *w, size_t i, nq_unit_count *count,
                            struct nq_join_scratch **scratch)
{
    const nq_unit_partial *from = partial_of(job->options, i);
    nq_unit_job how = { .unique = job->options->unique, .stop = &job->stopping,
                        .on_piece = on_piece, .context = w };
    if (from)
        how.first_piece = from->pieces, how.before = from->count;
    pthread_mutex_lock(&job->lock);
    *w->slot = from ? *from : (nq_unit_partial){ .unit = i };
    job->reported[w->slot - job->slots] = w->slot->pieces;
    pthread_mutex_unlock(&job->lock);
    return nq_plan_count_unit_from(job->plan, i, &how, count, scratch);
}

static void *worker(void *arg)
{
    run_job *job = arg;
    size_t units = end_unit(job->plan, job->options);
    struct nq_join_scratch *scratch = NULL;   /* the join's buffers, kept from unit to unit */
    worker_slot w = { job, &job->slots[atomic_fetch_add(&job->next_slot, 1)] };
    while (!atomic_load_explicit(&job->stopping, memory_order_relaxed)) {
        size_t i = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
        if (i >= units)
            break;
        if (is_done(job->options, i))
            continue;
        nq_unit_count count;
        /* A unit given up on a stop request is not recorded: its slot tells the pieces done. */
        nq_status status = count_unit(job, &w, i, &count, &scratch);
        pthread_mutex_lock(&job->lock);
        if (status && !job->status) {
            job->status = status;
            atomic_store(&job->stopping, 1);
        }
        if (!status) {
            w.slot->unit = SIZE_MAX;
            record(job, i, &count);
        }
        pthread_mutex_unlock(&job->lock);
    }
    nq_plan_scratch_free(scratch);
    pthread_mutex_lock(&job->lock);
    job->workers_left--;
    pthread_cond_signal(&job->changed);
    pthread_mutex_unlock(&job->lock);
    return NULL;
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

/* The time `seconds` from now on the clock the condition variable waits by. */
static struct timespec deadline_after(double seconds)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    long long ns = t.tv_nsec + (long long)(seconds * 1e9);
    t.tv_sec += (time_t)(ns / 1000000000);
    t.tv_nsec = (long)(ns % 1000000000);
    return t;
}

/* Hands on_partial the units in progress that got further since they were last reported.
 * Called under the lock. */
static void report_partials(run_job *job, int workers)
{
    const nq_run_options *o = job->options;
    for (int w = 0; o->on_partial && w < workers; w++) {
        nq_unit_partial *slot = &job->slots[w];
        if (slot->unit == SIZE_MAX || slot->pieces <= job->reported[w] ||
            slot->pieces > NQ_PARTIAL_MAX_PIECES)
            continue;
        job->reported[w] = slot->pieces;
        if (o->on_partial(o->context, slot) && !job->status) {
            job->status = NQ_ERR_STOPPED;
            atomic_store(&job->stopping, 1);
        }
    }
}

/* Reports progress every tick until the workers are done; passes a stop request on. */
static void watch(run_job *job, const struct timespec *start, int workers)
{
    const nq_run_options *o = job->options;
    double tick = o->tick > 0 ? o->tick : 0.25, last = -tick, last_partial = 0;
    pthread_mutex_lock(&job->lock);
    for (;;) {
        if (o->stop && *o->stop && !job->status) {
            job->status = NQ_ERR_STOPPED;
            atomic_store(&job->stopping, 1);
        }
        job->progress.elapsed = seconds_since(start);
        int finished = job->workers_left == 0;
        if (finished && job->status)
            report_partials(job, workers);   /* the units given up */
        else if (o->partial_every > 0 && job->progress.elapsed - last_partial >= o->partial_every) {
            last_partial = job->progress.elapsed;
            report_partials(job, workers);
        }
        /* A worker ending wakes this thread too: report on ticks and at the end only. */
        if (finished || job->progress.elapsed - last >= tick) {
            last = job->progress.elapsed;
            nq_progress snapshot = job->progress;
            pthread_mutex_unlock(&job->lock);
            int stop = o->on_tick && o->on_tick(o->context, &snapshot);
            pthread_mutex_lock(&job->lock);
            if (stop && !job->status) {
                job->status = NQ_ERR_STOPPED;
                atomic_store(&job->stopping, 1);
            }
        }
        if (finished)
            break;
        /* Wake for the next tick or the next partial report, whichever comes first. */
        double wake = last + tick;
        if (o->on_partial && o->partial_every > 0 && last_partial + o->partial_every < wake)
            wake = last_partial + o->partial_every;
        const double wait = wake - seconds_since(start);
        struct timespec until = deadline_after(wait > 0 ? wait : 0);
        if (job->workers_left > 0)
            pthread_cond_timedwait(&job->changed, &job->lock, &until);
    }
    pthread_mutex_unlock(&job->lock);
}

/* Starts up to `threads` workers (nq_start_threads); returns how many started. */
static int start_workers(run_job *job, pthread_t *threads, int wanted)
{
    job->workers_left = wanted;
    int started = nq_start_threads(threads, wanted, worker, job);
    pthread_mutex_lock(&job->lock);
    job->workers_left -= wanted - started;   /* those that started may have ended already */
    pthread_mutex_unlock(&job->lock);
    return started;
}

nq_status nq_plan_run(const nq_plan *plan, const nq_run_options *options,
                      nq_count_result *result)
{
    nq_run_options defaults = { 0 };
    if (!plan || !result)
        return NQ_ERR_ARGUMENT;
    if (!options)
        options = &defaults;
    /* The plan's memory is for its threads: more would take more than it promised. */
    if (options->threads > plan->threads)
        return NQ_ERR_THREADS;
    int wanted = options->threads > 0 ? options->threads : plan->threads;
    run_job job = { .plan = plan, .options = options, .status = NQ_OK };
    atomic_init(&job.next, options->first_unit);
    atomic_init(&job.stopping, 0);
    job.progress.units_total = plan->unit_count;
    job.progress.total = options->done_total;
    job.unique = options->done_unique;
    for (size_t i = 0; options->done && i < plan->unit_count; i++)
        job.progress.units_resumed += is_done(options, i);
    job.progress.units_done = job.progress.units_resumed;
    pthread_t *threads = malloc((size_t)wanted * sizeof *threads);
    job.slots = malloc((size_t)wanted * sizeof *job.slots);
    job.reported = malloc((size_t)wanted * sizeof *job.reported);
    if (!threads || !job.slots || !job.reported) {
        free(threads), free(job.slots), free(job.reported);
        return NQ_ERR_NOMEM;
    }
    for (int w = 0; w < wanted; w++)
        job.slots[w] = (nq_unit_partial){ .unit = SIZE_MAX }, job.reported[w] = 0;
    atomic_init(&job.next_slot, 0);
    pthread_mutex_init(&job.lock, NULL);
    pthread_cond_init(&job.changed, NULL);
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int started = start_workers(&job, threads, wanted);
    if (started == 0) {
        /* No thread could start: count here, without progress reports. */
        job.workers_left = 1;
        worker(&job);
    }
    watch(&job, &start, started ? started : 1);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    free(threads), free(job.slots), free(job.reported);
    pthread_cond_destroy(&job.changed);
    pthread_mutex_destroy(&job.lock);
    if (job.status)
        return job.status;
    result->total = job.progress.total;
    result->unique = options->unique ? job.unique : (nq_u128){ 0, 0 };
    result->half_turn = result->quarter_turn = (nq_u128){ 0, 0 };
    /* The join's units count no classes: a run that has every unit derives them from the
     * total, with a search for P and R that is cheap beside it (so a resumed run redoes it). */
    if (options->unique && plan->join && covers_plan(plan, options))
        return nq_unique_from_total(plan->board.n, result);
    return NQ_OK;
}
