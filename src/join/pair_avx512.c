/*
 * pair_avx512.c - the pairer built for CPUs with AVX-512: eight placements a step, tested
 * into a mask, those that fit packed together (VPCOMPRESSQ) and stored at once.
 */
#include "base/base.h"
#include "pair.h"

#if NQ_CPU_X86
#include <immintrin.h>

#define PAIR_TARGET __attribute__((target("avx512f,popcnt")))
#define INLINE static inline __attribute__((always_inline))

/* Stores at out the lanes of v that `keep` holds, packed, all eight slots written. */
PAIR_TARGET INLINE void store_kept(uint64_t *out, __mmask8 keep, __m512i v)
{
    _mm512_storeu_si512(out, _mm512_maskz_compress_epi64(keep, v));
}

/* Eight placements (the `lanes` of them) as one 64-bit word each, up diagonals in the low
 * half: fitted as nq_fit_portable does, written at m on; returns the new m. */
PAIR_TARGET INLINE size_t fit8(__m512i diags, __mmask8 lanes, const nq_fit_rule *rule,
                               uint64_t *pattern, size_t m)
{
    const __m512i mask = _mm512_set1_epi64((long long)((UINT64_C(1) << rule->width) - 1));
    const __m128i lo = _mm_cvtsi32_si128(rule->lo);
    const __m512i u = _mm512_sll_epi64(_mm512_and_si512(diags, _mm512_set1_epi64(0xffffffff)),
                                       _mm_cvtsi32_si128(rule->up_shift));
    const __m512i w = _mm512_sll_epi64(_mm512_srli_epi64(diags, 32),
                                       _mm_cvtsi32_si128(rule->down_shift));
    const __m512i p = _mm512_or_si512(
        _mm512_and_si512(_mm512_srl_epi64(u, lo), mask),
        _mm512_sll_epi64(_mm512_and_si512(_mm512_srl_epi64(w, lo), mask),
                         _mm_cvtsi32_si128(rule->width)));
    const __mmask8 fit = _mm512_mask_testn_epi64_mask(
        _mm512_mask_testn_epi64_mask(lanes, u, _mm512_set1_epi64((long long)rule->taken_up)), w,
        _mm512_set1_epi64((long long)rule->taken_down));
    store_kept(pattern + m, fit, p);
    return m + (size_t)__builtin_popcount(fit);
}

PAIR_TARGET static size_t fit_avx512(const nq_quarter_diags *diags, size_t count,
                                     const nq_fit_rule *rule, uint64_t *pattern)
{
    const nq_fit_rule r = *rule;   /* a copy that no store can alias: its vectors made once */
    const size_t whole = count & ~(size_t)7;
    size_t m = 0;
    for (size_t i = 0; i < whole; i += 8)
        m = fit8(_mm512_loadu_si512(diags + i), 0xff, &r, pattern, m);
    /* The last, partial step: a masked load reads nothing past the cell. */
    const __mmask8 tail = (__mmask8)((1u << (count & 7)) - 1);
    if (tail)
        m = fit8(_mm512_maskz_loadu_epi64(tail, diags + whole), tail, &r, pattern, m);
    return m;
}

/* The eight (or the `lanes` first) south patterns against the north one: the pairs that fit
 * are written at out[count] on, all eight slots written; returns the new count. */
PAIR_TARGET INLINE size_t pair8(__m512i pattern, __m512i south_pattern, __mmask8 lanes,
                                uint64_t *out, size_t count)
{
    const __mmask8 fit = _mm512_mask_testn_epi64_mask(lanes, pattern, south_pattern);
    store_kept(out + count, fit, _mm512_or_si512(pattern, south_pattern));
    return count + (size_t)__builtin_popcount(fit);
}

PAIR_TARGET static size_t pair_avx512(const nq_fitted *north, const nq_fitted *south,
                                      uint64_t mark, uint64_t *out)
{
    const uint64_t *sp = south->pattern;
    const size_t m = south->count, whole = m & ~(size_t)7;
    /* The lanes of the last, partial step; a masked load reads nothing past the cell. */
    const __mmask8 tail = (__mmask8)((1u << (m & 7)) - 1);
    const __m512i tail_pattern = _mm512_maskz_loadu_epi64(tail, sp + whole);
    size_t count = 0;
    for (size_t i = 0; i < north->count; i++) {
        if (north->pattern[i] & mark)
            continue;   /* it meets the marked queen */
        const __m512i pattern = _mm512_set1_epi64((long long)(north->pattern[i] | mark));
        for (size_t j = 0; j < whole; j += 8)
            count = pair8(pattern, _mm512_loadu_si512(sp + j), 0xff, out, count);
        if (tail)
            count = pair8(pattern, tail_pattern, tail, out, count);
    }
    return count;
}

const nq_pairer nq_pairer_avx512 = { fit_avx512, pair_avx512 };

#else
/* Off x86 nq_cpu_paths never offers NQ_CPU_AVX512: the portable kernels under this name, so
 * that callers link everywhere. */
const nq_pairer nq_pairer_avx512 = { nq_fit_portable, nq_pair_portable };
#endif
