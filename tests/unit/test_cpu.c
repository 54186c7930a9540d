/*
 * test_cpu.c - the one CPU choice: what it detects against /proc/cpuinfo, the limit that caps
 * it, the engine's kernels that follow it, and counts and listings under every limit against the
 * reference solver.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/base.h"
#include "count/plan.h"
#include "engine/kernels.h"
#include "listing.h"
#include "random_board.h"
#include "reference.h"

/* The limits NQ_CPU names: portable, popcnt, avx2, avx512. */
static const unsigned levels[] = { 0, NQ_CPU_POPCNT, NQ_CPU_POPCNT | NQ_CPU_AVX2, NQ_CPU_ALL };

/* Whether /proc/cpuinfo's first "flags" line lists flag; -1 if there is no such line. */
static int cpuinfo_has(const char *flag)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[8192];
    int found = -1;
    while (f && found < 0 && fgets(line, sizeof line, f))
        if (strncmp(line, "flags", 5) == 0) {
            char word[64];
            snprintf(word, sizeof word, " %s", flag);
            char *at = strstr(line, word);
            found = at && (at[strlen(word)] == ' ' || at[strlen(word)] == '\n');
        }
    if (f)
        fclose(f);
    return found;
}

static void detects_what_the_cpu_has(void **state)
{
    (void)state;
    unsigned want = 0;
    if (NQ_CPU_X86 && cpuinfo_has("popcnt") < 0)
        skip();   /* no /proc/cpuinfo to compare with */
    if (NQ_CPU_X86) {
        want |= cpuinfo_has("popcnt") ? NQ_CPU_POPCNT : 0;
        want |= cpuinfo_has("avx2") && cpuinfo_has("popcnt") ? NQ_CPU_AVX2 : 0;
        want |= cpuinfo_has("avx512f") && cpuinfo_has("avx512bw") && cpuinfo_has("avx512vbmi") &&
                        cpuinfo_has("avx512_vpopcntdq") && cpuinfo_has("popcnt") && cpuinfo_has("bmi2")
                    ? NQ_CPU_AVX512
                    : 0;
    }
    assert_int_equal(nq_cpu_detected(), want);
    assert_int_equal(nq_cpu_detected(), want);   /* asked once, the same answer after */
}

static void the_limit_caps_the_paths(void **state)
{
    (void)state;
    unsigned detected = nq_cpu_detected();
    assert_int_equal(nq_cpu_paths(), detected);   /* no limit by default */
    for (unsigned limit = 0; limit <= NQ_CPU_ALL; limit++) {
        assert_int_equal(nq_cpu_limit(limit), detected & limit);
        assert_int_equal(nq_cpu_paths(), detected & limit);
        assert_int_equal(nq_cpu_detected(), detected);
        assert_int_equal(nq_cpu_uses(NQ_CPU_POPCNT), !!(detected & limit & NQ_CPU_POPCNT));
    }
    assert_int_equal(nq_cpu_limit(~0u), detected);   /* unknown bits are ignored */
}

/* The engine's kernels follow the limit: the table of the best path it allows, each kernel of
 * that path; and a plan keeps the table of the moment it was made. */
static void the_engine_kernels_follow_the_limit(void **state)
{
    (void)state;
    const unsigned detected = nq_cpu_detected();
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        nq_cpu_limit(levels[l]);
        const nq_engine_kernels *want = detected & levels[l] & NQ_CPU_POPCNT
                                            ? &nq_engine_kernels_popcnt
                                            : &nq_engine_kernels_portable;
        assert_ptr_equal(nq_engine_kernels_best(), want);
        nq_board b;
        nq_board_init(&b, 10);
        nq_plan *plan;
        assert_int_equal(nq_plan_create(&b, 0, &plan), NQ_OK);
        nq_cpu_limit(levels[sizeof levels / sizeof levels[0] - 1 - l]);
        assert_ptr_equal(plan->engine_kernels, want);
        nq_plan_free(plan);
    }
    nq_cpu_limit(NQ_CPU_ALL);
    const nq_engine_kernels *p = &nq_engine_kernels_popcnt;
    assert_true(p->count_rows == nq_kernel_count_mrv_popcnt &&
                p->visit_rows == nq_kernel_visit_mrv_popcnt &&
                p->count_lines == nq_kernel_count_lines_popcnt &&
                p->visit_lines == nq_kernel_visit_lines_popcnt &&
                p->count_nodes == nq_kernel_count_nodes_popcnt &&
                p->visit_nodes == nq_kernel_visit_nodes_popcnt &&
                p->half_turn == nq_count_half_turn_popcnt);
}

/* The total of board by method on two threads. */
static uint64_t count_by(const nq_board *b, nq_method method)
{
    nq_plan_options options = { .method = method, .threads = 2 };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(b, &options, &plan), NQ_OK);
    nq_run_options run = { .threads = 2 };
    nq_count_result r;
    assert_int_equal(nq_plan_run(plan, &run, &r), NQ_OK);
    nq_plan_free(plan);
    return r.total.lo;
}

static void every_level_counts_and_lists_alike(void **state)
{
    (void)state;
    uint64_t seed = 14;
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        nq_cpu_limit(levels[l]);
        for (int n = 8; n <= 11; n++) {
            nq_board b;
            nq_board_init(&b, n);
            uint64_t want = ref_count(&b);
            assert_int_equal(count_by(&b, NQ_METHOD_JOIN), want);
            assert_int_equal(count_by(&b, NQ_METHOD_BACKTRACK), want);
        }
        for (int k = 0; k < 20; k++) {
            nq_board b;
            test_random_board(&seed, 6 + test_below(&seed, 6), 15, test_below(&seed, 3), 0, &b);
            assert_int_equal(count_by(&b, NQ_METHOD_BACKTRACK), ref_count(&b));
            size_t want_count;
            int8_t *want = ref_list(&b, 0, &want_count);
            listing got = { 0 };
            assert_int_equal(nq_solve(&b, 0, record_wide, &got), NQ_OK);
            assert_int_equal(got.count, want_count);
            assert_true(!want_count || memcmp(got.cols, want, want_count * (size_t)b.n) == 0);
            free(want);
            free(got.cols);
        }
    }
    nq_cpu_limit(NQ_CPU_ALL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(detects_what_the_cpu_has),
        cmocka_unit_test(the_limit_caps_the_paths),
        cmocka_unit_test(the_engine_kernels_follow_the_limit),
        cmocka_unit_test(every_level_counts_and_lists_alike),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
