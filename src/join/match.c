/*
 * match.c - counting disjoint pairs of patterns: the portable matcher (match_body.h has the
 * method; kernels.c chooses among the matchers).
 */
#include "base/base.h"
#include "match.h"

#define MATCH_TARGET
#define VECTOR_BYTES 8
#define ADD_POPCOUNT(sum, x) ((sum) += (uint64_t)__builtin_popcountll(x))
#include "match_body.h"

size_t nq_match_table_size(int bits)
{
    const int most = nq_match_chunks_most(bits), in_bytes = most - 1 < 8 ? most - 1 : 8;
    const size_t sixes = (size_t)most * SIX_VALUES, bytes = (size_t)in_bytes * BYTE_VALUES;
    return TABLES * (sixes > bytes ? sixes : bytes) * sizeof(lanes);
}

uint64_t nq_match_portable(const uint64_t *patterns, size_t count, const nq_match_items *items,
                           nq_chunking ch, void *table)
{
    return match_body(patterns, count, items, ch, table);
}
