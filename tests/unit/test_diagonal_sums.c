/*
 * test_diagonal_sums.c - the bounds of diagonal_sums.h: they never refuse sums that some
 * choice of distinct free diagonals meets (checked against every choice, on small boards), the
 * 64-bit and the 128-bit forms agree, the bit planes are what they say, the sums of a node
 * follow its queens, and the matching of diagonals (diagonal_matching.c) is exact.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "engine/diagonal_sums.h"
#include "engine/engine.h"
#include "random_board.h"

/* The bit planes, rebuilt from their definition. */
static void planes(void **state)
{
    (void)state;
    for (int j = 0; j < 6; j++)
        for (int d = 0; d < 64; d++)
            assert_int_equal(nq_diagonal_index_planes[j] >> d & 1, (unsigned)d >> j & 1);
    for (int j = 0; j < NQ_DIAGONAL_SUMS_PLANES; j++)
        for (int d = 0; d < 64; d++)
            assert_int_equal(nq_diagonal_square_planes[j] >> d & 1, (unsigned)(d * d) >> j & 1);
    for (int b = 0; b < 256; b++)
        for (int j = 0, rank = 0; j < 8; j++)
            if (b >> j & 1)
                assert_int_equal(nq_byte_bit_index[rank++ * 256 + b], j);
}

/* The k-th set bit, against a count from the lowest bit up. */
static void kth_bit(void **state)
{
    (void)state;
    uint64_t random = 3;
    for (int i = 0; i < 20000; i++) {
        uint64_t free = test_random(&random);
        free &= i % 3 ? test_random(&random) : ~UINT64_C(0);
        for (int k = 1, d = 0; k <= __builtin_popcountll(free); k++, d++) {
            while (!(free >> d & 1))
                d++;
            assert_int_equal(nq_prefix_holding(free, k), d);
        }
    }
}

/* A row's diagonals added by 64-bit halves are those of 128-bit shifts, on every board up to
 * 64 wide. */
static void diagonals_by_halves(void **state)
{
    (void)state;
    uint64_t random = 7;
    for (int i = 0; i < 20000; i++) {
        int n = 1 + test_below(&random, 64), r = test_below(&random, n);
        uint64_t f = test_random(&random) & (n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1);
        uint64_t low = test_random(&random), high = test_random(&random);
        unsigned __int128 up = (unsigned __int128)high << 64 | low, down = up;
        up |= (unsigned __int128)f << r;
        down |= (unsigned __int128)f << (n - 1 - r);
        uint64_t up_low = low, up_high = high, down_low = low, down_high = high;
        nq_add_up_diagonals(f, r, &up_low, &up_high);
        nq_add_down_diagonals(f, r, n, &down_low, &down_high);
        assert_true(up_low == (uint64_t)up && up_high == (uint64_t)(up >> 64));
        assert_true(down_low == (uint64_t)down && down_high == (uint64_t)(down >> 64));
    }
}

/* The bounds found the plain way, looking at every diagonal in turn: the reference that both
 * forms of diagonal_sums.h must answer as; the down-diagonals' sum alone when down_only. */
static int plain_possible(nq_diagonal_sums s, int n, int k, unsigned __int128 up_free,
                          unsigned __int128 down_free, int down_only)
{
    int near = 0, middle = n - 1;
    for (int kind = down_only; kind < 2; kind++) {
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
        int left = k;
        for (int t = 0; t <= middle && left > 0; t++) {
            int ring = (int)(free >> (middle + t) & 1) + (t > 0 && (free >> (middle - t) & 1));
            ring = ring < left ? ring : left;
            near += ring * t * t, left -= ring;
        }
    }
    return down_only || near <= s.squares;
}

/* Every choice of k diagonals of free (2 middle + 1 of them at most): its sum of indices and
 * of squared distances from middle, and the choice itself; returns how many. */
static int choices(uint64_t free, int k, int middle, int pairs[][3])
{
    int count = 0;
    for (uint64_t set = 0; set < UINT64_C(1) << (2 * middle + 1); set++) {
        if ((set & ~free) || __builtin_popcountll(set) != k)
            continue;
        int sum = 0, squares = 0;
        for (int d = 0; d <= 2 * middle; d++)
            if (set >> d & 1)
                sum += d, squares += (d - middle) * (d - middle);
        pairs[count][0] = sum, pairs[count][1] = squares, pairs[count][2] = (int)set, count++;
    }
    return count;
}

/* On boards up to 5 wide, the sums of every choice of distinct free diagonals pass the plain
 * bounds and the down-diagonals' bound alone, the choice holds every diagonal said to be needed
 * at those sums and none out of reach; and on random boards up to 64 wide and sums near some
 * choice's, met or not, the 64-bit form (up to 32 wide) and the 128-bit form of both tests
 * answer as the plain bounds, and name the same needed diagonals and the same reach. */
static void sound_and_alike(void **state)
{
    (void)state;
    static int up_pairs[512][3], down_pairs[512][3];
    uint64_t random = 5;
    int met = 0, refused = 0, down_refused = 0, needed = 0, out_of_reach = 0;
    for (int i = 0; i < 400; i++) {
        int n = 1 + test_below(&random, 5), middle = n - 1, k = 1 + test_below(&random, n);
        uint64_t all = (UINT64_C(2) << (2 * middle)) - 1;
        uint64_t up = test_random(&random) & all, down = test_random(&random) & all;
        int ups = choices(up, k, middle, up_pairs), downs = choices(down, k, middle, down_pairs);
        for (int a = 0; a < ups; a++) {
            for (int b = 0; b < downs; b++) {
                nq_diagonal_sums s = { up_pairs[a][0], down_pairs[b][0],
                                       up_pairs[a][1] + down_pairs[b][1] };
                assert_true(plain_possible(s, n, k, up, down, 0));
                assert_true(nq_diagonal_sums_down(s, k, down));
                int slack = nq_diagonal_sums_slack(s, n, k, up, down);
                assert_true(slack >= 0);
                uint64_t up_needed = (uint64_t)nq_diagonals_needed(up, k, middle, slack);
                uint64_t down_needed = (uint64_t)nq_diagonals_needed(down, k, middle, slack);
                assert_true((up_needed & ~(uint64_t)up_pairs[a][2]) == 0);
                assert_true((down_needed & ~(uint64_t)down_pairs[b][2]) == 0);
                uint64_t up_reach = nq_diagonals_within_reach(up, k, middle, slack);
                uint64_t down_reach = nq_diagonals_within_reach(down, k, middle, slack);
                assert_true(((uint64_t)up_pairs[a][2] & ~up_reach) == 0);
                assert_true(((uint64_t)down_pairs[b][2] & ~down_reach) == 0);
                out_of_reach += (up & ~up_reach) != 0;
                needed += up_needed != 0 && up_needed != up;
                met++;
            }
        }
    }
    for (int i = 0; i < 200000; i++) {
        int n = 1 + test_below(&random, 64), middle = n - 1, k = 1 + test_below(&random, n);
        unsigned __int128 all = ((unsigned __int128)2 << (2 * middle)) - 1, up, down;
        up = (unsigned __int128)test_random(&random) << 64 | test_random(&random);
        down = (unsigned __int128)test_random(&random) << 64 | test_random(&random);
        if (i % 2)   /* denser */
            up |= (unsigned __int128)test_random(&random) << 32, down |= test_random(&random);
        up &= all, down &= all;
        /* Sums near those of k random free diagonals of each kind. */
        nq_diagonal_sums s = { test_below(&random, 7) - 3, test_below(&random, 7) - 3,
                               test_below(&random, 41) - 20 };
        for (int kind = 0; kind < 2; kind++) {
            unsigned __int128 free = kind ? down : up;
            for (int d = 0, taken = 0; d <= 2 * middle && taken < k; d++) {
                if ((free >> d & 1) && test_below(&random, 3) == 0) {
                    *(kind ? &s.down : &s.up) += d, s.squares += (d - middle) * (d - middle);
                    taken++;
                }
            }
        }
        int plain = plain_possible(s, n, k, up, down, 0);
        int down_plain = plain_possible(s, n, k, up, down, 1);
        if (n <= 32) {
            assert_int_equal(nq_diagonal_sums_down(s, k, (uint64_t)down), down_plain);
            assert_int_equal(nq_diagonal_sums_slack(s, n, k, (uint64_t)up, (uint64_t)down) >= 0,
                             plain);
            int slack = nq_diagonal_sums_slack(s, n, k, (uint64_t)up, (uint64_t)down);
            assert_int_equal(slack, nq_diagonal_sums_slack_wide(s, n, k, up, down));
            int up_ring = -1, down_ring = -1, up_wide = -1, down_wide = -1;
            assert_int_equal(slack, nq_diagonal_sums_slack_rings(s, n, k, (uint64_t)up,
                                                                 (uint64_t)down, &up_ring,
                                                                 &down_ring));
            assert_int_equal(slack, nq_diagonal_sums_slack_rings_wide(s, n, k, up, down,
                                                                      &up_wide, &down_wide));
            if (slack >= 0) {
                int ring = nq_ring_holding((uint64_t)up, k, middle);
                assert_int_equal(up_ring, ring);
                assert_int_equal(down_ring, nq_ring_holding((uint64_t)down, k, middle));
                assert_int_equal(up_wide, ring);
                assert_int_equal(down_wide, down_ring);
                if (__builtin_popcountll((uint64_t)up) > k)
                    assert_int_equal(nq_ring_holding_next((uint64_t)up, k, middle, ring),
                                     nq_ring_holding((uint64_t)up, k + 1, middle));
                assert_true(nq_diagonals_within_ring_wide(ring, middle, slack) ==
                            nq_diagonals_within_reach_wide(up, k, middle, slack));
                assert_true(nq_diagonals_needed_narrow((uint64_t)up, k, middle, slack, ring) ==
                            nq_diagonals_needed(up, k, middle, slack));
                assert_true(nq_diagonals_within_ring(ring, middle, slack) ==
                            nq_diagonals_within_reach_wide(up, k, middle, slack));
                assert_true(nq_diagonals_within_reach((uint64_t)up, k, middle, slack) ==
                            nq_diagonals_within_reach_wide(up, k, middle, slack));
            }
        }
        assert_int_equal(nq_diagonal_sums_slack_wide(s, n, k, up, down) >= 0, plain);
        assert_int_equal(nq_diagonal_sums_down_wide(s, k, down), down_plain);
        refused += !plain, down_refused += !down_plain;
    }
    assert_true(met > 1000 && refused > 1000 && down_refused > 1000 && needed > 100 &&
                out_of_reach > 100);
}

/* The sums of a node follow its queens: taking them one by one from the empty board's gives
 * the sums of the rows and columns left, on every board size. */
static void sums_follow_queens(void **state)
{
    (void)state;
    uint64_t random = 7;
    for (int i = 0; i < 500; i++) {
        int n = 1 + test_below(&random, 64);
        uint64_t full = n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1, rows = full, cols = full;
        nq_diagonal_sums s = nq_diagonal_sums_of(n, rows, cols);
        for (int q = test_below(&random, n + 1); q > 0; q--) {
            int r = test_below(&random, n), c = test_below(&random, n);
            if (!(rows >> r & 1) || !(cols >> c & 1))
                continue;
            rows &= ~(UINT64_C(1) << r), cols &= ~(UINT64_C(1) << c);
            s = nq_diagonal_sums_take(s, n, r, c);
            nq_diagonal_sums t = nq_diagonal_sums_of(n, rows, cols);
            assert_int_equal(s.up, t.up);
            assert_int_equal(s.down, t.down);
            assert_int_equal(s.squares, t.squares);
        }
    }
}

/* The cost of square (r, c) from the center (row2 / 2, col2 / 2), as diagonal_matching.c
 * defines it: its squared distance from the center, in quarter squares, twice. */
static long square_cost(int r, int c, int row2, int col2)
{
    long x = 2 * r - row2, y = 2 * c - col2;
    return 2 * x * x + 2 * y * y;
}

/* The least cost of k squares of free[] (open rows) on distinct up- and down-diagonals, by
 * trying every choice of them up-diagonal by up-diagonal; -1 when there are no k such squares.
 * With a square that must be among them (must_r >= 0), the least cost of those that have it. */
static long least_pairing(int n, uint64_t open, const uint64_t *free, int k, int row2, int col2,
                          int up, uint64_t downs, int must_r, int must_c)
{
    if (k == 0)   /* done, if the square that must be among them is */
        return must_r < 0 || up > must_r + must_c ? 0 : -1;
    if (up > 2 * n - 2)
        return -1;
    long best = -1;
    int must_here = must_r >= 0 && must_r + must_c == up;
    if (!must_here)
        best = least_pairing(n, open, free, k, row2, col2, up + 1, downs, must_r, must_c);
    for (int r = 0; r < n; r++) {
        int c = up - r, down = c - r + n - 1;
        if (c < 0 || c >= n || !(open >> r & 1) || !(free[r] >> c & 1) || (downs >> down & 1))
            continue;
        if (must_here && (r != must_r || c != must_c))
            continue;
        long rest = least_pairing(n, open, free, k - 1, row2, col2, up + 1,
                                  downs | UINT64_C(1) << down, must_r, must_c);
        long cost = rest < 0 ? -1 : rest + square_cost(r, c, row2, col2);
        if (cost >= 0 && (best < 0 || cost < best))
            best = cost;
    }
    return best;
}

/* diagonal_matching.c against every choice of squares on random boards with bad squares,
 * excluded diagonals and queens (n <= 7, every row open), its costs measured from a random
 * center: the node is refuted exactly when no k squares on distinct diagonals cost as little as
 * the bound (the queens' sum, nq_diagonal_matching_bound, or any other), and every square it
 * rules out is in no such choice (so, with the queens' sum, in no completion). And the queens'
 * sum is what any k squares one to an open row and one to an open column cost. */
static void matching_is_exact(void **state)
{
    (void)state;
    uint64_t random = 41;
    int refuted = 0, kept = 0, ruled = 0;
    for (int i = 0; i < 3000; i++) {
        int n = 2 + (int)test_below(&random, 6);
        nq_board b;
        test_random_board(&random, n, (int)test_below(&random, 40), (int)test_below(&random, 3),
                          0, &b);
        for (int d = (int)test_below(&random, n); d > 0; d--) {
            int diagonal = (int)test_below(&random, 2 * n - 1);
            for (int r = 0; r < n; r++) {
                int c = diagonal - r;
                if (c >= 0 && c < n && b.queen[r] != c)
                    nq_board_block(&b, r, c);
            }
        }
        nq_search search;
        if (nq_search_compile(&b, &search) != NQ_OK)
            continue;
        int row2 = i % 3 ? (int)test_below(&random, 2 * n - 1) : n - 1;
        int col2 = i % 3 ? (int)test_below(&random, 2 * n - 1) : n - 1;
        uint64_t open = search.full, ruled_out[NQ_MAX_N];
        int sum = nq_diagonal_matching_bound(open, search.full, row2, col2);
        int perm[NQ_MAX_N];   /* the queens' sum over a random permutation */
        long over = 0;
        for (int r = 0; r < n; r++) {
            int j = (int)test_below(&random, r + 1);
            perm[r] = perm[j], perm[j] = r;
        }
        for (int r = 0; r < n; r++)
            over += square_cost(r, perm[r], row2, col2);
        assert_int_equal(over, sum);
        long least = least_pairing(n, open, search.allow, n, row2, col2, 0, 0, -1, -1);
        if (least >= 0) {   /* the least cost exactly: refuted below it, not at it */
            assert_int_equal(nq_diagonal_matching(n, open, search.allow, n, row2, col2,
                                                  (int)least - 1, ruled_out), 0);
            assert_int_equal(nq_diagonal_matching(n, open, search.allow, n, row2, col2,
                                                  (int)least, ruled_out), 1);
        }
        /* The queens' sum, or a bound a little above the least (more squares ruled out). */
        int bound = i % 2 ? sum : (int)least + (int)test_below(&random, 160);
        int alive = nq_diagonal_matching(n, open, search.allow, n, row2, col2, bound, ruled_out);
        assert_int_equal(alive, least >= 0 && least <= bound);
        refuted += !alive, kept += alive;
        if (!alive)
            continue;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                if (ruled_out[r] >> c & 1) {
                    assert_true(search.allow[r] >> c & 1);
                    long with = least_pairing(n, open, search.allow, n, row2, col2, 0, 0, r, c);
                    assert_true(with < 0 || with > bound);
                    ruled++;
                }
    }
    assert_true(refuted > 100 && kept > 100 && ruled > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(planes),
        cmocka_unit_test(kth_bit),
        cmocka_unit_test(diagonals_by_halves),
        cmocka_unit_test(sound_and_alike),
        cmocka_unit_test(sums_follow_queens),
        cmocka_unit_test(matching_is_exact),
    };
    return cmocka_run_group_tests_name("diagonal_sums", tests, NULL, NULL);
}
