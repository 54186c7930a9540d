/*
 * sieve.c - a matching split by a few bits of the patterns, as Kluev's counter does for large
 * boards.
 *
 * A pattern and an item that both take one of the cut bits never fit. Sorting the patterns into
 * buckets by their cut bits (their "signature"), and the items likewise, each bucket of patterns
 * meets only the items whose signature it does not overlap: with c cut bits each taken by about
 * two halves in five, a third of the pairs at c = 6. Buckets must stay big enough to fill the
 * matcher's blocks of 512, so c grows with the number of patterns; the bits cut are the c
 * adjacent ones that patterns and items take most often together.
 *
 * Within one bucket's matching the cut bits decide nothing: the bucket's patterns all take
 * the same ones there, and the items it meets none of those. So they are squeezed out of
 * patterns and items as they are sorted, and the matcher looks up c bits fewer per pair: with
 * 42-bit patterns (N = 22) and 6 to 8 cuts, 6 chunks of 6 bits instead of 7.
 */
#include <stdlib.h>

#include "join.h"

/* Patterns per bucket to aim at, at the least, for up to FIRST_CUTS cuts; then LONG_BUCKET up to
 * MAX_CUTS (a signature is a byte). */
#define BUCKET 512
#define FIRST_CUTS 6
#define LONG_BUCKET 256
#define MAX_CUTS 8
#define SIGNATURES (1 << MAX_CUTS)

/* The lowest of the c adjacent bits that patterns and items (a sample of each) take most often
 * together: adjacent, so that a value's signature is one shift and a mask. */
static int choose_cuts(const uint64_t *patterns, size_t count, const nq_match_items *items,
                       int bits, int c)
{
    enum { SAMPLE = 128 };
    double taken[64] = { 0 }, met[64] = { 0 };
    for (size_t i = 0; i < count; i += count / SAMPLE + 1)
        for (uint64_t x = patterns[i]; x; x &= x - 1)
            taken[__builtin_ctzll(x)]++;
    for (int r = 0; r < items->ranges; r++) {
        const nq_match_range *range = &items->range[r];
        for (size_t i = range->first; i < range->end; i += (range->end - range->first) / SAMPLE + 1)
            for (uint64_t x = items->at[i]; x; x &= x - 1)
                met[__builtin_ctzll(x)]++;
    }
    int best = 0;
    double best_sum = -1;
    for (int lo = 0; lo + c <= bits; lo++) {
        double sum = 0;
        for (int b = lo; b < lo + c; b++)
            sum += taken[b] * met[b];
        if (sum > best_sum)
            best = lo, best_sum = sum;
    }
    return best;
}

static unsigned signature(uint64_t x, int lo, int c)
{
    return (unsigned)(x >> lo) & ((1u << c) - 1);
}

/* x without its bits lo..lo + c - 1, the higher ones moved down by c. */
static uint64_t squeeze(uint64_t x, int lo, int c)
{
    const uint64_t low = x & ((UINT64_C(1) << lo) - 1);
    return lo + c < 64 ? low | (x >> (lo + c)) << lo : low;
}

/* Copies values [first, end) to out from offset `at` on, sorted by signature and with the
 * signature's bits squeezed out: bucket s at out[start[s]] up to out[start[s + 1]]. sig is
 * scratch for one signature per value. */
static void sort_by_signature(const uint64_t *values, size_t first, size_t end, int lo, int c,
                              uint64_t *out, size_t at, size_t start[SIGNATURES + 1], uint8_t *sig)
{
    size_t next[SIGNATURES] = { 0 };
    for (size_t i = first; i < end; i++)
        next[sig[i - first] = (uint8_t)signature(values[i], lo, c)]++;
    start[0] = at;
    for (int s = 0; s < 1 << c; s++) {
        start[s + 1] = start[s] + next[s];
        next[s] = start[s];
    }
    for (size_t i = first; i < end; i++)
        out[next[sig[i - first]]++] = squeeze(values[i], lo, c);
}

/* Adds items [first, end) of weight `weight` to items: to its last range when they follow it
 * with the same weight (fewer, longer ranges for the matcher), nothing when empty. */
static void add_range(nq_match_items *items, size_t first, size_t end, unsigned weight)
{
    if (end == first)
        return;
    nq_match_range *last = items->ranges ? &items->range[items->ranges - 1] : NULL;
    if (last && last->end == first && last->weight == weight)
        last->end = end;
    else
        items->range[items->ranges++] = (nq_match_range){ first, end, weight };
}

nq_status nq_sieve_match(const uint64_t *patterns, size_t count, const nq_match_items *items,
                         int bits, nq_match_fn *match, void *table, nq_sieve_scratch *scratch,
                         uint64_t *pairs)
{
    int c = 0;
    while (c < FIRST_CUTS && count >> (c + 1) >= BUCKET)
        c++;
    /* Long lists (64K patterns and more: N >= 20) gain more by meeting fewer items than they
     * lose by buckets that fill fewer blocks: there, up to 8 cuts and buckets of 256. */
    while (c >= FIRST_CUTS && c < MAX_CUTS && count >> (c + 1) >= LONG_BUCKET)
        c++;
    size_t item_count = 0;
    for (int r = 0; r < items->ranges; r++)
        item_count = items->range[r].end > item_count ? items->range[r].end : item_count;
    if (c == 0 || items->ranges > 3) {
        *pairs = match(patterns, count, items, bits, table);
        return NQ_OK;
    }
    const size_t most = count > item_count ? count : item_count;
    if (nq_patterns_room(&scratch->patterns, count) ||
        nq_patterns_room(&scratch->items, item_count) ||
        nq_patterns_room(&scratch->signatures, most / 8 + 1))   /* a byte per value */
        return NQ_ERR_NOMEM;
    uint8_t *sig = (uint8_t *)scratch->signatures.at;
    const int lo = choose_cuts(patterns, count, items, bits, c);
    size_t bucket[SIGNATURES + 1], item_bucket[3][SIGNATURES + 1];
    sort_by_signature(patterns, 0, count, lo, c, scratch->patterns.at, 0, bucket, sig);
    for (int r = 0; r < items->ranges; r++)
        sort_by_signature(items->at, items->range[r].first, items->range[r].end, lo, c,
                          scratch->items.at, items->range[r].first, item_bucket[r], sig);
    *pairs = 0;
    for (unsigned g = 0; g < 1u << c; g++) {
        if (bucket[g + 1] == bucket[g])
            continue;
        /* The items whose signature this bucket's does not overlap (ranges filled as found:
         * zeroing all of them for each bucket would cost more than some matchings). */
        nq_match_items fitting;
        fitting.at = scratch->items.at;
        fitting.ranges = 0;
        const unsigned clear = ~g & ((1u << c) - 1);
        for (int r = 0; r < items->ranges; r++) {
            /* The subsets s of clear, in increasing order (3^c of them over all g, not 4^c),
             * buckets that follow each other in one range. */
            unsigned s = 0;
            do {
                add_range(&fitting, item_bucket[r][s], item_bucket[r][s + 1],
                          items->range[r].weight);
                s = (s - clear) & clear;
            } while (s);
        }
        *pairs += match(scratch->patterns.at + bucket[g], bucket[g + 1] - bucket[g], &fitting,
                        bits - c, table);
    }
    return NQ_OK;
}
