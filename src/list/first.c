/*
 * first.c - the lexicographically first completion of a board (OEIS A141843 on the empty
 * ones): the walk of solve_walk.c stopped at its first solution, its questions split over
 * threads, resumable from a position it reported.
 *
 * The listing's threads (solve_threads.c) walk the units of the top rows side by side, which
 * pays when there are many solutions to list; the first one lies in the first units that have
 * any, so threads ahead of it only guess. Here the walk stays on one thread and each question
 * it asks, the proof that a range of a row has no completion, is what the threads share.
 */
#include "find/find.h"
#include "list/list.h"

/* The first solution, kept; and the caller's position callback. */
typedef struct first {
    int32_t *cols;
    int found;
    const nq_first_options *options;
} first;

static int keep(void *context, int n, const int8_t *cols)
{
    first *f = context;
    for (int r = 0; r < n; r++)
        f->cols[r] = cols[r];
    f->found = 1;
    return 1;
}

static void report(void *context, int rows, const int8_t *prefix)
{
    const first *f = context;
    int32_t wide[NQ_MAX_N];
    for (int r = 0; r < rows; r++)
        wide[r] = prefix[r];
    f->options->position(f->options->context, rows, wide);
}

nq_status nq_solve_first(const nq_board *board, const nq_first_options *options, int32_t *cols)
{
    static const nq_first_options defaults = { 0 };
    if (!board || !cols)
        return NQ_ERR_ARGUMENT;
    if (!options)
        options = &defaults;
    nq_search search;
    nq_status status = nq_search_compile(board, &search);
    if (status)
        return status;
    int8_t start[NQ_MAX_N];
    if (options->start_rows < 0 || options->start_rows > board->n ||
        (options->start_rows && !options->start))
        return NQ_ERR_ARGUMENT;
    for (int r = 0; r < options->start_rows; r++) {
        if (options->start[r] < 0 || options->start[r] >= board->n)
            return NQ_ERR_ARGUMENT;
        start[r] = (int8_t)options->start[r];
    }
    first f = { cols, 0, options };
    nq_walk walk = { .visit = keep, .context = &f, .stop = { options->stop, NULL },
                     .threads = options->threads > 0 ? options->threads : nq_online_cores(),
                     .start = options->start_rows ? start : NULL,
                     .start_rows = options->start_rows,
                     .position = options->position ? report : NULL };
    status = nq_walk_lex(&search, &walk);
    if (f.found)
        return NQ_OK;
    return status ? status : NQ_ERR_NO_SOLUTION;
}
