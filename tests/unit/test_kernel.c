/*
 * test_kernel.c - every counting kernel, forced in turn, against the reference solver, on whole
 * boards and on the work units of their plans.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "internal.h"
#include "random_board.h"
#include "reference.h"

enum { ROWS, MRV, MRV_POPCNT, KERNELS };

/* Counts the completions of search from its root with kernel k; returns 0 if k cannot. */
static int count_with(int k, const nq_search *search, uint64_t *count)
{
    if (k != ROWS && search->n > 32)
        return 0;
    if (k == MRV_POPCNT && !__builtin_cpu_supports("popcnt"))
        return 0;
    nq_state root = nq_search_root(search);
    *count = k == ROWS ? nq_kernel_count_rows(search, root)
           : k == MRV  ? nq_kernel_count_mrv(search)
                       : nq_kernel_count_mrv_popcnt(search);
    return 1;
}

static void whole_boards(void **state)
{
    (void)state;
    uint64_t seed = 1234;
    for (int i = 0; i < 500; i++) {
        nq_board b;
        test_random_board(&seed, 1 + test_below(&seed, 11), test_below(&seed, 40),
                          test_below(&seed, 4), 0, &b);
        nq_search search;
        assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
        uint64_t want = ref_count(&b), got;
        for (int k = 0; k < KERNELS; k++)
            if (count_with(k, &search, &got))
                assert_int_equal(got, want);
    }
}

/* An order-free digest of a set of solutions: their number and the sum of a hash of each. */
typedef struct digest {
    uint64_t count, sum;
} digest;

static uint64_t hash_solution(int n, const int *cols)
{
    uint64_t h = 1469598103934665603u;
    for (int r = 0; r < n; r++)
        h = (h ^ (uint64_t)cols[r]) * 1099511628211u;
    return h;
}

static int digest_library(void *context, int n, const int8_t *cols)
{
    digest *d = context;
    int wide[NQ_MAX_N];
    for (int r = 0; r < n; r++)
        wide[r] = cols[r];
    d->count++;
    d->sum += hash_solution(n, wide);
    return 0;
}

static void digest_reference(void *context, int n, const int *cols)
{
    digest *d = context;
    d->count++;
    d->sum += hash_solution(n, cols);
}

static void visiting_kernels(void **state)
{
    (void)state;
    uint64_t seed = 777;
    for (int i = 0; i < 300; i++) {
        nq_board b;
        test_random_board(&seed, 1 + test_below(&seed, 10), test_below(&seed, 35),
                          test_below(&seed, 3), 0, &b);
        nq_search search;
        assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
        digest want = { 0, 0 }, mrv = { 0, 0 }, fast = { 0, 0 }, any = { 0, 0 };
        ref_solve(&b, digest_reference, &want);
        assert_int_equal(nq_kernel_visit_mrv(&search, digest_library, &mrv), NQ_OK);
        assert_int_equal(nq_kernel_visit_any(&search, digest_library, &any), NQ_OK);
        assert_true(mrv.count == want.count && mrv.sum == want.sum);
        assert_true(any.count == want.count && any.sum == want.sum);
        if (__builtin_cpu_supports("popcnt")) {
            assert_int_equal(nq_kernel_visit_mrv_popcnt(&search, digest_library, &fast), NQ_OK);
            assert_true(fast.count == want.count && fast.sum == want.sum);
        }
    }
}

static void units_of_plans(void **state)
{
    (void)state;
    for (int n = 4; n <= 12; n++) {
        nq_board b;
        nq_board_init(&b, n);
        nq_plan *plan;
        assert_int_equal(nq_plan_create(&b, 0, &plan), NQ_OK);
        for (size_t i = 0; i < plan->unit_count; i++) {
            nq_search search;
            nq_search_of_unit(&plan->search, &plan->units[i], &search);
            uint64_t want = nq_kernel_count_rows(&search, nq_search_root(&search)), got;
            for (int k = MRV; k < KERNELS; k++)
                if (count_with(k, &search, &got))
                    assert_int_equal(got, want);
        }
        nq_plan_free(plan);
    }
}

static void rows_kernel_from_any_state(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 9);
    nq_search search;
    nq_search_compile(&b, &search);
    uint64_t sum = 0;
    for (int c = 0; c < 9; c++)
        sum += nq_kernel_count_rows(&search, nq_state_place(nq_search_root(&search),
                                                            UINT64_C(1) << c));
    assert_int_equal(sum, 352);
}

static void wide_boards_use_rows(void **state)
{
    (void)state;
    /* The 40 x 40 board with the top 34 rows of a known solution placed: row r < 20 holds
     * column 2r + 1, row 20 + r column 2r (0-based). */
    nq_board b;
    nq_board_init(&b, 40);
    for (int r = 0; r < 34; r++)
        assert_int_equal(nq_board_place(&b, r, r < 20 ? 2 * r + 1 : 2 * (r - 20)), NQ_OK);
    nq_search search;
    assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
    uint64_t want = ref_count(&b);
    assert_true(want >= 1);
    assert_int_equal(nq_kernel_count(&search, nq_search_root(&search)), want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_boards),
        cmocka_unit_test(units_of_plans),
        cmocka_unit_test(visiting_kernels),
        cmocka_unit_test(rows_kernel_from_any_state),
        cmocka_unit_test(wide_boards_use_rows),
    };
    return cmocka_run_group_tests_name("kernel", tests, NULL, NULL);
}
