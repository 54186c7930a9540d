/*
 * list.h - listings in lexicographic order: the walk of one thread (solve_walk.c) and the
 * same walk spread over threads (solve_threads.c), behind nq_solve (solve.c).
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
} nq_walk;

/* Calls walk->visit for the completions of search's root, in lexicographic order. Returns
 * NQ_OK after the last, NQ_ERR_STOPPED if visit or walk->stop asked to stop. */
nq_status nq_walk_lex(const nq_search *search, const nq_walk *walk);

/* nq_walk_lex done by `threads` worker threads (solve_threads.c): the same calls of
 * walk->visit, in the same order, from the calling thread, which calls idle (when not NULL)
 * with walk->context whenever it waits for the workers. Also returns NQ_ERR_NOMEM. */
nq_status nq_walk_threads(const nq_search *search, const nq_walk *walk, int threads,
                          void (*idle)(void *context));

#endif /* NQ_LIST_H */
