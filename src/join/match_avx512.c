/*
 * match_avx512.c - the matcher of match_body.h built for CPUs with AVX-512 and its popcount
 * (VPOPCNTDQ): a block's 512 bits are one register, counted in one instruction.
 */
#include "base/base.h"
#include "match.h"

#if NQ_CPU_X86
#include <immintrin.h>

#define MATCH_TARGET \
    __attribute__((target("avx512f,avx512vl,avx512bw,avx512vbmi,avx512vpopcntdq")))
#define VECTOR_BYTES 64
#define ADD_POPCOUNT(sum, x) ((sum) += (vector)_mm512_popcnt_epi64((__m512i)(x)))
#include "match_body.h"

MATCH_TARGET uint64_t nq_match_avx512(const uint64_t *patterns, size_t count,
                                      const nq_match_items *items, nq_chunking ch, void *table)
{
    return match_body(patterns, count, items, ch, table);
}

#else
/* Off x86 nq_cpu_paths never offers NQ_CPU_AVX512: the portable matcher under this name, so that
 * callers link everywhere. */
uint64_t nq_match_avx512(const uint64_t *patterns, size_t count, const nq_match_items *items,
                         nq_chunking ch, void *table)
{
    return nq_match_portable(patterns, count, items, ch, table);
}
#endif
