/*
 * solve_threads.c - the lexicographic walk spread over threads, its solutions passed on in
 * order, each as soon as every earlier one has been.
 *
 * The search splits into units of the top rows' placements, which come in lexicographic order.
 * Each worker walks a unit into a slot: a ring buffer of fixed size that the calling thread
 * empties, in unit order, into the visitor. The unit being emptied streams (its solutions go out
 * while its worker still searches); a worker ahead of it fills its ring and then waits. So
 * memory is the slots, a few hundred kilobytes per thread, however many solutions a unit holds.
 *
 * Waiting: a thread that finds nothing to do sleeps on the one condition variable; the others
 * wake it only when someone sleeps (the sleepers count), so the hot path costs two atomic
 * operations per solution. A worker wakes the calling thread when its ring is half full, and
 * the calling thread also wakes every two milliseconds by itself, to take what came since (so
 * that no solution waits longer) and to notice a stop request.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "list/list.h"

#define UNITS_PER_THREAD 16     /* units to split into, per thread */
#define SLOTS_PER_THREAD 4      /* slots per thread: how far workers may run ahead */
#define SLOT_BYTES (1u << 16)   /* the ring of one slot */
#define NAP_NS 2000000          /* the calling thread's longest sleep: 2 ms */

/* A unit's solutions on their way from its worker to the calling thread. */
typedef struct slot {
    int8_t *ring;                  /* capacity solutions of n bytes */
    atomic_uint_fast64_t produced; /* solutions the worker has put in, all told */
    atomic_uint_fast64_t consumed; /* solutions the calling thread has taken out */
    atomic_int done;               /* the worker has finished the unit */
    nq_status status;              /* how it finished (read after done) */
} slot;

typedef struct listing {
    const nq_search *search;
    const nq_walk *walk;           /* the visitor, the unique count's group, the caller's stop */
    void (*idle)(void *context);   /* called before the calling thread waits, or NULL */
    int unflushed;                 /* solutions went out since idle was last called */
    const nq_unit *units;
    size_t unit_count;
    slot *slots;
    size_t slot_count;
    size_t capacity;               /* solutions a ring holds */
    atomic_size_t next;            /* the next unit a worker takes */
    atomic_size_t emptied;         /* units the calling thread has finished */
    atomic_int halt;               /* everyone stops: the listing is ending */
    atomic_int sleepers;           /* threads asleep in wait_until */
    pthread_mutex_t lock;
    pthread_cond_t changed;
} listing;

/* Wakes the sleepers, if any: call after changing what they wait for. */
static void wake(listing *l)
{
    if (atomic_load(&l->sleepers)) {
        pthread_mutex_lock(&l->lock);
        pthread_cond_broadcast(&l->changed);
        pthread_mutex_unlock(&l->lock);
    }
}

/* Sleeps until ready(l, arg) holds or the listing halts, at most `nap` nanoseconds if nap is
 * nonzero. Whoever changes what ready reads calls wake afterwards; the sleepers count, set
 * before ready is checked under the lock, makes sure that no wake is lost. */
static void wait_until(listing *l, int (*ready)(listing *, size_t), size_t arg, long nap)
{
    if (ready(l, arg) || atomic_load(&l->halt))
        return;
    struct timespec until;
    if (nap) {
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += nap;
        if (until.tv_nsec >= 1000000000)
            until.tv_sec++, until.tv_nsec -= 1000000000;
    }
    pthread_mutex_lock(&l->lock);
    atomic_fetch_add(&l->sleepers, 1);
    int timed_out = 0;
    while (!timed_out && !ready(l, arg) && !atomic_load(&l->halt))
        timed_out = nap ? pthread_cond_timedwait(&l->changed, &l->lock, &until) != 0
                        : (pthread_cond_wait(&l->changed, &l->lock), 0);
    atomic_fetch_sub(&l->sleepers, 1);
    pthread_mutex_unlock(&l->lock);
}

/* ---- The workers ---- */

/* Whether unit i may go into its slot: the unit that had it has been emptied. */
static int slot_free(listing *l, size_t i)
{
    return i < atomic_load(&l->emptied) + l->slot_count;
}

/* Whether slot i's ring has room for one more solution. */
static int ring_has_room(listing *l, size_t i)
{
    slot *s = &l->slots[i];
    return atomic_load(&s->produced) - atomic_load(&s->consumed) < l->capacity;
}

/* A worker's visitor: puts a solution into the slot's ring, waiting for room. */
typedef struct filling {
    listing *l;
    slot *s;
} filling;

static int put(void *context, int n, const int8_t *cols)
{
    filling *f = context;
    listing *l = f->l;
    slot *s = f->s;
    size_t index = (size_t)(s - l->slots);
    uint64_t produced = atomic_load_explicit(&s->produced, memory_order_relaxed);
    if (produced - atomic_load(&s->consumed) == l->capacity) {
        wait_until(l, ring_has_room, index, 0);
        if (atomic_load(&l->halt))
            return 1;
    }
    memcpy(s->ring + (size_t)(produced % l->capacity) * (size_t)n, cols, (size_t)n);
    atomic_store(&s->produced, produced + 1);
    uint64_t held = produced + 1 - atomic_load(&s->consumed);
    if (held == l->capacity / 2 || held == l->capacity)
        wake(l);
    return 0;
}

static void *worker(void *arg)
{
    listing *l = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&l->next, 1);
        if (i >= l->unit_count)
            return NULL;
        wait_until(l, slot_free, i, 0);
        if (atomic_load(&l->halt))
            return NULL;
        slot *s = &l->slots[i % l->slot_count];
        nq_search search;
        nq_search_of_unit(l->search, &l->units[i], &search);
        filling f = { l, s };
        nq_walk walk = *l->walk;   /* the group and the tests' thresholds */
        walk.visit = put, walk.context = &f, walk.stop = (nq_stop){ NULL, &l->halt };
        walk.start = NULL, walk.start_rows = 0, walk.position = NULL;   /* the whole unit */
        s->status = nq_walk_lex(&search, &walk);
        atomic_store(&s->done, 1);
        wake(l);
    }
}

/* ---- The calling thread ---- */

/* Whether slot i holds solutions not yet taken, or its unit is finished. */
static int slot_has_news(listing *l, size_t i)
{
    slot *s = &l->slots[i];
    return atomic_load(&s->done) || atomic_load(&s->produced) != atomic_load(&s->consumed);
}

/* Passes the solutions of unit i on as they come; returns NQ_OK when it is finished, else
 * NQ_ERR_STOPPED (the visitor or the caller's stop) or the unit's failure. */
static nq_status empty_unit(listing *l, size_t i, nq_placed_fn visit, void *context)
{
    const int n = l->search->n;
    size_t index = i % l->slot_count;
    slot *s = &l->slots[index];
    for (;;) {
        if (nq_stop_requested(&l->walk->stop))
            return NQ_ERR_STOPPED;
        if (!slot_has_news(l, index)) {
            if (l->idle && l->unflushed)
                l->idle(context);
            l->unflushed = 0;
            wait_until(l, slot_has_news, index, NAP_NS);
        }
        int done = atomic_load(&s->done);
        uint64_t produced = atomic_load(&s->produced), consumed = atomic_load(&s->consumed);
        l->unflushed |= consumed < produced;
        for (; consumed < produced; consumed++) {
            const int8_t *cols = s->ring + (size_t)(consumed % l->capacity) * (size_t)n;
            if (visit(context, n, cols))
                return NQ_ERR_STOPPED;
        }
        atomic_store(&s->consumed, consumed);
        wake(l);
        if (done)
            return s->status;
    }
}

static nq_status empty_all(listing *l, nq_placed_fn visit, void *context)
{
    for (size_t i = 0; i < l->unit_count; i++) {
        nq_status status = empty_unit(l, i, visit, context);
        if (status)
            return status;
        slot *s = &l->slots[i % l->slot_count];
        atomic_store(&s->produced, 0);
        atomic_store(&s->consumed, 0);
        atomic_store(&s->done, 0);
        atomic_fetch_add(&l->emptied, 1);
        wake(l);
    }
    return NQ_OK;
}

/* Starts the workers (nq_start_threads: a Ctrl-C reaches the calling thread, whose stop flag
 * it sets); empties the units; halts and joins the workers. */
static nq_status run(listing *l, int threads)
{
    pthread_t *ids = malloc((size_t)threads * sizeof *ids);
    if (!ids)
        return NQ_ERR_NOMEM;
    int started = nq_start_threads(ids, threads, worker, l);
    nq_status status = started ? empty_all(l, l->walk->visit, l->walk->context) : NQ_ERR_NOMEM;
    atomic_store(&l->halt, 1);
    pthread_mutex_lock(&l->lock);
    pthread_cond_broadcast(&l->changed);
    pthread_mutex_unlock(&l->lock);
    for (int t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    free(ids);
    return status;
}

nq_status nq_walk_threads(const nq_search *search, const nq_walk *walk, int threads,
                          void (*idle)(void *context))
{
    nq_unit_list units = { NULL, 0, 0 };
    int full = 1;   /* by lines, the whole board's batch first: the units only if it fills */
    nq_status status = walk->lines ? nq_walk_lines_shared(search, walk, threads, &full) : NQ_OK;
    if (status || !full)
        return status;
    status = nq_split_prefix(search, 1u, (size_t)threads * UNITS_PER_THREAD,
                                       NQ_BACKTRACK_MAX_UNITS, 0, &units);
    if (status)
        return status;
    listing l = { .search = search, .walk = walk, .idle = idle, .units = units.units,
                  .unit_count = units.count, .slot_count = (size_t)threads * SLOTS_PER_THREAD,
                  .capacity = SLOT_BYTES / (size_t)search->n };
    l.slots = calloc(l.slot_count, sizeof *l.slots);
    for (size_t i = 0; l.slots && i < l.slot_count; i++)
        if (!(l.slots[i].ring = malloc(SLOT_BYTES)))
            status = NQ_ERR_NOMEM;
    atomic_init(&l.next, 0);
    atomic_init(&l.emptied, 0);
    atomic_init(&l.halt, 0);
    atomic_init(&l.sleepers, 0);
    pthread_mutex_init(&l.lock, NULL);
    pthread_cond_init(&l.changed, NULL);
    if (!l.slots)
        status = NQ_ERR_NOMEM;
    if (!status)
        status = run(&l, threads);
    for (size_t i = 0; l.slots && i < l.slot_count; i++)
        free(l.slots[i].ring);
    free(l.slots);
    free(units.units);
    pthread_cond_destroy(&l.changed);
    pthread_mutex_destroy(&l.lock);
    return status;
}
