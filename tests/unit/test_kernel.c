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
        cmocka_unit_test(rows_kernel_from_any_state),
        cmocka_unit_test(wide_boards_use_rows),
    };
    return cmocka_run_group_tests_name("kernel", tests, NULL, NULL);
}
