/*
 * complete_threads.c - one completion search shared by threads: the tree split into subtrees
 * that the threads take in turn, and the restarting walk beside them.
 *
 * The top of the tree is expanded breadth first, by the systematic walk's own choice of line
 * (kernel_find.c), until it has TASKS_PER_THREAD subtrees a thread; each becomes a task, the
 * systematic walk of that subtree (complete.c), which can stop and go on. The subtrees are then
 * a partition of the tree one thread proves: split by another choice (the restarting walk's),
 * their proofs took twice one thread's nodes on a hard board (BENCHMARKS.md, "Threads"). A
 * proof that the board has no completion needs every subtree proved empty, which splitting
 * shares out and a portfolio of searches of the whole tree would not. Finding a completion may
 * hang on one subtree's heavy tail, so a task is never run to its end at once: the threads go
 * round the tasks, each run of a task twice as long as its last, so that every subtree gets its
 * turn early and none holds a thread for long. What cures the heavy tails best, though, is the
 * restarting walk on the whole board with its share of the nodes, as one thread runs it: one
 * more task, which goes first whenever it is owed nodes (restarts confined to the subtrees
 * took twice as long to find 28-28-4's completion). On the first solutions' questions, mostly
 * proofs, it is owed a quarter as many.
 */
#include <stdlib.h>
#include <string.h>

#include "find/complete.h"
#include "base/base.h"

#define TASKS_PER_THREAD 32     /* subtrees per thread: enough that none holds up the end */
#define FIRST_RUN 4096          /* nodes of a task's first run; each run doubles */
#define LONGEST_RUN (1u << 18)  /* nodes of a run at most: a thread left idle near a proof's
                                   end waits for a run to end before it is given a share of
                                   that subtree (26-26-8: 0.97 s idle with 2^22, 0.10 s) */
#define QUESTION_RESTART_SHARE 64   /* the restarting walk's share on the first solutions'
                                       questions (NQ_SUMS_DOWN): they are mostly proofs, which
                                       its nodes do not shorten, and their completions the
                                       split finds as soon with a quarter of the restarts */
#define MAX_TASKS 512           /* tasks at most, those of the split and those given away */

/* One subtree and its search. */
typedef struct task {
    nq_search search;       /* the subtree as a board */
    nq_csearch *f;          /* its search, made on its first run; NULL before and after */
    uint64_t run;           /* nodes of its next run */
    int state;              /* WAITING, RUNNING or DONE */
    int walks;              /* NQ_SYSTEMATIC_WALK (a subtree) or NQ_RESTARTING_WALK (the board) */
} task;

enum { WAITING, RUNNING, DONE };

/* The search shared by the threads. */
typedef struct shared {
    task *tasks;
    int count, capacity;           /* tasks made, and room for them */
    int given;                     /* tasks given away by others */
    int always_give;               /* give away whenever a task is put back, idle or not */
    int idle;                      /* threads waiting for a task */
    int cursor;                    /* where the next thread looks for a task */
    int left;                      /* subtrees not done */
    nq_stop_flag halt;             /* every thread stops: found, stopped or over budget */
    nq_stop caller;                /* the caller's stop request */
    uint64_t nodes, max;           /* nodes spent in all, and the most allowed */
    uint64_t restarts;             /* of them, the restarting walk's */
    int restarting;                /* the restarting walk's task */
    uint64_t restart_share;        /* the subtrees' nodes to one of its nodes */
    uint64_t first_run;            /* nodes of a task's first run */
    const nq_find_kernels *kernels;   /* the CPU path of every task */
    int result;                    /* NQ_WALK_ value of the whole search */
    int8_t found[NQ_MAX_N];        /* the completion, when one is found */
    int n;
    pthread_mutex_t lock;
    pthread_cond_t changed;        /* a task was put back or added, or the search ended */
} shared;

/* ---- The split ------------------------------------------------------------------------- */

/* The board below line `line` of finder f, which walks board b: the rows filled above the line
 * as their queens; the open rows' squares less those the line's ancestors take or ruled out
 * (the matching's, and those of diagonals out of reach). Each square of the line makes a
 * subtree: this board with that square's row set to it. */
static void board_below(const nq_finder *f, const nq_search *b, const nq_find_step *line,
                        nq_search *out)
{
    const uint64_t *allow = line->allow_at < 0 ? b->allow : f->allowed[line->allow_at];
    out->n = b->n;
    out->full = b->full;
    for (int r = 0; r < b->n; r++)
        out->allow[r] = line->open >> r & 1
                            ? nq_find_row_free(b->n, allow, r, line->cols, line->up, line->down, 0)
                            : UINT64_C(1) << f->placed[r];
}

/* The children of board b by the systematic walk's own choice of line (kernel_find.c), so that
 * the subtrees are a partition of the tree one thread proves: f walks b to its first line with
 * two squares or more (a line of one is a queen the board forces, placed on the way), and each
 * of that line's squares makes a child (board_below). Writes them to children (room for
 * NQ_MAX_N) in the walk's order and returns their number: 0 when b has no completion, -1 with
 * found filled when one turned up. */
static int children_of(nq_finder *f, const nq_search *b, int sums_test,
                       const nq_find_kernels *kernels, nq_search *children, int8_t *found)
{
    nq_finder_init(f, b, 0, kernels);
    f->sums_test = sums_test;
    for (uint64_t nodes = 0;; nodes = 1) {
        nq_status status = nq_finder_run(f, nodes, NULL, found);
        if (status != NQ_ERR_STOPPED)
            return status == NQ_OK ? -1 : 0;
        uint64_t squares = f->stack[f->depth - 1].free_;
        if (squares & (squares - 1))
            break;
    }
    const nq_find_step *line = &f->stack[f->depth - 1];
    nq_search below;
    board_below(f, b, line, &below);
    int count = 0;
    for (uint64_t m = line->free_; m; m &= m - 1) {
        int r, c;
        nq_find_step_square(line, b->n, __builtin_ctzll(m), &r, &c);
        children[count] = below;
        children[count++].allow[r] = UINT64_C(1) << c;
    }
    return count;
}

/* Expands board whole breadth first by children_of (with finder f), until it has `want`
 * subtrees or more (fewer when the tree ends first or the expansions run out), in ring (room for
 * want + NQ_MAX_N), as they come in the systematic walk's order. Returns their number, from
 * ring[*first] on, circularly (0: the board has no completion), or -1 with found filled when a
 * completion turned up. */
static int split(const nq_search *whole, int sums_test, const nq_find_kernels *kernels,
                 nq_finder *f, nq_search *ring, int want, int *first, int8_t *found)
{
    int capacity = want + NQ_MAX_N, head = 0, size = 1;
    nq_search children[NQ_MAX_N];
    ring[0] = *whole;
    for (int expansions = 0; size > 0 && size < want && expansions < 64 * want; expansions++) {
        int k = children_of(f, &ring[head], sums_test, kernels, children, found);
        if (k < 0)
            return -1;
        head = (head + 1) % capacity;
        size--;
        for (int i = 0; i < k; i++)
            ring[(head + size++) % capacity] = children[i];
    }
    *first = head;
    return size;
}

/* ---- Sharing the work ------------------------------------------------------------------ */

/* Adds a new waiting task: the systematic walk of the subtree of board `search`, or the
 * restarting walk of the whole board (walks). Called with the lock held, and room for it. */
static void add_task(shared *s, const nq_search *search, int walks)
{
    s->tasks[s->count++] = (task){ *search, NULL, s->first_run, WAITING, walks };
    s->left += walks == NQ_SYSTEMATIC_WALK;
}

/* Gives away, as new tasks, the squares t's systematic walk has not yet tried at its shallowest
 * line that has some: the walk will not enter them, so its proof no longer covers them and
 * theirs must. Called with the lock held, t not running. */
static void donate(shared *s, task *t)
{
    nq_finder *w = &t->f->systematic;
    for (int d = 0; d < w->depth; d++) {
        nq_find_step *step = &w->stack[d];
        if (!step->free_)
            continue;
        nq_search child;
        board_below(w, &t->search, step, &child);
        for (; step->free_ && s->count < s->capacity; step->free_ &= step->free_ - 1) {
            int square = __builtin_ctzll(step->free_);
            int r, c;
            nq_find_step_square(step, child.n, square, &r, &c);
            uint64_t keep = child.allow[r];
            child.allow[r] = UINT64_C(1) << c;
            add_task(s, &child, NQ_SYSTEMATIC_WALK);
            s->given++;
            child.allow[r] = keep;
        }
        return;
    }
}

/* ---- The threads ----------------------------------------------------------------------- */

/* Takes the next waiting task, marked running; NULL when none waits. The restarting walk goes
 * first whenever it has had less than its share of the nodes, as in the search of one thread
 * (complete.c), for as many nodes as it lacks; the subtrees take turns after the cursor. Called
 * with the lock held. */
static task *take(shared *s)
{
    uint64_t share = (s->nodes - s->restarts) / s->restart_share;
    task *restarting = &s->tasks[s->restarting];
    if (restarting->state == WAITING && s->restarts < share) {
        restarting->state = RUNNING;
        restarting->run = share - s->restarts < LONGEST_RUN ? share - s->restarts : LONGEST_RUN;
        return restarting;
    }
    for (int i = 0; i < s->count; i++) {
        task *t = &s->tasks[(s->cursor + i) % s->count];
        if (t->state == WAITING && t->walks == NQ_SYSTEMATIC_WALK) {
            s->cursor = (int)(t - s->tasks + 1) % s->count;
            t->state = RUNNING;
            return t;
        }
    }
    return NULL;
}

/* Ends the whole search with result (the first end stands) and stops every thread. Called with
 * the lock held. */
static void end(shared *s, int result, const int8_t *found)
{
    if (s->result != NQ_WALK_OVER_BUDGET)
        return;
    s->result = result;
    if (found)
        memcpy(s->found, found, (size_t)s->n);
    atomic_store(&s->halt, 1);
    pthread_cond_broadcast(&s->changed);
}

/* Runs task t once; returns its NQ_WALK_ value, or -1 out of memory. Called without the
 * lock. */
static int run_task(shared *s, task *t, const nq_find_limits *limits)
{
    if (!t->f) {
        t->f = malloc(sizeof *t->f);
        if (!t->f)
            return -1;
        nq_csearch_start(t->f, &t->search, limits, s->kernels);
        t->f->walks = t->walks;
        t->f->walk.stop = (nq_stop){ limits->stop.signal, &s->halt };
    }
    uint64_t before = t->f->walk.nodes;
    int result = nq_csearch_run(t->f, before + t->run);
    if (t->run < LONGEST_RUN)
        t->run *= 2;
    pthread_mutex_lock(&s->lock);
    s->nodes += t->f->walk.nodes - before;
    if (t->walks == NQ_RESTARTING_WALK)
        s->restarts += t->f->walk.nodes - before;
    return result;
}

/* What run_task's result makes of task t. Called with the lock held. */
static void settle_task(shared *s, task *t, int result)
{
    if (result == NQ_WALK_FOUND || result < 0) {
        end(s, result < 0 ? -1 : NQ_WALK_FOUND, result < 0 ? NULL : t->f->walk.found);
    } else if (result == NQ_WALK_EXHAUSTED) {
        t->state = DONE;
        if (t->walks == NQ_RESTARTING_WALK || --s->left == 0)   /* the whole board, or its last
                                                                   subtree */
            end(s, NQ_WALK_EXHAUSTED, NULL);
    } else {
        t->state = WAITING;
        if ((s->idle || s->always_give) && t->walks == NQ_SYSTEMATIC_WALK &&
            !atomic_load(&s->halt))
            donate(s, t);
        pthread_cond_broadcast(&s->changed);
    }
    if (t->state == DONE || result == NQ_WALK_FOUND || result < 0) {
        free(t->f);
        t->f = NULL;
    }
}

typedef struct worker_arg {
    shared *s;
    const nq_find_limits *limits;
} worker_arg;

static void *worker(void *arg)
{
    shared *s = ((worker_arg *)arg)->s;
    const nq_find_limits *limits = ((worker_arg *)arg)->limits;
    pthread_mutex_lock(&s->lock);
    while (!atomic_load(&s->halt)) {
        if (nq_stop_requested(&s->caller) || s->nodes >= s->max) {
            end(s, NQ_WALK_STOPPED, NULL);
            break;
        }
        task *t = take(s);
        if (!t) {
            s->idle++;
            pthread_cond_wait(&s->changed, &s->lock);
            s->idle--;
            continue;
        }
        pthread_mutex_unlock(&s->lock);
        settle_task(s, t, run_task(s, t, limits));
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Runs the workers on s's tasks; the calling thread is one of them. */
static void run_workers(shared *s, const nq_find_limits *limits, int threads)
{
    pthread_t *ids = malloc((size_t)threads * sizeof *ids);
    worker_arg arg = { s, limits };
    int started = ids ? nq_start_threads(ids, threads - 1, worker, &arg) : 0;
    worker(&arg);
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    free(ids);
}

nq_status nq_find_completion_threads(const nq_search *search, const nq_find_limits *limits,
                                     int threads, int8_t *cols)
{
    nq_split_options split = { threads, TASKS_PER_THREAD, FIRST_RUN, 0, NULL,
                               limits && limits->diagonal_sums == NQ_SUMS_DOWN
                                   ? QUESTION_RESTART_SHARE : 0 };
    return nq_find_completion_split(search, limits, &split, cols);
}
nq_status nq_find_completion_split(const nq_search *search, const nq_find_limits *limits,
                                   const nq_split_options *options, int8_t *cols)
{
    int threads = options->threads;
    if (threads <= 1)
        return nq_find_completion(search, limits, cols);
    if (!search || !limits || !cols || search->n < 1 || search->n > NQ_MAX_N)
        return NQ_ERR_ARGUMENT;
    int want = threads < MAX_TASKS / 2 / options->tasks_per_thread
                   ? options->tasks_per_thread * threads : MAX_TASKS / 2;
    shared *s = calloc(1, sizeof *s);
    nq_finder *f = malloc(sizeof *f);
    nq_search *ring = malloc((size_t)(want + NQ_MAX_N) * sizeof *ring);
    if (s)
        s->capacity = MAX_TASKS, s->tasks = malloc(MAX_TASKS * sizeof *s->tasks);
    nq_status status = NQ_ERR_NOMEM;
    if (s && f && ring && s->tasks) {
        s->n = search->n;
        s->caller = limits->stop;
        s->max = limits->max_nodes ? limits->max_nodes : UINT64_MAX;
        s->result = NQ_WALK_OVER_BUDGET;
        s->first_run = options->first_run;
        s->kernels = nq_find_kernels_best();
        s->always_give = options->always_give;
        s->restart_share = options->restart_share ? options->restart_share : NQ_RESTART_SHARE;
        int first = 0, count = split(search, limits->diagonal_sums, s->kernels, f, ring, want,
                                     &first, s->found);
        if (count <= 0) {
            s->result = count < 0 ? NQ_WALK_FOUND : NQ_WALK_EXHAUSTED;
        } else {
            for (int i = 0; i < count; i++)
                add_task(s, &ring[(first + i) % (want + NQ_MAX_N)], NQ_SYSTEMATIC_WALK);
            s->restarting = s->count;
            add_task(s, search, NQ_RESTARTING_WALK);
            pthread_mutex_init(&s->lock, NULL);
            pthread_cond_init(&s->changed, NULL);
            run_workers(s, limits, threads);
            pthread_cond_destroy(&s->changed);
            pthread_mutex_destroy(&s->lock);
            for (int i = 0; i < s->count; i++)
                free(s->tasks[i].f);
            if (options->given)
                *options->given = s->given;
        }
        status = s->result == NQ_WALK_FOUND       ? NQ_OK
               : s->result == NQ_WALK_EXHAUSTED ? NQ_ERR_NO_SOLUTION
               : s->result < 0                  ? NQ_ERR_NOMEM
                                                : NQ_ERR_STOPPED;
        if (!status)
            memcpy(cols, s->found, (size_t)search->n);
    }
    if (s)
        free(s->tasks);
    free(s);
    free(f);
    free(ring);
    return status;
}
