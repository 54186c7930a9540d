/*
 * join.c - the join counter a plan uses: its memory, its units, and the count of one unit.
 *
 * For a row set S of a start, every east half on S joins every west half on the other rows
 * whose diagonals it does not meet: the number of such pairs is the start's count for S.
 *
 * Symmetric starts weigh their pairs by the long diagonals, which is how the transposition
 * (rows for columns) and the anti-transposition count too though they do not keep row sets.
 * Call "flags" of a half which of the two long diagonals (row = col, row + col = n - 1) it
 * holds a queen on: on an even board the east half can hold them only in its south and north
 * quarter respectively, the west half in its north and south. The transposition moves the
 * north-east quarter onto the south-west one and keeps the others; the anti-transposition
 * swaps north-west with south-east. Turning every solution whose east half has flags into the
 * one whose east half has none by those two maps, each solution with no east flags stands for
 * 2^(its west flags) solutions. So the count over all row sets is the sum over solutions with
 * no east flags of 2^(west flags); and since the east-west reflection swaps the halves' flags
 * while it maps S to its complement, the pair S, not S adds up, for a solution of S, to
 * [no east flags] 2^(west flags) + [no west flags] 2^(east flags). That is the weight below;
 * nq_join_weight counts the pairs in S's class. The centre start has both long diagonals
 * taken by its queen: no flags, the same rule.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "half.h"
#include "join.h"
#include "quarter.h"
#include "sieve.h"

struct nq_join {
    int n, h;
    nq_quarter quarter;                 /* every placement of one quarter, or its figures only */
    nq_join_start starts[NQ_JOIN_MAX_STARTS];
    int start_count;
    nq_join_unit *units;
    size_t unit_count;
    uint64_t half_bound;                /* no half has more placements */
    uint64_t chunk;                     /* a worker lists at most this many at a time */
    int cut;                            /* whether it works as for row sets cut into parts
                                           (cuts_row_sets); whether they are: splits_row_sets */
};

/* The most patterns of a half a worker holds at once (256 MB each): past that, as only from
 * n = 26 on, halves are listed and matched a chunk against a chunk. */
#define CHUNK_PATTERNS (UINT64_C(1) << 25)

/* What a worker needs to count units: buffers for halves and a matcher's table. */
struct nq_join_scratch {
    nq_half_scratch cell;               /* the quarter cells of the last rows, fitted */
    nq_patterns east, west;             /* the halves of one row set */
    nq_sieve_scratch sieve;             /* the same, by signature */
    void *table;                        /* the matcher's */
    /* Whose west half `west` holds whole, as the last matching matched it (start NULL: none):
     * a row set's parts (from n = 28) each match it against another share of the east halves,
     * and so does each chunk of a long east half. */
    const nq_join_start *west_start;
    uint32_t west_rows;
};

/* Bytes one worker's scratch takes at most. */
static uint64_t scratch_bytes(const nq_join *j, int slices)
{
    /* Halves, their copies sorted by signature, a 16-bit signature each, the sieve's work. */
    return nq_half_scratch_bytes(&j->quarter, slices, j->cut) +
           4 * (j->chunk + 1 + NQ_PAIR_SLACK) * sizeof(uint64_t) +
           2 * (j->chunk + 1) * sizeof(uint16_t) + nq_sieve_work_bytes(j->chunk) +
           nq_match_table_size(4 * j->h - 2);
}

/* The bytes of q's table. */
static uint64_t table_bytes(const nq_quarter *q)
{
    return ((UINT64_C(1) << 2 * q->h) + 1) * sizeof(uint32_t) +
           q->count * sizeof(nq_quarter_diags);
}

/* Whether a join of this layout works as row sets are cut into parts (a worker keeps the cells
 * of one set of north rows, halves come in chunks): past the table's sides, where slices are
 * large. */
static int cuts_row_sets(const nq_join *j, nq_join_layout layout)
{
    return j->h > NQ_QUARTER_TABLE_MAX_H || layout == NQ_JOIN_SLICES_CUT;
}

/* Up to this h a row set is one unit, whole, whatever the units asked for; past it, and in
 * the tests' layout, a row set is cut into parts where the units asked for outnumber the row
 * sets. A part matches its share of the east halves against the whole west half: each block
 * of west patterns is built for a ninth of the items it would meet whole, and the sieve, whose
 * blocks meet fewer items, cuts less deep. At h = 13 (n = 26) a whole row set takes about 0.65
 * of its parts' time and 10 to 20 s of one core here; at h = 14 (n = 28) whole ones would take
 * minutes, and are still cut (BENCHMARKS.md, "Where a unit's cost goes"). */
#define WHOLE_MAX_H 13

/* Whether a join of this layout splits row sets into parts where the units ask for it. */
static int splits_row_sets(const nq_join *j, nq_join_layout layout)
{
    return j->h > WHOLE_MAX_H || layout == NQ_JOIN_SLICES_CUT;
}

/* Lays out j's quarter for n, without its table, and its starts and units (into *units,
 * counted, not made), and works out what j needs with `threads` workers with the table (*with;
 * 0 when it is too big to make) and without (*without), the list of units in both. */
static nq_status measure(nq_join *j, int n, size_t min_units, int threads, nq_join_layout layout,
                         nq_join_split *units, uint64_t *with, uint64_t *without)
{
    if (n < NQ_JOIN_MIN_N || n > NQ_JOIN_MAX_N)
        return NQ_ERR_SIZE;
    j->n = n;
    j->h = n / 2;
    j->cut = cuts_row_sets(j, layout);
    nq_status status = nq_quarter_layout(&j->quarter, j->h);
    if (status)
        return status;
    j->half_bound = j->quarter.half_bound;
    j->chunk = j->half_bound < CHUNK_PATTERNS ? j->half_bound : CHUNK_PATTERNS;
    j->chunk = j->chunk > j->quarter.largest ? j->chunk : j->quarter.largest;
    const uint64_t workers = (uint64_t)(threads > 0 ? threads : 1);
    const uint64_t subsets = ((UINT64_C(1) << j->h) + 1) * sizeof(uint16_t);
    *without = subsets + workers * scratch_bytes(j, 1);   /* no table: scratch with slices */
    *with = 0;
    if (j->h <= NQ_QUARTER_TABLE_MAX_H) {
        *with = table_bytes(&j->quarter) + subsets + workers * scratch_bytes(j, 0);
    }
    j->start_count = nq_join_starts(n, j->starts);
    nq_join_split_units(j->starts, j->start_count, j->h, min_units,
                        splits_row_sets(j, layout), units);
    const uint64_t unit_bytes = (uint64_t)units->count * sizeof(nq_join_unit);
    *with += *with ? unit_bytes : 0;
    *without += unit_bytes;
    return NQ_OK;
}

/* Which layout a join takes: the table if allowed and it fits max_memory (0: no limit), else
 * slices if allowed and they fit. Sets *need to what it takes. */
static nq_status choose_layout(nq_join_layout layout, uint64_t with, uint64_t without,
                               uint64_t max_memory, int *table, uint64_t *need)
{
    const int table_fits = with && (!max_memory || with <= max_memory);
    *table = layout == NQ_JOIN_TABLE || (layout == NQ_JOIN_ANY && table_fits);
    if (*table && !with)
        return NQ_ERR_ARGUMENT;   /* a table asked for where none can be made */
    *need = *table ? with : without;
    return max_memory && *need > max_memory ? NQ_ERR_MEMORY_LIMIT : NQ_OK;
}

nq_status nq_join_memory(int n, size_t min_units, int threads, nq_join_layout layout,
                         uint64_t max_memory, uint64_t *bytes)
{
    nq_join j = { 0 };
    nq_join_split units;
    uint64_t with, without;
    int table;
    nq_status status = measure(&j, n, min_units, threads, layout, &units, &with, &without);
    nq_quarter_free(&j.quarter);
    if (!status) {
        status = choose_layout(layout, with, without, max_memory, &table, bytes);
        status = status == NQ_ERR_MEMORY_LIMIT ? NQ_OK : status;
    }
    return status;
}

nq_status nq_join_create(int n, size_t min_units, uint64_t max_memory, int threads,
                         nq_join_layout layout, nq_join **join, uint64_t *memory)
{
    nq_join *j = calloc(1, sizeof *j);
    if (!j)
        return NQ_ERR_NOMEM;
    uint64_t with = 0, without = 0, need = 0;
    int table = 0;
    /* The units counted, not made, before the limit refuses or allows them. */
    nq_join_split units;
    nq_status status = measure(j, n, min_units, threads, layout, &units, &with, &without);
    if (!status)
        status = choose_layout(layout, with, without, max_memory, &table, &need);
    if (memory)
        *memory = need;
    if (layout == NQ_JOIN_SLICES_CUT)
        j->chunk = j->quarter.largest;   /* the least: halves in many chunks (tests) */
    if (!status && table) {
        nq_quarter_free(&j->quarter);
        status = nq_quarter_count(&j->quarter, j->h);
        if (!status)
            status = nq_quarter_fill(&j->quarter);
    }
    if (!status) {
        status = nq_join_units(j->starts, j->start_count, j->h, &units, &j->units);
        j->unit_count = units.count;
    }
    if (status) {
        nq_join_free(j);
        return status;
    }
    *join = j;
    return NQ_OK;
}

size_t nq_join_units_measured(int n, size_t min_units)
{
    nq_join j = { 0 };
    nq_join_split units;
    uint64_t with, without;
    nq_status status = measure(&j, n, min_units, 1, NQ_JOIN_ANY, &units, &with, &without);
    nq_quarter_free(&j.quarter);
    return status ? 0 : (size_t)units.count;
}

int nq_join_has_table(const nq_join *join)
{
    return join->quarter.start != NULL;
}

void nq_join_free(nq_join *join)
{
    if (!join)
        return;
    nq_quarter_free(&join->quarter);
    free(join->units);
    free(join);
}

size_t nq_join_unit_count(const nq_join *join)
{
    return join->unit_count;
}

const nq_join_unit *nq_join_unit_at(const nq_join *join, size_t unit)
{
    return &join->units[unit];
}

const nq_join_start *nq_join_start_at(const nq_join *join, size_t start)
{
    return &join->starts[start];
}

nq_join_scratch *nq_join_scratch_create(const nq_join *join)
{
    nq_join_scratch *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (nq_half_scratch_init(&s->cell, &join->quarter, join->cut)) {
        free(s);
        return NULL;
    }
    s->east.limit = s->west.limit = join->chunk + 1;
    size_t table = nq_match_table_size(4 * join->h - 2);
    s->table = aligned_alloc(64, (table + 63) / 64 * 64);
    if (!s->table) {
        nq_join_scratch_free(s);
        return NULL;
    }
    return s;
}

void nq_join_scratch_free(nq_join_scratch *s)
{
    if (!s)
        return;
    nq_half_scratch_free(&s->cell);
    free(s->east.at);
    free(s->west.at);
    nq_sieve_scratch_free(&s->sieve);
    free(s->table);
    free(s);
}

/* The weighted pairs of a symmetric start's row set (see the top of the file): the flags are
 * the long diagonals' bits in a pattern, up and down diagonal n - 1. */
static nq_status count_symmetric(const nq_join *j, nq_join_scratch *s, int west_again,
                                 const nq_join_kernels *kernels, uint64_t *pairs)
{
    nq_sieve_weights weights = { 2, { j->h - 1, 2 * j->h - 1 + j->h - 1 }, { { 0 } } };
    for (int e = 0; e < 4; e++)
        for (int w = 0; w < 4; w++)
            weights.weight[e][w] = (e ? 0 : 1u << __builtin_popcount((unsigned)w)) +
                                   (w ? 0 : 1u << __builtin_popcount((unsigned)e));
    return nq_sieve_match(s->east.at, s->east.count, s->west.at, s->west.count, west_again,
                          &weights, 4 * j->h - 2, kernels, s->table, &s->sieve, pairs);
}

/* The pairs of a row set of a start that is not symmetric. */
static nq_status count_plain(const nq_join *j, nq_join_scratch *s, int west_again,
                             const nq_join_kernels *kernels, uint64_t *pairs)
{
    const nq_sieve_weights weights = { 0, { 0, 0 }, { { 1 } } };
    return nq_sieve_match(s->east.at, s->east.count, s->west.at, s->west.count, west_again,
                          &weights, 4 * j->h - 2, kernels, s->table, &s->sieve, pairs);
}

/* Lists into s->west the west halves of `rows` of start from where *cursor stopped (first
 * nonzero: from the beginning), unless s->west holds them all already (*again then nonzero,
 * the cursor done). */
static nq_status list_west(const nq_join *join, const nq_join_start *start, uint32_t rows,
                           int first, const nq_join_kernels *kernels, nq_join_scratch *s,
                           nq_half_cursor *cursor, int *again)
{
    *again = s->west_start == start && s->west_rows == rows;
    if (*again) {
        cursor->done = 1;
        return NQ_OK;
    }
    s->west_start = NULL;
    s->west.count = 0;
    nq_status status = nq_half_patterns(&join->quarter, join->n, start, 0, rows, 0, 1,
                                        kernels->pairer, &s->cell, cursor, &s->west);
    if (!status && first && cursor->done) {   /* whole, in one chunk */
        s->west_start = start;
        s->west_rows = rows;
    }
    return status;
}

nq_status nq_join_count_unit(const nq_join *join, size_t unit, const nq_join_kernels *kernels,
                             nq_join_scratch *s, const atomic_int *stop, uint64_t *total)
{
    const nq_join_unit *u = &join->units[unit];
    const nq_join_start *start = &join->starts[u->start];
    uint32_t rows = u->first;
    *total = 0;
    for (uint32_t k = 0; k < u->count; k++) {
        if (stop && atomic_load_explicit(stop, memory_order_relaxed))
            return NQ_ERR_STOPPED;   /* a row set takes milliseconds: look before each */
        const uint64_t weight = k ? nq_join_next_rows(start, join->h, &rows)
                                  : nq_join_weight(start, rows, join->h);
        if (!weight)
            return NQ_ERR_ARGUMENT;
        /* East halves a chunk at a time, each against the west halves a chunk at a time (one
         * chunk each, always, below n = 26). */
        uint64_t pairs = 0;
        for (nq_half_cursor east = { 0 }; !east.done;) {
            s->east.count = 0;
            nq_status status = nq_half_patterns(&join->quarter, join->n, start, 1, rows, u->part,
                                                u->parts, kernels->pairer, &s->cell, &east,
                                                &s->east);
            if (status)
                return status;
            if (!s->east.count)
                continue;   /* no east half, no solution */
            int first = 1;
            for (nq_half_cursor west = { 0 }; !west.done; first = 0) {
                int again;
                status = list_west(join, start, start->rows & ~rows, first, kernels, s, &west,
                                   &again);
                if (status)
                    return status;
                uint64_t more;
                if ((start->symmetric ? count_symmetric : count_plain)(join, s, again, kernels,
                                                                       &more)) {
                    s->west_start = NULL;
                    return NQ_ERR_NOMEM;
                }
                pairs += more;
            }
        }
        if (__builtin_mul_overflow(pairs, weight, &pairs) ||
            __builtin_add_overflow(*total, pairs, total))
            return NQ_ERR_OVERFLOW;
    }
    return NQ_OK;
}
