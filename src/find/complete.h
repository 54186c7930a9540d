/*
 * complete.h - what the completion search's two files share (complete.c schedules the walks,
 * complete_walk.c walks): the search's state.
 */
#ifndef NQ_COMPLETE_H
#define NQ_COMPLETE_H

#include "find/find.h"

/* The search at one node. */
typedef struct nq_node {
    uint64_t row[NQ_MAX_N];   /* open squares of each open row, by column */
    uint64_t col[NQ_MAX_N];   /* open squares of each open column, by row */
    uint64_t open_rows;       /* rows without a queen */
    uint64_t open_cols;       /* columns without a queen */
    int8_t queen[NQ_MAX_N];   /* column of each filled row's queen */
} nq_node;

/* One level of a walk: a node and the line it branches on. */
typedef struct nq_level {
    nq_node at;               /* the node, settled (no line with fewer than two squares) */
    int line;                 /* the line filled here: row r, or column c as NQ_MAX_N + c */
    int count, next;          /* its squares, and the next one to try */
    int8_t order[NQ_MAX_N];   /* its squares in the order tried: columns of a row, rows of a
                                 column */
} nq_level;

/* A depth-first walk of the tree, which can stop and go on later. */
typedef struct nq_cwalk {
    nq_level stack[NQ_MAX_N + 1];   /* each level fills one line at least */
    int depth;                      /* the level to go on from; -1: start at the root */
    int random_values;              /* whether squares are tried in random order */
    int random_ties;                /* whether ties between lines are broken at random */
    int least_first;                /* whether squares that take fewest others go first */
    uint64_t random;                /* nq_random_next's state */
} nq_cwalk;

/* How a walk's slice ended. */
enum { NQ_WALK_FOUND, NQ_WALK_EXHAUSTED, NQ_WALK_OVER_BUDGET, NQ_WALK_STOPPED };

/* A search in progress: two walks and what they share. Allocated once per search. */
typedef struct nq_csearch {
    nq_finder systematic;                  /* kernel_find.c's search: goes on from slice to
                                              slice */
    int8_t cols[NQ_MAX_N];                 /* the completion it found */
    nq_cwalk restarting;                    /* starts over in each slice */
    nq_node root;                          /* the board, settled */
    uint64_t nodes;                        /* nodes so far, both walks (the systematic walk's
                                              whole slices) */
    uint64_t budget;                       /* where this slice stops */
    uint64_t slices;                       /* slices run so far: the place in Luby's sequence */
    int result;                            /* NQ_WALK_OVER_BUDGET while the search goes on, else
                                              how it ended */
    int popcnt;                            /* whether the CPU counts bits in one instruction */
    nq_stop stop;                          /* the caller's request to stop */
    const int8_t *found;                   /* the completion, when one is found */
    uint32_t weight[2 * NQ_MAX_N];         /* per line (rows, then columns): 1 + the dead ends
                                              it caused */
} nq_csearch;

/* Makes the root node of search, settled: lines with one square filled. Returns 0 if that
 * already meets a dead end (a line with no square). */
int nq_walk_root(const nq_search *search, nq_node *a);

/* Walks w on from where it stopped (from f->root if w->depth < 0), depth first, until a
 * completion (f->found), the end of the tree, f->budget nodes or *f->stop. Returns the
 * NQ_WALK_ value saying which. */
int nq_walk_run(nq_csearch *f, nq_cwalk *w);

/* Starts search f on search's board with limits' seed and stop (not its max_nodes). */
void nq_csearch_start(nq_csearch *f, const nq_search *search, const nq_find_limits *limits);

/* Runs f on, slice by slice, until it finds a completion (NQ_WALK_FOUND, f->found), proves there
 * is none (NQ_WALK_EXHAUSTED), has spent max nodes in all (NQ_WALK_OVER_BUDGET: run it again
 * with a larger max to go on) or is stopped (NQ_WALK_STOPPED: run it again to go on). */
int nq_csearch_run(nq_csearch *f, uint64_t max);

/* Puts a queen on (r, c) of node a and settles it. Returns 0 at a dead end. */
int nq_walk_place(nq_node *a, int r, int c);

/* The children of settled node a that are not dead ends, settled, in the order the systematic
 * walk tries them, written to children (room for NQ_MAX_N); returns their number. */
int nq_walk_children(const nq_node *a, nq_node *children);

#endif /* NQ_COMPLETE_H */
