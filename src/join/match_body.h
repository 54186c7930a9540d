/*
 * match_body.h - the disjoint-pair counter, written once and compiled by match.c,
 * match_avx2.c and match_avx512.c each for its own instruction set (always inlined there).
 *
 * Patterns go 512 at a time into a block: one bit per pattern in a 512-bit "lanes" value. An
 * item is cut into chunks (nq_chunking: of 6 bits where they lie, or of up to 8 bits a byte
 * each); for each chunk and each of its values, the block table holds the lanes of the patterns
 * with no bit in common with that value there. An item's matches in the block are then the AND
 * of one table entry per chunk, and a popcount: a few instructions for 512 pairs. Blocks go
 * TABLES at a time against the items, so that each item is loaded and cut into chunks once for
 * all of them: the cutting (shifts, masks, addresses) costs as many instructions as the lookups
 * it serves.
 *
 * A block of at most 256 patterns keeps its lanes in the low half of every entry, and its items
 * read that half only, apart from any block it goes with (query_half with AVX-512, half the
 * words of the lanes otherwise): on a CPU that loads 64 bytes a cycle, two loads of 32 bytes go
 * in the time of one. Many of the items meet such a block (the sieve's nodes are mostly one
 * block, filled two thirds on average), and their meetings are then bound by the loop's
 * instructions, not its loads (BENCHMARKS.md gives the gain).
 *
 * The sieve chooses the chunks (sieve.c prices them; in bytes only where PDEP puts them there).
 * A lookup costs about the same from a chunk's table of 64 entries (4 KB) as of 256 (16 KB, more
 * of it in L2 than in L1), so 30 bits take 4 lookups in chunks of 8, 8, 7 and 7 bits rather than
 * 5 of 6; but a table of 256 entries takes about three times as long to build, worth it for
 * blocks that meet many items (the gain grows with N: BENCHMARKS.md).
 *
 * The includer defines MATCH_TARGET, the target attribute of its instruction set (or nothing),
 * VECTOR_BYTES, the width of its registers (8, 32 or 64), and ADD_POPCOUNT(sum, x): adds the
 * bit count of each 64-bit lane of vector x to that lane of sum. With 64 (AVX-512, whose target
 * must include VL, BW and VBMI) or 32 (AVX2) it includes <immintrin.h> first: the tables are
 * built with its intrinsics.
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

#define SIX_VALUES 64      /* a chunk's entries: of 6 bits */
#define BYTE_VALUES 256    /* of a byte (those past its width unused) */
#define BLOCK 512
#ifndef TABLES
#define TABLES 2    /* blocks an item meets at once (their tables in L1 and L2 together) */
#endif

#if VECTOR_BYTES == 64
/* One round of transpose_words: swaps the off-diagonal d x d blocks of words. m[r] keeps its
 * words p without d and takes m[r + d]'s p - d for the others (index `keep`); m[r + d] takes
 * m[r]'s p + d for its words without d and keeps the others (`swap`). */
MATCH_TARGET static inline __attribute__((always_inline)) void swap_blocks(__m512i m[8], int d,
                                                                           __m512i keep,
                                                                           __m512i swap)
{
#pragma GCC unroll 8
    for (int r = 0; r < 8; r++)
        if (!(r & d)) {
            const __m512i a = m[r], b = m[r + d];
            m[r] = _mm512_permutex2var_epi64(a, keep, b);
            m[r + d] = _mm512_permutex2var_epi64(a, swap, b);
        }
}

/* The 8 x 8 transpose of the 64-bit words of m[0..8): m[r] word k becomes m[k] word r. (Index
 * vectors list word 7 first; 8 + i is the second source's word i.) */
MATCH_TARGET static inline __attribute__((always_inline)) void transpose_words(__m512i m[8])
{
    swap_blocks(m, 4, _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0),
                _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4));
    swap_blocks(m, 2, _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0),
                _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2));
    swap_blocks(m, 1, _mm512_set_epi64(14, 6, 12, 4, 10, 2, 8, 0),
                _mm512_set_epi64(15, 7, 13, 5, 11, 3, 9, 1));
}

/* Byte k of each of patterns 64w to 64w + 63 of a block of `count` into x[k] (0 for those the
 * block has not): a byte shuffle a register, then a transpose of words. Returns which it has,
 * one bit each. */
MATCH_TARGET static inline __attribute__((always_inline)) __mmask64 transpose_bytes(
    __m512i x[8], const uint64_t *p, size_t count, size_t w)
{
    /* Byte k of the 8 words of a register to its word k (byte 8k + i from byte 8i + k). */
    const __m512i bytes_by_place = _mm512_set_epi64(
        0x3f372f271f170f07, 0x3e362e261e160e06, 0x3d352d251d150d05, 0x3c342c241c140c04,
        0x3b332b231b130b03, 0x3a322a221a120a02, 0x3931292119110901, 0x3830282018100800);
    const size_t first = w * 64;
    const size_t n = count <= first ? 0 : count - first < 64 ? count - first : 64;
    const __mmask64 valid = n == 64 ? ~(__mmask64)0 : ((__mmask64)1 << n) - 1;
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++)
        x[k] = _mm512_permutexvar_epi8(
            bytes_by_place,
            _mm512_maskz_loadu_epi64((__mmask8)(valid >> 8 * k), p + first + 8 * k));
    transpose_words(x);
    return valid;
}

/* Fills the table of one block of count <= 512 patterns in chunks of 6 bits, with AVX-512 (BW,
 * VBMI). For each 64 patterns, with byte k of every pattern in register k (transpose_bytes), the
 * word of each entry of one bit is a byte test masked to the patterns there are; entry 0 holds
 * them all. Every other entry is the AND of the entries of its low three bits and of its high three,
 * all 16 made in registers. How it came to this, each step measured on a block meeting ~900
 * items as at N = 22: the portable way below (bit by bit stores, each waiting on the last to the
 * same word) took as long as the meetings; byte tests on each chunk's bytes taken apart by a
 * store and a wider load, and entries made in memory each from one just stored, still waited on
 * the stores' forwarding, twice as long as now. */
MATCH_TARGET static inline __attribute__((always_inline)) void build_sixes(lanes *table,
                                                                           int chunks,
                                                                           const uint64_t *p,
                                                                           size_t count)
{
    for (size_t w = 0; w < BLOCK / 64; w++) {
        __m512i x[8];
        const __mmask64 valid = transpose_bytes(x, p, count, w);
        /* Bit j of the patterns is bit j % 8 of x[j / 8]: entry 1 << j % 6 of chunk j / 6. */
#pragma GCC unroll 8
        for (int k = 0; k < 8; k++)
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++) {
                const int bit = 8 * k + i, c = bit / 6;
                if (c < chunks)
                    ((uint64_t *)&table[c * SIX_VALUES + (1 << bit % 6)])[w] =
                        _mm512_mask_testn_epi8_mask(valid, x[k], _mm512_set1_epi8((char)(1 << i)));
            }
        for (int c = 0; c < chunks; c++) {
            ((uint64_t *)&table[c * SIX_VALUES])[w] = valid;
            /* Past bit 63 no pattern takes a bit (entries an item never looks up, but made). */
            for (int b = 64 - 6 * c; b < 6; b++)
                ((uint64_t *)&table[c * SIX_VALUES + (1 << b)])[w] = valid;
        }
    }
    for (int c = 0; c < chunks; c++) {
        lanes *t = table + c * SIX_VALUES;
        __m512i low[8], high[8];    /* entry 8h + l is high[h] & low[l] */
        low[0] = high[0] = _mm512_load_si512(&t[0]);
#pragma GCC unroll 8
        for (int v = 1; v < 8; v++) {   /* v without its lowest bit, and that bit */
            const int bit = __builtin_ctz((unsigned)v);
            low[v] = _mm512_and_si512(low[v & (v - 1)], _mm512_load_si512(&t[1 << bit]));
            high[v] = _mm512_and_si512(high[v & (v - 1)], _mm512_load_si512(&t[8 << bit]));
        }
#pragma GCC unroll 8
        for (int h = 0; h < 8; h++)
#pragma GCC unroll 8
            for (int l = 0; l < 8; l++)
                _mm512_store_si512(&t[8 * h + l], _mm512_and_si512(high[h], low[l]));
    }
}

/* The same in chunks of bytes (nq_chunking): the byte tests of register k are chunk k's entries
 * of one bit, and every other entry is the AND of the entries of its low four bits and of its
 * high ones: the sixteen of the low four made in registers, then those of each high value in
 * turn. */
MATCH_TARGET static inline __attribute__((always_inline)) void build_bytes(lanes *table,
                                                                           nq_chunking ch,
                                                                           const uint64_t *p,
                                                                           size_t count)
{
    for (size_t w = 0; w < BLOCK / 64; w++) {
        __m512i x[8];
        const __mmask64 valid = transpose_bytes(x, p, count, w);   /* x[k]: chunk k */
#pragma GCC unroll 8
        for (int k = 0; k < 8; k++)
            if (k < ch.chunks) {
                lanes *t = table + k * BYTE_VALUES;
                ((uint64_t *)&t[0])[w] = valid;
#pragma GCC unroll 8
                for (int i = 0; i < 8; i++)     /* bits past its width: every pattern */
                    ((uint64_t *)&t[1 << i])[w] =
                        _mm512_mask_testn_epi8_mask(valid, x[k], _mm512_set1_epi8((char)(1 << i)));
            }
    }
    for (int c = 0; c < ch.chunks; c++) {
        const int width = nq_chunk_width(ch, c), high_bits = width > 4 ? width - 4 : 0;
        lanes *t = table + c * BYTE_VALUES;
        __m512i low[16];    /* the entries of the low four bits */
        low[0] = _mm512_load_si512(&t[0]);
#pragma GCC unroll 16
        for (int v = 1; v < 16; v++)    /* v without its lowest bit, and that bit */
            low[v] = _mm512_and_si512(low[v & (v - 1)],
                                      _mm512_load_si512(&t[1 << __builtin_ctz((unsigned)v)]));
#pragma GCC unroll 16
        for (int l = 1; l < 16; l++)
            _mm512_store_si512(&t[l], low[l]);
        /* Entry h << 4 is the high bits' own (its low ones none), made before those above it. */
        for (int h = 1; h < 1 << high_bits; h++) {
            const __m512i high = _mm512_and_si512(
                _mm512_load_si512(&t[(h & (h - 1)) << 4]),
                _mm512_load_si512(&t[(1 << __builtin_ctz((unsigned)h)) << 4]));
#pragma GCC unroll 16
            for (int l = 0; l < 16; l++)
                _mm512_store_si512(&t[h << 4 | l], _mm512_and_si512(high, low[l]));
        }
    }
}

/* Fills the table of one block, in chunks of bytes or of 6 bits. */
MATCH_TARGET static inline __attribute__((always_inline)) void build_block(lanes *table,
                                                                           nq_chunking ch,
                                                                           int bytes,
                                                                           const uint64_t *p,
                                                                           size_t count)
{
    if (bytes)
        build_bytes(table, ch, p, count);
    else
        build_sixes(table, ch.chunks, p, count);
}
#elif VECTOR_BYTES == 32
/* The tables built with AVX2 as AVX-512 builds them (above): each entry of one bit from a test
 * of one bit of every pattern's byte, every other entry an AND of those. AVX2 has no byte test
 * into a mask: VPMOVMSKB takes the top bit of each of 32 bytes, so a byte's bit i is shifted
 * there, one add a bit. The portable build's sums over subsets (a memset, a bit set for each
 * pattern and chunk, then an OR an entry for each bit of its chunk) took several times the
 * instructions (BENCHMARKS.md, "Where a unit's cost goes"). */

/* Byte k of patterns p[0..32) into x[k]. Not in their order: byte b of x[k] is of pattern
 * group_pattern(b) (bytes shuffled within 128-bit lanes, then a transpose of 16-bit words).
 * Each block's lanes take the patterns in that order in every entry alike, so the counts of
 * the ANDs are the same. */
MATCH_TARGET static inline __attribute__((always_inline)) void transpose_group(__m256i x[8],
                                                                               const uint64_t *p)
{
    /* In each lane of two patterns, their byte k side by side in 16-bit word k. */
    const __m256i by_place = _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7,
                                              15, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14,
                                              7, 15);
    __m256i r[8], t[8], u[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        r[i] = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(p + 4 * i)), by_place);
#pragma GCC unroll 4
    for (int i = 0; i < 8; i += 2) {   /* t[i]: words 0-3 of r[i], r[i + 1]; t[i + 1]: 4-7 */
        t[i] = _mm256_unpacklo_epi16(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_epi16(r[i], r[i + 1]);
    }
#pragma GCC unroll 2
    for (int i = 0; i < 8; i += 4) {   /* u[i + m]: words 2m, 2m + 1 of four r's */
        u[i] = _mm256_unpacklo_epi32(t[i], t[i + 2]);
        u[i + 1] = _mm256_unpackhi_epi32(t[i], t[i + 2]);
        u[i + 2] = _mm256_unpacklo_epi32(t[i + 1], t[i + 3]);
        u[i + 3] = _mm256_unpackhi_epi32(t[i + 1], t[i + 3]);
    }
#pragma GCC unroll 4
    for (int m = 0; m < 4; m++) {      /* word k of all eight r's */
        x[2 * m] = _mm256_unpacklo_epi64(u[m], u[m + 4]);
        x[2 * m + 1] = _mm256_unpackhi_epi64(u[m], u[m + 4]);
    }
}

/* The pattern of a group whose byte is byte b of transpose_group's registers. */
static inline int group_pattern(int b)
{
    return 4 * (b % 16 / 2) + 2 * (b / 16) + b % 2;
}

/* The bits of transpose_group's order that hold the first n of 32 patterns. */
static inline uint32_t group_valid(size_t n)
{
    uint32_t valid = 0;
    for (int b = 0; b < 32; b++)
        valid |= (uint32_t)(group_pattern(b) < (int)n) << b;
    return valid;
}

/* Fills group g's 32 bits of the entries of one bit, and of entry 0, of every chunk: bit j of
 * the patterns goes to entry 1 << j % 8 of chunk j / 8 in bytes, 1 << j % 6 of chunk j / 6 in
 * sixes (bits past 63 none: every pattern). n patterns at p, fewer than 32 read from a copy
 * with zeros after them. */
MATCH_TARGET static inline __attribute__((always_inline)) void build_group_bits(
    lanes *table, int chunks, int bytes, const uint64_t *p, size_t n, size_t g)
{
    const int step = bytes ? 8 : 6;
    const size_t stride = bytes ? BYTE_VALUES : SIX_VALUES;
    const uint32_t valid = n >= 32 ? ~UINT32_C(0) : group_valid(n);
    __m256i x[8];
    if (n >= 32)
        transpose_group(x, p);
    else if (n > 0) {
        uint64_t copy[32] = { 0 };
        memcpy(copy, p, n * sizeof *p);
        transpose_group(x, copy);
    } else
        for (int k = 0; k < 8; k++)
            x[k] = _mm256_setzero_si256();
    /* By memcpy, a store of 4 bytes: the entries are read as vectors of 64-bit words. */
#define ENTRY_BITS(c, v, bits)                                                                 \
    do {                                                                                       \
        const uint32_t entry_bits = (bits);                                                   \
        memcpy((char *)&table[(size_t)(c) * stride + (v)] + 4 * g, &entry_bits, 4);           \
    } while (0)
    for (int c = 0; c < chunks; c++) {
        ENTRY_BITS(c, 0, valid);
        for (int b = 64 - step * c; b < step; b++)
            ENTRY_BITS(c, 1 << b, valid);
    }
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++) {
        if (k * 8 >= chunks * step)
            break;
        __m256i y = x[k];
#pragma GCC unroll 8
        for (int i = 7; i >= 0; i--) {   /* bit i of each byte in its top bit */
            const int j = 8 * k + i;
            if (j < chunks * step)
                ENTRY_BITS(j / step, 1 << j % step, valid & ~(uint32_t)_mm256_movemask_epi8(y));
            y = _mm256_add_epi8(y, y);
        }
    }
#undef ENTRY_BITS
}

/* Fills the other entries of chunk c (its entries of one bit and entry 0 made): entry
 * h << 3 | l is the AND of the entries of its high bits h and of its low three l, the eight of
 * l in registers, those of h each from two entries made before it. */
MATCH_TARGET static inline __attribute__((always_inline)) void build_chunk(lanes *t, int width)
{
#pragma GCC unroll 2
    for (int k = 0; k < WORDS; k++) {
        vector low[8];
        low[0] = t[0].w[k];
#pragma GCC unroll 8
        for (int v = 1; v < 8; v++)
            low[v] = low[v & (v - 1)] & t[1 << __builtin_ctz((unsigned)v)].w[k];
#pragma GCC unroll 8
        for (int l = 1; l < 8; l++)
            t[l].w[k] = low[l];
        for (int h = 1; h < 1 << (width > 3 ? width - 3 : 0); h++) {
            const vector high = t[(h & (h - 1)) << 3].w[k] &
                                t[(1 << __builtin_ctz((unsigned)h)) << 3].w[k];
#pragma GCC unroll 8
            for (int l = 0; l < 8; l++)
                t[h << 3 | l].w[k] = high & low[l];
        }
    }
}

/* Fills the table of one block of count <= 512 patterns, in chunks of bytes or of 6 bits. */
MATCH_TARGET static inline __attribute__((always_inline)) void build_block(lanes *table,
                                                                           nq_chunking ch,
                                                                           int bytes,
                                                                           const uint64_t *p,
                                                                           size_t count)
{
    const size_t stride = bytes ? BYTE_VALUES : SIX_VALUES;
    for (size_t g = 0; g < BLOCK / 32; g++) {
        const size_t first = 32 * g, n = count <= first ? 0 : count - first;
        build_group_bits(table, ch.chunks, bytes, p + first, n, g);
    }
    for (int c = 0; c < ch.chunks; c++)
        build_chunk(table + c * stride, bytes ? nq_chunk_width(ch, c) : 6);
}
#else
/* Fills the table of one block of count <= 512 patterns, in chunks of bytes or of 6 bits. */
MATCH_TARGET static inline __attribute__((always_inline)) void build_block(lanes *table,
                                                                           nq_chunking ch,
                                                                           int bytes,
                                                                           const uint64_t *p,
                                                                           size_t count)
{
    const int step = bytes ? 8 : 6, stride = bytes ? BYTE_VALUES : SIX_VALUES;
    for (int c = 0; c < ch.chunks; c++)
        memset(table + c * stride, 0, sizeof *table << (bytes ? nq_chunk_width(ch, c) : 6));
    /* First each pattern goes to the entry of the complement of its own chunk value u... */
    for (size_t i = 0; i < count; i++)
        for (int c = 0; c < ch.chunks; c++) {
            const unsigned values = 1u << (bytes ? nq_chunk_width(ch, c) : 6);
            const unsigned u = p[i] >> step * c & (values - 1);
            uint64_t *entry = (uint64_t *)&table[c * stride + (~u & (values - 1))];
            entry[i / 64] |= UINT64_C(1) << i % 64;
        }
    /* ...then each entry v gathers the entries of its supersets: u and v are disjoint exactly
     * when v lies within the complement of u. */
    for (int c = 0; c < ch.chunks; c++) {
        lanes *t = table + c * stride;
        const int width = bytes ? nq_chunk_width(ch, c) : 6;
        for (int b = 0; b < width; b++)
            for (int v = 0; v < 1 << width; v++)
                if (!(v >> b & 1))
                    for (int k = 0; k < WORDS; k++)
                        t[v].w[k] |= t[v | 1 << b].w[k];
    }
}
#endif

#if VECTOR_BYTES == 64
/* query_blocks of one block of at most 256 patterns: the high half of every entry is empty, and
 * a lookup loads the low 32 bytes only, of which the CPU loads two a cycle where it loads one
 * entry of 64 bytes. */
MATCH_TARGET static inline __attribute__((always_inline)) uint64_t query_half(
    const lanes *table, int chunks, int bytes, const uint64_t *items, size_t count)
{
    const int step = bytes ? 8 : 6;
    const size_t values = bytes ? BYTE_VALUES : SIX_VALUES;
    __m256i sum = _mm256_setzero_si256();
    for (size_t i = 0; i < count; i++) {
        const uint64_t x = items[i];
        __m256i entry[11];
#pragma GCC unroll 11
        for (int c = 0; c < 11; c++) {
            if (c > 0 && c >= chunks)
                break;
            const size_t value = x >> step * c & (values - 1);
            entry[c] = _mm256_load_si256((const __m256i *)&table[c * values + value]);
            __asm__("" : "+v"(entry[c]));
        }
        __m256i all = entry[0];
        int c = 1;
#pragma GCC unroll 6
        for (; c + 2 <= chunks; c += 2)
            all = _mm256_ternarylogic_epi64(all, entry[c], entry[c + 1], 0x80);
        if (c < chunks)
            all = _mm256_and_si256(all, entry[c]);
        sum = _mm256_add_epi64(sum, _mm256_popcnt_epi64(all));
    }
    return (uint64_t)_mm256_extract_epi64(sum, 0) + (uint64_t)_mm256_extract_epi64(sum, 1) +
           (uint64_t)_mm256_extract_epi64(sum, 2) + (uint64_t)_mm256_extract_epi64(sum, 3);
}
#endif

/* Word k of the lanes of item x that fit block b of consecutive blocks' tables: the AND of that
 * word of the entries of its chunks (one value, not an array: see tally). Not AVX-512, whose
 * loads go apart (query_blocks). */
MATCH_TARGET static inline __attribute__((always_inline)) vector fit_word(
    const lanes *table, int chunks, int bytes, uint64_t x, int b, int k)
{
    const int step = bytes ? 8 : 6;
    const size_t values = bytes ? BYTE_VALUES : SIX_VALUES;
    const lanes *t = table + (size_t)b * chunks * values;
    vector fit = t[x & (values - 1)].w[k];
#pragma GCC unroll 11
    for (int c = 1; c < chunks; c++)
        fit &= t[c * values + (x >> step * c & (values - 1))].w[k];
    return fit;
}

#ifdef CARRY_SAVE
/* Bits of many vectors counted as Harley and Seal count them: every 16 vectors go through a
 * tree of carry-save adders into running bits of weight 1, 2, 4 and 8 (`ones` .. `eights`),
 * and only the carries of weight 16 are counted, one count for 16 vectors. For an instruction
 * set without a popcount of its vectors (AVX2: nibble lookups, eight instructions a vector)
 * that is about five logic instructions a vector instead of eight. `pending`, `two`, `four`
 * and `eight` hold the first of each pair until its second comes.
 *
 * The tally, its adders' sums and the fitting words go by value, never by address, and in no
 * array: under AddressSanitizer such a local stays in memory, poisoned and unpoisoned in the
 * shadow at each scope (its checks of use after scope). Passed by address or as an array, each
 * item's lanes went through memory so (count 16 by the join 15 to 20 % slower under ASan than
 * without the tally). As values, they are registers, or the compiler's own spills, in every
 * build. */
typedef struct tally {
    vector ones, twos, fours, eights, sixteens;
    vector pending, two, four, eight;
} tally;

/* a + b + c, bit by bit: the sum bits and the carries. */
typedef struct sum_carry {
    vector sum, carry;
} sum_carry;

MATCH_TARGET static inline __attribute__((always_inline)) sum_carry carry_save(vector a,
                                                                               vector b,
                                                                               vector c)
{
    const vector u = a ^ b;
    return (sum_carry){ u ^ c, (a & b) | (u & c) };
}

/* t with v added, the p-th of 16 vectors (p a constant where inlined: the branches fold). */
MATCH_TARGET static inline __attribute__((always_inline)) tally tally_add(tally t, vector v,
                                                                          int p)
{
    if (!(p & 1)) {
        t.pending = v;
        return t;
    }
    const sum_carry two = carry_save(t.ones, t.pending, v);
    t.ones = two.sum;
    if (!(p & 2)) {
        t.two = two.carry;
        return t;
    }
    const sum_carry four = carry_save(t.twos, t.two, two.carry);
    t.twos = four.sum;
    if (!(p & 4)) {
        t.four = four.carry;
        return t;
    }
    const sum_carry eight = carry_save(t.fours, t.four, four.carry);
    t.fours = eight.sum;
    if (!(p & 8)) {
        t.eight = eight.carry;
        return t;
    }
    const sum_carry sixteen = carry_save(t.eights, t.eight, eight.carry);
    t.eights = sixteen.sum;
    ADD_POPCOUNT(t.sixteens, sixteen.carry);
    return t;
}

/* What a tally has counted, by 64-bit lanes (every group of 16 complete). */
MATCH_TARGET static inline __attribute__((always_inline)) vector tally_total(tally t)
{
    const vector zero = { 0 };
    vector ones = zero, twos = zero, fours = zero, eights = zero;
    ADD_POPCOUNT(ones, t.ones);
    ADD_POPCOUNT(twos, t.twos);
    ADD_POPCOUNT(fours, t.fours);
    ADD_POPCOUNT(eights, t.eights);
    return ones + (twos << 1) + (fours << 2) + (eights << 3) + (t.sixteens << 4);
}
#endif

/* Counts the matches of items[0..count) in `tables` consecutive blocks' tables (1 or TABLES; a
 * constant where it is inlined): each item is loaded, and its chunks cut out, once for all of
 * them. With `half` (one block of at most 256 patterns) only the low half of each entry. */
MATCH_TARGET static inline __attribute__((always_inline)) uint64_t query_blocks(
    const lanes *table, int chunks, int tables, int bytes, int half, const uint64_t *items,
    size_t count)
{
#if VECTOR_BYTES == 64
    if (half)
        return query_half(table, chunks, bytes, items, count);
    const int step = bytes ? 8 : 6;
    const size_t values = bytes ? BYTE_VALUES : SIX_VALUES, stride = chunks * values;
#endif
    const int words = half ? (WORDS + 1) / 2 : WORDS;
    vector sum[WORDS];
    memset(sum, 0, sizeof sum);
    size_t i = 0;
#ifdef CARRY_SAVE
    /* Items in groups whose fitting lanes are 16 vectors, counted by a tally. */
    const int per_item = tables * words, group = 16 / per_item;
    if (count >= (size_t)group) {   /* not for fewer: the tally's count at the end is dear */
        tally t = { 0 };
        for (; i + (size_t)group <= count; i += (size_t)group)
#pragma GCC unroll 16
            for (int j = 0; j < group; j++) {
                const uint64_t x = items[i + (size_t)j];
#pragma GCC unroll 4
                for (int b = 0; b < tables; b++)
#pragma GCC unroll 8
                    for (int k = 0; k < words; k++)
                        t = tally_add(t, fit_word(table, chunks, bytes, x, b, k),
                                      j * per_item + b * words + k);
            }
        sum[0] += tally_total(t);
    }
#endif
    for (; i < count; i++) {
        const uint64_t x = items[i];
        lanes fit[TABLES];
#if VECTOR_BYTES == 64
        /* Each entry loaded on its own, then ANDed three at a time (VPTERNLOGQ): an AND that
         * takes an entry from memory at these addresses (base and index) costs two
         * micro-operations, and meetings of one block were bound by them. The empty asm keeps
         * the compiler from folding loads back. */
#pragma GCC unroll 4
        for (int b = 0; b < tables; b++) {
            __m512i entry[11];
#pragma GCC unroll 11
            for (int c = 0; c < 11; c++) {    /* chunk 0 always, the others as there are */
                if (c > 0 && c >= chunks)
                    break;
                const size_t value = x >> step * c & (values - 1);
                entry[c] = _mm512_load_si512(&table[b * stride + c * values + value]);
                __asm__("" : "+v"(entry[c]));
            }
            __m512i all = entry[0];
            int c = 1;
#pragma GCC unroll 6
            for (; c + 2 <= chunks; c += 2)
                all = _mm512_ternarylogic_epi64(all, entry[c], entry[c + 1], 0x80);   /* a&b&c */
            if (c < chunks)
                all = _mm512_and_si512(all, entry[c]);
            fit[b].w[0] = (vector)all;
        }
#else
#pragma GCC unroll 4
        for (int b = 0; b < tables; b++)
#pragma GCC unroll 8
            for (int k = 0; k < words; k++)
                fit[b].w[k] = fit_word(table, chunks, bytes, x, b, k);
#endif
#pragma GCC unroll 4
        for (int b = 0; b < tables; b++)
#pragma GCC unroll 8
            for (int k = 0; k < words; k++)
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
    const uint64_t *patterns, size_t count, const nq_match_items *items, nq_chunking ch,
    int bytes, void *table)
{
    const int chunks = ch.chunks;
    const size_t stride = (size_t)chunks * (bytes ? BYTE_VALUES : SIX_VALUES);
    uint64_t total = 0;
    for (size_t first = 0; first < count; first += TABLES * BLOCK) {
        int blocks = 0;
        for (size_t at = first; at < count && blocks < TABLES; at += BLOCK, blocks++)
            build_block((lanes *)table + blocks * stride, ch, bytes, patterns + at,
                        count - at < BLOCK ? count - at : BLOCK);
        const int half_last = count - first - (size_t)(blocks - 1) * BLOCK <= BLOCK / 2;
        for (int r = 0; r < items->ranges; r++) {
            const nq_match_range *range = &items->range[r];
            if (range->end <= range->first)
                continue;
            const uint64_t *at = items->at + range->first;
            const size_t n = range->end - range->first;
            if (r + 1 < items->ranges) {
                const uint64_t *next = items->at + items->range[r + 1].first;
                for (int line = 0; line < 4; line++)
                    __builtin_prefetch(next + 8 * line);
            }
            uint64_t pairs = 0;
            if (blocks == TABLES && !half_last)
                pairs = query_blocks(table, chunks, TABLES, bytes, 0, at, n);
            else    /* a half block alone: together they would load whole entries */
                for (int b = 0; b < blocks; b++) {
                    const lanes *t = (const lanes *)table + b * stride;
                    pairs += b == blocks - 1 && half_last
                                 ? query_blocks(t, chunks, 1, bytes, 1, at, n)
                                 : query_blocks(t, chunks, 1, bytes, 0, at, n);
                }
            total += range->weight * pairs;
        }
    }
    return total;
}

/* The same, with the chunk counts of the sizes that take long (3 to 7 at N = 20 to 27, where
 * the sieve packs bits) compiled each on its own: the loop over chunks unrolled, a lookup's
 * address one shift and mask of the item, the tables' offsets constants (3 instructions less
 * a lookup); chunks 0 for any other count.
 *
 * Each layout is a function of its own, not all inlined into one: GCC's AddressSanitizer checks
 * the memory accesses of a function with more than 7,000 of them by calls, not inline
 * (--param asan-instrumentation-with-call-threshold), and a call for 32 bytes walks the shadow
 * in __asan_loadN. The AVX2 matcher's twelve layouts with their carry-save counts came to about
 * 9,000: under ASan its join ran 6 times as slowly (count 16, one thread: 5.0 against 0.8 CPU
 * s), two thirds of it in that walk. A layout alone stays far under the threshold, every access
 * still checked; out of the sanitizer's builds the split costs a call a match. */
#define LAYOUT(kind, bytes, c)                                                                 \
    MATCH_TARGET static __attribute__((noinline)) uint64_t match_##kind##_##c(                 \
        const uint64_t *patterns, size_t count, const nq_match_items *items, nq_chunking ch,   \
        void *table)                                                                           \
    {                                                                                          \
        return match_chunks(patterns, count, items, (nq_chunking){ ch.bits, c ? c : ch.chunks }, \
                            bytes, table);                                                     \
    }
#define LAYOUTS(c) LAYOUT(sixes, 0, c) LAYOUT(bytes, 1, c)
LAYOUTS(0)
LAYOUTS(3)
LAYOUTS(4)
LAYOUTS(5)
LAYOUTS(6)
LAYOUTS(7)
#undef LAYOUTS
#undef LAYOUT

/* And each layout on its own. */
MATCH_TARGET static inline __attribute__((always_inline)) uint64_t match_body(
    const uint64_t *patterns, size_t count, const nq_match_items *items, nq_chunking ch,
    void *table)
{
#define MATCH_LAYOUT(c) \
    (nq_chunks_in_bytes(ch) ? match_bytes_##c : match_sixes_##c)(patterns, count, items, ch, table)
    switch (ch.chunks) {
    case 3:
        return MATCH_LAYOUT(3);
    case 4:
        return MATCH_LAYOUT(4);
    case 5:
        return MATCH_LAYOUT(5);
    case 6:
        return MATCH_LAYOUT(6);
    case 7:
        return MATCH_LAYOUT(7);
    default:
        return MATCH_LAYOUT(0);
    }
#undef MATCH_LAYOUT
}
