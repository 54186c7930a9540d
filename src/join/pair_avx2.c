/*
 * pair_avx2.c - the pairer of pair_body.h built for CPUs with AVX2: four placements a step,
 * those that fit packed together by a shuffle looked up by their mask (AVX2 has no compress).
 */
#include "base/base.h"
#include "pair.h"

#if NQ_CPU_X86
#include <immintrin.h>

#define PAIR_TARGET __attribute__((target("avx2,popcnt")))
#define LANES 4
typedef __m256i vec;
typedef int lane_mask;

/* For each 4-bit mask, the 32-bit lanes that move the 64-bit lanes it holds to the front. */
static const int32_t packs[16][8] __attribute__((aligned(32))) = {
    { 0, 0, 0, 0, 0, 0, 0, 0 }, { 0, 1, 0, 0, 0, 0, 0, 0 }, { 2, 3, 0, 0, 0, 0, 0, 0 },
    { 0, 1, 2, 3, 0, 0, 0, 0 }, { 4, 5, 0, 0, 0, 0, 0, 0 }, { 0, 1, 4, 5, 0, 0, 0, 0 },
    { 2, 3, 4, 5, 0, 0, 0, 0 }, { 0, 1, 2, 3, 4, 5, 0, 0 }, { 6, 7, 0, 0, 0, 0, 0, 0 },
    { 0, 1, 6, 7, 0, 0, 0, 0 }, { 2, 3, 6, 7, 0, 0, 0, 0 }, { 0, 1, 2, 3, 6, 7, 0, 0 },
    { 4, 5, 6, 7, 0, 0, 0, 0 }, { 0, 1, 4, 5, 6, 7, 0, 0 }, { 2, 3, 4, 5, 6, 7, 0, 0 },
    { 0, 1, 2, 3, 4, 5, 6, 7 },
};

#define VECTOR PAIR_TARGET static inline __attribute__((always_inline))
VECTOR vec load(const void *at) { return _mm256_loadu_si256((const __m256i *)at); }
VECTOR vec splat(uint64_t x) { return _mm256_set1_epi64x((long long)x); }
VECTOR vec and(vec a, vec b) { return _mm256_and_si256(a, b); }
VECTOR vec or(vec a, vec b) { return _mm256_or_si256(a, b); }
VECTOR vec shift_left(vec a, int k) { return _mm256_sll_epi64(a, _mm_cvtsi32_si128(k)); }
VECTOR vec shift_right(vec a, int k) { return _mm256_srl_epi64(a, _mm_cvtsi32_si128(k)); }
VECTOR vec high_halves(vec a) { return _mm256_srli_epi64(a, 32); }

VECTOR vec load_first(const void *at, size_t k)
{
    const __m256i lanes = _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)k),
                                             _mm256_setr_epi64x(0, 1, 2, 3));
    return _mm256_maskload_epi64((const long long *)at, lanes);
}

VECTOR lane_mask test_none(lane_mask lanes, vec a, vec b)
{
    const __m256i zero = _mm256_cmpeq_epi64(_mm256_and_si256(a, b), _mm256_setzero_si256());
    return lanes & _mm256_movemask_pd(_mm256_castsi256_pd(zero));
}

VECTOR void store_kept(uint64_t *out, lane_mask keep, vec v)
{
    _mm256_storeu_si256((__m256i *)out, _mm256_permutevar8x32_epi32(
                                            v, _mm256_load_si256((const __m256i *)packs[keep])));
}

#include "pair_body.h"

const nq_pairer nq_pairer_avx2 = { fit_body, pair_body };

#else
/* Off x86 nq_cpu_paths never offers NQ_CPU_AVX2: the portable kernels under this name, so that
 * callers link everywhere. */
const nq_pairer nq_pairer_avx2 = { nq_fit_portable, nq_pair_portable };
#endif
