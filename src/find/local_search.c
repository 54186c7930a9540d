/*
 * local_search.c - a random solution of a huge board by local search.
 *
 * After Sosic and Gu's QS4 (1991, 1994): the queens form a permutation, so rows and columns
 * never clash and only diagonals need repair. The start puts row after row on a random column of
 * those left whose two diagonals are still empty, trying a few candidates per row; the rows where
 * every candidate fails (about ten, near the end, on a big board) keep the last one and go on
 * a list. The repair then works on the listed queens only, never scanning the board: each one
 * still attacked swaps columns with a random row when the swap lowers the number of attacking
 * pairs. Both steps take expected linear time; a search stuck too long starts over.
 */
#include <stdlib.h>
#include <string.h>

#include "base/base.h"

/* Candidates a row of the start tries before it takes one under attack. Rows try about three
 * on average; with 128 at most, the start leaves about ten queens under attack on a board of a
 * million or ten million (with 16, a hundredth of them, and the repair then dominates). */
#define START_TRIES 128
/* Most queens a diagonal counter holds: one byte each keeps the counters small in the cache. A
 * diagonal holds that many only on a board far from any solution; the search refuses to go
 * there (and starts over if it must). */
#define FULL UINT8_MAX
/* Steps between two looks at *stop: rare enough to cost nothing, often enough for Ctrl-C. */
#define STOP_MASK 0xFFFFu
/* Random numbers the start draws ahead of their use, so that the squares they will try are
 * fetched from memory early: on ten million queens the start waits on memory, not on
 * arithmetic, and fetching early saves a quarter of its time. */
#define AHEAD 16

#if defined(__GNUC__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

/* The search: a permutation, the number of queens on each diagonal, and the list of rows that
 * may be attacked. */
typedef struct board_state {
    uint32_t n;
    int32_t *cols;       /* cols[r]: row r's column */
    uint8_t *up;         /* queens on diagonal r + c, at most FULL */
    uint8_t *down;       /* queens on diagonal r - c + n - 1, at most FULL */
    uint32_t *listed;    /* rows holding one queen of every attacking pair, and maybe others */
    size_t count;        /* rows in listed */
    size_t capacity;     /* room in listed */
    long pairs;          /* attacking pairs on the board */
    uint64_t random;     /* xorshift64* state, never 0 */
    uint64_t steps;      /* steps taken, to look at *stop every STOP_MASK + 1 of them */
    const nq_stop_request *stop;   /* NULL, or nonzero to stop */
    uint64_t ahead[AHEAD];  /* the start's next random numbers, used oldest first */
    unsigned oldest;        /* index of the oldest in ahead */
} board_state;

static uint64_t next_random(board_state *s)
{
    return nq_random_next(&s->random);
}

/* Random number x made a number below bound (its top 32 bits scaled: no division). */
static uint32_t scaled(uint64_t x, uint32_t bound)
{
    return (uint32_t)((x >> 32) * bound >> 32);
}

static uint32_t below(board_state *s, uint32_t bound)
{
    return scaled(next_random(s), bound);
}

/* Spreads a seed over the 64 bits (splitmix64's finaliser), so that seeds 1, 2, 3 ... start
 * far apart; xorshift needs a state other than 0. */
static uint64_t first_state(uint64_t seed)
{
    uint64_t z = seed + UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    z ^= z >> 31;
    return z ? z : UINT64_C(0x9E3779B97F4A7C15);
}

/* Counts a step; every STOP_MASK + 1 steps, whether the caller asked to stop. */
static int stopped(board_state *s)
{
    return (s->steps++ & STOP_MASK) == 0 && s->stop && *s->stop;
}

/* Adds (delta = 1) or removes (delta = -1) row r's queen; returns the change in attacking
 * pairs. */
static long move(board_state *s, uint32_t r, int delta)
{
    uint8_t *u = &s->up[r + (uint32_t)s->cols[r]];
    uint8_t *d = &s->down[r + s->n - 1 - (uint32_t)s->cols[r]];
    long change = delta > 0 ? (long)*u + (long)*d : -((long)*u - 1) - ((long)*d - 1);
    *u = (uint8_t)(*u + delta);
    *d = (uint8_t)(*d + delta);
    return change;
}

static void swap_cols(board_state *s, uint32_t a, uint32_t b)
{
    int32_t t = s->cols[a];
    s->cols[a] = s->cols[b];
    s->cols[b] = t;
}

/* Swaps the columns of rows a and b; returns the change in attacking pairs. */
static long swap_queens(board_state *s, uint32_t a, uint32_t b)
{
    long change = move(s, a, -1) + move(s, b, -1);
    swap_cols(s, a, b);
    return change + move(s, a, 1) + move(s, b, 1);
}

/* The queens on the diagonals of square (r, c), row r's own queen included if it stands
 * there. */
static long on_diagonals(const board_state *s, uint32_t r, uint32_t c)
{
    return (long)s->up[r + c] + (long)s->down[r + s->n - 1 - c];
}

/* The attacking pairs row r's queen is in. */
static long pairs_of(const board_state *s, uint32_t r)
{
    return on_diagonals(s, r, (uint32_t)s->cols[r]) - 2;
}

static int attacked(const board_state *s, uint32_t r)
{
    return pairs_of(s, r) > 0;
}

/* Whether a queen put on square (r, c) would overfill a diagonal, with room for two: a swap
 * may put both its queens on one diagonal. */
static int nearly_full(const board_state *s, uint32_t r, uint32_t c)
{
    return s->up[r + c] >= FULL - 1 || s->down[r + s->n - 1 - c] >= FULL - 1;
}

/* Puts row r on the list. Returns 0, or -1 when memory ran out. */
static int list(board_state *s, uint32_t r)
{
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 1024;
        uint32_t *grown = realloc(s->listed, capacity * sizeof *grown);
        if (!grown)
            return -1;
        s->listed = grown;
        s->capacity = capacity;
    }
    s->listed[s->count++] = r;
    return 0;
}

/* A random row of the pool cols[r..n-1] for row r to take its column from. Meanwhile it
 * fetches the pool entry that the number drawn now will pick, and the diagonals of the column
 * that the one used AHEAD / 2 draws from now will pick: rows only move on by a few in
 * between, so these guesses fall on the right cache lines or next to them. */
static uint32_t candidate(board_state *s, uint32_t r)
{
    uint32_t n = s->n, left = n - r;
    uint64_t x = s->ahead[s->oldest], soon = s->ahead[(s->oldest + AHEAD / 2) % AHEAD];
    uint64_t later = s->ahead[s->oldest] = next_random(s);
    s->oldest = (s->oldest + 1) % AHEAD;
    PREFETCH(&s->cols[r + scaled(later, left)]);
    uint32_t c = (uint32_t)s->cols[r + scaled(soon, left)];
    PREFETCH(&s->up[r + c]);
    PREFETCH(&s->down[r + n - 1 - c]);
    return r + scaled(x, left);
}

/* Takes a column for row r from those left in cols[r..n-1]: the first of START_TRIES random
 * ones whose diagonals are empty, or else the last one tried. Returns 0, or -1 if that one
 * would overfill a diagonal. */
static int take_column(board_state *s, uint32_t r)
{
    uint32_t j = r;
    for (int t = 0; t < START_TRIES; t++) {
        j = candidate(s, r);
        if (!on_diagonals(s, r, (uint32_t)s->cols[j]))
            break;
    }
    swap_cols(s, r, j);
    return nearly_full(s, r, (uint32_t)s->cols[r]) ? -1 : 0;
}

/* Places every queen, greedily, listing the rows placed under attack: a pair's later queen
 * sees the earlier one, so every pair has a listed queen. Returns NQ_OK, NQ_ERR_STOPPED,
 * NQ_ERR_NOMEM, or NQ_ERR_NO_SOLUTION to start over (a diagonal would overfill). */
static nq_status start(board_state *s)
{
    uint32_t n = s->n;
    for (uint32_t i = 0; i < n; i++)
        s->cols[i] = (int32_t)i;
    memset(s->up, 0, 2 * (size_t)n);
    memset(s->down, 0, 2 * (size_t)n);
    s->count = 0;
    s->pairs = 0;
    for (unsigned i = 0; i < AHEAD; i++)
        s->ahead[i] = next_random(s);
    s->oldest = 0;
    for (uint32_t r = 0; r < n; r++) {
        if (stopped(s))
            return NQ_ERR_STOPPED;
        if (take_column(s, r))
            return NQ_ERR_NO_SOLUTION;
        long change = move(s, r, 1);
        s->pairs += change;
        if (change && list(s, r))
            return NQ_ERR_NOMEM;
    }
    return NQ_OK;
}

/* Whether swapping rows a and b (a in `pairs` attacking pairs) surely cannot lower the
 * attacking pairs, from a few counters. After a and b leave, a's new square still sees
 * as many queens as now (its diagonals are neither a's nor b's), and at most pairs + b's pairs
 * were lost. */
static int hopeless(const board_state *s, uint32_t a, long pairs, uint32_t b)
{
    long seen = on_diagonals(s, a, (uint32_t)s->cols[b]);
    return seen >= pairs && seen >= pairs + pairs_of(s, b);
}

/* Row a, attacked (in `pairs` attacking pairs), tries a swap with a random row; keeps it if the
 * attacking pairs drop, and then lists the partner if it is attacked (a pair it joined may have
 * no other listed queen). Returns 1 for a kept swap, 0 for none, -1 when memory ran out. */
static int try_swap(board_state *s, uint32_t a, long pairs)
{
    uint32_t b = below(s, s->n);
    if (b == a || hopeless(s, a, pairs, b) || nearly_full(s, a, (uint32_t)s->cols[b]) ||
        nearly_full(s, b, (uint32_t)s->cols[a]))
        return 0;
    long change = swap_queens(s, a, b);
    if (change >= 0) {
        swap_queens(s, a, b);
        return 0;
    }
    s->pairs += change;
    return attacked(s, b) && list(s, b) ? -1 : 1;
}

/* Repairs the listed queens, a pass over the list at a time: drops those no longer attacked,
 * lets the others try a swap. Gives up (NQ_ERR_NO_SOLUTION, for a restart) after `budget`
 * fruitless tries in a row. */
static nq_status repair(board_state *s, uint64_t budget)
{
    uint64_t fruitless = 0;
    while (s->pairs > 0) {
        size_t kept = 0;
        for (size_t i = 0; i < s->count; i++) {
            uint32_t r = s->listed[i];
            long pairs = pairs_of(s, r);
            if (pairs <= 0)
                continue;
            if (stopped(s))
                return NQ_ERR_STOPPED;
            int made = try_swap(s, r, pairs);
            if (made < 0)
                return NQ_ERR_NOMEM;
            fruitless = made ? 0 : fruitless + 1;
            if (fruitless > budget)
                return NQ_ERR_NO_SOLUTION;
            if (attacked(s, r))
                s->listed[kept++] = r;
        }
        s->count = kept;
    }
    return NQ_OK;
}

nq_status nq_random_solution_stop(uint32_t n, uint64_t seed, const nq_stop_request *stop,
                                  int32_t *cols)
{
    if (n == 0 || n > INT32_MAX || !cols)
        return NQ_ERR_ARGUMENT;
    if (n == 2 || n == 3)
        return NQ_ERR_NO_SOLUTION;
    board_state s = { .n = n, .cols = cols, .up = malloc(2 * (size_t)n),
                      .down = malloc(2 * (size_t)n),
                      .random = first_state(seed), .stop = stop };
    nq_status status = s.up && s.down ? NQ_ERR_NO_SOLUTION : NQ_ERR_NOMEM;
    while (status == NQ_ERR_NO_SOLUTION) {
        status = start(&s);
        if (!status)
            status = repair(&s, 1000 + 16 * (uint64_t)n);
    }
    free(s.up);
    free(s.down);
    free(s.listed);
    return status;
}

nq_status nq_random_solution(uint32_t n, uint64_t seed, int32_t *cols)
{
    return nq_random_solution_stop(n, seed, NULL, cols);
}
