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
 */
#include <stdlib.h>
#include <string.h>

#include "board/symmetry.h"
#include "engine/kernels.h"
#include "list/list.h"

/* Completions a batch holds by default: a few hundred kilobytes with its sorting, and cut small
 * enough that a listing's first solutions come soon. */
#define BATCH 4096

/* A walk by batches in progress. */
typedef struct batcher {
    const nq_walk *walk;
    const nq_engine_kernels *kernels;
    int n;
    size_t capacity;          /* completions a batch holds */
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
    if (!b->full)   /* a batch holds a subtree of one row or none: s.row < n below */
        return status ? status : pass_batch(b);
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
                  .capacity = walk->batch ? walk->batch : BATCH };
    b.cols = malloc(b.capacity * (size_t)search->n);
    b.sorted = malloc(b.capacity * sizeof *b.sorted);
    b.scratch = malloc(b.capacity * sizeof *b.scratch);
    nq_status status = b.cols && b.sorted && b.scratch
                           ? walk_below(&b, search, nq_search_root(search))
                           : NQ_ERR_NOMEM;
    free(b.cols);
    free(b.sorted);
    free(b.scratch);
    return status;
}
