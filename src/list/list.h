/*
 * list.h - listings in lexicographic order: the walk of one thread (solve_walk.c), or by the
 * engine by lines in sorted batches (solve_lines.c), and the same walk spread over threads
 * (solve_threads.c); and in search order (solve_search.c); behind nq_solve (solve.c).
 */
#ifndef NQ_LIST_H
#define NQ_LIST_H

#include "engine/engine.h"

/* A listing in lexicographic order (solve_walk.c): where its solutions go, which it passes
 * on, and when it stops. */
typedef struct nq_walk {
    nq_placed_fn visit;                 /* called for each solution passed on */
    void *context;                      /* visit's first argument */
    unsigned group;                     /* nonzero: pass on only the least of each class under
                                           these symmetries */
    nq_stop stop;                       /* the walk ends soon after it is requested */
    double plain_below;                 /* subtrees estimated smaller (in squares tried) go to
                                           the plain kernel; 0: the default (tests set 1 to
                                           guide the walk everywhere) */
    uint64_t question_nodes;            /* nodes a question of the walk may take; 0: as many
                                           as the plain kernel's subtree is estimated to try
                                           (tests set 1 to leave questions unanswered) */
    int threads;                        /* threads a question is split over (find.h's
                                           nq_find_completion_threads); 0 or 1: asked on the
                                           walk's own thread by nq_kernel_find_any */
    const int8_t *start;                /* when not NULL: the walk starts at this position,
                                           passing on only the solutions whose first start_rows
                                           columns are not lexicographically before it */
    int start_rows;
    void (*position)(void *context, int rows, const int8_t *prefix);
                                        /* when not NULL, called with context each time the
                                           walk goes down into a square by its questions: every
                                           solution before prefix[0..rows-1] has been passed on,
                                           so a walk started there (start) goes on exactly */
    int lines;                          /* nonzero: walk by the engine by lines in sorted
                                           batches (nq_walk_lines); start, position, plain_below,
                                           question_nodes and threads are not used then */
    size_t batch;                       /* completions every batch of that walk holds; 0:
                                           from 16 up to 4096, doubling (tests set 1 to cut
                                           every subtree by rows) */
} nq_walk;

/* Calls walk->visit for the completions of search's root, in lexicographic order (by
 * nq_walk_lines when walk->lines says). Returns NQ_OK after the last, NQ_ERR_STOPPED if visit
 * or walk->stop asked to stop. */
nq_status nq_walk_lex(const nq_search *search, const nq_walk *walk);

/* nq_walk_lex for a walk by lines (walk->lines): each subtree's completions, found by the
 * engine by lines, collected into a batch and sorted, and a subtree with more than a batch cut
 * by its next row. Stops within the kernels' polling of walk->stop.flag, and at the next
 * solution or subtree on walk->stop.signal. Returns what nq_walk_lex does, and NQ_ERR_NOMEM. */
nq_status nq_walk_lines(const nq_search *search, const nq_walk *walk);

/* The first batch of a walk by lines (walk->lines) on `threads` worker threads: the whole
 * board's completions, found by the threads from the units of the count by lines, sorted and
 * passed on from the calling thread, which polls walk->stop meanwhile; *full set instead, and
 * nothing passed on, when there are more than a batch holds. Returns NQ_OK, NQ_ERR_STOPPED or
 * NQ_ERR_NOMEM. */
nq_status nq_walk_lines_shared(const nq_search *search, const nq_walk *walk, int threads,
                               int *full);

/* Calls walk->visit for the completions of search's root in search order (solve_search.c,
 * NQ_ORDER_SEARCH in nqueens.h), on the calling thread; walk->visit, context, group and stop
 * are used. Returns what nq_walk_lex does. */
nq_status nq_walk_search(const nq_search *search, const nq_walk *walk);

/* nq_walk_lex done by `threads` worker threads (solve_threads.c): the same calls of
 * walk->visit, in the same order, from the calling thread, which calls idle (when not NULL)
 * with walk->context whenever it waits for the workers. Also returns NQ_ERR_NOMEM. Lists the
 * whole board: walk->start and walk->position are not used. */
nq_status nq_walk_threads(const nq_search *search, const nq_walk *walk, int threads,
                          void (*idle)(void *context));

#endif /* NQ_LIST_H */
