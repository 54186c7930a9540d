/*
 * complete_walk.h - the restarting walk of the completion search (complete_walk.c): its nodes of
 * whole lines, its stack, and what it shares with the search that schedules it (complete.c).
 */
#ifndef NQ_COMPLETE_WALK_H
#define NQ_COMPLETE_WALK_H

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

/* What a walk reads and leaves for the search that runs it. */
typedef struct nq_walk_shared {
    nq_node root;                          /* the board, settled */
    uint64_t nodes;                        /* nodes so far */
    uint64_t budget;                       /* where this slice stops */
    nq_stop stop;                          /* the caller's request to stop */
    const int8_t *found;                   /* the completion, when one is found */
    uint32_t weight[2 * NQ_MAX_N];         /* per line (rows, then columns): 1 + the dead ends
                                              it caused */
} nq_walk_shared;

/* Makes the root node of search, settled: lines with one square filled. Returns 0 if that
 * already meets a dead end (a line with no square). */
int nq_walk_root(const nq_search *search, nq_node *a);

/* Walks w on from where it stopped (from s->root if w->depth < 0), depth first, until a
 * completion (s->found), the end of the tree, s->budget nodes or *s->stop. Returns the
 * NQ_WALK_ value saying which. Built for each CPU path (nq_find_kernels): the popcnt one only
 * on a CPU with the instruction. */
int nq_walk_run_portable(nq_walk_shared *s, nq_cwalk *w);
int nq_walk_run_popcnt(nq_walk_shared *s, nq_cwalk *w);

#endif /* NQ_COMPLETE_WALK_H */
