/*
 * test_diagonal_sums.c - the bounds of diagonal_sums.h: they never refuse sums that some
 * choice of distinct free diagonals meets (checked against every choice, on small boards), the
 * 64-bit and the 128-bit forms agree, the bit planes are what they say, and the sums of a node
 * follow its queens.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "engine/diagonal_sums.h"
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
}

/* Every choice of k diagonals of free (2 middle + 1 of them at most): its sum of indices and
 * of squared distances from middle, as pairs; returns how many. */
static int choices(uint64_t free, int k, int middle, int pairs[][2])
{
    int count = 0;
    for (uint64_t set = 0; set < UINT64_C(1) << (2 * middle + 1); set++) {
        if ((set & ~free) || __builtin_popcountll(set) != k)
            continue;
        int sum = 0, squares = 0;
        for (int d = 0; d <= 2 * middle; d++)
            if (set >> d & 1)
                sum += d, squares += (d - middle) * (d - middle);
        pairs[count][0] = sum, pairs[count][1] = squares, count++;
    }
    return count;
}

/* On boards up to 5 wide, the sums of every choice of distinct free diagonals pass; and on
 * random sums, met or not, the wide form answers as the narrow one. */
static void sound_and_alike(void **state)
{
    (void)state;
    static int up_pairs[512][2], down_pairs[512][2];
    uint64_t random = 5;
    int met = 0, refused = 0;
    for (int i = 0; i < 400; i++) {
        int n = 1 + test_below(&random, 5), middle = n - 1, k = 1 + test_below(&random, n);
        uint64_t all = (UINT64_C(2) << (2 * middle)) - 1;
        uint64_t up = test_random(&random) & all, down = test_random(&random) & all;
        int ups = choices(up, k, middle, up_pairs), downs = choices(down, k, middle, down_pairs);
        for (int a = 0; a < ups; a++) {
            for (int b = 0; b < downs; b++) {
                nq_diagonal_sums s = { up_pairs[a][0], down_pairs[b][0],
                                       up_pairs[a][1] + down_pairs[b][1] };
                assert_true(nq_diagonal_sums_possible(s, n, k, up, down));
                assert_true(nq_diagonal_sums_possible_wide(s, n, k, up, down));
                met++;
            }
        }
        for (int j = 0; j < 200; j++) {
            nq_diagonal_sums s = { test_below(&random, 2 * k * middle + 2),
                                   test_below(&random, 2 * k * middle + 2),
                                   test_below(&random, 2 * k * middle * middle + 2) };
            int narrow = nq_diagonal_sums_possible(s, n, k, up, down);
            assert_int_equal(narrow, nq_diagonal_sums_possible_wide(s, n, k, up, down));
            refused += !narrow;
        }
    }
    assert_true(met > 1000 && refused > 1000);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(planes),
        cmocka_unit_test(sound_and_alike),
        cmocka_unit_test(sums_follow_queens),
    };
    return cmocka_run_group_tests_name("diagonal_sums", tests, NULL, NULL);
}
