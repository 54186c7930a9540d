/*
 * count.c - counts the solutions of a board: splits the search into units, lets every worker
 * thread take units from a shared index, and adds up the workers' partial sums at the end.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "internal.h"

/* Units per thread to aim for, so that no core idles long at the end of a run. */
#define UNITS_PER_THREAD 64

/* One worker's partial sums, on a cache line of its own so that workers never share one. */
typedef struct partial {
    _Alignas(64) nq_u128 total;
    nq_u128 unique;
    int overflow;
} partial;

typedef struct count_job {
    const nq_search *search;
    const nq_unit *units;
    size_t unit_count;
    atomic_size_t next;   /* the next unit to take */
    int unique;
    unsigned group;       /* the board's symmetries, for the unique count */
    partial *partials;    /* one per worker */
} count_job;

/* The visitor of the unique count: counts the solutions that represent their class. */
typedef struct unique_visit {
    unsigned group;
    uint64_t total, canonical;
} unique_visit;

static int count_canonical(void *context, int n, const int8_t *cols)
{
    unique_visit *v = context;
    v->total++;
    v->canonical += (uint64_t)nq_is_canonical(cols, n, v->group);
    return 0;
}

static void add(partial *p, nq_u128 *sum, nq_u128 term)
{
    p->overflow |= nq_u128_add(sum, term);
}

static void count_worker(void *context, int worker)
{
    count_job *job = context;
    partial *p = &job->partials[worker];
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
        if (i >= job->unit_count)
            return;
        const nq_unit *u = &job->units[i];
        uint64_t count;
        if (job->unique) {
            unique_visit v = { job->group, 0, 0 };
            nq_kernel_visit(job->search, u->start, u->cols, count_canonical, &v);
            count = v.total;
            add(p, &p->unique, (nq_u128){ v.canonical, 0 });
        } else {
            count = nq_kernel_count(job->search, u->start);
        }
        add(p, &p->total, nq_u128_mul64(count, u->weight));
    }
}

nq_status nq_count(const nq_board *board, const nq_count_options *options,
                   nq_count_result *result)
{
    if (!board || !result)
        return NQ_ERR_ARGUMENT;
    nq_count_options defaults = { 0, 0 };
    if (!options)
        options = &defaults;
    int threads = options->threads > 0 ? options->threads : nq_online_cores();
    nq_search search;
    nq_status status = nq_search_compile(board, &search);
    if (status)
        return status;
    unsigned group = nq_board_symmetries(board);
    count_job job = { .search = &search, .unique = options->unique, .group = group };
    nq_unit *units;
    status = nq_units_split(&search, (size_t)threads * UNITS_PER_THREAD,
                            group >> NQ_SYM_MIRROR & 1, &units, &job.unit_count);
    if (status)
        return status;
    job.units = units;
    atomic_init(&job.next, 0);
    job.partials = aligned_alloc(_Alignof(partial), (size_t)threads * sizeof(partial));
    if (!job.partials) {
        free(units);
        return NQ_ERR_NOMEM;
    }
    for (int t = 0; t < threads; t++)
        job.partials[t] = (partial){ .overflow = 0 };
    status = nq_parallel_run(threads, count_worker, &job);
    nq_count_result sum = { { 0, 0 }, { 0, 0 } };
    int overflow = 0;
    for (int t = 0; t < threads; t++) {
        overflow |= job.partials[t].overflow;
        overflow |= nq_u128_add(&sum.total, job.partials[t].total);
        overflow |= nq_u128_add(&sum.unique, job.partials[t].unique);
    }
    free(job.partials);
    free(units);
    if (status)
        return status;
    if (overflow)
        return NQ_ERR_OVERFLOW;
    *result = sum;
    return NQ_OK;
}
