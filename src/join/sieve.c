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
 * built and the item ranges walked cost more than the pairs the cut spares. But buckets are
 * far from even (those of few cut bits taken are large and meet many items), so the cuts make
 * a tree: the cut bits are ordered (nested windows, each level's one bit wider than the one
 * above), and each node of a level, the values whose first k cut bits are the same, meets its
 * items whole or leaves them to its two children one bit deeper, whichever costs less. The
 * values' signatures are taken once under the widest window worth trying; their counts give
 * every node's exact blocks, meetings and ranges, and so the cheapest tree from each top level
 * (at N = 22 a tree met a fifth fewer items than the cheapest even cut, and a unit took 0.88
 * of the time). Both lists are then sorted by their signatures at the deepest level a node meets
 * at, in level order, so that every node's values lie together.
 *
 * Within one node's matching its cut bits decide nothing: the node's patterns all take the same
 * ones there, and the items it meets none of those. So the top level's are squeezed out of
 * patterns and items as they are sorted, and the matcher looks up that many bits fewer per
 * pair: with 42-bit patterns (N = 22) and 7 cuts, 6 chunks of 6 bits instead of 7. Nor does a
 * bit that one of the lists never takes: at N = 23, where the start's two queens leave many
 * diagonals to one half only, six to ten of the 42. Where the CPU packs bits in one instruction
 * (PEXT), those go too, and most row sets there take 5 chunks instead of 6.
 *
 * Where pairs weigh by two flag bits (the join's symmetric starts), the flags join the
 * signature too: a bucket of patterns then knows its flags, each bucket of items its own, and
 * the pair of buckets its weight, so that one sort of each list serves every weight (sorting
 * by flags first, then sieving each class apart, cost as much as the matching at N = 22).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "sieve.h"

#if NQ_CPU_X86
#include <immintrin.h>
#endif

/* The most cut bits: signatures, with the two flags above them, are 16-bit. Lists of millions
 * (the symmetric start's at N = 24) take 13 or 14, and a lower cap slowed them (BENCHMARKS.md).
 * A worker's arrays have room for the most its lists can take (struct nq_sieve_work). */
#define MAX_CUTS 14
_Static_assert(MAX_CUTS + 2 <= 16, "a signature and its flags fit 16 bits");

/* The most cuts worth trying keep buckets of at least BUCKET patterns up to FIRST_CUTS cuts,
 * LONG_BUCKET past that; the trees start from that level or up to FEWER_CUTS above. (Deeper
 * trees spared little matching and cost more in pricing and sorting, and smaller buckets were
 * slower: BENCHMARKS.md, "Tried, did not pay".) */
#define BUCKET 512
#define FIRST_CUTS 6
#define LONG_BUCKET 256
#define FEWER_CUTS 3

/* Values are counted and sorted in STREAMS interleaved streams, each with its own counters: in
 * one stream, the increments of one counter, value after value of the same signature as halves
 * are listed, wait on each other. */
#define STREAMS 4

/* What the parts of a matching cost, in lookups of the matcher: a block built, per chunk of its
 * table and per entry of that chunk (of the 16 entries of 4 bits at least, as the AVX-512 build
 * makes them; the entry's price is the kernels' own, nq_join_kernels.entry_price); a range of
 * items walked, per block; an item met, besides its lookups. Fitted to the units' times
 * (docs/join.md, "The sieve"; the prices tried are in BENCHMARKS.md, "Tried, did not pay"). */
#define CHUNK_PRICE 100.0
#define RANGE_PRICE 100.0
#define MEET_PRICE 2.0

/* A block of at most 256 patterns is read by half its entries (match_body.h), so it meets an
 * item for less than a fuller one: priced so, the sieve leaves more of them (BENCHMARKS.md). */
#define HALF_PRICE 0.8

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

/* What the matcher is given of each value: its bits in `keep`, packed down to the lowest, cut
 * into the chunks of `ch` (nq_spread). Where the CPU packs and spreads any bits in one
 * instruction each (PEXT and PDEP: kernels->packs, where kernels.c finds them fast), keep is
 * every bit both lists take less the squeezed level's cut bits, and the chunks are those the
 * plan finds cheapest: in bytes, `spread` says where each bit lands. Elsewhere keep is all the
 * bits less those cut bits, lo..lo + c - 1: then low keeps the bits below lo, high those from
 * lo + c, and the higher ones move down by c in one shift; the chunks are the most, read where
 * they lie. */
typedef struct squeeze_rule {
    int packed;             /* by PEXT (and PDEP for chunks in bytes) */
    uint64_t keep, low, high, spread;
    int c;
    nq_chunking ch;
} squeeze_rule;

static inline uint64_t squeeze_window(uint64_t x, const squeeze_rule *r)
{
    return (x & r->low) | (x & r->high) >> r->c;
}

/* What a matching's meetings and blocks cost with the matcher's chunks. */
typedef struct matcher_price {
    int chunks;
    double build;       /* a block's table */
} matcher_price;

static matcher_price price_of(nq_chunking ch, double entry_price)
{
    matcher_price p = { ch.chunks, 0 };
    for (int c = 0; c < ch.chunks; c++) {
        const int width = nq_chunk_width(ch, c);
        p.build += CHUNK_PRICE + entry_price * (1 << (width > 4 ? width : 4));
    }
    return p;
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

/* The levels of cuts to try (least to most cut bits) and their windows, nested: level k's
 * (cuts[k], k cut bits) is level k - 1's and one more bit at either end; and how many values of
 * each list, in each stream, have each signature under the widest, cuts[most]. */
typedef struct trial {
    int least, most;
    cut cuts[MAX_CUTS + 1];
    uint32_t *have[2];      /* signature s's in stream k at [s * STREAMS + k] (one line) */
} trial;

/* A level's nodes: the signatures under its cuts, flags above (node >> k). Those of every level
 * fit one array of twice the widest's signatures, level k's from 1 << (k + 2) on. */
static size_t node_index(int k, unsigned node)
{
    return ((size_t)1 << (k + 2)) + node;
}

/* The plan of a matching: patterns whose signatures under level k's cuts are one node meet
 * together (the node "flat"), or its two children at level k + 1 each apart, whichever costs
 * less; the matcher looks up the bits left when level q's cut bits are squeezed out (every
 * node at q or deeper), and both lists are sorted by their signatures at level d, the deepest
 * flat node's. */
typedef struct plan {
    int q, d;
    matcher_price price;    /* of the matcher's chunks at q */
    int flag_bits;  /* 2 with flags (above each node's cut bits), else 0 */
    squeeze_rule squeeze;   /* what the matcher is given of each value */
} plan;

/* What the last matching made of its list b, for the next one that matches the same b (the
 * parts of a row set, from n = 28, each match one west half of tens of millions of values
 * against a share of the east halves: listing, signing and sorting it again took a fifth of
 * such a part): b's
 * signatures under the trial's cuts and its counts (trial.have[1]), and where b was the
 * patterns, its sorted copy and their buckets (w->bucket) under `sorted_by`. */
typedef struct kept_list {
    int valid;          /* the trial, b's signatures and counts are the last b's */
    int patterns;       /* which list was the patterns (1: b) */
    uint64_t taken;     /* the bits b's values take */
    int sorted;         /* b was the patterns, sorted as sorted_by says */
    plan sorted_by;
} kept_list;

/* What one matching keeps besides its lists: arrays by signature, made once per scratch with
 * room for signatures of `room` cut bits, about 250 bytes a signature (16 MB at 14 cuts, 1 MB
 * at 10), and made anew when lists come that take more. */
struct nq_sieve_work {
    int room;
    trial trial;
    uint16_t *order;            /* a widest signature's bits in level order (below) */
    double *have, *met;         /* the counts at one level */
    double *within[4], *ranges[4];  /* and its price's sums */
    /* By node of every level: blocks of patterns, items met and ranges walked when flat, and
     * the least cost of the node's tree under the plan's q. */
    double *blocks, *meets, *walks, *best;
    uint16_t *to;               /* widest signatures to level d's, for a sort */
    size_t *next;               /* where a sort puts a stream's next value, as trial.have */
    size_t *bucket, *item_bucket;   /* one more than the signatures */
    nq_match_items items;       /* the items one node meets: a range per signature */
    kept_list kept;             /* what the last matching made of its list b */
};

/* Points w's arrays, with room for signatures of `room` cut bits, into memory from `base` on
 * (base NULL: measures it only); returns the bytes they take. */
static size_t place_arrays(nq_sieve_work *w, char *base, int room)
{
    const size_t signatures = (size_t)1 << (room + 2), nodes = 2 * signatures;
    size_t at = 0;
#define PLACE(array, count)                                                                     \
    ((array) = base ? (void *)(base + at) : NULL,                                                \
     at += ((count) * sizeof *(array) + 63) & ~(size_t)63)
    for (int l = 0; l < 2; l++)
        PLACE(w->trial.have[l], STREAMS * signatures);
    PLACE(w->order, signatures);
    PLACE(w->have, signatures);
    PLACE(w->met, signatures);
    for (int s = 0; s < 4; s++) {
        PLACE(w->within[s], signatures);
        PLACE(w->ranges[s], signatures);
    }
    PLACE(w->blocks, nodes);
    PLACE(w->meets, nodes);
    PLACE(w->walks, nodes);
    PLACE(w->best, nodes);
    PLACE(w->to, signatures);
    PLACE(w->next, STREAMS * signatures);
    PLACE(w->bucket, signatures + 1);
    PLACE(w->item_bucket, signatures + 1);
    PLACE(w->items.range, signatures);
#undef PLACE
    return at;
}

/* A work is the struct, then its arrays from this far on. */
#define ARRAYS_AT ((sizeof(nq_sieve_work) + 63) & ~(size_t)63)

/* The bytes of a work with room for `room` cut bits. */
static size_t work_bytes(int room)
{
    nq_sieve_work w;
    return ARRAYS_AT + place_arrays(&w, NULL, room);
}

/* Gives scratch a work with room for `room` cut bits, unless it has one. Returns NQ_OK or
 * NQ_ERR_NOMEM. */
static nq_status make_room(nq_sieve_scratch *scratch, int room)
{
    if (scratch->work && scratch->work->room >= room)
        return NQ_OK;
    free(scratch->work);
    nq_sieve_work *w = scratch->work = aligned_alloc(64, work_bytes(room));
    if (!w)
        return NQ_ERR_NOMEM;
    w->room = room;
    w->kept.valid = 0;
    place_arrays(w, (char *)w + ARRAYS_AT, room);
    return NQ_OK;
}

/* Lays out the levels to try for lists a and b, the patterns list `patterns` of them (0: a): the
 * widest window, the c adjacent bits that patterns and items take most often together, then
 * each level's one bit narrower, without the end bit they take together less. */
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
    t->cuts[t->most] = base;
    t->cuts[t->most].c = t->most;
    t->cuts[t->most].lo = best_window(taken[0], taken[1], 0, bits, t->most);
    for (int k = t->most - 1; k >= t->least; k--) {
        const int lo = t->cuts[k + 1].lo, end = lo + k;    /* end: the last bit of k + 1 */
        t->cuts[k] = t->cuts[k + 1];
        t->cuts[k].c = k;
        if (taken[0][lo] * taken[1][lo] < taken[0][end] * taken[1][end])
            t->cuts[k].lo = lo + 1;
    }
    /* Only the counters of the signatures there are: room for all of them takes up to 2 MB. */
    for (int l = 0; l < 2; l++)
        memset(t->have[l], 0, STREAMS * signatures_of(&t->cuts[t->most]) * sizeof *t->have[l]);
}

/* Writes the signature of each value under cut to sig and counts them into have, value i in
 * stream i % STREAMS; returns the bits any value takes. */
static uint64_t sign(const uint64_t *values, size_t count, const cut *cut, uint16_t *sig,
                     uint32_t *have)
{
    /* In locals, that the compiler may keep them in registers and vectorize the first loop. */
    const int lo = cut->lo, c = cut->c, f0 = cut->flag[0], f1 = cut->flag[1];
    const uint64_t window = (UINT64_C(1) << c) - 1, flags = cut->flags;
    uint64_t taken = 0;
    /* 256 values at a time, those 512 on fetched ahead: a list of a few MB comes from the
     * last level cache (listed all before), and this pass waited on it (8 % of a unit's time
     * at N = 22, 6 % with the fetches). */
    for (size_t first = 0; first < count; first += 256) {
        const size_t end = count - first < 256 ? count : first + 256;
        for (size_t ahead = first + 512; ahead < first + 768 && ahead < count; ahead += 8)
            __builtin_prefetch(values + ahead);
        if (flags)
            for (size_t i = first; i < end; i++) {
                const uint64_t x = values[i];
                sig[i] = (uint16_t)((x >> lo & window) | (x >> f0 & 1) << c |
                                    (x >> f1 & 1) << (c + 1));
                taken |= x;
            }
        else    /* most row sets: the flag terms in the loop cost as much as the window's */
            for (size_t i = first; i < end; i++) {
                sig[i] = (uint16_t)(values[i] >> lo & window);
                taken |= values[i];
            }
    }
    size_t i = 0;
    for (; i + STREAMS <= count; i += STREAMS)
        for (int s = 0; s < STREAMS; s++)
            have[sig[i + s] * STREAMS + s]++;
    for (; i < count; i++)
        have[sig[i] * STREAMS + i % STREAMS]++;
    return taken;
}

/* A signature under the widest cut in level order: the bits of the least level's window on top
 * (in their order), below them the bit each next level adds, the most's lowest; so that a
 * level k signature is the top k bits (the flags above them all). Sets w->order. */
static void order_signatures(nq_sieve_work *w)
{
    const trial *t = &w->trial;
    const int most = t->most, lo = t->cuts[most].lo;
    int place[MAX_CUTS];    /* where each window bit (board bit lo + i) goes */
    for (int i = 0; i < most; i++) {
        const int bit = lo + i;
        int k = t->least;
        while (bit < t->cuts[k].lo || bit >= t->cuts[k].lo + k)
            k++;    /* the level that adds it */
        place[i] = k == t->least ? most - t->least + (bit - t->cuts[k].lo) : most - k;
    }
    const unsigned window = (1u << most) - 1;
    for (unsigned s = 0; s < signatures_of(&t->cuts[most]); s++) {
        unsigned ordered = s & ~window;   /* the flags stay on top */
        for (int i = 0; i < most; i++)
            ordered |= (s >> i & 1u) << place[i];
        w->order[s] = (uint16_t)ordered;
    }
}

/* Level k's signature of a widest one in level order. */
static unsigned level_of(unsigned ordered, int most, int k)
{
    return (ordered >> most) << k | (ordered & ((1u << most) - 1)) >> (most - k);
}

/* Fills, for every node of level k, its blocks and what it meets when flat, from the counts of
 * patterns (w->have) and items (w->met) at that level: each block of a node meets the items of
 * every node it does not overlap whose pair has a weight, in a range for each. */
static void price_level(nq_sieve_work *w, int k, const cut *cut, const nq_sieve_weights *weights,
                        int swapped)
{
    const int width = k + (cut->flags ? 2 : 0), classes = cut->flags ? 4 : 1;
    const unsigned nodes = 1u << width, all = nodes - 1;
    /* The sets of item flags that pattern flags weigh (weighed[s]; set_of[f] for flags f), and
     * for each, the items with those flags whose node lies within m (within[s][m]), and the
     * nodes they have (ranges[s][m]). */
    unsigned weighed[4];
    int sets = 0, set_of[4];
    for (int f = 0; f < classes; f++) {
        unsigned wf = 0;
        for (int g = 0; g < classes; g++)
            wf |= (unsigned)(weight_of(weights, swapped, (unsigned)f, (unsigned)g) != 0) << g;
        int s = 0;
        while (s < sets && weighed[s] != wf)
            s++;
        if (s == sets)
            weighed[sets++] = wf;
        set_of[f] = s;
    }
    for (int s = 0; s < sets; s++) {
        double *within = w->within[s], *ranges = w->ranges[s];
        for (unsigned m = 0; m < nodes; m++) {
            within[m] = weighed[s] >> (m >> k) & 1 ? w->met[m] : 0;
            ranges[m] = within[m] > 0;
        }
        for (int b = 0; b < width; b++) {   /* each node with bit b gains its node without */
            const unsigned step = 1u << b;
            for (unsigned low = 0; low < nodes; low += 2 * step)
                for (unsigned m = low; m < low + step; m++) {
                    within[m + step] += within[m];
                    ranges[m + step] += ranges[m];
                }
        }
    }
    for (unsigned g = 0; g < nodes; g++) {
        const size_t i = node_index(k, g);
        const double block = ceil(w->have[g] / 512);
        const double last = w->have[g] - 512 * (block - 1);    /* patterns in the last block */
        const int s = set_of[g >> k];
        w->blocks[i] = block;
        w->meets[i] = (block - (last > 0 && last <= 256 ? 1 - HALF_PRICE : 0)) *
                      w->within[s][~g & all];
        w->walks[i] = block * w->ranges[s][~g & all];
    }
}

/* What node g of level k costs flat, in lookups of the matcher: its meetings, its blocks built
 * and its ranges walked. */
static double flat_price(const nq_sieve_work *w, int k, unsigned g, const matcher_price *mp)
{
    const size_t i = node_index(k, g);
    return w->meets[i] * (mp->chunks + MEET_PRICE) + w->blocks[i] * mp->build +
           w->walks[i] * RANGE_PRICE;
}

/* The children of node g of level k at level k + 1: the first, and the first + 1. */
static unsigned first_child(unsigned g, int k)
{
    return (g >> k) << (k + 1) | (g & ((1u << k) - 1)) << 1;
}

/* The least cost of every node's tree from level q down (into w->best), and their sum at q. */
static double price_trees(nq_sieve_work *w, int q, const matcher_price *mp, int flag_bits)
{
    const int most = w->trial.most;
    double total = 0;
    for (int k = most; k >= q; k--) {
        for (unsigned g = 0; g < 1u << (k + flag_bits); g++) {
            double cost = flat_price(w, k, g, mp);
            if (k < most) {
                const unsigned child = first_child(g, k);
                const double split =
                    w->best[node_index(k + 1, child)] + w->best[node_index(k + 1, child + 1)];
                cost = split < cost ? split : cost;
            }
            w->best[node_index(k, g)] = cost;
            if (k == q)
                total += cost;
        }
    }
    return total;
}

/* Whether node g of level k meets as a whole under the plan (w->best priced for its q). */
static int is_flat(const nq_sieve_work *w, int k, unsigned g, const matcher_price *mp)
{
    if (k == w->trial.most)
        return 1;
    const unsigned child = first_child(g, k);
    return flat_price(w, k, g, mp) <=
           w->best[node_index(k + 1, child)] + w->best[node_index(k + 1, child + 1)];
}

/* The deepest level at which a node of node g's tree (g of level k) meets flat; 0 if it has no
 * patterns. */
static int deepest(const nq_sieve_work *w, int k, unsigned g, const matcher_price *mp)
{
    if (w->blocks[node_index(k, g)] == 0)
        return 0;
    if (is_flat(w, k, g, mp))
        return k;
    const unsigned child = first_child(g, k);
    const int a = deepest(w, k + 1, child, mp), b = deepest(w, k + 1, child + 1, mp);
    return a > b ? a : b;
}

/* The squeeze that takes level q's cut bits out of the bits in `live` (packed, or else all
 * `bits` of a value, see squeeze_rule), for a matcher of `chunks` chunks (0: the most). */
static squeeze_rule squeeze_of(const cut *cut, uint64_t live, int packed, int chunks)
{
    const int lo = cut->lo, c = cut->c;
    const uint64_t window = ((UINT64_C(1) << c) - 1) << lo;
    squeeze_rule r = { packed, live & ~window, (UINT64_C(1) << lo) - 1,
                       lo + c == 64 ? 0 : ~((UINT64_C(1) << (lo + c)) - 1), 0, c, { 0, 1 } };
    r.ch.bits = __builtin_popcountll(r.keep);
    r.ch.chunks = chunks ? chunks : nq_match_chunks_most(r.ch.bits);
    r.spread = nq_spread(r.ch.bits ? ~UINT64_C(0) >> (64 - r.ch.bits) : 0, r.ch);
    return r;
}

/* The cheapest plan, now that the trial's counts are in, list `patterns` (0: a) the patterns:
 * every level priced node by node, then for each squeezed level q and each way to cut its bits
 * into chunks the trees from q down, its matcher (of `kernels`) looking up the bits of `live`
 * (packed where kernels->packs, or else all of them) less q's cut bits. */
static plan cheapest(nq_sieve_work *w, const nq_sieve_weights *weights, uint64_t live,
                     const nq_join_kernels *kernels, int patterns)
{
    const int packed = kernels->packs;
    const trial *t = &w->trial;
    const cut *widest = &t->cuts[t->most];
    const int flag_bits = widest->flags ? 2 : 0;
    order_signatures(w);
    /* The counts of the widest level, then each level's from its children one level deeper,
     * in place (a node's children come no earlier than it). */
    for (unsigned s = 0; s < signatures_of(widest); s++) {
        uint32_t have = 0, met = 0;
        for (int stream = 0; stream < STREAMS; stream++) {
            have += t->have[patterns][s * STREAMS + stream];
            met += t->have[!patterns][s * STREAMS + stream];
        }
        w->have[w->order[s]] = have;
        w->met[w->order[s]] = met;
    }
    for (int k = t->most; k >= t->least; k--) {
        if (k < t->most)
            for (unsigned g = 0; g < 1u << (k + flag_bits); g++) {
                const unsigned child = first_child(g, k);
                w->have[g] = w->have[child] + w->have[child + 1];
                w->met[g] = w->met[child] + w->met[child + 1];
            }
        price_level(w, k, &t->cuts[k], weights, patterns);
    }
    plan best = { 0 };
    double best_price = -1;
    for (int q = t->least; q <= t->most; q++) {
        const int bits = squeeze_of(&t->cuts[q], live, packed, 0).ch.bits;
        const int most = nq_match_chunks_most(bits);
        for (int chunks = packed ? nq_match_chunks_least(bits) : most; chunks <= most; chunks++) {
            if (!nq_chunking_valid((nq_chunking){ bits, chunks }))
                continue;
            const squeeze_rule squeeze = squeeze_of(&t->cuts[q], live, packed, chunks);
            const matcher_price mp = price_of(squeeze.ch, kernels->entry_price);
            const double p = price_trees(w, q, &mp, flag_bits);
            if (best_price < 0 || p < best_price)
                best = (plan){ q, q, mp, flag_bits, squeeze }, best_price = p;
        }
    }
    price_trees(w, best.q, &best.price, flag_bits);   /* w->best for the plan's q */
    for (unsigned g = 0; g < 1u << (best.q + flag_bits); g++) {
        const int d = deepest(w, best.q, g, &best.price);
        best.d = d > best.d ? d : best.d;
    }
    return best;
}

/* The sort's last pass: value i, squeezed by `squeeze` under rule r, to out[next[to[its
 * signature] * STREAMS + i % STREAMS]], that place moved on. Inlined into one function for each
 * squeeze. */
static inline __attribute__((always_inline)) void scatter(
    const uint64_t *values, size_t count, const uint16_t *sig, const uint16_t *to,
    size_t *next, squeeze_rule r, uint64_t (*squeeze)(uint64_t, const squeeze_rule *),
    uint64_t *out)
{
    size_t i = 0;
    /* Each stream's next place fetched for writing 8 values ahead: they lie scattered over up
     * to 16384 places, which the prefetch brings in before the writes wait on them. */
    for (; i + STREAMS <= count; i += STREAMS) {
        if (i + 9 * STREAMS <= count)
            for (int k = 0; k < STREAMS; k++)
                __builtin_prefetch(&out[next[to[sig[i + 8 * STREAMS + k]] * STREAMS + k]], 1);
        for (int k = 0; k < STREAMS; k++)
            out[next[to[sig[i + k]] * STREAMS + k]++] = squeeze(values[i + k], &r);
    }
    for (; i < count; i++)
        out[next[to[sig[i]] * STREAMS + i % STREAMS]++] = squeeze(values[i], &r);
}

static void scatter_window(const uint64_t *values, size_t count, const uint16_t *sig,
                           const uint16_t *to, size_t *next, squeeze_rule r,
                           uint64_t *out)
{
    scatter(values, count, sig, to, next, r, squeeze_window, out);
}

#if NQ_CPU_X86
__attribute__((target("bmi2"))) static inline uint64_t squeeze_packed(uint64_t x,
                                                                     const squeeze_rule *r)
{
    return _pext_u64(x, r->keep);
}

__attribute__((target("bmi2"))) static inline uint64_t squeeze_spread(uint64_t x,
                                                                     const squeeze_rule *r)
{
    return _pdep_u64(_pext_u64(x, r->keep), r->spread);
}

__attribute__((target("bmi2"))) static void scatter_packed(const uint64_t *values, size_t count,
                                                           const uint16_t *sig,
                                                           const uint16_t *to,
                                                           size_t *next,
                                                           squeeze_rule r, uint64_t *out)
{
    if (nq_chunks_in_bytes(r.ch))
        scatter(values, count, sig, to, next, r, squeeze_spread, out);
    else
        scatter(values, count, sig, to, next, r, squeeze_packed, out);
}
#endif

/* Copies values[0..count) to out, sorted by their signatures at level d (from those in sig,
 * under the widest cut, have[s * STREAMS + k] of them in stream k for each s) and squeezed as
 * the plan says: bucket s at out[start[s]] up to out[start[s + 1]]. */
static void sort_by_signature(const uint64_t *values, size_t count, const uint16_t *sig,
                              const uint32_t *have, const plan *plan,
                              nq_sieve_work *w, uint64_t *out, size_t *start)
{
    const trial *t = &w->trial;
    const cut *widest = &t->cuts[t->most];
    uint16_t *to = w->to;
    size_t *next = w->next;
    const unsigned buckets = 1u << (plan->d + plan->flag_bits);
    memset(next, 0, STREAMS * buckets * sizeof *next);
    for (unsigned s = 0; s < signatures_of(widest); s++) {
        to[s] = (uint16_t)level_of(w->order[s], t->most, plan->d);
        for (int k = 0; k < STREAMS; k++)
            next[to[s] * STREAMS + k] += have[s * STREAMS + k];
    }
    /* Bucket n holds stream 0's values of it, then stream 1's, ... */
    size_t at = 0;
    for (unsigned n = 0; n < buckets; n++) {
        start[n] = at;
        for (int k = 0; k < STREAMS; k++) {
            const size_t values_k = next[n * STREAMS + k];
            next[n * STREAMS + k] = at;
            at += values_k;
        }
    }
    start[buckets] = at;
#if NQ_CPU_X86
    if (plan->squeeze.packed) {
        scatter_packed(values, count, sig, to, next, plan->squeeze, out);
        return;
    }
#endif
    scatter_window(values, count, sig, to, next, plan->squeeze, out);
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

/* One matching's lists, sorted, and how it goes. */
typedef struct matching {
    nq_sieve_work *w;
    const nq_sieve_weights *weights;
    int swapped;                    /* the patterns are list b */
    const plan *plan;
    nq_match_fn *match;
    void *table;
    const uint64_t *patterns, *items;
} matching;

/* The weighted pairs of the patterns of node g of level k, whole (its patterns are the buckets of
 * level d below it, one after the other) or its children apart, as the plan says. */
static uint64_t match_node(const matching *m, int k, unsigned g)
{
    const nq_sieve_work *w = m->w;
    if (w->blocks[node_index(k, g)] == 0)
        return 0;
    if (!is_flat(w, k, g, &m->plan->price)) {
        const unsigned child = first_child(g, k);
        return match_node(m, k + 1, child) + match_node(m, k + 1, child + 1);
    }
    /* The items whose node at level k this one does not overlap, weighted by both nodes' flags
     * (ranges filled as found: zeroing all of them for each node would cost more than some
     * matchings). Node s of level k is the buckets from s << below to (s + 1) << below. */
    const int below = m->plan->d - k;
    const unsigned all = (1u << (k + m->plan->flag_bits)) - 1, clear = ~g & all;
    nq_match_items *fitting = &m->w->items;
    fitting->at = m->items;
    fitting->ranges = 0;
    /* The subsets s of clear, in increasing order (3^k of them over all g, not 4^k), nodes that
     * follow each other: those that differ only in clear's lowest run of bits (below the flags)
     * lie together, one range for each subset of the others. */
    const int run = __builtin_ctz(~clear) < k ? __builtin_ctz(~clear) : k;
    const unsigned together = 1u << run, apart = clear & ~(together - 1);
    unsigned s = 0;
    do {
        add_range(fitting, w->item_bucket[s << below], w->item_bucket[(s + together) << below],
                  weight_of(m->weights, m->swapped, g >> k, s >> k));
        s = (s - apart) & apart;
    } while (s);
    const size_t first = w->bucket[g << below], end = w->bucket[(g + 1) << below];
    return fitting->ranges ? m->match(m->patterns + first, end - first, fitting,
                                      m->plan->squeeze.ch, m->table)
                           : 0;
}

/* Makes room for count words in buffer, keeping its first `keep`. Returns NQ_OK or
 * NQ_ERR_NOMEM. */
static nq_status grow_keeping(nq_patterns *buffer, size_t keep, size_t count)
{
    if (!keep)
        return nq_patterns_room(buffer, count);
    if (buffer->capacity >= count)
        return NQ_OK;
    uint64_t *at = realloc(buffer->at, count * sizeof *at);
    if (!at)
        return NQ_ERR_NOMEM;
    buffer->at = at;
    buffer->capacity = count;
    return NQ_OK;
}

/* Whether two squeezes give the matcher the same bits in the same chunks. */
static int same_squeeze(const squeeze_rule *x, const squeeze_rule *y)
{
    return x->packed == y->packed && x->keep == y->keep && x->low == y->low &&
           x->high == y->high && x->spread == y->spread && x->c == y->c &&
           x->ch.bits == y->ch.bits && x->ch.chunks == y->ch.chunks;
}

nq_status nq_sieve_match(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
                         int b_again, const nq_sieve_weights *weights, int bits,
                         const nq_join_kernels *kernels, void *table, nq_sieve_scratch *scratch,
                         uint64_t *pairs)
{
    nq_match_fn *const match = kernels->match;
    if (make_room(scratch, most_cuts(na > nb ? na : nb, bits)))
        return NQ_ERR_NOMEM;
    nq_sieve_work *w = scratch->work;
    trial *t = &w->trial;
    nq_match_items *fitting = &w->items;
    const uint64_t *list[2] = { a, b };
    const size_t length[2] = { na, nb };
    const int p = nb > na;      /* the patterns' list */
    /* b as the last matching left it, if that had the same patterns' list (the trial's cuts
     * depend on its length); the cuts, chosen with the last a, are as right for this one. */
    kept_list *kept = &w->kept;
    const int again = b_again && kept->valid && kept->patterns == p;
    kept->valid = 0;
    if (again)
        memset(t->have[0], 0,
               STREAMS * signatures_of(&t->cuts[t->most]) * sizeof *t->have[0]);
    else
        plan_trial(t, a, na, b, nb, p, weights, bits);
    scratch->depth = scratch->again = 0;
    if (t->most == 0 && !weights->flags) {   /* too few for a cut: all chunks, as they lie */
        fitting->at = list[!p];
        fitting->ranges = 1;
        fitting->range[0] = (nq_match_range){ 0, length[!p], weights->weight[0][0] };
        *pairs = match(list[p], length[p], fitting,
                       (nq_chunking){ bits, nq_match_chunks_most(bits) }, table);
        return NQ_OK;
    }
    /* 16-bit signatures, b's first, so that they stay where they are. */
    const size_t b_words = nb / 4 + 1;
    if (grow_keeping(&scratch->signatures, again ? b_words : 0, b_words + na / 4 + 1) ||
        nq_patterns_room(&scratch->patterns, length[p]) ||
        nq_patterns_room(&scratch->items, length[!p]))
        return NQ_ERR_NOMEM;
    uint16_t *sig[2] = { (uint16_t *)(scratch->signatures.at + b_words),
                         (uint16_t *)scratch->signatures.at };
    const cut *widest = &t->cuts[t->most];
    /* A bit that one list never takes decides no pair: where the CPU packs bits, the matcher
     * is not given it (at N = 23 six to ten of the 42 bits, often a chunk of its lookups). */
    const uint64_t all = bits == 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
    const uint64_t taken_b = again ? kept->taken : sign(b, nb, widest, sig[1], t->have[1]);
    const uint64_t taken = sign(a, na, widest, sig[0], t->have[0]) & taken_b;
    const int packed = kernels->packs;
    plan plan = cheapest(w, weights, packed ? taken & all : all, kernels, p);
    /* b's sorted copy serves if it was sorted for this matcher's bits, as deep or deeper:
     * sorted deeper, every node's values still lie together. */
    if (again && p && kept->sorted && same_squeeze(&kept->sorted_by.squeeze, &plan.squeeze) &&
        kept->sorted_by.d >= plan.d) {
        plan.d = kept->sorted_by.d;
        scratch->again = 1;
    } else
        sort_by_signature(list[p], length[p], sig[p], t->have[p], &plan, w,
                          scratch->patterns.at, w->bucket);
    sort_by_signature(list[!p], length[!p], sig[!p], t->have[!p], &plan, w, scratch->items.at,
                      w->item_bucket);
    *kept = (kept_list){ 1, p, taken_b, p, plan };
    const matching m = { w, weights, p, &plan, match, table, scratch->patterns.at,
                         scratch->items.at };
    scratch->depth = plan.d;
    *pairs = 0;
    for (unsigned g = 0; g < 1u << (plan.q + plan.flag_bits); g++)
        *pairs += match_node(&m, plan.q, g);
    return NQ_OK;
}

size_t nq_sieve_work_bytes(size_t values)
{
    return work_bytes(most_cuts(values, 64));
}

void nq_sieve_scratch_free(nq_sieve_scratch *scratch)
{
    free(scratch->patterns.at);
    free(scratch->items.at);
    free(scratch->signatures.at);
    free(scratch->work);
    memset(scratch, 0, sizeof *scratch);
}
