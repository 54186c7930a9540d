/*
 * test_status.c - each status code means one thing: a text of its own, and the code a caller
 * gets for each kind of malformed board, the same from every entry point.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "nqueens.h"

/* The last code of enum nq_status: new codes are appended after it. */
#define LAST_STATUS NQ_ERR_WRONG_TOTAL

static void every_status_has_its_own_text(void **state)
{
    (void)state;
    for (int a = NQ_OK; a <= LAST_STATUS; a++) {
        const char *text = nq_strerror((nq_status)a);
        assert_non_null(text);
        assert_string_not_equal(text, "unknown error");
        assert_null(strstr(text, "--"));   /* the library's texts name no program's options */
        for (int b = NQ_OK; b < a; b++)
            assert_string_not_equal(text, nq_strerror((nq_status)b));
    }
    assert_string_equal(nq_strerror((nq_status)(LAST_STATUS + 1)), "unknown error");
}

/* The codes existing programs test keep their numbers. */
static void old_codes_keep_their_values(void **state)
{
    (void)state;
    assert_int_equal(NQ_ERR_ARGUMENT, 1);
    assert_int_equal(NQ_ERR_SIZE, 2);
    assert_int_equal(NQ_ERR_SYNTAX, 4);
    assert_int_equal(NQ_ERR_ATTACK, 5);
    assert_int_equal(NQ_ERR_BLOCKED, 6);
    assert_int_equal(NQ_ERR_END, 9);
    assert_int_equal(NQ_ERR_MEMORY_LIMIT, 11);
    assert_int_equal(NQ_ERR_VERSION, 15);
    assert_int_equal(NQ_ERR_THREADS, 16);
    assert_int_equal(NQ_ERR_ROW_TAKEN, 17);
    assert_int_equal(NQ_ERR_WRONG_TOTAL, 18);
}

static int never(void *context, int n, const int32_t *cols)
{
    (void)context, (void)n, (void)cols;
    fail();
    return 1;
}

/* Expects every entry point that takes a board to answer b with status. */
static void every_entry_refuses(const nq_board *b, nq_status status)
{
    nq_count_result r;
    assert_int_equal(nq_count(b, NULL, &r), status);
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(b, 0, &plan), status);
    assert_null(plan);
    nq_plan_options join = { .method = NQ_METHOD_JOIN };
    uint64_t bytes;
    assert_int_equal(nq_plan_memory_needed(b, NULL, &bytes), status);
    assert_int_equal(nq_plan_create_with(b, &join, &plan),
                     status == NQ_ERR_SIZE ? NQ_ERR_SIZE : NQ_ERR_METHOD);
    int32_t cols[NQ_MAX_N];
    assert_int_equal(nq_complete(b, NULL, cols), status);
    assert_int_equal(nq_solve(b, 0, never, NULL), status);
    nq_solve_options options = { .threads = 2 };
    assert_int_equal(nq_solve_with(b, &options, never, NULL), status);
    assert_int_equal(nq_solve_with(b, &options, NULL, NULL), NQ_ERR_ARGUMENT);
}

/* Board values made by hand that nq_board_place would refuse: each fault has its code. */
static void malformed_boards_get_one_code_each(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 8);
    b.queen[2] = 8;   /* a queen off the board */
    every_entry_refuses(&b, NQ_ERR_OFF_BOARD);
    b.queen[2] = INT32_MAX;   /* far off: columns are int32_t, no byte wraps it onto the board */
    every_entry_refuses(&b, NQ_ERR_OFF_BOARD);
    b.queen[2] = 256 + 3;
    every_entry_refuses(&b, NQ_ERR_OFF_BOARD);
    nq_board_init(&b, 8);
    b.blocked[3] = 1u << 5;
    b.queen[3] = 5;   /* a queen on a bad square */
    every_entry_refuses(&b, NQ_ERR_BLOCKED);
    nq_board_init(&b, 8);
    b.queen[0] = 0;
    b.queen[7] = 7;   /* two queens on a diagonal */
    every_entry_refuses(&b, NQ_ERR_ATTACK);
    nq_board_init(&b, 8);
    b.n = 0;   /* no side at all */
    every_entry_refuses(&b, NQ_ERR_SIZE);
    /* Marking a square or placing a queen on such a board: the side comes first. */
    assert_int_equal(nq_board_block(&b, 0, 0), NQ_ERR_SIZE);
    assert_int_equal(nq_board_place(&b, 0, 0), NQ_ERR_SIZE);
}

/* Off the board is one code for squares, whether marking, placing or verifying. */
static void off_the_board_is_one_code(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 4);
    assert_int_equal(nq_board_block(&b, 4, 0), NQ_ERR_OFF_BOARD);
    assert_int_equal(nq_board_place(&b, 0, -1), NQ_ERR_OFF_BOARD);
    assert_int_equal(nq_board_block(NULL, 0, 0), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_board_place(NULL, 4, 4), NQ_ERR_ARGUMENT);   /* NULL comes first */
    static const int32_t off[] = { 1, 3, 0, 4 };
    nq_conflict k;
    assert_int_equal(nq_verify(off, 4, &k), NQ_ERR_OFF_BOARD);
    static const int32_t attack[] = { 1, 3, 0, 3 };
    assert_int_equal(nq_verify(attack, 4, &k), NQ_ERR_ATTACK);
    assert_int_equal(nq_verify(off, 4, NULL), NQ_ERR_ARGUMENT);
}

/* Every call that can be stopped takes one type of request, nq_stop_request: the options'
 * fields and nq_random_solution_stop's parameter alike. */
#define TAKES_STOP_REQUEST(expr) _Generic((expr), const nq_stop_request *: 1, default: 0)

static void one_stop_request_type(void **state)
{
    (void)state;
    nq_run_options run = { 0 };
    nq_solve_options solve = { 0 };
    nq_complete_options complete = { 0 };
    assert_true(TAKES_STOP_REQUEST(run.stop));
    assert_true(TAKES_STOP_REQUEST(solve.stop));
    assert_true(TAKES_STOP_REQUEST(complete.stop));
    nq_status (*random)(uint32_t, uint64_t, const nq_stop_request *, int32_t *) =
        nq_random_solution_stop;
    nq_stop_request request = 1;
    int32_t cols[8];
    assert_int_equal(random(8, 1, &request, cols), NQ_ERR_STOPPED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_status_has_its_own_text),
        cmocka_unit_test(one_stop_request_type),
        cmocka_unit_test(old_codes_keep_their_values),
        cmocka_unit_test(malformed_boards_get_one_code_each),
        cmocka_unit_test(off_the_board_is_one_code),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
