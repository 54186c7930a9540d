/*
 * sieve.c - a matching split by a few bits of the values, as Kluev's counter does for large
 * boards.
 *
 * A pattern and an item that both take one of the cut bits never fit. Sorting the patterns into
 * buckets by their cut bits (their "signature"), and the items likewise, each bucket of patterns
 * meets only the items whose signature it does not overlap: with c cut bits each taken by about
 * two halves in five, a third of the pairs at c = 6. The bits cut are the c adjacent ones that
 * patterns and items take most often together; the longer list is the patterns, so that the
 * matcher's blocks of 512 fill up.
 *
 * Every cut halves the buckets, and a bucket fills its blocks less: past some c, the blocks
 * built and the item ranges walked cost more than the pairs the cut spares. So the values'
 * signatures are taken for the most cuts worth trying, their counts give the exact blocks and
 * meetings of each fewer cuts (nested windows), and the cheapest number wins.
 *
 * Within one bucket's matching the cut bits decide nothing: the bucket's patterns all take
 * the same ones there, and the items it meets none of those. So they are squeezed out of
 * patterns and items as they are sorted, and the matcher looks up c bits fewer per pair: with
 * 42-bit patterns (N = 22) and 6 to 8 cuts, 6 chunks of 6 bits instead of 7.
 *
 * Where pairs weigh by two flag bits (the join's symmetric starts), the flags join the
 * signature too: a bucket of patterns then knows its flags, each bucket of items its own, and
 * the pair of buckets its weight, so that one sort of each list serves every weight (sorting
 * by flags first, then sieving each class apart, cost as much as the matching at N = 22).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "join.h"

/* The most cut bits, and signatures with the two flags above them. */
#define MAX_CUTS 10
#define SIGNATURES (1 << (MAX_CUTS + 2))

/* The most cuts worth trying keep buckets of at least BUCKET patterns up to FIRST_CUTS cuts,
 * LONG_BUCKET past that; the prices choose among them and up to 3 fewer. */
#define BUCKET 512
#define FIRST_CUTS 6
#define LONG_BUCKET 256
#define FEWER_CUTS 3

/* Values are counted and sorted in STREAMS interleaved streams, each with its own counters: in
 * one stream, the increments of one counter, value after value of the same signature as halves
 * are listed, wait on each other. */
#define STREAMS 4

/* What the parts of a matching cost, in lookups of the matcher: a block built, per chunk of its
 * table; a range of items walked, per block; an item met, besides its lookups. Fitted to the
 * times of N = 20 and 22 (BENCHMARKS.md, "One sort a half, the cuts priced"). */
#define BUILD_PRICE 300.0
#define RANGE_PRICE 100.0
#define MEET_PRICE 2.0

/* Where a value's signature comes from: its c adjacent bits from lo, then its flags (none when
 * `flags` is 0) above them. */
typedef struct cut {
    int lo, c;
    uint64_t flags;         /* 1 with flags, 0 without */
    int flag[2];
} cut;

static unsigned signatures_of(const cut *cut)
{
    return 1u << (cut->c + (cut->flags ? 2 : 0));
}

/* The signature under `fewer` of one under `wider`, whose window holds fewer's. */
static unsigned narrow(unsigned s, const cut *wider, const cut *fewer)
{
    return (s >> (fewer->lo - wider->lo) & ((1u << fewer->c) - 1)) | (s >> wider->c) << fewer->c;
}

/* x without its bits lo..lo + c - 1, the higher ones moved down by c (low: the bits below lo;
 * two shifts, as lo + c may be 64). */
static uint64_t squeeze(uint64_t x, uint64_t low, int lo, int c)
{
    return (x & low) | (x >> lo >> c) << lo;
}

/* The weight of a pair of buckets, by the flags of the patterns' (f) and of the items' (g):
 * the patterns are list a's unless swapped. */
static unsigned weight_of(const nq_sieve_weights *weights, int swapped, unsigned f, unsigned g)
{
    return swapped ? weights->weight[g][f] : weights->weight[f][g];
}

/* How often each bit is taken in a sample of about 128 values, into taken. */
static void bits_taken(const uint64_t *values, size_t count, double taken[64])
{
    for (size_t i = 0; i < count; i += count / 128 + 1)
        for (uint64_t x = values[i]; x; x &= x - 1)
            taken[__builtin_ctzll(x)]++;
}

/* The lowest of c adjacent bits in lo..end - 1 that patterns and items take most often
 * together (taken[b] * met[b] summed): adjacent, so that a signature is one shift and a mask. */
static int best_window(const double taken[64], const double met[64], int lo, int end, int c)
{
    int best = lo;
    double best_sum = -1;
    for (int at = lo; at + c <= end; at++) {
        double sum = 0;
        for (int b = at; b < at + c; b++)
            sum += taken[b] * met[b];
        if (sum > best_sum)
            best = at, best_sum = sum;
    }
    return best;
}

/* The most cuts worth trying for `count` patterns of `bits` bits. */
static int most_cuts(size_t count, int bits)
{
    int c = 0;
    while (c < FIRST_CUTS && count >> (c + 1) >= BUCKET)
        c++;
    while (c >= FIRST_CUTS && c < MAX_CUTS && count >> (c + 1) >= LONG_BUCKET)
        c++;
    return c < bits ? c : bits - 1;
}

/* The numbers of cuts to try (least to most), their cuts (nested windows: cuts[k] for k cuts),
 * and how many values of each list, in each stream, have each signature under the widest,
 * cuts[most]. */
typedef struct trial {
    int least, most;
    cut cuts[MAX_CUTS + 1];
    uint32_t have[2][STREAMS][SIGNATURES];
} trial;

/* What one matching keeps besides its lists: some 600 KB with 10 cuts, too much for a thread's
 * stack, so made once per scratch. */
struct nq_sieve_work {
    trial trial;
    double have[SIGNATURES], met[SIGNATURES];   /* a trial's counts under fewer cuts */
    double within[4][SIGNATURES], ranges[4][SIGNATURES];    /* and its price's sums */
    uint16_t to[SIGNATURES];                    /* signatures narrowed, for a sort */
    size_t next[STREAMS][SIGNATURES];           /* where a sort puts a stream's next value */
    size_t bucket[SIGNATURES + 1], item_bucket[SIGNATURES + 1];
    nq_match_items items;                       /* the items one bucket meets */
};

/* What matching under `cut` costs, in lookups, from the numbers of patterns (have) and items
 * (met) of each of its signatures: each block of patterns of a signature meets the items of
 * every signature it does not overlap whose pair has a weight, in a range for each signature. */
static double price(const cut *cut, const nq_sieve_weights *weights, int swapped,
                    const double *have, const double *met, double within[4][SIGNATURES],
                    double ranges[4][SIGNATURES], int bits)
{
    const int width = cut->c + (cut->flags ? 2 : 0), classes = cut->flags ? 4 : 1;
    const unsigned signatures = signatures_of(cut), all = signatures - 1;
    /* The sets of item flags that pattern flags weigh (weighed[k]; set_of[f] for flags f), and
     * for each, the items with those flags whose signature lies within m (within[k][m]), and
     * the signatures they have (ranges[k][m]). */
    unsigned weighed[4];
    int sets = 0, set_of[4];
    for (int f = 0; f < classes; f++) {
        unsigned w = 0;
        for (int g = 0; g < classes; g++)
            w |= (unsigned)(weight_of(weights, swapped, (unsigned)f, (unsigned)g) != 0) << g;
        int k = 0;
        while (k < sets && weighed[k] != w)
            k++;
        if (k == sets)
            weighed[sets++] = w;
        set_of[f] = k;
    }
    for (int k = 0; k < sets; k++) {
        for (unsigned m = 0; m < signatures; m++) {
            within[k][m] = weighed[k] >> (m >> cut->c) & 1 ? met[m] : 0;
            ranges[k][m] = within[k][m] > 0;
        }
        for (int b = 0; b < width; b++)
            for (unsigned m = 0; m < signatures; m++)
                if (m >> b & 1) {
                    within[k][m] += within[k][m ^ 1u << b];
                    ranges[k][m] += ranges[k][m ^ 1u << b];
                }
    }
    double meets = 0, blocks = 0, walks = 0;
    for (unsigned g = 0; g < signatures; g++) {
        if (have[g] == 0)
            continue;
        const double block = ceil(have[g] / 512);
        const int k = set_of[g >> cut->c];
        blocks += block;
        meets += block * within[k][~g & all];
        walks += block * ranges[k][~g & all];
    }
    const int chunks = nq_match_chunks(bits - cut->c);
    return meets * (chunks + MEET_PRICE) + blocks * BUILD_PRICE * chunks + walks * RANGE_PRICE;
}

/* Lays out the cuts to try for lists a and b, the patterns list `patterns` of them (0: a). */
static void plan_trial(trial *t, const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
                       int patterns, const nq_sieve_weights *weights, int bits)
{
    t->most = most_cuts(patterns ? nb : na, bits);
    t->least = t->most > FEWER_CUTS ? t->most - FEWER_CUTS : 0;
    const int flags = weights->flags != 0;
    if (t->most == 0 && !flags)
        return;   /* nothing to sort by: lists too short for a cut (most below N = 18) */
    double taken[2][64] = { { 0 } };
    bits_taken(a, na, taken[0]);
    bits_taken(b, nb, taken[1]);
    const cut base = { 0, 0, flags, { flags ? weights->flag[0] : 0,
                                      flags ? weights->flag[1] : 0 } };
    const int lo = best_window(taken[0], taken[1], 0, bits, t->most);
    for (int k = t->least; k <= t->most; k++) {
        t->cuts[k] = base;
        t->cuts[k].c = k;
        t->cuts[k].lo = best_window(taken[0], taken[1], lo, lo + t->most, k);
    }
    /* Only the counters of the signatures there are: all of them take 128 KB. */
    for (int l = 0; l < 2; l++)
        for (int k = 0; k < STREAMS; k++)
            memset(t->have[l][k], 0, signatures_of(&t->cuts[t->most]) * sizeof t->have[l][k][0]);
}

/* Writes the signature of each value under cut to sig and counts them into have, value i in
 * stream i % STREAMS. */
static void sign(const uint64_t *values, size_t count, const cut *cut, uint16_t *sig,
                 uint32_t have[STREAMS][SIGNATURES])
{
    /* In locals, that the compiler may keep them in registers and vectorize the first loop. */
    const int lo = cut->lo, c = cut->c, f0 = cut->flag[0], f1 = cut->flag[1];
    const uint64_t window = (UINT64_C(1) << c) - 1, flags = cut->flags;
    for (size_t i = 0; i < count; i++) {
        const uint64_t x = values[i];
        sig[i] = (uint16_t)((x >> lo & window) | (x >> f0 & flags) << c |
                            (x >> f1 & flags) << (c + 1));
    }
    size_t i = 0;
    for (; i + STREAMS <= count; i += STREAMS)
        for (int s = 0; s < STREAMS; s++)
            have[s][sig[i + s]]++;
    for (; i < count; i++)
        have[i % STREAMS][sig[i]]++;
}

/* The cheapest number of cuts, now that the trial's counts are in, list `patterns` (0: a) the
 * patterns. */
static int cheapest(nq_sieve_work *w, const nq_sieve_weights *weights, int bits, int patterns)
{
    const trial *t = &w->trial;
    double *have = w->have, *met = w->met;
    const cut *widest = &t->cuts[t->most];
    const unsigned signatures = signatures_of(widest);
    int best = t->most;
    double best_price = -1;
    for (int k = t->least; k <= t->most; k++) {
        const cut *cut = &t->cuts[k];
        memset(have, 0, signatures_of(cut) * sizeof *have);
        memset(met, 0, signatures_of(cut) * sizeof *met);
        for (unsigned s = 0; s < signatures; s++) {
            const unsigned n = narrow(s, widest, cut);
            for (int stream = 0; stream < STREAMS; stream++) {
                have[n] += t->have[patterns][stream][s];
                met[n] += t->have[!patterns][stream][s];
            }
        }
        const double p = price(cut, weights, patterns, have, met, w->within, w->ranges, bits);
        if (best_price < 0 || p < best_price)
            best = k, best_price = p;
    }
    return best;
}

/* Copies values[0..count) to out, sorted by their signatures under cut (narrowed from those in
 * sig, under widest, have[k][s] of them in stream k for each s) and with the cut bits squeezed
 * out: bucket s at out[start[s]] up to out[start[s + 1]]. */
static void sort_by_signature(const uint64_t *values, size_t count, const uint16_t *sig,
                              const cut *widest, uint32_t have[STREAMS][SIGNATURES],
                              const cut *cut, nq_sieve_work *w, uint64_t *out,
                              size_t start[SIGNATURES + 1])
{
    uint16_t *to = w->to;
    size_t(*next)[SIGNATURES] = w->next;
    const unsigned narrowed = signatures_of(cut);
    for (int k = 0; k < STREAMS; k++)
        memset(next[k], 0, narrowed * sizeof *next[k]);
    for (unsigned s = 0; s < signatures_of(widest); s++) {
        to[s] = (uint16_t)narrow(s, widest, cut);
        for (int k = 0; k < STREAMS; k++)
            next[k][to[s]] += have[k][s];
    }
    /* Bucket n holds stream 0's values of it, then stream 1's, ... */
    size_t at = 0;
    for (unsigned n = 0; n < narrowed; n++) {
        start[n] = at;
        for (int k = 0; k < STREAMS; k++) {
            const size_t values_k = next[k][n];
            next[k][n] = at;
            at += values_k;
        }
    }
    start[narrowed] = at;
    const int lo = cut->lo, c = cut->c;
    const uint64_t low = (UINT64_C(1) << lo) - 1;
    size_t i = 0;
    for (; i + STREAMS <= count; i += STREAMS)
        for (int k = 0; k < STREAMS; k++)
            out[next[k][to[sig[i + k]]]++] = squeeze(values[i + k], low, lo, c);
    for (; i < count; i++)
        out[next[i % STREAMS][to[sig[i]]]++] = squeeze(values[i], low, lo, c);
}

/* Adds items [first, end) of weight `weight` to items: to its last range when they follow it
 * with the same weight (fewer, longer ranges for the matcher), nothing when empty or
 * weightless. */
static void add_range(nq_match_items *items, size_t first, size_t end, unsigned weight)
{
    if (end == first || weight == 0)
        return;
    nq_match_range *last = items->ranges ? &items->range[items->ranges - 1] : NULL;
    if (last && last->end == first && last->weight == weight)
        last->end = end;
    else
        items->range[items->ranges++] = (nq_match_range){ first, end, weight };
}

nq_status nq_sieve_match(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
                         const nq_sieve_weights *weights, int bits, nq_match_fn *match,
                         void *table, nq_sieve_scratch *scratch, uint64_t *pairs)
{
    if (!scratch->work && !(scratch->work = malloc(sizeof *scratch->work)))
        return NQ_ERR_NOMEM;
    nq_sieve_work *w = scratch->work;
    trial *t = &w->trial;
    nq_match_items *fitting = &w->items;
    const uint64_t *list[2] = { a, b };
    const size_t length[2] = { na, nb };
    const int p = nb > na;      /* the patterns' list */
    plan_trial(t, a, na, b, nb, p, weights, bits);
    if (t->most == 0 && !weights->flags) {   /* too few for a cut */
        fitting->at = list[!p];
        fitting->ranges = 1;
        fitting->range[0] = (nq_match_range){ 0, length[!p], weights->weight[0][0] };
        *pairs = match(list[p], length[p], fitting, bits, table);
        return NQ_OK;
    }
    if (nq_patterns_room(&scratch->signatures, (na + nb) / 4 + 1) ||   /* 16 bits each */
        nq_patterns_room(&scratch->patterns, length[p]) ||
        nq_patterns_room(&scratch->items, length[!p]))
        return NQ_ERR_NOMEM;
    uint16_t *sig[2] = { (uint16_t *)scratch->signatures.at,
                         (uint16_t *)scratch->signatures.at + na };
    const cut *widest = &t->cuts[t->most];
    sign(a, na, widest, sig[0], t->have[0]);
    sign(b, nb, widest, sig[1], t->have[1]);
    const int c = cheapest(w, weights, bits, p);
    const cut *cut = &t->cuts[c];
    size_t *bucket = w->bucket, *item_bucket = w->item_bucket;
    sort_by_signature(list[p], length[p], sig[p], widest, t->have[p], cut, w,
                      scratch->patterns.at, bucket);
    sort_by_signature(list[!p], length[!p], sig[!p], widest, t->have[!p], cut, w,
                      scratch->items.at, item_bucket);
    const unsigned all = signatures_of(cut) - 1;
    *pairs = 0;
    for (unsigned g = 0; g <= all; g++) {
        if (bucket[g + 1] == bucket[g])
            continue;
        /* The items whose signature this bucket's does not overlap, weighted by both buckets'
         * flags (ranges filled as found: zeroing all of them for each bucket would cost more
         * than some matchings). */
        fitting->at = scratch->items.at;
        fitting->ranges = 0;
        const unsigned clear = ~g & all;
        /* The subsets s of clear, in increasing order (3^c of them over all g, not 4^c), buckets
         * that follow each other. */
        unsigned s = 0;
        do {
            add_range(fitting, item_bucket[s], item_bucket[s + 1],
                      weight_of(weights, p, g >> c, s >> c));
            s = (s - clear) & clear;
        } while (s);
        if (fitting->ranges)
            *pairs += match(scratch->patterns.at + bucket[g], bucket[g + 1] - bucket[g], fitting,
                            bits - c, table);
    }
    return NQ_OK;
}

size_t nq_sieve_work_bytes(void)
{
    return sizeof(nq_sieve_work);
}

void nq_sieve_scratch_free(nq_sieve_scratch *scratch)
{
    free(scratch->patterns.at);
    free(scratch->items.at);
    free(scratch->signatures.at);
    free(scratch->work);
    memset(scratch, 0, sizeof *scratch);
}
