/*
 * test_board.c - the board value: making it, bad squares, placed queens, its symmetries, and
 * reading it from text, with the line, column and status of every error.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "random_board.h"
#include "reference.h"

static void init_checks_the_size(void **state)
{
    (void)state;
    nq_board b;
    assert_int_equal(nq_board_init(&b, 0), NQ_ERR_SIZE);
    assert_int_equal(nq_board_init(&b, -1), NQ_ERR_SIZE);
    assert_int_equal(nq_board_init(&b, NQ_MAX_N + 1), NQ_ERR_SIZE);
    assert_int_equal(nq_board_init(NULL, 8), NQ_ERR_ARGUMENT);
    for (int n = 1; n <= NQ_MAX_N; n += 63) {
        memset(&b, 0x5A, sizeof b);   /* init must not rely on a zeroed board */
        assert_int_equal(nq_board_init(&b, n), NQ_OK);
        assert_int_equal(b.n, n);
        for (int r = 0; r < NQ_MAX_N; r++) {
            assert_int_equal(b.queen[r], -1);
            assert_int_equal(b.blocked[r], 0);
        }
    }
}

static void block_marks_one_square(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 5);
    assert_int_equal(nq_board_block(&b, 2, 4), NQ_OK);
    assert_int_equal(nq_board_block(&b, 2, 4), NQ_OK);   /* twice is still one bad square */
    assert_int_equal(b.blocked[2], 1u << 4);
    assert_int_equal(nq_board_block(&b, -1, 0), NQ_ERR_OFF_BOARD);
    assert_int_equal(nq_board_block(&b, 0, -1), NQ_ERR_OFF_BOARD);
    assert_int_equal(nq_board_block(&b, 5, 0), NQ_ERR_OFF_BOARD);
    assert_int_equal(nq_board_block(&b, 0, 5), NQ_ERR_OFF_BOARD);
    assert_int_equal(nq_board_block(NULL, 0, 0), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_board_place(&b, 0, 0), NQ_OK);
    assert_int_equal(nq_board_block(&b, 0, 0), NQ_ERR_BLOCKED);
    assert_int_equal(b.blocked[0], 0);
    nq_board wide;
    nq_board_init(&wide, 64);
    assert_int_equal(nq_board_block(&wide, 63, 63), NQ_OK);
    assert_true(wide.blocked[63] == UINT64_C(1) << 63);
}

/* Expects placing (row, col) on b to fail with status and leave b unchanged. */
static void place_fails(nq_board *b, int row, int col, nq_status status)
{
    nq_board before = *b;
    assert_int_equal(nq_board_place(b, row, col), status);
    assert_true(test_same_board(&before, b));
}

static void place_refuses_what_it_should(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 8);
    nq_board_block(&b, 5, 5);
    assert_int_equal(nq_board_place(&b, 3, 3), NQ_OK);
    assert_int_equal(b.queen[3], 3);
    place_fails(&b, -1, 0, NQ_ERR_OFF_BOARD);
    place_fails(&b, 0, 8, NQ_ERR_OFF_BOARD);
    place_fails(&b, 5, 5, NQ_ERR_BLOCKED);   /* a bad square */
    place_fails(&b, 3, 0, NQ_ERR_ROW_TAKEN);   /* the row has a queen */
    place_fails(&b, 3, 3, NQ_ERR_ROW_TAKEN);   /* even the same square */
    place_fails(&b, 7, 3, NQ_ERR_ATTACK);    /* column */
    place_fails(&b, 0, 0, NQ_ERR_ATTACK);    /* down-right diagonal, from above */
    place_fails(&b, 6, 6, NQ_ERR_ATTACK);    /* the same diagonal, from below */
    place_fails(&b, 1, 5, NQ_ERR_ATTACK);    /* down-left diagonal, from above */
    place_fails(&b, 6, 0, NQ_ERR_ATTACK);    /* the same, from below */
    assert_int_equal(nq_board_place(&b, 4, 5), NQ_OK);   /* a knight's move away */
    assert_int_equal(nq_board_place(NULL, 0, 0), NQ_ERR_ARGUMENT);
}

static void symmetries_of_simple_boards(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 6);
    assert_int_equal(nq_board_symmetries(&b), 0xFF);
    nq_board_block(&b, 0, 0);   /* on the main diagonal: identity and transpose keep it */
    assert_int_equal(nq_board_symmetries(&b), 1u << NQ_SYM_IDENTITY | 1u << NQ_SYM_TRANSPOSE);
    nq_board_block(&b, 5, 5);   /* the opposite corner too: rot180 and anti as well */
    assert_int_equal(nq_board_symmetries(&b), 0xC5);
    nq_board_init(&b, 5);
    nq_board_place(&b, 2, 2);   /* the centre of an odd board: all eight */
    assert_int_equal(nq_board_symmetries(&b), 0xFF);
    nq_board_place(&b, 0, 1);   /* a queen off every axis: identity alone */
    assert_int_equal(nq_board_symmetries(&b), 1);
    nq_board_init(&b, 1);
    assert_int_equal(nq_board_symmetries(&b), 0xFF);
    assert_int_equal(nq_board_symmetries(NULL), 1);
}

/* nq_board_symmetries against the reference's own transforms, on boards made symmetric under
 * each subgroup, queens included, and on plain random boards. */
static void symmetries_match_the_reference(void **state)
{
    (void)state;
    static const unsigned groups[] = { 0, 0x11, 0x21, 0x05, 0x41, 0x81, 0x0F, 0x35, 0xC5, 0xFF };
    uint64_t seed = 64;
    for (int i = 0; i < 1000; i++) {
        nq_board b;
        unsigned group = groups[i % 10];
        test_random_board(&seed, 1 + test_below(&seed, 12), test_below(&seed, 40),
                          test_below(&seed, 4), group, &b);
        unsigned want = ref_symmetries(&b);
        assert_true((want & (group | 1)) == (group | 1));
        assert_int_equal(nq_board_symmetries(&b), want);
    }
}

static nq_status parse_board(const char *text, nq_board *b, nq_parse_error *err)
{
    return nq_board_parse(text, strlen(text), b, err);
}

static void good_boards(void **state)
{
    (void)state;
    static const char *const texts[] = { ".Q..\n....\n..*.\n....\n",
                                         ".Q..\r\n....\r\n..*.\r\n....\r\n",
                                         ".Q..\n....\n..*.\n....",
                                         ".Q..\n....\n..*.\n....\n\n\n",
                                         ".Q..\r\n....\r\n..*.\r\n....\r\n\r\n" };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        nq_board b;
        assert_int_equal(parse_board(texts[i], &b, NULL), NQ_OK);
        assert_int_equal(b.n, 4);
        assert_int_equal(b.queen[0], 1);
        assert_int_equal(b.queen[1], -1);
        assert_int_equal(b.queen[2], -1);
        assert_int_equal(b.queen[3], -1);
        assert_int_equal(b.blocked[2], 1u << 2);
        assert_int_equal(b.blocked[0] | b.blocked[1] | b.blocked[3], 0);
    }
    nq_board one;
    assert_int_equal(parse_board("Q\n", &one, NULL), NQ_OK);
    assert_int_equal(one.n, 1);
    assert_int_equal(one.queen[0], 0);
    assert_int_equal(parse_board("*", &one, NULL), NQ_OK);
    assert_int_equal(one.blocked[0], 1);
}

/* The parsed board equals the one built by calls: 64 wide, a queen and a bad square at the far
 * corners. */
static void widest_board(void **state)
{
    (void)state;
    char text[64 * 65 + 1];
    for (int r = 0; r < 64; r++) {
        memset(text + r * 65, '.', 64);
        text[r * 65 + 64] = '\n';
    }
    text[63] = 'Q';
    text[63 * 65] = '*';
    nq_board got, want;
    assert_int_equal(nq_board_parse(text, sizeof text - 1, &got, NULL), NQ_OK);
    nq_board_init(&want, 64);
    nq_board_place(&want, 0, 63);
    nq_board_block(&want, 63, 0);
    assert_true(test_same_board(&got, &want));
}

/* Expects text to fail with status at line:column, the message containing `words`. */
static void board_error(const char *text, size_t length, nq_status status, int line,
                        int column, const char *words)
{
    nq_board b;
    nq_parse_error err = { 0 };
    assert_int_equal(nq_board_parse(text, length, &b, &err), status);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_non_null(strstr(err.message, words));
    assert_int_equal(nq_board_parse(text, length, &b, NULL), status);   /* err is optional */
}

#define BOARD_ERROR(text, ...) board_error(text, strlen(text), __VA_ARGS__)

static void bad_boards(void **state)
{
    (void)state;
    BOARD_ERROR("", NQ_ERR_SYNTAX, 1, 1, "empty board");
    BOARD_ERROR("\n....\n", NQ_ERR_SYNTAX, 1, 1, "empty first row");
    BOARD_ERROR("\r\n", NQ_ERR_SYNTAX, 1, 1, "empty first row");
    BOARD_ERROR("....\n..x.\n....\n....\n", NQ_ERR_SYNTAX, 2, 3, "unexpected character 'x'");
    BOARD_ERROR("..\r\n.o\r\n", NQ_ERR_SYNTAX, 2, 2, "unexpected character 'o'");
    BOARD_ERROR("..\t.\n", NQ_ERR_SYNTAX, 1, 3, "\\x09");
    board_error("..\0.\n", 5, NQ_ERR_SYNTAX, 1, 3, "\\x00");
    BOARD_ERROR("....\n...\n....\n....\n", NQ_ERR_SYNTAX, 2, 4, "row has 3 squares; expected 4");
    BOARD_ERROR("....\n.....\n....\n....\n", NQ_ERR_SYNTAX, 2, 5, "row has 5 squares");
    BOARD_ERROR("....\n....\n", NQ_ERR_SYNTAX, 3, 1, "board ends after 2 rows; expected 4");
    BOARD_ERROR("....\n....\n\n....\n....\n", NQ_ERR_SYNTAX, 3, 1, "row has 0 squares");
    BOARD_ERROR("..\n..\n..\n", NQ_ERR_SYNTAX, 3, 1, "extra row");
    BOARD_ERROR("..\n..\n\n..\n", NQ_ERR_SYNTAX, 4, 1, "extra row");
    BOARD_ERROR("..\n..\n \n", NQ_ERR_SYNTAX, 3, 1, "extra row");
    BOARD_ERROR("Q..Q\n....\n....\n....\n", NQ_ERR_ATTACK, 1, 4, "second queen in this row");
    BOARD_ERROR("Q...\n....\n..Q.\n....\n", NQ_ERR_ATTACK, 3, 3, "row 1, column 1");
    BOARD_ERROR("...Q\n....\n.Q..\n....\n", NQ_ERR_ATTACK, 3, 2, "row 1, column 4");
    BOARD_ERROR(".Q..\n....\n....\n.Q..\n", NQ_ERR_ATTACK, 4, 2, "row 1, column 2");
    char wide[80];
    memset(wide, '.', 65);
    strcpy(wide + 65, "\n");
    BOARD_ERROR(wide, NQ_ERR_SIZE, 1, 65, "at most 64");
    nq_board b;
    assert_int_equal(nq_board_parse(NULL, 0, &b, NULL), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_board_parse("Q", 1, NULL, NULL), NQ_ERR_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(init_checks_the_size),
        cmocka_unit_test(block_marks_one_square),
        cmocka_unit_test(place_refuses_what_it_should),
        cmocka_unit_test(symmetries_of_simple_boards),
        cmocka_unit_test(symmetries_match_the_reference),
        cmocka_unit_test(good_boards),
        cmocka_unit_test(widest_board),
        cmocka_unit_test(bad_boards),
    };
    return cmocka_run_group_tests_name("board", tests, NULL, NULL);
}
