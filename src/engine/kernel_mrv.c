/*
 * kernel_mrv.c - the counting kernel for boards up to 32 wide: fewest choices first.
 *
 * Instead of filling rows top to bottom, each step fills the open row with the fewest free
 * squares ("minimum remaining values"): a row with none ends the branch at once, a row with one
 * is filled without branching. The same look at the open rows also ends a branch where some
 * untaken column is offered by no open row. On the empty 17 x 17 board this tries a fifth of
 * the squares the row-by-row kernel tries, and counts faster given a popcount instruction, as
 * it counts the free squares of every open row at each node: which is why it is built twice
 * (kernels.c picks; BENCHMARKS.md has the figures).
 *
 * Diagonals are kept by absolute index (r + c and c - r + n - 1), so rows can be filled in any
 * order: 2n - 1 <= 63 bits is why n <= 32.
 */
#include "base/base.h"
#include "engine/engine.h"

/* One filled row of the search, and what was taken before it. */
typedef struct step {
    uint64_t cols, up, down;   /* columns and diagonals taken before this row */
    uint64_t free_;            /* squares of the row still to try */
    uint64_t open;             /* rows still open after this one */
    int row;
} step;

/* Looks at the open rows of a node: returns the row with the fewest free squares (the lowest
 * such row), and in *fewest their number, 0 when the node is a dead end: an open row has no
 * free square, or an untaken column has no free square in any open row. */
static inline __attribute__((always_inline)) int choose_row(const nq_search *search,
                                                            uint64_t open, uint64_t cols,
                                                            uint64_t up, uint64_t down,
                                                            int *fewest)
{
    const int n = search->n;
    unsigned least = ~0u;   /* free squares << 8 | row: the minimum picks both at once */
    uint64_t offered = 0;   /* columns some open row still offers */
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        uint64_t f = search->allow[r] & ~(cols | up >> r | down >> (n - 1 - r));
        unsigned key = (unsigned)__builtin_popcountll(f) << 8 | (unsigned)r;
        offered |= f;
        least = key < least ? key : least;
    }
    *fewest = (offered | cols) == search->full ? (int)(least >> 8) : 0;
    return (int)(least & 0xFF);
}

/* Counts the completions of search; with visit, also calls it with each (in no set order)
 * until it returns nonzero. Returns UINT64_MAX (NQ_KERNEL_STOPPED) when visit asked to stop or
 * *stop became nonzero: the flag is read once in NQ_POLL_STEPS dead ends and leaves. */
static inline __attribute__((always_inline)) uint64_t count_mrv(const nq_search *search,
                                                                nq_placed_fn visit,
                                                                void *context,
                                                                const nq_stop_flag *stop)
{
    const int n = search->n;
    uint64_t cols = 0, up = 0, down = 0, open = (UINT64_C(1) << n) - 1, count = 0;
    step stack[NQ_MAX_N];
    int8_t placed[NQ_MAX_N];
    int depth = 0;
    unsigned steps = NQ_POLL_STEPS;
    for (;;) {
        int fewest, best = choose_row(search, open, cols, up, down, &fewest);
        uint64_t rest = open & ~(UINT64_C(1) << best);
        uint64_t f = search->allow[best] & ~(cols | up >> best | down >> (n - 1 - best));
        if (fewest == 0 || !rest) {
            count += (uint64_t)fewest;   /* a dead end, or the last row filled */
            if (visit && fewest) {
                placed[best] = (int8_t)__builtin_ctzll(f);
                if (visit(context, n, placed))
                    return UINT64_MAX;
            }
            if (nq_stop_poll(stop, &steps))
                return NQ_KERNEL_STOPPED;
        } else {
            stack[depth++] = (step){ cols, up, down, f, rest, best };
        }
        /* Take the next square of the deepest row that has one left. */
        while (depth > 0 && !stack[depth - 1].free_)
            depth--;
        if (depth == 0)
            return count;
        step *s = &stack[depth - 1];
        uint64_t bit = s->free_ & -s->free_;
        int c = __builtin_ctzll(bit);
        s->free_ ^= bit;
        placed[s->row] = (int8_t)c;
        cols = s->cols | bit;
        up = s->up | UINT64_C(1) << (s->row + c);
        down = s->down | UINT64_C(1) << (c - s->row + n - 1);
        open = s->open;
    }
}

uint64_t nq_kernel_count_mrv(const nq_search *search, const nq_stop_flag *stop)
{
    return count_mrv(search, NULL, NULL, stop);
}

NQ_TARGET_POPCNT uint64_t nq_kernel_count_mrv_popcnt(const nq_search *search,
                                                     const nq_stop_flag *stop)
{
    return count_mrv(search, NULL, NULL, stop);
}

NQ_TARGET_POPCNT nq_status nq_kernel_visit_mrv_popcnt(const nq_search *search, nq_placed_fn visit,
                                                     void *context, const nq_stop_flag *stop)
{
    return count_mrv(search, visit, context, stop) == UINT64_MAX ? NQ_ERR_STOPPED : NQ_OK;
}

double nq_kernel_probe_mrv(const nq_search *search, uint64_t *random, double *leaves,
                           int8_t *placed)
{
    const int n = search->n;
    uint64_t cols = 0, up = 0, down = 0, open = (UINT64_C(1) << n) - 1;
    double paths = 1, nodes = 0;
    for (*leaves = 0;;) {
        int fewest, best = choose_row(search, open, cols, up, down, &fewest);
        if (!fewest)
            return nodes;
        uint64_t f = search->allow[best] & ~(cols | up >> best | down >> (n - 1 - best));
        nodes += paths * fewest;
        paths *= fewest;
        /* A random number picks the child this probe follows. */
        for (uint64_t skip = nq_random_next(random) % (uint64_t)fewest; skip; skip--)
            f &= f - 1;
        int c = __builtin_ctzll(f);
        placed[best] = (int8_t)c;
        open &= ~(UINT64_C(1) << best);
        if (!open) {
            *leaves = paths;
            return nodes;
        }
        cols |= UINT64_C(1) << c;
        up |= UINT64_C(1) << (best + c);
        down |= UINT64_C(1) << (c - best + n - 1);
    }
}
