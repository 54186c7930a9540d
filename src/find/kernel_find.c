/*
 * kernel_find.c - whether a compiled board has a completion: the proof engine of the guided
 * listing (solve_walk.c), for boards up to 64 wide.
 *
 * Finding one completion, or proving there is none, needs no order, so this search fills the
 * line with the fewest free squares first, a row or a column (each must hold one queen), and
 * adds what makes proofs short: a line with no square left ends the branch, and a column that a
 * single open row offers forces that row's queen there (two such columns on one row end the
 * branch). On the subtrees of the first solutions' walk that hold none, filling rows only (as
 * kernel_mrv.c does) proved emptiness much faster than the row-by-row kernel, and columns
 * faster still (BENCHMARKS.md, "The first solutions").
 *
 * Diagonals are kept by absolute index (r + c, and c - r + n - 1) in 128-bit masks, so that
 * rows can be filled in any order on boards up to 64 wide; on boards up to 32 wide they fit the
 * masks' low halves, and the walk built for those shifts 64 bits only, which is cheaper.
 *
 * With the test of the diagonals' sums (nq_finder.sums_test; engine/diagonal_sums.h), a node
 * whose queens to come cannot meet the sums every completion fixes is a dead end, and a diagonal
 * those sums cannot do without becomes a line to fill, like a row or a column, when it has fewer
 * free squares. The down-diagonals' sum alone (NQ_SUMS_DOWN) is the cheaper test that the first
 * solutions' questions about the empty board take. Built apart from the walk without a test,
 * which pays nothing for it. Where the sums pass a node high in a long proof's tree, the
 * matching of diagonals through free squares (diagonal_matching.c) tests it harder and rules
 * squares out of its subtree (nq_finder.allowed).
 *
 * With a seed, each row's squares are tried in a random order: a search that finds nothing
 * within its budget can start over elsewhere, which is what cures the heavy tails of finding.
 */
#include <string.h>

#include "base/base.h"
#include "engine/diagonal_sums.h"
#include "find/find.h"

#define POLL_MASK 4095           /* nodes between looks at the stop request */

/* The line a node branches on: a row and the columns to try in it, a column and the rows to
 * try in it, or a diagonal that every completion uses and the rows of its free squares; and
 * the diagonals that still hold a free square (diagonal_sums.h). */
typedef struct line {
    int row, col;       /* the row, col < 0; or the column, row < 0; or both < 0: */
    int diagonal;       /* the diagonal (as nq_find_step's), else -1 */
    uint64_t squares;   /* columns of the row, or rows of the column or diagonal; 0 at a dead
                           end */
    nq_u128_bits up_free, down_free;   /* by absolute index, as up and down */
} line;

/* The open rows of a node that offer column c, from their free squares (free[r]). */
static inline __attribute__((always_inline)) uint64_t rows_offering(const uint64_t *free,
                                                                    uint64_t open, int c)
{
    uint64_t rows = 0;
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        rows |= (free[r] >> c & 1) << r;
    }
    return rows;
}

/* Free squares counted per line in bit-sliced counters, one bit of each count per word (a
 * line's bit in bit0, bit1, bit2; in many when 8 or more), which add a row's squares in a few
 * instructions. */
typedef struct counts {
    uint64_t bit0, bit1, bit2, many;
} counts;

static inline __attribute__((always_inline)) void count_in(counts *c, uint64_t squares)
{
    uint64_t carry = c->bit0 & squares, carry1 = c->bit1 & carry;
    c->bit0 ^= squares, c->bit1 ^= carry, c->many |= c->bit2 & carry1, c->bit2 ^= carry1;
}

/* The lines of `lines` that hold exactly k squares by c (k < 8). */
static inline __attribute__((always_inline)) uint64_t holding(const counts *c, uint64_t lines,
                                                              unsigned k)
{
    return lines & ~c->many & (k & 1 ? c->bit0 : ~c->bit0) & (k & 2 ? c->bit1 : ~c->bit1) &
           (k & 4 ? c->bit2 : ~c->bit2);
}

/* Picks the line to fill next: a row that a column only it offers forces, else the line, row
 * or column, with the fewest free squares (a row on a tie). A dead end when an open row or an
 * untaken column has no square left. Fills free[r] with the free squares of each open row. */
static inline __attribute__((always_inline)) line choose(const nq_search *search, uint64_t open,
                                                         uint64_t cols, nq_u128_bits up,
                                                         nq_u128_bits down, int narrow,
                                                         int sums, const uint64_t *allow,
                                                         uint64_t *free)
{
    unsigned least = ~0u;   /* free squares << 8 | row: the minimum picks both */
    counts columns = { 0, 0, 0, 0 };
    uint64_t up_low = 0, down_low = 0, up_high = 0, down_high = 0;   /* the masks' halves */
    int n = search->n;
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        uint64_t f = free[r] = nq_find_row_free(search->n, allow, r, cols, up, down, narrow);
        if (sums == NQ_SUMS_ALL && narrow) {
            up_low |= f << r, down_low |= f << (n - 1 - r);
        } else if (sums == NQ_SUMS_DOWN && narrow) {
            down_low |= f << (n - 1 - r);
        } else if (sums) {
            if (sums == NQ_SUMS_ALL)
                nq_add_up_diagonals(f, r, &up_low, &up_high);
            nq_add_down_diagonals(f, r, n, &down_low, &down_high);
        }
        unsigned key = (unsigned)__builtin_popcountll(f) << 8 | (unsigned)r;
        count_in(&columns, f);
        least = key < least ? key : least;
    }
    nq_u128_bits up_free = (nq_u128_bits)up_high << 64 | up_low;
    nq_u128_bits down_free = (nq_u128_bits)down_high << 64 | down_low;
    uint64_t untaken = search->full & ~cols;
    uint64_t none = untaken & ~(columns.bit0 | columns.bit1 | columns.bit2 | columns.many);
    line best = { (int)(least & 0xFF), -1, -1, 0, up_free, down_free };
    if (none || (least >> 8) == 0)
        return best;
    uint64_t single = holding(&columns, untaken, 1);
    if (single) {
        int c = __builtin_ctzll(single);
        uint64_t rows = rows_offering(free, open, c);
        int r = __builtin_ctzll(rows);
        uint64_t f = free[r] & single;
        /* Every column that only r offers must take r's queen: two of them cannot. */
        return (line){ r, -1, -1, (f & (f - 1)) ? 0 : f, up_free, down_free };
    }
    /* The column with the fewest squares, if fewer than the row's. */
    for (unsigned k = 2; k < (least >> 8) && k < 8; k++) {
        uint64_t exact = holding(&columns, untaken, k);
        if (exact) {
            int c = __builtin_ctzll(exact);
            return (line){ -1, c, -1, rows_offering(free, open, c), up_free, down_free };
        }
    }
    best.squares = free[best.row];
    return best;
}

/* The needed diagonal (nq_diagonals_needed: one of up_needed, or of down_needed) with the
 * fewest free squares, as the line to branch on if it has fewer than `best`; else best. The
 * squares of the needed diagonals are counted here, from the rows' free squares, only at the
 * nodes that have such diagonals: counting every diagonal's squares in choose() cost more (on
 * 64 bits where the board is narrow, on 128 where it is wide: the same diagonal either way, so
 * that both walk the same tree). */
static inline __attribute__((always_inline)) line needed_diagonal(const nq_search *search,
                                                                  uint64_t open,
                                                                  const uint64_t *free,
                                                                  int narrow,
                                                                  nq_u128_bits up_needed,
                                                                  nq_u128_bits down_needed,
                                                                  line best)
{
    int n = search->n;
    unsigned fewest = (unsigned)__builtin_popcountll(best.squares);
    for (int kind = 0; kind < 2; kind++) {
        nq_u128_bits needed = kind ? down_needed : up_needed;
        if (!needed)
            continue;
        nq_u128_bits bit0 = 0, bit1 = 0, bit2 = 0, many = 0;
        if (narrow) {
            counts c = { 0, 0, 0, 0 };
            for (uint64_t m = open; m; m &= m - 1) {
                int r = __builtin_ctzll(m);
                count_in(&c, free[r] << (kind ? n - 1 - r : r) & (uint64_t)needed);
            }
            bit0 = c.bit0, bit1 = c.bit1, bit2 = c.bit2, many = c.many;
        } else {
            for (uint64_t m = open; m; m &= m - 1) {
                int r = __builtin_ctzll(m);
                nq_u128_bits g = (nq_u128_bits)free[r] << (kind ? n - 1 - r : r) & needed;
                nq_u128_bits carry = bit0 & g, carry1 = bit1 & carry;
                bit0 ^= g, bit1 ^= carry, many |= bit2 & carry1, bit2 ^= carry1;
            }
        }
        for (unsigned k = 1; k < fewest && k < 8; k++) {
            nq_u128_bits exact = needed & ~many & (k & 1 ? bit0 : ~bit0) &
                                 (k & 2 ? bit1 : ~bit1) & (k & 4 ? bit2 : ~bit2);
            if (!exact)
                continue;
            int d = (uint64_t)exact ? __builtin_ctzll((uint64_t)exact)
                                    : 64 + __builtin_ctzll((uint64_t)(exact >> 64));
            uint64_t rows = 0;
            for (uint64_t m = open; m; m &= m - 1) {
                int r = __builtin_ctzll(m), c = kind ? d - (n - 1) + r : d - r;
                if (c >= 0 && c < n)
                    rows |= (free[r] >> c & 1) << r;
            }
            best.row = best.col = -1, best.diagonal = kind * 128 + d, best.squares = rows;
            fewest = k;
            break;
        }
    }
    return best;
}

/* The free diagonals of one kind (free) that no queen of a completion can take, the queens
 * having `slack` and the k nearest lying within `ring` (nq_diagonals_within_ring), on 64 bits
 * where the board is narrow. */
static inline __attribute__((always_inline)) nq_u128_bits out_of_reach(nq_u128_bits free, int ring,
                                                                       int n, int slack,
                                                                       int narrow)
{
    return free & ~(narrow ? nq_diagonals_within_ring(ring, n - 1, slack)
                           : nq_diagonals_within_ring_wide(ring, n - 1, slack));
}

/* The free diagonals of one kind that every completion uses (nq_diagonals_needed). */
static inline __attribute__((always_inline)) nq_u128_bits needed(nq_u128_bits free, int k, int n,
                                                                 int slack, int ring, int narrow)
{
    return narrow ? nq_diagonals_needed_narrow((uint64_t)free, k, n - 1, slack, ring)
                  : nq_diagonals_needed(free, k, n - 1, slack);
}

/* Whether a node with k open rows is worth the matching's test (diagonal_matching.c): it costs
 * as much as a few dozen nodes and pays where the subtrees below are large, once the search has
 * spent f->match_after nodes (0 but in the tests). On boards with bad squares, at nodes with
 * four fifths of the rows or more open (three quarters: more tests for few more cuts); on the
 * first solutions' questions about the empty board (sums_test NQ_SUMS_DOWN), whose roots have
 * the top rows placed and whose nodes hold far larger subtrees, down to half the rows and two
 * (BENCHMARKS.md, "The matching of diagonals"). */
static inline __attribute__((always_inline)) int worth_matching(const nq_finder *f, int n, int k,
                                                                uint64_t done, int sums_test)
{
    int enough = sums_test == NQ_SUMS_DOWN ? 2 * k >= n + 4 : 5 * k >= 4 * n;
    return enough && f->nodes + done >= f->match_after;
}

/* The matching's test of a node at `depth` whose untaken columns are cols and whose squares
 * come from *allow, from the mean of its open rows and columns on the first solutions'
 * questions (sums_test NQ_SUMS_DOWN), else from the middle: 0 when the node has no completion;
 * else 1, and where it rules squares out, *allow becomes f->allowed[depth], the node's own
 * copy without them, for its whole subtree (*allow_at = depth). */
static int match_node(nq_finder *f, int depth, uint64_t open, uint64_t cols, const uint64_t *free,
                      int sums_test, const uint64_t **allow, int *allow_at)
{
    int n = f->search->n;
    uint64_t ruled_out[NQ_MAX_N], any = 0;
    f->matchings++;
    if (!nq_diagonal_matching_node(n, open, cols, free, sums_test == NQ_SUMS_DOWN, ruled_out))
        return 0;
    for (uint64_t m = open; m; m &= m - 1)
        any |= ruled_out[__builtin_ctzll(m)];
    if (!any)
        return 1;
    uint64_t *own = f->allowed[depth];   /* *allow is the board's or an ancestor's */
    memcpy(own, *allow, sizeof(uint64_t) * (size_t)n);
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        own[r] &= ~ruled_out[r];
        f->ruled_out += (uint64_t)__builtin_popcountll(ruled_out[r]);
    }
    *allow = own, *allow_at = depth;
    return 1;
}

/* Runs f for `nodes` nodes more at most, built twelve times: with and without a popcount
 * instruction, for boards up to 32 wide (narrow) and wider, with the test of the diagonals'
 * sums, its down-diagonals' sum alone, or none (nq_finder.sums_test). The search stops between
 * two nodes with its stack in order, and goes on from there when run again. */
static inline __attribute__((always_inline)) nq_status run(nq_finder *f, uint64_t nodes,
                                                           const nq_stop *stop, int8_t *cols_out,
                                                           int narrow, int sums_test)
{
    const nq_search *search = f->search;
    const int n = search->n;
    nq_find_step *stack = f->stack;
    int depth = f->depth;
    uint64_t cols = f->cols, open = f->open;   /* the node to expand: read on the first run */
    nq_u128_bits up = f->up, down = f->down;
    nq_diagonal_sums sums = f->sums;
    uint64_t done = 0;   /* nodes of this run */
    uint64_t free[NQ_MAX_N];   /* the free squares of each open row of the node (choose()) */
    const uint64_t *allow = search->allow;   /* the squares the node's subtree may use */
    int allow_at = -1;                       /* where they are kept: f->allowed[allow_at], or
                                                the board's (-1) */
    int matched = 0;                         /* the node had the matching's test */
    if (stop && nq_stop_requested(stop))
        return NQ_ERR_STOPPED;
    if (f->depth < 0) {   /* the first run: look at the root */
        depth = 0;
        goto expand;
    }
    for (;;) {
        while (depth > 0 && !stack[depth - 1].free_)
            depth--;
        if (depth == 0) {
            f->depth = 0;
            f->nodes += done;
            return NQ_ERR_NO_SOLUTION;
        }
        if (++done > nodes || ((done & POLL_MASK) == 0 && stop && nq_stop_requested(stop))) {
            f->depth = depth;
            f->nodes += done - 1;
            return NQ_ERR_STOPPED;
        }
        nq_find_step *s = &stack[depth - 1];
        uint64_t pick = s->free_;
        if (f->random) {
            uint64_t x = nq_random_next(&f->random);
            for (int skip = (int)(x % (uint64_t)__builtin_popcountll(pick)); skip; skip--)
                pick &= pick - 1;
        }
        uint64_t bit = pick & -pick;
        s->free_ ^= bit;
        int r, c;
        nq_find_step_square(s, n, __builtin_ctzll(bit), &r, &c);
        f->placed[r] = (int8_t)c;
        cols = s->cols | UINT64_C(1) << c;
        if (narrow) {
            up = (uint64_t)s->up | UINT64_C(1) << (r + c);
            down = (uint64_t)s->down | UINT64_C(1) << (c - r + n - 1);
        } else {
            up = s->up | (nq_u128_bits)1 << (r + c);
            down = s->down | (nq_u128_bits)1 << (c - r + n - 1);
        }
        open = s->open & ~(UINT64_C(1) << r);
        if (sums_test)
            sums = nq_diagonal_sums_take(s->sums, n, r, c);
        allow_at = s->allow_at;
        allow = allow_at < 0 ? search->allow : f->allowed[allow_at];
        matched = 0;
    expand:;
        line next = choose(search, open, cols, up, down, narrow, sums_test, allow, free);
        if (next.squares && next.row >= 0 && !(open & (open - 1))) {   /* the last row */
            f->placed[next.row] = (int8_t)__builtin_ctzll(next.squares);
            for (int r = 0; r < n; r++)
                cols_out[r] = f->placed[r];
            f->depth = depth;
            f->nodes += done;
            return NQ_OK;
        }
        int k = __builtin_popcountll(open);   /* queens still to place */
        if (next.squares && sums_test == NQ_SUMS_DOWN) {
            if (!(narrow ? nq_diagonal_sums_down(sums, k, (uint64_t)next.down_free)
                         : nq_diagonal_sums_down_wide(sums, k, next.down_free)))
                next.squares = 0;
        } else if (next.squares && sums_test) {
            int up_ring, down_ring;   /* where the k nearest free diagonals of each kind lie */
            int slack = narrow ? nq_diagonal_sums_slack_rings(sums, n, k, (uint64_t)next.up_free,
                                                              (uint64_t)next.down_free, &up_ring,
                                                              &down_ring)
                               : nq_diagonal_sums_slack_rings_wide(sums, n, k, next.up_free,
                                                                   next.down_free, &up_ring,
                                                                   &down_ring);
            nq_u128_bits up_far, down_far;
            if (slack < 0) {
                next.squares = 0;
            } else if ((up_far = out_of_reach(next.up_free, up_ring, n, slack, narrow)) |
                       (down_far = out_of_reach(next.down_free, down_ring, n, slack, narrow))) {
                /* Diagonals beyond the queens' reach hold no queen of any completion: taken
                 * out as if used, for the whole subtree, they take squares from the lines,
                 * and the node is looked at again. */
                up |= up_far, down |= down_far;
                f->far_cuts++;
                goto expand;
            }
            if (next.squares && (next.squares & (next.squares - 1)) && slack >= 0) {
                /* A diagonal every completion uses may be a shorter line than the node's. */
                nq_u128_bits up_needed = needed(next.up_free, k, n, slack, up_ring, narrow);
                nq_u128_bits down_needed = needed(next.down_free, k, n, slack, down_ring, narrow);
                if (up_needed | down_needed) {
                    next = needed_diagonal(search, open, free, narrow, up_needed, down_needed,
                                           next);
                    f->diagonal_lines += next.diagonal >= 0;
                }
            }
        }
        if (next.squares && sums_test && !matched && worth_matching(f, n, k, done, sums_test)) {
            /* Squares the matching rules out are taken out of the subtree, and the node is
             * looked at again; one test a node. */
            matched = 1;
            const uint64_t *before = allow;
            if (!match_node(f, depth, open, search->full & ~cols, free, sums_test, &allow,
                            &allow_at))
                next.squares = 0;
            else if (allow != before)
                goto expand;
        }
        if (next.squares)
            stack[depth++] = (nq_find_step){ cols, up, down, next.squares, open, next.row,
                                             next.col, next.diagonal, sums, allow_at };
    }
}

/* The six walks of a CPU path: narrow or wide, with the whole test of the diagonals' sums, its
 * down-diagonals' sum alone, or none (whose nodes then pay nothing for it). */
#define RUN_SUMS(f, nodes, stop, cols, narrow)                                                   \
    ((f)->sums_test == NQ_SUMS_DOWN ? run(f, nodes, stop, cols, narrow, NQ_SUMS_DOWN)          \
     : (f)->sums_test               ? run(f, nodes, stop, cols, narrow, NQ_SUMS_ALL)           \
                                    : run(f, nodes, stop, cols, narrow, NQ_SUMS_OFF))
#define RUN_CHOSEN(f, nodes, stop, cols)                                                         \
    ((f)->wide ? RUN_SUMS(f, nodes, stop, cols, 0) : RUN_SUMS(f, nodes, stop, cols, 1))

nq_status nq_finder_run_portable(nq_finder *f, uint64_t nodes, const nq_stop *stop, int8_t *cols)
{
    return RUN_CHOSEN(f, nodes, stop, cols);
}

NQ_TARGET_POPCNT nq_status nq_finder_run_popcnt(nq_finder *f, uint64_t nodes, const nq_stop *stop,
                                                int8_t *cols)
{
    return RUN_CHOSEN(f, nodes, stop, cols);
}

void nq_finder_init(nq_finder *f, const nq_search *search, uint64_t seed,
                    const nq_find_kernels *kernels)
{
    f->search = search;
    f->depth = -1;
    f->cols = 0, f->open = search->full, f->up = 0, f->down = 0;
    f->random = seed;
    f->nodes = 0;
    f->diagonal_lines = 0;
    f->far_cuts = 0;
    f->matchings = 0;
    f->ruled_out = 0;
    f->match_after = 0;
    f->kernels = kernels;
    f->wide = search->n > 32;
    f->sums = nq_diagonal_sums_of(search->n, f->open, search->full & ~f->cols);
    f->sums_test = NQ_SUMS_ALL;
}

nq_status nq_finder_run(nq_finder *f, uint64_t nodes, const nq_stop *stop, int8_t *cols)
{
    return f->kernels->finder_run(f, nodes, stop, cols);
}
