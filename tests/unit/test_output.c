/*
 * test_output.c - formats of solutions, verification of solutions, 128-bit counts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "internal.h"
#include "random_board.h"

static const int8_t four[2][4] = { { 1, 3, 0, 2 }, { 2, 0, 3, 1 } };

/* Formats both solutions of n = 4 and the end of the listing. */
static void listing_of_four(nq_format format, char *out)
{
    size_t used = 0;
    for (int i = 0; i < 2; i++)
        used += nq_format_solution(format, 4, four[i], (uint64_t)i, out + used);
    used += nq_format_end(format, 2, out + used);
    out[used] = '\0';
}

static void formats_of_four(void **state)
{
    (void)state;
    char out[256];
    listing_of_four(NQ_FORMAT_BOARD, out);
    assert_string_equal(out, ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n");
    listing_of_four(NQ_FORMAT_LEETCODE, out);
    assert_string_equal(out, "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n");
    listing_of_four(NQ_FORMAT_COLS, out);
    assert_string_equal(out, "2 4 1 3\n3 1 4 2\n");
    size_t len = nq_format_end(NQ_FORMAT_LEETCODE, 0, out);
    assert_int_equal(len, 3);
    assert_memory_equal(out, "[]\n", 3);
    assert_int_equal(nq_format_end(NQ_FORMAT_COLS, 0, out), 0);
}

static void format_names(void **state)
{
    (void)state;
    nq_format f;
    assert_int_equal(nq_format_from_name("leetcode", &f), NQ_OK);
    assert_int_equal(f, NQ_FORMAT_LEETCODE);
    assert_int_equal(nq_format_from_name("cols", &f), NQ_OK);
    assert_int_equal(f, NQ_FORMAT_COLS);
    assert_int_equal(nq_format_from_name("svgx", &f), NQ_ERR_ARGUMENT);
}

static void max_bytes_bound(void **state)
{
    (void)state;
    static char buf[64 * 70];
    uint64_t seed = 3;
    for (int n = 1; n <= 64; n++) {
        int8_t cols[64];
        for (int r = 0; r < n; r++)
            cols[r] = (int8_t)test_below(&seed, n);
        for (int f = 0; f < 3; f++) {
            size_t most = nq_format_max_bytes((nq_format)f, n);
            memset(buf, 0x55, sizeof buf);
            size_t used = nq_format_solution((nq_format)f, n, cols, 1, buf);
            assert_true(used <= most);
            assert_true(buf[most] == 0x55);
        }
    }
}

static void verify_solutions(void **state)
{
    (void)state;
    nq_conflict k;
    const int32_t good[] = { 1, 3, 0, 2 };
    assert_int_equal(nq_verify(good, 4, &k), NQ_OK);
    const int32_t column[] = { 1, 3, 0, 1 };
    assert_int_equal(nq_verify(column, 4, &k), NQ_ERR_ATTACK);
    assert_true(k.row1 == 0 && k.col1 == 1 && k.row2 == 3 && k.col2 == 1);
    const int32_t five[] = { 0, 2, 4, 1, 3 };
    assert_int_equal(nq_verify(five, 5, &k), NQ_OK);
    /* Only the corners (0,0) and (5,5) share a line: the main diagonal. */
    const int32_t diag[] = { 0, 3, 1, 4, 2, 5 };
    assert_int_equal(nq_verify(diag, 6, &k), NQ_ERR_ATTACK);
    assert_true(k.row1 == 0 && k.col1 == 0 && k.row2 == 5 && k.col2 == 5);
    const int32_t anti[] = { 2, 1, 3, 0 };
    assert_int_equal(nq_verify(anti, 4, &k), NQ_ERR_ATTACK);
    assert_true(k.row1 == 0 && k.col1 == 2 && k.row2 == 1 && k.col2 == 1);
    const int32_t off[] = { 1, 3, 4, 2 };
    assert_int_equal(nq_verify(off, 4, &k), NQ_ERR_ARGUMENT);
    assert_true(k.row1 == 2 && k.col1 == 4 && k.row2 == -1);
    const int32_t negative[] = { 1, -1, 0, 2 };
    assert_int_equal(nq_verify(negative, 4, &k), NQ_ERR_ARGUMENT);
    assert_int_equal(k.row1, 1);
}

static void u128_numbers(void **state)
{
    (void)state;
    char buf[40];
    nq_u128_format((nq_u128){ 0, 0 }, buf);
    assert_string_equal(buf, "0");
    nq_u128_format((nq_u128){ UINT64_MAX, 0 }, buf);
    assert_string_equal(buf, "18446744073709551615");
    nq_u128_format((nq_u128){ 0, 1 }, buf);
    assert_string_equal(buf, "18446744073709551616");
    nq_u128_format((nq_u128){ UINT64_MAX, UINT64_MAX }, buf);
    assert_string_equal(buf, "340282366920938463463374607431768211455");
    nq_u128 sum = { UINT64_MAX, 0 };
    assert_int_equal(nq_u128_add(&sum, (nq_u128){ 1, 0 }), 0);
    assert_true(sum.lo == 0 && sum.hi == 1);
    sum = (nq_u128){ UINT64_MAX, UINT64_MAX };
    assert_int_equal(nq_u128_add(&sum, (nq_u128){ 1, 0 }), 1);
    assert_true(sum.lo == UINT64_MAX && sum.hi == UINT64_MAX);
    nq_u128 product = nq_u128_mul64(UINT64_MAX, 8);
    assert_true(product.hi == 7 && product.lo == UINT64_MAX - 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(formats_of_four),  cmocka_unit_test(format_names),
        cmocka_unit_test(max_bytes_bound),  cmocka_unit_test(verify_solutions),
        cmocka_unit_test(u128_numbers),
    };
    return cmocka_run_group_tests_name("output", tests, NULL, NULL);
}
