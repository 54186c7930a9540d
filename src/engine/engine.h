/*
 * engine.h - the backtracking engine: a board compiled into one mask per row of the
 * squares a queen may take (an nq_search; compile.c), the kernels that search it (kernel*.c),
 * and its split into work units (queens placed and perhaps shape restrictions, standing for
 * classes under the board's symmetries: split*.c, unit.c), a unit's search cut further into
 * pieces that a run can stop between (pieces.c). Listing runs a kernel over the search from the
 * top row; counting runs one on each unit's own search, or on each of its pieces.
 */
#ifndef NQ_ENGINE_H
#define NQ_ENGINE_H

#include "base/base.h"

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

/* How a unit's completions add up (see count/plan.c). */
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

/* Makes room for `more` units beyond those of list, so that a list of known size takes no
 * more than it needs; returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_unit_list_reserve(nq_unit_list *list, size_t more);

/* Compiles board into search. Returns NQ_OK, or for a malformed board value NQ_ERR_SIZE (its
 * side), NQ_ERR_OFF_BOARD (a queen's column), NQ_ERR_BLOCKED (a queen on a bad square) or
 * NQ_ERR_ATTACK (two placed queens attack each other). */
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

/* What a counting kernel returns when it gave up on a stop request: no count of a unit can
 * reach it (2^64 - 1 completions would take centuries to count). */
#define NQ_KERNEL_STOPPED UINT64_MAX

/* The widest board of the kernels that number diagonals absolutely, as n <= 32 lets them fit
 * 2n - 1 bits in 64: fewest choices first, by lines, and the turns' searches. */
#define NQ_ABSOLUTE_MAX_N 32

/* The counting kernels. Each counts the completions of its search, or returns
 * NQ_KERNEL_STOPPED if *stop became nonzero first (stop may be NULL). The kernels with a
 * popcount variant, built for CPUs that have the instruction (only call those on one), come in
 * tables per CPU path, chosen once (kernels.h).
 * By rows in order (kernel.c): from state s, the ways to fill rows s.row..n-1; any n.
 * By rows, fewest choices first (kernel_mrv.c): from the root, n <= 32. */
uint64_t nq_kernel_count_rows(const nq_search *search, nq_state s, const nq_stop_flag *stop);
uint64_t nq_kernel_count_mrv(const nq_search *search, const nq_stop_flag *stop);
uint64_t nq_kernel_count_mrv_popcnt(const nq_search *search, const nq_stop_flag *stop);

/* The counting kernels for constrained boards: completions of search from its root, by the
 * line, row or column, with the fewest squares, forced lines filled at once. kernel_lines.c's
 * for n <= 32, kernel_nodes.c's for any n. */
uint64_t nq_kernel_count_lines(const nq_search *search, const nq_stop_flag *stop);
uint64_t nq_kernel_count_lines_popcnt(const nq_search *search, const nq_stop_flag *stop);
uint64_t nq_kernel_count_nodes(const nq_search *search, const nq_stop_flag *stop);
uint64_t nq_kernel_count_nodes_popcnt(const nq_search *search, const nq_stop_flag *stop);

/* What the kernels call for each completion they find: nq_placed_fn with the kernels' own
 * columns, a byte each (a board has at most NQ_MAX_N); nq_solve widens them for its caller. */
typedef int (*nq_placed_fn)(void *context, int n, const int8_t *cols);

/* The visiting kernels: each calls visit for each completion of search from its root, the
 * same kernel as the counting one of its name, and returns NQ_ERR_STOPPED if visit asked to
 * stop or *stop became nonzero (stop may be NULL), else NQ_OK. By rows in order, in
 * lexicographic order, any n; the others in no set order: fewest choices first (built for a
 * popcount instruction only: without one, the visits go by rows in order), by lines (n <= 32),
 * by lines for any n. */
nq_status nq_kernel_visit_rows(const nq_search *search, nq_placed_fn visit, void *context,
                               const nq_stop_flag *stop);
nq_status nq_kernel_visit_mrv_popcnt(const nq_search *search, nq_placed_fn visit,
                                     void *context, const nq_stop_flag *stop);
nq_status nq_kernel_visit_lines(const nq_search *search, nq_placed_fn visit, void *context,
                                const nq_stop_flag *stop);
nq_status nq_kernel_visit_lines_popcnt(const nq_search *search, nq_placed_fn visit,
                                       void *context, const nq_stop_flag *stop);
nq_status nq_kernel_visit_nodes(const nq_search *search, nq_placed_fn visit, void *context,
                                const nq_stop_flag *stop);
nq_status nq_kernel_visit_nodes_popcnt(const nq_search *search, nq_placed_fn visit,
                                       void *context, const nq_stop_flag *stop);

/* For the tests: kernel_lines.c's count of search, calling visit (may be NULL) for each
 * completion, with the diagonals' sums tested near the root and the matching of diagonals
 * (root_matching.c) made at its first dead end or leaf whatever the board and that first path:
 * the path the kernel takes on large units of boards whose sums are tight, forced on any. */
uint64_t nq_kernel_lines_matched(const nq_search *search, nq_placed_fn visit, void *context);

/* Calls visit for each completion of state s, in lexicographic order, with cols[0..s.row-1]
 * taken from prefix. Returns NQ_ERR_STOPPED if visit asked to stop, else NQ_OK. */
nq_status nq_kernel_visit(const nq_search *search, nq_state s, const int8_t *prefix,
                          nq_placed_fn visit, void *context);

/* One of Knuth's random probes of the kernel's tree below state s: walks down through random
 * children the kernel would visit, and returns the estimate of the tree's size in squares
 * tried; sets *leaves to the estimate of its completions, and placed[s.row..n-1] to the columns
 * of the path (a completion when *leaves > 0). random is the generator's state. */
double nq_kernel_probe(const nq_search *search, nq_state s, uint64_t *random, double *leaves,
                       int8_t *placed);

/* The same for the fewest-choices kernel, from the root (n <= 32): the tree it searches. */
double nq_kernel_probe_mrv(const nq_search *search, uint64_t *random, double *leaves,
                           int8_t *placed);

/* Splits the search of a board with the symmetries `group` into units, in a fixed order: the
 * same board and bounds always yield the same units. Aims at min_units units at least, and
 * makes max_units at most: a split whose next queen would make more than max_units stops a
 * queen short of min_units. With exact nonzero, the split of exactly max_units units if there
 * is one (a plan made again from its unit count: deeper splits may make fewer units, so the
 * bound alone need not find it again). Fills list (free list->units). Returns NQ_OK,
 * NQ_ERR_MEMORY_LIMIT (even the coarsest split makes more than max_units) or NQ_ERR_NOMEM. */
nq_status nq_split(const nq_search *search, unsigned group, size_t min_units, size_t max_units,
                   int exact, nq_unit_list *list);

/* The ways to split, which nq_split chooses between.
 * By prefix: placements of the top rows in lexicographic order, mirror images left out when
 * group has the mirror; any board. By frame: the placements of the outer `depth` rows and
 * columns on each side, one per class under group; boards of side 2 * depth or more. By sides:
 * the top queen nearer a corner than the queens of the other sides, as Takaken's counters do;
 * boards with all eight symmetries, of side 4 or more. Each makes max_units units at most, or
 * returns NQ_ERR_MEMORY_LIMIT (the list then holds what was made; free it). */
nq_status nq_split_prefix(const nq_search *search, unsigned group, size_t min_units,
                          size_t max_units, int exact, nq_unit_list *list);
nq_status nq_split_frame(const nq_search *search, unsigned group, int depth, size_t max_units,
                         nq_unit_list *list);
nq_status nq_split_sides(const nq_search *search, size_t min_units, size_t max_units,
                         int exact, nq_unit_list *list);

/* The depth, in queens, that a split from `least` to `most` queens deep stops at: the first
 * whose units (count(context, depth, limit), which may stop counting past limit) are none or
 * at least min_units, or `most`; the one before when that one has more than max_units; -1 when
 * even `least` has; with exact nonzero, the first whose units are max_units, if any, before
 * all that. Sets *units to the units at that depth. */
int nq_split_depth(int least, int most, size_t min_units, size_t max_units, int exact,
                   size_t (*count)(void *context, int depth, size_t limit), void *context,
                   size_t *units);

/* Splits the search of a constrained board along the first choices of the search by lines
 * (split_lines.c): units of weight 1 whose queens are the squares it branches on, at least
 * min_units of them unless NQ_UNIT_MAX_QUEENS levels give fewer, in a fixed order. Every
 * unit's unique_group is group: its completions are checked against their images. Fills list
 * (free list->units). Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_split_lines(const nq_search *search, unsigned group, size_t min_units,
                         nq_unit_list *list);

/* Places in search every queen that a line left with one square forces (a row with one
 * square, a column offered by one open row), until none is (split_lines.c); *rows and *cols
 * are the open lines, updated. Returns 0 at a dead end, an open line with no square (search is
 * then partly settled), else 1. */
int nq_search_settle(nq_search *search, uint64_t *rows, uint64_t *cols);

/* Takes out of search squares that no completion uses, by the matching of diagonals
 * (root_matching.c): its forced queens placed (nq_search_settle), then the squares whose
 * reduced cost in the cheapest matching of the open rows' diagonals lifts it past the
 * diagonals' sums. Returns 0 when search has no completion (search is then partly settled),
 * else 1; either way search keeps the same completions. Costs one matching (tens of thousands
 * of instructions). Thread-safe on distinct searches. */
int nq_search_rule_out(nq_search *search);

/* Appends to list one unit for each placement of the rows of search above `depth` (each row's
 * queen on a square it offers, no two attacking), in lexicographic order, each a copy of
 * pattern with those queens added after its own. With mirror nonzero, placements whose top
 * queen lies right of the middle are left out, and those left of it weighted 2. Returns NQ_OK
 * or NQ_ERR_NOMEM. */
nq_status nq_split_rows(const nq_search *search, const nq_unit *pattern, int depth, int mirror,
                        nq_unit_list *list);

/* How many placements of the rows above depth nq_split_rows would make, or limit + 1 if more
 * than limit (it stops counting there). */
size_t nq_split_rows_count(const nq_search *search, int depth, int mirror, size_t limit);

/* Applies the restrictions of unit's shape to search. */
void nq_shape_restrict(nq_search *search, const nq_unit *unit);

/* Places a queen on (row, col) of search: that row offers only that square, and no other row a
 * square it attacks. The caller makes sure the square is free. */
void nq_search_place(nq_search *search, int row, int col);

/* The search of unit's completions: base with the unit's queens placed. */
void nq_search_of_unit(const nq_search *base, const nq_unit *unit, nq_search *out);

/* Called for each piece of a unit's search (pieces.c) with the piece's search; a nonzero
 * return stops the walk. */
typedef int (*nq_piece_fn)(void *context, const nq_search *piece);

/* Calls piece for the pieces of search, the search of a unit, from number `first` on: the
 * searches with `levels` more queens placed, in a fixed order, which share out its completions
 * (see pieces.c). Returns NQ_OK, or NQ_ERR_STOPPED if a call asked to stop. */
nq_status nq_pieces_walk(const nq_search *search, int levels, uint64_t first, nq_piece_fn piece,
                         void *context);

/* The solutions of the empty n x n board (n <= 32; 0 beyond) that the half turn maps onto
 * themselves, and those that the quarter turn does (symmetric.c). The half turn's search also
 * comes built for CPUs with a popcount instruction (only call it on one). */
uint64_t nq_count_half_turn(int n);
uint64_t nq_count_half_turn_popcnt(int n);
uint64_t nq_count_quarter_turn(int n);

/* Takes from each open line i of one kind (lines[i], i in open: rows, or columns) the squares a
 * queen on line q of that kind, at square `at` of the lines of the other kind, attacks: `at`
 * itself and the two squares |i - q| away from it. Lines above q and below q go in two loops,
 * which spares taking |i - q|. Adds the lines left with one square or none to *single; returns
 * nonzero if a line is left with none. The searches that fill any line (kernel_nodes.c and
 * find/complete_walk.c) place their queens with it. */
static inline __attribute__((always_inline)) uint64_t nq_take_attacked(uint64_t *lines,
                                                                       uint64_t open, int q,
                                                                       uint64_t at,
                                                                       uint64_t *single)
{
    const uint64_t below_q = (UINT64_C(1) << q) - 1;
    uint64_t empty = 0, ones = 0;
    for (uint64_t m = open & below_q; m; m &= m - 1) {
        int i = __builtin_ctzll(m), d = q - i;
        uint64_t x = lines[i] & ~(at | at << d | at >> d);
        lines[i] = x;
        empty |= !x;
        ones |= (x & (x - 1)) ? 0 : UINT64_C(1) << i;
    }
    for (uint64_t m = open & ~below_q; m; m &= m - 1) {
        int i = __builtin_ctzll(m), d = i - q;
        uint64_t x = lines[i] & ~(at | at << d | at >> d);
        lines[i] = x;
        empty |= !x;
        ones |= (x & (x - 1)) ? 0 : UINT64_C(1) << i;
    }
    *single |= ones;
    return empty;
}

#endif /* NQ_ENGINE_H */
