/*
 * test_parse.c - the parsers: board files, UVa input, solution lists; what they accept, and
 * the line, column and status of every error.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "nqueens.h"

static nq_status parse_board(const char *text, nq_board *b, nq_parse_error *err)
{
    return nq_board_parse(text, strlen(text), b, err);
}

/* Expects text to fail with status at line:column, the message containing `words`. */
static void board_error(const char *text, nq_status status, int line, int column,
                        const char *words)
{
    nq_board b;
    nq_parse_error err = { 0 };
    assert_int_equal(parse_board(text, &b, &err), status);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_non_null(strstr(err.message, words));
}

static void good_boards(void **state)
{
    (void)state;
    static const char *const texts[] = { ".Q..\n....\n..*.\n....\n", ".Q..\r\n....\r\n..*.\r\n....\r\n",
                                         ".Q..\n....\n..*.\n....", ".Q..\n....\n..*.\n....\n\n\n" };
    for (size_t i = 0; i < 4; i++) {
        nq_board b;
        assert_int_equal(parse_board(texts[i], &b, NULL), NQ_OK);
        assert_int_equal(b.n, 4);
        assert_int_equal(b.queen[0], 1);
        assert_int_equal(b.queen[1], -1);
        assert_int_equal(b.blocked[2], 1u << 2);
        assert_int_equal(b.blocked[0] | b.blocked[1] | b.blocked[3], 0);
    }
    nq_board one;
    assert_int_equal(parse_board("Q\n", &one, NULL), NQ_OK);
    assert_int_equal(one.n, 1);
}

static void bad_boards(void **state)
{
    (void)state;
    board_error("", NQ_ERR_SYNTAX, 1, 1, "empty board");
    board_error("\n....\n", NQ_ERR_SYNTAX, 1, 1, "empty first row");
    board_error("....\n..x.\n....\n....\n", NQ_ERR_SYNTAX, 2, 3, "unexpected character 'x'");
    board_error("....\n...\n....\n....\n", NQ_ERR_SYNTAX, 2, 4, "row has 3 squares; expected 4");
    board_error("....\n.....\n....\n....\n", NQ_ERR_SYNTAX, 2, 5, "row has 5 squares");
    board_error("....\n....\n", NQ_ERR_SYNTAX, 3, 1, "board ends after 2 rows; expected 4");
    board_error("..\n..\n..\n", NQ_ERR_SYNTAX, 3, 1, "extra row");
    board_error("Q..Q\n....\n....\n....\n", NQ_ERR_ATTACK, 1, 4, "second queen in this row");
    board_error("Q...\n....\n..Q.\n....\n", NQ_ERR_ATTACK, 3, 3, "row 1, column 1");
    board_error(".Q..\n....\n....\n.Q..\n", NQ_ERR_ATTACK, 4, 2, "row 1, column 2");
    char wide[80];
    memset(wide, '.', 65);
    strcpy(wide + 65, "\n");
    board_error(wide, NQ_ERR_SIZE, 1, 65, "at most 64");
    board_error("..\t.\n", NQ_ERR_SYNTAX, 1, 3, "\\x09");
}

/* Reads every case of text; returns the number read, or -1 with err set. */
static int read_cases(const char *text, nq_board *boards, nq_parse_error *err)
{
    nq_uva_reader reader;
    nq_uva_reader_init(&reader, text, strlen(text));
    for (int k = 0;; k++) {
        nq_status status = nq_uva_reader_next(&reader, &boards[k < 8 ? k : 7], err);
        if (status == NQ_ERR_END)
            return k;
        if (status)
            return -1;
    }
}

static void uva_cases(void **state)
{
    (void)state;
    nq_board boards[8];
    nq_parse_error err;
    const char *sample = "8\n........\n........\n........\n........\n........\n........\n"
                         "........\n........\n4\n.*..\n....\n....\n....\n0\n";
    assert_int_equal(read_cases(sample, boards, &err), 2);
    assert_int_equal(boards[0].n, 8);
    assert_int_equal(boards[1].blocked[0], 2);
    assert_int_equal(read_cases("1\n.\n\n\n2\n*.\n.*\n0\ntrailing text\n", boards, &err), 2);
    assert_int_equal(read_cases("0\n", boards, &err), 0);
}

static void uva_error(const char *text, int line, int column, const char *words)
{
    nq_board boards[8];
    nq_parse_error err = { 0 };
    assert_int_equal(read_cases(text, boards, &err), -1);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_non_null(strstr(err.message, words));
}

static void uva_errors(void **state)
{
    (void)state;
    uva_error("2\n..\n..\n", 4, 1, "without the closing line");
    uva_error("3\n...\n...\n", 4, 1, "case ends after 2 of its 3 rows");
    uva_error("2\n.Q\n..\n0\n", 2, 2, "unexpected character 'Q'; expected '.' or '*'");
    uva_error("65\n", 1, 1, "too large");
    uva_error("8x\n", 1, 2, "unexpected 'x'");
    uva_error("-3\n", 1, 1, "unexpected '-'");
    uva_error("2\n...\n..\n0\n", 2, 3, "row has 3 squares; expected 2");
}

/* Reads the next solution of a reader into cols; returns its status. */
static nq_status next_solution(nq_solution_reader *r, int32_t *cols, size_t *n,
                               nq_parse_error *err)
{
    int line;
    return nq_solution_reader_next(r, cols, 64, n, &line, err);
}

static void solution_lists(void **state)
{
    (void)state;
    int32_t cols[64];
    size_t n;
    nq_parse_error err;
    nq_solution_reader r;
    const char *list = "2 4 1 3\n\n3 1 4 2\n";
    nq_solution_reader_init(&r, list, strlen(list));
    assert_int_equal(next_solution(&r, cols, &n, &err), NQ_OK);
    assert_int_equal(n, 4);
    assert_int_equal(cols[0], 1);
    assert_int_equal(next_solution(&r, cols, &n, &err), NQ_OK);
    assert_int_equal(cols[3], 1);
    assert_int_equal(next_solution(&r, cols, &n, &err), NQ_ERR_END);

    const char *boards = ".Q..\n...Q\nQ...\n..Q.\n\n....\nQ..Q\n.Q..\n..Q.\n";
    nq_solution_reader_init(&r, boards, strlen(boards));
    assert_int_equal(next_solution(&r, cols, &n, &err), NQ_OK);
    assert_int_equal(n, 4);
    assert_int_equal(cols[1], 3);
    assert_int_equal(next_solution(&r, cols, &n, &err), NQ_OK);
    assert_int_equal(cols[0], -1);   /* no queen */
    assert_int_equal(cols[1], -2);   /* two queens */
    assert_int_equal(next_solution(&r, cols, &n, &err), NQ_ERR_END);
}

static void solution_errors(void **state)
{
    (void)state;
    int32_t cols[64];
    size_t n;
    nq_parse_error err;
    nq_solution_reader r;
    const char *cases[] = { "2 4 x 3\n", ".Q..\n...Q\nQ...\n", ".Q..\n..Q\n", "1 99999999999\n",
                            "Q.\n.x\n" };
    const int lines[] = { 1, 1, 2, 1, 2 }, columns[] = { 5, 1, 4, 3, 2 };
    for (int i = 0; i < 5; i++) {
        nq_solution_reader_init(&r, cases[i], strlen(cases[i]));
        assert_int_equal(next_solution(&r, cols, &n, &err), NQ_ERR_SYNTAX);
        assert_int_equal(err.line, lines[i]);
        assert_int_equal(err.column, columns[i]);
    }
    const char *long_line = "1 2 3 4 5\n";
    nq_solution_reader_init(&r, long_line, strlen(long_line));
    int line;
    assert_int_equal(nq_solution_reader_next(&r, cols, 3, &n, &line, &err), NQ_ERR_SIZE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_boards),   cmocka_unit_test(bad_boards),
        cmocka_unit_test(uva_cases),     cmocka_unit_test(uva_errors),
        cmocka_unit_test(solution_lists), cmocka_unit_test(solution_errors),
    };
    return cmocka_run_group_tests_name("parse", tests, NULL, NULL);
}
