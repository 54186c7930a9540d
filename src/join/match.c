/*
 * match.c - counting disjoint pairs of patterns: the portable matcher, and the choice of the
 * fastest one for this CPU (match_body.h has the method).
 */
#include "base/base.h"
#include "join.h"

#define MATCH_TARGET
#define VECTOR_BYTES 8
#define ADD_POPCOUNT(sum, x) ((sum) += (uint64_t)__builtin_popcountll(x))
#include "match_body.h"

size_t nq_match_table_size(int bits)
{
    return (size_t)TABLES * chunks_of(bits) * CHUNK_VALUES * sizeof(lanes);
}

int nq_match_chunks(int bits)
{
    return chunks_of(bits);
}

uint64_t nq_match_portable(const uint64_t *patterns, size_t count, const nq_match_items *items,
                           int bits, void *table)
{
    return match_body(patterns, count, items, bits, table);
}

nq_match_fn *nq_match_best(void)
{
    if (nq_cpu_uses(NQ_CPU_AVX512))
        return nq_match_avx512;
    if (nq_cpu_uses(NQ_CPU_AVX2))
        return nq_match_avx2;
    return nq_match_portable;
}
