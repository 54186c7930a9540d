/*
 * pair_avx2.c - the pairer built for CPUs with AVX2: four placements a step, tested into a
 * 4-bit mask, those that fit packed together by a shuffle looked up by the mask (AVX2 has no
 * compress) and stored at once.
 */
#include "base/base.h"
#include "pair.h"

#if NQ_CPU_X86
#include <immintrin.h>

#define PAIR_TARGET __attribute__((target("avx2,popcnt")))
#define INLINE static inline __attribute__((always_inline))

/* For each 4-bit mask, the 32-bit lanes that move the 64-bit lanes it holds to the front. */
static const int32_t packs[16][8] __attribute__((aligned(32))) = {
    { 0, 0, 0, 0, 0, 0, 0, 0 }, { 0, 1, 0, 0, 0, 0, 0, 0 }, { 2, 3, 0, 0, 0, 0, 0, 0 },
    { 0, 1, 2, 3, 0, 0, 0, 0 }, { 4, 5, 0, 0, 0, 0, 0, 0 }, { 0, 1, 4, 5, 0, 0, 0, 0 },
    { 2, 3, 4, 5, 0, 0, 0, 0 }, { 0, 1, 2, 3, 4, 5, 0, 0 }, { 6, 7, 0, 0, 0, 0, 0, 0 },
    { 0, 1, 6, 7, 0, 0, 0, 0 }, { 2, 3, 6, 7, 0, 0, 0, 0 }, { 0, 1, 2, 3, 6, 7, 0, 0 },
    { 4, 5, 6, 7, 0, 0, 0, 0 }, { 0, 1, 4, 5, 6, 7, 0, 0 }, { 2, 3, 4, 5, 6, 7, 0, 0 },
    { 0, 1, 2, 3, 4, 5, 6, 7 },
};

/* The lanes of the last, partial step over `count` items (the count & 3 first), as a vector
 * mask. */
PAIR_TARGET INLINE __m256i tail_lanes(size_t count)
{
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(count & 3)),
                              _mm256_setr_epi64x(0, 1, 2, 3));
}

PAIR_TARGET INLINE __m256i load4(const void *at)
{
    return _mm256_loadu_si256((const __m256i *)at);
}

PAIR_TARGET INLINE __m256i masked_load4(const void *at, __m256i lanes)
{
    return _mm256_maskload_epi64((const long long *)at, lanes);
}

/* The lanes of x that are zero, as four bits. */
PAIR_TARGET INLINE int zero_lanes(__m256i x)
{
    return _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(x, _mm256_setzero_si256())));
}

/* Stores at out the lanes of v that `keep` (four bits) holds, packed, all four slots written. */
PAIR_TARGET INLINE void store_kept(uint64_t *out, int keep, __m256i v)
{
    _mm256_storeu_si256((__m256i *)out, _mm256_permutevar8x32_epi32(
                                            v, _mm256_load_si256((const __m256i *)packs[keep])));
}

/* Four placements (the `lanes` of them, as bits) as one 64-bit word each, up diagonals in the
 * low half: fitted as nq_fit_portable does, written at m on; returns the new m. */
PAIR_TARGET INLINE size_t fit4(__m256i diags, int lanes, const nq_fit_rule *rule,
                               uint64_t *pattern, size_t m)
{
    const __m256i mask = _mm256_set1_epi64x((long long)((UINT64_C(1) << rule->width) - 1));
    const __m128i lo = _mm_cvtsi32_si128(rule->lo);
    const __m256i u = _mm256_sll_epi64(_mm256_and_si256(diags, _mm256_set1_epi64x(0xffffffff)),
                                       _mm_cvtsi32_si128(rule->up_shift));
    const __m256i w = _mm256_sll_epi64(_mm256_srli_epi64(diags, 32),
                                       _mm_cvtsi32_si128(rule->down_shift));
    const __m256i p = _mm256_or_si256(
        _mm256_and_si256(_mm256_srl_epi64(u, lo), mask),
        _mm256_sll_epi64(_mm256_and_si256(_mm256_srl_epi64(w, lo), mask),
                         _mm_cvtsi32_si128(rule->width)));
    const __m256i taken = _mm256_or_si256(
        _mm256_and_si256(u, _mm256_set1_epi64x((long long)rule->taken_up)),
        _mm256_and_si256(w, _mm256_set1_epi64x((long long)rule->taken_down)));
    const int fit = lanes & zero_lanes(taken);
    store_kept(pattern + m, fit, p);
    return m + (size_t)__builtin_popcount((unsigned)fit);
}

PAIR_TARGET static size_t fit_avx2(const nq_quarter_diags *diags, size_t count,
                                   const nq_fit_rule *rule, uint64_t *pattern)
{
    const nq_fit_rule r = *rule;   /* a copy that no store can alias: its vectors made once */
    const size_t whole = count & ~(size_t)3;
    size_t m = 0;
    for (size_t i = 0; i < whole; i += 4)
        m = fit4(load4(diags + i), 0xf, &r, pattern, m);
    /* The last, partial step: a masked load reads nothing past the cell. */
    if (count & 3)
        m = fit4(masked_load4(diags + whole, tail_lanes(count)), (1 << (count & 3)) - 1, &r,
                 pattern, m);
    return m;
}

/* The four (or the `lanes` of them, as bits) south patterns against the north one: the pairs
 * that fit are written at out[count] on, all four slots written; returns the new count. */
PAIR_TARGET INLINE size_t pair4(__m256i pattern, __m256i south_pattern, int lanes, uint64_t *out,
                                size_t count)
{
    const int fit = lanes & zero_lanes(_mm256_and_si256(pattern, south_pattern));
    store_kept(out + count, fit, _mm256_or_si256(pattern, south_pattern));
    return count + (size_t)__builtin_popcount((unsigned)fit);
}

PAIR_TARGET static size_t pair_avx2(const nq_fitted *north, const nq_fitted *south,
                                    uint64_t mark, uint64_t *out)
{
    const uint64_t *sp = south->pattern;
    const size_t m = south->count, whole = m & ~(size_t)3;
    /* The lanes of the last, partial step; a masked load reads nothing past the cell. */
    const int tail = (1 << (m & 3)) - 1;
    const __m256i tail_pattern = masked_load4(sp + whole, tail_lanes(m));
    size_t count = 0;
    for (size_t i = 0; i < north->count; i++) {
        if (north->pattern[i] & mark)
            continue;   /* it meets the marked queen */
        const __m256i pattern = _mm256_set1_epi64x((long long)(north->pattern[i] | mark));
        for (size_t j = 0; j < whole; j += 4)
            count = pair4(pattern, load4(sp + j), 0xf, out, count);
        if (tail)
            count = pair4(pattern, tail_pattern, tail, out, count);
    }
    return count;
}

const nq_pairer nq_pairer_avx2 = { fit_avx2, pair_avx2 };

#else
/* Off x86 nq_cpu_paths never offers NQ_CPU_AVX2: the portable kernels under this name, so that
 * callers link everywhere. */
const nq_pairer nq_pairer_avx2 = { nq_fit_portable, nq_pair_portable };
#endif
