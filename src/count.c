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
    int unique;           /* also count the unique solutions */
    partial *partials;    /* one per worker */
} count_job;

/* The visitor of units whose completions are checked one by one against their images. */
typedef struct class_visit {
    unsigned group;      /* the symmetries to check against */
    int rule;            /* enum nq_rule */
    uint64_t total;      /* completions counted, under the rule */
    uint64_t least;      /* completions least among their images */
} class_visit;

static int count_classes(void *context, int n, const int8_t *cols)
{
    class_visit *v = context;
    int size = nq_class_size(cols, n, v->group);
    v->least += size > 0;
    v->total += v->rule == NQ_RULE_CLASS ? (uint64_t)size : 1;
    return 0;
}

static void add(partial *p, nq_u128 *sum, nq_u128 term)
{
    p->overflow |= nq_u128_add(sum, term);
}

/* Counts one unit's completions, and for the unique count those least among their images. */
static void count_unit(count_job *job, const nq_unit *u, partial *p)
{
    nq_search search;
    nq_search_of_unit(job->search, u, &search);
    nq_state root = nq_search_root(&search);
    if (u->rule == NQ_RULE_CLASS || (job->unique && u->unique_group != 1u)) {
        class_visit v = { u->unique_group, u->rule, 0, 0 };
        nq_kernel_visit(&search, root, NULL, count_classes, &v);
        add(p, &p->unique, (nq_u128){ v.least, 0 });
        add(p, &p->total, nq_u128_mul64(v.total, u->rule == NQ_RULE_CLASS ? 1 : u->weight));
        return;
    }
    /* Every completion is the least of its images: the fast kernel counts them all. */
    uint64_t count = nq_kernel_count(&search, root);
    add(p, &p->unique, (nq_u128){ count, 0 });
    add(p, &p->total, nq_u128_mul64(count, u->weight));
}

static void count_worker(void *context, int worker)
{
    count_job *job = context;
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
        if (i >= job->unit_count)
            return;
        count_unit(job, &job->units[i], &job->partials[worker]);
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
    nq_unit_list list;
    status = nq_split(&search, nq_board_symmetries(board), (size_t)threads * UNITS_PER_THREAD,
                      &list);
    if (status)
        return status;
    count_job job = { .search = &search, .units = list.units, .unit_count = list.count,
                      .unique = options->unique };
    atomic_init(&job.next, 0);
    job.partials = aligned_alloc(_Alignof(partial), (size_t)threads * sizeof(partial));
    if (!job.partials) {
        free(list.units);
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
    free(list.units);
    if (status)
        return status;
    if (overflow)
        return NQ_ERR_OVERFLOW;
    *result = sum;
    return NQ_OK;
}
