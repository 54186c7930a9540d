/*
 * test_count.c - counting: the published counts, and the reference solver on random boards,
 * through nq_count and through every way of splitting the work.
 */
#define _GNU_SOURCE   /* sched_setaffinity, CPU_SET */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "count/plan.h"
#include "random_board.h"
#include "reference.h"
#include "published.h"

static nq_count_result count_board(const nq_board *b, int threads, int unique)
{
    nq_count_options options = { threads, unique, 0, NQ_ENGINE_AUTO };
    nq_count_result result;
    assert_int_equal(nq_count(b, &options, &result), NQ_OK);
    return result;
}

static void published_counts(void **state)
{
    (void)state;
    for (int n = 1; n <= 15; n++) {
        nq_board b;
        nq_board_init(&b, n);
        for (int threads = 0; threads <= 3; threads++) {
            nq_count_result r = count_board(&b, threads, 1);
            assert_int_equal(r.total.lo, published_total[n]);
            assert_int_equal(r.total.hi, 0);
            assert_int_equal(r.unique.lo, published_unique[n]);
            assert_int_equal(r.unique.hi, 0);
        }
    }
}

static void published_counts_16(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 16);
    nq_count_result r = count_board(&b, 2, 1);
    assert_int_equal(r.total.lo, published_total[16]);
    assert_int_equal(r.unique.lo, published_unique[16]);
}

/* Totals alone take the join from n = 12 (test_join.c tests it at length): here on threads, so
 * that ThreadSanitizer watches its workers share the quarter table. */
static void published_totals_on_threads(void **state)
{
    (void)state;
    for (int n = 12; n <= 15; n++) {
        nq_board b;
        nq_board_init(&b, n);
        for (int threads = 1; threads <= 3; threads++) {
            nq_count_result r = count_board(&b, threads, 0);
            assert_int_equal(r.total.lo, published_total[n]);
            assert_int_equal(r.total.hi, 0);
        }
    }
}

/* The smallest boards by name: they take paths of their own (no frame, no sides). */
static void smallest_boards(void **state)
{
    (void)state;
    static const uint64_t total[] = { 0, 1, 0, 0, 2 }, unique[] = { 0, 1, 0, 0, 1 };
    for (int n = 1; n <= 4; n++) {
        nq_board b;
        nq_board_init(&b, n);
        for (int threads = 1; threads <= 3; threads++) {
            nq_count_result r = count_board(&b, threads, 1);
            assert_int_equal(r.total.lo, total[n]);
            assert_int_equal(r.unique.lo, unique[n]);
        }
    }
}

/* A memory limit below what the join needs leaves nq_count to backtrack: the same counts, and
 * no more memory than allowed. */
static void memory_limit(void **state)
{
    (void)state;
    for (int n = 12; n <= 14; n++) {
        nq_board b;
        nq_board_init(&b, n);
        nq_count_options options = { 2, 1, 65536, NQ_ENGINE_AUTO };
        nq_count_result r;
        assert_int_equal(nq_count(&b, &options, &r), NQ_OK);
        assert_int_equal(r.total.lo, published_total[n]);
        assert_int_equal(r.unique.lo, published_unique[n]);
        nq_plan_options how = { .max_memory = 65536, .threads = 2 };
        nq_plan *plan;
        assert_int_equal(nq_plan_create_with(&b, &how, &plan), NQ_OK);
        assert_int_equal(nq_plan_method(plan), NQ_METHOD_BACKTRACK);
        nq_plan_free(plan);
    }
}

/* Threads by default: the CPUs the process may run on (taskset, cpusets), not all online. */
static void default_threads_follow_affinity(void **state)
{
    (void)state;
    cpu_set_t old, one;
    assert_int_equal(sched_getaffinity(0, sizeof old, &old), 0);
    assert_int_equal(nq_online_cores(), CPU_COUNT(&old) < 1024 ? CPU_COUNT(&old) : 1024);
    int first = 0;
    while (!CPU_ISSET(first, &old))
        first++;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    assert_int_equal(sched_setaffinity(0, sizeof one, &one), 0);
    assert_int_equal(nq_online_cores(), 1);
    assert_int_equal(sched_setaffinity(0, sizeof old, &old), 0);
}

static void options_may_be_null(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 8);
    nq_count_result r;
    assert_int_equal(nq_count(&b, NULL, &r), NQ_OK);
    assert_int_equal(r.total.lo, 92);
    assert_int_equal(r.total.hi, 0);
    assert_int_equal(nq_count(NULL, NULL, &r), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_count(&b, NULL, NULL), NQ_ERR_ARGUMENT);
}

static void all_bad_squares(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 6);
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++)
            nq_board_block(&b, r, c);
    nq_count_result r = count_board(&b, 2, 1);
    assert_int_equal(r.total.lo, 0);
    assert_int_equal(r.unique.lo, 0);
}

/* Checks nq_count against the reference on one board, with and without the unique count: the
 * total takes another path without it. */
static void check_board(const nq_board *b, int threads)
{
    uint64_t total = ref_count(b);
    nq_count_result r = count_board(b, threads, 1);
    assert_int_equal(r.total.lo, total);
    assert_int_equal(r.total.hi, 0);
    assert_int_equal(r.unique.lo, ref_count_unique(b));
    r = count_board(b, threads, 0);
    assert_int_equal(r.total.lo, total);
}

static void random_boards(void **state)
{
    (void)state;
    uint64_t seed = 20261122;
    for (int i = 0; i < 400; i++) {
        nq_board b;
        int n = 1 + test_below(&seed, 11);
        test_random_board(&seed, n, test_below(&seed, 40), test_below(&seed, 4), 0, &b);
        check_board(&b, 1 + i % 3);
    }
}

/* Boards that each subgroup of the square's symmetries maps onto itself, placed queens
 * included, so that every symmetry-using split and rule is taken. */
static void random_symmetric_boards(void **state)
{
    (void)state;
    /* Groups: mirror, flip, rot180, transpose, rotations, all eight, anti, both axes, both
     * diagonals. */
    static const unsigned groups[] = { 0x11, 0x21, 0x05, 0x41, 0x0F, 0xFF, 0x81, 0x35, 0xC5 };
    uint64_t seed = 11195;
    for (int i = 0; i < 450; i++) {
        nq_board b;
        int n = 1 + test_below(&seed, 11);
        unsigned group = groups[i % (sizeof groups / sizeof groups[0])];
        test_random_board(&seed, n, test_below(&seed, 25), test_below(&seed, 3), group, &b);
        assert_true((nq_board_symmetries(&b) & group) == group);
        check_board(&b, 1 + i % 3);
    }
}

/* Sides up to 64, where the kernels for wide boards and the splits' deeper rows take over. */
static void large_sparse_boards(void **state)
{
    (void)state;
    uint64_t seed = 6464;
    for (int i = 0; i < 120; i++) {
        nq_board b;
        int n = 12 + test_below(&seed, NQ_MAX_N - 11);
        test_sparse_board(&seed, n, 2 + test_below(&seed, 8), test_below(&seed, 15), &b);
        check_board(&b, 1 + i % 3);
    }
}

/* Sums the units of a split, counted by the kernels, with their weights and rules. */
static void sum_units(const nq_plan *plan, const nq_unit_list *list, uint64_t *total,
                      uint64_t *unique)
{
    nq_plan copy = *plan;
    copy.units = list->units;
    copy.unit_count = list->count;
    *total = *unique = 0;
    for (size_t i = 0; i < list->count; i++) {
        nq_unit_count c, plain;
        assert_int_equal(nq_plan_count_unit(&copy, i, 1, &c), NQ_OK);
        assert_int_equal(nq_plan_count_unit(&copy, i, 0, &plain), NQ_OK);
        assert_int_equal(plain.total, c.total);
        *total += c.total;
        *unique += c.unique;
    }
}

/* Forces every split the board allows through the same check against the reference. */
static void check_every_split(const nq_board *b)
{
    nq_plan *plan;
    const nq_plan_options rows = { .method = NQ_METHOD_BACKTRACK, .engine = NQ_ENGINE_ROWS };
    assert_int_equal(nq_plan_create_with(b, &rows, &plan), NQ_OK);
    uint64_t want_total = ref_count(b), want_unique = ref_count_unique(b), total, unique;
    for (int way = 0; way < 7; way++) {
        nq_unit_list list = { NULL, 0, 0 };
        nq_status status = NQ_ERR_ARGUMENT;
        /* Bounded below what the split aims at: a queen less deep, or the prefix split for
         * frames that are too many. */
        const size_t few = 2 + (size_t)b->n;
        if (way == 0)
            status = nq_split_prefix(&plan->search, plan->group, 1 + (size_t)b->n * 7, SIZE_MAX,
                                     0, &list);
        else if (way == 1 && b->n >= 2)
            status = nq_split_frame(&plan->search, plan->group, 1, SIZE_MAX, &list);
        else if (way == 2 && b->n >= 4)
            status = nq_split_frame(&plan->search, plan->group, 2, SIZE_MAX, &list);
        else if (way == 3 && b->n >= 4 && plan->group == 0xFF)
            status = nq_split_sides(&plan->search, 50, SIZE_MAX, 0, &list);
        else if (way == 4)
            status = nq_split_prefix(&plan->search, plan->group, SIZE_MAX, few, 0, &list);
        else if (way == 5 && b->n >= 4 && plan->group == 0xFF)
            status = nq_split_sides(&plan->search, SIZE_MAX, 4 * few * few, 0, &list);
        else if (way == 6)
            status = nq_split(&plan->search, plan->group, SIZE_MAX, few, 0, &list);
        if (status != NQ_OK) {
            free(list.units);
            continue;
        }
        assert_true(way < 4 || list.count <= (way == 5 ? 4 * few * few : few));
        sum_units(plan, &list, &total, &unique);
        assert_int_equal(total, want_total);
        assert_int_equal(unique, want_unique);
        free(list.units);
    }
    nq_plan_free(plan);
}

static void every_split_agrees(void **state)
{
    (void)state;
    uint64_t seed = 42;
    for (int n = 1; n <= 11; n++) {
        nq_board b;
        nq_board_init(&b, n);
        check_every_split(&b);
    }
    static const unsigned groups[] = { 0, 0x11, 0x05, 0x41, 0x0F, 0xFF, 0x21, 0x81, 0x35, 0xC5 };
    for (int i = 0; i < 300; i++) {
        nq_board b;
        unsigned group = groups[i % 10];
        test_random_board(&seed, 1 + test_below(&seed, 10), test_below(&seed, 30),
                          test_below(&seed, 3), group, &b);
        check_every_split(&b);
    }
}

static void catalogues_count_like_the_reference(void **state)
{
    (void)state;
    nq_catalogue *catalogues[11] = { NULL };
    for (int n = 1; n <= 10; n++)
        assert_int_equal(nq_catalogue_create(n, &catalogues[n]), NQ_OK);
    uint64_t seed = 99;
    for (int i = 0; i < 300; i++) {
        nq_board b;
        int n = 1 + test_below(&seed, 10);
        test_random_board(&seed, n, test_below(&seed, 30), test_below(&seed, 3), 0, &b);
        nq_u128 total;
        assert_int_equal(nq_catalogue_count(catalogues[n], &b, &total), NQ_OK);
        assert_int_equal(total.lo, ref_count(&b));
    }
    nq_board wrong;
    nq_board_init(&wrong, 9);
    nq_u128 total;
    assert_int_equal(nq_catalogue_count(catalogues[8], &wrong, &total), NQ_ERR_ARGUMENT);
    for (int n = 1; n <= 10; n++)
        nq_catalogue_free(catalogues[n]);
    nq_catalogue *too_big;
    assert_int_equal(nq_catalogue_create(NQ_CATALOGUE_MAX_N + 1, &too_big), NQ_ERR_SIZE);
}

/* Placed queens set by hand (nq_board_place would refuse them) that attack along a column or
 * either diagonal, from above or below, near or far. */
static void placed_queens_attacking_are_refused(void **state)
{
    (void)state;
    static const int pairs[][4] = { { 0, 0, 1, 1 }, { 0, 1, 1, 0 }, { 1, 4, 4, 1 },
                                    { 4, 4, 0, 0 }, { 3, 2, 0, 2 }, { 4, 0, 2, 2 } };
    for (int i = 0; i < 6; i++) {
        nq_board b;
        nq_board_init(&b, 5);
        b.queen[pairs[i][0]] = pairs[i][1];
        b.queen[pairs[i][2]] = pairs[i][3];
        nq_count_result r;
        assert_int_equal(nq_count(&b, NULL, &r), NQ_ERR_ATTACK);
    }
}

/* A board whose side is out of range, as a caller filling the struct by hand may make one: each
 * entry point refuses it with NQ_ERR_SIZE, without reading past the board (the board is on the
 * heap so that AddressSanitizer sees any read beyond it). */
static void side_out_of_range(void **state)
{
    (void)state;
    static const int sides[] = { 0, -3, NQ_MAX_N + 1, 100 };
    nq_board *b = malloc(sizeof *b);
    assert_non_null(b);
    for (int i = 0; i < 4; i++) {
        nq_board_init(b, 8);
        b->n = sides[i];
        nq_count_result r;
        nq_count_options options = { 1, 1, 0, NQ_ENGINE_AUTO };
        assert_int_equal(nq_count(b, &options, &r), NQ_ERR_SIZE);
        nq_plan *plan = NULL;
        assert_int_equal(nq_plan_create(b, 0, &plan), NQ_ERR_SIZE);
        assert_null(plan);
    }
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(published_counts),
        cmocka_unit_test(published_counts_16),
        cmocka_unit_test(published_totals_on_threads),
        cmocka_unit_test(smallest_boards),
        cmocka_unit_test(memory_limit),
        cmocka_unit_test(options_may_be_null),
        cmocka_unit_test(all_bad_squares),
        cmocka_unit_test(random_boards),
        cmocka_unit_test(random_symmetric_boards),
        cmocka_unit_test(large_sparse_boards),
        cmocka_unit_test(every_split_agrees),
        cmocka_unit_test(catalogues_count_like_the_reference),
        cmocka_unit_test(placed_queens_attacking_are_refused),
        cmocka_unit_test(side_out_of_range),
        cmocka_unit_test(default_threads_follow_affinity),
    };
    return cmocka_run_group_tests_name("count", tests, NULL, NULL);
}
