/*
 * local_search.c - a random solution of a huge board by local search.
 *
 * After Sosic and Gu (1991): the queens form a permutation, so rows and columns never clash and
 * only diagonals need repair. A greedy start places queens one by one on random columns that
 * keep their diagonals free while that succeeds quickly, the rest at random; then queens under
 * attack swap columns with random others whenever the swap lowers the number of attacking
 * pairs. Both steps take about linear time; a search stuck too long starts over.
 */
#include <stdlib.h>

#include "internal.h"

/* The search: a permutation and the number of queens on each diagonal. */
typedef struct board_state {
    uint32_t n;
    int32_t *cols;       /* cols[r]: row r's column */
    uint32_t *up;        /* queens on diagonal r + c */
    uint32_t *down;      /* queens on diagonal r - c + n - 1 */
    uint64_t random;     /* xorshift64* state */
} board_state;

static uint64_t next_random(board_state *s)
{
    uint64_t x = s->random;
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    s->random = x;
    return x * UINT64_C(0x2545F4914F6CDD1D);
}

static uint32_t below(board_state *s, uint32_t bound)
{
    return (uint32_t)((next_random(s) >> 32) * bound >> 32);
}

/* Adds (delta = 1) or removes (delta = -1) row r's queen; returns the change in attacking
 * pairs. */
static long move(board_state *s, uint32_t r, int delta)
{
    uint32_t *u = &s->up[r + (uint32_t)s->cols[r]];
    uint32_t *d = &s->down[r + s->n - 1 - (uint32_t)s->cols[r]];
    long change = delta > 0 ? (long)*u + (long)*d : -((long)*u - 1) - ((long)*d - 1);
    *u += (uint32_t)delta;
    *d += (uint32_t)delta;
    return change;
}

static void swap_cols(board_state *s, uint32_t a, uint32_t b)
{
    int32_t t = s->cols[a];
    s->cols[a] = s->cols[b];
    s->cols[b] = t;
}

/* Swaps the columns of rows a and b if that lowers the attacking pairs; returns the change. */
static long try_swap(board_state *s, uint32_t a, uint32_t b)
{
    long change = move(s, a, -1) + move(s, b, -1);
    swap_cols(s, a, b);
    change += move(s, a, 1) + move(s, b, 1);
    if (change < 0)
        return change;
    change = move(s, a, -1) + move(s, b, -1);
    swap_cols(s, a, b);
    change += move(s, a, 1) + move(s, b, 1);
    return 0;
}

/* Places the queens: greedily while it works, then at random. Returns the attacking pairs. */
static long start(board_state *s)
{
    uint32_t n = s->n, r = 0;
    long pairs = 0;
    for (uint32_t i = 0; i < n; i++)
        s->cols[i] = (int32_t)i;
    for (uint32_t i = 0; i < 2 * n - 1; i++)
        s->up[i] = s->down[i] = 0;
    for (uint32_t tries = 0; r < n && tries < 20; r++) {
        for (tries = 0; tries < 20; tries++) {
            swap_cols(s, r, r + below(s, n - r));
            if (!s->up[r + (uint32_t)s->cols[r]] && !s->down[r + n - 1 - (uint32_t)s->cols[r]])
                break;
        }
        if (tries == 20)
            break;
        move(s, r, 1);
    }
    for (; r < n; r++) {
        swap_cols(s, r, r + below(s, n - r));
        pairs += move(s, r, 1);
    }
    return pairs;
}

static int attacked(const board_state *s, uint32_t r)
{
    return s->up[r + (uint32_t)s->cols[r]] > 1 || s->down[r + s->n - 1 - (uint32_t)s->cols[r]] > 1;
}

/* Repairs until no queen is attacked, or gives up after `budget` fruitless swaps. */
static long repair(board_state *s, long pairs, uint64_t budget)
{
    while (pairs > 0 && budget > 0) {
        for (uint32_t r = 0; r < s->n && pairs > 0; r++) {
            if (!attacked(s, r))
                continue;
            long change = try_swap(s, r, below(s, s->n));
            pairs += change;
            budget -= change == 0 && budget > 0;
        }
    }
    return pairs;
}

nq_status nq_random_solution(uint32_t n, uint64_t seed, int32_t *cols)
{
    if (n == 0 || !cols)
        return NQ_ERR_ARGUMENT;
    if (n == 2 || n == 3)
        return NQ_ERR_NO_SOLUTION;
    board_state s = { n, cols, calloc(2 * (size_t)n, sizeof *s.up),
                      calloc(2 * (size_t)n, sizeof *s.down), seed * 2 + 1 };
    if (!s.up || !s.down) {
        free(s.up);
        free(s.down);
        return NQ_ERR_NOMEM;
    }
    while (repair(&s, start(&s), 1000 + 100 * (uint64_t)n) > 0)
        continue;
    free(s.up);
    free(s.down);
    return NQ_OK;
}
