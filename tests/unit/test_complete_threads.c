/*
 * test_complete_threads.c - the completion search shared by threads (nq_find_completion_split,
 * nq_complete with threads): its answers agree with the reference on random boards (bad
 * squares, placed queens, excluded diagonals), with the split's every path forced (subtrees
 * given away after every node), and it stops when asked. Run under ThreadSanitizer too
 * (tests/tests.mk, tsan-tests).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "find/find.h"
#include "random_board.h"
#include "reference.h"

/* Boards of the small-board test: fewer under ThreadSanitizer, which runs ten times slower. */
#if defined(__SANITIZE_THREAD__)
#define SMALL_BOARDS 150
#else
#define SMALL_BOARDS 800
#endif

/* cols[0..n-1] is a completion of b: a queen on every row, kept where b places one, none on a
 * bad square, none attacking another. */
static void assert_completes(const nq_board *b, const int8_t *cols)
{
    int32_t wide[NQ_MAX_N];
    nq_conflict conflict;
    for (int r = 0; r < b->n; r++) {
        assert_true(cols[r] >= 0 && cols[r] < b->n);
        assert_false(b->blocked[r] >> cols[r] & 1);
        if (b->queen[r] >= 0)
            assert_int_equal(cols[r], b->queen[r]);
        wide[r] = cols[r];
    }
    assert_int_equal(nq_verify(wide, (size_t)b->n, &conflict), NQ_OK);
}

/* Excludes `count` whole diagonals drawn at random from b, as CSPLib problem 079 does. */
static void exclude_diagonals(uint64_t *seed, nq_board *b, int count)
{
    int n = b->n;
    for (int i = 0; i < count; i++) {
        int d = test_below(seed, 2 * n - 1), sum = test_below(seed, 2);
        for (int r = 0; r < n; r++) {
            int c = sum ? d - r : r - d + n - 1;
            if (c >= 0 && c < n && b->queen[r] != c)
                nq_board_block(b, r, c);
        }
    }
}

/* A random board of side 1 to 13: bad squares, queens and excluded diagonals, some of each. */
static void random_board(uint64_t *seed, nq_board *b)
{
    int n = 1 + test_below(seed, 13);
    test_random_board(seed, n, test_below(seed, 3) ? 0 : test_below(seed, 30),
                      test_below(seed, n / 3 + 2), 0, b);
    exclude_diagonals(seed, b, test_below(seed, n + 2));
}

/* The split search of b with options agrees with the reference's count. Returns the subtrees it
 * gave away to idle threads. */
static int check_split(const nq_board *b, uint64_t want, const nq_split_options *options,
                       uint64_t seed)
{
    nq_search search;
    assert_int_equal(nq_search_compile(b, &search), NQ_OK);
    int given = 0;
    nq_split_options counted = *options;
    counted.given = &given;
    nq_find_limits limits = { seed, 0, { NULL, NULL }, 1 };
    int8_t cols[NQ_MAX_N];
    nq_status status = nq_find_completion_split(&search, &limits, &counted, cols);
    assert_int_equal(status, want ? NQ_OK : NQ_ERR_NO_SOLUTION);
    if (want)
        assert_completes(b, cols);
    return given;
}

/* Hundreds of small boards, on 2 and 3 threads: with the default split; with subtrees given
 * away after every run (one subtree a thread to start, runs of eight nodes at first, giving away
 * at the end of each run), which must happen on many of them; and with the restarting walk of the
 * whole board given as many nodes as the subtrees, so that it ends many searches itself. */
static void small_boards(void **state)
{
    (void)state;
    uint64_t seed = 77;
    int given_away = 0;
    for (int i = 0; i < SMALL_BOARDS; i++) {
        nq_board b;
        random_board(&seed, &b);
        uint64_t want = ref_count(&b);
        int threads = 2 + i % 2;
        nq_split_options plain = { threads, 32, 4096, 0, NULL, 0 };
        nq_split_options eager = { threads, 1, 8, 1, NULL, 0 };
        nq_split_options restarting = { threads, 4, 8, 0, NULL, 1 };
        check_split(&b, want, &plain, (uint64_t)i % 3);
        given_away += check_split(&b, want, &eager, (uint64_t)i % 3) > 0;
        check_split(&b, want, &restarting, (uint64_t)i % 3);
    }
    assert_true(given_away > SMALL_BOARDS / 10);
}

/* Boards of side 14 to 20 with n - 2 to n + 2 diagonals excluded: the threaded answer is the
 * one-thread answer (the reference is checked against it on the small boards). */
static void larger_boards(void **state)
{
    (void)state;
    uint64_t seed = 5;
    for (int i = 0; i < 60; i++) {
        nq_board b;
        int n = 14 + test_below(&seed, 7);
        nq_board_init(&b, n);
        exclude_diagonals(&seed, &b, n - 2 + test_below(&seed, 5));
        nq_search search;
        assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
        nq_find_limits limits = { 0, 0, { NULL, NULL }, 1 };
        int8_t cols[NQ_MAX_N];
        nq_status one = nq_find_completion(&search, &limits, cols);
        assert_true(one == NQ_OK || one == NQ_ERR_NO_SOLUTION);
        nq_split_options eager = { 2, 2, 64, 1, NULL, 0 };
        check_split(&b, one == NQ_OK, &eager, 0);
        assert_int_equal(nq_find_completion_threads(&search, &limits, 2, cols), one);
        if (one == NQ_OK)
            assert_completes(&b, cols);
    }
}

/* A stop request, a node budget, and nq_complete's threads on a board whose proof is long. */
static void stops(void **state)
{
    (void)state;
    nq_board b;
    uint64_t seed = 3;
    nq_board_init(&b, 40);
    exclude_diagonals(&seed, &b, 10);
    nq_search search;
    assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
    int8_t cols[NQ_MAX_N];
    nq_stop_flag flag = 1;
    nq_find_limits stopped = { 0, 0, { NULL, &flag }, 1 };
    nq_split_options eager = { 2, 1, 1, 1, NULL, 0 };
    assert_int_equal(nq_find_completion_split(&search, &stopped, &eager, cols), NQ_ERR_STOPPED);
    nq_stop_request signal = 1;
    nq_complete_options options = { 0, 0, &signal, 2 };
    int32_t wide[NQ_MAX_N];
    assert_int_equal(nq_complete(&b, &options, wide), NQ_ERR_STOPPED);
    signal = 0;
    assert_int_equal(nq_complete(&b, &options, wide), NQ_OK);
    nq_board hard;   /* 12 queens fenced into 11 columns: no completion, a long proof */
    nq_board_init(&hard, 30);
    for (int r = 0; r < 12; r++)
        for (int c = 11; c < 30; c++)
            nq_board_block(&hard, r, c);
    assert_int_equal(nq_search_compile(&hard, &search), NQ_OK);
    nq_find_limits budget = { 0, 5000, { NULL, NULL }, 1 };
    assert_int_equal(nq_find_completion_threads(&search, &budget, 2, cols), NQ_ERR_STOPPED);
    budget.max_nodes = 0;
    assert_int_equal(nq_find_completion_threads(&search, &budget, 3, cols), NQ_ERR_NO_SOLUTION);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(small_boards),
        cmocka_unit_test(larger_boards),
        cmocka_unit_test(stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
