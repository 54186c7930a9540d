/*
 * test_join.c - the join counter: every part against a plain reference, the whole against the
 * published counts and against the backtracker, and its plans (units, memory, checkpoints).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "count/plan.h"
#include "join/half.h"
#include "join/join.h"
#include "join/kernels.h"
#include "join/match.h"
#include "join/quarter.h"
#include "join/sieve.h"
#include "random_board.h"
#include "published.h"


/* Under AddressSanitizer (CI's second pass, several times slower) the costliest tests stop at
 * smaller boards: what the sanitizer looks for, memory errors, the same paths show on those,
 * and the plain pass runs the large ones. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#else
#define SANITIZED 0
#endif

/* The total of an empty n x n board by one method, on `threads` threads. */
static uint64_t count_by(int n, nq_method method, int threads)
{
    nq_board b;
    nq_board_init(&b, n);
    nq_plan_options options = { .method = method, .threads = threads };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), method);
    nq_run_options run = { .threads = threads };
    nq_count_result r;
    assert_int_equal(nq_plan_run(plan, &run, &r), NQ_OK);
    assert_int_equal(r.total.hi, 0);
    nq_plan_free(plan);
    return r.total.lo;
}

/* The memory limit under which the join of the empty n x n board makes row slices instead of
 * its table, on `threads` workers: what slices need (asked for with a limit of one byte, which
 * nothing fits, so that the least is stated). */
static uint64_t slices_limit(int n, int threads)
{
    nq_board b;
    nq_board_init(&b, n);
    nq_plan_options options = { .method = NQ_METHOD_JOIN, .threads = threads, .max_memory = 1 };
    uint64_t slices, table;
    assert_int_equal(nq_plan_memory_needed(&b, &options, &slices), NQ_OK);
    options.max_memory = NQ_NO_MEMORY_LIMIT;
    assert_int_equal(nq_plan_memory_needed(&b, &options, &table), NQ_OK);
    assert_true(slices < table);
    return slices;
}

/* The total and unique count of the empty n x n board by the join with row slices (held to
 * slices_limit), on `threads` threads; the plan must not hold the table. */
static nq_count_result count_by_slices(int n, int threads)
{
    nq_board b;
    nq_board_init(&b, n);
    nq_plan_options options = { .method = NQ_METHOD_JOIN, .threads = threads, .unique = 1,
                                .max_memory = slices_limit(n, threads) };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_false(nq_join_has_table(plan->join));
    assert_int_equal(nq_plan_memory(plan), options.max_memory);
    nq_run_options run = { .threads = threads, .unique = 1 };
    nq_count_result r;
    assert_int_equal(nq_plan_run(plan, &run, &r), NQ_OK);
    nq_plan_free(plan);
    return r;
}

/* ---- matchers ----------------------------------------------------------------------------- */

/* The pairer of the kernels a plan takes. */
static const nq_pairer *best_pairer(void)
{
    return nq_join_kernels_best()->pairer;
}

/* The kernel tables this CPU can run, the portable one first: AVX2's both with packing and
 * without wherever the CPU has BMI2, fast or not, so that both are tested on every such CPU. */
static int runnable_kernels(const nq_join_kernels **tables)
{
    int count = 0;
    tables[count++] = &nq_join_kernels_portable;
    if (nq_cpu_detected() & NQ_CPU_AVX2)
        tables[count++] = &nq_join_kernels_avx2;
#if NQ_CPU_X86
    if ((nq_cpu_detected() & NQ_CPU_AVX2) && __builtin_cpu_supports("bmi2"))
        tables[count++] = &nq_join_kernels_avx2_pext;
#endif
    if (nq_cpu_detected() & NQ_CPU_AVX512)
        tables[count++] = &nq_join_kernels_avx512;
    return count;
}

/* A random pattern of `bits` bits, sparse or dense as density (of 8) says. */
static uint64_t random_pattern(uint64_t *seed, int bits, int density)
{
    uint64_t p = 0;
    for (int b = 0; b < bits; b++)
        p |= (uint64_t)(test_below(seed, 8) < density) << b;
    return p;
}

/* Copies values[0..count) to out, spread by ch as the matchers read them. */
static void spread_all(const uint64_t *values, size_t count, nq_chunking ch, uint64_t *out)
{
    for (size_t i = 0; i < count; i++)
        out[i] = nq_spread(values[i], ch);
}

/* Spreading keeps each bit, once, in its chunk's byte: every chunking in bytes; with the most
 * chunks, values stay as they are. */
static void spreading_keeps_every_bit(void **state)
{
    (void)state;
    for (int bits = 0; bits <= 64; bits++) {
        assert_true(nq_match_chunks_least(bits) <= nq_match_chunks_most(bits));
        for (int chunks = nq_match_chunks_least(bits); chunks <= nq_match_chunks_most(bits);
             chunks++) {
            const nq_chunking ch = { bits, chunks };
            if (!nq_chunking_valid(ch))
                continue;
            if (!nq_chunks_in_bytes(ch)) {   /* as they lie */
                const uint64_t x = bits ? UINT64_C(0xfedcba9876543210) >> (64 - bits) : 0;
                assert_int_equal(chunks, nq_match_chunks_most(bits));
                assert_int_equal(nq_spread(x, ch), x);
                continue;
            }
            int at = 0;
            for (int c = 0; c < chunks; c++) {
                const int width = nq_chunk_width(ch, c);
                assert_true(width <= 8);
                for (int b = 0; b < width; b++, at++)
                    assert_int_equal(nq_spread(UINT64_C(1) << at, ch), UINT64_C(1) << (8 * c + b));
            }
            assert_int_equal(at, bits);
        }
    }
}

/* Every matcher against the pairs counted one by one, on random sets of sizes around the
 * 512-pattern blocks, the half blocks of 256 read apart, and the groups of blocks met at once
 * (TABLES of them: two, so 1024), empty sets and zero patterns included, with every chunking of
 * their bits. */
static void matchers_count_disjoint_pairs(void **state)
{
    (void)state;
    static const size_t sizes[] = { 0, 1, 2, 63, 64, 65, 256, 257, 511, 512, 513, 768, 769,
                                    1023, 1024, 1025, 1100, 1280, 1281, 1537, 2047 };
    enum { SIZES = sizeof sizes / sizeof *sizes, MOST = 2047 };
    const nq_join_kernels *tables[4];
    int table_count = runnable_kernels(tables);
    static uint64_t patterns[MOST], items[MOST], spread_patterns[MOST], spread_items[MOST];
    uint64_t seed = 42;
    for (int round = 0; round < 60; round++) {
        int bits = 1 + test_below(&seed, 64);
        if (round % 10 == 9)
            bits = 61 + round / 10 % 4;   /* near 64: 8 chunks of 8 bits, or 7 and 8 */
        size_t np = sizes[test_below(&seed, SIZES)], ni = sizes[test_below(&seed, SIZES)];
        if (round < SIZES)
            np = sizes[round];   /* every pattern count at least once */
        int density = test_below(&seed, 5);
        for (size_t i = 0; i < np; i++)
            patterns[i] = random_pattern(&seed, bits, density);
        for (size_t i = 0; i < ni; i++)
            items[i] = random_pattern(&seed, bits, density);
        /* Three ranges of items with weights 1, 2, 5. */
        nq_match_range ranges[] = { { 0, ni / 3, 1 }, { ni / 3, ni / 2, 2 }, { ni / 2, ni, 5 } };
        nq_match_items it = { items, 3, ranges };
        uint64_t want = 0;
        for (int r = 0; r < 3; r++)
            for (size_t i = it.range[r].first; i < it.range[r].end; i++)
                for (size_t j = 0; j < np; j++)
                    want += it.range[r].weight * !(items[i] & patterns[j]);
        void *table = aligned_alloc(64, nq_match_table_size(bits));
        for (int chunks = nq_match_chunks_least(bits); chunks <= nq_match_chunks_most(bits);
             chunks++) {
            const nq_chunking ch = { bits, chunks };
            if (!nq_chunking_valid(ch))
                continue;
            spread_all(patterns, np, ch, spread_patterns);
            spread_all(items, ni, ch, spread_items);
            it.at = spread_items;
            for (int f = 0; f < table_count; f++)
                assert_int_equal(tables[f]->match(spread_patterns, np, &it, ch, table), want);
        }
        free(table);
    }
}

/* A random pattern of `bits` bits whose bits lo..hi - 1 are taken half the time, the others
 * one time in eight: the sieve cuts the dense ones. */
static uint64_t pattern_dense_in(uint64_t *seed, int bits, int lo, int hi)
{
    uint64_t p = 0;
    for (int b = 0; b < bits; b++)
        p |= (uint64_t)(test_below(seed, 8) < (b >= lo && b < hi ? 4 : 1)) << b;
    return p;
}

/* Which of the two flag bits of w value x takes (none without flags). */
static unsigned flags_of(uint64_t x, const nq_sieve_weights *w)
{
    return w->flags ? (unsigned)((x >> w->flag[0] & 1) | (x >> w->flag[1] & 1) << 1) : 0;
}

/* The weighted pairs of a and b with no bit in common, by the portable matcher with each flag
 * class apart. */
static uint64_t weighted_pairs(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
                               const nq_sieve_weights *w, int bits)
{
    uint64_t sum = 0;
    const int flags = w->flags ? 4 : 1;
    uint64_t *x = malloc((na + 1) * sizeof *x), *y = malloc((nb + 1) * sizeof *y);
    void *table = aligned_alloc(64, nq_match_table_size(bits));
    for (int f = 0; f < flags; f++)
        for (int g = 0; g < flags; g++) {
            size_t nx = 0, ny = 0;
            for (size_t i = 0; i < na; i++)
                if (flags_of(a[i], w) == (unsigned)f)
                    x[nx++] = a[i];
            for (size_t i = 0; i < nb; i++)
                if (flags_of(b[i], w) == (unsigned)g)
                    y[ny++] = b[i];
            const nq_chunking as_they_lie = { bits, nq_match_chunks_most(bits) };
            nq_match_range all = { 0, ny, w->weight[f][g] };
            nq_match_items it = { y, 1, &all };
            sum += nq_match_portable(x, nx, &it, as_they_lie, table);
        }
    free(x);
    free(y);
    free(table);
    return sum;
}

/* The weighted pairs of a and b with no bit in common, for values of at most `bits` <= 22 bits,
 * by sums over subsets: a value of b fits x when it lies within x's complement, so for each
 * flag class, how many values of b lie within each set of bits. */
static uint64_t weighted_pairs_by_subsets(const uint64_t *a, size_t na, const uint64_t *b,
                                          size_t nb, const nq_sieve_weights *w, int bits)
{
    const size_t sets = (size_t)1 << bits;
    uint64_t *within = calloc(4 * sets, sizeof *within), sum = 0;
    assert_non_null(within);
    for (size_t i = 0; i < nb; i++)
        within[flags_of(b[i], w) * sets + b[i]]++;
    for (int g = 0; g < 4; g++)
        for (int bit = 0; bit < bits; bit++)
            for (size_t m = 0; m < sets; m++)
                if (m >> bit & 1)
                    within[g * sets + m] += within[g * sets + (m ^ (size_t)1 << bit)];
    for (size_t i = 0; i < na; i++)
        for (unsigned g = 0; g < 4; g++)
            sum += w->weight[flags_of(a[i], w)][g] * within[g * sets + (~a[i] & (sets - 1))];
    free(within);
    return sum;
}

/* The portable matcher, with each flag class apart, against the pairs counted one by one, so
 * that the sieve's test below rests on something plain. */
static void weighted_pairs_are_counted_pairs(void **state)
{
    (void)state;
    uint64_t seed = 3, a[300], b[200];
    for (int round = 0; round < 20; round++) {
        int bits = 4 + test_below(&seed, 61);
        nq_sieve_weights w = { round % 2 ? 2 : 0,
                               { test_below(&seed, bits), test_below(&seed, bits) }, { { 0 } } };
        for (int f = 0; f < 4; f++)
            for (int g = 0; g < 4; g++)
                w.weight[f][g] = (unsigned)test_below(&seed, 4);
        for (size_t i = 0; i < 300; i++)
            a[i] = random_pattern(&seed, bits, 1 + round % 3);
        for (size_t i = 0; i < 200; i++)
            b[i] = random_pattern(&seed, bits, 1 + round % 3);
        uint64_t want = 0;
        for (size_t i = 0; i < 300; i++)
            for (size_t j = 0; j < 200; j++) {
                want += !(a[i] & b[j]) * w.weight[flags_of(a[i], &w)][flags_of(b[j], &w)];
            }
        assert_int_equal(weighted_pairs(a, 300, b, 200, &w, bits), want);
    }
}

/* The weighted pairs the sieve counts with kernels k, in a scratch of its own; into *depth
 * (unless NULL) the cut bits it sorted by. */
static uint64_t sieved_pairs(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
                             const nq_sieve_weights *w, int bits, const nq_join_kernels *k,
                             void *table, int *depth)
{
    nq_sieve_scratch scratch;
    memset(&scratch, 0, sizeof scratch);
    uint64_t sieved;
    assert_int_equal(nq_sieve_match(a, na, b, nb, 0, w, bits, k, table, &scratch, &sieved), NQ_OK);
    if (depth)
        *depth = scratch.depth;
    nq_sieve_scratch_free(&scratch);
    return sieved;
}

/* Lists of millions, as the symmetric start's at N = 24, are cut 12 to 14 bits deep: the sieve,
 * with every matcher, still counts what sums over subsets count (themselves checked against
 * the portable matcher on a part of the lists): without flags, bits packed by PEXT where the
 * CPU has it; with flags, the cut bits squeezed out by shifts. */
static void sieve_cuts_long_lists_deep(void **state)
{
    (void)state;
    enum { PATTERNS = 256 << 14, ITEMS = 400000, BITS = 22, LO = 4, CUTS = 14 };
    uint64_t seed = 11;
    uint64_t *a = malloc(PATTERNS * sizeof *a), *b = malloc(ITEMS * sizeof *b);
    assert_true(a && b);
    const nq_join_kernels *tables[4];
    int table_count = runnable_kernels(tables);
    for (int round = 0; round < 2; round++) {
        for (size_t i = 0; i < PATTERNS; i++)
            a[i] = pattern_dense_in(&seed, BITS, LO, LO + CUTS);
        for (size_t i = 0; i < ITEMS; i++)
            b[i] = pattern_dense_in(&seed, BITS, LO, LO + CUTS);
        nq_sieve_weights w = { round ? 2 : 0, { 1, BITS - 1 }, { { 0 } } };
        for (int f = 0; f < 4; f++)
            for (int g = 0; g < 4; g++)
                w.weight[f][g] = round ? 1 + (unsigned)test_below(&seed, 4) : !f && !g;
        assert_int_equal(weighted_pairs_by_subsets(a, 20000, b, 3000, &w, BITS),
                         weighted_pairs(a, 20000, b, 3000, &w, BITS));
        const uint64_t want = weighted_pairs_by_subsets(a, PATTERNS, b, ITEMS, &w, BITS);
        void *table = aligned_alloc(64, nq_match_table_size(BITS));
        nq_cpu_limit(round ? NQ_CPU_POPCNT | NQ_CPU_AVX2 : NQ_CPU_ALL);
        for (int f = 0; f < table_count; f++) {
            int depth;
            assert_int_equal(
                sieved_pairs(a, PATTERNS, b, ITEMS, &w, BITS, tables[f], table, &depth), want);
            assert_true(depth >= 12);   /* 14 without flags, 12 with */
        }
        nq_cpu_limit(NQ_CPU_ALL);
        free(table);
    }
    free(a);
    free(b);
}

/* A list b matched again (the west half of a row set's next part, from n = 26): what the sieve
 * kept of it serves, and the count is the one a fresh scratch gives, with every matcher, with
 * and without flags; also when the other list grows past b (b then the items, nothing sorted
 * kept) or shrinks to a few sparse values (another plan, b sorted anew), and b's signatures stay
 * where they are while the other list's grow past the room they had. */
static void sieve_matches_a_list_again(void **state)
{
    (void)state;
    enum { BITS = 22, LO = 3, LONG = 200000, MOST = 300000 };
    static const size_t lengths[] = { 20000, 23000, 26000, MOST, 25000, 2000, 24000 };
    enum { LENGTHS = sizeof lengths / sizeof *lengths };
    uint64_t seed = 19;
    uint64_t *a = malloc(MOST * sizeof *a), *b = malloc(LONG * sizeof *b);
    assert_true(a && b);
    for (size_t i = 0; i < LONG; i++)
        b[i] = pattern_dense_in(&seed, BITS, LO, LO + 10);
    const nq_join_kernels *tables[4];
    const int table_count = runnable_kernels(tables);
    void *table = aligned_alloc(64, nq_match_table_size(BITS));
    for (int round = 0; round < 2; round++) {
        nq_sieve_weights w = { round ? 2 : 0, { 0, BITS - 1 }, { { 0 } } };
        for (int f = 0; f < 4; f++)
            for (int g = 0; g < 4; g++)
                w.weight[f][g] = round ? 1 + (unsigned)test_below(&seed, 4) : !f && !g;
        for (int f = 0; f < table_count; f++) {
            nq_sieve_scratch scratch;
            memset(&scratch, 0, sizeof scratch);
            int again = 0;
            for (int k = 0; k < LENGTHS; k++) {
                for (size_t i = 0; i < lengths[k]; i++)   /* the few sparse: another plan */
                    a[i] = lengths[k] < 5000 ? random_pattern(&seed, BITS, 1)
                                             : pattern_dense_in(&seed, BITS, LO, LO + 10);
                uint64_t got;
                assert_int_equal(nq_sieve_match(a, lengths[k], b, LONG, k > 0, &w, BITS,
                                                tables[f], table, &scratch, &got),
                                 NQ_OK);
                assert_int_equal(got,
                                 sieved_pairs(a, lengths[k], b, LONG, &w, BITS, tables[f],
                                              table, NULL));
                assert_int_equal(got, weighted_pairs_by_subsets(a, lengths[k], b, LONG, &w,
                                                                BITS));
                if (lengths[k] > LONG || (k > 0 && lengths[k - 1] > LONG))
                    assert_false(scratch.again);    /* b was not the patterns before or now */
                again += scratch.again;
            }
            assert_true(again >= 2);
            nq_sieve_scratch_free(&scratch);
        }
    }
    free(table);
    free(a);
    free(b);
}

/* The sieve, with every matcher, gives what the portable matcher gives, from no cut bits (few
 * values) to all ten; either list the longer (so either is the patterns); the cut bits
 * squeezed out of the middle of the values, their top (up to bit 63) and their bottom; with
 * and without flags, weights zero or not, flags inside the cut bits or apart from them; bits
 * that one list never takes (flags among them) packed out of both by PEXT and, with AVX-512
 * limited away, kept. */
static void sieve_counts_what_the_matcher_does(void **state)
{
    (void)state;
    static const size_t sizes[] = { 0, 100, 2047, 2048, 5000, 70000, 140000 };
    enum { SIZES = sizeof sizes / sizeof *sizes, MOST = 600000 };
    uint64_t seed = 7;
    uint64_t *a = malloc(MOST * sizeof *a), *b = malloc(MOST * sizeof *b);
    const nq_join_kernels *tables[4];
    int table_count = runnable_kernels(tables);
    for (int round = 0; round < 26; round++) {
        /* Rounds 16 to 23: 7 cuts (40000 values) and 8 (140000), on as many dense bits at the
         * top of 64 and at the bottom of 44; rounds 24 and 25: 10 cuts (600000 values). */
        const int dense = round >= 16;
        int bits = !dense ? 20 + test_below(&seed, 45) : round < 20 ? 64 : 44;
        size_t na = !dense      ? sizes[round % SIZES]
                    : round >= 24 ? 600000
                    : round % 2   ? 140000
                                  : 40000;
        size_t nb = !dense ? sizes[test_below(&seed, SIZES)] : 600;
        if (round % 4 >= 2) {   /* b the longer */
            size_t t = na;
            na = nb;
            nb = t;
        }
        int cuts = round >= 24 ? 10 : 7 + round % 2, lo = round < 20 ? bits - cuts : 0;
        for (size_t i = 0; i < na; i++)
            a[i] = !dense ? random_pattern(&seed, bits, 1 + round % 3)
                          : pattern_dense_in(&seed, bits, lo, lo + cuts);
        for (size_t i = 0; i < nb; i++)
            b[i] = !dense ? random_pattern(&seed, bits, 1 + round % 3)
                          : pattern_dense_in(&seed, bits, lo, lo + cuts);
        if (round % 3 == 1) {   /* about one bit in four never taken by a, as many by b */
            const uint64_t never_a = random_pattern(&seed, 64, 2);
            const uint64_t never_b = random_pattern(&seed, 64, 2);
            for (size_t i = 0; i < na; i++)
                a[i] &= ~never_a;
            for (size_t i = 0; i < nb; i++)
                b[i] &= ~never_b;
        }
        /* Flags in every other round: the join's weights, or random ones with zeros. */
        nq_sieve_weights w = { round % 2 ? 0 : 2, { 0, 0 }, { { 0 } } };
        w.flag[0] = test_below(&seed, bits);
        w.flag[1] = round % 4 == 0 ? lo + 1 : test_below(&seed, bits);
        for (int f = 0; f < 4; f++)
            for (int g = 0; g < 4; g++)
                w.weight[f][g] = round % 3 ? (unsigned)test_below(&seed, 5)
                                           : (f ? 0 : 1u << __builtin_popcount((unsigned)g)) +
                                                 (g ? 0 : 1u << __builtin_popcount((unsigned)f));
        const uint64_t want = weighted_pairs(a, na, b, nb, &w, bits);
        void *table = aligned_alloc(64, nq_match_table_size(bits));
        for (int f = 0; f < table_count; f++)
            for (int packs = 0; packs < 2; packs++) {
                nq_cpu_limit(packs ? NQ_CPU_ALL : NQ_CPU_POPCNT | NQ_CPU_AVX2);
                assert_int_equal(sieved_pairs(a, na, b, nb, &w, bits, tables[f], table, NULL),
                                 want);
            }
        nq_cpu_limit(NQ_CPU_ALL);
        free(table);
    }
    free(a);
    free(b);
}

/* ---- quarters and halves ------------------------------------------------------------------ */

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* A quarter placement as one number: its cell, then its diagonals. */
static uint64_t placement_key(size_t cell, uint32_t up, uint32_t down)
{
    return (uint64_t)cell << 40 | (uint64_t)up << 20 | down;
}

/* The quarter table against brute force: every assignment of a column or none to each row, the
 * ones with no two queens attacking kept; the same placements in the same cells, as often. */
static void quarter_lists_every_placement(void **state)
{
    (void)state;
    for (int h = 1; h <= 6; h++) {
        nq_quarter q;
        assert_int_equal(nq_quarter_count(&q, h), NQ_OK);
        assert_int_equal(nq_quarter_fill(&q), NQ_OK);
        const size_t side = (size_t)1 << h;
        size_t assignments = 1, seen = 0;
        for (int r = 0; r < h; r++)
            assignments *= (size_t)h + 1;
        uint64_t *want = malloc(assignments * sizeof *want), *got = malloc(q.count * sizeof *got);
        for (size_t a = 0; a < assignments; a++) {
            uint32_t rows = 0, cols = 0, up = 0, down = 0;
            int ok = 1;
            for (size_t x = a, r = 0; r < (size_t)h; r++, x /= (size_t)h + 1) {
                int c = (int)(x % ((size_t)h + 1)) - 1;
                if (c < 0)
                    continue;
                uint32_t u = 1u << (r + (size_t)c), d = 1u << (r - (size_t)c + (size_t)h - 1);
                ok &= !(cols >> c & 1) && !(up & u) && !(down & d);
                rows |= 1u << r, cols |= 1u << c, up |= u, down |= d;
            }
            if (ok)
                want[seen++] = placement_key(rows * side + cols, up, down);
        }
        assert_int_equal(q.count, seen);
        for (size_t cell = 0, k = 0; cell < side * side; cell++)
            for (uint32_t i = q.start[cell]; i < q.start[cell + 1]; i++)
                got[k++] = placement_key(cell, q.diags[i].up, q.diags[i].down);
        qsort(want, seen, sizeof *want, compare_u64);
        qsort(got, seen, sizeof *got, compare_u64);
        assert_memory_equal(want, got, seen * sizeof *got);
        free(want);
        free(got);
        nq_quarter_free(&q);
    }
}

/* The tabulated figures are the table's, recounted. */
static void quarter_figures_are_the_tables(void **state)
{
    (void)state;
    for (int h = 1; h <= 10; h++) {
        nq_quarter table, figures;
        assert_int_equal(nq_quarter_count(&table, h), NQ_OK);
        assert_int_equal(nq_quarter_layout(&figures, h), NQ_OK);
        assert_null(figures.start);
        assert_int_equal(figures.count, table.count);
        assert_int_equal(figures.largest, table.largest);
        assert_int_equal(figures.row_most, table.row_most);
        assert_int_equal(figures.half_bound, table.half_bound);
        assert_memory_equal(figures.subsets, table.subsets, ((size_t)1 << h) * sizeof *table.subsets);
        nq_quarter_free(&table);
        nq_quarter_free(&figures);
    }
    nq_quarter q;
    assert_int_equal(nq_quarter_layout(&q, NQ_QUARTER_MAX_H + 1), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_quarter_count(&q, NQ_QUARTER_TABLE_MAX_H + 1), NQ_ERR_ARGUMENT);
}

/* The join's offsets into placements are 32-bit: the table's (start, absolute in the whole
 * table) up to the largest side kept as a table, and a row slice's and a kept row's (relative to
 * the row set, with a pairer's slack past them) at every side, to h = 14 for n = 28. The
 * tabulated figures must keep them below 2^32: h = 13's table, at 6.35e9 placements, would not. A
 * half's patterns are not counted in 32 bits (at h = 14 its bound is 2.7e9, near the limit): they
 * come in chunks. */
static void offsets_fit_in_32_bits(void **state)
{
    (void)state;
    for (int h = 1; h <= NQ_QUARTER_MAX_H; h++) {
        nq_quarter q;
        assert_int_equal(nq_quarter_layout(&q, h), NQ_OK);
        assert_true(q.row_most + NQ_PAIR_SLACK < UINT32_MAX);
        if (h <= NQ_QUARTER_TABLE_MAX_H)
            assert_true(q.count < UINT32_MAX);
        else if (h == NQ_QUARTER_TABLE_MAX_H + 1)
            assert_true(q.count > UINT32_MAX);   /* why the table stops where it does */
        nq_quarter_free(&q);
    }
}

/* Figures measured row set by row set without a table (as the tabulated ones past the table's
 * sides were: bench/quarter_figures) are the table's, in two ranges merged as threads merge
 * them; and the tabulated ones are what the measure gives, up to a side a test affords. */
static void measured_figures_are_the_tables(void **state)
{
    (void)state;
    for (int h = 1; h <= 11; h++) {
        nq_quarter table;
        const uint32_t side = 1u << h, half = side / 2;
        nq_quarter_figures low = { 0, 0, 0 }, high = { 0, 0, 0 };
        uint64_t *most = calloc(side, sizeof *most), *most_high = calloc(side, sizeof *most);
        assert_non_null(most);
        assert_non_null(most_high);
        assert_int_equal(nq_quarter_measure(h, 0, half, &low, most), NQ_OK);
        assert_int_equal(nq_quarter_measure(h, half, side, &high, most_high), NQ_OK);
        for (uint32_t c = 0; c < side; c++)
            most[c] = most_high[c] > most[c] ? most_high[c] : most[c];
        if (h <= 9) {
            assert_int_equal(nq_quarter_count(&table, h), NQ_OK);
        } else {
            assert_int_equal(nq_quarter_layout(&table, h), NQ_OK);
        }
        assert_int_equal(low.count + high.count, table.count);
        assert_int_equal(low.largest > high.largest ? low.largest : high.largest, table.largest);
        assert_int_equal(low.row_most > high.row_most ? low.row_most : high.row_most,
                         table.row_most);
        assert_int_equal(nq_quarter_bound_of(h, most), table.half_bound);
        free(most);
        free(most_high);
        nq_quarter_free(&table);
    }
    nq_quarter_figures f = { 0, 0, 0 };
    uint64_t most[2] = { 0 };
    assert_int_equal(nq_quarter_measure(1, 0, 3, &f, most), NQ_ERR_ARGUMENT);
    assert_int_equal(nq_quarter_measure(NQ_QUARTER_MEASURE_MAX_H + 1, 0, 0, &f, most),
                     NQ_ERR_ARGUMENT);
}

/* Each row slice holds its row set's part of the table, cell by cell, in the same order, and
 * a slice is made again only for another row set. */
static void slices_are_the_tables_rows(void **state)
{
    (void)state;
    for (int h = 1; h <= 8; h++) {
        nq_quarter table, figures;
        assert_int_equal(nq_quarter_count(&table, h), NQ_OK);
        assert_int_equal(nq_quarter_fill(&table), NQ_OK);
        assert_int_equal(nq_quarter_layout(&figures, h), NQ_OK);
        nq_quarter_slice slice;
        assert_int_equal(nq_quarter_slice_init(&slice, &figures), NQ_OK);
        const uint32_t side = 1u << h;
        for (uint32_t rows = 0; rows < side; rows++) {
            assert_int_equal(nq_quarter_slice_fill(&slice, &figures, rows), NQ_OK);
            assert_int_equal(slice.rows, rows);
            const uint32_t base = table.start[(size_t)rows * side];
            for (uint32_t cols = 0; cols <= side; cols++)
                assert_int_equal(slice.start[cols], table.start[(size_t)rows * side + cols] - base);
            if (slice.start[side])
                assert_memory_equal(slice.diags, table.diags + base,
                                    slice.start[side] * sizeof *slice.diags);
        }
        /* Asked again for the row set it holds, it keeps it (a marked entry survives). */
        slice.diags[0].up = 0xdead;
        assert_int_equal(nq_quarter_slice_fill(&slice, &figures, side - 1), NQ_OK);
        assert_int_equal(slice.diags[0].up, 0xdead);
        /* Figures too small for a slice are caught, not overrun: the cell, then the slice. */
        if (h >= 4) {
            uint32_t big = 0;   /* a row set holding a cell of the largest size */
            for (size_t cell = 0; cell < (size_t)side * side; cell++)
                if (table.start[cell + 1] - table.start[cell] == table.largest)
                    big = (uint32_t)(cell / side);
            assert_int_equal(nq_quarter_slice_fill(&slice, &figures, 0), NQ_OK);   /* not big */
            figures.largest--;
            assert_int_equal(nq_quarter_slice_fill(&slice, &figures, big), NQ_ERR_ARGUMENT);
            figures.largest++;
            slice.capacity = 1;
            assert_int_equal(nq_quarter_slice_fill(&slice, &figures, big), NQ_ERR_ARGUMENT);
            assert_int_equal(slice.rows, UINT32_MAX);
        }
        nq_quarter_slice_free(&slice);
        nq_quarter_free(&table);
        nq_quarter_free(&figures);
    }
}

/* Scratch for listing halves from q, keeping the cells of one set of north rows (cut nonzero,
 * as where row sets are cut into parts) or of a block of them. */
static nq_half_scratch cell_scratch_keeping(const nq_quarter *q, int cut)
{
    nq_half_scratch s;
    assert_int_equal(nq_half_scratch_init(&s, q, cut), NQ_OK);
    assert_int_equal(s.north_kept, cut ? 1 : NQ_JOIN_NORTH_BLOCK);
    return s;
}

static nq_half_scratch cell_scratch(const nq_quarter *q)
{
    return cell_scratch_keeping(q, 0);
}

static void cell_scratch_free(nq_half_scratch *s)
{
    nq_half_scratch_free(s);
}

/* The quarter of side h, with its table (table nonzero) or its figures only. */
static nq_quarter quarter_of(int h, int table)
{
    nq_quarter q;
    if (table) {
        assert_int_equal(nq_quarter_count(&q, h), NQ_OK);
        assert_int_equal(nq_quarter_fill(&q), NQ_OK);
    } else {
        assert_int_equal(nq_quarter_layout(&q, h), NQ_OK);
    }
    return q;
}

/* The reference half: queens on the half's free columns, one per row of `rows` (board rows),
 * none attacking another or the start's queens, found by trying every column for each row;
 * the pattern of each is the diagonals its own queens take where the halves meet. */
static void reference_half(int n, const nq_join_start *st, uint64_t board_rows, uint64_t cols,
                           uint64_t up, uint64_t down, int row, nq_patterns *out)
{
    const int h = n / 2, lo = n - h, width = 2 * h - 1;
    if (row == n) {
        const uint64_t mask = (UINT64_C(1) << width) - 1;
        up &= ~st->up, down &= ~st->down;
        out->at[out->count++] = (up >> lo & mask) | (down >> lo & mask) << width;
        return;
    }
    if (!(board_rows >> row & 1)) {
        reference_half(n, st, board_rows, cols, up, down, row + 1, out);
        return;
    }
    for (int c = 0; c < n; c++) {
        uint64_t u = UINT64_C(1) << (row + c), d = UINT64_C(1) << (row - c + n - 1);
        if ((cols >> c & 1) && !(up & u) && !(down & d))
            reference_half(n, st, board_rows, cols & ~(UINT64_C(1) << c), up | u, down | d,
                           row + 1, out);
    }
}

/* The board rows of a start's rows: its north rows, then its south ones from n - h. */
static uint64_t board_rows_of(int n, uint32_t rows)
{
    const int h = n / 2;
    return (rows & ((1u << h) - 1)) | (uint64_t)(rows >> h) << (n - h);
}

/* Sorts both lists and compares them. */
static void assert_same_patterns(nq_patterns *got, nq_patterns *want)
{
    assert_int_equal(got->count, want->count);
    if (!got->count)
        return;
    qsort(got->at, got->count, sizeof *got->at, compare_u64);
    qsort(want->at, want->count, sizeof *want->at, compare_u64);
    assert_memory_equal(got->at, want->at, got->count * sizeof *got->at);
}

/* Every start's halves, east and west, on every row set of small boards, against the
 * reference: the same patterns, as many times each (with the portable pairer, which the others
 * match pattern for pattern: test_join_pair.c). */
static void halves_match_the_reference(void **state)
{
    (void)state;
    for (int layout = 0; layout < 3; layout++)
    for (int n = 4; n <= 9; n++) {
        /* From the table, then from slices, keeping a block of north rows' cells and then one
         * (as from n = 26, where row sets are cut). */
        const int h = n / 2;
        nq_quarter q = quarter_of(h, layout == 0);
        nq_join_start starts[NQ_JOIN_MAX_STARTS];
        int start_count = nq_join_starts(n, starts);
        nq_half_scratch scratch = cell_scratch_keeping(&q, layout == 2);
        nq_patterns got = { 0 }, want = { malloc(1 << 16), 0, 1 << 13, 0 };
        for (int s = 0; s < start_count; s++) {
            const nq_join_start *st = &starts[s];
            if (st->choices)
                continue;   /* choices_list_each_choice_marked */
            for (uint32_t rows = 0; rows < (1u << 2 * h); rows++) {
                if ((rows & ~st->rows) != 0)
                    continue;
                for (int east = 0; east <= 1; east++) {
                    const uint64_t board_rows = board_rows_of(n, rows);
                    uint64_t cols = (uint64_t)(east ? st->east : st->west) << (east ? n - h : 0);
                    if (__builtin_popcount(rows) != __builtin_popcount(east ? st->east : st->west))
                        continue;
                    got.count = want.count = 0;
                    assert_int_equal(nq_half_patterns(&q, n, st, east, rows, 0, 1,
                                                      &nq_pairer_portable, &scratch, NULL, &got),
                                     NQ_OK);
                    reference_half(n, st, board_rows, cols, st->up, st->down, 0, &want);
                    assert_same_patterns(&got, &want);
                }
            }
        }
        cell_scratch_free(&scratch);
        free(got.at);
        free(want.at);
        nq_quarter_free(&q);
    }
}

/* The bits of a queen on board square (row, col) in a pattern: its diagonals where the halves
 * meet (both lie there for a choice's row queen). */
static uint64_t queen_pattern(int n, int row, int col)
{
    const int h = n / 2, lo = n - h, width = 2 * h - 1;
    const int up = row + col - lo, down = row - col + n - 1 - lo;
    assert_true(up >= 0 && up < width && down >= 0 && down < width);
    return UINT64_C(1) << up | UINT64_C(1) << (width + down);
}

/* A start with choices, on every row set of odd boards n = 5 to 11 with every run of two or
 * more choices: its east halves are the reference's of each choice's start (the row queen
 * placed), each with that queen's diagonals set; its west halves the reference's without the
 * row queen. From the table and from slices, whole and in parts. */
static void choices_list_each_choice_marked(void **state)
{
    (void)state;
    for (int layout = 0; layout < 2; layout++)
    for (int n = 5; n <= 11; n += 2) {
        const int h = n / 2;
        nq_quarter q = quarter_of(h, layout == 0);
        nq_join_start starts[NQ_JOIN_MAX_STARTS];
        const int start_count = nq_join_starts_choosing(n, 2, starts);
        int with_choices = 0;
        nq_half_scratch scratch = cell_scratch(&q);
        nq_patterns got = { 0 }, want = { malloc(1 << 17), 0, 1 << 14, 0 };
        for (int s = 0; s < start_count; s++) {
            const nq_join_start *st = &starts[s];
            if (!st->choices)
                continue;
            with_choices++;
            assert_int_equal(st->queens, 1);
            uint32_t rows;
            for (int more = nq_join_first_rows(st, h, &rows); more;
                 more = nq_join_next_rows(st, h, &rows)) {
                const uint32_t west_rows = st->rows & ~rows;
                const uint64_t east_board = board_rows_of(n, rows);
                const uint64_t west_board = board_rows_of(n, west_rows);
                got.count = want.count = 0;
                const unsigned parts = 1 + (rows % 3);
                for (unsigned p = 0; p < parts; p++)
                    assert_int_equal(nq_half_patterns(&q, n, st, 1, rows, p, parts,
                                                      &nq_pairer_portable, &scratch, NULL, &got),
                                     NQ_OK);
                for (int c = 0; c < h; c++) {
                    if (!(st->choices >> c & 1))
                        continue;
                    /* The choice's start: the row queen on (h, n - h + c) placed. */
                    nq_join_start one = *st;
                    one.choices = 0;
                    one.east &= ~(1u << c);
                    one.up |= UINT64_C(1) << (h + n - h + c);
                    one.down |= UINT64_C(1) << (h - (n - h + c) + n - 1);
                    const size_t from = want.count;
                    reference_half(n, &one, east_board, (uint64_t)one.east << (n - h), one.up,
                                   one.down, 0, &want);
                    for (size_t i = from; i < want.count; i++)
                        want.at[i] |= queen_pattern(n, h, n - h + c);
                }
                assert_same_patterns(&got, &want);
                got.count = want.count = 0;
                assert_int_equal(nq_half_patterns(&q, n, st, 0, west_rows, 0, 1,
                                                  &nq_pairer_portable, &scratch, NULL, &got),
                                 NQ_OK);
                reference_half(n, st, west_board, st->west, st->up, st->down, 0, &want);
                assert_same_patterns(&got, &want);
            }
        }
        assert_int_equal(with_choices, h - 2);   /* b = 3 .. h, one start each */
        cell_scratch_free(&scratch);
        free(got.at);
        free(want.at);
        nq_quarter_free(&q);
    }
}

/* The pairs a start with choices counts on each row set (its east halves against its west ones,
 * pair by pair) are those its choices' starts count apart, summed: odd n = 5 to 13, every
 * number of choices. */
static void choices_count_what_their_starts_do(void **state)
{
    (void)state;
    for (int n = 5; n <= 13; n += 2) {
        const int h = n / 2;
        nq_quarter q = quarter_of(h, 1);
        nq_join_start apart[NQ_JOIN_MAX_STARTS], merged[NQ_JOIN_MAX_STARTS];
        const int apart_count = nq_join_starts_choosing(n, h + 1, apart);
        const int merged_count = nq_join_starts_choosing(n, 2, merged);
        nq_half_scratch scratch = cell_scratch(&q);
        nq_patterns east = { 0 }, west = { 0 };
        uint64_t pairs[2] = { 0, 0 };
        for (int way = 0; way < 2; way++) {
            const nq_join_start *starts = way ? merged : apart;
            for (int s = 0; s < (way ? merged_count : apart_count); s++) {
                if (starts[s].symmetric)
                    continue;   /* the centre start: the same either way */
                assert_int_equal(starts[s].weight, 8);
                uint32_t rows;
                for (int more = nq_join_first_rows(&starts[s], h, &rows); more;
                     more = nq_join_next_rows(&starts[s], h, &rows)) {
                    east.count = west.count = 0;
                    assert_int_equal(nq_half_patterns(&q, n, &starts[s], 1, rows, 0, 1,
                                                      best_pairer(), &scratch, NULL, &east),
                                     NQ_OK);
                    assert_int_equal(nq_half_patterns(&q, n, &starts[s], 0,
                                                      starts[s].rows & ~rows, 0, 1,
                                                      best_pairer(), &scratch, NULL, &west),
                                     NQ_OK);
                    for (size_t i = 0; i < east.count; i++)
                        for (size_t j = 0; j < west.count; j++)
                            pairs[way] += !(east.at[i] & west.at[j]);
                }
            }
        }
        assert_true(merged_count < apart_count || n < 7);
        assert_true(pairs[0] > 0);
        assert_int_equal(pairs[1], pairs[0]);
        cell_scratch_free(&scratch);
        free(east.at);
        free(west.at);
        nq_quarter_free(&q);
    }
}

/* The parts of a half (every parts-th share of its columns) together are the half; listed in
 * chunks, a part is the same as listed at once. */
static void half_parts_partition_the_half(void **state)
{
    (void)state;
    const nq_pairer *pair = best_pairer();
    for (int n = 6; n <= 11; n++) {
        nq_quarter q;
        assert_int_equal(nq_quarter_layout(&q, n / 2), NQ_OK);
        nq_half_scratch scratch = cell_scratch(&q);
        nq_join_start starts[NQ_JOIN_MAX_STARTS];
        const int start_count = nq_join_starts(n, starts);
        nq_patterns whole = { 0 }, parts = { 0 };
        for (int s = 0; s < start_count; s++) {
            uint32_t rows;
            for (int more = nq_join_first_rows(&starts[s], n / 2, &rows); more;
                 more = nq_join_next_rows(&starts[s], n / 2, &rows)) {
                whole.count = parts.count = 0;
                assert_int_equal(nq_half_patterns(&q, n, &starts[s], 1, rows, 0, 1, pair, &scratch,
                                                  NULL, &whole), NQ_OK);
                for (unsigned p = 0; p < 3; p++)
                    assert_int_equal(nq_half_patterns(&q, n, &starts[s], 1, rows, p, 3, pair,
                                                      &scratch, NULL, &parts), NQ_OK);
                assert_int_equal(parts.count, whole.count);
                /* Part 1 in chunks of at most the largest cell's size: part 1, in order. */
                nq_patterns one = { 0 }, chunk = { 0 };
                assert_int_equal(nq_half_patterns(&q, n, &starts[s], 1, rows, 1, 3, pair, &scratch,
                                                  NULL, &one), NQ_OK);
                chunk.limit = q.largest + 1;
                size_t at = 0;
                for (nq_half_cursor cursor = { 0 }; !cursor.done;) {
                    chunk.count = 0;
                    assert_int_equal(nq_half_patterns(&q, n, &starts[s], 1, rows, 1, 3, pair,
                                                      &scratch, &cursor, &chunk), NQ_OK);
                    assert_true(chunk.count <= q.largest);
                    assert_true(chunk.count > 0 || cursor.done);
                    assert_true(at + chunk.count <= one.count);
                    if (chunk.count)
                        assert_memory_equal(chunk.at, one.at + at, chunk.count * sizeof *chunk.at);
                    at += chunk.count;
                }
                assert_int_equal(at, one.count);
                free(one.at);
                free(chunk.at);
                if (!whole.count)
                    continue;
                qsort(whole.at, whole.count, sizeof *whole.at, compare_u64);
                qsort(parts.at, parts.count, sizeof *parts.at, compare_u64);
                assert_memory_equal(whole.at, parts.at, whole.count * sizeof *whole.at);
            }
        }
        free(whole.at);
        free(parts.at);
        cell_scratch_free(&scratch);
        nq_quarter_free(&q);
    }
}

/* The bound on a half's placements holds for every half of every start. */
static void half_bound_holds(void **state)
{
    (void)state;
    for (int n = 4; n <= 13; n++) {
        nq_quarter q;
        assert_int_equal(nq_quarter_count(&q, n / 2), NQ_OK);
        assert_int_equal(nq_quarter_fill(&q), NQ_OK);
        uint64_t bound = nq_quarter_half_bound(&q);
        nq_half_scratch cells = cell_scratch(&q);
        nq_join_start starts[NQ_JOIN_MAX_STARTS];
        int start_count = nq_join_starts(n, starts);
        nq_patterns out = { 0 };
        for (int s = 0; s < start_count; s++) {
            uint32_t rows;
            for (int more = nq_join_first_rows(&starts[s], n / 2, &rows); more;
                 more = nq_join_next_rows(&starts[s], n / 2, &rows))
                for (int east = 0; east <= 1; east++) {
                    out.count = 0;
                    uint32_t half_rows = east ? rows : starts[s].rows & ~rows;
                    assert_int_equal(nq_half_patterns(&q, n, &starts[s], east, half_rows, 0, 1,
                                                      best_pairer(), &cells, NULL, &out),
                                     NQ_OK);
                    assert_true(out.count <= bound);
                }
        }
        free(out.at);
        cell_scratch_free(&cells);
        nq_quarter_free(&q);
    }
}

/* ---- starts, row sets and units ----------------------------------------------------------- */

/* The weights of the symmetric row sets account for every row set exactly: each class of
 * row sets counted once, weighted by half its size. */
static void row_set_weights_cover_every_row_set(void **state)
{
    (void)state;
    for (int h = 2; h <= 8; h++) {
        nq_join_start starts[1];
        nq_join_starts(2 * h, starts);
        uint64_t weighted = 0, all = 0;
        uint32_t rows;
        for (int more = nq_join_first_rows(&starts[0], h, &rows); more;
             more = nq_join_next_rows(&starts[0], h, &rows))
            weighted += 2 * nq_join_weight(&starts[0], rows, h);
        for (uint32_t r = 0; r < (1u << 2 * h); r++)
            all += __builtin_popcount(r) == h;
        assert_int_equal(weighted, all);
    }
}

/* Each start's row sets come once each, every subset of its rows with one row per east
 * column, in blocks of NQ_JOIN_NORTH_BLOCK sets of north rows: a worker that keeps that many
 * sets of north rows and one of south rows (half.c) meets each set of north rows once for all a
 * start's row sets, and each set of south rows once per block. */
static void row_sets_come_in_north_blocks(void **state)
{
    (void)state;
    for (int n = 4; n <= 21; n++) {
        const int h = n / 2;
        nq_join_start starts[NQ_JOIN_MAX_STARTS];
        const int start_count = nq_join_starts(n, starts);
        for (int s = 0; s < start_count; s++) {
            if (starts[s].symmetric)
                continue;   /* its row sets are those of one class each (the test above) */
            const uint32_t rows_of = starts[s].rows, north = (1u << h) - 1;
            const int k = nq_join_east_queens(&starts[s]);
            unsigned char *seen = calloc((size_t)1 << 2 * h, 1);
            uint32_t kept[NQ_JOIN_NORTH_BLOCK], south = UINT32_MAX, rows;
            int next = 0, kept_count = 0;
            uint64_t row_sets = 0, north_misses = 0, south_misses = 0;
            for (int more = nq_join_first_rows(&starts[s], h, &rows); more;
                 more = nq_join_next_rows(&starts[s], h, &rows)) {
                assert_int_equal(rows & ~rows_of, 0);
                assert_int_equal(__builtin_popcount(rows), k);
                assert_false(seen[rows]);
                seen[rows] = 1;
                row_sets++;
                int hit = 0;
                for (int i = 0; i < kept_count; i++)
                    hit |= kept[i] == (rows & north);
                if (!hit) {
                    north_misses++;
                    kept[next] = rows & north;
                    next = (next + 1) % NQ_JOIN_NORTH_BLOCK;
                    kept_count += kept_count < NQ_JOIN_NORTH_BLOCK;
                }
                south_misses += (rows & ~north) != south;
                south = rows & ~north;
            }
            free(seen);
            /* Every subset; each set of north rows met once; each set of south rows once a
             * block, unless it is the only one (no south rows, or all of them). */
            uint64_t subsets = 0, norths = 0, souths_by_block = 0;
            for (uint32_t r = 0; r < (1u << 2 * h); r++)
                subsets += !(r & ~rows_of) && __builtin_popcount(r) == k;
            for (int j = 0; j <= k; j++) {
                uint64_t nj = 0, sj = 0;
                for (uint32_t r = 0; r < (1u << h); r++)
                    nj += !(r & ~rows_of) && __builtin_popcount(r) == j;
                for (uint32_t r = 0; r < (1u << h); r++)
                    sj += !((r << h) & ~rows_of) && __builtin_popcount(r) == k - j;
                if (nj && sj) {
                    norths += nj;
                    souths_by_block +=
                        sj == 1 ? 1 : (nj + NQ_JOIN_NORTH_BLOCK - 1) / NQ_JOIN_NORTH_BLOCK * sj;
                }
            }
            assert_int_equal(row_sets, subsets);
            assert_int_equal(north_misses, norths);
            assert_int_equal(south_misses, souths_by_block);
        }
    }
}

/* Units take each row set of each start once, in order, and at least as many units as asked
 * (when there are row sets enough). */
static void units_cover_each_row_set_once(void **state)
{
    (void)state;
    static const size_t asked[] = { 0, 1, 7, 100, 5000 };
    for (int n = 4; n <= 13; n++)
        for (int a = 0; a < 5; a++) {
            nq_join *join;
            assert_int_equal(nq_join_create(n, asked[a], 0, 1, NQ_JOIN_ANY, &join, NULL), NQ_OK);
            size_t units = nq_join_unit_count(join), row_sets = 0;
            uint32_t start = 0, rows = 0;
            int more = nq_join_first_rows(nq_join_start_at(join, 0), n / 2, &rows);
            for (size_t u = 0; u < units; u++) {
                const nq_join_unit *unit = nq_join_unit_at(join, u);
                if (unit->start != start) {
                    assert_false(more);   /* the last start's row sets were all taken */
                    start = unit->start;
                    more = nq_join_first_rows(nq_join_start_at(join, start), n / 2, &rows);
                }
                for (uint32_t k = 0; k < unit->count; k++) {
                    assert_true(more);
                    if (k == 0)
                        assert_int_equal(unit->first, rows);
                    row_sets++;
                    more = nq_join_next_rows(nq_join_start_at(join, start), n / 2, &rows);
                }
            }
            assert_false(more);
            assert_true(units >= (asked[a] < row_sets ? asked[a] : row_sets));
            nq_join_free(join);
        }
}

/* ---- whole counts ------------------------------------------------------------------------- */

static void join_gives_published_totals(void **state)
{
    (void)state;
    for (int n = 4; n <= 17; n++)
        assert_int_equal(count_by(n, NQ_METHOD_JOIN, n % 3 + 1), published_total[n]);
}

/* Counts the join's plan of the empty n x n board (min_units: as nq_plan_options) unit by unit
 * with every table of kernels this CPU runs forced in turn: each gives want in all. */
static void every_table_counts(int n, size_t min_units, uint64_t want)
{
    const nq_join_kernels *tables[4];
    const int table_count = runnable_kernels(tables);
    nq_board b;
    nq_board_init(&b, n);
    nq_plan_options options = { .method = NQ_METHOD_JOIN, .min_units = min_units };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    for (int f = 0; f < table_count; f++) {
        plan->kernels = tables[f];
        uint64_t sum = 0;
        for (size_t u = 0; u < nq_plan_units(plan); u++) {
            nq_unit_count c;
            assert_int_equal(nq_plan_count_unit(plan, u, 0, &c), NQ_OK);
            assert_int_equal(c.unique, 0);
            sum += c.total;
        }
        assert_int_equal(sum, want);
    }
    nq_plan_free(plan);
}

/* The published totals at N = 15 and 16: boards whose lists the sieve cuts, so that AVX2's
 * packing path (PEXT, and PDEP into chunks of bytes) and its fallback without both count whole
 * boards. */
static void every_kernel_table_counts_the_published_totals(void **state)
{
    (void)state;
    for (int n = 15; n <= 16; n++)
        every_table_counts(n, 0, published_total[n]);
}

/* Both methods, side by side, with every table of kernels forced in turn. */
static void join_agrees_with_backtracker(void **state)
{
    (void)state;
    for (int n = 4; n <= 14; n++)
        every_table_counts(n, 50, count_by(n, NQ_METHOD_BACKTRACK, 2));
}

/* With row slices instead of the table, the join's units count what the table's do, unit by
 * unit, for every start of odd and even boards; and whole runs give the published totals and
 * the backtracker's unique counts. */
static void slices_count_what_the_table_does(void **state)
{
    (void)state;
    const nq_join_kernels *kernels = nq_join_kernels_best();
    for (int n = 4; n <= (SANITIZED ? 13 : 15); n++) {
        nq_join *table, *slices;
        assert_int_equal(nq_join_create(n, 40, 0, 1, NQ_JOIN_TABLE, &table, NULL), NQ_OK);
        assert_int_equal(nq_join_create(n, 40, 0, 1, NQ_JOIN_SLICES, &slices, NULL), NQ_OK);
        assert_true(nq_join_has_table(table));
        assert_false(nq_join_has_table(slices));
        assert_int_equal(nq_join_unit_count(table), nq_join_unit_count(slices));
        nq_join_scratch *a = nq_join_scratch_create(table), *b = nq_join_scratch_create(slices);
        assert_non_null(a);
        assert_non_null(b);
        for (size_t u = 0; u < nq_join_unit_count(table); u++) {
            uint64_t want, got;
            assert_int_equal(nq_join_count_unit(table, u, kernels, a, NULL, &want), NQ_OK);
            assert_int_equal(nq_join_count_unit(slices, u, kernels, b, NULL, &got), NQ_OK);
            assert_int_equal(got, want);
        }
        nq_join_scratch_free(a);
        nq_join_scratch_free(b);
        nq_join_free(table);
        nq_join_free(slices);
    }
    /* Row sets cut into parts (as from n = 26): each row set's parts in a row, 0 to parts - 1,
     * and together the published total. */
    for (int n = 4; n <= (SANITIZED ? 14 : 16); n++) {
        nq_join *cut;
        assert_int_equal(nq_join_create(n, 1 << 16, 0, 1, NQ_JOIN_SLICES_CUT, &cut, NULL), NQ_OK);
        nq_join_scratch *scratch = nq_join_scratch_create(cut);
        uint64_t sum = 0;
        unsigned most = 1;
        for (size_t u = 0; u < nq_join_unit_count(cut); u++) {
            const nq_join_unit *unit = nq_join_unit_at(cut, u);
            assert_true(unit->part < unit->parts);
            if (unit->part) {
                const nq_join_unit *before = nq_join_unit_at(cut, u - 1);
                assert_int_equal(before->first, unit->first);
                assert_int_equal(before->part + 1, unit->part);
                assert_int_equal(before->parts, unit->parts);
            }
            most = unit->parts > most ? unit->parts : most;
            uint64_t total;
            assert_int_equal(nq_join_count_unit(cut, u, kernels, scratch, NULL, &total),
                             NQ_OK);
            sum += total;
        }
        assert_int_equal(sum, published_total[n]);
        if (n >= 10)
            assert_true(most > 1);
        nq_join_scratch_free(scratch);
        nq_join_free(cut);
    }
    for (int n = 12; n <= 17; n++) {
        nq_count_result r = count_by_slices(n, n % 2 + 1);
        assert_int_equal(r.total.hi, 0);
        assert_int_equal(r.total.lo, published_total[n]);
        if (n <= 14) {
            nq_board b;
            nq_board_init(&b, n);
            nq_plan_options options = { .method = NQ_METHOD_BACKTRACK, .unique = 1, .threads = 2 };
            nq_count_options count = { .threads = 2, .unique = 1 };
            nq_count_result want;
            nq_plan *plan;
            assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
            nq_run_options run = { .threads = count.threads, .unique = 1 };
            assert_int_equal(nq_plan_run(plan, &run, &want), NQ_OK);
            nq_plan_free(plan);
            assert_int_equal(r.unique.lo, want.unique.lo);
        }
    }
}

/* Past the table's sides the join makes slices, within the limit it is given: n = 26 to 28
 * are measured (not built), under 2 GiB for one worker at 26 and 27 and 4 GiB at 28 (halves in
 * chunks) with the plan's 16 million units, and a table is refused. */
static void past_the_table_the_join_slices(void **state)
{
    (void)state;
    const size_t units = (size_t)1 << 24;
    for (int n = 2 * NQ_QUARTER_TABLE_MAX_H + 2;
         n <= (SANITIZED ? 2 * NQ_QUARTER_TABLE_MAX_H + 2 : NQ_JOIN_MAX_N); n++) {
        uint64_t need, again;
        assert_int_equal(nq_join_memory(n, units, 1, NQ_JOIN_ANY, 0, &need), NQ_OK);
        assert_int_equal(nq_join_memory(n, units, 1, NQ_JOIN_SLICES, 0, &again), NQ_OK);
        assert_int_equal(need, again);
        assert_true(need < (n < 28 ? UINT64_C(2) << 30 : UINT64_C(4) << 30));
        assert_int_equal(nq_join_memory(n, units, 1, NQ_JOIN_TABLE, 0, &again), NQ_ERR_ARGUMENT);
        nq_join *join;
        assert_int_equal(nq_join_create(n, units, need - 1, 1, NQ_JOIN_ANY, &join, &again),
                         NQ_ERR_MEMORY_LIMIT);
        assert_int_equal(again, need);
    }
    uint64_t need;
    assert_int_equal(nq_join_memory(NQ_JOIN_MAX_N + 1, 0, 1, NQ_JOIN_ANY, 0, &need), NQ_ERR_SIZE);
}

static void join_counts_18_on_two_threads(void **state)
{
    (void)state;
    assert_int_equal(count_by(18, NQ_METHOD_JOIN, 2), published_total[18]);
}

/* ---- plans -------------------------------------------------------------------------------- */

static void auto_takes_join_where_it_can(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 14);
    nq_plan *plan;
    nq_plan_options options = { 0 };
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_JOIN);
    nq_plan_free(plan);
    /* Unique wanted, the join still (test_symmetric.c counts with it); a small board, a bad
     * square, a placed queen: the backtracker. */
    options.unique = 1;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_JOIN);
    nq_plan_free(plan);
    options = (nq_plan_options){ .method = NQ_METHOD_BACKTRACK, .unique = 1 };
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_BACKTRACK);
    nq_plan_free(plan);
    nq_board small;
    nq_board_init(&small, NQ_JOIN_AUTO_MIN_N - 1);
    options = (nq_plan_options){ 0 };
    assert_int_equal(nq_plan_create_with(&small, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_BACKTRACK);
    nq_plan_free(plan);
    nq_board blocked = b, placed = b;
    nq_board_block(&blocked, 3, 4);
    nq_board_place(&placed, 0, 1);
    assert_int_equal(nq_plan_create_with(&blocked, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_BACKTRACK);
    nq_plan_free(plan);
    assert_int_equal(nq_plan_create_with(&placed, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_BACKTRACK);
    nq_plan_free(plan);
    /* Asked for, the join refuses what it cannot count. */
    options.method = NQ_METHOD_JOIN;
    assert_int_equal(nq_plan_create_with(&blocked, &options, &plan), NQ_ERR_METHOD);
    assert_int_equal(nq_plan_create_with(&placed, &options, &plan), NQ_ERR_METHOD);
    nq_board_init(&small, 3);
    assert_int_equal(nq_plan_create_with(&small, &options, &plan), NQ_ERR_METHOD);
    uint64_t bytes;
    assert_int_equal(nq_plan_memory_needed(&small, &options, &bytes), NQ_ERR_METHOD);
    nq_board_init(&small, NQ_JOIN_MAX_N + 1);
    assert_int_equal(nq_plan_create_with(&small, &options, &plan), NQ_ERR_METHOD);
    /* A method that is none is a bad argument, not a method that refuses the board. */
    options.method = (nq_method)7;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_ERR_ARGUMENT);
}

static void memory_is_stated_and_bounded(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 16);
    nq_plan_options options = { .method = NQ_METHOD_JOIN, .threads = 3 };
    uint64_t need;
    assert_int_equal(nq_plan_memory_needed(&b, &options, &need), NQ_OK);
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_memory(plan), need);
    nq_plan_free(plan);
    /* More threads, more memory; a limit below the need refuses, one at it does not. */
    options.threads = 4;
    uint64_t more;
    assert_int_equal(nq_plan_memory_needed(&b, &options, &more), NQ_OK);
    assert_true(more > need);
    options.max_memory = more;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_true(nq_join_has_table(plan->join));
    nq_plan_free(plan);
    /* Below the table's need, row slices, which need less, and say so; below theirs, refused. */
    options.max_memory = more - 1;
    uint64_t least;
    assert_int_equal(nq_plan_memory_needed(&b, &options, &least), NQ_OK);
    assert_true(least < more);
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_false(nq_join_has_table(plan->join));
    assert_int_equal(nq_plan_memory(plan), least);
    nq_plan_free(plan);
    options.max_memory = least - 1;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_ERR_MEMORY_LIMIT);
    options.max_memory = least;
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    nq_plan_free(plan);
    /* Auto under too low a limit for the join backtracks, its units held to the limit too;
     * below what the backtracker's coarsest split needs, it is refused as well. */
    options = (nq_plan_options){ .max_memory = least - 1, .threads = 4 };
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_BACKTRACK);
    assert_true(nq_plan_memory(plan) < least);
    nq_plan_free(plan);
    options = (nq_plan_options){ .max_memory = 1 };
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_ERR_MEMORY_LIMIT);
    /* Measuring builds nothing: even n = 24, whose tables take gigabytes, is quick. */
    nq_board_init(&b, 24);
    options = (nq_plan_options){ .method = NQ_METHOD_JOIN, .threads = 1,
                                 .max_memory = NQ_NO_MEMORY_LIMIT };
    assert_int_equal(nq_plan_memory_needed(&b, &options, &need), NQ_OK);
    assert_true(need > (UINT64_C(4) << 30));
}

/* The list of units is in the stated memory, measured or made: 16 bytes a unit, which at
 * n = 28 (20 million units) is 0.3 GB. So is a checkpoint's state, a bit and a count a unit. */
static void units_are_in_the_memory(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 18);   /* 12,155 row sets: one a unit, or a hundred or so */
    nq_plan_options options = { .method = NQ_METHOD_JOIN, .threads = 1, .min_units = 100 };
    nq_plan *few, *many;
    assert_int_equal(nq_plan_create_with(&b, &options, &few), NQ_OK);
    options.min_units = 20000;
    uint64_t need;
    assert_int_equal(nq_plan_memory_needed(&b, &options, &need), NQ_OK);
    assert_int_equal(nq_plan_create_with(&b, &options, &many), NQ_OK);
    assert_int_equal(nq_plan_memory(many), need);
    assert_true(nq_plan_units(many) > 10000 && nq_plan_units(few) < 1000);
    assert_int_equal(nq_plan_memory(many) - nq_plan_memory(few),
                     (nq_plan_units(many) - nq_plan_units(few)) * sizeof(nq_join_unit));
    assert_true(nq_checkpoint_state_bytes(many) >=
                nq_plan_units(many) * (sizeof(nq_unit_count) + 1.0 / 8));
    /* Row slices (the least the join takes) hold their units too: under a limit just below
     * their need with the many units, the many are refused, the few not. */
    options.max_memory = nq_plan_memory(many) - 1;
    nq_plan *sliced;
    assert_int_equal(nq_plan_create_with(&b, &options, &sliced), NQ_OK);
    assert_false(nq_join_has_table(sliced->join));
    options.max_memory = nq_plan_memory(sliced) - 1;
    nq_plan *over;
    assert_int_equal(nq_plan_create_with(&b, &options, &over), NQ_ERR_MEMORY_LIMIT);
    options.min_units = 100;
    assert_int_equal(nq_plan_create_with(&b, &options, &over), NQ_OK);
    assert_int_equal(nq_plan_memory(sliced) - nq_plan_memory(over),
                     (nq_plan_units(sliced) - nq_plan_units(over)) * sizeof(nq_join_unit));
    nq_plan_free(over);
    nq_plan_free(sliced);
    nq_plan_free(few);
    nq_plan_free(many);
}

/* A join checkpoint is the join's: the backtracker's plan of the same board refuses it. */
static void checkpoints_know_their_method(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 12);
    nq_plan *join, *backtrack;
    nq_plan_options options = { .method = NQ_METHOD_JOIN };
    assert_int_equal(nq_plan_create_with(&b, &options, &join), NQ_OK);
    const nq_plan_options rows = { .method = NQ_METHOD_BACKTRACK, .engine = NQ_ENGINE_ROWS };
    assert_int_equal(nq_plan_create_with(&b, &rows, &backtrack), NQ_OK);
    assert_int_not_equal(nq_plan_fingerprint(join), nq_plan_fingerprint(backtrack));
    unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
    nq_checkpoint_header(join, 0, header);
    assert_true(nq_checkpoint_matches(join, 0, header, sizeof header));
    assert_false(nq_checkpoint_matches(join, 1, header, sizeof header));
    assert_false(nq_checkpoint_matches(backtrack, 0, header, sizeof header));
    assert_false(nq_checkpoint_matches(join, 0, header, sizeof header - 1));
    nq_checkpoint_state st;
    nq_parse_error err;
    assert_int_equal(nq_checkpoint_read(backtrack, 0, header, sizeof header, &st, &err),
                     NQ_ERR_OTHER_PLAN);
    assert_string_equal(err.message, "made by the join, unlike this plan");
    char text[160];
    unsigned weight;
    nq_plan_describe_unit(join, 0, text, sizeof text, &weight);
    assert_non_null(strstr(text, "east-rows 0x"));
    nq_plan_free(join);
    nq_plan_free(backtrack);
}

/* The order of a start's row sets, and the starts, are part of a join plan's fingerprint: a
 * checkpoint made when they came in increasing order (N = 11: fingerprint 0x418bd56456326934),
 * or before the starts with choices (0x584d4f554c9ac1e4), its units holding other row sets,
 * must not resume. The value pins this layout: a change of it must change the fingerprint
 * too. */
static void join_fingerprints_know_the_order(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 11);
    nq_plan *join;
    nq_plan_options options = { .method = NQ_METHOD_JOIN };
    assert_int_equal(nq_plan_create_with(&b, &options, &join), NQ_OK);
    assert_int_equal(nq_plan_fingerprint(join), UINT64_C(0x2d8dca964a87e94));
    nq_plan_free(join);
}

/* From n = 28 a row set is cut into parts (n = 26 counts them whole), and a unit says which
 * part it counts: the parts of one row set follow each other, 1 of P to P of P, with the same
 * east rows. */
static void units_say_their_part(void **state)
{
    (void)state;
    nq_board b;
    nq_plan_options options = { .method = NQ_METHOD_JOIN, .threads = 1,
                                .max_memory = NQ_NO_MEMORY_LIMIT };
    nq_plan *plan;
    nq_board_init(&b, 26);
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    for (size_t u = 0; u < nq_plan_units(plan); u++) {
        const nq_join_unit *unit = nq_join_unit_at(plan->join, u);
        assert_int_equal(unit->parts, 1);
        assert_int_equal(unit->count, 1);
    }
    nq_plan_free(plan);
    nq_board_init(&b, 28);
    assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
    size_t first = 0;
    while (first < nq_plan_units(plan) && nq_join_unit_at(plan->join, first)->parts < 2)
        first++;
    assert_true(first < nq_plan_units(plan));
    const unsigned parts = nq_join_unit_at(plan->join, first)->parts;
    char text[160], rows[160], expected[32];
    nq_plan_describe_unit(plan, first, rows, sizeof rows, NULL);
    char *part = strstr(rows, " (part 1 of ");
    assert_non_null(part);
    *part = '\0';   /* the start's queens and the east rows, the same in every part */
    for (unsigned k = 1; k <= parts; k++) {
        nq_plan_describe_unit(plan, first + k - 1, text, sizeof text, NULL);
        snprintf(expected, sizeof expected, " (part %u of %u)", k, parts);
        assert_memory_equal(text, rows, strlen(rows));
        assert_string_equal(text + strlen(rows), expected);
    }
    nq_plan_free(plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spreading_keeps_every_bit),
        cmocka_unit_test(matchers_count_disjoint_pairs),
        cmocka_unit_test(weighted_pairs_are_counted_pairs),
        cmocka_unit_test(sieve_counts_what_the_matcher_does),
        cmocka_unit_test(sieve_cuts_long_lists_deep),
        cmocka_unit_test(sieve_matches_a_list_again),
        cmocka_unit_test(quarter_lists_every_placement),
        cmocka_unit_test(quarter_figures_are_the_tables),
        cmocka_unit_test(measured_figures_are_the_tables),
        cmocka_unit_test(slices_are_the_tables_rows),
        cmocka_unit_test(halves_match_the_reference),
        cmocka_unit_test(choices_list_each_choice_marked),
        cmocka_unit_test(choices_count_what_their_starts_do),
        cmocka_unit_test(half_parts_partition_the_half),
        cmocka_unit_test(half_bound_holds),
        cmocka_unit_test(offsets_fit_in_32_bits),
        cmocka_unit_test(row_set_weights_cover_every_row_set),
        cmocka_unit_test(row_sets_come_in_north_blocks),
        cmocka_unit_test(units_cover_each_row_set_once),
        cmocka_unit_test(join_gives_published_totals),
        cmocka_unit_test(join_agrees_with_backtracker),
        cmocka_unit_test(every_kernel_table_counts_the_published_totals),
        cmocka_unit_test(slices_count_what_the_table_does),
        cmocka_unit_test(past_the_table_the_join_slices),
        cmocka_unit_test(join_counts_18_on_two_threads),
        cmocka_unit_test(auto_takes_join_where_it_can),
        cmocka_unit_test(memory_is_stated_and_bounded),
        cmocka_unit_test(units_are_in_the_memory),
        cmocka_unit_test(units_say_their_part),
        cmocka_unit_test(checkpoints_know_their_method),
        cmocka_unit_test(join_fingerprints_know_the_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
