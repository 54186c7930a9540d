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
#include "reference.h"

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

/* Whether cols[0..n-1] is a solution, checked plainly (apart from nq_verify): a column and
 * two diagonals used once each. */
static int is_solution(const int32_t *cols, uint32_t n)
{
    char *used = calloc(5 * (size_t)n, 1), *up = used + n, *down = up + 2 * (size_t)n;
    int ok = used != NULL;
    for (uint32_t r = 0; ok && r < n; r++) {
        int64_t c = cols[r];
        ok = c >= 0 && c < n && !used[c] && !up[r + c] && !down[r + n - 1 - c];
        if (ok)
            used[c] = up[r + c] = down[r + n - 1 - c] = 1;
    }
    free(used);
    return ok;
}

static void random_solutions_small(void **state)
{
    (void)state;
    int32_t cols[2000];
    nq_conflict k;
    assert_int_equal(nq_random_solution(1, 5, cols), NQ_OK);
    assert_int_equal(cols[0], 0);
    for (uint32_t n = 2; n <= 3; n++)
        assert_int_equal(nq_random_solution(n, 1, cols), NQ_ERR_NO_SOLUTION);
    assert_int_equal(nq_random_solution(0, 1, cols), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_random_solution(8, 1, NULL), NQ_ERR_ARGUMENT);
    /* Every side to 2000, and many seeds on the small sides, where the search meets dead ends. */
    for (uint32_t n = 4; n <= 2000; n++) {
        for (uint64_t seed = 0; seed < (n <= 40 ? 100 : 1); seed++) {
            assert_int_equal(nq_random_solution(n, seed * 1000 + n, cols), NQ_OK);
            assert_true(is_solution(cols, n));
        }
        assert_int_equal(nq_verify(cols, n, &k), NQ_OK);
    }
}

/* On sides 4 to 9, every random solution is one of the reference's, and a few hundred seeds
 * find most of them (all on sides 4 to 8): the seed really steers the search. */
static void random_solutions_spread(void **state)
{
    (void)state;
    for (int n = 4; n <= 9; n++) {
        nq_board board;
        nq_board_init(&board, n);
        size_t count, found = 0;
        int8_t *all = ref_list(&board, 0, &count);
        char seen[400] = { 0 };
        for (uint64_t seed = 0; seed < 1000; seed++) {
            int32_t cols[9];
            int8_t as_bytes[9];
            assert_int_equal(nq_random_solution((uint32_t)n, seed, cols), NQ_OK);
            for (int r = 0; r < n; r++)
                as_bytes[r] = (int8_t)cols[r];
            size_t i = 0;
            while (i < count && memcmp(all + i * (size_t)n, as_bytes, (size_t)n))
                i++;
            assert_true(i < count);
            found += !seen[i];
            seen[i] = 1;
        }
        assert_true(found * 4 >= count * 3);
        free(all);
    }
}

/* A million queens: valid, the same for the same seed, another for another seed. */
static void random_solutions_huge(void **state)
{
    (void)state;
    uint32_t n = 1000000;
    int32_t *cols = malloc(n * sizeof *cols), *again = malloc(n * sizeof *again);
    assert_non_null(cols);
    assert_non_null(again);
    nq_conflict k;
    assert_int_equal(nq_random_solution(n, 7, cols), NQ_OK);
    assert_true(is_solution(cols, n));
    assert_int_equal(nq_verify(cols, n, &k), NQ_OK);
    assert_int_equal(nq_random_solution(n, 7, again), NQ_OK);
    assert_memory_equal(cols, again, n * sizeof *cols);
    assert_int_equal(nq_random_solution(n, 8, again), NQ_OK);
    assert_true(is_solution(again, n));
    assert_true(memcmp(cols, again, n * sizeof *cols) != 0);
    free(cols);
    free(again);
}

/* A stop already asked for stops the search; a stop never asked for changes nothing. */
static void random_solution_stops(void **state)
{
    (void)state;
    uint32_t n = 300000;
    int32_t *cols = malloc(n * sizeof *cols), *again = malloc(n * sizeof *again);
    assert_non_null(cols);
    assert_non_null(again);
    nq_stop_request stop = 1;
    assert_int_equal(nq_random_solution_stop(n, 3, &stop, cols), NQ_ERR_STOPPED);
    stop = 0;
    assert_int_equal(nq_random_solution_stop(n, 3, &stop, cols), NQ_OK);
    assert_int_equal(nq_random_solution(n, 3, again), NQ_OK);
    assert_memory_equal(cols, again, n * sizeof *cols);
    free(cols);
    free(again);
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
        cmocka_unit_test(random_solutions_small),
        cmocka_unit_test(random_solutions_spread),
        cmocka_unit_test(random_solutions_huge),
        cmocka_unit_test(random_solution_stops),
        cmocka_unit_test(picture_sizes_are_bounded),
    };
    return cmocka_run_group_tests_name("huge", tests, NULL, NULL);
}
