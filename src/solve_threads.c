/*
 * solve_threads.c - lists solutions in lexicographic order, searched on several threads.
 *
 * The search splits into units of the top rows' placements, which come in lexicographic order.
 * Workers search units ahead into buffers of a small ring; the calling thread hands each
 * buffer's solutions to the visitor in unit order, so the order is nq_solve's. Memory is the
 * ring: a few units per thread, however many solutions stream out.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define UNITS_PER_THREAD 16   /* units to split into, per thread */
#define SLOTS_PER_THREAD 4    /* ring buffers per thread */

/* One unit's solutions, n bytes each. */
typedef struct slot {
    int8_t *cols;
    size_t count, capacity;
    int full;                 /* searched: the calling thread may take it */
    int failed;               /* out of memory while filling */
} slot;

typedef struct listing {
    const nq_search *search;
    const nq_unit *units;
    size_t unit_count;
    unsigned group;           /* for --unique: the board's symmetries; 0 lists all */
    slot *slots;
    size_t slot_count;
    atomic_size_t next;       /* the next unit a worker takes */
    atomic_int stop;          /* the visitor asked to stop */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    size_t emitted;           /* units handed to the visitor so far */
} listing;

/* Appends a solution to the slot being filled (the listing's `current` is the slot). */
typedef struct filling {
    listing *l;
    slot *s;
} filling;

static int keep(void *context, int n, const int8_t *cols)
{
    filling *f = context;
    slot *s = f->s;
    if (atomic_load_explicit(&f->l->stop, memory_order_relaxed))
        return 1;
    if (f->l->group && !nq_is_canonical(cols, n, f->l->group))
        return 0;
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 256;
        int8_t *more = realloc(s->cols, capacity * (size_t)n);
        if (!more)
            return s->failed = 1;
        s->cols = more, s->capacity = capacity;
    }
    memcpy(s->cols + s->count++ * (size_t)n, cols, (size_t)n);
    return 0;
}

static void *worker(void *arg)
{
    listing *l = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&l->next, 1);
        if (i >= l->unit_count)
            return NULL;
        slot *s = &l->slots[i % l->slot_count];
        pthread_mutex_lock(&l->lock);
        while (i >= l->emitted + l->slot_count && !atomic_load(&l->stop))
            pthread_cond_wait(&l->changed, &l->lock);
        pthread_mutex_unlock(&l->lock);
        if (atomic_load(&l->stop))
            return NULL;
        nq_search search;
        nq_search_of_unit(l->search, &l->units[i], &search);
        filling f = { l, s };
        nq_kernel_visit(&search, nq_search_root(&search), NULL, keep, &f);
        pthread_mutex_lock(&l->lock);
        s->full = 1;
        pthread_cond_broadcast(&l->changed);
        pthread_mutex_unlock(&l->lock);
    }
}

/* Hands the units' solutions to visit in order; returns NQ_OK, NQ_ERR_STOPPED or NOMEM. */
static nq_status emit(listing *l, nq_solution_fn visit, void *context)
{
    int n = l->search->n;
    for (size_t i = 0; i < l->unit_count; i++) {
        slot *s = &l->slots[i % l->slot_count];
        pthread_mutex_lock(&l->lock);
        while (!s->full)
            pthread_cond_wait(&l->changed, &l->lock);
        pthread_mutex_unlock(&l->lock);
        if (s->failed)
            return NQ_ERR_NOMEM;
        for (size_t k = 0; k < s->count; k++)
            if (visit(context, n, s->cols + k * (size_t)n))
                return NQ_ERR_STOPPED;
        pthread_mutex_lock(&l->lock);
        s->full = 0, s->count = 0;
        l->emitted++;
        pthread_cond_broadcast(&l->changed);
        pthread_mutex_unlock(&l->lock);
    }
    return NQ_OK;
}

/* Runs the workers and the emitter, then stops and joins the workers. */
static nq_status run(listing *l, int threads, nq_solution_fn visit, void *context)
{
    pthread_t *ids = malloc((size_t)threads * sizeof *ids);
    if (!ids)
        return NQ_ERR_NOMEM;
    int started = 0;
    while (started < threads && !pthread_create(&ids[started], NULL, worker, l))
        started++;
    nq_status status = started ? emit(l, visit, context) : NQ_ERR_NOMEM;
    pthread_mutex_lock(&l->lock);
    atomic_store(&l->stop, 1);
    pthread_cond_broadcast(&l->changed);
    pthread_mutex_unlock(&l->lock);
    for (int t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    free(ids);
    return status;
}

nq_status nq_solve_threads(const nq_board *board, int unique, int threads, nq_solution_fn visit,
                           void *context)
{
    if (!board || !visit)
        return NQ_ERR_ARGUMENT;
    if (threads <= 0)
        threads = nq_online_cores();
    if (threads == 1)
        return nq_solve(board, unique, visit, context);
    nq_search search;
    nq_status status = nq_search_compile(board, &search);
    nq_unit_list units = { NULL, 0, 0 };
    if (!status)
        status = nq_split_prefix(&search, 1u, (size_t)threads * UNITS_PER_THREAD, &units);
    if (status)
        return status;
    listing l = { .search = &search, .units = units.units, .unit_count = units.count,
                  .group = unique ? nq_board_symmetries(board) : 0,
                  .slot_count = (size_t)threads * SLOTS_PER_THREAD };
    l.slots = calloc(l.slot_count, sizeof *l.slots);
    atomic_init(&l.next, 0);
    atomic_init(&l.stop, 0);
    pthread_mutex_init(&l.lock, NULL);
    pthread_cond_init(&l.changed, NULL);
    status = l.slots ? run(&l, threads, visit, context) : NQ_ERR_NOMEM;
    for (size_t i = 0; l.slots && i < l.slot_count; i++)
        free(l.slots[i].cols);
    free(l.slots);
    free(units.units);
    pthread_cond_destroy(&l.changed);
    pthread_mutex_destroy(&l.lock);
    return status;
}
