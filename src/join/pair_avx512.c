/*
 * pair_avx512.c - the pairer built for CPUs with AVX-512: eight south placements a step, tested
 * against one north placement into a mask, the patterns of those that fit packed together
 * (VPCOMPRESSQ) and stored at once.
 */
#include "base/base.h"
#include "join.h"

#if NQ_CPU_X86
#include <immintrin.h>

#define PAIR_TARGET __attribute__((target("avx512f,popcnt")))

/* The eight (or the `lanes` first) south placements at j against the north one (up, down,
 * pattern): the patterns of those that fit are written at out[count] on, all eight slots
 * written; returns the new count. */
PAIR_TARGET static inline __attribute__((always_inline)) size_t
pair8(__m512i up, __m512i down, __m512i pattern, __m512i south_up, __m512i south_down,
      __m512i south_pattern, __mmask8 lanes, uint64_t *out, size_t count)
{
    const __mmask8 fit = _mm512_mask_testn_epi64_mask(_mm512_mask_testn_epi64_mask(lanes, up,
                                                                                   south_up),
                                                      down, south_down);
    _mm512_storeu_si512(out + count,
                        _mm512_maskz_compress_epi64(fit, _mm512_or_si512(pattern, south_pattern)));
    return count + (size_t)__builtin_popcount(fit);
}

PAIR_TARGET size_t nq_pair_avx512(const nq_fitted *north, const nq_fitted *south, uint64_t *out)
{
    const uint64_t *su = south->up, *sd = south->down, *sp = south->pattern;
    const size_t m = south->count, whole = m & ~(size_t)7;
    /* The lanes of the last, partial step; masked loads read nothing past the cell. */
    const __mmask8 tail = (__mmask8)((1u << (m & 7)) - 1);
    const __m512i tail_up = _mm512_maskz_loadu_epi64(tail, su + whole);
    const __m512i tail_down = _mm512_maskz_loadu_epi64(tail, sd + whole);
    const __m512i tail_pattern = _mm512_maskz_loadu_epi64(tail, sp + whole);
    size_t count = 0;
    for (size_t i = 0; i < north->count; i++) {
        const __m512i up = _mm512_set1_epi64((long long)north->up[i]);
        const __m512i down = _mm512_set1_epi64((long long)north->down[i]);
        const __m512i pattern = _mm512_set1_epi64((long long)north->pattern[i]);
        for (size_t j = 0; j < whole; j += 8)
            count = pair8(up, down, pattern, _mm512_loadu_si512(su + j), _mm512_loadu_si512(sd + j),
                          _mm512_loadu_si512(sp + j), 0xff, out, count);
        if (tail)
            count = pair8(up, down, pattern, tail_up, tail_down, tail_pattern, tail, out, count);
    }
    return count;
}

#else
/* Off x86 nq_cpu_paths never offers NQ_CPU_AVX512: the portable pairer under this name, so that
 * callers link everywhere. */
size_t nq_pair_avx512(const nq_fitted *north, const nq_fitted *south, uint64_t *out)
{
    return nq_pair_portable(north, south, out);
}
#endif
