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
    nq_cwalk systematic;                    /* goes on from slice to slice */
    nq_cwalk restarting;                    /* starts over in each slice */
    nq_node root;                          /* the board, settled */
    uint64_t nodes;                        /* nodes so far, both walks */
    uint64_t budget;                       /* where this slice stops */
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

#endif /* NQ_COMPLETE_H */
