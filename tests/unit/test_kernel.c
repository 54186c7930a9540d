/*
 * test_kernel.c - every counting kernel, each CPU path's table in turn, against the reference
 * solver, on whole boards and on the work units of their plans; and the split into the top rows' placements,
 * whose units must cover the reference's solutions in order, each exactly once by weight.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "count/plan.h"
#include "engine/engine.h"
#include "engine_tables.h"
#include "listing.h"
#include "random_board.h"
#include "reference.h"

/* Checks that every counting kernel by rows, each table's, counts `want` completions of
 * search from its root: the row kernel, the fewest-choices kernel (n <= 32), and the kernel
 * the engine by rows takes for the board. */
static void rows_kernels_count(const nq_search *search, uint64_t want)
{
    const nq_engine_kernels *tables[TEST_ENGINE_TABLES];
    size_t count = test_engine_tables(tables);
    assert_int_equal(nq_kernel_count_rows(search, nq_search_root(search), NULL), want);
    for (size_t t = 0; t < count; t++) {
        if (search->n <= NQ_ABSOLUTE_MAX_N)
            assert_int_equal(tables[t]->count_rows(search, NULL), want);
        assert_int_equal(nq_engine_count(tables[t], NQ_ENGINE_ROWS, search, NULL), want);
    }
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
        rows_kernels_count(&search, ref_count(&b));
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
        digest want = { 0, 0 }, rows = { 0, 0 };
        ref_solve(&b, digest_reference, &want);
        assert_int_equal(nq_kernel_visit_rows(&search, digest_library, &rows, NULL), NQ_OK);
        assert_true(rows.count == want.count && rows.sum == want.sum);
        const nq_engine_kernels *tables[TEST_ENGINE_TABLES];
        for (size_t t = 0, count = test_engine_tables(tables); t < count; t++) {
            digest mrv = { 0, 0 }, engine = { 0, 0 };
            assert_int_equal(tables[t]->visit_rows(&search, digest_library, &mrv, NULL), NQ_OK);
            assert_int_equal(nq_engine_visit(tables[t], NQ_ENGINE_ROWS, &search, digest_library,
                                             &engine, NULL),
                             NQ_OK);
            assert_true(mrv.count == want.count && mrv.sum == want.sum);
            assert_true(engine.count == want.count && engine.sum == want.sum);
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
        const nq_plan_options rows = { .method = NQ_METHOD_BACKTRACK, .engine = NQ_ENGINE_ROWS };
        assert_int_equal(nq_plan_create_with(&b, &rows, &plan), NQ_OK);
        for (size_t i = 0; i < plan->unit_count; i++) {
            nq_search search;
            nq_search_of_unit(&plan->search, &plan->units[i], &search);
            rows_kernels_count(&search, nq_kernel_count_rows(&search, nq_search_root(&search), NULL));
        }
        nq_plan_free(plan);
    }
}

/* The state after a prefix unit's queens, placed from the top row down; checks that they are
 * rows 0, 1, ... on squares the search offers, and copies their columns into prefix. */
static nq_state prefix_state(const nq_search *search, const nq_unit *u, int8_t *prefix)
{
    nq_state s = nq_search_root(search);
    for (int q = 0; q < u->queens; q++) {
        assert_int_equal(u->row[q], q);
        assert_true(nq_state_free(search, s) >> u->col[q] & 1);
        prefix[q] = u->col[q];
        s = nq_state_place(s, UINT64_C(1) << u->col[q]);
    }
    return s;
}

/* The reference's solutions (want, in order) that begin with prefix, copied into out. */
static void with_prefix(const int8_t *want, size_t count, int n, const int8_t *prefix,
                        int depth, listing *out)
{
    out->count = 0;
    for (size_t i = 0; i < count; i++)
        if (memcmp(want + i * (size_t)n, prefix, (size_t)depth) == 0)
            record(out, n, want + i * (size_t)n);
}

/* Checks one unit of the top `depth` rows: the kernels, from the unit's state and from the
 * unit's own search, find exactly the reference's solutions with that prefix, in order.
 * Returns how many. */
static uint64_t check_prefix_unit(const nq_search *search, const nq_unit *u, const int8_t *want,
                                  size_t want_count)
{
    int n = search->n;
    int8_t prefix[NQ_MAX_N];
    nq_state s = prefix_state(search, u, prefix);
    listing expected = { 0 }, got = { 0 }, own = { 0 };
    with_prefix(want, want_count, n, prefix, u->queens, &expected);
    assert_int_equal(nq_kernel_visit(search, s, prefix, record, &got), NQ_OK);
    nq_search unit_search;
    nq_search_of_unit(search, u, &unit_search);
    nq_state root = nq_search_root(&unit_search);
    assert_int_equal(nq_kernel_visit(&unit_search, root, NULL, record, &own), NQ_OK);
    assert_int_equal(got.count, expected.count);
    assert_int_equal(own.count, expected.count);
    if (expected.count) {
        assert_memory_equal(got.cols, expected.cols, expected.count * (size_t)n);
        assert_memory_equal(own.cols, expected.cols, expected.count * (size_t)n);
    }
    assert_int_equal(nq_kernel_count_rows(search, s, NULL), expected.count);
    rows_kernels_count(&unit_search, expected.count);
    free(expected.cols), free(got.cols), free(own.cols);
    return expected.count;
}

/* nq_split_rows at one depth, with or without the mirror rule: units in lexicographic order,
 * of the right weights, whose weighted completions add up to the reference's count. */
static void check_rows_split(const nq_board *b, const int8_t *want, size_t want_count,
                             int depth, int mirror)
{
    nq_search search;
    assert_int_equal(nq_search_compile(b, &search), NQ_OK);
    nq_unit pattern = { .weight = 1, .unique_group = 1, .rule = NQ_RULE_EACH };
    nq_unit_list list = { NULL, 0, 0 };
    assert_int_equal(nq_split_rows(&search, &pattern, depth, mirror, &list), NQ_OK);
    assert_int_equal(list.count, nq_split_rows_count(&search, depth, mirror, SIZE_MAX));
    /* Counting stops past its limit, and says so by one more. */
    if (list.count > 0)
        assert_int_equal(nq_split_rows_count(&search, depth, mirror, list.count - 1), list.count);
    assert_int_equal(nq_split_rows_count(&search, depth, mirror, list.count), list.count);
    uint64_t total = 0;
    for (size_t i = 0; i < list.count; i++) {
        const nq_unit *u = &list.units[i];
        int top = u->col[0], image = b->n - 1 - top;
        assert_int_equal(u->queens, depth);
        assert_int_equal(u->weight, !mirror ? 1 : top < image ? 2 : 1);
        assert_true(!mirror || top <= image);
        if (i > 0)
            assert_true(memcmp(u[-1].col, u->col, (size_t)depth) < 0);
        total += u->weight * check_prefix_unit(&search, u, want, want_count);
    }
    assert_int_equal(total, want_count);
    free(list.units);
}

/* Every depth of the rows split on random boards; the mirror rule on boards that are their own
 * mirror image. */
static void rows_split_covers_the_reference(void **state)
{
    (void)state;
    static const unsigned groups[] = { 0, 0x11, 0, 0x35, 0x05, 0xFF };
    uint64_t seed = 5150;
    for (int i = 0; i < 150; i++) {
        nq_board b;
        unsigned group = groups[i % 6];
        test_random_board(&seed, 1 + test_below(&seed, 10), test_below(&seed, 30),
                          test_below(&seed, 3), group, &b);
        size_t want_count;
        int8_t *want = ref_list(&b, 0, &want_count);
        int mirror = nq_board_symmetries(&b) >> NQ_SYM_MIRROR & 1;
        for (int depth = 1; depth <= b.n && depth <= 6; depth++) {
            check_rows_split(&b, want, want_count, depth, 0);
            if (mirror)
                check_rows_split(&b, want, want_count, depth, 1);
        }
        free(want);
    }
}

/* The prefix split, as plans and threaded listings use it: units of one depth >= 1, in
 * lexicographic order, counting like the reference for any number of units asked for. */
static void prefix_split_units(void **state)
{
    (void)state;
    static const unsigned groups[] = { 0, 0x11, 0x05, 0xFF, 0x41 };
    uint64_t seed = 8128;
    for (int i = 0; i < 200; i++) {
        nq_board b;
        test_random_board(&seed, 1 + test_below(&seed, 11), test_below(&seed, 30),
                          test_below(&seed, 3), groups[i % 5], &b);
        nq_search search;
        assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
        unsigned group = nq_board_symmetries(&b);
        int mirror = group >> NQ_SYM_MIRROR & 1;
        nq_unit_list list = { NULL, 0, 0 };
        size_t min_units = (size_t)1 << test_below(&seed, 12);
        /* Half of them bounded, often below what min_units asks for. */
        size_t max_units = i % 2 ? SIZE_MAX : 1 + (size_t)test_below(&seed, 300);
        nq_status status = nq_split_prefix(&search, group, min_units, max_units, 0, &list);
        if (status == NQ_ERR_MEMORY_LIMIT) {   /* only when even one queen makes too many */
            assert_true(nq_split_rows_count(&search, 1, mirror, SIZE_MAX) > max_units);
            free(list.units);
            continue;
        }
        assert_int_equal(status, NQ_OK);
        assert_true(list.count <= max_units);
        /* A queen deeper would have made more than max_units, or reached min_units already. */
        if (list.count > 0 && list.count < min_units && list.units[0].queens < b.n - 1 &&
            list.units[0].queens < NQ_UNIT_MAX_QUEENS)
            assert_true(nq_split_rows_count(&search, list.units[0].queens + 1, mirror,
                                            SIZE_MAX) > max_units);
        uint64_t total = 0;
        for (size_t u = 0; u < list.count; u++) {
            const nq_unit *unit = &list.units[u];
            int8_t prefix[NQ_MAX_N];
            assert_true(unit->queens >= 1);
            assert_int_equal(unit->queens, list.units[0].queens);
            if (u > 0)
                assert_true(memcmp(unit[-1].col, unit->col, unit->queens) < 0);
            nq_state s = prefix_state(&search, unit, prefix);
            total += unit->weight * nq_kernel_count_rows(&search, s, NULL);
            assert_true(!mirror || prefix[0] <= b.n - 1 - prefix[0]);
        }
        assert_int_equal(total, ref_count(&b));
        free(list.units);
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
                                                            UINT64_C(1) << c), NULL);
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
    rows_kernels_count(&search, want);
}

/* A counting kernel asked to stop gives up with NQ_KERNEL_STOPPED, however large the search; a
 * flag that stays zero changes nothing. */
static void kernels_stop_when_asked(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 16);
    nq_search search;
    assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
    const nq_state root = nq_search_root(&search);
    nq_stop_flag go, stop;
    atomic_init(&go, 0);
    atomic_init(&stop, 1);
    assert_int_equal(nq_kernel_count_rows(&search, root, &stop), NQ_KERNEL_STOPPED);
    digest any = { 0, 0 };
    assert_int_equal(nq_kernel_visit_rows(&search, digest_library, &any, &stop), NQ_ERR_STOPPED);
    /* Wider than 32: the row kernels alone. */
    nq_board wide;
    nq_board_init(&wide, 40);
    nq_search wide_search;
    assert_int_equal(nq_search_compile(&wide, &wide_search), NQ_OK);
    const nq_engine_kernels *tables[TEST_ENGINE_TABLES];
    for (size_t t = 0, count = test_engine_tables(tables); t < count; t++) {
        const nq_engine_kernels *k = tables[t];
        assert_int_equal(k->count_rows(&search, &stop), NQ_KERNEL_STOPPED);
        assert_int_equal(k->visit_rows(&search, digest_library, &any, &stop), NQ_ERR_STOPPED);
        for (const nq_search *s = &search; s; s = s == &search ? &wide_search : NULL) {
            assert_int_equal(nq_engine_count(k, NQ_ENGINE_ROWS, s, &stop), NQ_KERNEL_STOPPED);
            assert_int_equal(nq_engine_visit(k, NQ_ENGINE_ROWS, s, digest_library, &any, &stop),
                             NQ_ERR_STOPPED);
        }
    }
    /* Not asked: the whole count. */
    nq_board_init(&b, 12);
    assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
    assert_int_equal(nq_kernel_count_rows(&search, nq_search_root(&search), &go), 14200);
    for (size_t t = 0, count = test_engine_tables(tables); t < count; t++)
        assert_int_equal(tables[t]->count_rows(&search, &go), 14200);
}

/* A unit of either method asked to stop is given up, not counted: the run records nothing of
 * it. */
static void units_stop_when_asked(void **state)
{
    (void)state;
    nq_stop_flag stop;
    atomic_init(&stop, 1);
    nq_board b;
    nq_board_init(&b, 18);
    for (int method = NQ_METHOD_BACKTRACK; method <= NQ_METHOD_JOIN; method++) {
        nq_plan_options options = { .min_units = 1, .method = (nq_method)method, .threads = 1 };
        nq_plan *plan;
        assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
        struct nq_join_scratch *scratch = NULL;
        nq_unit_count count;
        assert_int_equal(nq_plan_count_unit_kept(plan, 0, 0, &count, &scratch, &stop),
                         NQ_ERR_STOPPED);
        nq_plan_scratch_free(scratch);
        nq_plan_free(plan);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_boards),
        cmocka_unit_test(units_of_plans),
        cmocka_unit_test(visiting_kernels),
        cmocka_unit_test(rows_kernel_from_any_state),
        cmocka_unit_test(wide_boards_use_rows),
        cmocka_unit_test(rows_split_covers_the_reference),
        cmocka_unit_test(prefix_split_units),
        cmocka_unit_test(kernels_stop_when_asked),
        cmocka_unit_test(units_stop_when_asked),
    };
    return cmocka_run_group_tests_name("kernel", tests, NULL, NULL);
}
