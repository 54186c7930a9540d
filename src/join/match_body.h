/*
 * match_body.h - the disjoint-pair counter, written once and compiled by match.c,
 * match_avx2.c and match_avx512.c each for its own instruction set (always inlined there).
 *
 * Patterns go 512 at a time into a block: one bit per pattern in a 512-bit "lanes" value. An
 * item is cut into chunks of 6 bits; for each chunk and each of its 64 values, the block table
 * holds the lanes of the patterns with no bit in common with that value there. An item's
 * matches in the block are then the AND of one table entry per chunk, and a popcount: a few
 * instructions for 512 pairs.
 *
 * The includer defines MATCH_TARGET, the target attribute of its instruction set (or nothing),
 * and may define ADD_POPCOUNT (below).
 */
#include <string.h>

typedef uint64_t lanes __attribute__((vector_size(64), aligned(64)));

#define CHUNK_BITS 6
#define CHUNK_VALUES (1 << CHUNK_BITS)
#define BLOCK 512

/* Adds the bit count of each lane of fit to that lane of sum, a lane at a time unless the
 * includer has one instruction for it. */
#ifndef ADD_POPCOUNT
#define ADD_POPCOUNT(sum, fit)                                                                   \
    for (int j = 0; j < 8; j++)                                                                  \
        (sum)[j] += (uint64_t)__builtin_popcountll((fit)[j])
#endif

MATCH_TARGET static inline __attribute__((always_inline)) int chunks_of(int bits)
{
    return (bits + CHUNK_BITS - 1) / CHUNK_BITS;
}

/* Fills the table of one block of count <= 512 patterns. */
MATCH_TARGET static inline __attribute__((always_inline)) void build_block(lanes *table, int chunks,
                                                              const uint64_t *patterns,
                                                              size_t count)
{
    memset(table, 0, (size_t)chunks * CHUNK_VALUES * sizeof *table);
    /* First each pattern goes to the entry of the complement of its own chunk value u... */
    for (size_t i = 0; i < count; i++) {
        uint64_t x = patterns[i];
        for (int c = 0; c < chunks; c++, x >>= CHUNK_BITS)
            table[c * CHUNK_VALUES + (~x & (CHUNK_VALUES - 1))][i / 64] |= UINT64_C(1) << i % 64;
    }
    /* ...then each entry v gathers the entries of its supersets: u and v are disjoint exactly
     * when v lies within the complement of u. */
    for (int c = 0; c < chunks; c++) {
        lanes *t = table + c * CHUNK_VALUES;
        for (int b = 0; b < CHUNK_BITS; b++)
            for (int v = 0; v < CHUNK_VALUES; v++)
                if (!(v >> b & 1))
                    t[v] |= t[v | 1 << b];
    }
}

/* Counts the matches of items[0..count) in one block's table. */
MATCH_TARGET static inline __attribute__((always_inline)) uint64_t query_block(const lanes *table, int chunks,
                                                                 const uint64_t *items,
                                                                 size_t count)
{
    lanes sum = { 0 };
    for (size_t i = 0; i < count; i++) {
        uint64_t x = items[i];
        lanes fit = table[x & (CHUNK_VALUES - 1)];
        for (int c = 1; c < chunks; c++) {
            x >>= CHUNK_BITS;
            fit &= table[c * CHUNK_VALUES + (x & (CHUNK_VALUES - 1))];
        }
        ADD_POPCOUNT(sum, fit);
    }
    uint64_t total = 0;
    for (int j = 0; j < 8; j++)
        total += sum[j];
    return total;
}

MATCH_TARGET static inline __attribute__((always_inline)) uint64_t match_body(const uint64_t *patterns,
                                                                size_t count,
                                                                const nq_match_items *items,
                                                                int bits, void *table)
{
    const int chunks = chunks_of(bits);
    uint64_t total = 0;
    for (size_t first = 0; first < count; first += BLOCK) {
        build_block(table, chunks, patterns + first, count - first < BLOCK ? count - first : BLOCK);
        for (int r = 0; r < items->ranges; r++)
            total += items->weight[r] * query_block(table, chunks, items->at + items->cut[r],
                                                    items->cut[r + 1] - items->cut[r]);
    }
    return total;
}
