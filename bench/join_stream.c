/*
 * join_stream.c - the memory traffic of the join's matcher at N = 26 without the matcher: the
 * floor a row set's matching could reach if its time were its bytes (BENCHMARKS.md, "Where a
 * unit's cost goes"). Items of 8 bytes (5 byte chunks, as the sieve spreads 40 bits) are
 * streamed from a list of ITEMS_MB, VISITS times in all, in passes over the list; each visit
 * does what the chosen mode does:
 *
 *   join_stream stream  [VISITS_M [ITEMS_MB]]   XORs the item into a sum: the streaming alone
 *   join_stream lookups [VISITS_M [ITEMS_MB]]   ANDs, for two blocks of 512 patterns, the two
 *                                               32-byte words of one entry a chunk from tables
 *                                               of 2 x 5 x 256 entries of 64 bytes (160 KiB, in
 *                                               L2), as the AVX2 matcher's full pairs of blocks
 *                                               do; the lanes XORed, not counted
 *   join_stream lookups-l1 ...                  the same with each chunk's value cut to 4 bits:
 *                                               the same instructions, tables in L1 (10 KiB)
 *
 * Defaults: 663 million visits (those of row set 0xcfc589 of 26, `join_profile 26 rows
 * 0xcfc589`) over a list of 64 MB (its east halves, the items, 8 million). Prints CPU seconds
 * and ns a visit.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_time.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define CHUNKS 5
#define VALUES 256
#define BLOCKS 2

/* xorshift64*: items whose bytes spread over every value. */
static uint64_t next_random(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * UINT64_C(2685821657736338717);
}

__attribute__((target("avx2"))) static uint64_t stream(const uint64_t *items, size_t count,
                                                        size_t visits)
{
    uint64_t sum = 0;
    for (size_t done = 0; done < visits; done += count)
        for (size_t i = 0; i < count && done + i < visits; i++)
            sum ^= items[i];
    return sum;
}

/* The lookups of one visit of the AVX2 matcher's full pair of blocks (match_body.h's
 * fit_word), the lanes XORed: with `mask` 255 every entry, with 15 the first 16 of each chunk. */
__attribute__((target("avx2"))) static uint64_t lookups(const uint64_t *items, size_t count,
                                                         size_t visits, const __m256i *table,
                                                         unsigned mask)
{
    __m256i acc[BLOCKS * 2] = { 0 };
    for (size_t done = 0; done < visits; done += count)
        for (size_t i = 0; i < count && done + i < visits; i++) {
            const uint64_t x = items[i];
#pragma GCC unroll 2
            for (int b = 0; b < BLOCKS; b++)
#pragma GCC unroll 2
                for (int k = 0; k < 2; k++) {
                    const __m256i *t = table + (size_t)b * CHUNKS * VALUES * 2 + k;
                    __m256i fit = _mm256_load_si256(t + 2 * (x & mask));
#pragma GCC unroll 5
                    for (int c = 1; c < CHUNKS; c++)
                        fit = _mm256_and_si256(
                            fit, _mm256_load_si256(t + 2 * (c * VALUES + (x >> 8 * c & mask))));
                    acc[2 * b + k] = _mm256_xor_si256(acc[2 * b + k], fit);
                }
        }
    __m256i all = _mm256_xor_si256(_mm256_xor_si256(acc[0], acc[1]),
                                   _mm256_xor_si256(acc[2], acc[3]));
    return (uint64_t)_mm256_extract_epi64(all, 0) ^ (uint64_t)_mm256_extract_epi64(all, 3);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: join_stream stream|lookups|lookups-l1 [VISITS_M [ITEMS_MB]]\n");
        return 2;
    }
    const char *mode = argv[1];
    const size_t visits = (size_t)(argc > 2 ? atof(argv[2]) : 663) * 1000000;
    const size_t count = (size_t)(argc > 3 ? atof(argv[3]) : 64) * 1000000 / 8;
    uint64_t *items = malloc(count * sizeof *items);
    const size_t table_words = (size_t)BLOCKS * CHUNKS * VALUES * 2;
    __m256i *table = aligned_alloc(64, table_words * sizeof *table);
    if (!items || !table || !count) {
        fprintf(stderr, "join_stream: out of memory\n");
        return 1;
    }
    uint64_t seed = 1;
    for (size_t i = 0; i < count; i++)
        items[i] = next_random(&seed) & UINT64_C(0xffffffffff);
    for (size_t i = 0; i < table_words * 4; i++)
        ((uint64_t *)table)[i] = next_random(&seed);
    const double begin = thread_seconds();
    uint64_t check;
    if (!strcmp(mode, "stream"))
        check = stream(items, count, visits);
    else if (!strcmp(mode, "lookups") || !strcmp(mode, "lookups-l1"))
        check = lookups(items, count, visits, table, strcmp(mode, "lookups") ? 15 : 255);
    else {
        fprintf(stderr, "join_stream: no mode '%s'\n", mode);
        return 2;
    }
    const double took = thread_seconds() - begin;
    printf("%s: %zu visits over %zu items (%.0f MB): %.3f s of CPU, %.2f ns a visit (%llx)\n",
           mode, visits, count, count * 8 / 1e6, took, took * 1e9 / (double)visits,
           (unsigned long long)(check & 0xf));
    free(items);
    free(table);
    return 0;
}
#else
int main(void)
{
    fprintf(stderr, "join_stream: x86-64 only\n");
    return 2;
}
#endif
