/*
 * match.h - counting the disjoint pairs of two lists of patterns (match.c, and
 * one file a CPU path: match_avx2.c, match_avx512.c; match_body.h has the method).
 */
#ifndef NQ_JOIN_MATCH_H
#define NQ_JOIN_MATCH_H

#include <stddef.h>
#include <stdint.h>

/* Items to match, in ranges, each with its weight. */
typedef struct nq_match_range {
    size_t first, end;      /* items at[first] up to at[end] */
    unsigned weight;
} nq_match_range;

typedef struct nq_match_items {
    const uint64_t *at;
    int ranges;
    nq_match_range *range;
} nq_match_items;

/* How a matcher reads a value of `bits` bits: cut into `chunks` chunks. With the most chunks,
 * nq_match_chunks_most, they are 6 bits each (the last may have fewer) and read where they are,
 * chunk c from bit 6c. With fewer, each chunk of up to 8 bits sits in its own byte, c in byte c,
 * the first bits % chunks one bit wider than the others (nq_spread puts them there): fewer
 * lookups a pair, larger tables to build (match_body.h). */
typedef struct nq_chunking {
    int bits, chunks;
} nq_chunking;

/* The most chunks a matcher cuts `bits` bits into, 6 bits each, and the fewest, 8 each. */
static inline int nq_match_chunks_most(int bits)
{
    return bits > 6 ? (bits + 5) / 6 : 1;
}

static inline int nq_match_chunks_least(int bits)
{
    return bits > 8 ? (bits + 7) / 8 : 1;
}

/* Whether a chunking puts its chunks in bytes: fewer than the most chunks (8 at most, see
 * nq_chunking_valid). */
static inline int nq_chunks_in_bytes(nq_chunking ch)
{
    return ch.chunks < nq_match_chunks_most(ch.bits);
}

/* Whether a matcher reads a chunking: the most chunks, or up to 8 in bytes. */
static inline int nq_chunking_valid(nq_chunking ch)
{
    return ch.chunks >= nq_match_chunks_least(ch.bits) &&
           ch.chunks <= nq_match_chunks_most(ch.bits) &&
           (ch.chunks <= 8 || !nq_chunks_in_bytes(ch));
}

/* The bits of chunk c of a chunking in bytes. */
static inline int nq_chunk_width(nq_chunking ch, int c)
{
    return ch.bits / ch.chunks + (c < ch.bits % ch.chunks);
}

/* Value x of ch.bits bits as the matcher reads it: as it is with the most chunks, else its
 * chunks moved each to its byte. */
static inline uint64_t nq_spread(uint64_t x, nq_chunking ch)
{
    if (!nq_chunks_in_bytes(ch))
        return x;
    uint64_t spread = 0;
    for (int c = 0, at = 0; c < ch.chunks; c++) {
        const int width = nq_chunk_width(ch, c);
        spread |= (x >> at & ((UINT64_C(1) << width) - 1)) << 8 * c;
        at += width;
    }
    return spread;
}

/* Bytes of the table a matcher needs for patterns of `bits` bits, however many chunks. */
size_t nq_match_table_size(int bits);

/* Sum over ranges r of weight[r] times the number of pairs (pattern, item of range r) with no
 * bit in common, patterns and items as nq_spread gives them for `ch`, a valid chunking. table
 * is scratch of nq_match_table_size(ch.bits) bytes, 64-byte aligned. */
typedef uint64_t nq_match_fn(const uint64_t *patterns, size_t count, const nq_match_items *items,
                             nq_chunking ch, void *table);

/* The matchers: portable C, and for CPUs with AVX2 or AVX-512 (only call those on one). */
nq_match_fn nq_match_portable, nq_match_avx2, nq_match_avx512;

#endif /* NQ_JOIN_MATCH_H */
