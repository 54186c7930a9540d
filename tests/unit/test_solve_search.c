/*
 * test_solve_search.c - listing in search order (NQ_ORDER_SEARCH): exactly the order its rule
 * documents, followed here by a plain search on arrays (no bit masks), every solution of the
 * reference once, one per class with unique, the first solutions of every empty board up to
 * 64 x 64, and stopping when asked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "listing.h"
#include "random_board.h"
#include "reference.h"

/* The rule of nqueens.h's NQ_ORDER_SEARCH, step by step on a grid of free squares. */
typedef struct plain {
    int n;
    int8_t placed[NQ_MAX_N];   /* -1: row still open */
    int column_taken[NQ_MAX_N];
    const nq_board *board;
    int least_only;            /* only the least of each class (reference's test) */
    listing *out;
    size_t most;               /* solutions to find at most; 0: all */
} plain;

static int attacks(int r1, int c1, int r2, int c2)
{
    return c1 == c2 || r1 - c1 == r2 - c2 || r1 + c1 == r2 + c2;
}

/* Whether square (r, c) is free: not bad, and no placed queen attacks it. */
static int is_free(const plain *p, int r, int c)
{
    if (p->board->blocked[r] >> c & 1)
        return 0;
    if (p->board->queen[r] >= 0 && p->board->queen[r] != c)
        return 0;   /* a placed queen's row offers its square alone */
    for (int other = 0; other < p->n; other++) {
        int q = p->board->queen[other] >= 0 ? p->board->queen[other] : p->placed[other];
        if (other != r && q >= 0 && attacks(other, q, r, c))
            return 0;
    }
    return 1;
}

/* Fills p->out with the completions below p's placed queens, in the rule's order; stops
 * once it holds p->most (0: all). */
static void plain_search(plain *p)
{
    if (p->most && p->out->count >= p->most)
        return;
    int n = p->n, best_row = -1, row_count = n + 1, best_column = -1, column_count = n + 1;
    for (int r = 0; r < n; r++) {
        if (p->placed[r] >= 0)
            continue;
        int count = 0;
        for (int c = 0; c < n; c++)
            count += !p->column_taken[c] && is_free(p, r, c);
        if (count < row_count)
            row_count = count, best_row = r;
    }
    if (best_row < 0) {   /* every row filled */
        int cols[NQ_MAX_N];
        for (int r = 0; r < n; r++)
            cols[r] = p->placed[r];
        if (!p->least_only || ref_is_least(p->board, cols))
            record(p->out, n, p->placed);
        return;
    }
    if (row_count == 0)
        return;
    for (int c = 0; c < n; c++) {
        if (p->column_taken[c])
            continue;
        int count = 0;
        for (int r = 0; r < n; r++)
            count += p->placed[r] < 0 && is_free(p, r, c);
        if (count < column_count)
            column_count = count, best_column = c;
    }
    int by_column = column_count <= 1 || (column_count < row_count && column_count < 8);
    for (int i = 0; i < n; i++) {
        int r = by_column ? i : best_row, c = by_column ? best_column : i;
        if (p->placed[r] >= 0 || p->column_taken[c] || !is_free(p, r, c))
            continue;
        p->placed[r] = (int8_t)c, p->column_taken[c] = 1;
        plain_search(p);
        p->placed[r] = -1, p->column_taken[c] = 0;
    }
}

static nq_status solve_in_search_order(const nq_board *b, int unique, const nq_stop_request *stop,
                                       nq_solution_fn visit, void *context)
{
    nq_solve_options options = { .unique = unique, .stop = stop, .order = NQ_ORDER_SEARCH };
    return nq_solve_with(b, &options, visit, context);
}

/* Sorts count solutions of n bytes each (insertion sort: the tests' listings are short). */
static void sort_solutions(int8_t *cols, size_t count, int n)
{
    int8_t swap[NQ_MAX_N];
    for (size_t i = 1; i < count; i++)
        for (size_t j = i; j > 0 && memcmp(cols + (j - 1) * n, cols + j * n, (size_t)n) > 0;
             j--) {
            memcpy(swap, cols + j * n, (size_t)n);
            memcpy(cols + j * n, cols + (j - 1) * n, (size_t)n);
            memcpy(cols + (j - 1) * n, swap, (size_t)n);
        }
}

/* The listing is the plain search's, in its order, and holds the reference's solutions. */
static void check_search_order(const nq_board *b, int unique)
{
    listing want = { 0 }, got = { 0 };
    plain p = { b->n, { 0 }, { 0 }, b, unique, &want, 0 };
    memset(p.placed, -1, sizeof p.placed);   /* a placed queen's row is filled as any other */
    plain_search(&p);
    assert_int_equal(solve_in_search_order(b, unique, NULL, record_wide, &got), NQ_OK);
    assert_int_equal(got.count, want.count);
    if (want.count)
        assert_memory_equal(got.cols, want.cols, want.count * (size_t)b->n);
    size_t ref_count;
    int8_t *ref = ref_list(b, unique, &ref_count);
    assert_int_equal(got.count, ref_count);
    if (ref_count) {
        sort_solutions(got.cols, got.count, b->n);
        assert_memory_equal(got.cols, ref, ref_count * (size_t)b->n);
    }
    free(ref);
    free(want.cols);
    free(got.cols);
}

static void empty_boards(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        nq_board b;
        nq_board_init(&b, n);
        check_search_order(&b, 0);
        check_search_order(&b, 1);
    }
}

/* Bad squares and placed queens, and boards with symmetries for the unique filter. */
static void random_boards(void **state)
{
    (void)state;
    static const unsigned groups[] = { 0, 0x11, 0x05, 0xFF, 0x0F, 0x41, 0x21, 0x81, 0x35 };
    uint64_t seed = 11195;
    for (int i = 0; i < 400; i++) {
        nq_board b;
        test_random_board(&seed, 1 + test_below(&seed, 11), test_below(&seed, 41),
                          test_below(&seed, 4), groups[i % 9], &b);
        check_search_order(&b, i % 2);
    }
}

/* Records the first k solutions, then asks the listing to stop. */
typedef struct first_k {
    listing got;
    size_t k;
} first_k;

static int record_k(void *context, int n, const int32_t *cols)
{
    first_k *f = context;
    record_wide(&f->got, n, cols);
    return f->got.count == f->k;
}

/* The first ten solutions of every empty board to 64 x 64 come, and are solutions; where the
 * plain search is quick enough to follow (to 24), they are its first ten. */
static void first_solutions_of_every_size(void **state)
{
    (void)state;
    for (int n = 4; n <= NQ_MAX_N; n++) {
        nq_board b;
        nq_board_init(&b, n);
        first_k f = { { 0 }, 10 };
        nq_status status = solve_in_search_order(&b, 0, NULL, record_k, &f);
        assert_int_equal(status, f.got.count == 10 ? NQ_ERR_STOPPED : NQ_OK);
        assert_true(f.got.count >= 1);
        for (size_t i = 0; i < f.got.count; i++) {
            int32_t cols[NQ_MAX_N];
            nq_conflict conflict;
            for (int r = 0; r < n; r++)
                cols[r] = f.got.cols[i * (size_t)n + (size_t)r];
            assert_int_equal(nq_verify(cols, (size_t)n, &conflict), NQ_OK);
        }
        if (n <= 24) {
            listing want = { 0 };
            plain p = { n, { 0 }, { 0 }, &b, 0, &want, f.got.count };
            memset(p.placed, -1, sizeof p.placed);
            plain_search(&p);
            assert_memory_equal(f.got.cols, want.cols, f.got.count * (size_t)n);
            free(want.cols);
        }
        free(f.got.cols);
    }
}

/* A stop request ends the listing; nq_solve_with rejects an order it does not know. */
static void stops_and_arguments(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 14);
    nq_stop_request stop = 1;
    listing got = { 0 };
    assert_int_equal(solve_in_search_order(&b, 0, &stop, record_wide, &got), NQ_ERR_STOPPED);
    assert_int_equal(got.count, 0);
    nq_solve_options options = { .order = NQ_ORDER_SEARCH + 1 };
    assert_int_equal(nq_solve_with(&b, &options, record_wide, &got), NQ_ERR_ARGUMENT);
    options.order = -1;
    assert_int_equal(nq_solve_with(&b, &options, record_wide, &got), NQ_ERR_ARGUMENT);
    assert_int_equal(got.count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(empty_boards),
        cmocka_unit_test(random_boards),
        cmocka_unit_test(first_solutions_of_every_size),
        cmocka_unit_test(stops_and_arguments),
    };
    return cmocka_run_group_tests_name("solve in search order", tests, NULL, NULL);
}
