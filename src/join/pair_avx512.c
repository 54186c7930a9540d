/*
 * pair_avx512.c - the pairer of pair_body.h built for CPUs with AVX-512: eight placements a
 * step, those that fit packed together by VPCOMPRESSQ.
 */
#include "base/base.h"
#include "pair.h"

#if NQ_CPU_X86
#include <immintrin.h>

#define PAIR_TARGET __attribute__((target("avx512f,popcnt")))
#define LANES 8
typedef __m512i vec;
typedef __mmask8 lane_mask;

#define VECTOR PAIR_TARGET static inline __attribute__((always_inline))
VECTOR vec load(const void *at) { return _mm512_loadu_si512(at); }
VECTOR vec splat(uint64_t x) { return _mm512_set1_epi64((long long)x); }
VECTOR vec and(vec a, vec b) { return _mm512_and_si512(a, b); }
VECTOR vec or(vec a, vec b) { return _mm512_or_si512(a, b); }
VECTOR vec shift_left(vec a, int k) { return _mm512_sll_epi64(a, _mm_cvtsi32_si128(k)); }
VECTOR vec shift_right(vec a, int k) { return _mm512_srl_epi64(a, _mm_cvtsi32_si128(k)); }
VECTOR vec high_halves(vec a) { return _mm512_srli_epi64(a, 32); }

VECTOR vec load_first(const void *at, size_t k)
{
    return _mm512_maskz_loadu_epi64((__mmask8)((1u << k) - 1), at);
}

VECTOR lane_mask test_none(lane_mask lanes, vec a, vec b)
{
    return _mm512_mask_testn_epi64_mask(lanes, a, b);
}

VECTOR void store_kept(uint64_t *out, lane_mask keep, vec v)
{
    _mm512_storeu_si512(out, _mm512_maskz_compress_epi64(keep, v));
}

#include "pair_body.h"

const nq_pairer nq_pairer_avx512 = { fit_body, pair_body };

#else
/* Off x86 nq_cpu_paths never offers NQ_CPU_AVX512: the portable kernels under this name, so
 * that callers link everywhere. */
const nq_pairer nq_pairer_avx512 = { nq_fit_portable, nq_pair_portable };
#endif
