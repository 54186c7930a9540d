/*
 * internal.h - what the library's files share and no user sees.
 *
 * The search works on an nq_search: a board compiled into one mask per row of the squares a
 * queen may take. Counting and listing both split that search into work units, each a placement
 * of the top rows, and hand the units to the kernels.
 */
#ifndef NQ_INTERNAL_H
#define NQ_INTERNAL_H

#include "nqueens.h"

/* A board compiled for searching. */
typedef struct nq_search {
    int n;                      /* side */
    uint64_t full;              /* the n low bits: the board's columns */
    uint64_t allow[NQ_MAX_N];   /* squares row r may take: free, not attacked by a placed queen;
                                   for a row with a placed queen, that queen's square alone */
} nq_search;

/* The state of the search before row `row`: the columns and diagonals taken so far. Diagonal
 * masks are already shifted to row `row`: d1 moves left one column per row, d2 right. */
typedef struct nq_state {
    int row;        /* next row to fill */
    uint64_t cols;  /* columns taken */
    uint64_t d1;    /* squares of row `row` attacked along down-left diagonals */
    uint64_t d2;    /* squares of row `row` attacked along down-right diagonals */
} nq_state;

/* A work unit: a placement of the top rows and how many solutions each of its completions
 * stands for (2 when its mirror image is counted with it, else 1). */
typedef struct nq_unit {
    nq_state start;           /* the search state after the placement */
    uint8_t weight;           /* multiplier of the unit's count in the total */
    int8_t cols[8];           /* the placement: column of rows 0..start.row-1 */
} nq_unit;

/* The most top rows a unit places. */
#define NQ_UNIT_MAX_ROWS 8

/* Compiles board into search. Returns NQ_ERR_ATTACK if two placed queens attack each other. */
nq_status nq_search_compile(const nq_board *board, nq_search *search);

/* The state before row 0. */
nq_state nq_search_root(const nq_search *search);

/* The state after placing a queen on column col (whose bit is free) of row state.row. */
static inline nq_state nq_state_place(nq_state s, uint64_t bit)
{
    nq_state next = { s.row + 1, s.cols | bit, (s.d1 | bit) << 1, (s.d2 | bit) >> 1 };
    return next;
}

/* Squares of row s.row a queen may take in state s. */
static inline uint64_t nq_state_free(const nq_search *search, nq_state s)
{
    return search->allow[s.row] & ~(s.cols | s.d1 | s.d2);
}

/* Counts the completions of state s: the ways to fill rows s.row..n-1. */
uint64_t nq_kernel_count(const nq_search *search, nq_state s);

/* Calls visit for each completion of state s, in lexicographic order, with cols[0..s.row-1]
 * taken from prefix. Returns NQ_ERR_STOPPED if visit asked to stop, else NQ_OK. */
nq_status nq_kernel_visit(const nq_search *search, nq_state s, const int8_t *prefix,
                          nq_solution_fn visit, void *context);

/* Splits the search into units, in lexicographic order of their placements, placing as many top
 * rows as it takes to have at least min_units units (or all rows but the last). With mirror
 * nonzero, units whose first queen lies right of the middle are left out and their mirror
 * images weighted 2. Sets *units (free() it) and *count. Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_units_split(const nq_search *search, size_t min_units, int mirror, nq_unit **units,
                         size_t *count);

/* Whether cols[0..n-1] is the lexicographically least of its images under the symmetries in
 * the bit set group. */
int nq_is_canonical(const int8_t *cols, int n, unsigned group);

/* Writes into out the image of the solution cols under symmetry sym. */
void nq_transform(const int8_t *cols, int n, enum nq_symmetry sym, int8_t *out);

/* The image of square (row, col) of an n x n board under sym. */
void nq_transform_square(int n, enum nq_symmetry sym, int row, int col, int *out_row,
                         int *out_col);

/* The number of online cores, at least 1. */
int nq_online_cores(void);

/* Runs task(context, worker) on `threads` threads at once, worker = 0..threads-1, the calling
 * thread among them, and returns when all have returned. Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_parallel_run(int threads, void (*task)(void *context, int worker), void *context);

/* 128-bit arithmetic; returns nonzero on overflow, leaving *sum unchanged. */
int nq_u128_add(nq_u128 *sum, nq_u128 term);
nq_u128 nq_u128_mul64(uint64_t a, uint64_t b);

/* Fills err (when not NULL) with a place and a printf-style message: the parsers' helper. */
void nq_parse_error_set(nq_parse_error *err, int line, int column, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

#endif /* NQ_INTERNAL_H */
