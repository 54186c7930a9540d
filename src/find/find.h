/*
 * find.h - searches for one completion of a compiled board, or the proof that it has none: one
 * engine, whose systematic walk (kernel_find.c: fewest choices first) proves, and whose
 * restarting walk (complete_walk.c: random choices, learnt weights) cuts the heavy tails of
 * finding; complete.c schedules the two, complete_threads.c shares one search among threads,
 * find_kernels.c picks their CPU path, complete_board.c is nq_complete. explicit.c and
 * local_search.c, the other single solutions, are public (nqueens.h).
 */
#ifndef NQ_FIND_H
#define NQ_FIND_H

#include "engine/diagonal_sums.h"
#include "engine/engine.h"

/* How a completion search tests the diagonals' sums (diagonal_sums.h): not at all; the three
 * sums, and the diagonals they cannot do without as lines; or the down-diagonals' sum alone. */
enum { NQ_SUMS_OFF, NQ_SUMS_ALL, NQ_SUMS_DOWN };

/* Limits of a completion search. */
typedef struct nq_find_limits {
    uint64_t seed;          /* 0: plain choices in the first descent, then a fixed random stream;
                               else random choices throughout, reproducible per seed */
    uint64_t max_nodes;     /* give up after about this many search nodes (0: no limit) */
    nq_stop stop;           /* give up when it is requested */
    int diagonal_sums;      /* prune by the diagonals' sums (NQ_SUMS_): all of them pay on
                               boards with bad squares; on the first solutions' questions about
                               the empty board the down-diagonals' sum does the cutting, and the
                               others cost more than they save (BENCHMARKS.md) */
} nq_find_limits;

/* Finds a completion of search from its root state: a queen in every row on a square allow[]
 * offers, none attacking another (complete.c). Any allow masks will do: a row offering one
 * square is a placed queen. Returns NQ_OK with cols[0..n-1] filled, NQ_ERR_NO_SOLUTION when
 * there is none (proved), NQ_ERR_STOPPED when the limits ran out first, NQ_ERR_ARGUMENT or
 * NQ_ERR_NOMEM (it allocates about 160 KiB once). The same search and limits give the same
 * answer. Thread-safe. */
nq_status nq_find_completion(const nq_search *search, const nq_find_limits *limits,
                             int8_t *cols);

/* nq_find_completion done by `threads` threads (the calling thread one of them; 1 or less: by
 * nq_find_completion itself): the tree's top split into subtrees that the threads search in
 * turn, and subtrees not yet entered given away to threads left idle (complete_threads.c).
 * limits->max_nodes bounds the nodes of all threads together; the restarting walk gets a
 * quarter of its share where limits->diagonal_sums is NQ_SUMS_DOWN. The contract of
 * nq_find_completion, except that with more than one thread which completion is found may
 * differ from run to run. */
nq_status nq_find_completion_threads(const nq_search *search, const nq_find_limits *limits,
                                     int threads, int8_t *cols);

/* How nq_find_completion_split shares out its tree (the tests force every path with it). */
typedef struct nq_split_options {
    int threads;            /* as nq_find_completion_threads */
    int tasks_per_thread;   /* subtrees of the first split, per thread */
    uint64_t first_run;     /* nodes of a subtree's first run (each run doubles) */
    int always_give;        /* give away subtrees not yet entered whenever a run ends, not only
                               when a thread is idle */
    int *given;             /* when not NULL: the subtrees given away to idle threads */
    uint64_t restart_share; /* the subtrees' nodes to one of the restarting walk's (0:
                               NQ_RESTART_SHARE; 1 in the tests, where it then ends searches) */
} nq_split_options;

/* nq_find_completion_threads with its split chosen. */
nq_status nq_find_completion_split(const nq_search *search, const nq_find_limits *limits,
                                   const nq_split_options *options, int8_t *cols);

/* The search of kernel_find.c: fewest choices first, forced columns, no restarts; the fastest
 * way to prove that a board has no completion. With limits->seed nonzero, each row's squares
 * are tried in an order that seed draws. The contract of nq_find_completion. */
nq_status nq_kernel_find(const nq_search *search, const nq_find_limits *limits, int8_t *cols);

/* The search of kernel_find.c in doubling installments and, between two of them, a seeded run a
 * quarter as long that starts afresh elsewhere: the plain order proves emptiness fastest but has
 * heavy tails in finding, which the seeded runs cut (a quarter share beat equal shares on the
 * first solutions' questions: BENCHMARKS.md). The contract of
 * nq_find_completion; the guided listing's questions. */
nq_status nq_kernel_find_any(const nq_search *search, const nq_find_limits *limits,
                             int8_t *cols);

typedef unsigned __int128 nq_u128_bits;

struct nq_finder;
struct nq_walk_shared;
struct nq_cwalk;

/* The walks built for one CPU path, chosen together: a search takes one table when it starts,
 * so that a CPU limit (nq_cpu_limit) picks them all at once; the tests pass each in turn. */
typedef struct nq_find_kernels {
    const char *name;   /* the path: "portable", "popcnt" */
    nq_status (*finder_run)(struct nq_finder *finder, uint64_t nodes, const nq_stop *stop,
                            int8_t *cols);                        /* nq_finder_run's */
    int (*walk_run)(struct nq_walk_shared *s, struct nq_cwalk *w);   /* complete_walk.h */
} nq_find_kernels;

/* The tables: portable C, and for CPUs with POPCNT (use that only on one). */
extern const nq_find_kernels nq_find_kernels_portable, nq_find_kernels_popcnt;

/* The fastest table among the paths nq_cpu_uses allows now. */
const nq_find_kernels *nq_find_kernels_best(void);

/* One line filled by that search, and what was taken before it. */
typedef struct nq_find_step {
    uint64_t cols;                 /* columns taken before this line */
    nq_u128_bits up, down;         /* diagonals taken before it, by absolute index */
    uint64_t free_;                /* its squares still to try: columns of the row, or rows of
                                      the column */
    uint64_t open;                 /* rows open before it */
    int row, col;                  /* the row filled (col < 0), or the column (row < 0), or, both
                                      < 0, the diagonal: */
    int diagonal;                  /* up-diagonal r + c = d as d, down-diagonal
                                      c - r + n - 1 = d as 128 + d; else -1 */
    nq_diagonal_sums sums;         /* what the queens still to place before it must sum to */
    int allow_at;                  /* the squares its subtree may use: nq_finder.allowed[it], or
                                      the board's (-1) */
} nq_find_step;

/* The square of step's line that its free_ bit `bit` stands for, on a board n wide. */
static inline void nq_find_step_square(const nq_find_step *step, int n, int bit, int *r, int *c)
{
    if (step->row >= 0)
        *r = step->row, *c = bit;
    else if (step->col >= 0)
        *r = bit, *c = step->col;
    else
        *r = bit, *c = step->diagonal < 128 ? step->diagonal - bit
                                            : step->diagonal - 128 - (n - 1) + bit;
}

/* The free squares of open row r of a board n wide, among those allow[r] offers (the board's,
 * or fewer where the matching ruled some out), with the columns cols and the diagonals up and
 * down (by absolute index) taken. Narrow: the board is at most 32 wide, so that its diagonals
 * fit the low halves of up and down, and 64-bit shifts do; wide, the 128-bit shifts by a count
 * the compiler knows is under 64 (r < 64) need no branch for larger ones. */
static inline __attribute__((always_inline)) uint64_t nq_find_row_free(int n,
                                                                       const uint64_t *allow,
                                                                       int r, uint64_t cols,
                                                                       nq_u128_bits up,
                                                                       nq_u128_bits down,
                                                                       int narrow)
{
    if (narrow)
        return allow[r] & ~(cols | (uint64_t)up >> r | (uint64_t)down >> (n - 1 - r));
    return allow[r] & ~(cols | (uint64_t)(up >> (r & 63)) | (uint64_t)(down >> ((n - 1 - r) & 63)));
}

/* The same search, run in installments: nq_finder_init, then nq_finder_run with as many nodes
 * as the caller cares to spend each time; each run goes on where the last one stopped. */
typedef struct nq_finder {
    const nq_search *search;
    nq_find_step stack[NQ_MAX_N];
    int depth;                     /* steps on the stack; -1 before the first run */
    uint64_t cols, open;           /* the node being expanded */
    nq_u128_bits up, down;
    nq_diagonal_sums sums;
    int sums_test;                 /* prune by the diagonals' sums (NQ_SUMS_); NQ_SUMS_ALL from
                                      nq_finder_init, the limits' diagonal_sums elsewhere */
    uint64_t random;               /* nq_random_next's state; 0: lowest square first */
    int8_t placed[NQ_MAX_N];       /* the queens of the filled rows */
    uint64_t nodes;                /* nodes expanded so far, all runs */
    uint64_t diagonal_lines;       /* of them, nodes that branched on a needed diagonal */
    uint64_t far_cuts;             /* times a node's diagonals out of reach were taken out */
    uint64_t matchings;            /* nodes that had the matching's test (diagonal_matching.c) */
    uint64_t ruled_out;            /* squares it took out of subtrees */
    uint64_t match_after;          /* nodes spent before the test starts: 0 from nq_finder_init
                                      (high in the tree is where ruling squares out pays most);
                                      UINT64_MAX walks without it */
    uint64_t allowed[NQ_MAX_N][NQ_MAX_N];   /* [depth]: the squares a node at that depth left
                                               its subtree, where the matching ruled some out */
    const nq_find_kernels *kernels;   /* the CPU path it runs on */
    int wide;                      /* diagonals in 128 bits: boards over 32 wide (the tests set
                                      it on narrower ones too) */
} nq_finder;

/* Starts finder on search, with seed (as nq_find_limits's) and the CPU path of kernels
 * (nq_find_kernels_best(), or a table to test). */
void nq_finder_init(nq_finder *finder, const nq_search *search, uint64_t seed,
                    const nq_find_kernels *kernels);

/* Runs finder for at most `nodes` nodes more. Returns NQ_OK with cols[0..n-1] filled (a
 * completion: the finder is done), NQ_ERR_NO_SOLUTION (the tree is exhausted), or
 * NQ_ERR_STOPPED (the nodes ran out, or *stop was requested: run it again to go on). */
nq_status nq_finder_run(nq_finder *finder, uint64_t nodes, const nq_stop *stop, int8_t *cols);

/* nq_finder_run on each CPU path (the tables' finder_run). */
nq_status nq_finder_run_portable(nq_finder *finder, uint64_t nodes, const nq_stop *stop,
                                 int8_t *cols);
nq_status nq_finder_run_popcnt(nq_finder *finder, uint64_t nodes, const nq_stop *stop,
                               int8_t *cols);

#endif /* NQ_FIND_H */
