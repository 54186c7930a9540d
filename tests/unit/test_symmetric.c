/*
 * test_symmetric.c - the unique count from the total: the searches for the solutions the half
 * turn (each CPU path's) and the quarter turn keep, against the reference solver's solutions turned one by one;
 * Burnside's sum against the published counts; and the join's unique counts against the
 * published ones and the backtracker's, whole, resumed and in pieces.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine_tables.h"
#include "reference.h"
#include "published.h"


/* Solutions the reference finds, and how many of them each turn maps onto themselves. */
typedef struct kept {
    uint64_t half_turn, quarter_turn;
} kept;

/* Whether the turn (r, c) -> (c, n-1-r) applied `times` times keeps the solution cols. */
static int turn_keeps(int n, const int *cols, int times)
{
    for (int r = 0; r < n; r++) {
        int row = r, col = cols[r];
        for (int t = 0; t < times; t++) {
            int next_row = col, next_col = n - 1 - row;
            row = next_row, col = next_col;
        }
        if (cols[row] != col)
            return 0;
    }
    return 1;
}

static void count_kept(void *context, int n, const int *cols)
{
    kept *k = context;
    k->half_turn += (uint64_t)turn_keeps(n, cols, 2);
    k->quarter_turn += (uint64_t)turn_keeps(n, cols, 1);
}

/* P and R against the reference's solutions, each turned and compared with itself. */
static void turns_match_the_reference(void **state)
{
    (void)state;
    const nq_engine_kernels *tables[TEST_ENGINE_TABLES];
    for (int n = 1; n <= 13; n++) {
        nq_board b;
        nq_board_init(&b, n);
        kept k = { 0, 0 };
        ref_solve(&b, count_kept, &k);
        for (size_t t = 0, count = test_engine_tables(tables); t < count; t++)
            assert_int_equal(tables[t]->half_turn(n), k.half_turn);
        assert_int_equal(nq_count_quarter_turn(n), k.quarter_turn);
        assert_true(k.quarter_turn <= k.half_turn);
    }
    /* n = 12 and 13 have both kinds, so neither search is checked only at 0. */
    assert_int_equal(nq_count_quarter_turn(12), 8);
    for (size_t t = 0, count = test_engine_tables(tables); t < count; t++)
        assert_int_equal(tables[t]->half_turn(13), 136);
}

/* Burnside's sum gives the published unique counts from the published totals: P + 2R is
 * checked against 8U - Q for every n the searches afford quickly (n = 24, 25 take seconds). */
static void burnside_gives_published_unique_counts(void **state)
{
    (void)state;
    for (int n = 1; n <= 23; n++) {
        nq_count_result r = { .total = { published_total[n], 0 } };
        assert_int_equal(nq_unique_from_total(n, &r), NQ_OK);
        assert_int_equal(r.unique.lo, published_unique[n]);
        assert_int_equal(r.unique.hi, 0);
        assert_int_equal(r.half_turn.lo, nq_count_half_turn(n));
        assert_int_equal(r.quarter_turn.lo, nq_count_quarter_turn(n));
    }
}

/* A total that is not Q(n) is caught 7 times in 8 and leaves result alone; sizes are checked. */
static void burnside_refuses_wrong_totals(void **state)
{
    (void)state;
    nq_count_result r = { .total = { published_total[12] + 1, 0 }, .unique = { 5, 0 } };
    assert_int_equal(nq_unique_from_total(12, &r), NQ_ERR_WRONG_TOTAL);
    assert_int_equal(r.unique.lo, 5);
    assert_int_equal(r.half_turn.lo, 0);
    r.total = (nq_u128){ UINT64_MAX, UINT64_MAX };
    assert_int_equal(nq_unique_from_total(12, &r), NQ_ERR_WRONG_TOTAL);
    assert_int_equal(nq_unique_from_total(0, &r), NQ_ERR_SIZE);
    assert_int_equal(nq_unique_from_total(33, &r), NQ_ERR_SIZE);
    assert_int_equal(nq_unique_from_total(8, NULL), NQ_ERR_ARGUMENT);
    const nq_engine_kernels *tables[TEST_ENGINE_TABLES];
    for (size_t t = 0, count = test_engine_tables(tables); t < count; t++)
        assert_int_equal(tables[t]->half_turn(33), 0);
    assert_int_equal(nq_count_quarter_turn(14), 0);   /* n mod 4 = 2: no orbit of four fits */
}

/* A run of plan on `threads` threads with unique, all units (or those not done) counted. */
static nq_count_result run_unique(const nq_plan *plan, int threads, const nq_run_options *more)
{
    nq_run_options run = { .threads = threads, .unique = 1 };
    if (more)
        run = *more;
    nq_count_result r;
    assert_int_equal(nq_plan_run(plan, &run, &r), NQ_OK);
    return r;
}

static nq_plan *join_plan(int n)
{
    nq_board b;
    nq_board_init(&b, n);
    nq_plan_options options = { .method = NQ_METHOD_JOIN, .unique = 1, .threads = 2 };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_JOIN);
    return plan;
}

/* The join's unique counts: the published ones, and the backtracker's. */
static void join_gives_published_unique_counts(void **state)
{
    (void)state;
    for (int n = 4; n <= 17; n++) {
        nq_plan *plan = join_plan(n);
        nq_count_result r = run_unique(plan, 2, NULL);
        assert_int_equal(r.total.lo, published_total[n]);
        assert_int_equal(r.unique.lo, published_unique[n]);
        assert_int_equal(r.half_turn.lo, nq_count_half_turn(n));
        assert_int_equal(r.quarter_turn.lo, nq_count_quarter_turn(n));
        nq_plan_free(plan);
    }
}

static void join_agrees_with_the_backtracker(void **state)
{
    (void)state;
    for (int n = 4; n <= 14; n++) {
        nq_board b;
        nq_board_init(&b, n);
        nq_plan_options options = { .method = NQ_METHOD_BACKTRACK, .unique = 1 };
        nq_plan *backtrack, *join = join_plan(n);
        assert_int_equal(nq_plan_create_with(&b, &options, &backtrack), NQ_OK);
        nq_count_result want = run_unique(backtrack, 2, NULL), got = run_unique(join, 1, NULL);
        assert_int_equal(got.unique.lo, want.unique.lo);
        assert_int_equal(got.total.lo, want.total.lo);
        assert_int_equal(want.half_turn.lo, 0);   /* the backtracker counts classes itself */
        nq_plan_free(backtrack);
        nq_plan_free(join);
    }
}

/* nq_count picks the join for an empty board from NQ_JOIN_AUTO_MIN_N and fills both counts. */
static void count_takes_the_join_for_unique(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 16);
    nq_plan_options options = { .unique = 1 };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_JOIN);
    nq_plan_free(plan);
    nq_count_options count = { .threads = 2, .unique = 1 };
    nq_count_result r;
    assert_int_equal(nq_count(&b, &count, &r), NQ_OK);
    assert_int_equal(r.total.lo, published_total[16]);
    assert_int_equal(r.unique.lo, published_unique[16]);
    assert_int_equal(r.half_turn.lo, 3000);
    assert_int_equal(r.quarter_turn.lo, 64);
}

/* Units count no classes; a run of some units sums theirs (0); a run that finishes a resumed
 * plan derives the classes from the done units' total and its own. */
static void join_unique_in_pieces(void **state)
{
    (void)state;
    const int n = 13;
    nq_plan *plan = join_plan(n);
    size_t units = nq_plan_units(plan), half = units / 2;
    uint8_t *done = calloc((units + 7) / 8, 1);
    nq_u128 done_total = { 0, 0 };
    for (size_t u = 0; u < half; u++) {
        nq_unit_count c;
        assert_int_equal(nq_plan_count_unit(plan, u, 1, &c), NQ_OK);
        assert_int_equal(c.unique, 0);
        done[u / 8] |= (uint8_t)(1u << (u % 8));
        done_total.lo += c.total;
    }
    nq_run_options piece = { .threads = 2, .unique = 1, .first_unit = half, .end_unit = units - 1 };
    nq_count_result r = run_unique(plan, 2, &piece);
    assert_int_equal(r.unique.lo, 0);
    assert_int_equal(r.half_turn.lo, 0);
    nq_run_options rest = { .threads = 2, .unique = 1, .done = done, .done_total = done_total };
    r = run_unique(plan, 2, &rest);
    assert_int_equal(r.total.lo, published_total[n]);
    assert_int_equal(r.unique.lo, published_unique[n]);
    /* A done total that is not the units' fails Burnside's check. */
    rest.done_total.lo++;
    assert_int_equal(nq_plan_run(plan, &rest, &r), NQ_ERR_WRONG_TOTAL);
    free(done);
    nq_plan_free(plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(turns_match_the_reference),
        cmocka_unit_test(burnside_gives_published_unique_counts),
        cmocka_unit_test(burnside_refuses_wrong_totals),
        cmocka_unit_test(join_gives_published_unique_counts),
        cmocka_unit_test(join_agrees_with_the_backtracker),
        cmocka_unit_test(count_takes_the_join_for_unique),
        cmocka_unit_test(join_unique_in_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
