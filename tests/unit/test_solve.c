/*
 * test_solve.c - listing: the same solutions as the reference, in the same order, all of them or
 * one per class, and stopping when asked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "random_board.h"
#include "reference.h"

/* The solutions of a board, one after another, n entries each. */
typedef struct listing {
    int8_t *cols;
    size_t count, capacity;
    const nq_board *board;   /* for the reference's filter: only least solutions */
    int least_only;
} listing;

static void append(listing *l, int n, const int *cols)
{
    if (l->count == l->capacity) {
        l->capacity = l->capacity ? 2 * l->capacity : 64;
        l->cols = realloc(l->cols, l->capacity * (size_t)n);
        assert_non_null(l->cols);
    }
    for (int r = 0; r < n; r++)
        l->cols[l->count * (size_t)n + (size_t)r] = (int8_t)cols[r];
    l->count++;
}

static void from_reference(void *context, int n, const int *cols)
{
    listing *l = context;
    if (!l->least_only || ref_is_least(l->board, cols))
        append(l, n, cols);
}

static int from_library(void *context, int n, const int8_t *cols)
{
    int wide[NQ_MAX_N];
    for (int r = 0; r < n; r++)
        wide[r] = cols[r];
    append(context, n, wide);
    return 0;
}

static void check_listing(const nq_board *b, int unique)
{
    listing want = { .board = b, .least_only = unique };
    ref_solve(b, from_reference, &want);
    /* threads == 0: nq_solve itself; else nq_solve_threads. */
    for (int threads = 0; threads <= 3; threads++) {
        listing got = { 0 };
        nq_status status = threads ? nq_solve_threads(b, unique, threads, from_library, &got)
                                   : nq_solve(b, unique, from_library, &got);
        assert_int_equal(status, NQ_OK);
        assert_int_equal(got.count, want.count);
        if (want.count)
            assert_memory_equal(got.cols, want.cols, want.count * (size_t)b->n);
        free(got.cols);
    }
    free(want.cols);
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
    static const unsigned groups[] = { 0, 0, 0x11, 0x05, 0xFF, 0x0F, 0x41 };
    uint64_t seed = 7;
    for (int i = 0; i < 350; i++) {
        nq_board b;
        unsigned group = groups[i % 7];
        test_random_board(&seed, 1 + test_below(&seed, 10), test_below(&seed, 35),
                          group ? 0 : test_below(&seed, 4), group, &b);
        check_listing(&b, i % 2);
    }
}

/* Stops after `limit` solutions. */
static int stop_after(void *context, int n, const int8_t *cols)
{
    (void)n, (void)cols;
    int *left = context;
    return --*left == 0;
}

static void stops_when_asked(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 8);
    int left = 5;
    assert_int_equal(nq_solve(&b, 0, stop_after, &left), NQ_ERR_STOPPED);
    assert_int_equal(left, 0);
    for (int threads = 2; threads <= 3; threads++) {
        left = 37;
        assert_int_equal(nq_solve_threads(&b, 0, threads, stop_after, &left), NQ_ERR_STOPPED);
        assert_int_equal(left, 0);
    }
    assert_int_equal(nq_solve(NULL, 0, stop_after, &left), NQ_ERR_ARGUMENT);
}

static void first_solution_of_four(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 4);
    listing got = { 0 };
    assert_int_equal(nq_solve(&b, 0, from_library, &got), NQ_OK);
    static const int8_t want[] = { 1, 3, 0, 2, 2, 0, 3, 1 };
    assert_int_equal(got.count, 2);
    assert_memory_equal(got.cols, want, sizeof want);
    free(got.cols);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_solution_of_four),
        cmocka_unit_test(empty_boards),
        cmocka_unit_test(random_boards),
        cmocka_unit_test(stops_when_asked),
    };
    return cmocka_run_group_tests_name("solve", tests, NULL, NULL);
}
