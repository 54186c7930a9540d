/*
 * diagonal_sums.h - a test that proves a node of any completion search dead, cheaply and often
 * far above the leaves: the queens still to place must take distinct diagonals whose sums are
 * fixed in advance.
 *
 * A queen at (r, c) lies on up-diagonal r + c and down-diagonal c - r + n - 1. The k open rows R
 * and the k untaken columns C of a node take one queen each, whatever the completion, so
 *   sum over its queens of r + c          = sum R + sum C,
 *   sum over its queens of c - r + n - 1  = sum C - sum R + k (n - 1),
 * and, since (r + c - n + 1)^2 + (c - r)^2 = ((2r - n + 1)^2 + (2c - n + 1)^2) / 2,
 *   sum over its queens of that           = (sum over R of (2r - n + 1)^2 +
 *                                            sum over C of (2c - n + 1)^2) / 2.
 * Each queen takes a diagonal of each kind that no other queen takes, among those that still
 * hold a free square. So the first two sums lie between the sums of the k least and the k
 * greatest indices free, and the third between the sums of the k least and the k greatest
 * squared distances from the middle diagonal (n - 1) of each kind. A node outside those bounds
 * has no completion. Boards with bad squares fail these bounds long before their lines run out
 * of squares (whole diagonals are gone); the empty board never does, and pays the test for
 * nothing, which is why only the searches for constrained boards run it.
 */
#ifndef NQ_DIAGONAL_SUMS_H
#define NQ_DIAGONAL_SUMS_H

#include <stdint.h>

/* The three sums every completion of a node fixes, over the queens still to place. */
typedef struct nq_diagonal_sums {
    int up;        /* of their up-diagonals, r + c */
    int down;      /* of their down-diagonals, c - r + n - 1 */
    int squares;   /* of (r + c - n + 1)^2 + (c - r)^2 */
} nq_diagonal_sums;

/* The sums of a node whose open rows and untaken columns are these masks. */
static inline nq_diagonal_sums nq_diagonal_sums_of(int n, uint64_t rows, uint64_t cols)
{
    nq_diagonal_sums s = { 0, 0, 0 };
    int twice = 0;
    for (; rows; rows &= rows - 1) {
        int r = __builtin_ctzll(rows);
        s.up += r, s.down += n - 1 - r, twice += (2 * r - n + 1) * (2 * r - n + 1);
    }
    for (; cols; cols &= cols - 1) {
        int c = __builtin_ctzll(cols);
        s.up += c, s.down += c, twice += (2 * c - n + 1) * (2 * c - n + 1);
    }
    s.squares = twice / 2;
    return s;
}

/* The sums once a queen stands on (r, c): one queen fewer to place. */
static inline nq_diagonal_sums nq_diagonal_sums_take(nq_diagonal_sums s, int n, int r, int c)
{
    s.up -= r + c;
    s.down -= c - r + n - 1;
    s.squares -= (r + c - n + 1) * (r + c - n + 1) + (c - r) * (c - r);
    return s;
}

/* The sum of the indices of the set bits of m, and of their squares: bit j of each index (and
 * of each square) counted over the bits of m that have it (NQ_DIAGONAL_SUMS_PLANES = 12). */
#define NQ_DIAGONAL_SUMS_PLANES 12
extern const uint64_t nq_diagonal_index_planes[6], nq_diagonal_square_planes[12];

#define NQ_PLANE(planes, j) (__builtin_popcountll(m & planes[j]) << j)

static inline __attribute__((always_inline)) int nq_index_sum(uint64_t m)
{
    const uint64_t *p = nq_diagonal_index_planes;
    return NQ_PLANE(p, 0) + NQ_PLANE(p, 1) + NQ_PLANE(p, 2) + NQ_PLANE(p, 3) + NQ_PLANE(p, 4) +
           NQ_PLANE(p, 5);
}

static inline __attribute__((always_inline)) int nq_square_sum(uint64_t m)
{
    const uint64_t *p = nq_diagonal_square_planes;
    return NQ_PLANE(p, 0) + NQ_PLANE(p, 1) + NQ_PLANE(p, 2) + NQ_PLANE(p, 3) + NQ_PLANE(p, 4) +
           NQ_PLANE(p, 5) + NQ_PLANE(p, 6) + NQ_PLANE(p, 7) + NQ_PLANE(p, 8) + NQ_PLANE(p, 9) +
           NQ_PLANE(p, 10) + NQ_PLANE(p, 11);
}

/* Bits 0 to w of a mask, and bits middle - t to middle + t (t <= middle < 32). */
static inline __attribute__((always_inline)) uint64_t nq_prefix(int w)
{
    return (UINT64_C(2) << w) - 1;
}

static inline __attribute__((always_inline)) uint64_t nq_ring(int middle, int t)
{
    return nq_prefix(2 * t) << (middle - t);
}

/* The least w <= top with k bits of free in nq_prefix(w), by halving (free holds k). */
static inline __attribute__((always_inline)) int nq_prefix_holding(uint64_t free, int k, int top)
{
    int low = 0;
    while (low < top) {
        int w = (low + top) >> 1;
        if (__builtin_popcountll(free & nq_prefix(w)) >= k)
            top = w;
        else
            low = w + 1;
    }
    return low;
}

/* The least t <= middle with k bits of free in nq_ring(middle, t) (free holds k). */
static inline __attribute__((always_inline)) int nq_ring_holding(uint64_t free, int k, int middle)
{
    int low = 0, top = middle;
    while (low < top) {
        int t = (low + top) >> 1;
        if (__builtin_popcountll(free & nq_ring(middle, t)) >= k)
            top = t;
        else
            low = t + 1;
    }
    return low;
}

/* Whether k distinct diagonals of `free` (bit d: diagonal d, d <= 2 middle, middle < 32) can
 * sum to `sum`: between the sums of the k lowest and the k highest. Sets *ring to the distance
 * from diagonal `middle` within which lie the k nearest it (nq_nearest_squares sums them). */
static inline __attribute__((always_inline)) int nq_diagonal_bounds(uint64_t free, int k,
                                                                    int middle, int sum,
                                                                    int *ring)
{
    int count = __builtin_popcountll(free);
    if (count < k)
        return 0;
    /* The k lowest: those of the least prefix that holds k, whose last is its bit w; they sum
     * to at most w + (w - 1) + ... + (w - k + 1), which most nodes' sums pass at once. */
    int top = 2 * middle, spread = k * (k - 1) / 2;
    int w = nq_prefix_holding(free, k, top);
    if (sum < k * w - spread && sum < nq_index_sum(free & nq_prefix(w)))
        return 0;
    /* The k highest: the others than the count - k lowest; the first of them is above bit w. */
    if (count > k) {
        w = nq_prefix_holding(free, count - k, top);
        if (sum > k * (w + 1) + spread && sum > nq_index_sum(free & ~nq_prefix(w)))
            return 0;
    } else if (sum > nq_index_sum(free)) {
        return 0;
    }
    *ring = nq_ring_holding(free, k, middle);
    return 1;
}

/* The least sum of squared distances from diagonal `middle` that k diagonals of free have:
 * those of every ring closer than `ring` (nq_diagonal_bounds's), and from that ring what is
 * missing, each at its distance. */
static inline __attribute__((always_inline)) int nq_nearest_squares(uint64_t free, int k,
                                                                    int middle, int ring)
{
    uint64_t inside = ring ? free & nq_ring(middle, ring - 1) : 0;
    int in = __builtin_popcountll(inside);
    return nq_square_sum(inside) - 2 * middle * nq_index_sum(inside) + in * middle * middle +
           (k - in) * ring * ring;
}

/* Whether the k queens still to place can meet sums s on the free diagonals: up_free and
 * down_free hold the diagonals (by index, as above) that hold a free square of an open row.
 * 0 proves the node has no completion. Boards up to 32 wide. */
static inline __attribute__((always_inline)) int nq_diagonal_sums_possible(nq_diagonal_sums s,
                                                                           int n, int k,
                                                                           uint64_t up_free,
                                                                           uint64_t down_free)
{
    int up_ring, down_ring;
    if (!nq_diagonal_bounds(up_free, k, n - 1, s.up, &up_ring) ||
        !nq_diagonal_bounds(down_free, k, n - 1, s.down, &down_ring))
        return 0;
    return nq_nearest_squares(up_free, k, n - 1, up_ring) +
               nq_nearest_squares(down_free, k, n - 1, down_ring) <=
           s.squares;
}

/* nq_diagonal_sums_possible for boards up to 64 wide, diagonals in 128-bit masks: the same
 * bounds, found by looking at every diagonal in turn (the walks of wide boards are rarer). */
static inline int nq_diagonal_sums_possible_wide(nq_diagonal_sums s, int n, int k,
                                                 unsigned __int128 up_free,
                                                 unsigned __int128 down_free)
{
    int near = 0, middle = n - 1;
    for (int kind = 0; kind < 2; kind++) {
        unsigned __int128 free = kind ? down_free : up_free;
        int sum = kind ? s.down : s.up, low = 0, high = 0, taken = 0;
        for (int d = 0; d <= 2 * middle && taken < k; d++)
            if (free >> d & 1)
                low += d, taken++;
        taken = 0;
        for (int d = 2 * middle; d >= 0 && taken < k; d--)
            if (free >> d & 1)
                high += d, taken++;
        if (taken < k || sum < low || sum > high)
            return 0;
        int left_k = k;
        for (int t = 0; t <= middle && left_k > 0; t++) {
            int ring = (int)(free >> (middle + t) & 1) + (t > 0 && (free >> (middle - t) & 1));
            ring = ring < left_k ? ring : left_k;
            near += ring * t * t, left_k -= ring;
        }
    }
    return near <= s.squares;
}

#endif /* NQ_DIAGONAL_SUMS_H */
