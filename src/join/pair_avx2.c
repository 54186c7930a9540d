/*
 * pair_avx2.c - the pairer built for CPUs with AVX2: four south placements a step, tested
 * against one north placement into a 4-bit mask, the patterns of those that fit packed
 * together by a shuffle looked up by the mask (AVX2 has no compress) and stored at once.
 */
#include "base/base.h"
#include "join.h"

#if NQ_CPU_X86
#include <immintrin.h>

#define PAIR_TARGET __attribute__((target("avx2,popcnt")))

/* For each 4-bit mask, the 32-bit lanes that move the 64-bit lanes it holds to the front. */
static const int32_t packs[16][8] __attribute__((aligned(32))) = {
    { 0, 0, 0, 0, 0, 0, 0, 0 }, { 0, 1, 0, 0, 0, 0, 0, 0 }, { 2, 3, 0, 0, 0, 0, 0, 0 },
    { 0, 1, 2, 3, 0, 0, 0, 0 }, { 4, 5, 0, 0, 0, 0, 0, 0 }, { 0, 1, 4, 5, 0, 0, 0, 0 },
    { 2, 3, 4, 5, 0, 0, 0, 0 }, { 0, 1, 2, 3, 4, 5, 0, 0 }, { 6, 7, 0, 0, 0, 0, 0, 0 },
    { 0, 1, 6, 7, 0, 0, 0, 0 }, { 2, 3, 6, 7, 0, 0, 0, 0 }, { 0, 1, 2, 3, 6, 7, 0, 0 },
    { 4, 5, 6, 7, 0, 0, 0, 0 }, { 0, 1, 4, 5, 6, 7, 0, 0 }, { 2, 3, 4, 5, 6, 7, 0, 0 },
    { 0, 1, 2, 3, 4, 5, 6, 7 },
};

/* The four (or the lanes of `lanes`) south placements against the north one (up, down,
 * pattern): the patterns of those that fit are written at out[count] on, all four slots
 * written; returns the new count. */
PAIR_TARGET static inline __attribute__((always_inline)) size_t
pair4(__m256i up, __m256i down, __m256i pattern, __m256i south_up, __m256i south_down,
      __m256i south_pattern, int lanes, uint64_t *out, size_t count)
{
    const __m256i meet = _mm256_or_si256(_mm256_and_si256(up, south_up),
                                         _mm256_and_si256(down, south_down));
    const int fit = lanes & _mm256_movemask_pd(_mm256_castsi256_pd(
                                _mm256_cmpeq_epi64(meet, _mm256_setzero_si256())));
    const __m256i pack = _mm256_load_si256((const __m256i *)packs[fit]);
    _mm256_storeu_si256((__m256i *)(out + count),
                        _mm256_permutevar8x32_epi32(_mm256_or_si256(pattern, south_pattern),
                                                    pack));
    return count + (size_t)__builtin_popcount((unsigned)fit);
}

PAIR_TARGET static inline __m256i load4(const uint64_t *at)
{
    return _mm256_loadu_si256((const __m256i *)at);
}

PAIR_TARGET size_t nq_pair_avx2(const nq_fitted *north, const nq_fitted *south, uint64_t *out)
{
    const uint64_t *su = south->up, *sd = south->down, *sp = south->pattern;
    const size_t m = south->count, whole = m & ~(size_t)3;
    /* The lanes of the last, partial step; masked loads read nothing past the cell. */
    const int tail = (1 << (m & 3)) - 1;
    const __m256i tail_lanes = _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(m & 3)),
                                                  _mm256_setr_epi64x(0, 1, 2, 3));
    const __m256i tail_up = _mm256_maskload_epi64((const long long *)(su + whole), tail_lanes);
    const __m256i tail_down = _mm256_maskload_epi64((const long long *)(sd + whole), tail_lanes);
    const __m256i tail_pattern = _mm256_maskload_epi64((const long long *)(sp + whole),
                                                       tail_lanes);
    size_t count = 0;
    for (size_t i = 0; i < north->count; i++) {
        const __m256i up = _mm256_set1_epi64x((long long)north->up[i]);
        const __m256i down = _mm256_set1_epi64x((long long)north->down[i]);
        const __m256i pattern = _mm256_set1_epi64x((long long)north->pattern[i]);
        for (size_t j = 0; j < whole; j += 4)
            count = pair4(up, down, pattern, load4(su + j), load4(sd + j), load4(sp + j), 0xf,
                          out, count);
        if (tail)
            count = pair4(up, down, pattern, tail_up, tail_down, tail_pattern, tail, out, count);
    }
    return count;
}

#else
/* Off x86 nq_cpu_paths never offers NQ_CPU_AVX2: the portable pairer under this name, so that
 * callers link everywhere. */
size_t nq_pair_avx2(const nq_fitted *north, const nq_fitted *south, uint64_t *out)
{
    return nq_pair_portable(north, south, out);
}
#endif
