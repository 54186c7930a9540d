/*
 * catalogue.c - the solutions of the empty board, one per class, for counting many boards of
 * one size by a pass over them instead of a search each.
 *
 * A board's completions are the solutions of the empty board that avoid its bad squares and
 * contain its placed queens. Each catalogued solution S stands for its images g(S) under the
 * eight symmetries; every distinct image appears 8 / |class| times among the eight, so
 * |class| / 8 times the number of compatible images among the eight counts each once.
 */
#include <stdlib.h>
#include <string.h>

#include "board/symmetry.h"
#include "count/plan.h"
#include "engine/kernels.h"

struct nq_catalogue {
    int n;
    size_t count, capacity;   /* solutions held, room for */
    int8_t *cols;             /* solution i is cols[i * n .. i * n + n - 1] */
    uint8_t *class_size;      /* size of solution i's class: 1, 2, 4 or 8 */
};

static int add_if_least(void *context, int n, const int8_t *cols)
{
    nq_catalogue *c = context;
    int size = nq_class_size(cols, n, 0xFF);
    if (!size)
        return 0;
    if (c->count == c->capacity) {
        size_t capacity = c->capacity ? 2 * c->capacity : 1024;
        int8_t *more = realloc(c->cols, capacity * (size_t)n);
        uint8_t *sizes = more ? realloc(c->class_size, capacity) : NULL;
        if (more)
            c->cols = more;
        if (!sizes)
            return 1;   /* stops the listing: out of memory */
        c->class_size = sizes;
        c->capacity = capacity;
    }
    memcpy(c->cols + c->count * (size_t)n, cols, (size_t)n);
    c->class_size[c->count++] = (uint8_t)size;
    return 0;
}

nq_status nq_catalogue_create(int n, nq_catalogue **catalogue)
{
    if (!catalogue)
        return NQ_ERR_ARGUMENT;
    if (n < 1 || n > NQ_CATALOGUE_MAX_N)
        return NQ_ERR_SIZE;
    nq_board board;
    nq_board_init(&board, n);
    nq_plan *plan;
    nq_plan_options backtrack = { .method = NQ_METHOD_BACKTRACK, .engine = NQ_ENGINE_ROWS };
    nq_status status = nq_plan_create_with(&board, &backtrack, &plan);
    if (status)
        return status;
    nq_catalogue *c = calloc(1, sizeof *c);
    if (!c) {
        nq_plan_free(plan);
        return NQ_ERR_NOMEM;
    }
    c->n = n;
    /* The plan's units hold every class's least solution; the others are skipped. */
    for (size_t i = 0; i < plan->unit_count && !status; i++) {
        nq_search search;
        nq_search_of_unit(&plan->search, &plan->units[i], &search);
        if (nq_engine_visit(plan->engine_kernels, plan->engine, &search, add_if_least, c, NULL))
            status = NQ_ERR_NOMEM;
    }
    nq_plan_free(plan);
    if (status) {
        nq_catalogue_free(c);
        return status;
    }
    *catalogue = c;
    return NQ_OK;
}

void nq_catalogue_free(nq_catalogue *catalogue)
{
    if (!catalogue)
        return;
    free(catalogue->cols);
    free(catalogue->class_size);
    free(catalogue);
}

/* Whether the image of solution cols under sym avoids the board's bad squares and contains its
 * placed queens. */
static int image_fits(const nq_board *board, const int8_t *cols, enum nq_symmetry sym)
{
    for (int r = 0; r < board->n; r++) {
        int r2, c2;
        nq_transform_square(board->n, sym, r, cols[r], &r2, &c2);
        if ((board->blocked[r2] >> c2 & 1) || (board->queen[r2] >= 0 && board->queen[r2] != c2))
            return 0;
    }
    return 1;
}

nq_status nq_catalogue_count(const nq_catalogue *catalogue, const nq_board *board,
                             nq_u128 *total)
{
    if (!catalogue || !board || !total || board->n != catalogue->n)
        return NQ_ERR_ARGUMENT;
    uint64_t sum = 0;   /* 8 times the count: at most 8 * Q(16), far below 2^64 */
    for (size_t i = 0; i < catalogue->count; i++) {
        const int8_t *cols = catalogue->cols + i * (size_t)catalogue->n;
        int fits = 0;
        for (int sym = 0; sym < NQ_SYM_COUNT; sym++)
            fits += image_fits(board, cols, (enum nq_symmetry)sym);
        sum += (uint64_t)fits * catalogue->class_size[i];
    }
    *total = (nq_u128){ sum / 8, 0 };
    return NQ_OK;
}
