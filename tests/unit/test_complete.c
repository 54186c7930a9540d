/*
 * test_complete.c - one completion of a board (nq_complete, nq_find_completion): every
 * completion found is one, "none" agrees with the reference's count, seeds reproduce, limits
 * stop; on big boards, completions pass nq_verify and "none" is checked on boards impossible by
 * construction and, when it is installed, against CaDiCaL.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "find/find.h"
#include "random_board.h"
#include "reference.h"

/* cols[0..n-1] is a completion of b: verified, every placed queen kept, no queen on a bad
 * square. */
static void assert_completes(const nq_board *b, const int32_t *cols)
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

/* nq_find_completion, its byte columns widened to the API's, as nq_complete passes them on. */
static nq_status find_wide(const nq_search *search, const nq_find_limits *limits, int32_t *cols)
{
    int8_t found[NQ_MAX_N];
    nq_status status = nq_find_completion(search, limits, found);
    for (int r = 0; !status && r < search->n; r++)
        cols[r] = found[r];
    return status;
}

/* nq_complete on b, plain and with a few seeds, agrees with the reference: a completion when
 * it counts some, NQ_ERR_NO_SOLUTION when it counts none. */
static void check_against_reference(const nq_board *b)
{
    uint64_t want = ref_count(b);
    for (int k = 0; k < 3; k++) {
        nq_complete_options options = { k > 0, (uint64_t)k * 11, NULL, 1 };
        int32_t cols[NQ_MAX_N];
        nq_status status = nq_complete(b, k ? &options : NULL, cols);
        assert_int_equal(status, want ? NQ_OK : NQ_ERR_NO_SOLUTION);
        if (want)
            assert_completes(b, cols);
    }
}

/* On the portable path (nq_cpu_limit(0)) and on the best this CPU has. */
static void small_boards(void **state)
{
    (void)state;
    for (int path = 0; path < 2; path++) {
        nq_cpu_limit(path ? NQ_CPU_ALL : 0);
        for (int n = 1; n <= 10; n++) {
            nq_board b;
            nq_board_init(&b, n);
            check_against_reference(&b);
        }
        uint64_t seed = 23;
        for (int i = 0; i < 600; i++) {
            nq_board b;
            int n = 1 + test_below(&seed, 12);
            test_random_board(&seed, n, test_below(&seed, 36), test_below(&seed, n / 2 + 2), 0,
                              &b);
            check_against_reference(&b);
        }
    }
}

/* Any masks: a random subset of each row (some rows a single square), against the reference
 * on the board whose bad squares are the squares left out. */
static void arbitrary_masks(void **state)
{
    (void)state;
    uint64_t seed = 99;
    int found = 0, none = 0;
    for (int i = 0; i < 500; i++) {
        int n = 1 + test_below(&seed, 12), density = 40 + test_below(&seed, 60);
        nq_board b;
        nq_board_init(&b, n);
        nq_search search = { .n = n, .full = (UINT64_C(1) << n) - 1 };
        for (int r = 0; r < n; r++) {
            uint64_t allow = 0;
            if (test_below(&seed, 6) == 0)
                allow = UINT64_C(1) << test_below(&seed, n);
            else
                for (int c = 0; c < n; c++)
                    allow |= (uint64_t)(test_below(&seed, 100) < density) << c;
            search.allow[r] = allow;
            b.blocked[r] = search.full & ~allow;
        }
        uint64_t want = ref_count(&b);
        nq_find_limits limits = { (uint64_t)i % 3, 0, { NULL, NULL }, i % 2 };
        int32_t cols[NQ_MAX_N];
        nq_status status = find_wide(&search, &limits, cols);
        assert_int_equal(status, want ? NQ_OK : NQ_ERR_NO_SOLUTION);
        if (want)
            assert_completes(&b, cols);
        found += want > 0, none += want == 0;
    }
    assert_true(found > 50 && none > 50);   /* both answers were put to the test */
}

/* The searches the lead's listing asks about: a compiled board with its top rows fixed by
 * nq_search_place. */
static void fixed_top_rows(void **state)
{
    (void)state;
    uint64_t seed = 5;
    for (int i = 0; i < 300; i++) {
        nq_board b;
        int n = 4 + test_below(&seed, 9);
        test_random_board(&seed, n, test_below(&seed, 20), test_below(&seed, 3), 0, &b);
        nq_search search;
        assert_int_equal(nq_search_compile(&b, &search), NQ_OK);
        for (int r = 0, depth = test_below(&seed, n); r < depth; r++) {
            int c = test_below(&seed, n);
            if (b.queen[r] < 0 && (search.allow[r] >> c & 1) && nq_board_place(&b, r, c) == 0)
                nq_search_place(&search, r, c);
        }
        uint64_t want = ref_count(&b);
        nq_find_limits limits = { 0, 0, { NULL, NULL }, 1 };
        int32_t cols[NQ_MAX_N];
        assert_int_equal(find_wide(&search, &limits, cols),
                         want ? NQ_OK : NQ_ERR_NO_SOLUTION);
        if (want)
            assert_completes(&b, cols);
    }
}

static void seeds_reproduce(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 40);
    int32_t first[NQ_MAX_N], again[NQ_MAX_N], plain[NQ_MAX_N];
    assert_int_equal(nq_complete(&b, NULL, plain), NQ_OK);
    int differ = 0;
    for (uint64_t s = 1; s <= 6; s++) {
        nq_complete_options options = { 1, s, NULL, 1 };
        assert_int_equal(nq_complete(&b, &options, first), NQ_OK);
        assert_int_equal(nq_complete(&b, &options, again), NQ_OK);
        assert_memory_equal(first, again, 40);
        assert_completes(&b, first);
        differ += memcmp(first, plain, 40) != 0;
    }
    assert_true(differ >= 5);   /* random completions, not always the plain one */
    assert_int_equal(nq_complete(&b, NULL, again), NQ_OK);
    assert_memory_equal(plain, again, 40);
}

static void limits_stop(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 60);
    nq_search search;
    nq_search_compile(&b, &search);
    int32_t cols[NQ_MAX_N];
    nq_stop_request stop = 1;
    nq_find_limits limits = { 0, 0, { &stop, NULL }, 1 };
    assert_int_equal(find_wide(&search, &limits, cols), NQ_ERR_STOPPED);
    nq_complete_options options = { 0, 0, &stop, 1 };
    assert_int_equal(nq_complete(&b, &options, cols), NQ_ERR_STOPPED);
    limits = (nq_find_limits){ 7, 1, { NULL, NULL }, 1 };
    assert_int_equal(find_wide(&search, &limits, cols), NQ_ERR_STOPPED);
    stop = 0;
    limits = (nq_find_limits){ 0, 0, { &stop, NULL }, 1 };
    assert_int_equal(find_wide(&search, &limits, cols), NQ_OK);
    assert_completes(&b, cols);
}

static void bad_arguments(void **state)
{
    (void)state;
    nq_board b;
    int32_t cols[NQ_MAX_N];
    nq_board_init(&b, 8);
    assert_int_equal(nq_complete(NULL, NULL, cols), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_complete(&b, NULL, NULL), NQ_ERR_ARGUMENT);
    b.queen[0] = 0, b.queen[1] = 1;   /* a malformed value: two queens attacking */
    assert_int_equal(nq_complete(&b, NULL, cols), NQ_ERR_ATTACK);
    b.n = 65;
    assert_int_equal(nq_complete(&b, NULL, cols), NQ_ERR_SIZE);
    nq_board_init(&b, 3);
    assert_int_equal(nq_complete(&b, NULL, cols), NQ_ERR_NO_SOLUTION);
}

/* Boards up to 64 wide that have completions by construction: a random solution, some of its
 * queens kept, bad squares anywhere but on its squares. */
static void big_boards_with_completions(void **state)
{
    (void)state;
    uint64_t seed = 31;
    for (int i = 0; i < 120; i++) {
        int n = 20 + test_below(&seed, 45), keep = test_below(&seed, 100);
        int percent = test_below(&seed, 25);
        int32_t sol[NQ_MAX_N];
        nq_random_solution((uint32_t)n, test_random(&seed), sol);
        nq_board b;
        nq_board_init(&b, n);
        for (int r = 0; r < n; r++) {
            if (test_below(&seed, 100) < keep)
                nq_board_place(&b, r, sol[r]);
            for (int c = 0; c < n; c++)
                if (c != sol[r] && test_below(&seed, 100) < percent)
                    nq_board_block(&b, r, c);
        }
        nq_complete_options options = { i % 2, (uint64_t)i, NULL, 1 };
        int32_t cols[NQ_MAX_N];
        assert_int_equal(nq_complete(&b, &options, cols), NQ_OK);
        assert_completes(&b, cols);
    }
    for (int n = 4; n <= NQ_MAX_N; n++) {
        nq_board b;
        int32_t cols[NQ_MAX_N];
        nq_board_init(&b, n);
        assert_int_equal(nq_complete(&b, NULL, cols), NQ_OK);
        assert_completes(&b, cols);
    }
}

/* Boards up to 64 wide with no completion by construction, their flaw hidden among random
 * queens and bad squares. */
static void big_boards_without(void **state)
{
    (void)state;
    uint64_t seed = 77;
    int32_t cols[NQ_MAX_N];
    for (int i = 0; i < 60; i++) {
        int n = 20 + test_below(&seed, 45), k = 2 + test_below(&seed, 5);
        nq_board b;
        test_random_board(&seed, n, test_below(&seed, 10), 0, 0, &b);
        /* k + 1 rows share k columns (Hall's condition fails), or a column is all bad. */
        int first = test_below(&seed, n - k), col0 = test_below(&seed, n - k + 1);
        for (int r = first; r <= first + k && i % 3; r++)
            for (int c = 0; c < n; c++)
                if (c < col0 || c >= col0 + k)
                    nq_board_block(&b, r, c);
        for (int r = 0; r < n && i % 3 == 0; r++)
            nq_board_block(&b, r, col0);
        assert_int_equal(nq_complete(&b, NULL, cols), NQ_ERR_NO_SOLUTION);
    }
}

/* Whether the rows open[0..k-1] of b can take the columns free[0..k-1] in some order (tried
 * all k! ways, each checked by nq_verify): the plain answer for a board with k open rows. */
static int permutation_completes(const nq_board *b, const int *open, int *free_cols, int k,
                                 int i)
{
    if (i == k) {
        int32_t cols[NQ_MAX_N];
        nq_conflict conflict;
        for (int r = 0; r < b->n; r++)
            cols[r] = b->queen[r];
        for (int j = 0; j < k; j++) {
            if (b->blocked[open[j]] >> free_cols[j] & 1)
                return 0;
            cols[open[j]] = free_cols[j];
        }
        return nq_verify(cols, (size_t)b->n, &conflict) == NQ_OK;
    }
    for (int j = i; j < k; j++) {
        int t = free_cols[i];
        free_cols[i] = free_cols[j], free_cols[j] = t;
        int yes = permutation_completes(b, open, free_cols, k, i + 1);
        free_cols[j] = free_cols[i], free_cols[i] = t;
        if (yes)
            return 1;
    }
    return 0;
}

/* Big boards whose answer a plain search can give: a random solution's queens in all rows but
 * k <= 6, the squares the solution used in those rows made bad, so that any completion must
 * put those k queens some other way, or there is none (the common case). */
static void big_boards_few_open_rows(void **state)
{
    (void)state;
    uint64_t seed = 41;
    int yes = 0, no = 0;
    for (int i = 0; i < 300; i++) {
        int n = 20 + test_below(&seed, 45), k = 2 + test_below(&seed, 5);
        int32_t sol[NQ_MAX_N];
        nq_random_solution((uint32_t)n, test_random(&seed), sol);
        int open[8], free_cols[8], count = 0;
        uint64_t taken = 0;
        while (count < k) {
            int r = test_below(&seed, n);
            if (!(taken >> r & 1))
                taken |= UINT64_C(1) << r, open[count++] = r;
        }
        nq_board b;
        nq_board_init(&b, n);
        for (int r = 0; r < n; r++)
            if (!(taken >> r & 1))
                nq_board_place(&b, r, sol[r]);
        for (int j = 0; j < k; j++) {
            free_cols[j] = sol[open[j]];
            if (test_below(&seed, 3) == 0)
                nq_board_block(&b, open[j], sol[open[j]]);
        }
        int want = permutation_completes(&b, open, free_cols, k, 0);
        int32_t cols[NQ_MAX_N];
        nq_complete_options options = { i % 2, (uint64_t)i, NULL, 1 };
        assert_int_equal(nq_complete(&b, &options, cols), want ? NQ_OK : NQ_ERR_NO_SOLUTION);
        if (want)
            assert_completes(&b, cols);
        yes += want, no += !want;
    }
    assert_true(yes > 20 && no > 20);
}

/* ---- Against CaDiCaL ------------------------------------------------------------------- */

/* Writes a clause of literals lits[0..k-1] to f, or, f NULL, only counts it in *count. */
static void clause(FILE *f, int *count, const int *lits, int k)
{
    ++*count;
    for (int i = 0; i < k && f; i++)
        fprintf(f, "%d ", lits[i]);
    if (f)
        fprintf(f, "0\n");
}

/* The clauses of b as CNF (variable r * n + c + 1: a queen on (r, c)): a queen in every row
 * and column, at most one per row, column and diagonal, bad squares empty, placed queens set.
 * With f NULL, only counts them. */
static int cnf_clauses(FILE *f, const nq_board *b)
{
    int n = b->n, count = 0, lits[NQ_MAX_N];
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            lits[c] = r * n + c + 1;
        clause(f, &count, lits, n);
        for (int c = 0; c < n; c++)
            lits[c] = c * n + r + 1;
        clause(f, &count, lits, n);
    }
    for (int a = 0; a < n * n; a++)
        for (int z = a + 1; z < n * n; z++) {
            int ra = a / n, ca = a % n, rz = z / n, cz = z % n;
            lits[0] = -(a + 1), lits[1] = -(z + 1);
            if (ra == rz || ca == cz || ra - ca == rz - cz || ra + ca == rz + cz)
                clause(f, &count, lits, 2);
        }
    for (int r = 0; r < n; r++) {
        lits[0] = r * n + b->queen[r] + 1;
        if (b->queen[r] >= 0)
            clause(f, &count, lits, 1);
        for (int c = 0; c < n; c++) {
            lits[0] = -(r * n + c + 1);
            if (b->blocked[r] >> c & 1)
                clause(f, &count, lits, 1);
        }
    }
    return count;
}

static void write_cnf(FILE *f, const nq_board *b)
{
    fprintf(f, "p cnf %d %d\n", b->n * b->n, cnf_clauses(NULL, b));
    cnf_clauses(f, b);
}

/* CaDiCaL's answer for b: 1 a completion exists, 0 none, -1 CaDiCaL failed. */
static int cadical_says(const nq_board *b)
{
    char path[] = "/tmp/nq-complete-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    write_cnf(f, b);
    fclose(f);
    char command[128];
    snprintf(command, sizeof command, "cadical -q -n %s >/dev/null 2>&1", path);
    int code = system(command);
    unlink(path);
    code = WIFEXITED(code) ? WEXITSTATUS(code) : -1;
    return code == 10 ? 1 : code == 20 ? 0 : -1;
}

static void against_cadical(void **state)
{
    (void)state;
    if (system("cadical --version >/dev/null 2>&1") != 0)
        skip();
    uint64_t seed = 3;
    int yes = 0, no = 0;
    for (int i = 0; i < 24; i++) {
        int n = 16 + test_below(&seed, 25), queens = n / 2 + test_below(&seed, n / 3);
        nq_board b;
        /* Random queens without attacks, over half a row's worth: as often no completion as
         * some, not obviously so. */
        test_random_board(&seed, n, test_below(&seed, 6), 0, 0, &b);
        for (int placed = 0, tries = 0; placed < queens && tries < 10000; tries++)
            placed += nq_board_place(&b, test_below(&seed, n), test_below(&seed, n)) == NQ_OK;
        int32_t cols[NQ_MAX_N];
        nq_status status = nq_complete(&b, NULL, cols);
        int want = cadical_says(&b);
        assert_int_not_equal(want, -1);
        assert_int_equal(status, want ? NQ_OK : NQ_ERR_NO_SOLUTION);
        if (want)
            assert_completes(&b, cols);
        yes += want, no += !want;
    }
    /* The lexicographically first placements of the top rows, the questions the first
     * solution's search asks: hard to refute when they cannot be completed. */
    for (int k = 8; k <= 11; k++) {
        nq_board b;
        nq_board_init(&b, 26 + (k % 2) * 2);
        for (int r = 0; r < k; r++)
            for (int c = 0; c < b.n && nq_board_place(&b, r, c) != NQ_OK; c++)
                ;
        int32_t cols[NQ_MAX_N];
        nq_status status = nq_complete(&b, NULL, cols);
        int want = cadical_says(&b);
        assert_int_equal(status, want ? NQ_OK : NQ_ERR_NO_SOLUTION);
        yes += want, no += !want;
    }
    assert_true(yes > 5 && no > 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(small_boards),
        cmocka_unit_test(arbitrary_masks),
        cmocka_unit_test(fixed_top_rows),
        cmocka_unit_test(seeds_reproduce),
        cmocka_unit_test(limits_stop),
        cmocka_unit_test(bad_arguments),
        cmocka_unit_test(big_boards_with_completions),
        cmocka_unit_test(big_boards_without),
        cmocka_unit_test(big_boards_few_open_rows),
        cmocka_unit_test(against_cadical),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
