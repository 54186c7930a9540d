/*
 * plan_run.c - counts a plan's units on worker threads while the calling thread watches.
 *
 * Workers take the next unit from a shared atomic index, count it, and add it to the sums under
 * a lock, where on_unit records it too. The calling thread wakes every tick to report progress
 * and to pass on a stop request; it counts nothing itself. Workers block asynchronous signals so
 * that a Ctrl-C reaches the calling thread, whose handler the stop flag belongs to.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "count/count.h"

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
} run_job;

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

static void *worker(void *arg)
{
    run_job *job = arg;
    size_t units = end_unit(job->plan, job->options);
    struct nq_join_scratch *scratch = NULL;   /* the join's buffers, kept from unit to unit */
    while (!atomic_load_explicit(&job->stopping, memory_order_relaxed)) {
        size_t i = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
        if (i >= units)
            break;
        if (is_done(job->options, i))
            continue;
        nq_unit_count count;
        /* A unit given up on a stop request is not recorded: it counts again on resume. */
        nq_status status = nq_plan_count_unit_kept(job->plan, i, job->options->unique, &count,
                                                   &scratch, &job->stopping);
        pthread_mutex_lock(&job->lock);
        if (status && !job->status) {
            job->status = status;
            atomic_store(&job->stopping, 1);
        }
        if (!status)
            record(job, i, &count);
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

/* Reports progress every tick until the workers are done; passes a stop request on. */
static void watch(run_job *job, const struct timespec *start)
{
    const nq_run_options *o = job->options;
    double tick = o->tick > 0 ? o->tick : 0.25, last = -tick;
    pthread_mutex_lock(&job->lock);
    for (;;) {
        if (o->stop && *o->stop && !job->status) {
            job->status = NQ_ERR_STOPPED;
            atomic_store(&job->stopping, 1);
        }
        job->progress.elapsed = seconds_since(start);
        int finished = job->workers_left == 0;
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
        struct timespec until = deadline_after(last + tick - seconds_since(start));
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
    int wanted = options->threads > 0 ? options->threads : nq_online_cores();
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
    if (!threads)
        return NQ_ERR_NOMEM;
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
    watch(&job, &start);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    free(threads);
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
