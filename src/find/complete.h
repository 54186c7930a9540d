/*
 * complete.h - the completion search in progress (complete.c): the systematic walk
 * (kernel_find.c) and the restarting walk (complete_walk.c) sharing the time, as the threads
 * (complete_threads.c) run it on each subtree.
 */
#ifndef NQ_COMPLETE_H
#define NQ_COMPLETE_H

#include "find/complete_walk.h"
#include "find/find.h"

/* The restarting walk's slice is the systematic walk's divided by this. */
#define NQ_RESTART_SHARE 16

/* Which walks a search runs: both (the search of one thread), or one of them (the threads'
 * split: the systematic walk on each subtree, the restarting walk on the whole board). */
enum { NQ_BOTH_WALKS, NQ_SYSTEMATIC_WALK, NQ_RESTARTING_WALK };

/* A search in progress: two walks and what they share. Allocated once per search. */
typedef struct nq_csearch {
    nq_finder systematic;                  /* kernel_find.c's search: goes on from slice to
                                              slice */
    int8_t cols[NQ_MAX_N];                 /* the completion it found */
    nq_cwalk restarting;                   /* starts over in each slice */
    nq_walk_shared walk;                   /* the restarting walk's root, budget and weights;
                                              walk.nodes counts both walks' nodes (the
                                              systematic walk's whole slices) */
    uint64_t slices;                       /* slices run so far: the place in Luby's sequence */
    int result;                            /* NQ_WALK_OVER_BUDGET while the search goes on, else
                                              how it ended */
    int walks;                             /* which walks run (NQ_BOTH_WALKS from
                                              nq_csearch_start) */
    const nq_find_kernels *kernels;        /* the CPU path both walks take */
} nq_csearch;

/* Starts search f on search's board with limits' seed and stop (not its max_nodes), on the
 * CPU path of kernels. */
void nq_csearch_start(nq_csearch *f, const nq_search *search, const nq_find_limits *limits,
                      const nq_find_kernels *kernels);

/* Runs f on, slice by slice, until it finds a completion (NQ_WALK_FOUND, f->walk.found), proves
 * there is none (NQ_WALK_EXHAUSTED), has spent max nodes in all (NQ_WALK_OVER_BUDGET: run it
 * again with a larger max to go on) or is stopped (NQ_WALK_STOPPED: run it again to go on). */
int nq_csearch_run(nq_csearch *f, uint64_t max);

#endif /* NQ_COMPLETE_H */
