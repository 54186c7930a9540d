/*
 * starts.c - what the join counts: the starts, their row sets and weights, and the units.
 *
 * Even n: one start, the empty board. The board's reflections top-bottom and east-west and the
 * half turn map a solution whose east queens stand on rows S to one with S reversed,
 * complemented, or both; so only the least row set of each class is counted, times the size of
 * its class. The transposition and the anti-transposition are used too, though they mix the
 * halves: see join.c (diagonal weights).
 *
 * Odd n: the middle row's queen and the middle column's queen are placed first. Either they are
 * one queen, in the centre, a start with all eight symmetries again; or the row's queen stands
 * a columns right of the centre and the column's b rows below it, 0 < a < b <= h, standing for
 * the eight placements (+-a, +-b) and (+-b, +-a) that the board's symmetries make of it: a start
 * of weight 8, each of whose row sets is counted.
 *
 * Starts whose column's queen stands on the same row b share their rows and their west columns:
 * their west halves differ only by the row queen's diagonals, all of which lie where the halves
 * meet (a < b <= h keeps it off the last column). So where there are enough of them, they are
 * one start with `choices`: its east halves are each choice's, marked with its row queen's
 * diagonals where the halves meet, and its west halves are listed once, without the row queen,
 * those that meet a mark pairing with no east half of that choice. The west halves listed once
 * instead of b - 1 times, and the matching's longer lists cut finer (sieve.c), outweigh the
 * west halves the row queen no longer rules out (three times as many next to a = 1) where b is
 * large enough; the break-even moves up about a choice a size (nq_join_choices_least;
 * BENCHMARKS.md, "Starts with choices").
 *
 * A start's row sets are counted in blocks of a few sets of north rows, each block through
 * every set of south rows (row_order, below), so that a worker fits the quarter cells of each
 * set of north rows once per start and those of each set of south rows once per block (half.c);
 * in increasing order it fitted a row set's north cells anew for every row set, which made
 * whole starts slower (BENCHMARKS.md). Units are runs of row sets in that order.
 */
#include <stdlib.h>

#include "starts.h"

int nq_join_starts(int n, nq_join_start *starts)
{
    return nq_join_starts_choosing(n, nq_join_choices_least(n / 2), starts);
}

int nq_join_starts_choosing(int n, int least, nq_join_start *starts)
{
    const int h = n / 2;
    const uint32_t all_rows = (1u << 2 * h) - 1, all_cols = (1u << h) - 1;
    if (n % 2 == 0) {
        starts[0] = (nq_join_start){ all_rows, all_cols, all_cols, 0, 0, 0, 1, 1, 0, { 0 },
                                     { 0 } };
        return 1;
    }
    /* Squares (row, col) of the centre cross: up diagonal row + col, down row - col + n - 1. */
    starts[0] = (nq_join_start){ all_rows, all_cols, all_cols, 0, UINT64_C(1) << 2 * h,
                                 UINT64_C(1) << (n - 1), 1, 1, 1, { (int8_t)h }, { (int8_t)h } };
    int count = 1;
    for (int b = 2; b <= h; b++) {
        /* The column's queen on (h + b, h): south row b - 1, row h + b - 1 of the start's
         * numbering, taken. The row's queen on (h, h + a), a < b: east column a - 1 taken;
         * placed here, or one of the choices. */
        const nq_join_start column = {
            all_rows & ~(1u << (h + b - 1)), all_cols, all_cols, 0, UINT64_C(1) << (2 * h + b),
            UINT64_C(1) << (n - 1 + b), 0, 8, 1, { (int8_t)(h + b) }, { (int8_t)h } };
        if (b - 1 >= least) {
            starts[count] = column;
            starts[count++].choices = (1u << (b - 1)) - 1;
            continue;
        }
        for (int a = 1; a < b; a++) {
            nq_join_start *s = &starts[count++];
            *s = column;
            s->east &= ~(1u << (a - 1));
            s->up |= UINT64_C(1) << (2 * h + a);
            s->down |= UINT64_C(1) << (n - 1 - a);
            s->queens = 2;
            s->row[1] = s->row[0], s->col[1] = s->col[0];
            s->row[0] = (int8_t)h;
            s->col[0] = (int8_t)(h + a);
        }
    }
    return count;
}

/* The 2h low bits of rows in reverse order: the row set after a top-bottom reflection. (All 32
 * bits reversed by swapping halves, then quarters, ...: the layout of n = 26 asks this of 10
 * million row sets.) */
static uint32_t reversed(uint32_t rows, int h)
{
    uint32_t r = rows << 16 | rows >> 16;
    r = (r & 0x00ff00ffu) << 8 | (r >> 8 & 0x00ff00ffu);
    r = (r & 0x0f0f0f0fu) << 4 | (r >> 4 & 0x0f0f0f0fu);
    r = (r & 0x33333333u) << 2 | (r >> 2 & 0x33333333u);
    r = (r & 0x55555555u) << 1 | (r >> 1 & 0x55555555u);
    return r >> (32 - 2 * h);
}

/* For a symmetric start: how many pairs {T, not T} the class of rows holds (1 or 2), or 0 when
 * rows is not its class's least member. */
static unsigned class_pairs(uint32_t rows, int h)
{
    const uint32_t all = (1u << 2 * h) - 1, rev = reversed(rows, h);
    const uint32_t class[4] = { rows, rev, all & ~rows, all & ~rev };
    unsigned distinct = 0;
    for (int i = 0; i < 4; i++) {
        if (class[i] < rows)
            return 0;
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= class[j] == class[i];
        distinct += !seen;
    }
    return distinct / 2;
}

/* Where mask's set bits make one run (as every start's north rows and every even board's south
 * rows do), the lowest of them; else -1. */
static int run_of(uint32_t mask)
{
    const int low = mask ? __builtin_ctz(mask) : 0;
    return ((mask >> low) & ((mask >> low) + 1)) == 0 ? low : -1;
}

/* The low bits of `compact`, spread to the set bits of mask, lowest first (as pdep). */
static uint32_t deposit(uint32_t compact, uint32_t mask)
{
    const int low = run_of(mask);
    if (low >= 0)
        return compact << low & mask;   /* one shift: the layout of n = 26 asks this often */
    uint32_t out = 0;
    for (; mask && compact; mask &= mask - 1, compact >>= 1)
        out |= (compact & 1) * (mask & -mask);
    return out;
}

/* The bits of x at the set bits of mask, packed low (as pext). */
static uint32_t extract(uint32_t x, uint32_t mask)
{
    const int low = run_of(mask);
    if (low >= 0)
        return (x & mask) >> low;
    uint32_t out = 0;
    for (int k = 0; mask; mask &= mask - 1, k++)
        out |= ((x & mask & -mask) != 0) << k;
    return out;
}

/* The next larger number with as many set bits (Gosper's hack); x nonzero. */
static uint32_t next_same_count(uint32_t x)
{
    uint32_t low = x & -x, ripple = x + low;
    return ripple | (((x ^ ripple) >> 2) / low);
}

/* C(n, k) for 0 <= n <= 32, from Pascal's triangle, made once (the units' layout looks up
 * millions). */
static uint64_t binomial(int n, int k)
{
    static uint64_t table[33][33];
    if (!table[0][0])
        for (int a = 0; a <= 32; a++)
            for (int b = 0; b <= a; b++)
                table[a][b] = b == 0 || b == a ? 1 : table[a - 1][b - 1] + table[a - 1][b];
    return k < 0 || k > n ? 0 : table[n][k];
}

/* The k-subset of rank `rank` among the k-subsets of `width` bits in increasing order (that of
 * next_same_count), as bits: the combinatorial number system, its largest element first. */
static uint32_t unrank(uint64_t rank, int k, int width)
{
    uint32_t set = 0;
    for (int i = k, c = width - 1; i > 0; i--, c--) {
        while (binomial(c, i) > rank)
            c--;
        set |= 1u << c;
        rank -= binomial(c, i);
    }
    return set;
}

/* The rank of a set of bits among the sets of as many bits in increasing order: unrank's
 * inverse. */
static uint64_t rank_of(uint32_t set)
{
    uint64_t rank = 0;
    for (int i = 1; set; set &= set - 1, i++)
        rank += binomial(__builtin_ctz(set), i);
    return rank;
}

/* The order of a start's row sets: subsets of its rows with one row per east column, k of them,
 * by how many north rows they hold (j), then in blocks of NQ_JOIN_NORTH_BLOCK sets of north rows,
 * each block through every set of south rows, its sets of north rows in turn within each: so that
 * the quarter cells of both a row set's north rows and its south rows come back for the row sets
 * that follow, and a worker fits each of them once for many (half.c keeps them). */
typedef struct row_order {
    uint32_t north, south;      /* the start's rows of each quarter */
    int north_rows, south_rows, k;
} row_order;

static row_order order_of(const nq_join_start *start, int h)
{
    const uint32_t north = start->rows & ((1u << h) - 1);
    return (row_order){ north, start->rows & ~north, __builtin_popcount(north),
                        __builtin_popcount(start->rows & ~north),
                        nq_join_east_queens(start) };
}

/* The sets of j north rows (or of k - j south rows) there are. */
static uint64_t norths(const row_order *o, int j)
{
    return binomial(o->north_rows, j);
}

static uint64_t souths(const row_order *o, int j)
{
    return binomial(o->south_rows, o->k - j);
}

/* How many sets of j north rows the block from the first-th holds: NQ_JOIN_NORTH_BLOCK, but
 * the last block may hold fewer. */
static uint64_t block_width(const row_order *o, int j, uint64_t first)
{
    const uint64_t left = norths(o, j) - first;
    return left < NQ_JOIN_NORTH_BLOCK ? left : NQ_JOIN_NORTH_BLOCK;
}

/* The row set of rank `rank` in the order. */
static uint32_t row_set_at(const row_order *o, uint64_t rank)
{
    int j = 0;
    for (; j < o->k && rank >= norths(o, j) * souths(o, j); j++)
        rank -= norths(o, j) * souths(o, j);
    const uint64_t first = rank / (NQ_JOIN_NORTH_BLOCK * souths(o, j)) * NQ_JOIN_NORTH_BLOCK;
    const uint64_t width = block_width(o, j, first), within = rank - first * souths(o, j);
    return deposit(unrank(first + within % width, j, o->north_rows), o->north) |
           deposit(unrank(within / width, o->k - j, o->south_rows), o->south);
}

/* The row set after rows in the order, or 0 when rows is the last (no row set is empty). */
static uint32_t row_set_after(const row_order *o, uint32_t rows)
{
    const uint32_t north = extract(rows, o->north), south = extract(rows, o->south);
    const int j = __builtin_popcount(north);
    const uint64_t rank = rank_of(north), first = rank - rank % NQ_JOIN_NORTH_BLOCK;
    const uint64_t width = block_width(o, j, first);
    if (rank + 1 < first + width)   /* the next set of north rows in the block */
        return deposit(next_same_count(north), o->north) | (rows & o->south);
    const uint32_t next_south = south ? next_same_count(south) : 1u << o->south_rows;
    if (!(next_south >> o->south_rows))   /* the block again, with the next south rows */
        return deposit(unrank(first, j, o->north_rows), o->north) |
               deposit(next_south, o->south);
    const uint32_t lowest_south = (1u << (o->k - j)) - 1;
    if (first + width < norths(o, j))     /* the next block, from the lowest south rows */
        return deposit(next_same_count(north), o->north) | deposit(lowest_south, o->south);
    for (int more = j + 1; more <= o->k; more++)   /* one north row more */
        if (norths(o, more) && souths(o, more))
            return deposit((1u << more) - 1, o->north) |
                   deposit((1u << (o->k - more)) - 1, o->south);
    return 0;
}

unsigned nq_join_weight(const nq_join_start *start, uint32_t rows, int h)
{
    return start->symmetric ? class_pairs(rows, h) : start->weight;
}

unsigned nq_join_first_rows(const nq_join_start *start, int h, uint32_t *rows)
{
    const int k = nq_join_east_queens(start);
    if (k == 0 || k > __builtin_popcount(start->rows))
        return 0;
    const row_order order = order_of(start, h);
    *rows = row_set_at(&order, 0);
    const unsigned weight = nq_join_weight(start, *rows, h);
    return weight ? weight : nq_join_next_rows(start, h, rows);
}

unsigned nq_join_next_rows(const nq_join_start *start, int h, uint32_t *rows)
{
    const row_order order = order_of(start, h);
    while ((*rows = row_set_after(&order, *rows))) {
        const unsigned weight = nq_join_weight(start, *rows, h);
        if (weight)
            return weight;
    }
    return 0;
}

/* The shares of columns between north and south that the east half of row set rows joins,
 * those of every choice. */
static uint64_t east_shares(const nq_join_start *start, uint32_t rows, int h)
{
    const uint64_t choices = start->choices ? (uint64_t)__builtin_popcount(start->choices) : 1;
    /* A choice leaves as many columns as the east half has queens. */
    return choices *
           binomial(nq_join_east_queens(start), __builtin_popcount(rows & ((1u << h) - 1)));
}

/* What a row set of start costs, for cutting it into parts: the shares of columns its east half
 * joins times those of its west half (the pairs the matcher meets grow with both). */
static uint64_t row_set_cost(const nq_join_start *start, uint32_t rows, int h)
{
    const uint32_t north = (1u << h) - 1;
    return east_shares(start, rows, h) *
           binomial(__builtin_popcount(start->west),
                    __builtin_popcount(start->rows & north & ~rows));
}

/* How many parts a row set of this cost gets, each about `quantum` (0: whole), at most one per
 * share of its east columns. */
static unsigned row_set_parts(const nq_join_start *start, uint32_t rows, int h, uint64_t quantum)
{
    if (!quantum)
        return 1;
    const uint64_t shares = east_shares(start, rows, h);
    uint64_t parts = (row_set_cost(start, rows, h) + quantum - 1) / quantum;
    parts = parts < shares ? parts : shares;
    parts = parts < UINT16_MAX ? parts : UINT16_MAX;
    return parts ? (unsigned)parts : 1;
}

/* Lays a start whose every row set counts (no symmetry: all k-subsets of its rows) into units
 * of `per` row sets without walking them, written to units + made unless units is NULL;
 * returns how many units. */
static size_t rank_units(const nq_join_start *start, int h, uint32_t index, size_t per,
                         nq_join_unit *units, size_t made)
{
    const int k = nq_join_east_queens(start), width = __builtin_popcount(start->rows);
    const uint64_t row_sets = k == 0 ? 0 : binomial(width, k);
    const row_order order = order_of(start, h);
    const size_t count = (size_t)((row_sets + per - 1) / per);
    for (size_t u = 0; units && u < count; u++) {
        const uint64_t first = (uint64_t)u * per, left = row_sets - first;
        units[made + u] = (nq_join_unit){ index, row_set_at(&order, first),
                                          (uint32_t)(left < per ? left : per), 0, 1 };
    }
    return count;
}

/* Lays the starts' row sets into units of `per` each (a start's last unit perhaps fewer), or
 * with a quantum, each row set into its parts; written to units unless it is NULL; returns how
 * many units. */
static size_t walk_units(const nq_join_start *starts, int start_count, int h, size_t per,
                         uint64_t quantum, nq_join_unit *units)
{
    size_t made = 0;
    for (int s = 0; s < start_count; s++) {
        if (!starts[s].symmetric && !quantum) {
            made += rank_units(&starts[s], h, (uint32_t)s, per, units, made);
            continue;
        }
        uint32_t rows;
        size_t in_unit = 0;
        for (int more = nq_join_first_rows(&starts[s], h, &rows); more;
             more = nq_join_next_rows(&starts[s], h, &rows)) {
            if (quantum) {
                const unsigned parts = row_set_parts(&starts[s], rows, h, quantum);
                for (unsigned p = 0; units && p < parts; p++)
                    units[made + p] = (nq_join_unit){ (uint32_t)s, rows, 1, (uint16_t)p,
                                                      (uint16_t)parts };
                made += parts;
                continue;
            }
            if (in_unit == 0) {
                if (units)
                    units[made] = (nq_join_unit){ (uint32_t)s, rows, 0, 0, 1 };
                made++;
            }
            if (units)
                units[made - 1].count++;
            in_unit = in_unit + 1 == per ? 0 : in_unit + 1;
        }
    }
    return made;
}

/* The row sets of the starts, and (when cost is not NULL) their summed cost. */
static size_t count_row_sets(const nq_join_start *starts, int start_count, int h, uint64_t *cost)
{
    size_t row_sets = 0;
    for (int s = 0; s < start_count; s++) {
        if (!starts[s].symmetric && !cost) {
            const int k = nq_join_east_queens(&starts[s]);
            row_sets += k ? (size_t)binomial(__builtin_popcount(starts[s].rows), k) : 0;
            continue;
        }
        uint32_t rows;
        for (int more = nq_join_first_rows(&starts[s], h, &rows); more;
             more = nq_join_next_rows(&starts[s], h, &rows)) {
            row_sets++;
            if (cost)
                *cost += row_set_cost(&starts[s], rows, h);
        }
    }
    return row_sets;
}

void nq_join_split_units(const nq_join_start *starts, int start_count, int h, size_t min_units,
                         int split, nq_join_split *units)
{
    const size_t row_sets = count_row_sets(starts, start_count, h, NULL);
    units->per = min_units && row_sets > min_units ? row_sets / min_units : 1;
    units->quantum = 0;
    if (split && min_units > row_sets) {
        uint64_t cost = 0;
        count_row_sets(starts, start_count, h, &cost);
        units->quantum = cost / min_units ? cost / min_units : 1;
    }
    units->count = walk_units(starts, start_count, h, units->per, units->quantum, NULL);
}

nq_status nq_join_units(const nq_join_start *starts, int start_count, int h,
                        const nq_join_split *split, nq_join_unit **units)
{
    *units = calloc(split->count ? split->count : 1, sizeof **units);
    if (!*units)
        return NQ_ERR_NOMEM;
    walk_units(starts, start_count, h, split->per, split->quantum, *units);
    return NQ_OK;
}
