/*
 * symmetric.c - the solutions of the empty board that a turn maps onto themselves: P, those the
 * half turn keeps, and R, those a quarter turn keeps, which give the classes with the total
 * (burnside.c).
 *
 * They come from searches over a half and a quarter of the board: a solution the half turn
 * keeps is decided by its top n/2 rows, one the quarter turn keeps by one queen of each orbit
 * of four. They are tiny next to the total: P grows about threefold a size, the total tenfold
 * (BENCHMARKS.md has their times).
 *
 * Lines are numbered absolutely, so that a queen's images can be set and checked anywhere:
 * column c, diagonal r + c ("d1", 0..2n-2), antidiagonal c - r + n - 1 ("d2"). With n <= 32
 * every set fits 64 bits.
 */
#include "base/base.h"
#include "engine/engine.h"

/* The largest side these searches take: 2n - 1 diagonals in 64 bits. */
#define TURN_MAX_N 32

static uint64_t bit(int i)
{
    return UINT64_C(1) << i;
}

/* ---- the half turn ------------------------------------------------------------------------ */

/* A partial half-turn-symmetric solution: each queen (r, c) of the top half comes with its
 * image (n-1-r, n-1-c) in the bottom half. The half turn maps column c to n-1-c and diagonal k
 * to 2n-2-k, so the sets taken, built of queens and their images, are their own images: a
 * square is free just when its image is. */
typedef struct half_lines {
    int n;
    uint64_t open;            /* rows of the top half still empty */
    uint64_t cols, d1, d2;    /* lines taken */
} half_lines;

/* The squares of top row r that a queen may take with its image: free, and not attacking its
 * own image, which it does only from the two long diagonals (c = r or c = n-1-r). */
static uint64_t half_free(const half_lines *t, int r)
{
    const int n = t->n;
    uint64_t free = (bit(n) - 1) & ~t->cols & ~(t->d1 >> r) & ~(t->d2 >> (n - 1 - r));
    return free & ~(bit(r) | bit(n - 1 - r));
}

/* The open row of t with the fewest free squares (among `only`), and those squares in
 * *choices: filling it first prunes far sooner than filling rows in order (fewer nodes by a
 * factor that grows with n). *choices is 0 for a dead end. */
static inline __attribute__((always_inline)) int fewest_row(const half_lines *t, uint64_t only,
                                                            uint64_t *choices)
{
    int best = -1, fewest = 65;
    *choices = 0;
    for (uint64_t open = t->open; open && fewest; open &= open - 1) {
        int r = __builtin_ctzll(open);
        uint64_t free = half_free(t, r) & only;
        int k = __builtin_popcountll(free);
        if (k < fewest)
            best = r, fewest = k, *choices = free;
    }
    return best;
}

/* One row being filled: the lines before it, the row, its squares still to try. */
typedef struct half_step {
    half_lines lines;
    int row;
    uint64_t choices;
} half_step;

/* Counts the completions of root, the first row's queen restricted to the columns in `only`,
 * depth first with a stack of steps. */
static inline __attribute__((always_inline)) uint64_t half_turn_count(half_lines root,
                                                                      uint64_t only)
{
    half_step stack[TURN_MAX_N / 2];
    int depth = 0;
    uint64_t count = 0;
    stack[0].lines = root;
    stack[0].row = fewest_row(&root, only, &stack[0].choices);
    for (;;) {
        half_step *s = &stack[depth];
        if (!s->choices) {
            if (depth-- == 0)
                return count;
            continue;
        }
        if (s->lines.open == bit(s->row)) {
            count += (uint64_t)__builtin_popcountll(s->choices);   /* each completes one */
            s->choices = 0;
            continue;
        }
        const int n = root.n, r = s->row, c = __builtin_ctzll(s->choices);
        s->choices &= s->choices - 1;
        half_step *next = &stack[++depth];
        next->lines = (half_lines){ n, s->lines.open & ~bit(r), s->lines.cols | bit(c) | bit(n - 1 - c),
                                    s->lines.d1 | bit(r + c) | bit(2 * n - 2 - r - c),
                                    s->lines.d2 | bit(c - r + n - 1) | bit(r - c + n - 1) };
        next->row = fewest_row(&next->lines, ~UINT64_C(0), &next->choices);
    }
}

/* The half turn's solutions of side n. Inlined into two builds below, with and without a
 * popcount instruction, which the choice of row uses at every node (engine/kernels.c picks). */
static inline __attribute__((always_inline)) uint64_t half_turn(int n)
{
    if (n < 1 || n > TURN_MAX_N)
        return 0;
    if (n == 1)
        return 1;
    /* On an odd board the middle row's queen is its own image: the centre. */
    const int m = n / 2;
    uint64_t centre = n % 2 ? bit(m) : 0, diagonal = n % 2 ? bit(n - 1) : 0;
    half_lines root = { n, bit(m) - 1, centre, diagonal, diagonal };
    /* The left-right mirror keeps the half turn's solutions and the empty (or centred) board,
     * and moves the first queen placed from column c to n-1-c, never the same column (the
     * middle one, on odd boards, is the centre's): count those left of the middle, twice. */
    return 2 * half_turn_count(root, bit(m) - 1);
}

uint64_t nq_count_half_turn(int n)
{
    return half_turn(n);
}

NQ_TARGET_POPCNT uint64_t nq_count_half_turn_popcnt(int n)
{
    return half_turn(n);
}

/* ---- the quarter turn --------------------------------------------------------------------- */

/* A partial quarter-turn-symmetric solution: the lines its queens take. The quarter turn maps
 * the rows a solution fills onto the columns it fills, so `cols` also says which rows are full. */
typedef struct turn_lines {
    int n;
    uint64_t cols, d1, d2;
} turn_lines;

/* Takes square (r, c) if it is free; returns whether it was. */
static int take(turn_lines *t, int r, int c)
{
    uint64_t col = bit(c), up = bit(r + c), down = bit(c - r + t->n - 1);
    if ((t->cols & col) || (t->d1 & up) || (t->d2 & down))
        return 0;
    t->cols |= col, t->d1 |= up, t->d2 |= down;
    return 1;
}

/* Counts the ways to complete t, the rows above r in the top half being full: row r's queen
 * (r, c) brings its orbit (c, n-1-r), (n-1-r, n-1-c), (n-1-c, r), four queens in four rows
 * (c may be neither r nor n-1-r, or the orbit would fold onto itself), each checked against
 * all placed before it. */
static uint64_t quarter_turn_rows(turn_lines t, int r)
{
    const int n = t.n, m = n / 2;
    while (r < m && (t.cols >> r & 1))
        r++;   /* filled by an earlier orbit */
    if (r == m)
        return 1;
    uint64_t free = (bit(n) - 1) & ~t.cols & ~(bit(r) | bit(n - 1 - r)), count = 0;
    while (free) {
        int c = __builtin_ctzll(free);
        free &= free - 1;
        turn_lines next = t;
        if (take(&next, r, c) && take(&next, c, n - 1 - r) && take(&next, n - 1 - r, n - 1 - c) &&
            take(&next, n - 1 - c, r))
            count += quarter_turn_rows(next, r + 1);
    }
    return count;
}

uint64_t nq_count_quarter_turn(int n)
{
    /* Orbits of four fill the rows but the middle one: n mod 4 must be 0 or 1. */
    if (n < 1 || n > TURN_MAX_N || n % 4 > 1)
        return 0;
    turn_lines t = { n, 0, 0, 0 };
    if (n % 2)
        take(&t, n / 2, n / 2);   /* the centre is its own image */
    return quarter_turn_rows(t, 0);
}
