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
 * of squares (whole diagonals are gone). On the first solutions' questions (the empty board's
 * top rows filled) the down-diagonals' sum alone does nearly all of the cutting, and costs far
 * less than the three.
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

/* Adds the diagonals of row r's free squares f (bit c: column c) to the free up-diagonals
 * (r + c), or down-diagonals (c - r + n - 1), of a board n wide (r < n <= 64), kept as 64-bit
 * halves: bits 0 to 63 in *low, 64 to 127 in *high. Two 64-bit shifts cost less than one
 * 128-bit shift. */
static inline __attribute__((always_inline)) void nq_add_up_diagonals(uint64_t f, int r,
                                                                      uint64_t *low,
                                                                      uint64_t *high)
{
    *low |= f << r;
    *high |= f >> 1 >> (63 - r);
}

static inline __attribute__((always_inline)) void nq_add_down_diagonals(uint64_t f, int r, int n,
                                                                        uint64_t *low,
                                                                        uint64_t *high)
{
    *low |= f << (n - 1 - r);
    *high |= f >> 1 >> (64 - n + r);
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

/* The index of the k-th set bit of free, from 1 (free holds k): the bytes' counts summed
 * from the lowest byte up, all at once, give the byte that holds it (the first whose sum
 * reaches k), and a table its bit there. */
extern const uint8_t nq_byte_bit_index[8 * 256];   /* [j * 256 + b]: b's bit of rank j */

static inline __attribute__((always_inline)) int nq_prefix_holding(uint64_t free, int k)
{
    const uint64_t ones = UINT64_C(0x0101010101010101), highs = ones << 7;
    uint64_t c = free - (free >> 1 & UINT64_C(0x5555555555555555));
    c = (c & UINT64_C(0x3333333333333333)) + (c >> 2 & UINT64_C(0x3333333333333333));
    c = (c + (c >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    uint64_t sums = c * ones;   /* byte i: the bits of bytes 0 to i, at most 64 */
    uint64_t reached = ((sums | highs) - (uint64_t)k * ones) & highs;
    int byte = __builtin_ctzll(reached) >> 3;
    int below = (int)((sums << 8) >> (8 * byte) & 0xFF);   /* bits of the bytes before */
    return 8 * byte + nq_byte_bit_index[(k - below - 1) * 256 + (free >> (8 * byte) & 0xFF)];
}

/* The least t with k bits of free in nq_ring(middle, t) (free holds k, all within
 * nq_ring(middle, middle)), found by halving without branches. */
static inline __attribute__((always_inline)) int nq_ring_holding(uint64_t free, int k, int middle)
{
    int t = 0;
    for (int step = 16; step; step >>= 1) {
        int wider = t + step - 1 < middle ? t + step - 1 : middle;
        t += (__builtin_popcountll(free & nq_ring(middle, wider)) < k) * step;
    }
    return t;
}

/* Whether k distinct diagonals of `free` (bit d: diagonal d, d <= 2 middle, middle < 32) can
 * sum to `sum`: between the sums of the k lowest and the k highest. */
static inline __attribute__((always_inline)) int nq_index_bounds(uint64_t free, int k, int sum)
{
    int count = __builtin_popcountll(free);
    if (count < k)
        return 0;
    /* The k lowest: bits 0 to w, w the k-th bit; they sum to at most w + (w - 1) + ... +
     * (w - k + 1), which most nodes' sums pass at once. */
    int spread = k * (k - 1) / 2;
    int w = nq_prefix_holding(free, k);
    if (sum < k * w - spread && sum < nq_index_sum(free & nq_prefix(w)))
        return 0;
    /* The k highest: the others than the count - k lowest, all above the (count - k)-th bit. */
    if (count > k) {
        w = nq_prefix_holding(free, count - k);
        if (sum > k * (w + 1) + spread && sum > nq_index_sum(free & ~nq_prefix(w)))
            return 0;
    } else if (sum > nq_index_sum(free)) {
        return 0;
    }
    return 1;
}

/* The least sum of squared distances from diagonal `middle` that k diagonals of free (holding
 * k or more) can have, t being nq_ring_holding(free, k, middle): those of the nearest, every
 * ring closer than t, and from ring t what is missing, each t away. */
static inline __attribute__((always_inline)) int nq_nearest_squares_within(uint64_t free, int k,
                                                                           int middle, int t)
{
    uint64_t inside = t ? free & nq_ring(middle, t - 1) : 0;
    int in = __builtin_popcountll(inside);
    return nq_square_sum(inside) - 2 * middle * nq_index_sum(inside) + in * middle * middle +
           (k - in) * t * t;
}

/* How far the k queens still to place can stray from the least sum of squared distances that
 * the free diagonals allow them (their squares sum minus that least), or -1 when they cannot
 * meet sums s: a proof that the node has no completion. up_free and down_free hold the
 * diagonals (by index, as above) that hold a free square of an open row. Boards up to 32
 * wide. Gives besides the rings that hold the k nearest free diagonals of each kind
 * (nq_ring_holding: *up_ring, *down_ring), where the tests that follow it start
 * (nq_diagonals_within_ring, nq_diagonals_needed_narrow). */
static inline __attribute__((always_inline)) int
nq_diagonal_sums_slack_rings(nq_diagonal_sums s, int n, int k, uint64_t up_free,
                             uint64_t down_free, int *up_ring, int *down_ring)
{
    if (!nq_index_bounds(up_free, k, s.up) || !nq_index_bounds(down_free, k, s.down))
        return -1;
    *up_ring = nq_ring_holding(up_free, k, n - 1);
    *down_ring = nq_ring_holding(down_free, k, n - 1);
    int near = nq_nearest_squares_within(up_free, k, n - 1, *up_ring) +
               nq_nearest_squares_within(down_free, k, n - 1, *down_ring);
    return near > s.squares ? -1 : s.squares - near;
}

static inline __attribute__((always_inline)) int nq_diagonal_sums_slack(nq_diagonal_sums s,
                                                                        int n, int k,
                                                                        uint64_t up_free,
                                                                        uint64_t down_free)
{
    int up_ring, down_ring;   /* not wanted */
    return nq_diagonal_sums_slack_rings(s, n, k, up_free, down_free, &up_ring, &down_ring);
}

/* Whether the k queens still to place can meet the sum of their down-diagonals' indices
 * alone, between the k lowest and the k highest free (the first part of
 * nq_diagonal_sums_slack's test, for one kind): a cheaper test, which does the cutting on the
 * first solutions' questions, whose queens placed on the top rows' left take the middle
 * down-diagonals (there the up-diagonals' sum and the squares' cut few nodes more). */
static inline __attribute__((always_inline)) int nq_diagonal_sums_down(nq_diagonal_sums s, int k,
                                                                       uint64_t down_free)
{
    return nq_index_bounds(down_free, k, s.down);
}

/* The same on boards up to 64 wide, whose diagonals (up to 127) take 128-bit masks: each
 * sum is its two halves', the high half's indices moved up by 64. */
typedef unsigned __int128 nq_diagonal_bits;

static inline __attribute__((always_inline)) int nq_count_wide(nq_diagonal_bits m)
{
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}

static inline __attribute__((always_inline)) int nq_index_sum_wide(nq_diagonal_bits m)
{
    uint64_t high = (uint64_t)(m >> 64);
    return nq_index_sum((uint64_t)m) + nq_index_sum(high) + 64 * __builtin_popcountll(high);
}

static inline __attribute__((always_inline)) int nq_square_sum_wide(nq_diagonal_bits m)
{
    uint64_t high = (uint64_t)(m >> 64);
    return nq_square_sum((uint64_t)m) + nq_square_sum(high) + 128 * nq_index_sum(high) +
           4096 * __builtin_popcountll(high);
}

static inline __attribute__((always_inline)) nq_diagonal_bits nq_prefix_wide(int w)
{
    return ((nq_diagonal_bits)2 << w) - 1;
}

static inline __attribute__((always_inline)) int nq_prefix_holding_wide(nq_diagonal_bits free,
                                                                        int k)
{
    int low = __builtin_popcountll((uint64_t)free);
    return k <= low ? nq_prefix_holding((uint64_t)free, k)
                    : 64 + nq_prefix_holding((uint64_t)(free >> 64), k - low);
}

static inline __attribute__((always_inline)) int nq_ring_holding_wide(nq_diagonal_bits free, int k,
                                                                      int middle)
{
    int t = 0;
    for (int step = 32; step; step >>= 1) {
        int wider = t + step - 1 < middle ? t + step - 1 : middle;
        t += (nq_count_wide(free & nq_prefix_wide(2 * wider) << (middle - wider)) < k) * step;
    }
    return t;
}

static inline __attribute__((always_inline)) int nq_index_bounds_wide(nq_diagonal_bits free,
                                                                      int k, int sum)
{
    int count = nq_count_wide(free);
    if (count < k)
        return 0;
    int spread = k * (k - 1) / 2;
    int w = nq_prefix_holding_wide(free, k);
    if (sum < k * w - spread && sum < nq_index_sum_wide(free & nq_prefix_wide(w)))
        return 0;
    if (count > k) {
        w = nq_prefix_holding_wide(free, count - k);
        if (sum > k * (w + 1) + spread && sum > nq_index_sum_wide(free & ~nq_prefix_wide(w)))
            return 0;
    } else if (sum > nq_index_sum_wide(free)) {
        return 0;
    }
    return 1;
}

static inline __attribute__((always_inline)) int
nq_nearest_squares_within_wide(nq_diagonal_bits free, int k, int middle, int t)
{
    nq_diagonal_bits inside = t ? free & nq_prefix_wide(2 * t - 2) << (middle - t + 1) : 0;
    int in = nq_count_wide(inside);
    return nq_square_sum_wide(inside) - 2 * middle * nq_index_sum_wide(inside) +
           in * middle * middle + (k - in) * t * t;
}

/* nq_diagonal_sums_slack_rings for boards up to 64 wide. */
static inline __attribute__((always_inline)) int
nq_diagonal_sums_slack_rings_wide(nq_diagonal_sums s, int n, int k, nq_diagonal_bits up_free,
                                  nq_diagonal_bits down_free, int *up_ring, int *down_ring)
{
    if (!nq_index_bounds_wide(up_free, k, s.up) || !nq_index_bounds_wide(down_free, k, s.down))
        return -1;
    *up_ring = nq_ring_holding_wide(up_free, k, n - 1);
    *down_ring = nq_ring_holding_wide(down_free, k, n - 1);
    int near = nq_nearest_squares_within_wide(up_free, k, n - 1, *up_ring) +
               nq_nearest_squares_within_wide(down_free, k, n - 1, *down_ring);
    return near > s.squares ? -1 : s.squares - near;
}

/* nq_diagonal_sums_slack for boards up to 64 wide. */
static inline __attribute__((always_inline)) int
nq_diagonal_sums_slack_wide(nq_diagonal_sums s, int n, int k, nq_diagonal_bits up_free,
                            nq_diagonal_bits down_free)
{
    int up_ring, down_ring;   /* not wanted */
    return nq_diagonal_sums_slack_rings_wide(s, n, k, up_free, down_free, &up_ring, &down_ring);
}

/* nq_diagonal_sums_down for boards up to 64 wide. */
static inline __attribute__((always_inline)) int
nq_diagonal_sums_down_wide(nq_diagonal_sums s, int k, nq_diagonal_bits down_free)
{
    return nq_index_bounds_wide(down_free, k, s.down);
}

/* The diagonals of one kind (free, as above) that every completion uses, when the queens to
 * place have `slack` (nq_diagonal_sums_slack, >= 0): leaving out a diagonal t away from the
 * middle, among the k nearest, puts the (k + 1)-th nearest, t1 away, in its place, and costs
 * t1^2 - t^2 more; when that is more than the slack, the diagonal is needed. All of them when
 * only k are free. Any board up to 64 wide. */
static inline __attribute__((always_inline)) nq_diagonal_bits
nq_diagonals_needed(nq_diagonal_bits free, int k, int middle, int slack)
{
    int count = nq_count_wide(free);
    if (count <= k)
        return free;
    int t1 = nq_ring_holding_wide(free, k + 1, middle), t = t1 - 1;
    while (t >= 0 && t * t >= t1 * t1 - slack)
        t--;
    return t < 0 ? 0 : free & nq_prefix_wide(2 * t) << (middle - t);
}

/* The least ring t > `ring` about `middle`, or `ring` itself, that holds k + 1 diagonals of free
 * (which holds more than k), `ring` being the least that holds k (nq_ring_holding): the nearest
 * free diagonal outside it, on the side where it is nearer. Boards up to 32 wide. */
static inline __attribute__((always_inline)) int nq_ring_holding_next(uint64_t free, int k,
                                                                      int middle, int ring)
{
    if (__builtin_popcountll(free & nq_ring(middle, ring)) > k)
        return ring;
    uint64_t below = free & ((UINT64_C(1) << (middle - ring)) - 1);
    uint64_t above = free >> (middle + ring) >> 1;
    int left = below ? middle - (63 - __builtin_clzll(below)) : 2 * middle + 2;
    int right = above ? ring + 1 + __builtin_ctzll(above) : 2 * middle + 2;
    return left < right ? left : right;
}

/* nq_diagonals_needed on boards up to 32 wide (free below bit 63), on 64 bits, from the ring
 * that holds the k nearest (nq_ring_holding). */
static inline __attribute__((always_inline)) uint64_t
nq_diagonals_needed_narrow(uint64_t free, int k, int middle, int slack, int ring)
{
    int count = __builtin_popcountll(free);
    if (count <= k)
        return free;
    int t1 = nq_ring_holding_next(free, k, middle, ring), t = t1 - 1;
    while (t >= 0 && t * t >= t1 * t1 - slack)
        t--;
    return t < 0 ? 0 : free & nq_ring(middle, t);
}

/* How far from the middle a queen still to place can stand, on either kind of diagonal, when
 * the queens have `slack` and the k-th nearest free diagonal of that kind is t_k away: a queen
 * on a diagonal t away, beyond the k nearest, leaves the k - 1 nearest to the others at best,
 * and costs t^2 - t_k^2 more than the least sum; more than the slack, and no completion has a
 * queen there. So every completion keeps to the diagonals within sqrt(t_k^2 + slack). */
static inline __attribute__((always_inline)) int nq_diagonal_reach(int t_k, int slack, int middle)
{
    int far = t_k;
    while (far < middle && (far + 1) * (far + 1) <= t_k * t_k + slack)
        far++;
    return far;
}

/* The diagonals of one kind (free, holding k or more, as above) within that reach, from the
 * ring that holds the k nearest (nq_ring_holding): the others can be taken out of the node's
 * whole subtree. Boards up to 32 wide. */
static inline __attribute__((always_inline)) uint64_t nq_diagonals_within_ring(int ring,
                                                                              int middle,
                                                                              int slack)
{
    return nq_ring(middle, nq_diagonal_reach(ring, slack, middle));
}

/* The same from free itself. */
static inline __attribute__((always_inline)) uint64_t nq_diagonals_within_reach(uint64_t free,
                                                                               int k, int middle,
                                                                               int slack)
{
    return nq_diagonals_within_ring(nq_ring_holding(free, k, middle), middle, slack);
}

/* The same on boards up to 64 wide. */
static inline __attribute__((always_inline)) nq_diagonal_bits
nq_diagonals_within_ring_wide(int ring, int middle, int slack)
{
    int far = nq_diagonal_reach(ring, slack, middle);
    return nq_prefix_wide(2 * far) << (middle - far);
}

static inline __attribute__((always_inline)) nq_diagonal_bits
nq_diagonals_within_reach_wide(nq_diagonal_bits free, int k, int middle, int slack)
{
    return nq_diagonals_within_ring_wide(nq_ring_holding_wide(free, k, middle), middle, slack);
}

/* A stronger test of the third sum (diagonal_matching.c), for nodes high in a proof's tree or
 * at a count's units: the test on a node of a board up to 64 wide with k open rows (open),
 * their free squares free[r], its costs measured from the center (row2 / 2, col2 / 2) (each
 * from 0 to 2n - 2), and the sum its queens must meet, nq_diagonal_matching_bound of the same
 * center (or any other bound, as the tests pass): 0 when the node has no completion; else 1,
 * with ruled_out[r] the free squares of each open row that no completion uses. Exact; costs as
 * much as a few dozen nodes. */
int nq_diagonal_matching(int n, uint64_t open, const uint64_t *free, int k, int row2, int col2,
                         int bound, uint64_t *ruled_out);

/* What the queens of every completion of a node add up to over the squares' cost from the
 * center (row2 / 2, col2 / 2), 2(2r - row2)^2 + 2(2c - col2)^2: fixed by its open rows and its
 * untaken columns (cols). */
int nq_diagonal_matching_bound(uint64_t open, uint64_t cols, int row2, int col2);

/* nq_diagonal_matching of a node whose untaken columns are cols (as many as its open rows),
 * its costs measured from the middle of the board or, with from_mean, from the mean of the open
 * rows and of the untaken columns (rounded to half squares), where the sum its queens must meet
 * is least. The mean is for nodes whose open rows lie to one side, as on the first solutions'
 * questions (the bottom rows): from the middle the test cut nothing there. On boards with whole
 * diagonals excluded the middle did as well or better (BENCHMARKS.md, "The matching of
 * diagonals"). */
int nq_diagonal_matching_node(int n, uint64_t open, uint64_t cols, const uint64_t *free,
                              int from_mean, uint64_t *ruled_out);

#endif /* NQ_DIAGONAL_SUMS_H */
