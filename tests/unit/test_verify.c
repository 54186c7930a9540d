/*
 * test_verify.c - checking solutions (nq_verify) and reading them from text
 * (nq_solution_reader), in the cols and board formats.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "random_board.h"

/* Expects cols[0..n-1] to fail with status, reporting the queens (r1, c1) and (r2, c2). */
static void verify_fails(const int32_t *cols, size_t n, nq_status status, int64_t r1,
                         int64_t c1, int64_t r2, int64_t c2)
{
    nq_conflict k;
    assert_int_equal(nq_verify(cols, n, &k), status);
    assert_int_equal(k.row1, r1);
    assert_int_equal(k.col1, c1);
    assert_int_equal(k.row2, r2);
    assert_int_equal(k.col2, c2);
}

static void valid_solutions(void **state)
{
    (void)state;
    nq_conflict k;
    static const int32_t one[] = { 0 }, four[] = { 1, 3, 0, 2 }, five[] = { 0, 2, 4, 1, 3 };
    static const int32_t eight[] = { 0, 4, 7, 5, 2, 6, 1, 3 };
    assert_int_equal(nq_verify(one, 1, &k), NQ_OK);
    assert_int_equal(nq_verify(four, 4, &k), NQ_OK);
    assert_int_equal(nq_verify(five, 5, &k), NQ_OK);
    assert_int_equal(nq_verify(eight, 8, &k), NQ_OK);
    assert_int_equal(nq_verify(NULL, 0, &k), NQ_OK);   /* no queens, nothing wrong */
    assert_int_equal(nq_verify(NULL, 4, &k), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_verify(four, 4, NULL), NQ_ERR_ARGUMENT);
}

static void conflicts(void **state)
{
    (void)state;
    static const int32_t column[] = { 1, 3, 0, 1 };
    verify_fails(column, 4, NQ_ERR_ATTACK, 0, 1, 3, 1);
    /* Only the corners (0,0) and (5,5) share a line: the down-right diagonal. */
    static const int32_t down_right[] = { 0, 3, 1, 4, 2, 5 };
    verify_fails(down_right, 6, NQ_ERR_ATTACK, 0, 0, 5, 5);
    /* Only (0,5) and (5,0): the down-left diagonal. */
    static const int32_t down_left[] = { 5, 2, 4, 1, 3, 0 };
    verify_fails(down_left, 6, NQ_ERR_ATTACK, 0, 5, 5, 0);
    static const int32_t neighbours[] = { 2, 1, 3, 0 };
    verify_fails(neighbours, 4, NQ_ERR_ATTACK, 0, 2, 1, 1);
    /* Row 3 is attacked by rows 0 and 1, row 4 by row 2: row 3 comes first, row 0 with it. */
    static const int32_t several[] = { 0, 3, 5, 3, 7, 1, 4, 6 };
    verify_fails(several, 8, NQ_ERR_ATTACK, 0, 0, 3, 3);
    static const int32_t twice[] = { 4, 4, 4, 4, 4 };
    verify_fails(twice, 5, NQ_ERR_ATTACK, 0, 4, 1, 4);
}

static void queens_off_the_board(void **state)
{
    (void)state;
    static const int32_t past_the_edge[] = { 1, 3, 4, 2 };
    verify_fails(past_the_edge, 4, NQ_ERR_OFF_BOARD, 2, 4, -1, -1);
    static const int32_t negative[] = { 1, -1, 0, 2 };
    verify_fails(negative, 4, NQ_ERR_OFF_BOARD, 1, -1, -1, -1);
    static const int32_t huge[] = { INT32_MAX, 0 };
    verify_fails(huge, 2, NQ_ERR_OFF_BOARD, 0, INT32_MAX, -1, -1);
    static const int32_t lowest[] = { 0, INT32_MIN };
    verify_fails(lowest, 2, NQ_ERR_OFF_BOARD, 1, INT32_MIN, -1, -1);
    /* Whichever comes first in row order. */
    static const int32_t attack_first[] = { 0, 0, 9 };
    verify_fails(attack_first, 3, NQ_ERR_ATTACK, 0, 0, 1, 0);
    static const int32_t off_first[] = { 0, 9, 0 };
    verify_fails(off_first, 3, NQ_ERR_OFF_BOARD, 1, 9, -1, -1);
}

/* The first problem of cols as the header defines it, found by looking at every pair. */
static nq_status plain_verify(const int32_t *cols, int n, nq_conflict *k)
{
    for (int r = 0; r < n; r++) {
        *k = (nq_conflict){ r, cols[r], -1, -1 };
        if (cols[r] < 0 || cols[r] >= n)
            return NQ_ERR_OFF_BOARD;
        for (int a = 0; a < r; a++) {
            int64_t dc = (int64_t)cols[r] - cols[a];
            if (dc == 0 || dc == r - a || dc == a - r) {
                *k = (nq_conflict){ a, cols[a], r, cols[r] };
                return NQ_ERR_ATTACK;
            }
        }
    }
    return NQ_OK;
}

/* Random near-solutions: permutations (no column clashes) with a few entries disturbed, so
 * that every kind of problem turns up in every position. */
static void random_arrays_match_plain_checks(void **state)
{
    (void)state;
    uint64_t seed = 2024;
    for (int i = 0; i < 20000; i++) {
        int n = 1 + test_below(&seed, 70);
        int32_t cols[70];
        for (int r = 0; r < n; r++)
            cols[r] = r;
        for (int r = n - 1; r > 0; r--) {
            int j = test_below(&seed, r + 1);
            int32_t t = cols[r];
            cols[r] = cols[j], cols[j] = t;
        }
        for (int d = test_below(&seed, 3); d > 0; d--)
            cols[test_below(&seed, n)] = test_below(&seed, n + 4) - 2;
        nq_conflict want, got;
        nq_status status = plain_verify(cols, n, &want);
        assert_int_equal(nq_verify(cols, (size_t)n, &got), status);
        if (status == NQ_OK)
            continue;
        assert_true(got.row1 == want.row1 && got.col1 == want.col1);
        assert_true(got.row2 == want.row2 && got.col2 == want.col2);
    }
}

/* Reads the next solution into cols (room for 64); returns its status. */
static nq_status next(nq_solution_reader *r, int32_t *cols, size_t *n, int *line,
                      nq_parse_error *err)
{
    return nq_solution_reader_next(r, cols, 64, n, line, err);
}

/* Expects the next solution of r to be want[0..n-1], starting on line `line`. */
static void expect_solution(nq_solution_reader *r, const int32_t *want, size_t n, int line)
{
    int32_t cols[64];
    size_t got_n;
    int got_line;
    nq_parse_error err;
    assert_int_equal(next(r, cols, &got_n, &got_line, &err), NQ_OK);
    assert_int_equal(got_n, n);
    assert_int_equal(got_line, line);
    assert_memory_equal(cols, want, n * sizeof *want);
}

static void expect_end(nq_solution_reader *r)
{
    int32_t cols[64];
    size_t n;
    int line;
    nq_parse_error err;
    assert_int_equal(next(r, cols, &n, &line, &err), NQ_ERR_END);
    assert_int_equal(next(r, cols, &n, &line, &err), NQ_ERR_END);
}

static void cols_format(void **state)
{
    (void)state;
    static const int32_t a[] = { 1, 3, 0, 2 }, b[] = { 2, 0, 3, 1 }, c[] = { 0 };
    static const int32_t d[] = { 4, -1, 9 };
    nq_solution_reader r;
    const char *list = "2 4 1 3\n\n  3\t1 4 2  \r\n1\n5 0 10";
    nq_solution_reader_init(&r, list, strlen(list));
    expect_solution(&r, a, 4, 1);
    expect_solution(&r, b, 4, 3);
    expect_solution(&r, c, 1, 4);
    expect_solution(&r, d, 3, 5);   /* read as written: nq_verify judges */
    expect_end(&r);
    nq_solution_reader_init(&r, "", 0);
    expect_end(&r);
    nq_solution_reader_init(&r, "\n\n  \n", 4);
    expect_end(&r);
}

static void board_format(void **state)
{
    (void)state;
    static const int32_t a[] = { 1, 3, 0, 2 }, b[] = { -1, -2, 1, 2 }, c[] = { 0 };
    nq_solution_reader r;
    const char *boards = ".Q..\n...Q\nQ...\n..Q.\n\n\n....\r\nQ..Q\r\n.Q..\r\n..Q.\r\n\nQ";
    nq_solution_reader_init(&r, boards, strlen(boards));
    expect_solution(&r, a, 4, 1);
    expect_solution(&r, b, 4, 7);
    expect_solution(&r, c, 1, 12);
    expect_end(&r);
}

/* A bad square '*' holds no queen: a board whose first row has one is still a board, not a
 * line of columns. */
static void board_format_with_bad_squares(void **state)
{
    (void)state;
    static const int32_t a[] = { 1, 3, 0, 2 }, b[] = { 2, 0, 3, 1 }, c[] = { -1 };
    nq_solution_reader r;
    const char *boards = "*Q..\n...Q\nQ.*.\n..Q*\n\n..Q*\r\nQ*..\r\n*..Q\r\n.Q..\r\n\n*\n";
    nq_solution_reader_init(&r, boards, strlen(boards));
    expect_solution(&r, a, 4, 1);
    expect_solution(&r, b, 4, 6);
    expect_solution(&r, c, 1, 11);
    expect_end(&r);
}

/* The format is taken from the first solution and kept. */
static void format_is_kept(void **state)
{
    (void)state;
    int32_t cols[64];
    size_t n;
    int line;
    nq_parse_error err;
    nq_solution_reader r;
    const char *mixed = "Q\n\n1\n";
    nq_solution_reader_init(&r, mixed, strlen(mixed));
    assert_int_equal(next(&r, cols, &n, &line, &err), NQ_OK);
    assert_int_equal(next(&r, cols, &n, &line, &err), NQ_ERR_SYNTAX);
    assert_int_equal(err.line, 3);
    assert_int_equal(err.column, 1);
    const char *other = "1\nQ\n";
    nq_solution_reader_init(&r, other, strlen(other));
    assert_int_equal(next(&r, cols, &n, &line, &err), NQ_OK);
    assert_int_equal(next(&r, cols, &n, &line, &err), NQ_ERR_SYNTAX);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.column, 1);
}

/* Expects the first solution of text to fail with status at line:column. */
static void reader_error(const char *text, nq_status status, int line, int column,
                         const char *words)
{
    int32_t cols[64];
    size_t n;
    int first;
    nq_parse_error err = { 0 };
    nq_solution_reader r;
    nq_solution_reader_init(&r, text, strlen(text));
    assert_int_equal(next(&r, cols, &n, &first, &err), status);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_non_null(strstr(err.message, words));
}

static void reader_errors(void **state)
{
    (void)state;
    reader_error("2 4 x 3\n", NQ_ERR_SYNTAX, 1, 5, "unexpected 'x'");
    reader_error("2 4 1 3x\n", NQ_ERR_SYNTAX, 1, 8, "unexpected 'x'");
    reader_error("2 -4 1 3\n", NQ_ERR_SYNTAX, 1, 3, "unexpected '-'");
    reader_error("1 99999999999\n", NQ_ERR_SYNTAX, 1, 3, "too large");
    reader_error(".Q..\n...Q\nQ...\n", NQ_ERR_SYNTAX, 1, 1, "3 rows of 4 squares");
    reader_error("Q.\n.Q\n..\n", NQ_ERR_SYNTAX, 1, 1, "3 rows of 2 squares");
    reader_error(".Q..\n..Q\n", NQ_ERR_SYNTAX, 2, 4, "row has 3 squares; expected 4");
    reader_error(".Q..\n..Q..\n", NQ_ERR_SYNTAX, 2, 5, "row has 5 squares; expected 4");
    reader_error("Q.\n.x\n", NQ_ERR_SYNTAX, 2, 2, "unexpected 'x'; expected 'Q', '.' or '*'");
    reader_error("*.\n.x\n", NQ_ERR_SYNTAX, 2, 2, "unexpected 'x'; expected 'Q', '.' or '*'");
}

static void sizes(void **state)
{
    (void)state;
    int32_t cols[64];
    size_t n;
    int line;
    nq_parse_error err;
    nq_solution_reader r;
    const char *five = "1 2 3 4 5\n";
    nq_solution_reader_init(&r, five, strlen(five));
    assert_int_equal(nq_solution_reader_next(&r, cols, 4, &n, &line, &err), NQ_ERR_SIZE);
    nq_solution_reader_init(&r, five, strlen(five));
    assert_int_equal(nq_solution_reader_next(&r, cols, 5, &n, &line, &err), NQ_OK);
    assert_int_equal(n, 5);
    /* A board 65 squares wide is more than any board holds, whatever the capacity: a syntax
     * error at its 65th square. */
    static char big[65 * 66];
    for (int row = 0; row < 65; row++) {
        memset(big + row * 66, '.', 65);
        big[row * 66 + row] = 'Q';
        big[row * 66 + 65] = '\n';
    }
    int32_t room[80];
    nq_solution_reader_init(&r, big, sizeof big);
    assert_int_equal(nq_solution_reader_next(&r, room, 80, &n, &line, &err), NQ_ERR_SYNTAX);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 65);
    nq_solution_reader_init(&r, big, sizeof big);
    assert_int_equal(nq_solution_reader_next(NULL, room, 80, &n, &line, &err), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_solution_reader_next(&r, NULL, 80, &n, &line, &err), NQ_ERR_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(valid_solutions),
        cmocka_unit_test(conflicts),
        cmocka_unit_test(queens_off_the_board),
        cmocka_unit_test(random_arrays_match_plain_checks),
        cmocka_unit_test(cols_format),
        cmocka_unit_test(board_format),
        cmocka_unit_test(board_format_with_bad_squares),
        cmocka_unit_test(format_is_kept),
        cmocka_unit_test(reader_errors),
        cmocka_unit_test(sizes),
    };
    return cmocka_run_group_tests_name("verify", tests, NULL, NULL);
}
