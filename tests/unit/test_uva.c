/*
 * test_uva.c - the reader of UVa 11195 input: cases, blank lines, the closing "0", and the
 * line, column and status of every error.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "nqueens.h"

/* The problem's sample input, as in ../shared/data/uva11195-sample.in; its answers are 92 and
 * 1 (uva11195-sample.out). */
static const char sample[] = "8\n........\n........\n........\n........\n........\n........\n"
                             "........\n........\n4\n.*..\n....\n....\n....\n0\n";

/* Reads every case of text into boards (at most 8 kept); returns the number read, or -1 with
 * *status and err set. */
static int read_cases(const char *text, nq_board *boards, nq_status *status, nq_parse_error *err)
{
    nq_uva_reader reader;
    nq_uva_reader_init(&reader, text, strlen(text));
    for (int k = 0;; k++) {
        *status = nq_uva_reader_next(&reader, &boards[k < 8 ? k : 7], err);
        if (*status == NQ_ERR_END)
            return k;
        if (*status)
            return -1;
    }
}

static uint64_t total(const nq_board *b)
{
    nq_count_options options = { 1, 0, 0, NQ_ENGINE_AUTO };
    nq_count_result r;
    assert_int_equal(nq_count(b, &options, &r), NQ_OK);
    return r.total.lo;
}

static void sample_cases(void **state)
{
    (void)state;
    nq_board boards[8];
    nq_status status;
    nq_parse_error err;
    assert_int_equal(read_cases(sample, boards, &status, &err), 2);
    assert_int_equal(boards[0].n, 8);
    assert_int_equal(boards[1].n, 4);
    for (int r = 0; r < 8; r++)
        assert_int_equal(boards[0].blocked[r], 0);
    assert_int_equal(boards[1].blocked[0], 2);
    assert_int_equal(boards[1].blocked[1] | boards[1].blocked[2] | boards[1].blocked[3], 0);
    for (int r = 0; r < 4; r++)
        assert_int_equal(boards[1].queen[r], -1);
    assert_int_equal(total(&boards[0]), 92);
    assert_int_equal(total(&boards[1]), 1);
}

static void blank_lines_and_line_ends(void **state)
{
    (void)state;
    nq_board boards[8];
    nq_status status;
    nq_parse_error err;
    assert_int_equal(read_cases("1\n.\n\n\n2\n*.\n.*\n0\ntrailing text\n", boards, &status, &err),
                     2);
    assert_int_equal(boards[1].blocked[0], 1);
    assert_int_equal(boards[1].blocked[1], 2);
    assert_int_equal(read_cases("\n \n\t\n 2 \n..\n*.\n\n 0\n", boards, &status, &err), 1);
    assert_int_equal(boards[0].blocked[1], 1);
    assert_int_equal(read_cases("2\r\n.*\r\n..\r\n0\r\n", boards, &status, &err), 1);
    assert_int_equal(boards[0].blocked[0], 2);
    assert_int_equal(read_cases("0", boards, &status, &err), 0);
    assert_int_equal(read_cases("0\n", boards, &status, &err), 0);
}

/* The largest case: 64 rows of 64, a bad square in the far corner. */
static void largest_case(void **state)
{
    (void)state;
    static char text[3 + 64 * 65 + 3];
    char *p = text;
    memcpy(p, "64\n", 3), p += 3;
    for (int r = 0; r < 64; r++, p += 65) {
        memset(p, '.', 64);
        p[64] = '\n';
    }
    p[-2] = '*';
    memcpy(p, "0\n", 3);
    nq_board boards[8];
    nq_status status;
    nq_parse_error err;
    assert_int_equal(read_cases(text, boards, &status, &err), 1);
    assert_int_equal(boards[0].n, 64);
    assert_true(boards[0].blocked[63] == UINT64_C(1) << 63);
    assert_int_equal(boards[0].blocked[0], 0);
}

/* The reader stays at the end once it has read the "0", and keeps counting lines. */
static void reader_state(void **state)
{
    (void)state;
    nq_uva_reader reader;
    nq_board b;
    nq_parse_error err;
    nq_uva_reader_init(&reader, sample, strlen(sample));
    assert_int_equal(reader.line, 1);
    assert_int_equal(nq_uva_reader_next(&reader, &b, &err), NQ_OK);
    assert_int_equal(reader.line, 10);
    assert_int_equal(nq_uva_reader_next(&reader, &b, &err), NQ_OK);
    assert_int_equal(nq_uva_reader_next(&reader, &b, &err), NQ_ERR_END);
    assert_int_equal(nq_uva_reader_next(NULL, &b, &err), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_uva_reader_next(&reader, NULL, &err), NQ_ERR_ARGUMENT);
}

static void uva_error(const char *text, nq_status want, int line, int column, const char *words)
{
    nq_board boards[8];
    nq_status status;
    nq_parse_error err = { 0 };
    assert_int_equal(read_cases(text, boards, &status, &err), -1);
    assert_int_equal(status, want);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_non_null(strstr(err.message, words));
}

static void errors(void **state)
{
    (void)state;
    uva_error("", NQ_ERR_SYNTAX, 1, 1, "without the closing line");
    uva_error("2\n..\n..\n", NQ_ERR_SYNTAX, 4, 1, "without the closing line");
    uva_error("2\n..\n..\n\n\n", NQ_ERR_SYNTAX, 6, 1, "without the closing line");
    uva_error("3\n...\n...\n", NQ_ERR_SYNTAX, 4, 1, "case ends after 2 of its 3 rows");
    uva_error("3\n...\n...", NQ_ERR_SYNTAX, 4, 1, "case ends after 2 of its 3 rows");
    uva_error("2\n.Q\n..\n0\n", NQ_ERR_SYNTAX, 2, 2,
              "unexpected character 'Q'; expected '.' or '*'");
    uva_error("2\n..\n.#\n0\n", NQ_ERR_SYNTAX, 3, 2, "unexpected character '#'");
    uva_error("2\n...\n..\n0\n", NQ_ERR_SYNTAX, 2, 3, "row has 3 squares; expected 2");
    uva_error("2\n.\n..\n0\n", NQ_ERR_SYNTAX, 2, 2, "row has 1 squares; expected 2");
    uva_error("65\n", NQ_ERR_SIZE, 1, 1, "too large");
    uva_error("  100\n", NQ_ERR_SIZE, 1, 3, "board size 100 is too large");
    uva_error("99999999999999999999\n", NQ_ERR_SIZE, 1, 1, "too large");
    uva_error("8x\n", NQ_ERR_SYNTAX, 1, 2, "unexpected 'x'");
    uva_error("8 8\n", NQ_ERR_SYNTAX, 1, 3, "unexpected '8'");
    uva_error("-3\n", NQ_ERR_SYNTAX, 1, 1, "unexpected '-'");
    uva_error("1\n.\n+1\n", NQ_ERR_SYNTAX, 3, 1, "unexpected '+'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sample_cases),
        cmocka_unit_test(blank_lines_and_line_ends),
        cmocka_unit_test(largest_case),
        cmocka_unit_test(reader_state),
        cmocka_unit_test(errors),
    };
    return cmocka_run_group_tests_name("uva", tests, NULL, NULL);
}
