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

#include "list/list.h"
#include "listing.h"
#include "random_board.h"
#include "reference.h"

/* nq_solve_with on `threads` worker threads, by engine. */
static nq_status solve_by(const nq_board *b, int unique, int threads, nq_engine engine,
                          nq_solution_fn visit, void *context)
{
    nq_solve_options options = { .unique = unique, .threads = threads, .engine = (int)engine };
    return nq_solve_with(b, &options, visit, context);
}

/* nq_solve_with on `threads` worker threads, the engine by the board. */
static nq_status solve_on(const nq_board *b, int unique, int threads, nq_solution_fn visit,
                          void *context)
{
    return solve_by(b, unique, threads, NQ_ENGINE_AUTO, visit, context);
}

/* nq_solve (threads == 0) or nq_solve_with lists exactly the reference's solutions, or its
 * least ones, in its order, with each engine forced and by the board. */
static void check_listing(const nq_board *b, int unique)
{
    size_t want_count;
    int8_t *want = ref_list(b, unique, &want_count);
    for (int engine = NQ_ENGINE_AUTO; engine <= NQ_ENGINE_LINES; engine++) {
        for (int threads = engine == NQ_ENGINE_AUTO ? 0 : 1; threads <= 3; threads++) {
            listing got = { 0 };
            nq_status status = threads ? solve_by(b, unique, threads, (nq_engine)engine,
                                                  record_wide, &got)
                                       : nq_solve(b, unique, record_wide, &got);
            assert_int_equal(status, NQ_OK);
            assert_int_equal(got.count, want_count);
            if (want_count)
                assert_memory_equal(got.cols, want, want_count * (size_t)b->n);
            free(got.cols);
        }
    }
    free(want);
}

static void first_solutions(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 4);
    listing got = { 0 };
    assert_int_equal(nq_solve(&b, 0, record_wide, &got), NQ_OK);
    static const int8_t four[] = { 1, 3, 0, 2, 2, 0, 3, 1 };
    assert_int_equal(got.count, 2);
    assert_memory_equal(got.cols, four, sizeof four);
    got.count = 0;
    assert_int_equal(nq_solve(&b, 1, record_wide, &got), NQ_OK);   /* one class: its least */
    assert_int_equal(got.count, 1);
    assert_memory_equal(got.cols, four, 4);
    got.count = 0;
    nq_board_init(&b, 1);
    assert_int_equal(nq_solve(&b, 1, record_wide, &got), NQ_OK);
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

static int stop_at(void *context, int n, const int32_t *cols)
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
                                              : solve_on(&b, unique, threads, stop_at, &s),
                                 NQ_ERR_STOPPED);
                assert_int_equal(s.calls, k);
                s = (stopper){ 0, k };   /* by lines: the batch stops inside */
                assert_int_equal(solve_by(&b, unique, threads, NQ_ENGINE_LINES, stop_at, &s),
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

/* The walk guided by the completion search at every node, on random boards with bad squares
 * and placed queens: the reference's solutions, in its order, one thread or several. */
static void guided_everywhere(void **state)
{
    (void)state;
    uint64_t random = 21;
    for (int i = 0; i < 300; i++) {
        int n = 1 + (int)test_below(&random, 10);
        nq_board b;
        test_random_board(&random, n, (int)test_below(&random, 40), (int)test_below(&random, 3),
                          0, &b);
        nq_search search;
        if (nq_search_compile(&b, &search) != NQ_OK)
            continue;
        int unique = i % 4 == 0;
        size_t want_count;
        int8_t *want = ref_list(&b, unique, &want_count);
        for (int threads = 0; threads <= 2; threads++) {
            listing got = { 0 };
            nq_walk walk = { .visit = record, .context = &got,
                             .group = unique ? nq_board_symmetries(&b) : 0, .plain_below = 1 };
            nq_status status = threads ? nq_walk_threads(&search, &walk, threads, NULL)
                                       : nq_walk_lex(&search, &walk);
            assert_int_equal(status, NQ_OK);
            assert_int_equal(got.count, want_count);
            if (want_count)
                assert_memory_equal(got.cols, want, want_count * (size_t)n);
            free(got.cols);
        }
        free(want);
    }
}

/* The walk by lines with batches of 1 to 3 completions, so that subtrees are cut by rows down
 * to their last ones, on random boards with bad squares and placed queens: the reference's
 * solutions, in its order, one thread or several. */
static void lines_in_small_batches(void **state)
{
    (void)state;
    uint64_t random = 33;
    for (int i = 0; i < 400; i++) {
        int n = 1 + (int)test_below(&random, 10);
        nq_board b;
        test_random_board(&random, n, (int)test_below(&random, 45), (int)test_below(&random, 3),
                          0, &b);
        nq_search search;
        if (nq_search_compile(&b, &search) != NQ_OK)
            continue;
        int unique = i % 3 == 0;
        size_t want_count;
        int8_t *want = ref_list(&b, unique, &want_count);
        for (int threads = 0; threads <= 2; threads++) {
            listing got = { 0 };
            nq_walk walk = { .visit = record, .context = &got,
                             .group = unique ? nq_board_symmetries(&b) : 0, .lines = 1,
                             .batch = 1 + (size_t)(i % 3) };
            nq_status status = threads ? nq_walk_threads(&search, &walk, threads, NULL)
                                       : nq_walk_lex(&search, &walk);
            assert_int_equal(status, NQ_OK);
            assert_int_equal(got.count, want_count);
            if (want_count)
                assert_memory_equal(got.cols, want, want_count * (size_t)n);
            free(got.cols);
        }
        free(want);
    }
}

/* Constrained boards up to 64 wide by lines, the kernels of wide boards included: the listing
 * of the walk by rows, in batches of any size. */
static void lines_on_large_boards(void **state)
{
    (void)state;
    uint64_t seed = 5151;
    for (int i = 0; i < 60; i++) {
        nq_board b;
        int n = 12 + test_below(&seed, NQ_MAX_N - 11);
        test_sparse_board(&seed, n, 3 + test_below(&seed, 10), 20 + test_below(&seed, 30), &b);
        nq_search search;
        assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
        listing rows = { 0 };
        nq_walk walk = { .visit = record, .context = &rows };
        assert_int_equal(nq_walk_lex(&search, &walk), NQ_OK);
        for (size_t batch = 1; batch <= 4; batch *= 4) {
            listing got = { 0 };
            nq_walk lines = { .visit = record, .context = &got, .lines = 1, .batch = batch };
            assert_int_equal(nq_walk_lex(&search, &lines), NQ_OK);
            assert_int_equal(got.count, rows.count);
            if (rows.count)
                assert_memory_equal(got.cols, rows.cols, rows.count * (size_t)n);
            free(got.cols);
        }
        free(rows.cols);
    }
}

/* Keeps the first `want` solutions, then asks to stop. */
static int record_some(void *context, int n, const int8_t *cols)
{
    listing *l = context;
    record(l, n, cols);
    return l->count == l->capacity;
}

/* record_some for nq_solve, whose columns are int32_t. */
static int record_some_wide(void *context, int n, const int32_t *cols)
{
    listing *l = context;
    record_wide(l, n, cols);
    return l->count == l->capacity;
}

/* The plain kernel's first k solutions from the root, with no guide: the reference order. */
static size_t plain_first(const nq_board *b, size_t k, int8_t *out)
{
    nq_search search;
    assert_int_equal(nq_search_compile(b, &search), NQ_OK);
    listing l = { out, 0, k };
    nq_kernel_visit(&search, nq_search_root(&search), NULL, record_some, &l);
    return l.count;
}

/* On boards too large to list whole, the first solutions of the walk, on one thread or on
 * several, are the plain row-by-row search's first ones. */
static void first_solutions_of_large_boards(void **state)
{
    (void)state;
    enum { K = 5 };
    for (int n = 18; n <= 29; n++) {
        nq_board b;
        nq_board_init(&b, n);
        int8_t want[K * NQ_MAX_N];
        assert_int_equal(plain_first(&b, K, want), K);
        for (int threads = 0; threads <= 3; threads++) {
            int8_t got[K * NQ_MAX_N];
            listing l = { got, 0, K };
            nq_status status = threads ? solve_on(&b, 0, threads, record_some_wide, &l)
                                       : nq_solve(&b, 0, record_some_wide, &l);
            assert_int_equal(status, NQ_ERR_STOPPED);
            assert_int_equal(l.count, K);
            assert_memory_equal(got, want, (size_t)(K * n));
        }
    }
}

/* A stop flag already set ends the listing at once, before any solution. */
static void stop_flag(void **state)
{
    (void)state;
    nq_stop_request stop = 1;
    nq_board b;
    nq_board_init(&b, 40);
    for (int threads = 1; threads <= 2; threads++) {
        for (int engine = NQ_ENGINE_AUTO; engine <= NQ_ENGINE_LINES; engine++) {
            stopper s = { 0, 0 };
            nq_solve_options options = { .threads = threads, .stop = &stop, .engine = engine };
            assert_int_equal(nq_solve_with(&b, &options, stop_at, &s), NQ_ERR_STOPPED);
            assert_int_equal(s.calls, 0);
        }
    }
}

/* Counts the visits and the idle calls between them. */
typedef struct idler {
    int calls, idles, calls_at_last_idle;
    int early;   /* idle came with no solution since the one before */
} idler;

static int count_call(void *context, int n, const int32_t *cols)
{
    (void)n, (void)cols;
    ((idler *)context)->calls++;
    return 0;
}

static void count_idle(void *context)
{
    idler *i = context;
    i->early |= i->calls == i->calls_at_last_idle;
    i->calls_at_last_idle = i->calls;
    i->idles++;
}

/* The idle callback comes only after solutions went out since its last call (never before the
 * first), and the solutions are all there. */
static void idle_calls(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 10);
    idler i = { 0, 0, 0, 0 };
    nq_solve_options options = { .threads = 2, .idle = count_idle };
    assert_int_equal(nq_solve_with(&b, &options, count_call, &i), NQ_OK);
    assert_int_equal(i.calls, 724);
    assert_false(i.early);
}

static void bad_arguments(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 5);
    stopper s = { 0, 0 };
    assert_int_equal(nq_solve(NULL, 0, stop_at, &s), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_solve(&b, 0, NULL, &s), NQ_ERR_ARGUMENT);
    assert_int_equal(solve_on(NULL, 0, 2, stop_at, &s), NQ_ERR_ARGUMENT);
    assert_int_equal(solve_on(&b, 0, 2, NULL, &s), NQ_ERR_ARGUMENT);
    assert_int_equal(solve_by(&b, 0, 2, (nq_engine)3, stop_at, &s), NQ_ERR_ARGUMENT);
    assert_int_equal(solve_by(&b, 0, 2, (nq_engine)-1, stop_at, &s), NQ_ERR_ARGUMENT);
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
        cmocka_unit_test(first_solutions_of_large_boards),
        cmocka_unit_test(guided_everywhere),
        cmocka_unit_test(lines_in_small_batches),
        cmocka_unit_test(lines_on_large_boards),
        cmocka_unit_test(stop_flag),
        cmocka_unit_test(idle_calls),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests_name("solve", tests, NULL, NULL);
}
