/*
 * test_solve.c - listing: the same solutions as the reference, in the same order, all of them or
 * one per class, on one thread or several, and stopping when asked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "listing.h"
#include "random_board.h"
#include "reference.h"

/* nq_solve (threads == 0) or nq_solve_threads lists exactly the reference's solutions, or its
 * least ones, in its order. */
static void check_listing(const nq_board *b, int unique)
{
    size_t want_count;
    int8_t *want = ref_list(b, unique, &want_count);
    for (int threads = 0; threads <= 3; threads++) {
        listing got = { 0 };
        nq_status status = threads ? nq_solve_threads(b, unique, threads, record, &got)
                                   : nq_solve(b, unique, record, &got);
        assert_int_equal(status, NQ_OK);
        assert_int_equal(got.count, want_count);
        if (want_count)
            assert_memory_equal(got.cols, want, want_count * (size_t)b->n);
        free(got.cols);
    }
    free(want);
}

static void first_solutions(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 4);
    listing got = { 0 };
    assert_int_equal(nq_solve(&b, 0, record, &got), NQ_OK);
    static const int8_t four[] = { 1, 3, 0, 2, 2, 0, 3, 1 };
    assert_int_equal(got.count, 2);
    assert_memory_equal(got.cols, four, sizeof four);
    got.count = 0;
    assert_int_equal(nq_solve(&b, 1, record, &got), NQ_OK);   /* one class: its least */
    assert_int_equal(got.count, 1);
    assert_memory_equal(got.cols, four, 4);
    got.count = 0;
    nq_board_init(&b, 1);
    assert_int_equal(nq_solve(&b, 1, record, &got), NQ_OK);
    assert_int_equal(got.count, 1);
    assert_int_equal(got.cols[0], 0);
    free(got.cols);
}

static void empty_boards(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        nq_board b;
        nq_board_init(&b, n);
        check_listing(&b, 0);
        check_listing(&b, 1);
    }
}

static void random_boards(void **state)
{
    (void)state;
    uint64_t seed = 7;
    for (int i = 0; i < 350; i++) {
        nq_board b;
        test_random_board(&seed, 1 + test_below(&seed, 11), test_below(&seed, 41),
                          test_below(&seed, 4), 0, &b);
        check_listing(&b, i % 2);
    }
}

/* Boards with symmetries, placed queens included, for the unique listing's filter. */
static void random_symmetric_boards(void **state)
{
    (void)state;
    static const unsigned groups[] = { 0x11, 0x05, 0xFF, 0x0F, 0x41, 0x21, 0x81, 0x35, 0xC5 };
    uint64_t seed = 77;
    for (int i = 0; i < 270; i++) {
        nq_board b;
        test_random_board(&seed, 1 + test_below(&seed, 11), test_below(&seed, 30),
                          test_below(&seed, 3), groups[i % 9], &b);
        check_listing(&b, 1);
        if (i % 3 == 0)
            check_listing(&b, 0);
    }
}

/* Sides up to 64, with few completions: the listing's wide-board paths. */
static void large_sparse_boards(void **state)
{
    (void)state;
    uint64_t seed = 4646;
    for (int i = 0; i < 120; i++) {
        nq_board b;
        int n = 12 + test_below(&seed, NQ_MAX_N - 11);
        test_sparse_board(&seed, n, 2 + test_below(&seed, 8), test_below(&seed, 15), &b);
        check_listing(&b, i % 2);
    }
}

static void boards_without_solutions(void **state)
{
    (void)state;
    nq_board b;
    for (int n = 2; n <= 3; n++) {
        nq_board_init(&b, n);
        check_listing(&b, 0);
        check_listing(&b, 1);
    }
    nq_board_init(&b, 7);
    for (int c = 0; c < 7; c++)
        nq_board_block(&b, 3, c);   /* a whole row bad */
    check_listing(&b, 0);
}

/* Counts the calls, and asks to stop at call number `stop_at`. */
typedef struct stopper {
    int calls, stop_at;
} stopper;

static int stop_at(void *context, int n, const int8_t *cols)
{
    (void)n, (void)cols;
    stopper *s = context;
    return ++s->calls == s->stop_at;
}

/* Stopping after k solutions, for k from the first to the last: exactly k calls. */
static void stops_when_asked(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 8);
    for (int unique = 0; unique <= 1; unique++) {
        for (int k = 1; k <= (unique ? 12 : 92); k += unique ? 1 : 13) {
            for (int threads = 1; threads <= 3; threads++) {
                stopper s = { 0, k };
                assert_int_equal(threads == 1 ? nq_solve(&b, unique, stop_at, &s)
                                              : nq_solve_threads(&b, unique, threads, stop_at, &s),
                                 NQ_ERR_STOPPED);
                assert_int_equal(s.calls, k);
            }
        }
    }
    stopper s = { 0, 92 };
    assert_int_equal(nq_solve(&b, 0, stop_at, &s), NQ_ERR_STOPPED);   /* at the very last */
    s = (stopper){ 0, 93 };
    assert_int_equal(nq_solve(&b, 0, stop_at, &s), NQ_OK);
    assert_int_equal(s.calls, 92);
}

static void bad_arguments(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 5);
    stopper s = { 0, 0 };
    assert_int_equal(nq_solve(NULL, 0, stop_at, &s), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_solve(&b, 0, NULL, &s), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_solve_threads(NULL, 0, 2, stop_at, &s), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_solve_threads(&b, 0, 2, NULL, &s), NQ_ERR_ARGUMENT);
    assert_int_equal(s.calls, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_solutions),
        cmocka_unit_test(empty_boards),
        cmocka_unit_test(random_boards),
        cmocka_unit_test(random_symmetric_boards),
        cmocka_unit_test(large_sparse_boards),
        cmocka_unit_test(boards_without_solutions),
        cmocka_unit_test(stops_when_asked),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests_name("solve", tests, NULL, NULL);
}
