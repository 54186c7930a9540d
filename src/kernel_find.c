/*
 * kernel_find.c - whether a compiled board has a completion: the proof engine of the guided
 * listing (solve_walk.c), for boards up to 64 wide.
 *
 * Finding one completion, or proving there is none, needs no order, so this search fills the
 * open row with the fewest free squares first, as kernel_mrv.c does, and adds what makes proofs
 * short: an untaken column offered by no open row ends the branch, and one offered by a single
 * open row forces that row's queen there (two such columns on one row end the branch). On the
 * subtrees of the 32 x 32 board's first solution that hold none, this proves emptiness five
 * times as fast as the row-by-row kernel (BENCHMARKS.md).
 *
 * Diagonals are kept by absolute index (r + c, and c - r + n - 1) in 128-bit masks, so that
 * rows can be filled in any order on boards up to 64 wide.
 *
 * With a seed, each row's squares are tried in a random order: a search that finds nothing
 * within its budget can start over elsewhere, which is what cures the heavy tails of finding.
 */
#include "internal.h"

typedef unsigned __int128 u128;

#define POLL_MASK 4095   /* nodes between looks at the stop request */

/* One filled row, and what was taken before it. */
typedef struct step {
    uint64_t cols;      /* columns taken before this row */
    u128 up, down;      /* diagonals taken before this row */
    uint64_t free_;     /* squares of the row still to try */
    uint64_t open;      /* rows still open after this one */
    int row;
} step;

/* The free squares of open row r. */
static inline uint64_t row_free(const nq_search *search, int r, uint64_t cols, u128 up,
                                u128 down)
{
    int n = search->n;
    return search->allow[r] & ~(cols | (uint64_t)(up >> r) | (uint64_t)(down >> (n - 1 - r)));
}

/* Picks the row to fill next and the squares to try there: a row forced by a column only it
 * offers, else the row with the fewest free squares. Returns the row, and in *squares its
 * squares to try, 0 at a dead end. */
static inline __attribute__((always_inline)) int choose(const nq_search *search, uint64_t open,
                                                        uint64_t cols, u128 up, u128 down,
                                                        uint64_t *squares)
{
    unsigned least = ~0u;              /* free squares << 8 | row: the minimum picks both */
    uint64_t offered = 0, twice = 0;   /* columns offered by one open row at least, two */
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        uint64_t f = row_free(search, r, cols, up, down);
        unsigned key = (unsigned)__builtin_popcountll(f) << 8 | (unsigned)r;
        twice |= offered & f;
        offered |= f;
        least = key < least ? key : least;
    }
    uint64_t untaken = search->full & ~cols;
    int best = (int)(least & 0xFF);
    *squares = 0;
    if ((offered & untaken) != untaken || (least >> 8) == 0)
        return best;
    uint64_t single = untaken & ~twice;
    if (!single) {
        *squares = row_free(search, best, cols, up, down);
        return best;
    }
    int c = __builtin_ctzll(single);
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        uint64_t f = row_free(search, r, cols, up, down);
        if (f >> c & 1) {
            /* Every column that only r offers must take r's queen: two of them cannot. */
            *squares = (f & single) == (f & single & -(f & single)) ? f & single : 0;
            return r;
        }
    }
    return best;   /* not reached: some open row offers c */
}

/* The search, built twice: with and without a popcount instruction. */
static inline __attribute__((always_inline)) nq_status find(const nq_search *search,
                                                            const nq_find_limits *limits,
                                                            int8_t *cols_out)
{
    const int n = search->n;
    uint64_t cols = 0, open = search->full, nodes = 0;
    uint64_t budget = limits->max_nodes ? limits->max_nodes : UINT64_MAX;
    u128 up = 0, down = 0;
    uint64_t random = limits->seed;   /* xorshift64 state; 0 keeps to the lowest square */
    step stack[NQ_MAX_N];
    int8_t placed[NQ_MAX_N];
    int depth = 0;
    for (;;) {
        uint64_t squares;
        int row = choose(search, open, cols, up, down, &squares);
        uint64_t rest = open & ~(UINT64_C(1) << row);
        if (squares && !rest) {
            placed[row] = (int8_t)__builtin_ctzll(squares);
            for (int r = 0; r < n; r++)
                cols_out[r] = placed[r];
            return NQ_OK;
        }
        if (squares)
            stack[depth++] = (step){ cols, up, down, squares, rest, row };
        while (depth > 0 && !stack[depth - 1].free_)
            depth--;
        if (depth == 0)
            return NQ_ERR_NO_SOLUTION;
        if (++nodes >= budget ||
            ((nodes & POLL_MASK) == 0 && nq_stop_requested(&limits->stop)))
            return NQ_ERR_STOPPED;
        step *s = &stack[depth - 1];
        uint64_t pick = s->free_;
        if (random) {
            random ^= random << 13, random ^= random >> 7, random ^= random << 17;
            for (int skip = (int)(random % (uint64_t)__builtin_popcountll(pick)); skip; skip--)
                pick &= pick - 1;
        }
        uint64_t bit = pick & -pick;
        int c = __builtin_ctzll(bit);
        s->free_ ^= bit;
        placed[s->row] = (int8_t)c;
        cols = s->cols | bit;
        up = s->up | (u128)1 << (s->row + c);
        down = s->down | (u128)1 << (c - s->row + n - 1);
        open = s->open;
    }
}

static nq_status find_plain(const nq_search *search, const nq_find_limits *limits, int8_t *cols)
{
    return find(search, limits, cols);
}

__attribute__((target("popcnt"))) static nq_status find_popcnt(const nq_search *search,
                                                                const nq_find_limits *limits,
                                                                int8_t *cols)
{
    return find(search, limits, cols);
}

nq_status nq_kernel_find(const nq_search *search, const nq_find_limits *limits, int8_t *cols)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") ? find_popcnt(search, limits, cols)
                                            : find_plain(search, limits, cols);
}
