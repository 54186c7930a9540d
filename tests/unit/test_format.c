/*
 * test_format.c - solutions written as text: the exact bytes of each format, the end of a
 * listing, format names, and the bound nq_format_max_bytes promises.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "random_board.h"

static const int32_t four[2][4] = { { 1, 3, 0, 2 }, { 2, 0, 3, 1 } };

/* Writes the first `count` solutions of n = 4 and the end of the listing into out, as a
 * string. */
static void listing_of_four(nq_format format, int count, char *out)
{
    size_t used = 0;
    for (int i = 0; i < count; i++)
        used += nq_format_solution(format, 4, four[i], (uint64_t)i, out + used);
    used += nq_format_end(format, (uint64_t)count, out + used);
    out[used] = '\0';
}

static void board_format(void **state)
{
    (void)state;
    char out[256];
    listing_of_four(NQ_FORMAT_BOARD, 2, out);
    assert_string_equal(out, ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n");
    listing_of_four(NQ_FORMAT_BOARD, 0, out);
    assert_string_equal(out, "");
    static const int32_t one[] = { 0 };
    assert_int_equal(nq_format_solution(NQ_FORMAT_BOARD, 1, one, 0, out), 3);
    assert_memory_equal(out, "Q\n\n", 3);
}

static void leetcode_format(void **state)
{
    (void)state;
    char out[256];
    listing_of_four(NQ_FORMAT_LEETCODE, 2, out);
    assert_string_equal(out, "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],"
                             "[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n");
    listing_of_four(NQ_FORMAT_LEETCODE, 1, out);
    assert_string_equal(out, "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]]\n");
    listing_of_four(NQ_FORMAT_LEETCODE, 0, out);
    assert_string_equal(out, "[]\n");
    /* Only the first solution opens the list, whatever the index of the others. */
    size_t len = nq_format_solution(NQ_FORMAT_LEETCODE, 4, four[1], UINT64_MAX, out);
    out[len] = '\0';
    assert_string_equal(out, ",[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]");
}

static void cols_format(void **state)
{
    (void)state;
    char out[256];
    listing_of_four(NQ_FORMAT_COLS, 2, out);
    assert_string_equal(out, "2 4 1 3\n3 1 4 2\n");
    listing_of_four(NQ_FORMAT_COLS, 0, out);
    assert_string_equal(out, "");
    /* Two-digit columns, up to 64. */
    int32_t cols[64];
    for (int r = 0; r < 64; r++)
        cols[r] = (int32_t)(63 - r);
    size_t len = nq_format_solution(NQ_FORMAT_COLS, 64, cols, 0, out);
    assert_int_equal(len, 55 * 3 + 9 * 2);
    assert_memory_equal(out, "64 63 62", 8);
    assert_memory_equal(out + len - 5, " 2 1\n", 5);
}

static void end_of_listings(void **state)
{
    (void)state;
    char out[8];
    assert_int_equal(nq_format_end(NQ_FORMAT_LEETCODE, 0, out), 3);
    assert_memory_equal(out, "[]\n", 3);
    assert_int_equal(nq_format_end(NQ_FORMAT_LEETCODE, 5, out), 2);
    assert_memory_equal(out, "]\n", 2);
    for (int f = NQ_FORMAT_BOARD; f <= NQ_FORMAT_COLS; f += 2) {
        assert_int_equal(nq_format_end((nq_format)f, 0, out), 0);
        assert_int_equal(nq_format_end((nq_format)f, 5, out), 0);
    }
}

static void format_names(void **state)
{
    (void)state;
    static const char *const names[] = { "board", "leetcode", "cols", "unicode", "svg" };
    nq_format f;
    for (int i = 0; i < 5; i++) {
        assert_int_equal(nq_format_from_name(names[i], &f), NQ_OK);
        assert_int_equal(f, i);
    }
    assert_int_equal(nq_format_from_name("svgx", &f), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_format_from_name("Board", &f), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_format_from_name("", &f), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_format_from_name(NULL, &f), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_format_from_name("cols", NULL), NQ_ERR_ARGUMENT);
}

/* Writes one solution into a buffer filled with a marker; checks that the length returned
 * stays within the bound and that nothing past it was touched. */
static void check_bound(nq_format format, int n, const int32_t *cols, uint64_t index)
{
    static char buf[64 * 70 + 64];
    size_t most = nq_format_max_bytes(format, n);
    assert_true(most < sizeof buf);
    memset(buf, 0x55, sizeof buf);
    size_t used = nq_format_solution(format, n, cols, index, buf);
    assert_true(used <= most);
    size_t i = used;
    while (i < sizeof buf && buf[i] == 0x55)
        i++;
    assert_int_equal(i, sizeof buf);
}

static void max_bytes_bound(void **state)
{
    (void)state;
    uint64_t seed = 3;
    for (int n = 1; n <= 64; n++) {
        for (int trial = 0; trial < 20; trial++) {
            int32_t cols[64];
            /* Random columns, and on the last trial all at the right edge: the widest. */
            for (int r = 0; r < n; r++)
                cols[r] = (int32_t)(trial == 19 ? n - 1 : test_below(&seed, n));
            for (int f = NQ_FORMAT_BOARD; f <= NQ_FORMAT_COLS; f++)
                check_bound((nq_format)f, n, cols, (uint64_t)trial % 2);
        }
    }
}

/* A solution written row run by row run, in pieces of every size, makes the bytes of
 * nq_format_solution less what separates a listing's entries, each piece within its bound. */
static void rows_in_pieces(void **state)
{
    (void)state;
    static char whole[64 * 70 + 64], pieces[64 * 70 + 64];
    uint64_t seed = 5;
    for (int n = 1; n <= 64; n += 7) {
        int32_t cols[64];
        for (int r = 0; r < n; r++)
            cols[r] = (int32_t)test_below(&seed, n);
        for (int f = NQ_FORMAT_BOARD; f <= NQ_FORMAT_COLS; f++) {
            size_t length = nq_format_solution((nq_format)f, n, cols, 1, whole), used = 0;
            for (int first = 0, count; first < n; first += count) {
                count = 1 + (int)test_below(&seed, (uint64_t)(n - first));
                size_t wrote = nq_format_rows((nq_format)f, n, cols + first, first, count,
                                              pieces + used);
                assert_true(wrote <= (size_t)count * nq_format_row_bytes((nq_format)f, n) + 3);
                used += wrote;
            }
            /* The listing's second entry: a ',' before a LeetCode list, an empty line after a
             * board. */
            const char *own = whole + (f == NQ_FORMAT_LEETCODE);
            assert_int_equal(used, length - (f != NQ_FORMAT_COLS));
            assert_memory_equal(pieces, own, used);
            if (f == NQ_FORMAT_BOARD)
                assert_int_equal(whole[length - 1], '\n');
            if (f == NQ_FORMAT_LEETCODE)
                assert_int_equal(whole[0], ',');
        }
    }
}

/* Solutions far wider than a board: columns of many digits, in the cols format, and the
 * board format at a thousand columns, against a plain writer. */
static void wide_solutions(void **state)
{
    (void)state;
    enum { N = 123457 };
    int32_t *cols = malloc(N * sizeof *cols);
    char *got = malloc(nq_format_max_bytes(NQ_FORMAT_COLS, N)), *want = malloc(N * 8);
    assert_non_null(cols), assert_non_null(got), assert_non_null(want);
    size_t length = 0;
    for (int r = 0; r < N; r++) {
        cols[r] = (int32_t)((uint64_t)r * 7919 % N);
        length += (size_t)sprintf(want + length, "%d%c", cols[r] + 1, r + 1 == N ? '\n' : ' ');
    }
    assert_true(nq_format_max_bytes(NQ_FORMAT_COLS, N) >= length);
    assert_int_equal(nq_format_solution(NQ_FORMAT_COLS, N, cols, 0, got), length);
    assert_memory_equal(got, want, length);
    free(got);
    enum { W = 1000 };
    got = malloc(nq_format_max_bytes(NQ_FORMAT_BOARD, W));
    assert_non_null(got);
    for (int r = 0; r < W; r++)
        cols[r] %= W;
    size_t used = nq_format_solution(NQ_FORMAT_BOARD, W, cols, 0, got);
    assert_int_equal(used, (size_t)W * (W + 1) + 1);
    for (int r = 0; r < W; r++)
        for (int c = 0; c <= W; c++)
            assert_int_equal(got[r * (W + 1) + c], c == W ? '\n' : c == cols[r] ? 'Q' : '.');
    free(got);
    free(want);
    free(cols);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(board_format),
        cmocka_unit_test(leetcode_format),
        cmocka_unit_test(cols_format),
        cmocka_unit_test(end_of_listings),
        cmocka_unit_test(format_names),
        cmocka_unit_test(max_bytes_bound),
        cmocka_unit_test(rows_in_pieces),
        cmocka_unit_test(wide_solutions),
    };
    return cmocka_run_group_tests_name("format", tests, NULL, NULL);
}
