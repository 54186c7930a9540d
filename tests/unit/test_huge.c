/*
 * test_huge.c - one solution of any size: the explicit construction for every n up to
 * thousands and samples of huge n, the random local search, and the pictures' sizes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nqueens.h"

/* Builds the explicit solution of side n and checks it with nq_verify. */
static void check_explicit(uint64_t n, int32_t *cols)
{
    for (uint64_t r = 0; r < n; r++)
        cols[r] = (int32_t)nq_explicit_column(n, r);
    nq_conflict k;
    assert_int_equal(nq_verify(cols, n, &k), NQ_OK);
}

static void explicit_every_n(void **state)
{
    (void)state;
    int32_t *cols = malloc(4000 * sizeof *cols);
    for (uint64_t n = 1; n <= 4000; n++)
        if (n != 2 && n != 3)
            check_explicit(n, cols);
    free(cols);
    assert_int_equal(nq_explicit_column(2, 0), UINT64_MAX);
    assert_int_equal(nq_explicit_column(3, 1), UINT64_MAX);
    assert_int_equal(nq_explicit_column(8, 8), UINT64_MAX);
}

static void explicit_huge_n(void **state)
{
    (void)state;
    /* Every residue modulo 6 and 12, near a million and near ten million. */
    int32_t *cols = malloc(10000012 * sizeof *cols);
    assert_non_null(cols);
    for (uint64_t n = 1000000; n < 1000012; n++)
        check_explicit(n, cols);
    for (uint64_t n = 10000000; n < 10000012; n += 5)
        check_explicit(n, cols);
    free(cols);
}

static void random_solutions(void **state)
{
    (void)state;
    int32_t cols[3000], again[3000];
    nq_conflict k;
    for (uint32_t n = 1; n <= 300; n += (n < 40 ? 1 : 37)) {
        if (n == 2 || n == 3) {
            assert_int_equal(nq_random_solution(n, 1, cols), NQ_ERR_NO_SOLUTION);
            continue;
        }
        assert_int_equal(nq_random_solution(n, n, cols), NQ_OK);
        assert_int_equal(nq_verify(cols, n, &k), NQ_OK);
    }
    assert_int_equal(nq_random_solution(3000, 7, cols), NQ_OK);
    assert_int_equal(nq_verify(cols, 3000, &k), NQ_OK);
    assert_int_equal(nq_random_solution(3000, 7, again), NQ_OK);
    assert_memory_equal(cols, again, sizeof cols);
    assert_int_equal(nq_random_solution(3000, 8, again), NQ_OK);
    assert_true(memcmp(cols, again, sizeof cols) != 0);
    assert_int_equal(nq_random_solution(0, 1, cols), NQ_ERR_ARGUMENT);
}

static void picture_sizes_are_bounded(void **state)
{
    (void)state;
    static char buf[1 << 20];
    int32_t cols[NQ_PICTURE_MAX_N];
    for (int n = 1; n <= NQ_PICTURE_MAX_N; n += n < 70 ? 1 : 131) {
        for (int r = 0; r < n; r++)
            cols[r] = (n - 1 - r);
        nq_board board, *bad = NULL;
        if (n <= NQ_MAX_N) {
            nq_board_init(&board, n);
            for (int r = 0; r < n; r++)
                for (int c = 0; c < n; c++)
                    if (c != cols[r])
                        nq_board_block(&board, r, c);
            bad = &board;
        }
        memset(buf, 0x55, sizeof buf);
        size_t used = nq_svg_board(n, cols, bad, 77, 100, buf);
        assert_true(used <= nq_svg_max_bytes(n, bad));
        assert_true(nq_svg_begin(n, 100000, buf) < 2048);
        if (n <= NQ_UNICODE_MAX_N) {
            used = nq_picture_unicode(n, cols, bad, buf);
            assert_true(used <= nq_unicode_max_bytes(n));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(explicit_every_n),
        cmocka_unit_test(explicit_huge_n),
        cmocka_unit_test(random_solutions),
        cmocka_unit_test(picture_sizes_are_bounded),
    };
    return cmocka_run_group_tests_name("huge", tests, NULL, NULL);
}
