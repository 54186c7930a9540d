/*
 * test_lines.c - the backtracker's engine for constrained boards (kernel_lines.c,
 * kernel_nodes.c, split_lines.c) against the reference solver and the row kernels: every
 * kernel, and every engine forced, on thousands of random small boards with bad squares, placed
 * queens and excluded diagonals; the choice of the engine by the board.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "count/plan.h"
#include "engine_tables.h"
#include "random_board.h"
#include "reference.h"

/* A board of side n with k whole diagonals excluded, as in CSPLib problem 079: each a random
 * diagonal of a random direction (repeats allowed), every square of it bad. */
static void excluded_diagonals(uint64_t *seed, int n, int k, nq_board *b)
{
    nq_board_init(b, n);
    for (int i = 0; i < k; i++) {
        int sum = test_below(seed, 2), d = test_below(seed, 2 * n - 1);
        for (int r = 0; r < n; r++) {
            int c = sum ? d - r : r - d + n - 1;
            if (c >= 0 && c < n)
                nq_board_block(b, r, c);
        }
    }
}

/* Board number i of the tests' mix: bad squares of any density and up to three placed queens,
 * or excluded diagonals with or without a placed queen, of side 1 to max_n. */
static void mixed_board(uint64_t *seed, int i, int max_n, nq_board *b)
{
    int n = 1 + test_below(seed, max_n);
    if (i % 3 == 2) {
        excluded_diagonals(seed, n, test_below(seed, n + 2), b);
        if (i % 2)
            test_place_orbit(b, test_below(seed, n), test_below(seed, n), 0);
    } else {
        test_random_board(seed, n, test_below(seed, 75), test_below(seed, 4), 0, b);
    }
}

/* A visitor that keeps each completion, to compare with the reference's list. */
typedef struct kept {
    int8_t cols[400 * NQ_MAX_N];
    size_t count;
} kept;

static int keep(void *context, int n, const int8_t *cols)
{
    kept *k = context;
    assert_true(k->count < 400);
    memcpy(k->cols + k->count++ * (size_t)n, cols, (size_t)n);
    return 0;
}

static int bytes_compare(const void *a, const void *b, void *n)
{
    return memcmp(a, b, *(size_t *)n);
}

/* Sorts count rows of n bytes lexicographically (insertion sort: the lists are short). */
static void sort_rows(int8_t *rows, size_t count, size_t n)
{
    int8_t t[NQ_MAX_N];
    for (size_t i = 1; i < count; i++)
        for (size_t j = i; j > 0 && bytes_compare(rows + (j - 1) * n, rows + j * n, &n) > 0; j--) {
            memcpy(t, rows + j * n, n);
            memcpy(rows + j * n, rows + (j - 1) * n, n);
            memcpy(rows + (j - 1) * n, t, n);
        }
}

/* Every kernel for constrained boards, each CPU path's table in turn, counts what the
 * reference and the row kernels count. */
static void kernels_count_as_the_reference(void **state)
{
    (void)state;
    uint64_t seed = 30;
    const nq_engine_kernels *tables[TEST_ENGINE_TABLES];
    const size_t count = test_engine_tables(tables);
    for (int i = 0; i < 4000; i++) {
        nq_board b;
        mixed_board(&seed, i, 11, &b);
        nq_search s;
        assert_int_equal(nq_search_compile(&b, &s), NQ_OK);
        uint64_t expected = ref_count(&b);
        assert_int_equal(nq_kernel_count_rows(&s, nq_search_root(&s), NULL), expected);
        for (size_t t = 0; t < count; t++) {
            const nq_engine_kernels *k = tables[t];
            assert_int_equal(k->count_rows(&s, NULL), expected);
            assert_int_equal(k->count_lines(&s, NULL), expected);
            assert_int_equal(k->count_nodes(&s, NULL), expected);
            assert_int_equal(nq_engine_count(k, NQ_ENGINE_LINES, &s, NULL), expected);
        }
    }
}

/* The visiting kernels, each CPU path's table in turn, give each completion once: the
 * reference's list, in some order. */
static void kernels_visit_every_completion_once(void **state)
{
    (void)state;
    uint64_t seed = 31;
    static kept k;
    const nq_engine_kernels *tables[TEST_ENGINE_TABLES];
    const size_t tables_count = test_engine_tables(tables);
    for (int i = 0; i < 3000; i++) {
        nq_board b;
        mixed_board(&seed, i, 9, &b);
        nq_search s;
        assert_int_equal(nq_search_compile(&b, &s), NQ_OK);
        size_t count, n = (size_t)b.n;
        int8_t *expected = ref_list(&b, 0, &count);
        for (size_t v = 0; v < 3 * tables_count; v++) {
            const nq_engine_kernels *t = tables[v / 3];
            k.count = 0;
            assert_int_equal(v % 3 == 0   ? t->visit_lines(&s, keep, &k, NULL)
                             : v % 3 == 1 ? t->visit_nodes(&s, keep, &k, NULL)
                                          : nq_engine_visit(t, NQ_ENGINE_LINES, &s, keep, &k, NULL),
                             NQ_OK);
            assert_int_equal(k.count, count);
            sort_rows(k.cols, k.count, n);
            assert_true(count == 0 || memcmp(k.cols, expected, count * n) == 0);
        }
        free(expected);
    }
}

/* The matching's test at the root (root_matching.c), forced on every board whether the kernel
 * would take it or not: it takes out only squares that no completion of the reference uses, so
 * that the kernels count the same on what it leaves; "no completion" only where there is none.
 * It must also cut, now and then, where placing the forced queens alone does not, or this tests
 * nothing of the matching. */
static void rule_out_keeps_every_completion(void **state)
{
    (void)state;
    uint64_t seed = 34;
    int cut = 0;   /* boards where the matching took out more than the forced queens */
    const nq_engine_kernels *tables[TEST_ENGINE_TABLES];
    const size_t tables_count = test_engine_tables(tables);
    for (int i = 0; i < 4000; i++) {
        nq_board b;
        mixed_board(&seed, i, 11, &b);
        nq_search s, pruned, settled;
        assert_int_equal(nq_search_compile(&b, &s), NQ_OK);
        size_t count, n = (size_t)b.n;
        int8_t *list = ref_list(&b, 0, &count);
        uint64_t rows = s.full, cols = s.full;
        settled = s, pruned = s;
        int alive = nq_search_settle(&settled, &rows, &cols);
        if (!nq_search_rule_out(&pruned)) {
            assert_int_equal(count, 0);
            cut += alive;
            free(list);
            continue;
        }
        assert_true(alive);
        int fewer = 0;
        for (size_t r = 0; r < n; r++) {
            assert_int_equal(pruned.allow[r] & ~settled.allow[r], 0);
            fewer |= pruned.allow[r] != settled.allow[r];
        }
        cut += fewer;
        for (size_t j = 0; j < count; j++)
            for (size_t r = 0; r < n; r++)
                assert_true(pruned.allow[r] >> list[j * n + r] & 1);
        for (size_t t = 0; t < tables_count; t++)
            assert_int_equal(tables[t]->count_lines(&pruned, NULL), count);
        free(list);
    }
    assert_true(cut > 100);
}

/* The kernel by lines with the matching made at its first dead end or leaf, forced on every
 * board (kernel_lines.c takes that path on large units of boards whose sums are tight only): it
 * starts again from the root on what the matching leaves, so it must count and visit each
 * completion of the reference once, whether its first path found one (no matching then) or
 * none. */
static void matched_kernel_counts_as_the_reference(void **state)
{
    (void)state;
    uint64_t seed = 35;
    static kept k;
    for (int i = 0; i < 4000; i++) {
        nq_board b;
        mixed_board(&seed, i, 11, &b);
        nq_search s;
        assert_int_equal(nq_search_compile(&b, &s), NQ_OK);
        size_t count, n = (size_t)b.n;
        int8_t *expected = ref_list(&b, 0, &count);
        assert_int_equal(nq_kernel_lines_matched(&s, NULL, NULL), count);
        if (count < 400) {
            k.count = 0;
            assert_int_equal(nq_kernel_lines_matched(&s, keep, &k), count);
            assert_int_equal(k.count, count);
            sort_rows(k.cols, k.count, n);
            assert_true(count == 0 || memcmp(k.cols, expected, count * n) == 0);
        }
        free(expected);
    }
}

/* A stop request ends the kernels with NQ_KERNEL_STOPPED, and a visitor's wish to stop ends the
 * visit with NQ_ERR_STOPPED. */
static int stop_at_once(void *context, int n, const int8_t *cols)
{
    (void)context, (void)n, (void)cols;
    return 1;
}

static void kernels_stop(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 14);
    nq_board_block(&b, 0, 0);
    nq_search s;
    assert_int_equal(nq_search_compile(&b, &s), NQ_OK);
    nq_stop_flag stop = 1;
    const nq_engine_kernels *tables[TEST_ENGINE_TABLES];
    for (size_t t = 0, count = test_engine_tables(tables); t < count; t++) {
        const nq_engine_kernels *k = tables[t];
        assert_int_equal(k->count_lines(&s, &stop), NQ_KERNEL_STOPPED);
        assert_int_equal(k->count_nodes(&s, &stop), NQ_KERNEL_STOPPED);
        assert_int_equal(k->visit_lines(&s, stop_at_once, NULL, NULL), NQ_ERR_STOPPED);
        assert_int_equal(k->visit_nodes(&s, stop_at_once, NULL, NULL), NQ_ERR_STOPPED);
    }
}

/* The plan of b by the engine asked, with about min_units units (0: the default), in pieces
 * `levels` queens deep (-1: whole units; 0: the default). */
static nq_plan *plan_of(const nq_board *b, nq_engine engine, size_t min_units, int levels)
{
    nq_plan_options how = { .method = NQ_METHOD_BACKTRACK, .engine = engine,
                            .min_units = min_units, .piece_levels = levels };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(b, &how, &plan), NQ_OK);
    return plan;
}

/* Sums every unit of plan into total and, with unique, unique. */
static void sum_units(const nq_plan *plan, int unique, uint64_t *total, uint64_t *classes)
{
    *total = *classes = 0;
    for (size_t i = 0; i < nq_plan_units(plan); i++) {
        nq_unit_count c;
        assert_int_equal(nq_plan_count_unit(plan, i, unique, &c), NQ_OK);
        *total += c.total;
        *classes += c.unique;
    }
}

/* Every engine forced on every board, split into any number of units, whole or in pieces,
 * adds up to the reference's total and classes; symmetric boards included. */
static void every_engine_counts_every_board(void **state)
{
    (void)state;
    static const unsigned groups[] = { 0, 0x11, 0x05, 0x0F, 0xFF, 0x81 };
    static const nq_engine engines[] = { NQ_ENGINE_AUTO, NQ_ENGINE_ROWS, NQ_ENGINE_LINES };
    uint64_t seed = 32;
    for (int i = 0; i < 1500; i++) {
        nq_board b;
        if (i % 2)
            mixed_board(&seed, i / 2, 10, &b);
        else
            test_random_board(&seed, 1 + test_below(&seed, 10), test_below(&seed, 60),
                              test_below(&seed, 3), groups[i / 2 % 6], &b);
        uint64_t total = ref_count(&b), classes = ref_count_unique(&b);
        for (int e = 0; e < 3; e++) {
            size_t units = i % 3 ? 0 : 1 + (size_t)test_below(&seed, 200);
            int levels = i % 5 == 1 ? 1 + test_below(&seed, 3) : -1;
            nq_plan *plan = plan_of(&b, engines[e], units, levels);
            if (engines[e] != NQ_ENGINE_AUTO)
                assert_int_equal(nq_plan_engine(plan), engines[e]);
            uint64_t t, u;
            sum_units(plan, 1, &t, &u);
            assert_int_equal(t, total);
            assert_int_equal(u, classes);
            sum_units(plan, 0, &t, &u);
            assert_int_equal(t, total);
            nq_plan_free(plan);
        }
    }
}

/* nq_count with each engine on two threads gives the reference's counts. */
static void count_with_each_engine(void **state)
{
    (void)state;
    uint64_t seed = 33;
    for (int i = 0; i < 200; i++) {
        nq_board b;
        mixed_board(&seed, i, 11, &b);
        for (int e = NQ_ENGINE_AUTO; e <= NQ_ENGINE_LINES; e++) {
            nq_count_options options = { 2, 1, 0, e };
            nq_count_result result;
            assert_int_equal(nq_count(&b, &options, &result), NQ_OK);
            assert_int_equal(result.total.hi, 0);
            assert_int_equal(result.total.lo, ref_count(&b));
            assert_int_equal(result.unique.lo, ref_count_unique(&b));
        }
    }
}

/* Wider boards than the reference searches: the engines agree with each other, and on boards
 * of side 33 to 40, beyond kernel_lines.c, the node kernel with the row kernel. */
static void engines_agree_on_wider_boards(void **state)
{
    (void)state;
    uint64_t seed = 34;
    for (int i = 0; i < 40; i++) {
        nq_board b;
        int n = i % 2 ? 13 + test_below(&seed, 4) : 33 + test_below(&seed, 8);
        if (n > 32)
            test_sparse_board(&seed, n, 9, 30, &b);
        else
            excluded_diagonals(&seed, n, n, &b);
        nq_search s;
        assert_int_equal(nq_search_compile(&b, &s), NQ_OK);
        uint64_t rows = nq_kernel_count_rows(&s, nq_search_root(&s), NULL);
        const nq_engine_kernels *tables[TEST_ENGINE_TABLES];
        for (size_t t = 0, count = test_engine_tables(tables); t < count; t++) {
            assert_int_equal(nq_engine_count(tables[t], NQ_ENGINE_ROWS, &s, NULL), rows);
            assert_int_equal(nq_engine_count(tables[t], NQ_ENGINE_LINES, &s, NULL), rows);
            assert_int_equal(tables[t]->count_nodes(&s, NULL), rows);
        }
        nq_plan *plan = plan_of(&b, NQ_ENGINE_LINES, 50, 0);
        uint64_t t, u;
        sum_units(plan, 0, &t, &u);
        assert_int_equal(t, rows);
        nq_plan_free(plan);
    }
}

/* AUTO takes lines from NQ_ENGINE_LINES_PERCENT percent of closed squares, and from
 * NQ_ENGINE_LINES_ASYMMETRIC_PERCENT on boards up to 32 wide without symmetry; rows below; the
 * two engines make different plans of the same board. */
static void auto_chooses_by_closed_squares(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 10);
    nq_plan *plan = plan_of(&b, NQ_ENGINE_AUTO, 0, 0);
    assert_int_equal(nq_plan_engine(plan), NQ_ENGINE_ROWS);
    nq_plan_free(plan);
    /* Bad squares in the rows' left halves, none symmetric: 4 of 100, rows; the 5th, lines. */
    for (int k = 0; k < 25; k++) {
        nq_board_block(&b, k / 5 * 2, 1 + k % 5);
        plan = plan_of(&b, NQ_ENGINE_AUTO, 0, 0);
        assert_int_equal(nq_board_symmetries(&b), 1u);
        assert_int_equal(nq_plan_engine(plan), k + 1 >= NQ_ENGINE_LINES_ASYMMETRIC_PERCENT
                                                   ? NQ_ENGINE_LINES
                                                   : NQ_ENGINE_ROWS);
        nq_plan_free(plan);
    }
    /* The same in the four corners' orbits, which keep all eight symmetries: 24 bad squares
     * of 100, rows; 28, lines. */
    nq_board_init(&b, 10);
    for (int k = 0; k < 7; k++) {
        int r = k / 3, c = 1 + k % 3;   /* off the diagonals: an orbit of eight squares ... */
        if (k == 6)
            r = 0, c = 0;               /* ... but a corner's is of four */
        for (int s = 0; s < 8; s++) {
            int m = 9, rows[8] = { r, c, m - r, m - c, r, m - r, c, m - c },
                cols[8] = { c, m - r, m - c, r, m - c, c, r, m - r };
            nq_board_block(&b, rows[s], cols[s]);
        }
        int closed = k < 6 ? 8 * (k + 1) : 52;
        if (k < 2 || k == 3 || k == 6) {   /* 8, 16, 32 and 52 of 100 */
            plan = plan_of(&b, NQ_ENGINE_AUTO, 0, 0);
            assert_int_equal(nq_board_symmetries(&b), 0xFFu);
            assert_int_equal(nq_plan_engine(plan), closed >= NQ_ENGINE_LINES_PERCENT
                                                       ? NQ_ENGINE_LINES
                                                       : NQ_ENGINE_ROWS);
            nq_plan_free(plan);
        }
    }
    /* Wider than 32, without symmetry: rows up to NQ_ENGINE_LINES_PERCENT. */
    nq_board_init(&b, 40);
    for (int k = 0; k < 160; k++)   /* 10 % */
        nq_board_block(&b, k / 20 * 2, k % 20);
    plan = plan_of(&b, NQ_ENGINE_AUTO, 0, 0);
    assert_int_equal(nq_plan_engine(plan), NQ_ENGINE_ROWS);
    nq_plan_free(plan);
    /* A placed queen closes its row and the squares it attacks: on the empty 10 x 10 board, a
     * queen near the middle closes its row, 9 squares of its column and 17 of its diagonals:
     * 36 squares, lines. */
    nq_board_init(&b, 10);
    assert_int_equal(nq_board_place(&b, 4, 4), NQ_OK);
    plan = plan_of(&b, NQ_ENGINE_AUTO, 0, 0);
    assert_int_equal(nq_plan_engine(plan), NQ_ENGINE_LINES);
    nq_plan *rows = plan_of(&b, NQ_ENGINE_ROWS, 0, 0);
    assert_int_not_equal(nq_plan_fingerprint(plan), nq_plan_fingerprint(rows));
    nq_plan_free(plan);
    nq_plan_free(rows);
    nq_plan_options bad = { .method = NQ_METHOD_BACKTRACK, .engine = (nq_engine)3 };
    assert_int_equal(nq_plan_create_with(&b, &bad, &plan), NQ_ERR_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kernels_count_as_the_reference),
        cmocka_unit_test(kernels_visit_every_completion_once),
        cmocka_unit_test(kernels_stop),
        cmocka_unit_test(rule_out_keeps_every_completion),
        cmocka_unit_test(matched_kernel_counts_as_the_reference),
        cmocka_unit_test(every_engine_counts_every_board),
        cmocka_unit_test(count_with_each_engine),
        cmocka_unit_test(engines_agree_on_wider_boards),
        cmocka_unit_test(auto_chooses_by_closed_squares),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
