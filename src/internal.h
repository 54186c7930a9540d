/*
 * internal.h - what the library's files share and no user sees.
 *
 * The search works on an nq_search: a board compiled into one mask per row of the squares a
 * queen may take. Listing runs a kernel over it from the top row; counting splits it into work
 * units (queens placed and perhaps shape restrictions, standing for classes under the board's
 * symmetries: split*.c), each counted by a kernel on the unit's own search.
 */
#ifndef NQ_INTERNAL_H
#define NQ_INTERNAL_H

#include <stdatomic.h>

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

/* The most queens a work unit places: a frame of two rows and two columns on each side. */
#define NQ_UNIT_MAX_QUEENS 8

/* How a unit's completions add up (see plan.c). */
enum nq_rule {
    /* Each completion adds `weight` to the total, and 1 to the unique count if it is the least
     * of its images under unique_group. */
    NQ_RULE_EACH,
    /* Only completions least among their images under unique_group count: each adds the size of
     * its class under that group to the total, and 1 to the unique count. */
    NQ_RULE_CLASS
};

/* Extra restrictions of a unit's search beyond its queens (see split_sides.c). */
enum nq_shape {
    NQ_SHAPE_NONE,         /* none */
    NQ_SHAPE_CORNER,       /* queen in the top-left corner: column 1's queen below row 1's */
    NQ_SHAPE_STRICT,       /* top queen strictly nearer a corner than the other side queens */
    NQ_SHAPE_TIE_BOTTOM,   /* bottom queen as near a corner as the top queen */
    NQ_SHAPE_TIE_LEFT,     /* left queen as near, bottom queen not */
    NQ_SHAPE_TIE_RIGHT     /* right queen as near, bottom and left queens not */
};

/* A work unit: queens placed on the board, and perhaps restrictions, whose completions one
 * worker counts. Units stand for classes of placements under the board's symmetries. */
typedef struct nq_unit {
    uint8_t queens;                      /* how many queens the unit places */
    uint8_t weight;                      /* placements the unit stands for: 1, 2, 4 or 8 */
    uint8_t unique_group;                /* bit set over enum nq_symmetry, identity included */
    uint8_t rule;                        /* enum nq_rule */
    uint8_t shape;                       /* enum nq_shape */
    int8_t row[NQ_UNIT_MAX_QUEENS];      /* the queens' rows */
    int8_t col[NQ_UNIT_MAX_QUEENS];      /* and columns */
} nq_unit;

/* A growing array of units. */
typedef struct nq_unit_list {
    nq_unit *units;
    size_t count;
    size_t capacity;
} nq_unit_list;

/* Appends unit; returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_unit_list_push(nq_unit_list *list, const nq_unit *unit);

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

/* A request to stop a count: the counting kernels read it (relaxed) every NQ_POLL_STEPS steps
 * of their loops, a few milliseconds apart at most, and give up when it is nonzero. NULL means
 * no request can come. */
typedef atomic_int nq_stop_flag;
#define NQ_POLL_STEPS (1 << 14)

/* A request to stop a search that may also come from a signal handler (listings, completion
 * searches): a flag that a handler sets on the polling thread, or one that another thread sets.
 * Either may be NULL. */
typedef struct nq_stop {
    volatile const sig_atomic_t *signal;
    const nq_stop_flag *flag;
} nq_stop;

static inline int nq_stop_requested(const nq_stop *stop)
{
    return (stop->signal && *stop->signal) ||
           (stop->flag && atomic_load_explicit(stop->flag, memory_order_relaxed));
}

/* What a counting kernel returns when it gave up on a stop request: no count of a unit can
 * reach it (2^64 - 1 completions would take centuries to count). */
#define NQ_KERNEL_STOPPED UINT64_MAX

/* Whether a stop was requested: reads *stop once in NQ_POLL_STEPS calls, counted down in
 * *steps, so that the hot loops pay a decrement and a branch. */
static inline int nq_stop_poll(const nq_stop_flag *stop, unsigned *steps)
{
    if (__builtin_expect(--*steps != 0, 1))
        return 0;
    *steps = NQ_POLL_STEPS;
    return stop && atomic_load_explicit(stop, memory_order_relaxed);
}

/* A step of xorshift64*, the library's one generator of random numbers (probes, local search,
 * seeded searches): they need speed and reproducibility, not quality. *state must not be 0. */
static inline uint64_t nq_random_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    *state = x;
    return x * UINT64_C(0x2545F4914F6CDD1D);
}

/* Counts the completions of state s: the ways to fill rows s.row..n-1, or NQ_KERNEL_STOPPED if
 * *stop became nonzero first. Picks the fastest kernel for the board and the CPU among those
 * below. */
uint64_t nq_kernel_count(const nq_search *search, nq_state s, const nq_stop_flag *stop);

/* The counting kernels nq_kernel_count picks from. By rows: any state, any n. Fewest choices
 * first (kernel_mrv.c): the root state only, n <= 32; the same built for CPUs with a popcount
 * instruction (only call it on one). */
uint64_t nq_kernel_count_rows(const nq_search *search, nq_state s, const nq_stop_flag *stop);
uint64_t nq_kernel_count_mrv(const nq_search *search, const nq_stop_flag *stop);
uint64_t nq_kernel_count_mrv_popcnt(const nq_search *search, const nq_stop_flag *stop);

/* Calls visit for each completion of search from its root, in no set order, with the fastest
 * kernel for the board and the CPU. Returns NQ_ERR_STOPPED if visit asked to stop or *stop
 * became nonzero (stop may be NULL), else NQ_OK. The kernels it picks from: the row kernel of
 * nq_kernel_visit from the root, and these two (n <= 32). */
nq_status nq_kernel_visit_any(const nq_search *search, nq_solution_fn visit, void *context,
                              const nq_stop_flag *stop);
nq_status nq_kernel_visit_mrv(const nq_search *search, nq_solution_fn visit, void *context,
                              const nq_stop_flag *stop);
nq_status nq_kernel_visit_mrv_popcnt(const nq_search *search, nq_solution_fn visit,
                                     void *context, const nq_stop_flag *stop);

/* Calls visit for each completion of state s, in lexicographic order, with cols[0..s.row-1]
 * taken from prefix. Returns NQ_ERR_STOPPED if visit asked to stop, else NQ_OK. */
nq_status nq_kernel_visit(const nq_search *search, nq_state s, const int8_t *prefix,
                          nq_solution_fn visit, void *context);

/* One of Knuth's random probes of the kernel's tree below state s: walks down through random
 * children the kernel would visit, and returns the estimate of the tree's size in squares
 * tried; sets *leaves to the estimate of its completions, and placed[s.row..n-1] to the columns
 * of the path (a completion when *leaves > 0). random is the generator's state. */
double nq_kernel_probe(const nq_search *search, nq_state s, uint64_t *random, double *leaves,
                       int8_t *placed);

/* The same for the fewest-choices kernel, from the root (n <= 32): the tree nq_kernel_count
 * searches there. */
double nq_kernel_probe_mrv(const nq_search *search, uint64_t *random, double *leaves,
                           int8_t *placed);

/* Splits the search of a board with the symmetries `group` into units, in a fixed order: the
 * same board always yields the same units. Aims at min_units units at least. Fills list (free
 * list->units). Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_split(const nq_search *search, unsigned group, size_t min_units,
                   nq_unit_list *list);

/* The ways to split, which nq_split chooses between.
 * By prefix: placements of the top rows in lexicographic order, mirror images left out when
 * group has the mirror; any board. By frame: the placements of the outer `depth` rows and
 * columns on each side, one per class under group; boards of side 2 * depth or more. By sides:
 * the top queen nearer a corner than the queens of the other sides, as Takaken's counters do;
 * boards with all eight symmetries, of side 4 or more. */
nq_status nq_split_prefix(const nq_search *search, unsigned group, size_t min_units,
                          nq_unit_list *list);
nq_status nq_split_frame(const nq_search *search, unsigned group, int depth,
                         nq_unit_list *list);
nq_status nq_split_sides(const nq_search *search, size_t min_units, nq_unit_list *list);

/* Appends to list one unit for each placement of the rows of search above `depth` (each row's
 * queen on a square it offers, no two attacking), in lexicographic order, each a copy of
 * pattern with those queens added after its own. With mirror nonzero, placements whose top
 * queen lies right of the middle are left out, and those left of it weighted 2. Returns NQ_OK
 * or NQ_ERR_NOMEM. */
nq_status nq_split_rows(const nq_search *search, const nq_unit *pattern, int depth, int mirror,
                        nq_unit_list *list);

/* How many placements of the rows above depth nq_split_rows would make. */
size_t nq_count_rows(const nq_search *search, int depth, int mirror);

/* Applies the restrictions of unit's shape to search. */
void nq_shape_restrict(nq_search *search, const nq_unit *unit);

/* Places a queen on (row, col) of search: that row offers only that square, and no other row a
 * square it attacks. The caller makes sure the square is free. */
void nq_search_place(nq_search *search, int row, int col);

/* The search of unit's completions: base with the unit's queens placed. */
void nq_search_of_unit(const nq_search *base, const nq_unit *unit, nq_search *out);

/* Whether cols[0..n-1] is the lexicographically least of its images under the symmetries in
 * the bit set group. */
int nq_is_canonical(const int8_t *cols, int n, unsigned group);

/* The size of the class of cols[0..n-1] under group if cols is its least member, else 0. */
int nq_class_size(const int8_t *cols, int n, unsigned group);

/* Writes into out the image of the solution cols under symmetry sym. */
void nq_transform(const int8_t *cols, int n, enum nq_symmetry sym, int8_t *out);

/* The image of square (row, col) of an n x n board under sym. */
void nq_transform_square(int n, enum nq_symmetry sym, int row, int col, int *out_row,
                         int *out_col);

/* Limits of a completion search. */
typedef struct nq_find_limits {
    uint64_t seed;          /* 0: plain choices in the first descent, then a fixed random stream;
                               else random choices throughout, reproducible per seed */
    uint64_t max_nodes;     /* give up after about this many search nodes (0: no limit) */
    nq_stop stop;           /* give up when it is requested */
} nq_find_limits;

/* Finds a completion of search from its root state: a queen in every row on a square allow[]
 * offers, none attacking another (complete.c). Any allow masks will do: a row offering one
 * square is a placed queen. Returns NQ_OK with cols[0..n-1] filled, NQ_ERR_NO_SOLUTION when
 * there is none (proved), NQ_ERR_STOPPED when the limits ran out first, NQ_ERR_ARGUMENT or
 * NQ_ERR_NOMEM (it allocates about 160 KiB once). The same search and limits give the same
 * answer. Thread-safe. */
nq_status nq_find_completion(const nq_search *search, const nq_find_limits *limits,
                             int8_t *cols);

/* The search of kernel_find.c: fewest choices first, forced columns, no restarts; the fastest
 * way to prove that a board has no completion. With limits->seed nonzero, each row's squares
 * are tried in an order that seed draws. The contract of nq_find_completion. */
nq_status nq_kernel_find(const nq_search *search, const nq_find_limits *limits, int8_t *cols);

/* The search of kernel_find.c in doubling installments and, between two of them, a seeded run a
 * quarter as long that starts afresh elsewhere: the plain order proves emptiness fastest but has
 * heavy tails in finding, which the seeded runs cut (on the first solutions of the 30 to 35
 * boards a quarter share takes 0.8 of the instructions that equal shares take). The contract of
 * nq_find_completion; the guided listing's questions. */
nq_status nq_kernel_find_any(const nq_search *search, const nq_find_limits *limits,
                             int8_t *cols);

typedef unsigned __int128 nq_u128_bits;

/* One line filled by that search, and what was taken before it. */
typedef struct nq_find_step {
    uint64_t cols;                 /* columns taken before this line */
    nq_u128_bits up, down;         /* diagonals taken before it, by absolute index */
    uint64_t free_;                /* its squares still to try: columns of the row, or rows of
                                      the column */
    uint64_t open;                 /* rows open before it */
    int row, col;                  /* the row filled (col < 0), or the column (row < 0) */
} nq_find_step;

/* The same search, run in installments: nq_finder_init, then nq_finder_run with as many nodes
 * as the caller cares to spend each time; each run goes on where the last one stopped. */
typedef struct nq_finder {
    const nq_search *search;
    nq_find_step stack[NQ_MAX_N];
    int depth;                     /* steps on the stack; -1 before the first run */
    uint64_t cols, open;           /* the node being expanded */
    nq_u128_bits up, down;
    uint64_t random;               /* nq_random_next's state; 0: lowest square first */
    int8_t placed[NQ_MAX_N];       /* the queens of the filled rows */
} nq_finder;

void nq_finder_init(nq_finder *finder, const nq_search *search, uint64_t seed);

/* Runs finder for at most `nodes` nodes more. Returns NQ_OK with cols[0..n-1] filled (a
 * completion: the finder is done), NQ_ERR_NO_SOLUTION (the tree is exhausted), or
 * NQ_ERR_STOPPED (the nodes ran out, or *stop was requested: run it again to go on). */
nq_status nq_finder_run(nq_finder *finder, uint64_t nodes, const nq_stop *stop, int8_t *cols);

/* A listing in lexicographic order (solve_walk.c): where its solutions go, which it passes
 * on, and when it stops. */
typedef struct nq_walk {
    nq_solution_fn visit;               /* called for each solution passed on */
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

/* The solutions of the empty n x n board (n <= 32; 0 beyond) that the half turn maps onto
 * themselves, and those that the quarter turn does (symmetric.c). */
uint64_t nq_count_half_turn(int n);
uint64_t nq_count_quarter_turn(int n);

/* The number of online cores, at least 1. */
int nq_online_cores(void);

struct nq_join;
struct nq_match_items;

/* A plan: a board's count split into units (see nqueens.h), by the backtracker's search or by
 * the join (src/join). */
struct nq_plan {
    nq_board board;         /* the board counted */
    nq_search search;       /* the board compiled */
    unsigned group;         /* its symmetries */
    nq_unit *units;         /* the backtracker's units, in their fixed order */
    struct nq_join *join;   /* or the join's, which has its own */
    uint64_t (*match)(const uint64_t *, size_t, const struct nq_match_items *, int, void *);
                            /* the join's matcher for this CPU */
    size_t unit_count;
    int piece_levels;       /* the backtracker's units are counted in pieces this many queens
                               deep (pieces.c); 0: whole */
    uint64_t memory;        /* bytes needed at most */
    uint64_t fingerprint;   /* digest of all the above and the engine version */
};

/* Called for each piece of a unit's search (pieces.c) with the piece's search; a nonzero
 * return stops the walk. */
typedef int (*nq_piece_fn)(void *context, const nq_search *piece);

/* Calls piece for the pieces of search, the search of a unit, from number `first` on: the
 * searches with `levels` more queens placed, in a fixed order, which share out its completions
 * (see pieces.c). Returns NQ_OK, or NQ_ERR_STOPPED if a call asked to stop. */
nq_status nq_pieces_walk(const nq_search *search, int levels, uint64_t first, nq_piece_fn piece,
                         void *context);

/* How to count one unit, and where to start (see nq_plan_count_unit_from). */
typedef struct nq_unit_job {
    int unique;                 /* count classes too */
    uint64_t first_piece;       /* pieces counted before (0: none) ... */
    nq_unit_count before;       /* ... and their count */
    uint64_t end_piece;         /* count only the pieces before this one; 0: all */
    const nq_stop_flag *stop;   /* give up when it becomes nonzero; may be NULL */
    /* Called after each piece of a unit counted piecewise with the pieces counted so far
     * (first_piece included) and their count; may be NULL. */
    void (*on_piece)(void *context, uint64_t pieces, const nq_unit_count *so_far);
    void *context;
} nq_unit_job;

/* What a worker keeps from one unit to the next: the join's buffers (NULL to begin with). */
struct nq_join_scratch;

/* nq_plan_count_unit for a worker that keeps *scratch between calls and frees it at the end
 * with nq_plan_scratch_free, and that may be asked to stop: it then returns NQ_ERR_STOPPED
 * within milliseconds, with *count undefined (the unit is not counted; stop may be NULL). */
nq_status nq_plan_count_unit_kept(const nq_plan *plan, size_t unit, int unique,
                                  nq_unit_count *count, struct nq_join_scratch **scratch,
                                  const nq_stop_flag *stop);
void nq_plan_scratch_free(struct nq_join_scratch *scratch);

/* nq_plan_count_unit_kept as job says: a plan with pieces (plan->piece_levels > 0) counts the
 * backtracker's unit piece after piece from job->first_piece on, calling job->on_piece after
 * each, and on a stop returns NQ_ERR_STOPPED with the pieces counted so far reported there.
 * Gives the unit's whole count when it counts to the end. */
nq_status nq_plan_count_unit_from(const nq_plan *plan, size_t unit, const nq_unit_job *job,
                                  nq_unit_count *count, struct nq_join_scratch **scratch);

/* CRC-32 (IEEE) of size bytes at data, continuing from crc (0 to start). */
uint32_t nq_crc32(uint32_t crc, const void *data, size_t size);

/* The 128-bit product of two 64-bit numbers. */
nq_u128 nq_u128_mul64(uint64_t a, uint64_t b);

/* Fills err (when not NULL) with a place and a printf-style message: the parsers' helper. */
void nq_parse_error_set(nq_parse_error *err, int line, int column, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

#endif /* NQ_INTERNAL_H */
