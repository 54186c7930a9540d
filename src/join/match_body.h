/*
 * match_body.h - the disjoint-pair counter, written once and compiled by match.c,
 * match_avx2.c and match_avx512.c each for its own instruction set (always inlined there).
 *
 * Patterns go 512 at a time into a block: one bit per pattern in a 512-bit "lanes" value. An
 * item is cut into chunks of 6 bits; for each chunk and each of its 64 values, the block table
 * holds the lanes of the patterns with no bit in common with that value there. An item's
 * matches in the block are then the AND of one table entry per chunk, and a popcount: a few
 * instructions for 512 pairs. Blocks go TABLES at a time against the items, so that each item
 * is loaded and cut into chunks once for all of them: the cutting (shifts, masks, addresses)
 * costs as many instructions as the lookups it serves.
 *
 * The includer defines MATCH_TARGET, the target attribute of its instruction set (or nothing),
 * VECTOR_BYTES, the width of its registers (8, 32 or 64), and ADD_POPCOUNT(sum, x): adds the
 * bit count of each 64-bit lane of vector x to that lane of sum. With 64 (AVX-512, whose target
 * must include BW) it includes <immintrin.h> first: the tables are built with its intrinsics.
 */
#include <string.h>

#if VECTOR_BYTES == 8
typedef uint64_t vector;
#else
typedef uint64_t vector __attribute__((vector_size(VECTOR_BYTES)));
#endif

/* 512 bits as registers of the instruction set: kept in registers, not spilled. */
#define WORDS (64 / VECTOR_BYTES)
typedef struct lanes {
    vector w[WORDS];
} __attribute__((aligned(64))) lanes;

#define CHUNK_BITS 6
#define CHUNK_VALUES (1 << CHUNK_BITS)
#define BLOCK 512
#ifndef TABLES
#define TABLES 2    /* blocks an item meets at once (their tables in L1 and L2 together) */
#endif

MATCH_TARGET static inline __attribute__((always_inline)) int chunks_of(int bits)
{
    return bits > 0 ? (bits + CHUNK_BITS - 1) / CHUNK_BITS : 1;   /* no bits: one chunk, 0 */
}

#if VECTOR_BYTES == 64
/* Fills the table of one block of count <= 512 patterns, with AVX-512 (BW). For each 64
 * patterns and chunk, their chunk values go into one register as 64 bytes, and the word of each
 * entry of one bit b is a byte test (chunk & b == 0) masked to the patterns there are; entry 0
 * holds them all. Every other entry v is then the AND of two before it, v without its lowest
 * bit and that bit, a register at a time. The portable way below spent as long on its bit by
 * bit stores, each waiting on the last to the same word, as ~6000 items spent meeting the
 * block at N = 22. */
MATCH_TARGET static inline __attribute__((always_inline)) void build_block(lanes *table,
                                                                           int chunks,
                                                                           const uint64_t *p,
                                                                           size_t count)
{
    for (size_t w = 0; w < BLOCK / 64; w++) {
        const size_t first = w * 64;
        const size_t n = count <= first ? 0 : count - first < 64 ? count - first : 64;
        const __mmask64 valid = n == 64 ? ~(__mmask64)0 : ((__mmask64)1 << n) - 1;
        __m512i x[8];
        for (int k = 0; k < 8; k++)
            x[k] = _mm512_maskz_loadu_epi64((__mmask8)(valid >> 8 * k), p + first + 8 * k);
        for (int c = 0; c < chunks; c++) {
            uint8_t bytes[64] __attribute__((aligned(64)));
            const __m128i shift = _mm_cvtsi32_si128(CHUNK_BITS * c);
            for (int k = 0; k < 8; k++)
                _mm_storel_epi64((__m128i *)(bytes + 8 * k),
                                 _mm512_cvtepi64_epi8(_mm512_srl_epi64(x[k], shift)));
            const __m512i values = _mm512_load_si512(bytes);
            lanes *t = table + c * CHUNK_VALUES;
            ((uint64_t *)&t[0])[w] = valid;
            for (int b = 0; b < CHUNK_BITS; b++)
                ((uint64_t *)&t[1 << b])[w] =
                    _mm512_mask_testn_epi8_mask(valid, values, _mm512_set1_epi8((char)(1 << b)));
        }
    }
    for (int c = 0; c < chunks; c++) {
        lanes *t = table + c * CHUNK_VALUES;
        for (int v = 3; v < CHUNK_VALUES; v++)
            if (v & (v - 1))
                t[v].w[0] = t[v & (v - 1)].w[0] & t[v & -v].w[0];
    }
}
#else
/* Fills the table of one block of count <= 512 patterns. */
MATCH_TARGET static inline __attribute__((always_inline)) void build_block(lanes *table,
                                                                           int chunks,
                                                                           const uint64_t *p,
                                                                           size_t count)
{
    memset(table, 0, (size_t)chunks * CHUNK_VALUES * sizeof *table);
    /* First each pattern goes to the entry of the complement of its own chunk value u... */
    for (size_t i = 0; i < count; i++) {
        uint64_t x = p[i];
        for (int c = 0; c < chunks; c++, x >>= CHUNK_BITS) {
            uint64_t *entry = (uint64_t *)&table[c * CHUNK_VALUES + (~x & (CHUNK_VALUES - 1))];
            entry[i / 64] |= UINT64_C(1) << i % 64;
        }
    }
    /* ...then each entry v gathers the entries of its supersets: u and v are disjoint exactly
     * when v lies within the complement of u. */
    for (int c = 0; c < chunks; c++) {
        lanes *t = table + c * CHUNK_VALUES;
        for (int b = 0; b < CHUNK_BITS; b++)
            for (int v = 0; v < CHUNK_VALUES; v++)
                if (!(v >> b & 1))
                    for (int k = 0; k < WORDS; k++)
                        t[v].w[k] |= t[v | 1 << b].w[k];
    }
}
#endif

/* Counts the matches of items[0..count) in `tables` consecutive blocks' tables (1 or TABLES; a
 * constant where it is inlined): each item is loaded, and its chunks cut out, once for all of
 * them. */
MATCH_TARGET static inline __attribute__((always_inline)) uint64_t query_blocks(
    const lanes *table, int chunks, int tables, const uint64_t *items, size_t count)
{
    const size_t stride = (size_t)chunks * CHUNK_VALUES;
    vector sum[WORDS];
    memset(sum, 0, sizeof sum);
    for (size_t i = 0; i < count; i++) {
        const uint64_t x = items[i];
        lanes fit[TABLES];
        for (int b = 0; b < tables; b++)
            fit[b] = table[b * stride + (x & (CHUNK_VALUES - 1))];
        for (int c = 1; c < chunks; c++) {
            const lanes *t = &table[c * CHUNK_VALUES + (x >> CHUNK_BITS * c & (CHUNK_VALUES - 1))];
            for (int b = 0; b < tables; b++)
                for (int k = 0; k < WORDS; k++)
                    fit[b].w[k] &= t[b * stride].w[k];
        }
        for (int b = 0; b < tables; b++)
            for (int k = 0; k < WORDS; k++)
                ADD_POPCOUNT(sum[k], fit[b].w[k]);
    }
    uint64_t total = 0;
    const uint64_t *lane = (const uint64_t *)sum;
    for (int j = 0; j < 8; j++)
        total += lane[j];
    return total;
}

/* Patterns TABLES blocks at a time (the last group may hold fewer, its last block fewer than
 * 512 patterns: their lanes stay empty), each group against every item. */
MATCH_TARGET static inline __attribute__((always_inline)) uint64_t match_chunks(
    const uint64_t *patterns, size_t count, const nq_match_items *items, int chunks, void *table)
{
    const size_t stride = (size_t)chunks * CHUNK_VALUES;
    uint64_t total = 0;
    for (size_t first = 0; first < count; first += TABLES * BLOCK) {
        int blocks = 0;
        for (size_t at = first; at < count && blocks < TABLES; at += BLOCK, blocks++)
            build_block((lanes *)table + blocks * stride, chunks, patterns + at,
                        count - at < BLOCK ? count - at : BLOCK);
        for (int r = 0; r < items->ranges; r++) {
            const nq_match_range *range = &items->range[r];
            if (range->end <= range->first)
                continue;
            const uint64_t *at = items->at + range->first;
            const size_t n = range->end - range->first;
            uint64_t pairs = 0;
            if (blocks == TABLES)
                pairs = query_blocks(table, chunks, TABLES, at, n);
            else
                for (int b = 0; b < blocks; b++)
                    pairs += query_blocks((lanes *)table + b * stride, chunks, 1, at, n);
            total += range->weight * pairs;
        }
    }
    return total;
}

/* The same, with the chunk counts of the sizes that take long compiled each on its own: the
 * loop over chunks unrolled, a lookup's address one shift and mask of the item, the tables'
 * offsets constants (3 instructions less a lookup). */
MATCH_TARGET static inline __attribute__((always_inline)) uint64_t match_body(
    const uint64_t *patterns, size_t count, const nq_match_items *items, int bits, void *table)
{
    switch (chunks_of(bits)) {
    case 5:
        return match_chunks(patterns, count, items, 5, table);
    case 6:
        return match_chunks(patterns, count, items, 6, table);
    case 7:
        return match_chunks(patterns, count, items, 7, table);
    default:
        return match_chunks(patterns, count, items, chunks_of(bits), table);
    }
}
