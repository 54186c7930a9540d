/*
 * test_join_pair.c - the join's pairers (src/join/pair*.c): every one this CPU runs fits and
 * pairs what the portable one does, pattern for pattern and in the same order, on random cells
 * and on the halves of small boards, whole and in chunks; and none writes past its
 * NQ_PAIR_SLACK slots (caught under ASan). And what lets a pairer test patterns only: a half's
 * north and south placements take a diagonal in common exactly when their patterns share a bit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/base.h"
#include "join/half.h"
#include "join/kernels.h"
#include "join/match.h"
#include "join/pair.h"
#include "join/quarter.h"
#include "join/starts.h"
#include "random_board.h"

/* The pairers this CPU can run, the portable one first. */
static int runnable_pairers(const nq_pairer **fns)
{
    int count = 0;
    fns[count++] = &nq_pairer_portable;
    if (nq_cpu_detected() & NQ_CPU_AVX2)
        fns[count++] = &nq_pairer_avx2;
    if (nq_cpu_detected() & NQ_CPU_AVX512)
        fns[count++] = &nq_pairer_avx512;
    return count;
}

/* A random 64-bit word with each bit set one time in `one_in`. */
static uint64_t sparse_word(uint64_t *seed, int one_in)
{
    uint64_t w = 0;
    for (int b = 0; b < 64; b++)
        w |= (uint64_t)(test_below(seed, one_in) == 0) << b;
    return w;
}

/* Random cells of `count` placements, each array in a block of its own (so that reading past
 * one is caught under ASan). */
static nq_fitted random_cell(uint64_t *seed, size_t count, int one_in)
{
    uint64_t *pattern = malloc((count ? count : 1) * sizeof *pattern);
    assert_non_null(pattern);
    for (size_t i = 0; i < count; i++)
        pattern[i] = sparse_word(seed, one_in);
    return (nq_fitted){ pattern, count };
}

static void free_cell(nq_fitted *c)
{
    free((void *)c->pattern);
}

/* On random placements of every count around the steps of 4 and 8, on random rules (shifts, the
 * band where the halves meet, the start's diagonals, few or many taken): the portable fitting
 * is the one worked out placement by placement, and every other pairer's is the portable one's,
 * in arrays of exactly the room promised. */
static void pairers_fit_what_the_portable_one_does(void **state)
{
    (void)state;
    const nq_pairer *fns[3];
    const int fn_count = runnable_pairers(fns);
    uint64_t seed = 7;
    for (int round = 0; round < 400; round++) {
        const size_t count = round < 40 ? (size_t)round : (size_t)test_below(&seed, 70);
        const int h = 2 + test_below(&seed, NQ_QUARTER_MAX_H - 1), n = 2 * h + test_below(&seed, 2);
        const int width = 2 * h - 1;
        nq_fit_rule rule = { test_below(&seed, n - h + 1), test_below(&seed, n - h + 1), n - h,
                             width, sparse_word(&seed, 2 + test_below(&seed, 30)),
                             sparse_word(&seed, 2 + test_below(&seed, 30)) };
        nq_quarter_diags *diags = malloc((count ? count : 1) * sizeof *diags);
        assert_non_null(diags);
        for (size_t i = 0; i < count; i++)
            diags[i] = (nq_quarter_diags){ (uint32_t)test_below(&seed, width),
                                           (uint32_t)test_below(&seed, width) };
        const size_t room = count + NQ_PAIR_SLACK;
        uint64_t *want = malloc(room * sizeof *want);
        assert_non_null(want);
        size_t fits = 0;
        const uint64_t mask = (UINT64_C(1) << width) - 1;
        for (size_t i = 0; i < count; i++) {
            const uint64_t u = (uint64_t)diags[i].up << rule.up_shift;
            const uint64_t w = (uint64_t)diags[i].down << rule.down_shift;
            if ((u & rule.taken_up) | (w & rule.taken_down))
                continue;
            want[fits++] = (u >> rule.lo & mask) | (w >> rule.lo & mask) << width;
        }
        for (int f = 0; f < fn_count; f++) {
            uint64_t *got = malloc(room * sizeof *got);
            assert_non_null(got);
            assert_int_equal(fns[f]->fit(diags, count, &rule, got), fits);
            if (fits)
                assert_memory_equal(got, want, fits * sizeof *want);
            free(got);
        }
        free(want);
        free(diags);
    }
}

/* On random cells of every size around the steps of 4 and 8 south placements, with few and
 * many pairs that fit, and with a mark or none: the portable pairer's list is the one counted
 * pair by pair, and every other pairer's is the portable one's, written into a buffer of
 * exactly the room promised. */
static void pairers_list_what_the_portable_one_does(void **state)
{
    (void)state;
    const nq_pairer *fns[3];
    const int fn_count = runnable_pairers(fns);
    uint64_t seed = 12;
    for (int round = 0; round < 400; round++) {
        const size_t m = round < 40 ? (size_t)round : (size_t)test_below(&seed, 70);
        const size_t k = (size_t)test_below(&seed, 6);
        const int one_in = 2 + test_below(&seed, 30);   /* dense: few fit; sparse: most do */
        nq_fitted north = random_cell(&seed, k, one_in), south = random_cell(&seed, m, one_in);
        /* Two bits or none: a choice's queen's diagonals. */
        const uint64_t mark = round % 3 ? 0
                                        : UINT64_C(1) << test_below(&seed, 64) |
                                              UINT64_C(1) << test_below(&seed, 64);
        const size_t room = k * m + NQ_PAIR_SLACK;
        uint64_t *want = malloc(room * sizeof *want), *got = malloc(room * sizeof *got);
        assert_non_null(want);
        assert_non_null(got);
        size_t fits = 0;
        for (size_t i = 0; i < k; i++)
            for (size_t j = 0; j < m; j++)
                if (!(north.pattern[i] & south.pattern[j]) && !(north.pattern[i] & mark) &&
                    !(south.pattern[j] & mark))
                    want[fits++] = north.pattern[i] | south.pattern[j] | mark;
        for (int f = 0; f < fn_count; f++) {
            memset(got, 0xa5, room * sizeof *got);
            assert_int_equal(fns[f]->pair(&north, &south, mark, got), fits);
            if (fits)
                assert_memory_equal(got, want, fits * sizeof *got);
        }
        free(want);
        free(got);
        free_cell(&north);
        free_cell(&south);
    }
}

/* Every start's halves, east and west, on every row set it counts, of boards n = 4 to 15 (odd
 * and even, from the table and from slices): each pairer lists what the portable one does, in
 * the same order, at once and in chunks of the least size a cursor allows. */
static void halves_are_the_same_with_every_pairer(void **state)
{
    (void)state;
    const nq_pairer *fns[3];
    const int fn_count = runnable_pairers(fns);
    for (int n = 4; n <= 15; n++) {
        const int h = n / 2;
        nq_quarter q;
        if (n % 3) {
            assert_int_equal(nq_quarter_count(&q, h), NQ_OK);
            assert_int_equal(nq_quarter_fill(&q), NQ_OK);
        } else {
            assert_int_equal(nq_quarter_layout(&q, h), NQ_OK);
        }
        nq_half_scratch scratch;
        assert_int_equal(nq_half_scratch_init(&scratch, &q, 0), NQ_OK);
        nq_join_start starts[NQ_JOIN_MAX_STARTS];
        const int start_count = nq_join_starts(n, starts);
        nq_patterns want = { 0 }, got = { 0 }, chunk = { .limit = q.largest + 1 };
        for (int s = 0; s < start_count; s++) {
            uint32_t rows;
            for (int more = nq_join_first_rows(&starts[s], h, &rows); more;
                 more = nq_join_next_rows(&starts[s], h, &rows))
                for (int east = 0; east <= 1; east++) {
                    const uint32_t half_rows = east ? rows : starts[s].rows & ~rows;
                    want.count = 0;
                    assert_int_equal(nq_half_patterns(&q, n, &starts[s], east, half_rows, 0, 1,
                                                      &nq_pairer_portable, &scratch, NULL,
                                                      &want),
                                     NQ_OK);
                    for (int f = 1; f < fn_count; f++) {
                        got.count = 0;
                        assert_int_equal(nq_half_patterns(&q, n, &starts[s], east, half_rows, 0,
                                                          1, fns[f], &scratch, NULL, &got),
                                         NQ_OK);
                        assert_int_equal(got.count, want.count);
                        if (want.count)
                            assert_memory_equal(got.at, want.at, want.count * sizeof *got.at);
                    }
                    for (int f = 0; f < fn_count; f++) {
                        size_t at = 0;
                        for (nq_half_cursor cursor = { 0 }; !cursor.done;) {
                            chunk.count = 0;
                            assert_int_equal(nq_half_patterns(&q, n, &starts[s], east, half_rows,
                                                              0, 1, fns[f], &scratch, &cursor,
                                                              &chunk), NQ_OK);
                            assert_true(chunk.count <= q.largest);
                            assert_true(at + chunk.count <= want.count);
                            if (chunk.count)
                                assert_memory_equal(chunk.at, want.at + at,
                                                    chunk.count * sizeof *chunk.at);
                            at += chunk.count;
                        }
                        assert_int_equal(at, want.count);
                    }
                }
        }
        free(want.at);
        free(got.at);
        free(chunk.at);
        nq_half_scratch_free(&scratch);
        nq_quarter_free(&q);
    }
}

/* For boards n = 4 to 15, each start and each half: a placement of the half's north quarter and
 * one of its south quarter, fitted by the half's rules (nq_half_fit_rule), take a diagonal in
 * common exactly when their patterns share a bit. On random placements of the quarter's table,
 * their board diagonals placed here from the quarter's (as worked out below). */
static void patterns_meet_where_the_quarters_do(void **state)
{
    (void)state;
    uint64_t seed = 5;
    for (int n = 4; n <= 15; n++) {
        const int h = n / 2;
        nq_quarter q;
        assert_int_equal(nq_quarter_count(&q, h), NQ_OK);
        assert_int_equal(nq_quarter_fill(&q), NQ_OK);
        nq_join_start starts[NQ_JOIN_MAX_STARTS];
        const int start_count = nq_join_starts(n, starts);
        for (int s = 0; s < start_count; s++)
            for (int col0 = 0; col0 <= n - h; col0 += n - h) {
                uint64_t up[2][100], down[2][100], pattern[2][100 + NQ_PAIR_SLACK];
                for (int side = 0; side < 2; side++) {
                    const int row0 = side ? n - h : 0;
                    /* Placements from random cells of the table, with their queens' squares. */
                    nq_quarter_diags pick[100];
                    for (int i = 0; i < 100;) {
                        const uint32_t rows = (uint32_t)test_below(&seed, 1 << h);
                        const uint32_t cols = (uint32_t)test_below(&seed, 1 << h);
                        const uint32_t cell = rows << h | cols;
                        const uint32_t first = q.start[cell], count = q.start[cell + 1] - first;
                        if (!count)
                            continue;
                        pick[i] = q.diags[first + (uint32_t)test_below(&seed, (int)count)];
                        /* The board diagonals of the queens: the quarter's up diagonal r + c
                         * of a queen on (r, c) is row0 + r + col0 + c on the board, its down
                         * diagonal r - c + h - 1 is row0 + r - col0 - c + n - 1. */
                        up[side][i] = (uint64_t)pick[i].up << (row0 + col0);
                        down[side][i] = (uint64_t)pick[i].down << (row0 + n - h) >> col0;
                        i++;
                    }
                    /* Without the start's diagonals, so that every placement is kept. */
                    nq_fit_rule rule = nq_half_fit_rule(n, &starts[s], row0, col0);
                    rule.taken_up = rule.taken_down = 0;
                    assert_int_equal(nq_fit_portable(pick, 100, &rule, pattern[side]), 100);
                }
                for (int i = 0; i < 100; i++)
                    for (int j = 0; j < 100; j++) {
                        const int meet = ((up[0][i] & up[1][j]) | (down[0][i] & down[1][j])) != 0;
                        assert_int_equal((pattern[0][i] & pattern[1][j]) != 0, meet);
                    }
            }
        nq_quarter_free(&q);
    }
}

/* The kernels follow the CPU limit: the table of the best path the limit allows, its matcher
 * and pairer of that path. */
static void the_kernels_follow_the_limit(void **state)
{
    (void)state;
    const unsigned detected = nq_cpu_detected();
    const unsigned limits[] = { 0, NQ_CPU_POPCNT, NQ_CPU_POPCNT | NQ_CPU_AVX2, NQ_CPU_ALL };
    for (size_t l = 0; l < sizeof limits / sizeof *limits; l++) {
        nq_cpu_limit(limits[l]);
        const unsigned paths = detected & limits[l];
        const nq_join_kernels *want =
            paths & NQ_CPU_AVX512 ? &nq_join_kernels_avx512
            : paths & NQ_CPU_AVX2 ? (nq_cpu_fast_pext() ? &nq_join_kernels_avx2_pext
                                                         : &nq_join_kernels_avx2)
                                  : &nq_join_kernels_portable;
        assert_ptr_equal(nq_join_kernels_best(), want);
    }
    nq_cpu_limit(NQ_CPU_ALL);
    assert_ptr_equal(nq_join_kernels_avx2.match, nq_match_avx2);
    assert_ptr_equal(nq_join_kernels_avx2.pairer, &nq_pairer_avx2);
    assert_ptr_equal(nq_join_kernels_avx2_pext.match, nq_match_avx2);
    assert_ptr_equal(nq_join_kernels_avx2_pext.pairer, &nq_pairer_avx2);
    assert_true(nq_join_kernels_avx2_pext.packs == nq_join_kernels_avx512.packs);
    assert_ptr_equal(nq_join_kernels_avx512.match, nq_match_avx512);
    assert_ptr_equal(nq_join_kernels_avx512.pairer, &nq_pairer_avx512);
    assert_false(nq_join_kernels_portable.packs || nq_join_kernels_avx2.packs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pairers_fit_what_the_portable_one_does),
        cmocka_unit_test(pairers_list_what_the_portable_one_does),
        cmocka_unit_test(halves_are_the_same_with_every_pairer),
        cmocka_unit_test(patterns_meet_where_the_quarters_do),
        cmocka_unit_test(the_kernels_follow_the_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
