/*
 * match_avx2.c - the matcher of match_body.h built for CPUs with AVX2: a block's 512 bits are
 * two 256-bit registers, their bits counted by nibble lookups (AVX2 has no popcount of its own).
 */
#include "base/base.h"
#include "match.h"

#if NQ_CPU_X86
#include <immintrin.h>

#define MATCH_TARGET __attribute__((target("avx2")))
#define VECTOR_BYTES 32
#define ADD_POPCOUNT(sum, x) ((sum) += (vector)popcount_lanes((__m256i)(x)))
#define CARRY_SAVE 1   /* count many vectors by carry-save adders (match_body.h) */

/* The bit counts of the four 64-bit lanes of x: each nibble's count looked up with a byte
 * shuffle, the bytes of each lane summed against zero. */
MATCH_TARGET static inline __attribute__((always_inline)) __m256i popcount_lanes(__m256i x)
{
    const __m256i counts = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low = _mm256_set1_epi8(0x0f);
    __m256i bytes = _mm256_add_epi8(_mm256_shuffle_epi8(counts, _mm256_and_si256(x, low)),
                                    _mm256_shuffle_epi8(counts, _mm256_and_si256(
                                                                    _mm256_srli_epi16(x, 4), low)));
    return _mm256_sad_epu8(bytes, _mm256_setzero_si256());
}

#include "match_body.h"

MATCH_TARGET uint64_t nq_match_avx2(const uint64_t *patterns, size_t count,
                                    const nq_match_items *items, nq_chunking ch, void *table)
{
    return match_body(patterns, count, items, ch, table);
}

#else
/* Off x86 nq_cpu_paths never offers NQ_CPU_AVX2: the portable matcher under this name, so that
 * callers link everywhere. */
uint64_t nq_match_avx2(const uint64_t *patterns, size_t count, const nq_match_items *items,
                       nq_chunking ch, void *table)
{
    return nq_match_portable(patterns, count, items, ch, table);
}
#endif
