/*
 * solve_lines.c - the lexicographic walk of a constrained board with the engine by lines.
 *
 * The search by lines (kernel_lines.c, kernel_nodes.c) fills any row or column left with one
 * square and branches on the line with the fewest: on a board with many closed squares it
 * proves a subtree empty, or finds its completions, far sooner than the rows in order do, but
 * in no set order. So a subtree is listed in batches: its completions are collected by that
 * search and sorted. A subtree with more completions than a batch holds is cut by its next row
 * instead, each of that row's squares from the left a subtree of its own, and so on down.
 * The batch bounds memory whatever the number of completions. The search given up at a full
 * batch is lost, but it found only a batch of the subtree's completions, a small share of them
 * wherever the subtree is much larger than a batch: the rows just above the batches' lose a
 * fraction of the work, those above them less and less.
 *
 * On threads, the first batch, the whole board's, is shared: the threads search the units of
 * the count by lines (split_lines.c) into one batch. Most constrained boards have fewer
 * completions than a batch holds, and are then listed in about the time of their count; a board
 * with more goes to the listing's units of the top rows (solve_threads.c), each walked by lines.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/symmetry.h"
#include "engine/kernels.h"
#include "list/list.h"

#define SHARED_UNITS_PER_THREAD 256   /* units of the shared first batch, per thread */
#define NAP_NS 2000000                /* the calling thread's look at a stop request: 2 ms */

/* Completions a batch holds by default: a few hundred kilobytes with its sorting. A walk's
 * batches start at FIRST_BATCH and double after each batch that did not fill, up to BATCH: on
 * a board with many solutions, the walk goes down to its first ones at the cost of finding a
 * few completions a row, not thousands, and its later batches are large enough to cost little
 * each. */
#define BATCH 4096
#define FIRST_BATCH 16

/* A walk by batches in progress. */
typedef struct batcher {
    const nq_walk *walk;
    const nq_engine_kernels *kernels;
    int n;
    size_t capacity;          /* completions the next batch holds */
    size_t most;              /* and the most it may grow to (what the buffers hold) */
    size_t count;             /* completions held */
    int full;                 /* a completion came beyond capacity */
    int8_t *cols;             /* the completions, n bytes each */
    const int8_t **sorted;    /* pointers to them, sorted */
    const int8_t **scratch;   /* the merge's other half */
    int8_t placed[NQ_MAX_N];  /* the queens of the rows above the subtree walked */
} batcher;

static int collect(void *context, int n, const int8_t *cols)
{
    batcher *b = context;
    if (b->count == b->capacity) {
        b->full = 1;
        return 1;
    }
    memcpy(b->cols + b->count * (size_t)n, cols, (size_t)n);
    b->count++;
    return 0;
}

/* Sorts a[0..count-1] (completions of n columns) lexicographically, with tmp as large. */
static void merge_sort(const int8_t **a, const int8_t **tmp, size_t count, int n)
{
    if (count < 2)
        return;
    size_t half = count / 2;
    merge_sort(a, tmp, half, n);
    merge_sort(a + half, tmp, count - half, n);
    memcpy(tmp, a, half * sizeof *a);
    size_t i = 0, j = half, k = 0;
    while (i < half && j < count)
        a[k++] = memcmp(a[j], tmp[i], (size_t)n) < 0 ? a[j++] : tmp[i++];
    while (i < half)
        a[k++] = tmp[i++];
}

/* Passes the batch on in lexicographic order, the least of each class only when the walk lists
 * classes. */
static nq_status pass_batch(batcher *b)
{
    const nq_walk *walk = b->walk;
    for (size_t i = 0; i < b->count; i++)
        b->sorted[i] = b->cols + i * (size_t)b->n;
    merge_sort(b->sorted, b->scratch, b->count, b->n);
    for (size_t i = 0; i < b->count; i++) {
        if (nq_stop_requested(&walk->stop))
            return NQ_ERR_STOPPED;
        if (walk->group && !nq_is_canonical(b->sorted[i], b->n, walk->group))
            continue;
        if (walk->visit(walk->context, b->n, b->sorted[i]))
            return NQ_ERR_STOPPED;
    }
    return NQ_OK;
}

/* The search of the completions below state s, the rows above it placed as b->placed says. */
static void subtree(const batcher *b, const nq_search *search, nq_state s, nq_search *rest)
{
    *rest = *search;
    for (int r = 0; r < s.row; r++)
        rest->allow[r] = UINT64_C(1) << b->placed[r];
    for (int r = s.row; r < search->n; r++) {
        int d = r - s.row;
        rest->allow[r] &= ~(s.cols | s.d1 << d | s.d2 >> d);
    }
}

/* Lists the completions below state s: one batch, or row s.row's squares one by one. */
static nq_status walk_below(batcher *b, const nq_search *search, nq_state s)
{
    const nq_walk *walk = b->walk;
    if (nq_stop_requested(&walk->stop))
        return NQ_ERR_STOPPED;
    nq_search rest;
    subtree(b, search, s, &rest);
    b->count = 0, b->full = 0;
    nq_status status = nq_engine_visit(b->kernels, NQ_ENGINE_LINES, &rest, collect, b,
                                       walk->stop.flag);
    if (!b->full) {   /* a batch holds a subtree of one row or none: s.row < n below */
        b->capacity = b->capacity < b->most / 2 ? 2 * b->capacity : b->most;
        return status ? status : pass_batch(b);
    }
    for (uint64_t squares = nq_state_free(search, s); squares; squares &= squares - 1) {
        uint64_t bit = squares & -squares;
        b->placed[s.row] = (int8_t)__builtin_ctzll(bit);
        if ((status = walk_below(b, search, nq_state_place(s, bit))))
            return status;
    }
    return NQ_OK;
}

nq_status nq_walk_lines(const nq_search *search, const nq_walk *walk)
{
    batcher b = { .walk = walk, .kernels = nq_engine_kernels_best(), .n = search->n,
                  .capacity = walk->batch ? walk->batch : FIRST_BATCH,
                  .most = walk->batch ? walk->batch : BATCH };
    b.cols = malloc(b.most * (size_t)search->n);
    b.sorted = malloc(b.most * sizeof *b.sorted);
    b.scratch = malloc(b.most * sizeof *b.scratch);
    nq_status status = b.cols && b.sorted && b.scratch
                           ? walk_below(&b, search, nq_search_root(search))
                           : NQ_ERR_NOMEM;
    free(b.cols);
    free(b.sorted);
    free(b.scratch);
    return status;
}

/* ---- The first batch on threads ---- */

/* The whole board's batch, filled by worker threads from the units of the count by lines. */
typedef struct shared_batch {
    batcher b;                  /* the batch; b.full once a completion did not fit */
    const nq_search *search;
    nq_unit_list units;
    atomic_size_t next;         /* the next unit a worker takes */
    atomic_int working;         /* workers not finished */
    nq_stop_flag halt;          /* the batch is full, or the caller asked to stop */
    pthread_mutex_t lock;       /* over b's completions */
} shared_batch;

static int collect_shared(void *context, int n, const int8_t *cols)
{
    shared_batch *s = context;
    pthread_mutex_lock(&s->lock);
    int full = collect(&s->b, n, cols);
    pthread_mutex_unlock(&s->lock);
    if (full)
        atomic_store(&s->halt, 1);
    return full;
}

static void *batch_worker(void *arg)
{
    shared_batch *s = arg;
    size_t i;
    while (!atomic_load(&s->halt) && (i = atomic_fetch_add(&s->next, 1)) < s->units.count) {
        nq_search unit;
        nq_search_of_unit(s->search, &s->units.units[i], &unit);
        nq_engine_visit(s->b.kernels, NQ_ENGINE_LINES, &unit, collect_shared, s, &s->halt);
    }
    atomic_fetch_sub(&s->working, 1);
    return NULL;
}

/* Runs the workers over the units; the calling thread passes a stop request on to them. */
static nq_status fill_shared(shared_batch *s, int threads)
{
    pthread_t *ids = malloc((size_t)threads * sizeof *ids);
    if (!ids)
        return NQ_ERR_NOMEM;
    atomic_store(&s->working, threads);
    int started = nq_start_threads(ids, threads, batch_worker, s);
    atomic_fetch_sub(&s->working, threads - started);
    const struct timespec nap = { 0, NAP_NS };
    while (started && atomic_load(&s->working) > 0) {
        if (nq_stop_requested(&s->b.walk->stop))
            atomic_store(&s->halt, 1);
        nanosleep(&nap, NULL);
    }
    for (int t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    free(ids);
    return !started ? NQ_ERR_NOMEM : nq_stop_requested(&s->b.walk->stop) ? NQ_ERR_STOPPED : NQ_OK;
}

nq_status nq_walk_lines_shared(const nq_search *search, const nq_walk *walk, int threads,
                               int *full)
{
    const size_t capacity = walk->batch ? walk->batch : BATCH;
    shared_batch s = { .b = { .walk = walk, .kernels = nq_engine_kernels_best(), .n = search->n,
                              .capacity = capacity, .most = capacity },
                       .search = search };
    *full = 0;
    atomic_init(&s.next, 0);
    atomic_init(&s.working, 0);
    atomic_init(&s.halt, 0);
    pthread_mutex_init(&s.lock, NULL);
    s.b.cols = malloc(s.b.capacity * (size_t)search->n);
    s.b.sorted = malloc(s.b.capacity * sizeof *s.b.sorted);
    s.b.scratch = malloc(s.b.capacity * sizeof *s.b.scratch);
    nq_status status = s.b.cols && s.b.sorted && s.b.scratch ? NQ_OK : NQ_ERR_NOMEM;
    if (!status)
        status = nq_split_lines(search, 1u, (size_t)threads * SHARED_UNITS_PER_THREAD, &s.units);
    if (!status)
        status = fill_shared(&s, threads);
    if (!status && !(*full = s.b.full))
        status = pass_batch(&s.b);
    free(s.units.units);
    free(s.b.cols);
    free(s.b.sorted);
    free(s.b.scratch);
    pthread_mutex_destroy(&s.lock);
    return status;
}
