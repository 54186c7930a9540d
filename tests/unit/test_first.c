/*
 * test_first.c - the first solution (nq_solve_first) and the walk's start positions: the
 * reference's first solution at or after a position, on one thread or with its questions split
 * over two, with the walk's questions answered, left unanswered or skipped; a search started
 * again from any position it reported finds what it would have found.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "list/list.h"
#include "listing.h"
#include "random_board.h"
#include "reference.h"

/* The reference's first solution whose first rows columns are not before start: its index in
 * want (count solutions of n bytes), or count if there is none. */
static size_t first_from(const int8_t *want, size_t count, int n, const int8_t *start, int rows)
{
    for (size_t i = 0; i < count; i++)
        if (memcmp(want + i * (size_t)n, start, (size_t)rows) >= 0)
            return i;
    return count;
}

/* The walk's visitor for a first solution: keeps it and stops. */
static int keep_first(void *context, int n, const int8_t *cols)
{
    return record(context, n, cols), 1;
}

/* The ways a walk can be made to ask its questions: everywhere, answered (budget of the
 * subtree, or split over two threads); everywhere, unanswered (a budget of one node); or only
 * where the subtree is large (the default). */
static const struct mode {
    double plain_below;
    uint64_t question_nodes;
    int threads;
} modes[] = { { 1, 0, 0 }, { 1, 0, 2 }, { 1, 1, 0 }, { 0, 0, 0 } };

/* The walk from a random start position: the reference's first solution from there on. */
static void walk_from_random_starts(void **state)
{
    (void)state;
    uint64_t random = 62;
    for (int i = 0; i < 400; i++) {
        int n = 1 + test_below(&random, 11);
        nq_board b;
        test_random_board(&random, n, test_below(&random, 30), test_below(&random, 3), 0, &b);
        nq_search search;
        if (nq_search_compile(&b, &search) != NQ_OK)
            continue;
        size_t count;
        int8_t *want = ref_list(&b, 0, &count);
        int8_t start[NQ_MAX_N];
        int rows = test_below(&random, n + 1);
        if (count && test_below(&random, 2)) {   /* near a solution: its prefix, one more */
            memcpy(start, want + (size_t)test_below(&random, (int)count) * (size_t)n,
                   (size_t)rows);
            if (rows)
                start[rows - 1] = (int8_t)((start[rows - 1] + test_below(&random, 2)) % n);
        } else {
            for (int r = 0; r < rows; r++)
                start[r] = (int8_t)test_below(&random, n);
        }
        size_t expect = first_from(want, count, n, start, rows);
        for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) {
            listing got = { 0 };
            nq_walk walk = { .visit = keep_first, .context = &got,
                             .plain_below = modes[m].plain_below,
                             .question_nodes = modes[m].question_nodes,
                             .threads = modes[m].threads, .start = start, .start_rows = rows };
            nq_status status = nq_walk_lex(&search, &walk);
            assert_int_equal(status, expect < count ? NQ_ERR_STOPPED : NQ_OK);
            assert_int_equal(got.count, expect < count);
            if (expect < count)
                assert_memory_equal(got.cols, want + expect * (size_t)n, (size_t)n);
            free(got.cols);
        }
        free(want);
    }
}

/* The positions a walk reports. */
typedef struct positions {
    int8_t prefix[4096][NQ_MAX_N];
    int rows[4096];
    int count;
} positions;

static void keep_position(void *context, int rows, const int8_t *prefix)
{
    listing *l = context;
    positions *p = (positions *)(l + 1);
    if (p->count < 4096) {
        memcpy(p->prefix[p->count], prefix, (size_t)rows);
        p->rows[p->count++] = rows;
    }
}

/* A listing and the positions its walk reported, side by side for keep_position. */
typedef struct reported {
    listing l;
    positions p;
} reported;

/* Started again from a position a walk reported, the walk lists the reference's solutions
 * from there on: none is lost or listed twice. */
static void resumes_from_reported_positions(void **state)
{
    (void)state;
    static reported r;
    uint64_t random = 27;
    for (int i = 0; i < 150; i++) {
        int n = 4 + test_below(&random, 6);
        nq_board b;
        test_random_board(&random, n, test_below(&random, 20), test_below(&random, 2), 0, &b);
        nq_search search;
        if (nq_search_compile(&b, &search) != NQ_OK)
            continue;
        size_t count;
        int8_t *want = ref_list(&b, 0, &count);
        for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) {
            r.l = (listing){ 0 };
            r.p.count = 0;
            nq_walk walk = { .visit = record, .context = &r.l,
                             .plain_below = modes[m].plain_below,
                             .question_nodes = modes[m].question_nodes,
                             .threads = modes[m].threads, .position = keep_position };
            assert_int_equal(nq_walk_lex(&search, &walk), NQ_OK);
            assert_int_equal(r.l.count, count);
            free(r.l.cols);
            /* Positions spread over the walk: the solutions from there on are the reference's
             * from there on. */
            for (int k = i % 3; k < r.p.count; k += 1 + r.p.count / 12) {
                size_t from = first_from(want, count, n, r.p.prefix[k], r.p.rows[k]);
                listing got = { 0 };
                nq_walk again = walk;
                again.context = &got, again.position = NULL;
                again.start = r.p.prefix[k], again.start_rows = r.p.rows[k];
                assert_int_equal(nq_walk_lex(&search, &again), NQ_OK);
                assert_int_equal(got.count, count - from);
                if (got.count)
                    assert_memory_equal(got.cols, want + from * (size_t)n,
                                        got.count * (size_t)n);
                free(got.cols);
            }
        }
        free(want);
    }
}

/* nq_solve_first: the reference's first solution of random boards, from random positions. */
static void first_of_random_boards(void **state)
{
    (void)state;
    uint64_t random = 48;
    for (int i = 0; i < 300; i++) {
        int n = 1 + test_below(&random, 10);
        nq_board b;
        test_random_board(&random, n, test_below(&random, 30), test_below(&random, 3), 0, &b);
        nq_search search;
        if (nq_search_compile(&b, &search) != NQ_OK)
            continue;
        size_t count;
        int8_t *want = ref_list(&b, 0, &count);
        int rows = test_below(&random, n + 1);
        int32_t start[NQ_MAX_N];
        int8_t narrow[NQ_MAX_N];
        for (int r = 0; r < rows; r++)
            narrow[r] = (int8_t)(start[r] = test_below(&random, n));
        size_t expect = first_from(want, count, n, narrow, rows);
        for (int threads = 1; threads <= 2; threads++) {
            nq_first_options options = { .threads = threads, .start = start,
                                         .start_rows = rows };
            int32_t cols[NQ_MAX_N];
            nq_status status = nq_solve_first(&b, &options, cols);
            assert_int_equal(status, expect < count ? NQ_OK : NQ_ERR_NO_SOLUTION);
            for (int r = 0; expect < count && r < n; r++)
                assert_int_equal(cols[r], want[expect * (size_t)n + (size_t)r]);
        }
        free(want);
    }
}

/* Keeps the first solution of the plain row-by-row kernel. */
static int plain_keep(void *context, int n, const int8_t *cols)
{
    memcpy(context, cols, (size_t)n);
    return 1;
}

/* On boards too large for the reference, the plain row-by-row search's first solution, on
 * one thread and two, with and without options. */
static void first_of_large_boards(void **state)
{
    (void)state;
    for (int n = 4; n <= 29; n++) {
        nq_board b;
        nq_board_init(&b, n);
        nq_search search;
        assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
        int8_t want[NQ_MAX_N];
        nq_kernel_visit(&search, nq_search_root(&search), NULL, plain_keep, want);
        for (int threads = 0; threads <= 2; threads++) {
            nq_first_options options = { .threads = threads };
            int32_t cols[NQ_MAX_N];
            assert_int_equal(nq_solve_first(&b, threads ? &options : NULL, cols), NQ_OK);
            for (int r = 0; r < n; r++)
                assert_int_equal(cols[r], want[r]);
        }
    }
}

/* A stop already requested ends the search at once; bad arguments are refused. */
static void stops_and_refuses(void **state)
{
    (void)state;
    volatile sig_atomic_t stop = 1;
    nq_board b;
    nq_board_init(&b, 40);
    int32_t cols[NQ_MAX_N], start[2] = { 0, 40 };
    for (int threads = 1; threads <= 2; threads++) {
        nq_first_options options = { .threads = threads, .stop = &stop };
        assert_int_equal(nq_solve_first(&b, &options, cols), NQ_ERR_STOPPED);
    }
    nq_first_options bad = { .start = start, .start_rows = 2 };   /* column 40 is off the board */
    assert_int_equal(nq_solve_first(&b, &bad, cols), NQ_ERR_ARGUMENT);
    bad = (nq_first_options){ .start = start, .start_rows = 41 };
    assert_int_equal(nq_solve_first(&b, &bad, cols), NQ_ERR_ARGUMENT);
    bad = (nq_first_options){ .start = NULL, .start_rows = 1 };
    assert_int_equal(nq_solve_first(&b, &bad, cols), NQ_ERR_ARGUMENT);
    bad = (nq_first_options){ .start = start, .start_rows = -1 };
    assert_int_equal(nq_solve_first(&b, &bad, cols), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_solve_first(NULL, NULL, cols), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_solve_first(&b, NULL, NULL), NQ_ERR_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(walk_from_random_starts),
        cmocka_unit_test(resumes_from_reported_positions),
        cmocka_unit_test(first_of_random_boards),
        cmocka_unit_test(first_of_large_boards),
        cmocka_unit_test(stops_and_refuses),
    };
    return cmocka_run_group_tests_name("first", tests, NULL, NULL);
}
