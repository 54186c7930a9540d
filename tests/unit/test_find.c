/*
 * test_find.c - the proof engine of the guided listing (kernel_find.c): it finds a completion
 * exactly when the reference solver counts one, every completion it gives is one, in one run or
 * in installments, plain or seeded, on small boards and on boards up to 64 wide, on every CPU
 * path and diagonal width alike.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "find/find.h"
#include "random_board.h"
#include "reference.h"

/* Whether cols is a completion of search: each row's queen on a square it offers, no two
 * queens in one column or diagonal. */
static int is_completion(const nq_search *search, const int8_t *cols)
{
    int n = search->n;
    for (int r = 0; r < n; r++) {
        if (cols[r] < 0 || cols[r] >= n || !(search->allow[r] >> cols[r] & 1))
            return 0;
        for (int q = 0; q < r; q++)
            if (cols[q] == cols[r] || abs(cols[q] - cols[r]) == r - q)
                return 0;
    }
    return 1;
}

/* Finds with the given seed, in one run or in installments of `installment` nodes. */
static nq_status find(const nq_search *search, uint64_t seed, uint64_t installment,
                      int8_t *cols)
{
    if (!installment) {
        nq_find_limits limits = { seed, 0, { NULL, NULL }, (int)(seed % 2) };
        return nq_kernel_find(search, &limits, cols);
    }
    nq_finder finder;
    nq_finder_init(&finder, search, seed, nq_find_kernels_best());
    nq_status status;
    while ((status = nq_finder_run(&finder, installment, NULL, cols)) == NQ_ERR_STOPPED)
        ;
    return status;
}

/* On random boards with bad squares and placed queens, n <= 11: a completion exactly when the
 * reference counts one, and a valid one, whatever the seed and the installments, and from the
 * installments with seeded runs between them (nq_kernel_find_any). */
static void agrees_with_the_reference(void **state)
{
    (void)state;
    uint64_t random = 11;
    int found = 0, none = 0;
    for (int i = 0; i < 600; i++) {
        int n = 1 + (int)test_below(&random, 11);
        nq_board b;
        test_random_board(&random, n, (int)test_below(&random, 60), (int)test_below(&random, 4),
                          0, &b);
        nq_search search;
        if (nq_search_compile(&b, &search) != NQ_OK)
            continue;
        int exists = ref_count(&b) > 0;
        found += exists, none += !exists;
        static const uint64_t seeds[] = { 0, 1, 77, 0, 5 }, installments[] = { 0, 1, 5, 0, 0 };
        for (int k = 0; k < 5; k++) {
            int8_t cols[NQ_MAX_N];
            nq_find_limits limits = { seeds[k], 0, { NULL, NULL }, k % 2 };
            nq_status status = k < 3 ? find(&search, seeds[k], installments[k], cols)
                                     : nq_kernel_find_any(&search, &limits, cols);
            assert_int_equal(status, exists ? NQ_OK : NQ_ERR_NO_SOLUTION);
            if (exists)
                assert_true(is_completion(&search, cols));
        }
    }
    assert_true(found > 100 && none > 100);   /* both answers were put to the test */
}

/* Rows that offer arbitrary sets of squares, as the walk's questions make them. */
static void arbitrary_rows(void **state)
{
    (void)state;
    uint64_t random = 5;
    for (int i = 0; i < 400; i++) {
        int n = 4 + (int)test_below(&random, 7);
        nq_board b;
        nq_board_init(&b, n);
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                if (test_below(&random, 100) < 35)
                    nq_board_block(&b, r, c);
        nq_search search;
        assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
        int8_t cols[NQ_MAX_N];
        nq_status status = find(&search, 0, 0, cols);
        assert_int_equal(status, ref_count(&b) ? NQ_OK : NQ_ERR_NO_SOLUTION);
        if (status == NQ_OK)
            assert_true(is_completion(&search, cols));
    }
}

/* Boards up to 64 wide with a completion (a random solution's queens in most rows): found, and
 * valid; the same board with a column blocked in every open row: none. */
static void wide_boards(void **state)
{
    (void)state;
    uint64_t random = 3;
    for (int n = 20; n <= NQ_MAX_N; n += 4) {
        /* A random solution's queens in about two rows of three, a tenth of the squares off
         * that solution bad. */
        int32_t solution[NQ_MAX_N];
        nq_random_solution((uint32_t)n, test_random(&random), solution);
        nq_board b;
        nq_board_init(&b, n);
        for (int r = 0; r < n; r++) {
            if (test_below(&random, 3))
                nq_board_place(&b, r, solution[r]);
            for (int c = 0; c < n; c++)
                if (c != solution[r] && test_below(&random, 10) == 0)
                    nq_board_block(&b, r, c);
        }
        nq_search search;
        assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
        int8_t cols[NQ_MAX_N];
        assert_int_equal(find(&search, 0, 0, cols), NQ_OK);
        assert_true(is_completion(&search, cols));
        assert_int_equal(find(&search, 9, 1000, cols), NQ_OK);
        assert_true(is_completion(&search, cols));
        /* Take away, in every row without a queen, the one column no queen holds yet that the
         * lowest such row would need: some column is then offered by no row. */
        uint64_t held = 0;
        for (int r = 0; r < n; r++)
            held |= b.queen[r] >= 0 ? UINT64_C(1) << b.queen[r] : 0;
        int c = __builtin_ctzll(~held);
        for (int r = 0; r < n; r++)
            if (b.queen[r] < 0)
                search.allow[r] &= ~(UINT64_C(1) << c);
        assert_int_equal(find(&search, 0, 0, cols), NQ_ERR_NO_SOLUTION);
    }
    for (int n = 2; n <= 3; n++) {
        nq_board b;
        nq_board_init(&b, n);
        nq_search search;
        nq_search_compile(&b, &search);
        int8_t cols[NQ_MAX_N];
        assert_int_equal(find(&search, 0, 0, cols), NQ_ERR_NO_SOLUTION);
    }
}

/* Whether find_on walks without the matching's test (else it has it from the first node, as
 * nq_finder_init sets), and the tests and squares ruled out it made. */
static int without_matching;
static uint64_t matchings, ruled_out;

/* The systematic walk on each CPU path and diagonal width (kernels, wide) in installments of
 * `installment` nodes; *nodes gets the nodes it expanded. */
static nq_status find_on(const nq_search *search, const nq_find_kernels *kernels, int wide,
                         int sums_test, uint64_t installment, int8_t *cols, uint64_t *nodes,
                         uint64_t *diagonal_lines, uint64_t *far_cuts)
{
    static nq_finder finder;   /* large (its squares per depth): not on the stack */
    nq_finder_init(&finder, search, 0, kernels);
    finder.wide = wide || search->n > 32;
    finder.sums_test = sums_test;
    if (without_matching)
        finder.match_after = UINT64_MAX;
    nq_status status;
    while ((status = nq_finder_run(&finder, installment, NULL, cols)) == NQ_ERR_STOPPED)
        ;
    *nodes = finder.nodes;
    *diagonal_lines = finder.diagonal_lines;
    *far_cuts = finder.far_cuts;
    matchings += finder.matchings, ruled_out += finder.ruled_out;
    return status;
}

/* Every CPU path this CPU has, and 64- and 128-bit diagonals, walk the same tree: the same
 * answer as the reference on small boards with bad squares, queens and excluded diagonals, and
 * the same nodes on each path, on those and on boards up to 26 wide with excluded diagonals.
 * Without the test of the diagonals' sums (diagonal_sums.h), and so without its cuts, its
 * needed diagonals as lines and its diagonals out of reach, the walk gives the same answer;
 * and the test must have been put to work: cuts (nodes that differ), diagonals branched on,
 * diagonals taken out. */
static void every_path_agrees(void **state)
{
    (void)state;
    const nq_find_kernels *paths[2] = { &nq_find_kernels_portable, &nq_find_kernels_popcnt };
    int count = nq_cpu_detected() & NQ_CPU_POPCNT ? 2 : 1;
    uint64_t random = 29;
    int found = 0, none = 0, cut = 0, down_cut = 0;
    uint64_t diagonal_lines = 0, far_cuts = 0;
    for (int i = 0; i < 1200; i++) {
        int large = i % 100 == 99;
        int n = large ? 18 + (int)test_below(&random, 9) : 1 + (int)test_below(&random, 11);
        nq_board b;
        test_random_board(&random, n, large ? 0 : (int)test_below(&random, 40),
                          (int)test_below(&random, 3), 0, &b);
        /* Whole diagonals excluded, as CSPLib problem 079 does, up to n of them. */
        for (int k = (int)test_below(&random, n + 1); k > 0; k--) {
            int d = (int)test_below(&random, 2 * n - 1), sum = (int)test_below(&random, 2);
            for (int r = 0; r < n; r++) {
                int c = sum ? d - r : r - d + n - 1;
                if (c >= 0 && c < n && b.queen[r] != c)
                    nq_board_block(&b, r, c);
            }
        }
        nq_search search;
        if (nq_search_compile(&b, &search) != NQ_OK)
            continue;
        int exists = large ? -1 : ref_count(&b) > 0;
        uint64_t first_nodes = 0;
        nq_status first = NQ_OK;
        for (int k = 0; k < 2 * count; k++) {
            int8_t cols[NQ_MAX_N];
            uint64_t nodes, lines, far;
            nq_status status = find_on(&search, paths[k / 2], k % 2, 1,
                                       k ? 1000 : UINT64_MAX, cols, &nodes, &lines, &far);
            if (exists >= 0)
                assert_int_equal(status, exists ? NQ_OK : NQ_ERR_NO_SOLUTION);
            if (status == NQ_OK)
                assert_true(is_completion(&search, cols));
            if (k == 0)
                first = status, first_nodes = nodes, diagonal_lines += lines, far_cuts += far;
            assert_int_equal(status, first);
            assert_true(nodes == first_nodes);
        }
        int8_t cols[NQ_MAX_N];
        uint64_t nodes, lines, far;
        assert_int_equal(
            find_on(&search, paths[0], i % 2, 0, UINT64_MAX, cols, &nodes, &lines, &far), first);
        assert_true(lines == 0 && far == 0);
        if (first == NQ_OK)
            assert_true(is_completion(&search, cols));
        cut += nodes != first_nodes;
        /* The down-diagonals' sum alone: the same answer, the same nodes narrow and wide, no
         * diagonal lines; fewer nodes than without the test, at times. */
        uint64_t plain_nodes = nodes;
        uint64_t down_nodes = 0;
        for (int wide = 0; wide < 2; wide++) {
            assert_int_equal(find_on(&search, paths[count - 1], wide, NQ_SUMS_DOWN,
                                     wide ? 1000 : UINT64_MAX, cols, &nodes, &lines, &far),
                             first);
            assert_true(lines == 0 && far == 0);
            if (first == NQ_OK)
                assert_true(is_completion(&search, cols));
            assert_true(!wide || nodes == down_nodes);
            down_nodes = nodes;
        }
        down_cut += first == NQ_ERR_NO_SOLUTION && down_nodes < plain_nodes;
        /* Without the matching's test: the same answer, the same nodes narrow and wide, in one
         * run or in installments. */
        without_matching = 1;
        uint64_t unmatched_nodes = 0;
        for (int wide = 0; wide < 2; wide++) {
            assert_int_equal(find_on(&search, paths[count - 1], wide, 1,
                                     wide ? 1000 : UINT64_MAX, cols, &nodes, &lines, &far),
                             first);
            if (first == NQ_OK)
                assert_true(is_completion(&search, cols));
            assert_true(!wide || nodes == unmatched_nodes);
            unmatched_nodes = nodes;
        }
        without_matching = 0;
        found += first == NQ_OK, none += first == NQ_ERR_NO_SOLUTION;
    }
    assert_true(cut > 100 && down_cut > 100 && diagonal_lines > 100 && far_cuts > 100);
    assert_true(matchings > 1000 && ruled_out > 1000);
    assert_true(found > 200 && none > 200);   /* both answers were put to the test */
}

/* A budget or a stop request ends the search with NQ_ERR_STOPPED; the finder goes on from
 * there. */
static void limits(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 8);
    nq_search search;
    nq_search_compile(&b, &search);
    int8_t cols[NQ_MAX_N];
    nq_find_limits budget = { 0, 1, { NULL, NULL }, 1 };
    assert_int_equal(nq_kernel_find(&search, &budget, cols), NQ_ERR_STOPPED);
    nq_stop_request signal = 1;
    atomic_int flag;
    atomic_init(&flag, 1);
    nq_find_limits by_signal = { 0, 0, { &signal, NULL }, 1 }, by_flag = { 0, 0, { NULL, &flag }, 1 };
    assert_int_equal(nq_kernel_find(&search, &by_signal, cols), NQ_ERR_STOPPED);
    assert_int_equal(nq_kernel_find(&search, &by_flag, cols), NQ_ERR_STOPPED);
    nq_finder finder;
    nq_finder_init(&finder, &search, 0, nq_find_kernels_best());
    assert_int_equal(nq_finder_run(&finder, 0, &by_flag.stop, cols), NQ_ERR_STOPPED);
    atomic_store(&flag, 0);
    assert_int_equal(nq_finder_run(&finder, 1000, &by_flag.stop, cols), NQ_OK);
    assert_true(is_completion(&search, cols));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(agrees_with_the_reference),
        cmocka_unit_test(arbitrary_rows),
        cmocka_unit_test(wide_boards),
        cmocka_unit_test(every_path_agrees),
        cmocka_unit_test(limits),
    };
    return cmocka_run_group_tests_name("find", tests, NULL, NULL);
}
